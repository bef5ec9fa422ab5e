// A send buffer that overlaps the receive buffer of the same call (MPI 3.1
// §2.3: an output argument may not alias another argument; §3.10: the
// buffers of MPI_Sendrecv must be disjoint): MPI_INVALID_BUFFER at the
// call. Open MPI aborts MPI_Allreduce(x, x, ...) (MPI_ERR_BUFFER); the
// other forms happen to run, their results unspecified. chorus verified
// them all. MPI_IN_PLACE (-DINPLACE), MPI_Sendrecv_replace and disjoint
// parts of one array (-DDISJOINT) are fine.
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DALLREDUCE | FileCheck %s --check-prefix=ALLREDUCE
// RUN: %expect-exit 1 %native -n 2 -DALLREDUCE %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSENDRECV | FileCheck %s --check-prefix=SENDRECV
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DALLGATHER | FileCheck %s --check-prefix=ALLGATHER
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DGATHER | FileCheck %s --check-prefix=GATHER
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSCAN | FileCheck %s --check-prefix=SCAN
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DINPLACE | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DDISJOINT | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 -DDISJOINT %s
// ALLREDUCE: verdict: violation MPI_INVALID_BUFFER at {{.*}}aliased_buffers.c:35:3 (process 0)
// ALLREDUCE-NEXT: MPI_Allreduce: the send and receive buffers overlap
// SENDRECV: verdict: violation MPI_INVALID_BUFFER at {{.*}}aliased_buffers.c:38:3 (process 0)
// ALLGATHER: verdict: violation MPI_INVALID_BUFFER at {{.*}}aliased_buffers.c:42:3 (process 0)
// GATHER: verdict: violation MPI_INVALID_BUFFER at {{.*}}aliased_buffers.c:45:3 (process 0)
// SCAN: verdict: violation MPI_INVALID_BUFFER at {{.*}}aliased_buffers.c:48:3 (process 0)
// OK: verdict: verified
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int x[4] = {rank, rank, rank, rank};
  int other = 1 - rank;
#ifdef ALLREDUCE
  MPI_Allreduce(x, x, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#endif
#ifdef SENDRECV
  MPI_Sendrecv(x, 1, MPI_INT, other, 0, x, 1, MPI_INT, other, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#endif
#ifdef ALLGATHER
  MPI_Allgather(&x[1], 1, MPI_INT, x, 1, MPI_INT, MPI_COMM_WORLD);
#endif
#ifdef GATHER
  MPI_Gather(&x[1], 1, MPI_INT, x, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
#ifdef SCAN
  MPI_Scan(x, &x[1], 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#endif
#ifdef INPLACE
  MPI_Allreduce(MPI_IN_PLACE, x, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Sendrecv_replace(&x[2], 1, MPI_INT, other, 0, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(x[0] == 1 && x[2] == other);
#endif
#ifdef DISJOINT
  MPI_Allreduce(x, &x[2], 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Sendrecv(x, 1, MPI_INT, other, 0, &x[1], 1, MPI_INT, other, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Allgather(&x[3], 1, MPI_INT, x, 2 - 1, MPI_INT, MPI_COMM_WORLD);
  assert(x[0] == 1 && x[1] == 1 && x[2] == 1);
#endif
  MPI_Finalize();
  return 0;
}
