// The static filter of `chorus cc` (tools/chorus/PassertFilter.cpp): only
// the accesses that may touch a watched location stay instrumented, at -O2
// (with the compiler's type-based alias analysis). A watched int written
// through a pointer given to another unit's function, through a function
// pointer, through a cast to char* and by memcpy: each write is caught by
// the real run, at the line `chorus verify` refutes, with the thread and
// the access's line. Compiled in one command the units know each other's
// assertions; the other unit compiled alone (-c) does not, and the run
// says so.
// RUN: env CHORUS_PA_FILTER_STATS=1 %chorus cc -O2 -g %s %S/Inputs/passert_filter_other.c -o %t 2>&1 | FileCheck %s --check-prefix=CC
// RUN: %expect-exit 1 %t 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s %S/Inputs/passert_filter_other.c --quiet | FileCheck %s --check-prefix=VERIFY
// RUN: %chorus cc -O2 -g -c %S/Inputs/passert_filter_other.c -o %t.other.o
// RUN: %chorus cc -O2 -g %s %t.other.o -o %t.sep
// RUN: %expect-exit 1 %t.sep 2>&1 | FileCheck %s --check-prefix=SEP
// CC-DAG: chorus-pa-filter: {{.*}}passert_filter.c: kept {{[0-9]+}}, removed {{[1-9][0-9]*}} access calls
// CC-DAG: chorus-pa-filter: {{.*}}passert_filter_other.c: kept {{[0-9]+}}, removed {{[0-9]+}} access calls
// CHECK-DAG: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_filter.c:48 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_filter_other.c:9:6
// CHECK-DAG: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_filter.c:52 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_filter_other.c:9:6
// CHECK-DAG: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_filter.c:56 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_filter.c:35:8
// CHECK-DAG: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_filter.c:60 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_filter.c:39:3
// CHECK: chorus-rt: 4 violations
// VERIFY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_filter.c:48:3 (process 0, thread 1)
// SEP: chorus-rt: warning: passert_filter_other.c was compiled without knowing the parallel assertions of passert_filter.c ('{{.*}}'): its accesses to their locations may go unchecked; compile the units in one `chorus cc` command, or with CHORUS_PA_FILTER=0
#include <pthread.h>
#include <string.h>

int x;
pthread_barrier_t meet;
void set_via(int *p);
void touch_z(void);
void (*writer)(int *) = set_via;

__attribute__((noinline)) void poke(char *c) {
  c[0] = 2;
}

__attribute__((noinline)) void copy_to(void *d, const void *s, size_t n) {
  memcpy(d, s, n);
}

void meet_twice(void) {
  pthread_barrier_wait(&meet);
  pthread_barrier_wait(&meet);
}

void *a(void *arg) {
  thru { // another unit's function writes x through a pointer
    meet_twice();
  } passert(!RW(x));
  touch_z();
  thru { // ... called through a function pointer
    meet_twice();
  } passert(!RW(x));
  touch_z();
  thru { // a char* to x
    meet_twice();
  } passert(!RW(x));
  touch_z();
  thru { // memcpy to x
    meet_twice();
  } passert(!RW(x));
  return arg;
}

void *b(void *arg) {
  int one = 1;
  pthread_barrier_wait(&meet);
  set_via(&x);
  pthread_barrier_wait(&meet);
  pthread_barrier_wait(&meet);
  writer(&x);
  pthread_barrier_wait(&meet);
  pthread_barrier_wait(&meet);
  poke((char *)&x);
  pthread_barrier_wait(&meet);
  pthread_barrier_wait(&meet);
  copy_to(&x, &one, sizeof x);
  pthread_barrier_wait(&meet);
  return arg;
}

int main(void) {
  pthread_t t1, t2;
  pthread_barrier_init(&meet, 0, 2);
  pthread_create(&t1, 0, a, 0);
  pthread_create(&t2, 0, b, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return x == 1 ? 0 : 2;
}
