// time, clock and gettimeofday give fresh values that never go back within
// a process (each clock separately) and are not negative; sleep and usleep
// do nothing. Expecting time to advance (even across a sleep) is refuted,
// as is an uninitialized timeval read.
// (--float real: `elapsed >= 0.0` holds with IEEE doubles too, but chorus
// does not compute roundings of symbolic values: unknown, tests/lit/float)
// RUN: %expect-exit 0 %chorus verify %s --float real -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DSTRICT | FileCheck %s --check-prefix=STRICT
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DUSEC | FileCheck %s --check-prefix=USEC
// RUN: %expect-exit 1 %chorus verify %s --float real -n 1 --quiet -DNULLTV | FileCheck %s --check-prefix=NULLTV
// RUN: %expect-exit 0 %native %s
// OK: verdict: verified
// STRICT: verdict: violation ASSERTION at {{.*}}clocks.c:46:3 (process 0)
// USEC: verdict: violation ASSERTION at {{.*}}clocks.c:49:3 (process 0)
// NULLTV: verdict: violation UNINITIALIZED_READ at {{.*}}clocks.c:53:3 (process 0)
#define _DEFAULT_SOURCE
#include <assert.h>
#include <stddef.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  time_t t0 = time(NULL), t1;
  assert(t0 >= 0);
  sleep(1);
  time_t t2 = time(&t1);
  assert(t1 == t2 && t1 >= t0);
  clock_t c0 = clock();
  for (int i = 0; i < 3; i++) {
    clock_t c = clock();
    assert(c >= c0);
    c0 = c;
  }
  struct timeval a, b;
  int rc = gettimeofday(&a, NULL);
  assert(rc == 0);
  usleep(10);
  gettimeofday(&b, NULL);
  assert(0 <= a.tv_usec && a.tv_usec < 1000000);
  assert(b.tv_sec > a.tv_sec || (b.tv_sec == a.tv_sec && b.tv_usec >= a.tv_usec));
  double elapsed = (double)(b.tv_sec - a.tv_sec) + (b.tv_usec - a.tv_usec) * 1e-6;
  assert(elapsed >= 0.0);
#ifdef STRICT
  time_t t3 = time(NULL);
  assert(t3 > t1);
#endif
#ifdef USEC
  assert(b.tv_usec >= a.tv_usec);
#endif
#ifdef NULLTV
  struct timeval *p;
  gettimeofday(p, NULL);
#endif
  return 0;
}
