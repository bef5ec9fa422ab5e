// MPI handles are distinct opaque pointer types, as in Open MPI: a handle
// of the wrong kind is an incompatible-pointer-types warning with mpicc
// (gcc 12) and with chorus, and MPI_INVALID_COMM where it is used; an
// integer where a handle is expected is an int-conversion warning. The
// model holds handles as their values (dump-model shows the handle types).
// RUN: mpicc -std=gnu17 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=GCC
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=CHORUS
// RUN: %chorus dump-model %s --function main 2>/dev/null | FileCheck %s --check-prefix=MODEL
// GCC: mpi_handle_kinds.c:26:21: warning: initialization of {{.}}MPI_Comm{{.*}} from {{.}}int{{.}} makes pointer from integer without a cast [-Wint-conversion]
// GCC: warning: passing argument 6 of {{.}}MPI_Send{{.}} from incompatible pointer type [-Wincompatible-pointer-types]
// CHORUS: mpi_handle_kinds.c:26:12: warning: incompatible integer to pointer conversion initializing 'MPI_Comm' {{.*}}[-Wint-conversion]
// CHORUS: mpi_handle_kinds.c:29:36: warning: incompatible pointer types passing 'MPI_Datatype' {{.*}} to parameter of type 'MPI_Comm' {{.*}}[-Wincompatible-pointer-types]
// CHORUS: verdict: violation MPI_INVALID_COMM at {{.*}}mpi_handle_kinds.c:29:5 (process 0)
// CHORUS-NEXT: invalid communicator handle: a datatype handle (50331655)
// MODEL: local MPI_Comm unused;
// MODEL: unused = (MPI_Comm)seven
// MODEL: call MPI_Send((void*)&x, 1, MPI_INT, 1, 0, (MPI_Comm)MPI_INT)
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // an integer is no handle (but compiles with a warning); never used
  int seven = 7;
  MPI_Comm unused = seven;
  (void)unused;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_INT);
  else
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
