// Moves a fair run makes only finitely often. Main waits on a condition
// variable in the usual loop; chorus explores spurious wake-ups, so the
// search meets the cycle "wake up spuriously, find !ready, wait again",
// during which the signalling thread is blocked on the mutex at some
// states (weak fairness owes it nothing). That cycle is fair for the weak
// fairness of threads; it is no hang because a spurious wake-up is not
// owed (lib/exec/DESIGN-NOTES.md, "Termination: fair components": excused
// moves). Likewise a weak compare-and-swap loop whose spurious failures
// repeat a state. With the local-move reduction every component of the
// state graph is checked: verified, and termination is promised. Under the
// DPOR (the default) the same check runs after the DPOR's search (a search
// with the local-move reduction): promised too; with --no-dpor-termination
// verified without the promise. The native run exits 0.
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor | FileCheck %s --check-prefix=PROMISE
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=PROMISE
// RUN: %expect-exit 0 %chorus verify %s --quiet --no-dpor-termination | FileCheck %s --check-prefix=NOPROMISE
// RUN: %expect-exit 0 %native %s
// PROMISE: verdict: verified
// PROMISE-NEXT: every explored execution terminates: the explored state graph has no fair cycle
// NOPROMISE: verdict: verified
// NOPROMISE-NOT: every explored execution terminates
#include <pthread.h>
#include <stdatomic.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;
static atomic_int count;

static void* worker(void* arg) {
  (void)arg;
  int old = atomic_load(&count);
  while (!atomic_compare_exchange_weak(&count, &old, old + 1))
    ;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, worker, 0) != 0)
    return 1;
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
  pthread_join(t, 0);
  return atomic_load(&count) == 1 ? 0 : 1;
}
