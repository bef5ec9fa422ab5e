// A location of a parallel assertion follows the memory it is computed
// from while the instance is live (runtime/threads/README.md): `chorus cc`
// re-computes it at the asserting thread's next access after a write of
// that memory -- by the thread itself or by another one, of a variable
// (an index, a pointer) or of memory a pointer leads to. Each variant
// forces its interleaving with barriers; `chorus verify` agrees.
//
// Another thread moves the location (a global index), then writes the new
// one: reported.
// RUN: %chorus cc -g %s -o %t.idx -DINDEX
// RUN: %expect-exit 1 %t.idx 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: %expect-exit 1 %chorus verify %s -DINDEX --quiet | FileCheck %s --check-prefix=VINDEX
// INDEX: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:61 (thread 1): parallel assertion '!RW(items[idx])' of thread 1 fails after the write of items[idx] by thread 2 at {{.*}}passert_move.c:98:12
// VINDEX: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:61:3 (process 0, thread 1)
//
// ... and writes the old one: not a location any more, silent.
// RUN: %chorus cc -g %s -o %t.old -DINDEX -DOLD && %t.old
// RUN: %expect-exit 0 %chorus verify %s -DINDEX -DOLD --quiet | FileCheck %s --check-prefix=VOK
// VOK: verdict: verified
//
// The asserting thread moves it (a global pointer), another thread writes
// the new one.
// RUN: %chorus cc -g %s -o %t.ptr -DPOINTER
// RUN: %expect-exit 1 %t.ptr 2>&1 | FileCheck %s --check-prefix=POINTER
// RUN: env CHORUS_RT_FAIL_STOP=1 %expect-exit 1 %t.ptr 2>&1 | FileCheck %s --check-prefix=POINTER
// RUN: %expect-exit 1 %chorus verify %s -DPOINTER --quiet | FileCheck %s --check-prefix=VPOINTER
// POINTER: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:69 (thread 1): parallel assertion '!RW(cur->v)' of thread 1 fails after the write of cur->v by thread 2 at {{.*}}passert_move.c:101:8
// VPOINTER: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:69:3 (process 0, thread 1)
//
// Another thread writes the memory the index is read from (through a
// pointer), then the new location.
// RUN: %chorus cc -g %s -o %t.deep -DDEEP
// RUN: %expect-exit 1 %t.deep 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %expect-exit 1 %chorus verify %s -DDEEP --quiet | FileCheck %s --check-prefix=VDEEP
// DEEP: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:76 (thread 1): parallel assertion '!RW(items[*ip])' of thread 1 fails after the write of items[*ip] by thread 2 at {{.*}}passert_move.c:106:12
// VDEEP: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:76:3 (process 0, thread 1)
//
// Another thread moves the location (a global pointer it indexes), then
// writes the new one (chorus cc names what the location is read from
// itself here: the pointer, an array would not be).
// RUN: %chorus cc -g %s -o %t.base -DBASE
// RUN: %expect-exit 1 %t.base 2>&1 | FileCheck %s --check-prefix=BASE
// RUN: %expect-exit 1 %chorus verify %s -DBASE --quiet | FileCheck %s --check-prefix=VBASE
// BASE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:84 (thread 1): parallel assertion '!RW(base[1])' of thread 1 fails after the write of base[1] by thread 2 at {{.*}}passert_move.c:111:12
// VBASE: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_move.c:84:3 (process 0, thread 1)
#include <pthread.h>
#include <stddef.h>

struct cell {
  int v;
} c1, c2, *cur = &c1;
int items[4], idx = 1, slots[2] = {1, 1}, *ip = &slots[1], touch, *base = items;
pthread_barrier_t sync2;

#define SYNC pthread_barrier_wait(&sync2)
/* the other thread moves the location, then the asserting thread accesses */
#define WINDOW SYNC; SYNC; touch = 1; SYNC; SYNC

void *thread_a(void *arg) {
#if defined(INDEX)
  thru {
    SYNC;
    SYNC;
    touch = 1; /* the asserting thread's next access */
    SYNC;
    SYNC;
  } passert(!RW(items[idx]));
#elif defined(POINTER)
  thru {
    cur = &c2;
    cur->v = 0;
    SYNC;
    SYNC;
  } passert(!RW(cur->v));
#elif defined(DEEP)
  thru {
    SYNC;
    SYNC;
    touch = 1;
    SYNC;
    SYNC;
  } passert(!RW(items[*ip]));
#elif defined(BASE)
  thru { WINDOW; } passert(!RW(base[1]));
#endif
  return arg;
}

void *thread_b(void *arg) {
  SYNC;
#if defined(INDEX)
  idx = 2;
  SYNC;
  SYNC;
#ifdef OLD
  items[1] = 5;
#else
  items[2] = 5;
#endif
#elif defined(POINTER)
  c2.v = 1;
#elif defined(DEEP)
  slots[1] = 3;
  SYNC;
  SYNC;
  items[3] = 5;
#elif defined(BASE)
  base = &items[2];
  SYNC;
  SYNC;
  items[3] = 5;
#endif
  SYNC;
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_barrier_init(&sync2, NULL, 2);
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
