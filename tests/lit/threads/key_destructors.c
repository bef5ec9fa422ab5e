// Destructors of thread-specific data at thread exit (POSIX
// pthread_key_create, "Thread-specific data"): when a thread ends (its start
// routine returns or it calls pthread_exit), each of its non-NULL values
// whose key has a destructor is set to NULL and the destructor called with
// the old value; the order of the calls is unspecified, so every order is
// explored; values the destructors set again get another iteration, up to
// PTHREAD_DESTRUCTOR_ITERATIONS (4). Here each worker's buffer is freed by
// its key's destructor (counted under a lock), and a counter under a second
// key is set again once by its destructor (a second iteration); one worker
// ends by pthread_exit. Main's own value is never destroyed (main returns:
// the process exits). Verified, and the gcc-compiled run agrees.
// Broken: -DRACE the destructor counts without the lock (DATA_RACE between
// the destructors of the two workers); -DDOUBLE a worker frees its buffer
// but leaves it as the key's value (DOUBLE_FREE in the destructor);
// -DFOREVER the counter's destructor always sets it again: after four
// iterations the value is dropped and what it pointed to leaks
// (MEMORY_LEAK; the native run counts the same 4 calls per thread: glibc
// stops there too); -DORDER a note under a third key (created first) points
// to the buffer, and its destructor reads it: fine in glibc's order (key
// creation order, the native run passes), but POSIX leaves the order
// unspecified and the other order reads freed memory (USE_AFTER_FREE);
// -DNOJOIN main asserts the count before joining (ASSERTION).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 0 %native -DORDER %s
// RUN: %expect-exit 0 %native -DFOREVER %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DRACE | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDOUBLE | FileCheck %s --check-prefix=DOUBLE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DFOREVER | FileCheck %s --check-prefix=FOREVER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DORDER | FileCheck %s --check-prefix=ORDER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOJOIN | FileCheck %s --check-prefix=NOJOIN
// RUN: %expect-exit 1 %chorus verify %s --quiet --no-dpor -DORDER | FileCheck %s --check-prefix=ORDER
// OK: verdict: verified
// RACE: verdict: violation DATA_RACE at {{.*}}key_destructors.c:54:12 (process 0, thread 2)
// DOUBLE: verdict: violation DOUBLE_FREE at {{.*}}key_destructors.c:58:3 (process 0, thread 1)
// FOREVER: verdict: violation MEMORY_LEAK at {{.*}}key_destructors.c:93:12 (process 0)
// ORDER: verdict: violation USE_AFTER_FREE at {{.*}}key_destructors.c:82:11 (process 0, thread 2)
// NOJOIN: verdict: violation ASSERTION at {{.*}}key_destructors.c:120:3 (process 0, thread 0)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

pthread_key_t note_key, buf_key, count_key;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int destroyed;   /* buffers freed by buf_key's destructor */
int iterations;  /* calls of count_key's destructor */
int seen;        /* values read by note_key's destructor */

void free_buf(void *p) {
#ifndef RACE
  pthread_mutex_lock(&lock);
#endif
  destroyed++;
#ifndef RACE
  pthread_mutex_unlock(&lock);
#endif
  free(p);
}

/* sets its value again once: its second call is in the second iteration */
void count_again(void *p) {
  int *n = p;
  pthread_mutex_lock(&lock);
  iterations++;
  pthread_mutex_unlock(&lock);
#ifdef FOREVER
  if (1) {
#else
  if (++*n < 2) {
#endif
    assert(pthread_getspecific(count_key) == NULL); /* NULL during its call */
    pthread_setspecific(count_key, n);
  } else {
    free(n);
  }
}

/* the note points to the thread's buffer (under -DORDER) */
void read_note(void *p) {
  int **note = p;
  int v = **note;
  pthread_mutex_lock(&lock);
  seen += v;
  pthread_mutex_unlock(&lock);
}

void *work(void *arg) {
  int *b = malloc(sizeof(int));
  assert(b);
  *b = *(int *)arg;
  pthread_setspecific(buf_key, b);
  int *n = malloc(sizeof(int));
  assert(n);
  *n = 0;
  pthread_setspecific(count_key, n);
#ifdef ORDER
  static int *notes[3];
  notes[*(int *)arg] = b;
  pthread_setspecific(note_key, &notes[*(int *)arg]);
#endif
#ifdef DOUBLE
  free(b);
#endif
  if (*(int *)arg == 2)
    pthread_exit(NULL); /* destructors run at pthread_exit too */
  return NULL;
}

int main(void) {
  int one = 1, two = 2, here = 7;
  assert(pthread_key_create(&note_key, read_note) == 0);
  assert(pthread_key_create(&buf_key, free_buf) == 0);
  assert(pthread_key_create(&count_key, count_again) == 0);
  pthread_setspecific(buf_key, &here); /* main's: never destroyed */
  pthread_t a, b;
  pthread_create(&a, NULL, work, &one);
  pthread_create(&b, NULL, work, &two);
#ifdef NOJOIN
  assert(destroyed == 2);
#endif
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(destroyed == 2);
#ifdef FOREVER
  assert(iterations == 8);
#else
  assert(iterations == 4);
#endif
#ifdef ORDER
  assert(seen == 3);
#endif
  assert(pthread_getspecific(buf_key) == &here);
  return 0;
}
