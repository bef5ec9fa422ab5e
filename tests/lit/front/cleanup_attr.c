// GCC's cleanup attribute: the function gets the variable's address as the
// scope is left -- block end, continue, break, goto, return (after the
// returned value is computed) -- in reverse order of declaration. The
// output must equal the gcc-compiled program's; -DBROKEN a cleanup that
// frees twice is a DOUBLE_FREE at the free, as the real run aborts.
// RUN: %expect-exit 0 %chorus verify %s --print-output --quiet > %t.chorus
// RUN: %native %s > %t.native
// RUN: sed '/^verdict: /,$d' %t.chorus | diff - %t.native
// RUN: FileCheck %s --input-file %t.chorus
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 134 %native -DBROKEN %s
// CHECK: close 1 at depth 3
// CHECK: verdict: verified
// BAD: verdict: violation DOUBLE_FREE at {{.*}}cleanup_attr.c:25:3 (process 0)
#include <stdio.h>
#include <stdlib.h>

static int depth = 0;

static void closeIt(int *fd) { printf("close %d at depth %d\n", *fd, depth); }

static void release(int **p) {
  free(*p);
#ifdef BROKEN
  free(*p);
#endif
}

static int work(int n) {
  __attribute__((cleanup(closeIt))) int a = 1;
  for (int i = 0; i < n; i++) {
    __attribute__((cleanup(closeIt))) int b = 10 + i;
    depth++;
    if (i == 1)
      continue;
    if (i == 2)
      break;
    __attribute__((cleanup(closeIt))) int c = 20 + i;
  }
  __attribute__((cleanup(closeIt))) int d = 30;
  if (n > 2)
    goto out;
  return a + d;
out:
  return depth;
}

int main(void) {
  printf("%d\n", work(4));
  printf("%d\n", work(1));
  {
    __attribute__((cleanup(release))) int *p = malloc(sizeof(int));
    *p = 3;
    printf("%d\n", *p);
  }
  return 0;
}
