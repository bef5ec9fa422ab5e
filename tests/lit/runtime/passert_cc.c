// `chorus cc` and parallel assertions: a region whose condition the
// run-time checker cannot evaluate is named in a warning (file:line:col)
// and runs unchecked; thru/passert in comments and strings are left alone;
// lines stay where they were (the violation names the `thru` line); the
// run's JSON report (CHORUS_RT_REPORT) has the violation and the summary.
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s --check-prefix=CC
// RUN: rm -f %t.json
// RUN: env CHORUS_RT_REPORT=%t.json %expect-exit 1 %t 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s --check-prefix=VERIFY
// CC: passert_cc.c:[[@LINE+13]]:3: warning: chorus cc: this parallel assertion is not checked at run time: '*' (the run-time checker evaluates !, &&, ||, ==>, comparisons of locations and constants, LW/RW/LR/RR and HASOCCURRED) (`chorus verify` checks it)
// CC-NOT: warning
// CHECK: chorus-rt: violation PARALLEL_ASSERTION at {{.*}}passert_cc.c:29 (thread 1): parallel assertion 'x == 0 || HASOCCURRED(LW(x))' of thread 1 fails after the write of x by thread 2
// JSON: {"tool": "chorus-rt", "kind": "PARALLEL_ASSERTION", "file": "{{.*}}passert_cc.c", "line": 29, "column": 3, "thread": 1, "message": "parallel assertion 'x == 0 || HASOCCURRED(LW(x))' of thread 1 fails after the write of x by thread 2{{.*}}"}
// JSON: {"tool": "chorus-rt", "summary": {"violations": 1, "passert_instances": 1, "events": {{[0-9]+}}}}
// VERIFY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_cc.c:29:3 (process 0, thread 1)
#include <pthread.h>

int x, y;
pthread_barrier_t meet;
const char *doc = "thru { } passert(!RW(y));"; /* thru { } passert(0); */

void *a(void *arg) {
  thru {
    y = 1;
  } passert(y * 2 == 2 ||
            y == 0);
  /* the second region: thread 2 writes x while it is live */
  thru {
    pthread_barrier_wait(&meet);
    pthread_barrier_wait(&meet);
  } passert(x == 0 || HASOCCURRED(LW(x)));
  return arg;
}

void *b(void *arg) {
  pthread_barrier_wait(&meet);
  x = 1;
  pthread_barrier_wait(&meet);
  return arg;
}

int main(void) {
  pthread_t t1, t2;
  pthread_barrier_init(&meet, NULL, 2);
  pthread_create(&t1, NULL, a, NULL);
  pthread_create(&t2, NULL, b, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}
