// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_wildcard.c:22:5 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, size, x, first = -1;
  MPI_Status st;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) {
    for (int i = 1; i < size; i++) {
      MPI_Recv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      assert(x == 10 * st.MPI_SOURCE && st.MPI_TAG == st.MPI_SOURCE);
      if (i == 1)
        first = st.MPI_SOURCE;
    }
#ifdef BROKEN
    assert(first == 1);
#else
    assert(first == 1 || first == 2);
#endif
  } else {
    x = 10 * rank;
    MPI_Send(&x, 1, MPI_INT, 0, rank, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
