// A _Thread_local variable (one object per thread) is not modelled yet:
// a precise error (exit 3), reported once, never a silently shared global.
// RUN: %expect-exit 3 %chorus verify %s 2>&1 | FileCheck %s
// CHECK: thread_local.c:9:19: error: the thread-local variable 'counter' is not supported by chorus
// CHECK-NOT: error:
#include <pthread.h>
#include <stddef.h>

_Thread_local int counter;

void *work(void *arg) {
  counter = counter + 1;
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, work, NULL);
  pthread_join(t, NULL);
  return counter;
}
