// A 2-D variable-length array (local, or malloc'd rows through `double
// (*u)[n]`) as one MPI buffer of m * n elements from &u[0][0]: the
// elements carry into the next row as for constant-length rows. Before,
// the row length of a VLA was not known there and the buffer was
// OUT_OF_BOUNDS at the second row (found by the new-user trial); one
// element more than the array holds still is a violation.
// RUN: %native -n 2 %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s -n 2 --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DOVER | FileCheck %s --check-prefix=OVER
// OUT: 1 5 105
// OK: verdict: verified
// OVER: verdict: violation OUT_OF_BOUNDS at {{.*}}vla_buffer.c:34:5 (process 0)
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef OVER
#define EXTRA 1
#else
#define EXTRA 0
#endif

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int m = 3, n = 2;
  double (*u)[n] = malloc(sizeof(double[m][n]));
  double w[m][n];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      u[i][j] = w[i][j] = rank * 100 + i * n + j;
  if (rank == 0) {
    MPI_Send(&u[0][0], m * n + EXTRA, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    MPI_Send(&w[0][0], m * n, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&u[0][0], m * n + EXTRA, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&w[0][0], m * n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("%g %g %g\n", u[0][1], w[2][1], u[2][1] + w[2][1] - 5 + 100);
  }
  free(u);
  MPI_Finalize();
  return 0;
}
