// MPI_ANY_SOURCE / MPI_ANY_TAG with the status fields: the receiver learns
// who sent what. The broken form assumes the messages arrive in rank order.
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_any_tag_status.c:29:7 (process 0)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, v;
  MPI_Status st;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank != 0) {
    v = 100 * rank;
    MPI_Send(&v, 1, MPI_INT, 0, rank + 5, MPI_COMM_WORLD);
  } else {
    int seen = 0;
    for (int k = 1; k < size; k++) {
      MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
      assert(st.MPI_SOURCE >= 1 && st.MPI_SOURCE < size);
      assert(st.MPI_TAG == st.MPI_SOURCE + 5);
      assert(v == 100 * st.MPI_SOURCE);
      seen += st.MPI_SOURCE;
#ifdef BROKEN
      int expect = k;
      assert(st.MPI_SOURCE == expect);
#endif
    }
    assert(seen == size * (size - 1) / 2);
  }
  MPI_Finalize();
  return 0;
}
