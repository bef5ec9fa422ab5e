// MPI_Type_free while operations that use the datatype are pending is
// allowed (MPI 3.1 §4.1.9: they complete normally); the handle is then
// MPI_DATATYPE_NULL and a stale copy of it may not start new operations.
// (Both the Wait and the next memory access failed with "datatype handle
// ... never created or already freed" on the correct program.)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DWRITE | FileCheck %s --check-prefix=WRITE
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSTALE | FileCheck %s --check-prefix=STALE
// OK: verdict: verified
// WRITE: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}type_free_pending.c:41:14 (process 0)
// WRITE-NEXT: write to the buffer of a pending send
// STALE: verdict: violation MPI_INVALID_DATATYPE at {{.*}}type_free_pending.c:50:5 (process 0)
// STALE-NEXT: never created or already freed
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, other = 0, buf[6] = {0}, all[4] = {0, 0, 0, 0};
  MPI_Datatype pair, saved;
  MPI_Request req[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int step = 0; step < 2; ++step) {
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    saved = pair;
    if (rank == 0) {
      buf[0] = 1 + step;
      all[0] = 7;
      all[1] = 8;
      MPI_Isend(buf, 3, pair, 1, 0, MPI_COMM_WORLD, &req[0]);
    } else {
      MPI_Irecv(buf, 3, pair, 0, 0, MPI_COMM_WORLD, &req[0]);
    }
    MPI_Ibcast(all, 2, pair, 0, MPI_COMM_WORLD, &req[1]);
    MPI_Type_free(&pair);
    other = step; /* an access while requests of a freed datatype are pending */
#ifdef WRITE
    if (rank == 0)
      buf[5] = 2;
#endif
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    assert(pair == MPI_DATATYPE_NULL);
    if (rank == 1)
      assert(buf[0] == 1 + step && all[0] == 7 && all[1] == 8 && other == step);
  }
#ifdef STALE
  if (rank == 0)
    MPI_Send(buf, 1, saved, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(buf, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  MPI_Finalize();
  return 0;
}
