// rand() and random() give any value in 0..RAND_MAX (2^31 - 1 in glibc),
// whatever the seed: srand/srandom only evaluate theirs. A program that
// assumes a value below RAND_MAX, or a die that never shows 6, is refuted
// with the value that breaks it.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DDIE | FileCheck %s --check-prefix=DIE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DUNSEEDED | FileCheck %s --check-prefix=UNSEEDED
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}rand.c:32:3 (process 0)
// BAD: rand{{[0-9]+}} = 2147483647
// DIE: verdict: violation ASSERTION at {{.*}}rand.c:36:3 (process 0)
// UNSEEDED: verdict: violation UNINITIALIZED_READ at {{.*}}rand.c:40:3 (process 0)
#define _DEFAULT_SOURCE
#include <assert.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
  srand((unsigned)time(NULL));
  int r = rand();
  assert(0 <= r && r <= RAND_MAX);
  int die = r % 6 + 1;
  assert(1 <= die && die <= 6);
  srandom(7);
  long q = random();
  assert(0 <= q && q <= 2147483647L);
  int s = rand();
  assert(s >= 0);
#ifdef BROKEN
  assert(r < RAND_MAX);
#endif
#ifdef DIE
  int d2 = rand() % 6 + 1;
  assert(d2 != 6);
#endif
#ifdef UNSEEDED
  unsigned seed;
  srand(seed);
#endif
  return 0;
}
