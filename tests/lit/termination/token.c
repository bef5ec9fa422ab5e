// Two threads that livelock: they pass a turn back and forth, each waiting
// (spinning) for its turn, until 4 hits have been counted; but the hit is
// never counted (the increment is missing), so they pass the turn forever.
// Both threads move in every round: a fair cycle, NONTERMINATION (the
// native run hangs: killed after 3 s, exit 124). The search also meets the
// unfair cycles of one thread spinning while the other could pass the turn;
// those are no hang of the real program and are not reported.
// -DFIXED: each pass counts a hit: verified, the native run exits 0.
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s --quiet --no-dpor | FileCheck %s
// RUN: %expect-exit 124 %native --timeout 3 %s
// RUN: %expect-exit 0 %chorus verify %s -DFIXED --quiet | FileCheck %s --check-prefixes=FIXED,PROMISE
// RUN: %expect-exit 0 %chorus verify %s -DFIXED --quiet --no-dpor-termination | FileCheck %s --check-prefixes=FIXED,NOPROMISE
// RUN: %expect-exit 0 %chorus verify %s -DFIXED --quiet --no-dpor | FileCheck %s --check-prefixes=FIXED,PROMISE
// RUN: %expect-exit 0 %native -DFIXED %s
// CHECK: verdict: violation NONTERMINATION at {{.*}}token.c:30:7 (process 0, thread 2)
// FIXED: verdict: verified
#include <pthread.h>
#include <stdatomic.h>

static atomic_int turn, hits;

static void* player(void* arg) {
  int me = (int)(long)arg;
  while (atomic_load(&hits) < 4) {
    if (atomic_load(&turn) == me) {
#ifdef FIXED
      atomic_fetch_add(&hits, 1);
#endif
      atomic_store(&turn, 1 - me);
    }
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, player, (void*)0L);
  pthread_create(&b, 0, player, (void*)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
// PROMISE-NEXT: every explored execution terminates: the explored state graph has no fair cycle
// NOPROMISE-NOT: every explored execution terminates
