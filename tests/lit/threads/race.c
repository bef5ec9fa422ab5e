// DATA_RACE: two threads update a shared counter (a global), a heap
// block and a local of main reached through a pointer; with a mutex around
// each update the program is verified, without (-DNOLOCK, -DHEAP,
// -DLOCAL) the first unordered pair of conflicting accesses is reported.
// Cross-checked with gcc's ThreadSanitizer on the real run.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOLOCK | FileCheck %s --check-prefix=GLOBAL
// RUN: %expect-exit 1 %chorus verify %s --quiet -DHEAP | FileCheck %s --check-prefix=HEAP
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLOCAL | FileCheck %s --check-prefix=LOCAL
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOLOCK --json %t.json
// RUN: %expect-exit 1 %chorus replay %t.json | FileCheck %s --check-prefix=REPLAY
// RUN: %expect-exit 0 %native --tsan %s
// RUN: %expect-exit 66 %native --tsan -DNOLOCK %s 2>&1 | FileCheck %s --check-prefix=TSAN
// RUN: %expect-exit 66 %native --tsan -DHEAP %s 2>&1 | FileCheck %s --check-prefix=TSAN
// RUN: %expect-exit 66 %native --tsan -DLOCAL %s 2>&1 | FileCheck %s --check-prefix=TSAN
// OK: verdict: verified
// GLOBAL: verdict: violation DATA_RACE at {{.*}}race.c:42:11 (process 0, thread 2)
// GLOBAL: data race on counter: thread 2 writes it here and thread 1 reads it at {{.*}}race.c:42:11
// HEAP: verdict: violation DATA_RACE at {{.*}}race.c:45:12 (process 0, thread 2)
// HEAP: data race on the heap object allocated at {{.*}}race.c:67:15[0]
// LOCAL: verdict: violation DATA_RACE at {{.*}}race.c:48:13 (process 0, thread 2)
// LOCAL: data race on total (a local variable of thread 0)
// REPLAY: [p0.t2] {{.*}}race.c:42:11: counter = counter + (*j).k
// REPLAY: replay: violation DATA_RACE at {{.*}}race.c:42:11 confirmed
// TSAN: WARNING: ThreadSanitizer: data race
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct job {
  int k;
  int *cell;
  int *total;
};

int counter = 0;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *work(void *arg) {
  struct job *j = arg;
#ifdef NOLOCK
  counter = counter + j->k;
#endif
#ifdef HEAP
  *j->cell += j->k;
#endif
#ifdef LOCAL
  *j->total += j->k;
#endif
  pthread_mutex_lock(&lock);
#ifndef NOLOCK
  counter = counter + j->k;
#endif
#ifndef HEAP
  *j->cell += j->k;
#endif
#ifndef LOCAL
  *j->total += j->k;
#endif
  pthread_mutex_unlock(&lock);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  int total = 0;
  int *cell = malloc(sizeof(int));
  *cell = 0;
  struct job ja = {1, cell, &total}, jb = {2, cell, &total};
  pthread_create(&a, NULL, work, &ja);
  pthread_create(&b, NULL, work, &jb);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  int c = *cell;
  free(cell);
  assert(total == 3 && c == 3 && counter == 3);
  return 0;
}
