/*
 * thread_safety.c -- the thread safety problem (INCORRECT).
 *
 * Source: seed 003, Example III-a (thread B reads buf without taking the
 * lock) and Example III-b (thread A's assertion
 * "thru { buf.val = foo; ... buf.size = foosize; } passert(!RR(buf) &&
 * !RW(buf));" inside lock/unlock).  In the seed's III-b listing thread
 * B's two reads are printed between A's two writes, as a timeline; here
 * they are in thread B.  lock/unlock are pthread_mutex_lock/unlock on
 * buf.lock.  Not C: thru/passert.
 *     chorus verify thread_safety.c    (expect: passert violated)
 * The fixed version (B takes the lock) is thread_safety_locked.c.
 */
#include <pthread.h>

struct buffer {
  pthread_mutex_t lock;
  int size;
  int val;
} buf = { PTHREAD_MUTEX_INITIALIZER, 0, 0 };

int foo = 42, foosize = 1;
int tempSize, tempVal;

void *thread_a(void *arg) {
  pthread_mutex_lock(&buf.lock);
  thru {
    buf.val = foo;
    buf.size = foosize;
  } passert(!RR(buf) &&
            !RW(buf));
  pthread_mutex_unlock(&buf.lock);
  return arg;
}

void *thread_b(void *arg) {
  /* Cheating thread didn't acquire lock */
  tempSize = buf.size;
  tempVal = buf.val;
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
