/*
 * blackscholes.c -- a Blackscholes-like do-all loop (seed 003 §VI-B 1):
 * each thread prices its own block of options, with privatized inputs and
 * outputs. The seed's assertion: every privatized element is neither read
 * nor written by another thread while its owner computes it,
 * `thru { ... } passert(!RW(price[i]) && !RR(price[i]) && !RW(spot[i]))`.
 * CORRECT: the blocks are disjoint (verified).
 *
 * -DOVERLAP: the block bounds are off by one (a thread's block ends one
 * element into the next thread's): both threads compute that element, so
 * the assertion fails (the two writes also race; the assertion fails on a
 * shorter interleaving, so chorus reports it first).
 *     chorus verify blackscholes.c              (expect: verified)
 *     chorus verify blackscholes.c -DOVERLAP    (expect: PARALLEL_ASSERTION)
 * Not C: thru/passert.
 */
#include <pthread.h>

#define N 4
#define THREADS 2

int spot[N] = {10, 20, 30, 40};
int strike[N] = {15, 15, 35, 35};
int price[N];

void *price_block(void *arg) {
  int k = *(int *)arg;
  int lo = k * (N / THREADS), hi = (k + 1) * (N / THREADS);
#ifdef OVERLAP
  if (hi < N)
    hi = hi + 1;
#endif
  for (int i = lo; i < hi; i++) {
    thru {
      int s = spot[i], x = strike[i];
      price[i] = s > x ? s - x : 0; /* the option's payoff */
    } passert(!RW(price[i]) && !RR(price[i]) && !RW(spot[i]));
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  int ids[THREADS];
  for (int k = 0; k < THREADS; k++) {
    ids[k] = k;
    pthread_create(&t[k], 0, price_block, &ids[k]);
  }
  for (int k = 0; k < THREADS; k++)
    pthread_join(t[k], 0);
  return 0;
}
