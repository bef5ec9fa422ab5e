// A pending MPI_Igatherv guards its receive buffer's blocks (no access),
// its send buffer and its counts and displacements arrays (no write)
// until the Wait (MPI 3.1 §5.12); a write into the gap between the
// blocks, past them, or into the part of the send buffer not sent is
// allowed. (The v-forms guarded nothing: every variant was verified.)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DRECV | FileCheck %s --check-prefix=RECV
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DREAD | FileCheck %s --check-prefix=READ
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DCOUNTS | FileCheck %s --check-prefix=CNT
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DDISPLS | FileCheck %s --check-prefix=DSP
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSEND | FileCheck %s --check-prefix=SEND
// OK: verdict: verified
// RECV: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}igatherv_pending.c:41:13 (process 0)
// READ: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}igatherv_pending.c:44:5 (process 0)
// CNT: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}igatherv_pending.c:47:15 (process 0)
// CNT-NEXT: write to the counts, displacements or datatypes array of a pending
// DSP: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}igatherv_pending.c:50:15 (process 0)
// SEND: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}igatherv_pending.c:54:11 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, size;
  int sbuf[2], rbuf[8], counts[2] = {1, 2}, displs[2] = {0, 4};
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < 8; ++i)
    rbuf[i] = -1;
  sbuf[0] = 10 * rank;
  sbuf[1] = 10 * rank + 1;
  MPI_Igatherv(sbuf, rank + 1, MPI_INT, rbuf, counts, displs, MPI_INT, 0, MPI_COMM_WORLD, &req);
  int peek = sbuf[0]; /* a read of the send buffer */
  if (rank == 0) {
    rbuf[2] = 7; /* the gap between the blocks */
    rbuf[7] = 7; /* past the last block */
    sbuf[1] = peek; /* not sent by rank 0 */
#ifdef RECV
    rbuf[5] = 7;
#endif
#ifdef READ
    assert(rbuf[4] != 1234);
#endif
#ifdef COUNTS
    counts[1] = 1;
#endif
#ifdef DISPLS
    displs[0] = 1;
#endif
  }
#ifdef SEND
  sbuf[0] = 3;
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  if (rank == 0) {
    assert(rbuf[0] == 0 && rbuf[2] == 7 && rbuf[4] == 10 && rbuf[5] == 11 && rbuf[7] == 7);
  }
  MPI_Finalize();
  return 0;
}
