// MPI_IN_PLACE in MPI_Reduce, MPI_Gather or MPI_Scatter is for the root
// only (MPI 3.1 §5.9.1, §5.5, §5.6): passed by another process it is
// MPI_INVALID_BUFFER. Open MPI aborts the real run (MPI_ERR_ARG); chorus
// verified it. In place at the root (-DOK) is fine.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DREDUCE | FileCheck %s --check-prefix=REDUCE
// RUN: not %native -n 2 -DREDUCE %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DGATHER | FileCheck %s --check-prefix=GATHER
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSCATTER | FileCheck %s --check-prefix=SCATTER
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DOK | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DOK %s
// REDUCE: verdict: violation MPI_INVALID_BUFFER at {{.*}}in_place_non_root.c:25:3 (process 1)
// REDUCE-NEXT: MPI_IN_PLACE in MPI_Reduce at a process other than the root
// GATHER: verdict: violation MPI_INVALID_BUFFER at {{.*}}in_place_non_root.c:28:3 (process 1)
// SCATTER: verdict: violation MPI_INVALID_BUFFER at {{.*}}in_place_non_root.c:31:3 (process 1)
// OK: verdict: verified
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int v[2] = {rank, rank};
#ifdef REDUCE
  MPI_Reduce(MPI_IN_PLACE, v, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
#ifdef GATHER
  MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, v, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
#ifdef SCATTER
  MPI_Scatter(v, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
#ifdef OK
  if (rank == 0)
    MPI_Reduce(MPI_IN_PLACE, v, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  else
    MPI_Reduce(v, NULL, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    assert(v[0] == 1);
#endif
  MPI_Finalize();
  return 0;
}
