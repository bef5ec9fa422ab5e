// RUN: %expect-exit 0 %chorus verify %s -n 2..4 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DSSEND | FileCheck %s --check-prefix=SSEND
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DCOUNT | FileCheck %s --check-prefix=COUNT
// OK: verdict: verified
// SSEND: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}mpi_ring.c:20:3 (process 0)
// COUNT: verdict: violation ASSERTION at {{.*}}mpi_ring.c:33:3 (process 1)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, size, got[2], mine[2], count;
  MPI_Status st;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  mine[0] = rank;
  mine[1] = 2 * rank;
#ifdef SSEND
  MPI_Ssend(mine, 2, MPI_INT, right, 3, MPI_COMM_WORLD);
  MPI_Recv(got, 2, MPI_INT, left, 3, MPI_COMM_WORLD, &st);
#else
  MPI_Sendrecv(mine, 2, MPI_INT, right, 3, got, 2, MPI_INT, left, 3, MPI_COMM_WORLD, &st);
#endif
  MPI_Get_count(&st, MPI_INT, &count);
  assert(count == 2 && st.MPI_SOURCE == left && st.MPI_TAG == 3);
  assert(got[0] == left && got[1] == 2 * left);
  int total = 0;
  MPI_Reduce(&rank, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    assert(2 * total == size * (size - 1));
#ifdef COUNT
  assert(count == 1);
#endif
  MPI_Finalize();
  return 0;
}
