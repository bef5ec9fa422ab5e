// Invalid arguments of point-to-point calls: reported with the line and the
// verifier's kind, then the job ends (Open MPI's default error handler
// would end it too, without naming the line). An active request freed:
// MPI_ACTIVE_REQUEST_FREE, the run goes on.
// RUN: %chorus cc -g %s -o %t.rank -DRANK
// RUN: %expect-exit 1 %mpirun -n 2 %t.rank 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DRANK --quiet | FileCheck %s --check-prefix=VRANK
// RANK: chorus-rt: violation MPI_INVALID_RANK at {{.*}}invalid.c:32 (rank 0): MPI_Send with destination rank 2 in a communicator of 2
// VRANK: verdict: violation MPI_INVALID_RANK at {{.*}}invalid.c:32:5 (process 0)
// RUN: %chorus cc -g %s -o %t.tag -DTAG
// RUN: %expect-exit 1 %mpirun -n 2 %t.tag 2>&1 | FileCheck %s --check-prefix=TAG
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DTAG --quiet | FileCheck %s --check-prefix=VTAG
// TAG: chorus-rt: violation MPI_INVALID_TAG at {{.*}}invalid.c:34 (rank 0): MPI_Send with tag -5 (0 ..
// VTAG: verdict: violation MPI_INVALID_TAG at {{.*}}invalid.c:34:5 (process 0)
// RUN: %chorus cc -g %s -o %t.count -DCOUNT
// RUN: %expect-exit 1 %mpirun -n 2 %t.count 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DCOUNT --quiet | FileCheck %s --check-prefix=VCOUNT
// COUNT: chorus-rt: violation MPI_INVALID_COUNT at {{.*}}invalid.c:36 (rank 0): MPI_Send with count -1
// VCOUNT: verdict: violation MPI_INVALID_COUNT at {{.*}}invalid.c:36:5 (process 0)
// RUN: %chorus cc -g %s -o %t.free -DFREE
// RUN: %expect-exit 1 %mpirun -n 2 %t.free 2>&1 | FileCheck %s --check-prefix=FREE
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DFREE --quiet | FileCheck %s --check-prefix=VFREE
// FREE: chorus-rt: violation MPI_ACTIVE_REQUEST_FREE at {{.*}}invalid.c:42 (rank 1): MPI_Request_free of the active request of MPI_Irecv ({{.*}}invalid.c:41)
// VFREE: verdict: violation MPI_ACTIVE_REQUEST_FREE at {{.*}}invalid.c:42:5 (process 1)
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, v = 1, w = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
#ifdef RANK
    MPI_Send(&v, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
#elif defined(TAG)
    MPI_Send(&v, 1, MPI_INT, 1, -5, MPI_COMM_WORLD);
#elif defined(COUNT)
    MPI_Send(&v, -1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
  } else {
#ifdef FREE
    MPI_Request r;
    MPI_Irecv(&w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
#endif
  }
#ifdef FREE
  if (rank == 0) MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
#endif
  MPI_Finalize();
  return 0;
}
