// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 2 -DSTANDARD --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DBROKEN --quiet | FileCheck %s --check-prefix=BAD
// CHECK: verdict: verified
// BAD: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}issend_preposted_ok.c:31:3 (process 0)
//
// A synchronous (or, in potential mode, standard) nonblocking send whose
// receive request is already posted completes without waiting for the
// receiver's next call: the receive is matched when the message arrives.
// chorus used to report a deadlock here (the request was matched only at a
// Wait of the receiver). BROKEN receives with a blocking call after the
// Wait of the synchronous send: a real deadlock. Real Open MPI: the correct
// forms terminate, BROKEN hangs (crosscheck.sh).
#include <assert.h>
#include <mpi.h>
#ifdef STANDARD
#define ISEND MPI_Isend
#else
#define ISEND MPI_Issend
#endif
int main(int argc, char **argv) {
  int rank, x, y = -1;
  MPI_Request rr, sr;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = 10 + rank;
#ifndef BROKEN
  MPI_Irecv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &rr);
#endif
  ISEND(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &sr);
  MPI_Wait(&sr, MPI_STATUS_IGNORE);
#ifndef BROKEN
  MPI_Wait(&rr, MPI_STATUS_IGNORE);
#else
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  assert(y == 11 - rank);
  MPI_Finalize();
  return 0;
}
