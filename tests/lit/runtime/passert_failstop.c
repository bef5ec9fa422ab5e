// Deferred against fail-stop reporting (seed 003 §IV-F) in real runs. Two
// regions of thread 1 are each broken by a write of thread 2 (barriers
// order the writes inside the regions: no race decides the outcome).
// Deferred (the default): both failures are reported, the program runs to
// its end (main prints after joining), the process exits with status 1.
// RUN: %chorus cc -g %s -o %t
// RUN: rm -f %t.jsonl
// RUN: env CHORUS_RT_REPORT=%t.jsonl %expect-exit 1 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=DEFERRED < %t.err
// RUN: FileCheck %s --check-prefix=END < %t.out
// RUN: %expect-exit 1 %chorus rt-report %t.jsonl | FileCheck %s --check-prefix=DREPORT
// DEFERRED: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_failstop.c:38 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_failstop.c:52:5
// DEFERRED-NEXT: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_failstop.c:43 (thread 1): parallel assertion '!RW(y)' of thread 1 fails after the write of y by thread 2 at {{.*}}passert_failstop.c:55:5
// DEFERRED-NEXT: chorus-rt: 2 violations (2 parallel assertion instances checked)
// END: main: both threads joined
// DREPORT: run: 2 violations, 2 parallel assertion instances checked
//
// Fail-stop (CHORUS_RT_FAIL_STOP=1): the first failure ends the process at
// once (status 1): thread 1's next event (its write in the first region)
// waits for the checker, so the second region never begins, and main never
// prints.
// RUN: env CHORUS_RT_REPORT=%t.jsonl CHORUS_RT_FAIL_STOP=1 %expect-exit 1 %t > %t.fs.out 2> %t.fs.err
// RUN: FileCheck %s --check-prefix=STOP --implicit-check-not='violation PARALLEL' < %t.fs.err
// RUN: FileCheck %s --check-prefix=NOEND --allow-empty < %t.fs.out
// RUN: %expect-exit 1 %chorus rt-report %t.jsonl | FileCheck %s --check-prefix=SREPORT
// STOP: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_failstop.c:38 (thread 1): parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert_failstop.c:52:5
// STOP-NEXT: chorus-rt: fail-stop: the process ends at timestamp
// NOEND-NOT: joined
// SREPORT: run: 1 violation, 1 parallel assertion instance checked ({{[0-9]+}} event{{s?}}) (fail-stop: the process ended at its first violation)
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s --check-prefix=VERIFY
// VERIFY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_failstop.c:38:3 (process 0, thread 1)
#include <pthread.h>
#include <stdio.h>
int x, y;
pthread_barrier_t sync2;
#define SYNC pthread_barrier_wait(&sync2)
void *one(void *arg) {
  thru {
    SYNC;
    SYNC;
    x = 1;
  } passert(!RW(x));
  thru {
    SYNC;
    SYNC;
    y = 1;
  } passert(!RW(y));
  return arg;
}
void *two(void *arg) {
  SYNC;
  x = 2;
  SYNC;
  SYNC;
  y = 2;
  SYNC;
  return arg;
}
int main(void) {
  pthread_t a, b;
  pthread_barrier_init(&sync2, NULL, 2);
  pthread_create(&a, NULL, one, NULL);
  pthread_create(&b, NULL, two, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  printf("main: both threads joined\n");
  return 0;
}
