// The standard input, as a program reading its parameters from `prog <
// FILE` uses it: `verify --stdin FILE` gives stdin FILE's contents, read at
// verification time (the verdict says so), and scanf, getchar, fgets and
// feof on stdin then read it as the real run does. Without --stdin reading
// stdin is `unknown`, naming the call (never an empty input); a missing
// --stdin file is a usage error. The broken use: a word longer than the
// buffer scanf's %s fills (OUT_OF_BOUNDS at the scanf).
// RUN: printf '3\n1.5 2.5\n4\nname: heat\nZ' > %t.in
// RUN: %expect-exit 0 %chorus verify %s --quiet --stdin %t.in | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output --stdin %t.in | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 0 %native %s < %t.in | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 2 %chorus verify %s --quiet | FileCheck %s --check-prefix=NOSTDIN
// RUN: %expect-exit 3 %chorus verify %s --quiet --stdin %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNAMELEN=4 --stdin %t.in | FileCheck %s --check-prefix=SHORT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTWICE --stdin %t.in | FileCheck %s --check-prefix=TWICE
// OK: verdict: verified (assuming stdin holds the contents of "{{.*}}.in" as read at verification time (24 bytes))
// NATIVE: n=3 sum=8 name=heat last=Z
// NOSTDIN: verdict: unknown (unsupported: scanf reads stdin (give its contents with --stdin FILE) at {{.*}}stdin.c:33:7)
// MISSING: chorus: error: --stdin: cannot read '{{.*}}.missing'
// SHORT: verdict: violation OUT_OF_BOUNDS at {{.*}}stdin.c:42:3 (process 0)
// TWICE: verdict: violation ASSERTION at {{.*}}stdin.c:49:3 (process 0)
#include <assert.h>
#include <stdio.h>
#include <string.h>

#ifndef NAMELEN
#define NAMELEN 8
#endif

int main(void) {
  int n;
  double sum = 0, v;
  if (scanf("%d", &n) != 1)
    return 1;
  assert(n == 3);
  for (int i = 0; i < n; ++i) {
    assert(scanf("%lf", &v) == 1);
    sum += v;
  }
  assert(getchar() == '\n');
  char name[NAMELEN];
  assert(scanf("name: %s", name) == 1);
  assert(strcmp(name, "heat") == 0 && getchar() == '\n');
  char last[4];
  assert(fgets(last, sizeof last, stdin) == last && feof(stdin));
  assert(getchar() == EOF && scanf("%d", &n) == EOF);
#ifdef TWICE
  rewind(stdin); // the input is a file: it can be read again
  assert(scanf("%d", &n) == 1 && n != 3);
#endif
  printf("n=%d sum=%g name=%s last=%s\n", n, sum, name, last);
  return 0;
}
