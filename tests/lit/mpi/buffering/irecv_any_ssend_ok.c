// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=THREE
// CHECK: verdict: verified
// THREE: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}irecv_any_ssend_ok.c:30:5 (process 0)
//
// A synchronous send completes as soon as a posted wildcard receive request
// of its destination takes it, whatever order the calls came in (chorus used
// to report a deadlock when the synchronous send came before the request
// was posted). With 3 processes, rank 0's single request can take rank 2's
// message instead, and rank 1's synchronous send then has no receive while
// rank 0 waits in its own synchronous send: a deadlock. Real Open MPI: 2
// processes terminate; 3 processes hang when rank 2's message arrives first
// (crosscheck.sh delays rank 1).
#include <assert.h>
#include <mpi.h>
#ifdef REAL_MPI
#include <unistd.h>
#define DELAY() usleep(300000)
#else
#define DELAY()
#endif
int main(int argc, char **argv) {
  int rank, size, a = -1, b = -1, x = 5, y = -1;
  MPI_Request r;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) {
    MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r);
    MPI_Ssend(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (size == 3)
      MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(a >= 1);
  } else if (rank == 1) {
    DELAY();
    MPI_Ssend(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Recv(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 5);
  } else {
    MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
