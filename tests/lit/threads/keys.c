// Thread-specific data (POSIX keys): each thread keeps its own buffer
// under one key (NULL until it sets it, also in a thread created in a
// reused slot), main's value is its own, a deleted key is invalid (EINVAL)
// (verified; cross-checked with the gcc-compiled run). Broken: the workers
// share one global buffer instead (-DSHARED: DATA_RACE); a worker ends
// without freeing its buffer, which only its key's value pointed to
// (-DLEAK: MEMORY_LEAK). With -DDTOR the key's destructor frees it when the
// worker ends (verified; key_destructors.c tests destructors).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSHARED | FileCheck %s --check-prefix=SHARED
// RUN: %expect-exit 0 %chorus verify %s --quiet -DDTOR | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -DDTOR %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// OK: verdict: verified
// SHARED: verdict: violation DATA_RACE at {{.*}}keys.c:39:10 (process 0, thread 2)
// SHARED-NEXT: data race on shared_buf[1]: thread 2 writes it here and thread 1 writes it at {{.*}}keys.c:41:10
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}keys.c:34:14 (process 0)
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

pthread_key_t key;
int shared_buf[2];

void release(void *p) { free(p); }

void *work(void *arg) {
  assert(pthread_getspecific(key) == NULL); /* nothing set yet in this thread */
#ifdef SHARED
  int *buf = shared_buf;
#else
  int *buf = malloc(2 * sizeof(int));
  assert(buf);
  pthread_setspecific(key, buf);
#endif
  buf[0] = *(int *)arg;
  buf[1] = 0;
  int *mine = pthread_getspecific(key);
  buf[1] = mine ? 1 : 2;
#ifndef SHARED
  assert(mine == buf && mine[0] == *(int *)arg);
#if !defined(DTOR) && !defined(LEAK)
  pthread_setspecific(key, NULL);
  free(buf);
#endif
#endif
  return NULL;
}

int main(void) {
  int one = 1, two = 2;
  int here = 7;
#ifdef DTOR
  assert(pthread_key_create(&key, release) == 0);
#else
  assert(pthread_key_create(&key, NULL) == 0);
#endif
  pthread_setspecific(key, &here);
  pthread_t a, b;
  pthread_create(&a, NULL, work, &one);
  pthread_create(&b, NULL, work, &two);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_create(&a, NULL, work, &one); /* a reused slot starts with NULL */
  pthread_join(a, NULL);
  assert(pthread_getspecific(key) == &here);
  assert(pthread_key_delete(key) == 0);
  assert(pthread_setspecific(key, &here) == EINVAL);
  return 0;
}
