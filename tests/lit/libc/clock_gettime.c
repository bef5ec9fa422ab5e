// clock_gettime: each clock (CLOCK_REALTIME, CLOCK_MONOTONIC,
// CLOCK_PROCESS_CPUTIME_ID, CLOCK_MONOTONIC_RAW) gives fresh readings that
// never go back, tv_nsec in 0..999999999; elapsed nanoseconds computed as
// HPC timers do are not negative. Expecting time to advance, or one clock
// to be ordered with another, is refuted; a clock chorus does not model
// is `unknown`, naming it; a NULL result pointer is NULL_DEREFERENCE (the
// real run crashes: glibc writes through it).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSTRICT | FileCheck %s --check-prefix=STRICT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DORDER | FileCheck %s --check-prefix=ORDER
// RUN: %expect-exit 2 %chorus verify %s --quiet -DTHREAD | FileCheck %s --check-prefix=THREAD
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNULLTS | FileCheck %s --check-prefix=NULLTS
// RUN: %expect-exit 139 %native %s -DNULLTS
// OK: verdict: verified
// STRICT: verdict: violation ASSERTION at {{.*}}clock_gettime.c:37:3 (process 0)
// ORDER: verdict: violation ASSERTION at {{.*}}clock_gettime.c:40:3 (process 0)
// NULLTS: verdict: violation NULL_DEREFERENCE at {{.*}}clock_gettime.c:46:3 (process 0)
// THREAD: verdict: unknown (unsupported: clock_gettime of the clock 3 at {{.*}}clock_gettime.c:43:3)
#define _POSIX_C_SOURCE 200809L
#include <assert.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  struct timespec a, b, r, c;
  clock_gettime(CLOCK_MONOTONIC, &a);
  clock_gettime(CLOCK_REALTIME, &r);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c);
  clock_gettime(CLOCK_MONOTONIC, &b);
  assert(0 <= a.tv_nsec && a.tv_nsec < 1000000000 && r.tv_sec >= 0 && c.tv_nsec >= 0);
  long long ns = (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
  assert(ns >= 0);
  if (clock_gettime(CLOCK_MONOTONIC_RAW, &c) != 0)
    return 1;
#ifdef STRICT
  assert(ns > 0);
#endif
#ifdef ORDER
  assert(b.tv_sec <= r.tv_sec);
#endif
#ifdef THREAD
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c);
#endif
#ifdef NULLTS
  clock_gettime(CLOCK_MONOTONIC, NULL);
#endif
  return 0;
}
