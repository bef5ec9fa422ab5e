// Dead variables are dropped from state keys (liveness over the program
// graph): `last` holds the last value received, which differs between the
// orders of the wildcard receives, but it is not read again after the loop
// (it is written before every read), so the states after the loop match:
// those of the second round of wildcard receives (saved states: at a
// wildcard receive, the search expands every process; with --no-chains,
// every state is saved and matched there).
// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet | FileCheck %s --check-prefix=DROP
// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet --keep-dead-values | FileCheck %s --check-prefix=KEEP
// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet --no-chains | FileCheck %s --check-prefix=DROPALL
// RUN: %expect-exit 0 %chorus verify %s -n 4 --quiet --no-chains --keep-dead-values | FileCheck %s --check-prefix=KEEPALL
// RUN: %expect-exit 1 %chorus verify %s -n 4 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// DROP: verdict: verified
// DROP: states saved 255
// DROP: states matched 67
// KEEP: verdict: verified
// KEEP: states saved 321
// KEEP: states matched 61
// DROPALL: verdict: verified
// DROPALL: states saved 1559
// DROPALL: states matched 67
// KEEPALL: verdict: verified
// KEEPALL: states saved 1930
// KEEPALL: states matched 61
// BAD: verdict: violation ASSERTION at {{.*}}dead_values.c:57:5 (process 0)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, v, last = -1, sum = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank > 0) {
    v = rank;
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Send(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  } else {
    for (int k = 1; k < size; k++) {
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      last = v;
      sum += last;
    }
    for (int k = 1; k < size; k++) {
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += v;
    }
    v = 0; /* v's address is taken: it is never dropped */
    assert(sum == size * (size - 1));
    for (int k = 0; k < 3; k++) {
      last = k;
      sum += last;
    }
    assert(sum == size * (size - 1) + 3);
#ifdef BROKEN
    /* reading last here makes it live after the receive loop */
    assert(last == 2 && sum < 5);
#endif
  }
  MPI_Finalize();
  return 0;
}
