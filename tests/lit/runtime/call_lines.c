// A report names the line where the MPI call starts, as the verifier does,
// also when the call's arguments span several lines and its value is used
// (clang gives a function-like macro that spans lines the line of its
// closing parenthesis: chorus_rt.h's macros are object-like).
// RUN: %chorus cc -Wall -Wextra -Werror %s -o %t
// RUN: %expect-exit 1 %mpirun -n 2 %t 2>&1 | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=VERIFY
// CHECK: chorus-rt: violation MPI_RECV_MISMATCH at {{.*}}call_lines.c:24 (rank 1): MPI_Recv receives 1 x MPI_DOUBLE, a message of 1 x MPI_INT from rank 0 ({{.*}}call_lines.c:20, tag 0)
// VERIFY: verdict: violation MPI_RECV_MISMATCH at {{.*}}call_lines.c:24:5 (process 1)
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int rank, x = 1, rc = MPI_SUCCESS;
  double y;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    if (rc == MPI_SUCCESS)
      rc = MPI_Send(&x, 1, MPI_INT, 1, 0,
                    MPI_COMM_WORLD);
  } else {
    rc =
    MPI_Recv(&y, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
  }
  if (rc != MPI_SUCCESS)
    printf("error\n");
  MPI_Finalize();
  return 0;
}
