// LR, the asserting thread's own read, in parallel assertions (seed 003
// §III: LW/RW/LR/RR observe the current event; HASOCCURRED latches it for
// the rest of the instance). A reader takes w under the lock and asserts
// that once it has read w (HASOCCURRED(LR(w))), no other thread writes w
// while the region is live; a writer writes w under the lock: verified,
// and the gcc run (thru and passert defined away) terminates.
// Broken: -DEARLY the reader lets the lock go inside the region, so the
// writer's write can come after its read: PARALLEL_ASSERTION naming the
// write; -DREAD a region that must not read w (passert(!LR(w))) reads it:
// PARALLEL_ASSERTION naming the reader's own read.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -Dthru= '-Dpassert(e)=;' '-DLR(x)=0' '-DRW(x)=0' '-DHASOCCURRED(e)=0' %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DEARLY | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s --quiet -DREAD | FileCheck %s --check-prefix=READ
// OK: verdict: verified
// EARLY: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_lr.c:31:3 (process 0, thread 1)
// EARLY: parallel assertion '!HASOCCURRED(LR(w)) || !RW(w)' of thread 1 fails after the write of w by thread 2 at {{.*}}passert_lr.c:52:5
// READ: verdict: violation PARALLEL_ASSERTION at {{.*}}passert_lr.c:39:3 (process 0, thread 1)
// READ: parallel assertion '!LR(w)' of thread 1 fails after the read of w by thread 1 at {{.*}}passert_lr.c:41:10
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static int w, copy, seen;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg) {
  (void)arg;
  int v = 0;
  pthread_mutex_lock(&m);
  thru {
    v = w;
#ifdef EARLY
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
#endif
  } passert(!HASOCCURRED(LR(w)) || !RW(w));
  pthread_mutex_unlock(&m);
  thru {
#ifdef READ
    seen = w;
#else
    seen = v;
#endif
  } passert(!LR(w));
  return NULL;
}

static void *writer(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  w = 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, reader, NULL);
  pthread_create(&b, NULL, writer, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  copy = seen;
  assert(copy == 0 || copy == 1);
  return 0;
}
