// Parallel assertions (seed 003): `thru { ... } passert(e)` checked after
// every event of every thread while the instance is live, over every
// interleaving. The region is dynamic (the call to bump() counts), ends on
// every way out (the return in step(), the break in the loop), nests, and
// its HASOCCURRED latches are reset at each BEGIN. Native runs: the program
// with thru/passert defined away (it is then C), under gcc.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DOUTSIDE | FileCheck %s --check-prefix=OUTSIDE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNESTED | FileCheck %s --check-prefix=NESTED
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLATCH | FileCheck %s --check-prefix=LATCH
// RUN: %expect-exit 0 %native -Dthru= '-Dpassert(e)=;' '-DLW(x)=0' '-DRW(x)=0' '-DRR(x)=0' '-DHASOCCURRED(e)=0' %s
// OK: verdict: verified
// OUTSIDE: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:39:3 (process 0, thread 1)
// OUTSIDE: parallel assertion '!RW(x)' of thread 1 fails after the write of x by thread 2 at {{.*}}passert.c:85:5
// NESTED: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:56:7 (process 0, thread 1)
// NESTED: parallel assertion '!RR(y)' of thread 1 fails after the read of y by thread 2 at {{.*}}passert.c:86:5
// LATCH: verdict: violation PARALLEL_ASSERTION at {{.*}}passert.c:70:5 (process 0, thread 1)
// LATCH: parallel assertion '!LW(z) || !HASOCCURRED(RW(z))' of thread 1 fails after the write of z by thread 1 at {{.*}}passert.c:76:9
#include <pthread.h>

int x, y, z;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void bump(int *p) { *p = *p + 1; }

int step(int k) {
  thru {
    bump(&x);
    if (k)
      return 1; // ends the region
    bump(&x);
  } passert(!RW(x));
  return 0;
}

void *owner(void *arg) {
  pthread_mutex_lock(&lock);
#ifdef OUTSIDE
  thru {
    pthread_mutex_unlock(&lock);
    x = 7;
  } passert(!RW(x));
#else
  step(1);
  pthread_mutex_unlock(&lock);
#endif
  for (int i = 0; i < 3; i++) {
    pthread_mutex_lock(&lock);
    thru {
      y = i;
      if (i == 1) {
        pthread_mutex_unlock(&lock);
        break; // ends the region
      }
#ifdef NESTED
      thru {
        pthread_mutex_unlock(&lock);
        pthread_mutex_lock(&lock);
      } passert(!RR(y));
#endif
    } passert(!RW(y));
    pthread_mutex_unlock(&lock);
  }
  for (int i = 0; i < 2; i++) {
    int split = 0; // the read and the write of z in two critical sections
#ifdef LATCH
    split = 1;
#endif
    pthread_mutex_lock(&lock);
    thru {
      int seen = z;
      if (split) {
        pthread_mutex_unlock(&lock);
        pthread_mutex_lock(&lock);
      }
      z = seen + 1;
    } passert(!LW(z) || !HASOCCURRED(RW(z)));
    pthread_mutex_unlock(&lock);
  }
  return arg;
}

void *other(void *arg) {
  pthread_mutex_lock(&lock);
  x = x + 1;
  y = y + 1;
  pthread_mutex_unlock(&lock);
  pthread_mutex_lock(&lock);
  z = z + 10;
  pthread_mutex_unlock(&lock);
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, owner, NULL);
  pthread_create(&b, NULL, other, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
