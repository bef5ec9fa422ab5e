// MPI_Get_count on the status of a receive whose buffer is larger than the
// message.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}mpi_get_count.c:31:5 (process 1)
#include <assert.h>
#include <mpi.h>

/* (counts must be concrete: a symbolic count gives unknown) */
#define M 3

int main(int argc, char **argv) {
  int rank, n;
  double buf[4] = {0, 0, 0, 0};
  MPI_Status st;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    for (int i = 0; i < 4; i++)
      buf[i] = i;
    MPI_Send(buf, M, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Recv(buf, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_DOUBLE, &n);
#ifdef BROKEN
    int expect = 4;
#else
    int expect = M;
#endif
    assert(n == expect);
    assert(buf[n - 1] == n - 1);
  }
  MPI_Finalize();
  return 0;
}
