// ACSL function contracts of functions that threads call (lib/exec/
// DESIGN-NOTES.md, "Annotations and threads"). A contract is checked in
// the frames of the calling thread: `requires` at the call and `ensures` at
// the return read shared memory as it is at that moment, whatever the
// other threads did in between (a claim under interference, as a loop
// invariant in a thread); in a program that creates threads, `assigns`
// bounds the writes of the calling thread while the function is active in
// it (in it or its callees), each checked at the move that makes it, so
// the other threads' writes meanwhile are not the function's. Two workers
// add their id to a shared count under a lock through add (`assigns *p`,
// `ensures *p == \old(*p) + k`) and inc (`assigns \nothing`), while main
// writes another global: verified (the gcc run agrees); -DLOCKEDOK:
// addLocked takes the lock itself and promises `count >= \old(count) + k`
// (its lock and unlock change the mutex's fields, which are not program
// writes): verified.
// Broken:
//  -DREQUIRES   a worker calls inc(-k): PRECONDITION at the call, thread 1;
//  -DENSURES    inc returns n + 2: POSTCONDITION at its return, thread 1
//               (the gcc run's final assertion fails too);
//  -DASSIGNS    add also writes `last`: ASSIGNS at that write, thread 1;
//  -DRESTORE    add sets another global and restores it: ASSIGNS at the
//               first write (other threads can see the temporary value);
//  -DSTARTREQ   the start routine requires a null argument: PRECONDITION
//               at the pthread_create that starts it (process 0, thread 0);
//  -DINTERFERE  addLocked promises `count == \old(count) + k`, but the
//               other worker may add between its unlock and its return:
//               POSTCONDITION at the return, thread 2.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 0 %chorus verify %s --quiet -DINTERFERE -DLOCKEDOK | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -DINTERFERE -DLOCKEDOK %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DREQUIRES | FileCheck %s --check-prefix=PRECOND
// RUN: %expect-exit 1 %chorus verify %s --quiet -DENSURES | FileCheck %s --check-prefix=ENSURES
// RUN: %expect-exit 134 %native -DENSURES %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DASSIGNS | FileCheck %s --check-prefix=ASSIGNS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DRESTORE | FileCheck %s --check-prefix=RESTORE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DINTERFERE | FileCheck %s --check-prefix=INTERFERE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSTARTREQ | FileCheck %s --check-prefix=STARTREQ
// OK: verdict: verified
// PRECOND: verdict: violation PRECONDITION at {{.*}}contract_thread.c:113:11 (process 0, thread 1)
// PRECOND: the precondition 'requires 0 <= n ({{.*}}contract_thread.c:58:5)' of 'inc' may not hold at this call
// ENSURES: verdict: violation POSTCONDITION at {{.*}}contract_thread.c:63:3 (process 0, thread 1)
// ASSIGNS: verdict: violation ASSIGNS at {{.*}}contract_thread.c:79:8 (process 0, thread 1)
// ASSIGNS: 'last' changed (from 0 to 1) but is not in 'assigns *p ({{.*}}contract_thread.c:71:5)' of 'add' (a write of thread 1 while 'add' is active in it)
// RESTORE: verdict: violation ASSIGNS at {{.*}}contract_thread.c:74:9 (process 0, thread 1)
// RESTORE: 'other' changed (from {{[05]}} to 1) but is not in 'assigns *p
// INTERFERE: verdict: violation POSTCONDITION at {{.*}}contract_thread.c:94:1 (process 0, thread 2)
// INTERFERE: the postcondition 'ensures count == \old(count) + k
// STARTREQ: verdict: violation PRECONDITION at {{.*}}contract_thread.c:126:5 (process 0, thread 0)
// STARTREQ: the precondition 'requires arg == NULL ({{.*}}contract_thread.c:99:5)' of 'work' may not hold at this call
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count, other, last;

/*@ requires 0 <= n;
    ensures \result == n + 1;
    assigns \nothing; */
static int inc(int n) {
#ifdef ENSURES
  return n + 2;
#else
  return n + 1;
#endif
}

/*@ requires p != \null;
    ensures *p == \old(*p) + k;
    assigns *p; */
static void add(int *p, int k) {
#ifdef RESTORE
  other = 1; /* a temporary change, visible to the other threads */
  other = 0;
#endif
  *p += k;
#ifdef ASSIGNS
  last = k;
#endif
}

#ifdef LOCKEDOK
/*@ ensures count >= \old(count) + k;
    assigns count; */
#else
/*@ ensures count == \old(count) + k;
    assigns count; */
#endif
static void addLocked(int k) {
  pthread_mutex_lock(&m);
  count += k;
  pthread_mutex_unlock(&m);
}

/* the start routine's contract: checked in the new thread, at its creation
   (requires) and at its return (ensures) */
#ifdef STARTREQ
/*@ requires arg == \null;
    ensures \result == \null; */
#else
/*@ requires arg != \null;
    ensures \result == \null; */
#endif
static void *work(void *arg) {
  int k = *(int *)arg;
#ifdef INTERFERE
  addLocked(k);
#else
  pthread_mutex_lock(&m);
  add(&count, k);
#ifdef REQUIRES
  count = inc(-k) + k + count - 1;
#else
  count = inc(count) - 1;
#endif
  pthread_mutex_unlock(&m);
#endif
  return NULL;
}

int main(void) {
  static int ids[2] = {1, 2};
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, work, &ids[i]);
  other = 5; /* main's write while the workers' functions are active */
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  assert(count == 3 && inc(count) == 4);
  return 0;
}
