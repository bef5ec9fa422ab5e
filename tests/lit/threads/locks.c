// Read-write locks, spin locks and pthread_once: readers share a table
// under a read lock while a writer updates it under the write lock, a
// counter under a spin lock, an initialization run exactly once
// (verified; cross-checked with the gcc-compiled run). Broken: the writer
// takes only the read lock (-DREADWRITE: DATA_RACE), initialization by
// every thread without pthread_once (-DNOONCE: DATA_RACE), an unlock of a
// read-write lock nobody holds (-DRWUNLOCK) and a spin lock taken twice by
// its holder (-DSPINTWICE): LOCK_MISUSE.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DREADWRITE | FileCheck %s --check-prefix=RW
// RUN: %expect-exit 1 %chorus verify %s --quiet -DNOONCE | FileCheck %s --check-prefix=ONCE
// RUN: %expect-exit 1 %chorus verify %s --quiet -DRWUNLOCK | FileCheck %s --check-prefix=RWU
// RUN: %expect-exit 1 %chorus verify %s --quiet -DSPINTWICE | FileCheck %s --check-prefix=SPIN
// OK: verdict: verified
// RW: verdict: violation DATA_RACE at {{.*}}locks.c:41:11 (process 0, thread 3)
// ONCE: verdict: violation DATA_RACE at {{.*}}locks.c:32:25 (process 0, thread 3)
// RWU: verdict: violation LOCK_MISUSE at {{.*}}locks.c:64:3 (process 0, thread 2)
// RWU: unlock of the read-write lock &table_lock, which is not locked
// SPIN: verdict: violation LOCK_MISUSE at {{.*}}locks.c:46:3 (process 0, thread 1)
// SPIN: relock of the spin lock &spin by the thread that holds it
#include <assert.h>
#include <pthread.h>

int table[2];
int inits = 0;
int hits = 0;
pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
pthread_spinlock_t spin;
pthread_once_t once = PTHREAD_ONCE_INIT;

void init(void) { inits = inits + 1; }

void *reader(void *arg) {
#ifdef NOONCE
  init();
#else
  pthread_once(&once, init);
#endif
  pthread_rwlock_rdlock(&table_lock);
  int s = table[0] + table[1];
  pthread_rwlock_unlock(&table_lock);
  assert(s == 0 || s == 2);
  pthread_spin_lock(&spin);
#ifdef SPINTWICE
  pthread_spin_lock(&spin);
#endif
  hits = hits + 1;
  pthread_spin_unlock(&spin);
  return arg;
}

void *writer(void *arg) {
  pthread_once(&once, init);
#ifdef READWRITE
  pthread_rwlock_rdlock(&table_lock);
#else
  pthread_rwlock_wrlock(&table_lock);
#endif
  table[0] = 1;
  table[1] = 1;
  pthread_rwlock_unlock(&table_lock);
#ifdef RWUNLOCK
  pthread_rwlock_unlock(&table_lock);
#endif
  return arg;
}

int main(void) {
  pthread_t r1, r2, w;
  pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
  pthread_create(&r1, NULL, reader, NULL);
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r2, NULL, reader, NULL);
  pthread_join(r1, NULL);
  pthread_join(w, NULL);
  pthread_join(r2, NULL);
  assert(inits == 1 && hits == 2);
  pthread_spin_destroy(&spin);
  pthread_rwlock_destroy(&table_lock);
  return 0;
}
