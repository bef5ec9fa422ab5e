// JOIN_MISUSE: joining a thread twice, joining a detached thread (created
// detached, or detached later), detaching a joined thread. Joining itself
// is EDEADLK (defined by POSIX). The correct form is cross-checked with
// the gcc-compiled run (the broken ones are undefined behaviour there).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTWICE | FileCheck %s --check-prefix=TWICE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDETACHED | FileCheck %s --check-prefix=DETACHED
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLATER | FileCheck %s --check-prefix=LATER
// RUN: %expect-exit 1 %chorus verify %s --quiet -DDETACH_JOINED | FileCheck %s --check-prefix=DJ
// OK: verdict: verified
// TWICE: verdict: violation JOIN_MISUSE at {{.*}}join_misuse.c:44:3 (process 0)
// TWICE: pthread_join of t, a thread that was already joined (or never created)
// DETACHED: verdict: violation JOIN_MISUSE at {{.*}}join_misuse.c:52:3 (process 0, thread 0)
// DETACHED: pthread_join of d (thread 1), a detached thread
// LATER: verdict: violation JOIN_MISUSE at {{.*}}join_misuse.c:58:3 (process 0, thread 0)
// LATER: pthread_join of t (thread 2), a detached thread
// DJ: verdict: violation JOIN_MISUSE at {{.*}}join_misuse.c:63:3 (process 0)
// DJ: pthread_detach of t, a thread already joined
#include <assert.h>
#include <errno.h>
#include <pthread.h>

pthread_t self_id;

void *job(void *arg) { return arg; }

void *self_join(void *arg) {
  assert(pthread_join(pthread_self(), NULL) == EDEADLK);
  return arg;
}

int main(void) {
  pthread_t t, d;
  pthread_attr_t attr;
  void *r;
  int st;
  pthread_create(&t, NULL, self_join, (void *)5);
  pthread_join(t, &r);
  assert(r == (void *)5);
  pthread_create(&t, NULL, job, NULL);
  pthread_join(t, NULL);
#ifdef TWICE
  pthread_join(t, NULL);
#endif
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_getdetachstate(&attr, &st);
  assert(st == PTHREAD_CREATE_DETACHED);
  pthread_create(&d, &attr, job, NULL);
#ifdef DETACHED
  pthread_join(d, NULL);
#endif
  pthread_attr_destroy(&attr);
  pthread_create(&t, NULL, job, NULL);
  pthread_detach(t);
#ifdef LATER
  pthread_join(t, NULL);
#endif
  pthread_create(&t, NULL, job, NULL);
  pthread_join(t, NULL);
#ifdef DETACH_JOINED
  pthread_detach(t);
#endif
  return 0;
}
