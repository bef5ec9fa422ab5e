// Parallel assertions checked in real pthreads runs (`chorus cc`,
// runtime/threads; seed 003 §V): BEGIN/END around the region, the
// accesses of the locations e names logged per thread with a global
// order, and a checker thread evaluating each live instance after each
// event (Fig. 2: R, W, LIVE, H). The correct program is silent at 2 to 16
// threads; each broken variant forces its bad interleaving with barriers
// inside the region and is reported with the verifier's kind, at the line
// of its `thru`, for the same thread — and `chorus verify` agrees.
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s --check-prefix=CC --allow-empty
// RUN: %t 2 && %t 4 && %t 8 && %t 16
// RUN: env CHORUS_RT_FAIL_STOP=1 %t 16
// RUN: %expect-exit 0 %chorus verify %s -DN=2 --quiet | FileCheck %s --check-prefix=VOK
// CC-NOT: warning
// VOK: verdict: verified
//
// Seed Example II-b (statement atomicity): thread 2's x++ inside thread 1's
// region is a remote write of x.
// RUN: %chorus cc -g %s -o %t.atom -DATOMICITY
// RUN: %expect-exit 1 %t.atom 2>&1 | FileCheck %s --check-prefix=ATOM
// RUN: %expect-exit 1 %chorus verify %s -DATOMICITY --quiet | FileCheck %s --check-prefix=VATOM
// ATOM: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert.c:101 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert.c:145
// ATOM: chorus-rt: 1 violation
// VATOM: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:101:3 (process 0, thread 1)
//
// Example III-b (thread safety): thread 2 reads buf without the lock.
// RUN: %chorus cc -g %s -o %t.safe -DSAFETY
// RUN: %expect-exit 1 %t.safe 2>&1 | FileCheck %s --check-prefix=SAFE
// RUN: %expect-exit 1 %chorus verify %s -DSAFETY --quiet | FileCheck %s --check-prefix=VSAFE
// SAFE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert.c:108 (thread 1): parallel assertion '!RR(buf) && !RW(buf)' of thread 1 fails after the read of buf by thread 2
// VSAFE: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:108:3 (process 0, thread 1)
//
// Example I-b (interference): a value of the state, buffer != NULL, false
// after thread 2's write.
// RUN: %chorus cc -g %s -o %t.inter -DINTERFERENCE
// RUN: %expect-exit 1 %t.inter 2>&1 | FileCheck %s --check-prefix=INTER
// RUN: %expect-exit 1 %chorus verify %s -DINTERFERENCE --quiet | FileCheck %s --check-prefix=VINTER
// INTER: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert.c:116 (thread 1): parallel assertion 'buffer != NULL' of thread 1 fails after the write of buffer by thread 2
// VINTER: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:116:3 (process 0, thread 1)
//
// Example IV-b (ABA): the latch HASOCCURRED(RW(z)) set by thread 2's
// writes; thread 1's own write then fails the assertion.
// RUN: %chorus cc -g %s -o %t.latch -DLATCH
// RUN: %expect-exit 1 %t.latch 2>&1 | FileCheck %s --check-prefix=LATCH
// RUN: %expect-exit 1 %chorus verify %s -DLATCH --quiet | FileCheck %s --check-prefix=VLATCH
// LATCH: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert.c:121 (thread 1): parallel assertion '!LW(z) || !HASOCCURRED(RW(z))' of thread 1 fails after the write of z by thread 1
// VLATCH: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:121:3 (process 0, thread 1)
//
// The location follows the variables it is made of (items[slot] with the
// slot reserved inside the region, as in the seed's DualStack).
// RUN: %chorus cc -g %s -o %t.move -DMOVE
// RUN: %expect-exit 1 %t.move 2>&1 | FileCheck %s --check-prefix=MOVE
// RUN: env CHORUS_RT_FAIL_STOP=1 %expect-exit 1 %t.move 2>&1 | FileCheck %s --check-prefix=MOVE
// RUN: %expect-exit 1 %chorus verify %s -DMOVE --quiet | FileCheck %s --check-prefix=VMOVE
// MOVE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert.c:129 (thread 1): parallel assertion '!RW(items[slot])' of thread 1 fails after the write of items[slot] by thread 2
// VMOVE: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:129:3 (process 0, thread 1)
//
// END on every way out: thread 1 leaves one region by return and one by
// break, then thread 2 writes what they named: silent, verified.
// RUN: %chorus cc -g %s -o %t.exit -DEXIT && %t.exit
// RUN: %expect-exit 0 %chorus verify %s -DEXIT --quiet | FileCheck %s --check-prefix=VOK
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>


struct buffer {
  int size;
  int val;
} buf;
int x, z, counter, items[4], next_slot;
char storage[16];
char *buffer = storage;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_barrier_t sync2;

#define SYNC pthread_barrier_wait(&sync2)

int leave(int k) {
  thru {
    x = 1;
    if (k)
      return 1;
    x = 3;
  } passert(!RW(x));
  return 0;
}

void *thread_a(void *arg) {
#if defined(EXIT)
  leave(1);
  for (;;) {
    thru {
      z = 1;
      if (x == 1)
        break;
    } passert(!RW(z));
  }
  SYNC;
  SYNC;
#elif defined(ATOMICITY)
  thru {
    SYNC;
    SYNC;
    x++;
  } passert(!RW(x));
#elif defined(SAFETY)
  pthread_mutex_lock(&lock);
  thru {
    buf.val = 42;
    SYNC;
    SYNC;
    buf.size = 1;
  } passert(!RR(buf) && !RW(buf));
  pthread_mutex_unlock(&lock);
#elif defined(INTERFERENCE)
  thru {
    SYNC;
    SYNC;
  } passert(buffer != NULL);
#elif defined(LATCH)
  thru {
    int t = z;
    SYNC;
    SYNC;
    z = t + 1;
  } passert(!LW(z) || !HASOCCURRED(RW(z)));
#elif defined(MOVE)
  int slot = 0;
  thru {
    slot = ++next_slot;
    items[slot] = 1;
    SYNC;
    SYNC;
  } passert(!RW(items[slot]));
#endif
  return arg;
}

void *thread_b(void *arg) {
  SYNC;
#if defined(EXIT)
  x = 2;
  z = 2;
#elif defined(ATOMICITY)
  x++;
#elif defined(SAFETY)
  int s = buf.size;
  (void)s;
#elif defined(INTERFERENCE)
  buffer = NULL;
#elif defined(LATCH)
  z = 5;
  z = 0;
#elif defined(MOVE)
  items[1] = 2;
#endif
  SYNC;
  return arg;
}

/* the correct program: every region under the lock, left early by return
 * and break too */
int bump(int k) {
  thru {
    counter = counter + 1;
    if (k % 2)
      return 1;
    buf.val = k;
  } passert(!RW(counter) && !RR(counter));
  return 0;
}

void *worker(void *arg) {
  int k = *(int *)arg;
#ifdef N
  int rounds = 1; /* chorus verify -DN=2 */
#else
  int rounds = 50;
#endif
  for (int i = 0; i < rounds; i++) {
    pthread_mutex_lock(&lock);
    for (int once = 0; once < 1; once++) {
      thru {
        int t = buf.val;
        buf.size = t + 1;
        if (i == k)
          break;
        buf.val = t + 2;
      } passert(!RR(buf) && !RW(buf));
    }
    pthread_mutex_unlock(&lock);
    pthread_mutex_lock(&lock);
    bump(k);
    thru {
      counter = counter + 1;
    } passert(!LW(counter) || !HASOCCURRED(RW(counter)));
    pthread_mutex_unlock(&lock);
  }
  return arg;
}

int main(int argc, char **argv) {
#if defined(ATOMICITY) || defined(SAFETY) || defined(INTERFERENCE) || defined(LATCH) ||         \
    defined(MOVE) || defined(EXIT)
  pthread_t a, b;
  pthread_barrier_init(&sync2, NULL, 2);
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
#else
#ifdef N
  int n = N;
#else
  int n = argc > 1 ? atoi(argv[1]) : 2; /* the threads: 2 to 16 */
#endif
  pthread_t t[16];
  int ids[16];
  for (int k = 0; k < n && k < 16; k++) {
    ids[k] = k;
    pthread_create(&t[k], NULL, worker, &ids[k]);
  }
  for (int k = 0; k < n && k < 16; k++)
    pthread_join(t[k], NULL);
#endif
  return 0;
}
