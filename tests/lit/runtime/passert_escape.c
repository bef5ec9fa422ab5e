// The static filter of `chorus cc` (tools/chorus/PassertFilter.cpp) and a
// global of external linkage: when the command compiles and links every
// unit of the program, a unit's direct accesses of a global whose address
// no unit takes cannot touch a location reached through a pointer, and need
// no check (only the re-computing of the thread's locations: a tick). Here
// the other unit takes the address of `top`, and the location `*p` is
// `top`: compiled in one command, the direct write of `top` by thread 2 is
// checked and reported, at the line `chorus verify` refutes; compiled apart
// and linked from objects, nothing is assumed and it is reported too. The
// other unit in a library (-l) that chorus cc compiled: the first unit
// assumed that no unit takes the address, and the run says so at start.
// RUN: %chorus cc -O2 -g %s %S/Inputs/passert_escape_other.c -o %t
// RUN: %expect-exit 1 %t 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s %S/Inputs/passert_escape_other.c --quiet | FileCheck %s --check-prefix=VERIFY
// RUN: %chorus cc -O2 -g -c %s -o %t.main.o
// RUN: %chorus cc -O2 -g -c %S/Inputs/passert_escape_other.c -o %t.other.o
// RUN: %chorus cc %t.main.o %t.other.o -o %t.sep
// RUN: %expect-exit 1 %t.sep 2>&1 | FileCheck %s
// RUN: rm -rf %t.lib && mkdir %t.lib && ar rcs %t.lib/libescother.a %t.other.o
// RUN: %chorus cc -O2 -g %s -L%t.lib -lescother -o %t.lib/prog
// RUN: %t.lib/prog 2>&1 | FileCheck %s --check-prefix=LIB
// CHECK: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_escape.c:33 (thread 1): parallel assertion '!RW(*p)' of thread 1 fails after the write of *p by thread 2 at {{.*}}passert_escape.c:42:7
// VERIFY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_escape.c:33:3 (process 0, thread 1)
// LIB: chorus-rt: warning: passert_escape.c was compiled assuming that no unit takes the address of top, which passert_escape_other.c does: its accesses to top may go unchecked; compile the units in one `chorus cc` command, or with CHORUS_PA_FILTER=0
#include <pthread.h>

int top;
pthread_barrier_t meet;
int *top_ptr(void);

void *a(void *arg) {
  int *p = top_ptr();
  thru {
    pthread_barrier_wait(&meet);
    pthread_barrier_wait(&meet);
  } passert(!RW(*p));
  return arg;
}

void *b(void *arg) {
  pthread_barrier_wait(&meet);
  top = 5;
  pthread_barrier_wait(&meet);
  return arg;
}

int main(void) {
  void *(*fn[2])(void *) = {a, b};
  pthread_t t[2];
  pthread_barrier_init(&meet, 0, 2);
  for (int k = 0; k < 2; ++k)
    pthread_create(&t[k], 0, fn[k], 0);
  for (int k = 0; k < 2; ++k)
    pthread_join(t[k], 0);
  return top == 5 ? 0 : 2;
}
