// Threads: pthread_create passes its argument (a pointer to a local of
// main), pthread_join returns the start routine's result and
// pthread_exit's value; pthread_self/pthread_equal tell threads apart.
// Cross-checked with the gcc-compiled run (-pthread).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 134 %native -DBROKEN %s
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}create_join.c:30:3 (process 0, thread 1)
// BAD: [p0.t1] {{.*}}create_join.c:30:3: call assert(k > 0)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_t main_id;

void *square(void *arg) {
  int *p = arg;
  assert(!pthread_equal(pthread_self(), main_id));
  *p = *p * *p;
  return p;
}

void *leave(void *arg) {
  long k = (long)arg;
  if (k > 0)
    pthread_exit((void *)(k + 1));
#ifdef BROKEN
  assert(k > 0);
#endif
  assert(k != 0);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  int x = 7;
  void *r = NULL;
  main_id = pthread_self();
  assert(pthread_equal(main_id, pthread_self()));
  pthread_create(&a, NULL, square, &x);
  pthread_join(a, &r);
  assert(r == &x && x == 49);
  pthread_create(&b, NULL, leave, (void *)41);
  pthread_join(b, &r);
  assert((long)r == 42);
#ifdef BROKEN
  pthread_create(&b, NULL, leave, (void *)0);
  pthread_join(b, &r);
#endif
  return 0;
}
