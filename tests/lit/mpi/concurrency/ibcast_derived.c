// A pending nonblocking collective of a derived datatype guards the
// elements its type map covers: MPI_Ibcast of 2 x contiguous(2 ints)
// writes four ints on a non-root (it was not guarded at all).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DLAST | FileCheck %s --check-prefix=LAST
// OK: verdict: verified
// LAST: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}ibcast_derived.c:24:12 (process 1)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, buf[5] = {1, 2, 3, 4, 5};
  MPI_Datatype pair;
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  MPI_Ibcast(buf, 2, pair, 0, MPI_COMM_WORLD, &req);
  if (rank == 1) {
    buf[4] = 9; /* past the message */
#ifdef LAST
    buf[3] = 9;
#endif
  }
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  assert(buf[3] == 4);
  MPI_Type_free(&pair);
  MPI_Finalize();
  return 0;
}
