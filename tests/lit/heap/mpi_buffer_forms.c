// The same buffer written four ways: &a (a pointer to the whole array),
// &a[0], (void *)&a, a heap block; and a two-dimensional array sent as a
// flat buffer of its 6 elements (d, &d[0][0]). Each is received the same
// ways. The broken variants send one element too many from each form.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DEXTRA=1 -DFORM=0 | FileCheck %s --check-prefix=BAD0
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DEXTRA=1 -DFORM=1 | FileCheck %s --check-prefix=BAD1
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DEXTRA=1 -DFORM=2 | FileCheck %s --check-prefix=BAD2
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DEXTRA=1 -DFORM=3 | FileCheck %s --check-prefix=BAD3
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DEXTRA=1 -DFORM=4 | FileCheck %s --check-prefix=BAD4
// RUN: %mpicc %s -o %t && %mpirun -n 2 %t
// OK: verdict: verified
// BAD0: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_buffer_forms.c:43:5 (process 0)
// BAD1: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_buffer_forms.c:44:5 (process 0)
// BAD2: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_buffer_forms.c:45:5 (process 0)
// BAD3: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_buffer_forms.c:46:5 (process 0)
// BAD4: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_buffer_forms.c:47:5 (process 0)
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#ifndef EXTRA
#define EXTRA 0
#define FORM -1
#endif
#define X(f) ((f) == FORM ? EXTRA : 0)

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int a[4], b[4], c[4], d[2][3];
  int *h = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) {
    a[i] = rank ? 0 : i + 1;
    b[i] = rank ? 0 : i + 1;
    c[i] = rank ? 0 : i + 1;
    h[i] = rank ? 0 : i + 1;
  }
  for (int i = 0; i < 6; i++)
    d[i / 3][i % 3] = rank ? 0 : i;
  if (rank == 0) {
    MPI_Send(&a, 4 + X(0), MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(&b[0], 4 + X(1), MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Send((void *)&c, 4 + X(2), MPI_INT, 1, 2, MPI_COMM_WORLD);
    MPI_Send(d, 6 + X(3), MPI_INT, 1, 3, MPI_COMM_WORLD);
    MPI_Send(h, 4 + X(4), MPI_INT, 1, 4, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&a, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&b[0], 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv((void *)&c, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&d[0][0], 6, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(h, 4, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 0; i < 4; i++)
      assert(a[i] == i + 1 && b[i] == i + 1 && c[i] == i + 1 && h[i] == i + 1);
    assert(d[0][0] == 0 && d[1][0] == 3 && d[1][2] == 5);
  }
  free(h);
  MPI_Finalize();
  return 0;
}
