// `chorus cc` passes a variable of a location's index by value when the
// region cannot change it (no pointer to it: accesses to it stay
// uninstrumented; runtime/threads/README.md): the location is where the
// value put it at BEGIN. A variable the region may change -- through a
// pointer taken anywhere in the unit, with a macro, by assignment -- is
// followed as before. Each variant forces its interleaving with barriers;
// `chorus verify` agrees.
//
// The index is a local the region does not change; another thread writes
// the element after it (silent), then the location: reported.
// RUN: %chorus cc -g %s -o %t.val -DVALUE
// RUN: %expect-exit 1 %t.val 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: %expect-exit 1 %chorus verify %s -DVALUE --quiet | FileCheck %s --check-prefix=VVALUE
// VALUE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:57 (thread 1): parallel assertion '!RW(items[j])' of thread 1 fails after the write of items[j] by thread 2 at {{.*}}passert_byvalue.c:110:12
// VALUE-NOT: violation PARALLEL
// VVALUE: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:57:3 (process 0, thread 1)
//
// A write of many bytes (memset) that covers the location in its middle.
// RUN: %chorus cc -g %s -o %t.range -DVALUE -DRANGE
// RUN: %expect-exit 1 %t.range 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %expect-exit 1 %chorus verify %s -DVALUE -DRANGE --quiet | FileCheck %s --check-prefix=VVALUE
// RANGE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:57 (thread 1): parallel assertion '!RW(items[j])' of thread 1 fails after the write of items[j] by thread 2 at {{.*}}passert_byvalue.c:108:3
//
// The region changes the index through a pointer taken before it: the
// location follows it; the other thread writes the new element.
// RUN: %chorus cc -g %s -o %t.ptr -DPOINTER
// RUN: %expect-exit 1 %t.ptr 2>&1 | FileCheck %s --check-prefix=POINTER
// RUN: %expect-exit 1 %chorus verify %s -DPOINTER --quiet | FileCheck %s --check-prefix=VPOINTER
// POINTER: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:66 (thread 1): parallel assertion '!RW(items[i])' of thread 1 fails after the write of items[i] by thread 2 at {{.*}}passert_byvalue.c:118:12
// VPOINTER: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:66:3 (process 0, thread 1)
//
// ... with a macro of the unit, and a parameter changed by assignment.
// RUN: %chorus cc -g %s -o %t.mac -DMACRO
// RUN: %expect-exit 1 %t.mac 2>&1 | FileCheck %s --check-prefix=MACRO
// MACRO: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:77 (thread 1): parallel assertion '!RW(items[m])' of thread 1 fails after the write of items[m] by thread 2 at {{.*}}passert_byvalue.c:118:12
// RUN: %chorus cc -g %s -o %t.par -DPARAM
// RUN: %expect-exit 1 %t.par 2>&1 | FileCheck %s --check-prefix=PARAM
// PARAM: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:88 (thread 1): parallel assertion '!RW(items[k])' of thread 1 fails after the write of items[k] by thread 2 at {{.*}}passert_byvalue.c:118:12
//
// The region changes its index after the other thread wrote the old
// element: that write came while the old element was the location.
// RUN: %chorus cc -g %s -o %t.late -DPOINTER -DLATE
// RUN: %expect-exit 1 %t.late 2>&1 | FileCheck %s --check-prefix=LATE
// LATE: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_byvalue.c:66 (thread 1): parallel assertion '!RW(items[i])' of thread 1 fails after the write of items[i] by thread 2 at {{.*}}passert_byvalue.c:114:12
#include <pthread.h>
#include <string.h>

int items[8], touch;
pthread_barrier_t sync2;

#define SYNC pthread_barrier_wait(&sync2)
#define SET(v, x) ((v) = (x))

void* thread_a(void* arg) {
  int i = 2, j = 2;
#if defined(VALUE)
  thru {
    SYNC; /* 1: the other thread writes items[3] */
    SYNC;
    SYNC; /* 2: and items[2] */
    SYNC;
  }
  passert(!RW(items[j]));
#elif defined(POINTER)
  int* p = &i;
  thru {
    SYNC; /* (-DLATE: items[2], the location, is written now) */
    SYNC;
    *p = 5;
    touch = 1; /* the next access: the location moves */
    SYNC;      /* items[5] */
    SYNC;
  }
  passert(!RW(items[i]));
#elif defined(MACRO)
  int m = 2;
  thru {
    SYNC;
    SYNC;
    SET(m, 5);
    touch = 1;
    SYNC;
    SYNC;
  }
  passert(!RW(items[m]));
#elif defined(PARAM)
  int k = *(int*)arg;
  thru {
    SYNC;
    SYNC;
    k = 5;
    touch = 1;
    SYNC;
    SYNC;
  }
  passert(!RW(items[k]));
#endif
  return (void*)(long)(i + j);
}

void* thread_b(void* arg) {
  SYNC;
#if defined(VALUE)
  items[3] = 1;
  SYNC;
  SYNC;
#if defined(RANGE)
  memset(items, 0, sizeof items);
#else
  items[2] = 1;
#endif
#else
#if defined(LATE)
  items[2] = 1;
#endif
  SYNC;
  SYNC;
  items[5] = 1;
#endif
  SYNC;
  return arg;
}

int main(void) {
  pthread_t t1, t2;
  int two = 2;
  pthread_barrier_init(&sync2, NULL, 2);
  pthread_create(&t1, NULL, thread_a, &two);
  pthread_create(&t2, NULL, thread_b, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}
