// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int i = rank; double d = rank + 0.5;
  struct { int i; double d; } in;
  int sc[2] = {0, 0}, sd[2] = {0, 0}, rc[2] = {0, 0}, rd[2] = {0, 0};
  MPI_Datatype st[2] = {MPI_INT, MPI_INT}, rt[2] = {MPI_INT, MPI_INT};
  /* rank 0 sends its int to 1, rank 1 sends its double to 0 */
  if (rank == 0) { sc[1] = 1; rc[1] = 1; rt[1] = MPI_DOUBLE; rd[1] = 8; }
  else { sc[0] = 1; st[0] = MPI_DOUBLE; rc[0] = 1; }
  MPI_Alltoallw(rank == 0 ? (void *)&i : (void *)&d, sc, sd, st, &in, rc, rd, rt, MPI_COMM_WORLD);
  if (rank == 0) assert(in.d == 1.5);
  else assert(in.i == 0);
  MPI_Finalize();
  return 0;
}
