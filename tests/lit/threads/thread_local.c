// _Thread_local (C11 6.2.4p4): one object per thread, initialized with the
// declaration's initializer when the thread starts. Each thread counts in
// its own `counter` (no race), a thread created in a reused slot starts
// from the initial value again, a thread may hand the address of its
// object to another while it lives (verified; cross-checked with the
// gcc-compiled run). Broken: the counter is an ordinary global
// (-DSHARED: DATA_RACE); a static local _Thread_local is not supported
// yet (-DSTATICLOCAL: exit 3); a thread keeps memory that only its
// thread-local pointer points to when it ends (-DLEAK: MEMORY_LEAK).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSHARED | FileCheck %s --check-prefix=SHARED
// RUN: %expect-exit 3 %chorus verify %s -DSTATICLOCAL 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// OK: verdict: verified
// SHARED: verdict: violation DATA_RACE at {{.*}}thread_local.c:38:11 (process 0, thread 2)
// SHARED-NEXT: data race on counter: thread 2 writes it here and thread 1 reads it at {{.*}}thread_local.c:38:11
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}thread_local.c:44:10 (process 0)
// STATIC: thread_local.c:53:28: error: the thread-local variable 'calls' is not supported by chorus
#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#ifdef SHARED
int counter = 5;
#else
_Thread_local int counter = 5;
#endif
_Thread_local int *mine;
int *published;

void *work(void *arg) {
  (void)arg;
#ifndef SHARED
  assert(counter == 5); /* a fresh object with the initial value */
#endif
  counter = counter + 1;
  counter = counter + 1;
#ifndef SHARED
  assert(counter == 7);
#endif
#ifdef LEAK
  mine = malloc(sizeof(int)); /* never freed: lost when the thread ends */
#else
  mine = &counter;
#endif
  return NULL;
}

#ifdef STATICLOCAL
int tick(void) {
  static _Thread_local int calls;
  return ++calls;
}
#endif

int main(void) {
  pthread_t a, b;
#ifndef SHARED
  counter = 100; /* main's own object */
#endif
  pthread_create(&a, NULL, work, NULL);
  pthread_create(&b, NULL, work, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_create(&a, NULL, work, NULL); /* the slot of the first thread again */
  pthread_join(a, NULL);
#ifndef SHARED
  assert(counter == 100 && mine == NULL);
  published = &counter;
  *published = *published + 1;
  assert(counter == 101);
#endif
  return 0;
}
