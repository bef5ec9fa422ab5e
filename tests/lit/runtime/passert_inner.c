// A region that names a whole array and a scalar (runtime/threads/README.md,
// "Overhead"): the thread's own accesses of the array's elements are decided
// in the entry point once e is known true for them, and a loop of regions at
// the same locations raises and lowers the filter through the record's list
// of entries. The correct program is silent; another thread's write of an
// element during the 41st region, and the thread's own write of an element
// (which e forbids) after 40 regions of reads found true, are caught.
// RUN: %chorus cc -O2 -g %s -o %t && %t 2 && %t 4
// RUN: %chorus cc -O2 -g %s -o %t.remote -DREMOTE
// RUN: %expect-exit 1 %t.remote 2 2>&1 | FileCheck %s --check-prefix=REMOTE
// RUN: %chorus cc -O2 -g %s -o %t.local -DLOCAL
// RUN: %expect-exit 1 %t.local 2 2>&1 | FileCheck %s --check-prefix=LOCAL
// REMOTE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_inner.c:33 (thread 1): parallel assertion '!RW(ring) && !LW(ring) && !RW(count)' of thread 1 fails after the write of ring by thread 2 at {{.*}}passert_inner.c:55:11
// REMOTE: chorus-rt: 1 violation
// LOCAL: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_inner.c:33 (thread 1): parallel assertion '!RW(ring) && !LW(ring) && !RW(count)' of thread 1 fails after the write of ring by thread 1 at {{.*}}passert_inner.c:39:17
// LOCAL: chorus-rt: 1 violation
#include <pthread.h>
#include <stdlib.h>

int ring[16]; /* 64 bytes: 8 granules of the filter */
int count;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_barrier_t meet;

void *worker(void *arg) {
  int k = *(int *)arg;
#ifdef REMOTE
  if (k == 1) /* only the write below */
    goto remote;
#endif
  for (int r = 0; r < 100; r++) {
    pthread_mutex_lock(&lock);
    thru {
      int s = 0;
      for (int i = 0; i < 16; i++)
        s += ring[i];
#ifdef LOCAL
      if (r == 40 && k == 0)
        ring[5] = s;
#endif
#ifdef REMOTE
      if (r == 40) { /* thread 2 writes ring[7] now */
        pthread_barrier_wait(&meet);
        pthread_barrier_wait(&meet);
      }
#endif
      count = count + s;
    } passert(!RW(ring) && !LW(ring) && !RW(count));
    pthread_mutex_unlock(&lock);
  }
  return 0;
#ifdef REMOTE
remote:
  pthread_barrier_wait(&meet);
  ring[7] = 1;
  pthread_barrier_wait(&meet);
  return 0;
#endif
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  if (n < 1 || n > 8)
    return 2;
  pthread_t t[8];
  int id[8];
  pthread_barrier_init(&meet, 0, 2);
  for (int k = 0; k < n; k++) {
    id[k] = k;
    pthread_create(&t[k], 0, worker, &id[k]);
  }
  for (int k = 0; k < n; k++)
    pthread_join(t[k], 0);
  return 0;
}
