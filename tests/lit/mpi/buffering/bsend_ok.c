// MPI_Buffer_detach returns the attached buffer's address and size (MPI 3.1
// §3.6.1; they were left unset: a false UNINITIALIZED_READ).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %native -n 2 %s
// CHECK: verdict: verified
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x = rank, y = 0;
  static char buf[256];
  MPI_Buffer_attach(buf, 256);
  MPI_Bsend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int sz = 0; void *p;
  MPI_Buffer_detach(&p, &sz);
  assert(y == 1 - rank);
  assert(p == buf && sz == 256);
  MPI_Finalize();
  return 0;
}
