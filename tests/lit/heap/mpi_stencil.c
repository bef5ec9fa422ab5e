// A 1d stencil on a malloc'd buffer with ghost cells: the first typed use of
// the block is the store into u[1] (it used to crash chorus), the ghost
// exchange sends &u[1] and &u[n] and receives into &u[0] and &u[n + 1]. The
// broken variant receives one cell past the block. Verified programs run
// under Open MPI too.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %mpicc %s -o %t && %mpirun -n 3 %t
// RUN: %mpicc -fsanitize=address -DBROKEN %s -o %t.bad && not %mpirun -n 2 %t.bad 2>&1 | FileCheck %s --check-prefix=ASAN
// OK: verdict: verified
// ASAN: heap-buffer-overflow
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_stencil.c:34:3 (process 0)
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#define N 4

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double *u = malloc((N + 2) * sizeof(double));
  for (int i = 1; i <= N; i++)
    u[i] = rank * 10 + i;
  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[N + 1], 1, MPI_DOUBLE, right, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifndef BROKEN
  MPI_Sendrecv(&u[N], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(&u[N - 1], 2, MPI_DOUBLE, right, 1, &u[N + 1], 2, MPI_DOUBLE, left, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  assert(u[N + 1] == right * 10 + 1);
  assert(u[0] == left * 10 + N);
  double s = 0;
  for (int i = 1; i <= N; i++)
    s += u[i - 1] + u[i + 1] - 2 * u[i];
  free(u);
  MPI_Finalize();
  return 0;
}
