// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 2 %s
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  unsigned u = 4000000000u, s = 0;
  unsigned char c = (unsigned char)(200 + rank), p = 0;
  MPI_Allreduce(&u, &s, 1, MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&c, &p, 1, MPI_UNSIGNED_CHAR, MPI_PROD, MPI_COMM_WORLD);
  assert(s == 3705032704u && p == 8);
  MPI_Finalize();
  return 0;
}
