// Arrays longer than the literal limit (1024 elements: chains of writes,
// lib/exec/DESIGN-NOTES.md "Concrete code at full speed") filled by loops
// whose moves run in place inside chains, then: memset and memcpy of
// slices, an MPI_Send/MPI_Recv of a slice, a write at a symbolic index after
// the concrete ones, and reads back. Broken variants: an access one past
// the end at the last iteration of a loop, a wrong expectation after the
// memcpy, a wrong expectation about the symbolic write.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DOOB | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DCOPY | FileCheck %s --check-prefix=COPY
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSYM | FileCheck %s --check-prefix=SYM
// OK: verdict: verified
// OOB: verdict: violation OUT_OF_BOUNDS at {{.*}}big_arrays.c:41:10 (process 0)
// COPY: verdict: violation ASSERTION at {{.*}}big_arrays.c:54:3 (process 0)
// SYM: verdict: violation ASSERTION at {{.*}}big_arrays.c:74:5 (process 1)
#include <assert.h>
#include <chorus.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#define N 5000
#define M 3000
int a[N];

int main(int argc, char** argv) {
  int rank, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int* b = malloc(M * sizeof(int));
  for (i = 0; i < N; i++)
    a[i] = i + 1;
  for (i = 0; i < M; i++)
    b[i] = -i;
#ifdef OOB
#define LAST N
#else
#define LAST (N - 1)
#endif
  for (i = 0; i <= LAST; i++)
    a[i] = a[i] * 2; /* a[i] = 2i + 2 */
  memset(a + 100, 0, 50 * sizeof(int));
  assert(a[99] == 200 && a[100] == 0 && a[149] == 0 && a[150] == 302);
  memcpy(b + 1000, a + 4000, 1000 * sizeof(int));
  assert(b[999] == -999 && b[1000] == 8002 && b[1999] == 10000 && b[2000] == -2000);
  if (rank == 0) {
    MPI_Send(a + 2500, 1500, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(b + 1500, 1500, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(b[1499] == 9000 && b[1500] == 5002 && b[2999] == 8000);
  }
  /* the slice kept on rank 0, received over on rank 1 */
#ifdef COPY
  assert(b[1000] == 8000);
#endif
  for (i = 0; i < N; i++)
    if (i < 100 || i >= 150)
      assert(a[i] == 2 * i + 2);
  int k = chorus_nondet_int();
  chorus_assume(k >= 10 && k < N);
  a[k] = -7;
  assert(a[k] == -7);
  assert(a[5] == 12);
  if (k == 4321)
    assert(a[4321] == -7);
  else
    assert(a[4321] == 8644);
  if (rank == 1) {
    int s = 0;
    for (i = 4990; i < N; i++)
      s += a[i];
      /* 9982 + 9984 + ... + 10000, unless k is one of them */
#ifdef SYM
    assert(s == 99910);
#else
    assert(k < 4990 || s == 99910 - (2 * k + 2) - 7);
    assert(k >= 4990 || s == 99910);
#endif
  }
  free(b);
  MPI_Finalize();
  return 0;
}
