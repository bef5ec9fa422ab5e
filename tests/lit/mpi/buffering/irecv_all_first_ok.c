// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y[3] = {0, 0, 0};
  MPI_Request r[3];
  int k = 0;
  for (int i = 0; i < size; i++) if (i != rank) MPI_Irecv(&y[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &r[k++]);
  for (int i = 0; i < size; i++) if (i != rank) MPI_Send(&x, 1, MPI_INT, i, 0, MPI_COMM_WORLD);
  MPI_Waitall(k, r, MPI_STATUSES_IGNORE);
  for (int i = 0; i < size; i++) if (i != rank) assert(y[i] == i);
  MPI_Finalize();
  return 0;
}
