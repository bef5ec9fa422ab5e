// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 134 %native -n 3 -DREAL_MPI %s
// CHECK: verdict: violation ASSERTION at {{.*}}coll_bcast_root_returns_early.c:33:5 (process 2)
//
// MPI 3.1 §5.1: a collective call may return as soon as the caller's part is
// done; only a barrier must synchronize. The root of MPI_Bcast may return
// before the others arrive, so its next message can reach rank 2 before
// rank 1's (chorus let every collective synchronize and said `verified`;
// Open MPI fails the assertion: the native run above, rank 1 delayed).
#include <assert.h>
#include <mpi.h>
#ifdef REAL_MPI
#include <unistd.h>
#define DELAY() usleep(200000)
#else
#define DELAY()
#endif
int main(int argc, char **argv) {
  int rank, v = 0, a = -1, b = -1, x;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    x = 0;
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    x = 1;
    DELAY();
    MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(a == 1);
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
