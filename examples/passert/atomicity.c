/*
 * atomicity.c -- the statement atomicity problem (INCORRECT).
 *
 * Source: seed 003, Example II-a (two threads execute x++ on a shared x,
 * initially 0) and Example II-b (the assertion
 * "thru { x++; } passert(!RW(x));" in thread A).  Completed minimally with
 * pthreads; thread B runs the plain x++.  Not C: thru/passert.
 *     chorus verify atomicity.c     (expect: passert violated)
 * The fixed version is atomicity_locked.c.
 */
#include <pthread.h>

int x = 0;

void *thread_a(void *arg) {
  thru {
    x++;
  } passert(!RW(x));
  return arg;
}

void *thread_b(void *arg) {
  x++;
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
