// Unsequenced side effects (C11 6.5p2: two modifications of one object, or a
// modification and a read of it, unsequenced relative to each other, are
// undefined): the modifications Clang's -Wunsequenced finds are
// UNDEFINED_BEHAVIOR when evaluated, whatever -W flags say; sequenced forms
// (comma, &&, ?:, separate statements) are verified, as gcc runs them.
// RUN: %expect-exit 0 %chorus verify %s --quiet -Wno-unsequenced 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DMODUSE 2>/dev/null | FileCheck %s --check-prefix=MODUSE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DMODMOD -Wno-unsequenced 2>/dev/null | FileCheck %s --check-prefix=MODMOD
// RUN: %expect-exit 1 %chorus verify %s --quiet -DARGS 2>/dev/null | FileCheck %s --check-prefix=ARGS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBRANCH 2>/dev/null | FileCheck %s --check-prefix=BRANCH
// OK: verdict: verified
// MODUSE: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}unsequenced.c:36:9 (process 0)
// MODUSE-NEXT: unsequenced modification and access to 'a' (C11 6.5p2: undefined)
// MODMOD: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}unsequenced.c:39:8 (process 0)
// MODMOD-NEXT: multiple unsequenced modifications to 'i' (C11 6.5p2: undefined)
// ARGS: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}unsequenced.c:42:13 (process 0)
// BRANCH: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}unsequenced.c:46:16 (process 0)
// BRANCH-NEXT: multiple unsequenced modifications to 'k' (C11 6.5p2: undefined)
#include <assert.h>

static int sum2(int x, int y) { return x + y; }

int main(void) {
  int a = 1, i = 0, j = 0, k = 0, n = 1;
  a = a + 1;         /* a read and the store it feeds: sequenced */
  i++, i++;          /* the comma operator is a sequence point */
  j = (i++ && i++);  /* so is && */
  k = n > 9 ? k + 1 : 2;
  assert(a == 2 && i == 4 && j == 1 && k == 2);
  /* the branch not taken holds the unsequenced pair: not evaluated, so no
     undefined behaviour */
  k = n > 9 ? k++ : k;
  assert(k == 2);
#ifdef MODUSE
  a += a++;
#endif
#ifdef MODMOD
  i = i++ + 1;
#endif
#ifdef ARGS
  j = sum2(j++, j);
#endif
#ifdef BRANCH
  n = 3;
  k = n > 2 ? k++ : 0; /* evaluated: undefined */
#endif
  return sum2(a, i) - 6;
}
