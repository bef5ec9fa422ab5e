// Collective assertions reached in different orders (seed 000 Def. 4 (1)).
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DFIXED | FileCheck %s --check-prefix=OK
// CHECK: verdict: violation COLLECTIVE_ORDER at {{.*}}order.c:20:14 (process 1)
// CHECK: different orders
// OK: verdict: verified
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifndef FIXED
  if (rank == 0) {
#pragma TASS collective assert A x == 1;
    x = 2;
#pragma TASS collective assert B x == 2;
    x = 3;
  } else {
#pragma TASS collective assert B x == 1;
    x = 2;
#pragma TASS collective assert A x == 2;
    x = 3;
  }
#else
  {
#pragma TASS collective assert A x == 1;
    x = 2;
#pragma TASS collective assert B x == 2;
    x = 3;
  }
#endif
  MPI_Finalize();
  return 0;
}
