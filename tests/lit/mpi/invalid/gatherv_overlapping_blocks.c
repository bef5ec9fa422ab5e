// MPI_Gatherv/MPI_Allgatherv/MPI_Alltoallv receive counts and
// displacements that make two blocks share a location of the receive
// buffer: erroneous (MPI 3.1 §5.5: "should not cause any location on the
// root to be written more than once"), MPI_INVALID_BUFFER at the call. The
// real run (Open MPI) writes the blocks in some order (here all[1] ends up
// 1, rank 1's block), which another MPI need not follow; chorus verified it.
// Adjacent blocks (-DOK) are fine.
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DALLTOALLV | FileCheck %s --check-prefix=A2A
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet -DOK | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 3 -DOK %s
// CHECK: verdict: violation MPI_INVALID_BUFFER at {{.*}}gatherv_overlapping_blocks.c:38:3 (process 0)
// CHECK-NEXT: MPI_Gatherv: the receive blocks of ranks 0 and 1 overlap
// A2A: verdict: violation MPI_INVALID_BUFFER at {{.*}}gatherv_overlapping_blocks.c:35:3 (process 0)
// OK: verdict: verified
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int mine[2] = {rank, rank};
  int all[8] = {0}, counts[3], displs[3];
  for (int r = 0; r < 3; r++) {
    counts[r] = 2;
#ifdef OK
    displs[r] = 2 * r;
#else
    displs[r] = r; /* blocks [r, r+2) overlap their neighbours */
#endif
  }
#ifdef ALLTOALLV
  MPI_Alltoallv(mine, (int[]){2, 2, 2}, (int[]){0, 0, 0}, MPI_INT, all, counts, displs, MPI_INT,
                MPI_COMM_WORLD);
#else
  MPI_Gatherv(mine, 2, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    assert(all[4] == 2 || all[1] != 0 || size != 3);
#endif
  MPI_Finalize();
  return 0;
}
