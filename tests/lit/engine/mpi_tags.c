// Tags select messages: two messages from the same sender received in the
// opposite order by tag. The broken form waits for a tag never sent.
// Receiving in the opposite order needs buffering: with synchronous sends
// it is a potential deadlock.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --deadlock absolute | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet --deadlock potential | FileCheck %s --check-prefix=POT
// OK: verdict: verified
// BAD: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_tags.c:33:5 (process 1)
// BAD: process 1 blocked MPI_Recv at {{.*}}mpi_tags.c:33:5
// POT: verdict: violation POTENTIAL_DEADLOCK at {{.*}}mpi_tags.c:21:5 (process 0)
// POT: process 0 blocked in a send to process 1 that waits for its receive
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, a = 1, b = 2, x = 0, y = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Send(&a, 1, MPI_INT, 1, 10, MPI_COMM_WORLD);
    MPI_Send(&b, 1, MPI_INT, 1, 20, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(&y, 1, MPI_INT, 0, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&x, 1, MPI_INT, 0, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(x == 1 && y == 2);
#ifdef BROKEN
    int tag = 30;
#else
    int tag = 10;
    MPI_Send(&a, 1, MPI_INT, 0, 10, MPI_COMM_SELF);
#endif
    MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, tag, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
