// A correct program built with `chorus cc` runs as with mpicc, and the MPI
// run-time checker sees no violation (the verifier agrees).
// RUN: %chorus cc -g %s -o %t
// RUN: env CHORUS_RT_TIMEOUT=5 %mpirun -n 4 %t 2>&1 | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet | FileCheck %s --check-prefix=VERIFY
// CHECK: sum 6 received 3
// CHECK: chorus-rt: no violation seen in {{[0-9]+}} MPI calls on 4 ranks
// VERIFY: verdict: verified
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, size, x, s = 0, y = -1;
  MPI_Comm half;
  MPI_Request r;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  x = rank;
  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Irecv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &r);
  MPI_Send(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Bcast(&s, 1, MPI_INT, 0, half);
  MPI_Comm_free(&half);
  assert(s == size * (size - 1) / 2 && y == (rank + size - 1) % size);
  if (rank == 0)
    printf("sum %d received %d\n", s, y);
  MPI_Finalize();
  return 0;
}
