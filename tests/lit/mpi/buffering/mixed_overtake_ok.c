// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 4 --deadlock potential --quiet | FileCheck %s
// CHECK: verdict: verified
//
// mixed_overtake_potential.c with the exchange written safely (the receive
// is posted before the send): no deadlock under any buffering, and the
// exchanged value is checked. Real Open MPI: terminates (crosscheck.sh).
#include <assert.h>
#include <mpi.h>
#ifdef REAL_MPI
#include <unistd.h>
#define N 100000
#define DELAY() usleep(300000)
#else
#define N 1
#define DELAY()
#endif
int buf[N], other[N];
int main(int argc, char **argv) {
  int rank, v = 0, w = 0, z = 0, one = 1, three = 3;
  MPI_Status st;
  MPI_Request r;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Recv(&v, 1, MPI_INT, 2, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&z, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    MPI_Send(&one, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Send(&one, 1, MPI_INT, 2, 2, MPI_COMM_WORLD);
  } else if (rank == 2) {
    MPI_Recv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
    w = st.MPI_SOURCE;
    MPI_Send(&w, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
    MPI_Recv(&z, 1, MPI_INT, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    DELAY();
    MPI_Send(&three, 1, MPI_INT, 2, 2, MPI_COMM_WORLD);
  }
  MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (v == 1 && rank < 2) {
    buf[0] = 10 + rank;
    MPI_Irecv(other, N, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD, &r);
    MPI_Send(buf, N, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    assert(other[0] == 11 - rank);
  }
  MPI_Finalize();
  return 0;
}
