/* The run-time meaning of chorus.h's intrinsics (runtime/include/chorus.h):
 * PID and NPROCS, checked chorus_assert/chorus_assume, nondeterministic
 * values from rand(), atomic sections as one process-wide lock. */
#define _GNU_SOURCE
#include "rt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int chorus_rt_pid(void) {
  int r = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

int chorus_rt_nprocs(void) {
  int n = 1;
  PMPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}

void chorus_rt_assert_fail(const char* cond, const char* file, int line) {
  rt_violation_at("ASSERTION", file, line, "assertion '%s' is false", cond);
}

void chorus_rt_assume_fail(const char* cond, const char* file, int line) {
  static struct {
    const char* file;
    int line;
  } seen[64];
  for (int i = 0; i < 64; ++i) { /* one note per call site */
    if (seen[i].file == file && seen[i].line == line)
      return;
    if (!seen[i].file) {
      seen[i].file = file;
      seen[i].line = line;
      break;
    }
  }
  char who[32];
  rt_who(rt_rank, who, sizeof who);
  fprintf(stderr,
          "chorus-rt: note: assumption '%s' is false at %s:%d (%s): this run is outside "
          "the inputs the verifier considered\n",
          cond, file, line, who);
}

static void seed(void) {
  static int done;
  if (done)
    return;
  done = 1;
  const char* s = getenv("CHORUS_RT_SEED");
  srand((unsigned)(s ? atoi(s) : 1) + (unsigned)(rt_rank > 0 ? rt_rank : 0));
}

long long chorus_rt_nondet(long long lo, long long hi) {
  seed();
  unsigned long long span = (unsigned long long)hi - (unsigned long long)lo;
  unsigned long long r = ((unsigned long long)rand() << 31) ^ (unsigned long long)rand();
  return span == ~0ULL ? (long long)r : (long long)((unsigned long long)lo + r % (span + 1));
}

double chorus_rt_nondet_real(void) {
  seed();
  return (double)rand() / RAND_MAX * 2000.0 - 1000.0;
}

static pthread_mutex_t atomic_lock = PTHREAD_MUTEX_INITIALIZER;
void __VERIFIER_atomic_begin(void) {
  pthread_mutex_lock(&atomic_lock);
}
void __VERIFIER_atomic_end(void) {
  pthread_mutex_unlock(&atomic_lock);
}
