// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: violation ASSERTION at {{.*}}split_wrong_rank_assert.c:14:8 (process 0)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &sub);
  int sr;
  MPI_Comm_rank(sub, &sr);
  /*@*/assert(sr == rank);
  MPI_Comm_free(&sub);
  MPI_Finalize();
  return 0;
}
