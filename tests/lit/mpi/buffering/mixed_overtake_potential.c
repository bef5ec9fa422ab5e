// RUN: %expect-exit 1 %chorus verify %s -n 4 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 4 --deadlock absolute --quiet | FileCheck %s --check-prefix=ABS
// CHECK: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mixed_overtake_potential.c:49:5 (process 0)
// CHECK: (4 processes, each standard-mode send buffered or synchronous)
// ABS: verdict: verified
//
// Mixed buffering (MPI 3.1 §3.4: each standard-mode send may be buffered or
// not, independently). Rank 2 reports to rank 0 which of ranks 1 and 3 it
// heard from first. It can be rank 1 only if rank 1's first send (to rank 0,
// which receives it only afterwards) was buffered. Then ranks 0 and 1 send to
// each other before receiving: a deadlock when those sends are synchronous.
// All sends buffered: no deadlock; all synchronous: v is 3, no exchange. So
// only a mix deadlocks, and chorus before mixed buffering said `verified`.
// Real Open MPI (tests/harness/crosscheck.sh, -DREAL_MPI): rank 3 is delayed,
// the first message of rank 1 is small (eager: buffered), the exchanged
// messages are above the eager limit (rendezvous: synchronous): it hangs.
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
    MPI_Send(buf, N, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD);
    MPI_Recv(other, N, MPI_INT, 1 - rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
