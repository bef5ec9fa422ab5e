// A pointer to a local variable of a frame that has ended (C11 6.2.4p2:
// its value is indeterminate) must not reach the frame that later takes the
// same place. Found by the session-19 differential round: -DSAMEDEPTH (f
// leaves &x in a global, g at the same depth reads through it) was
// verified, chorus read g's y; -DEXITVALUE (a thread ends by
// pthread_exit(&local), main joins it and dereferences the value; the gcc
// run aborts in 20 of 20 runs: the value is garbage) was `unknown`
// ("pointer into a thread that does not exist"); -DREUSE (the same, with a
// second thread created in the freed slot before the dereference) read the
// new thread's local. Each is USE_AFTER_FREE now. Without a flag: the
// pointers are used while their frames live (verified; the real run
// agrees).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSAMEDEPTH | FileCheck %s --check-prefix=SAMEDEPTH
// RUN: %expect-exit 1 %chorus verify %s --quiet -DEXITVALUE | FileCheck %s --check-prefix=EXITVALUE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DREUSE | FileCheck %s --check-prefix=REUSE
// OK: verdict: verified
// SAMEDEPTH: verdict: violation USE_AFTER_FREE at {{.*}}dangling_frame.c:34:26 (process 0)
// EXITVALUE: verdict: violation USE_AFTER_FREE at {{.*}}dangling_frame.c:75:3 (process 0)
// REUSE: verdict: violation USE_AFTER_FREE at {{.*}}dangling_frame.c:69:11 (process 0, thread 0)
#include <assert.h>
#include <pthread.h>

int *p;

void f(void) {
  int x = 1;
  p = &x;
  assert(*p == 1);
}

#ifdef SAMEDEPTH
int g(void) { int y = 5; return *p + y; }
#else
int g(void) { int y = 5; return y + y; }
#endif

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *ender(void *arg) {
  int local = 7;
  int *mine = arg ? (int *)arg : &local;
  pthread_exit(mine);
}

void *other(void *arg) {
  int late = 9;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return (void *)(long)late;
}

int main(void) {
  f();
  assert(g() == 10);
  static int kept = 7;
  pthread_t t, u;
  void *r;
#if defined(EXITVALUE) || defined(REUSE)
  pthread_create(&t, NULL, ender, NULL);
#else
  pthread_create(&t, NULL, ender, &kept);
#endif
  pthread_join(t, &r);
  pthread_mutex_lock(&m);
  pthread_create(&u, NULL, other, NULL);
#ifdef REUSE
  int v = *(int *)r;
#else
  int v = 7;
#endif
  pthread_mutex_unlock(&m);
  pthread_join(u, NULL);
  assert(*(int *)r == v);
  return 0;
}
