// nanosleep (a no-op for verification: 0 for a valid request, -1 for a
// tv_nsec outside 0..999999999, as glibc), usleep, sysconf's processor
// count (any value in 1..8192: an input) and rand_r (any value in
// 0..RAND_MAX), checked against the real run. The broken uses: assuming
// an invalid request sleeps (ASSERTION, the real run's assert fails too),
// indexing a fixed array by the processor count (OUT_OF_BOUNDS: a machine
// with more than 4 processors), rand_r of a seed never set
// (UNINITIALIZED_READ).
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBADREQ | FileCheck %s --check-prefix=BADREQ
// RUN: %expect-exit 134 %native %s -DBADREQ
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCPUS | FileCheck %s --check-prefix=CPUS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSEED | FileCheck %s --check-prefix=SEED
// OUT: ok
// BADREQ: verdict: violation ASSERTION at {{.*}}sleep_sysconf.c:37:3 (process 0)
// CPUS: verdict: violation OUT_OF_BOUNDS at {{.*}}sleep_sysconf.c:41:15 (process 0)
// SEED: verdict: violation UNINITIALIZED_READ at {{.*}}sleep_sysconf.c:45:3 (process 0)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  struct timespec req = {0, 1000}, bad = {0, 1000000000};
  assert(nanosleep(&req, NULL) == 0);
  assert(nanosleep(&bad, NULL) == -1);
  assert(usleep(10) == 0);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  assert(n >= 1 && n <= sysconf(_SC_NPROCESSORS_CONF) + 8192);
  unsigned seed = 42;
  int r = rand_r(&seed);
  assert(0 <= r && r <= RAND_MAX);
  r = rand_r(&seed);
#ifdef BADREQ
  assert(nanosleep(&bad, NULL) == 0);
#endif
#ifdef CPUS
  int load[4] = {0};
  load[n - 1] = r;
#endif
#ifdef SEED
  unsigned fresh;
  rand_r(&fresh);
#endif
  printf("ok\n");
  return 0;
}
