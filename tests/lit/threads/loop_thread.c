// ACSL loop annotations in threads other than main: each thread's loop is
// checked at its own arrivals at the loop head, reading shared memory as it
// is then (the other threads' writes in between included: an invariant over
// shared memory must hold under interference). Two workers add 1 to a
// shared count under a lock three times each; the invariant `count >= i`
// (each worker's own additions are there, the other's only add) and the
// variant hold: verified, the gcc run terminates. Main's loop, which joins
// the workers, is annotated too.
// Broken:
//  -DEXACT     invariant `count == i`: the other worker's additions break
//              it between two arrivals: LOOP_INVARIANT, naming the thread;
//  -DVARIANT   `loop variant i`, which grows: LOOP_VARIANT;
//  -DASSIGNS -DNARROW  `loop assigns i` while the loop adds to count:
//              ASSIGNS at the write, naming the thread (in a program with
//              threads `loop assigns` bounds the writes of the thread's
//              moves in the loop; -DASSIGNS, `loop assigns i, count`, is
//              verified: the other worker's writes to count and the
//              mutex's fields changed by lock and unlock are not the
//              loop's writes);
//  -DOBSERVE   a third worker spins over its own counter under the
//              invariant `stop == 0` while main sets stop (atomically):
//              LOOP_INVARIANT (the worker's moves touch only its own
//              variables, but its arrivals at the annotated head observe
//              shared memory, so they are interleaved with main's store);
//  --lise      loop-invariant symbolic execution with threads: `unknown`
//              (not implemented: its loop records and havocs are per
//              process).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DEXACT | FileCheck %s --check-prefix=EXACT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DVARIANT | FileCheck %s --check-prefix=VARIANT
// RUN: %expect-exit 0 %chorus verify %s --quiet -DASSIGNS | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DASSIGNS -DNARROW | FileCheck %s --check-prefix=ASSIGNS
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOBSERVE | FileCheck %s --check-prefix=OBSERVE
// RUN: %expect-exit 2 %chorus verify %s --quiet --lise | FileCheck %s --check-prefix=LISE
// OK: verdict: verified
// EXACT: verdict: violation LOOP_INVARIANT at {{.*}}loop_thread.c:76:7 (process 0, thread 2)
// VARIANT: verdict: violation LOOP_VARIANT at {{.*}}loop_thread.c:77:7 (process 0, thread 1)
// ASSIGNS: verdict: violation ASSIGNS at {{.*}}loop_thread.c:81:10 (process 0, thread 1)
// ASSIGNS: 'count' changed (from 0 to 1) but is not in 'loop assigns i' ({{.*}}loop_thread.c:78:7; a write of thread 1 in the loop)
// OBSERVE: verdict: violation LOOP_INVARIANT at {{.*}}loop_thread.c:92:7 (process 0, thread 3)
// LISE: verdict: unknown (unsupported: loop-invariant symbolic execution (--lise) with threads
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static int count;
static atomic_int stop;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

#ifdef EXACT
#define INV count == i
#else
#define INV count >= i
#endif
#ifdef VARIANT
#define VAR i
#else
#define VAR 3 - i
#endif
#ifdef ASSIGNS
#ifdef NARROW
#define FRAME loop assigns i;
#else
#define FRAME loop assigns i, count;
#endif
#else
#define FRAME
#endif

static void *work(void *arg) {
  (void)arg;
  int i = 0;
  /*@ loop invariant 0 <= i && i <= 3;
      loop invariant INV;
      loop variant VAR;
      FRAME */
  while (i < 3) {
    pthread_mutex_lock(&m);
    count++;
    pthread_mutex_unlock(&m);
    i++;
  }
  return NULL;
}

#ifdef OBSERVE
static void *spin(void *arg) {
  (void)arg;
  int i = 0;
  /*@ loop invariant stop == 0; */
  while (i < 3)
    i++;
  return NULL;
}
#endif

int main(void) {
  pthread_t t[2];
  for (int k = 0; k < 2; k++)
    pthread_create(&t[k], NULL, work, NULL);
#ifdef OBSERVE
  pthread_t u;
  pthread_create(&u, NULL, spin, NULL);
  atomic_store(&stop, 1);
  pthread_join(u, NULL);
#endif
  int j = 0;
  /*@ loop invariant 0 <= j && j <= 2; */
  while (j < 2) {
    pthread_join(t[j], NULL);
    j++;
  }
  assert(count == 6);
  return 0;
}
