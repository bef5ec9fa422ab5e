// A pending request of a derived datatype covers count * (its type map),
// not `count` elements of the buffer: contiguous(2) x 3 is six ints; a
// vector's gaps are not part of the message (MPI 3.1 §3.7.2).
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DCONTIG | FileCheck %s --check-prefix=CONTIG
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DVEC | FileCheck %s --check-prefix=VEC
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DRECV | FileCheck %s --check-prefix=RECV
// OK: verdict: verified
// CONTIG: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}derived_pending.c:33:12 (process 0)
// VEC: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}derived_pending.c:35:12 (process 0)
// RECV: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}derived_pending.c:44:11 (process 1)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, buf[8] = {1, 2, 3, 4, 5, 6, 7, 8}, in[8] = {0};
  MPI_Datatype pair, v;
  MPI_Request req[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  MPI_Type_vector(2, 1, 2, MPI_INT, &v); /* ints 0 and 2; extent 3 ints */
  MPI_Type_commit(&v);
  if (rank == 0) {
    /* ints 0..5 */
    MPI_Isend(buf, 3, pair, 1, 0, MPI_COMM_WORLD, &req[0]);
    /* from buf + 1: ints 1, 3, 4, 6 of buf */
    MPI_Isend(buf + 1, 2, v, 1, 1, MPI_COMM_WORLD, &req[1]);
    buf[7] = 0; /* no request reads int 7 */
#ifdef CONTIG
    buf[5] = 0;
#elif defined(VEC)
    buf[6] = 0;
#endif
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
  } else if (rank == 1) {
    int pairs[6];
    MPI_Irecv(pairs, 3, pair, 0, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(in, 2, v, 0, 1, MPI_COMM_WORLD, &req[1]);
    in[1] = in[4] = 9; /* the vector's gaps */
#ifdef RECV
    in[3] = 9;
#endif
    MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
    assert(pairs[5] == 6 && in[0] == 2 && in[2] == 4 && in[3] == 5 && in[5] == 7);
  }
  MPI_Type_free(&pair);
  MPI_Type_free(&v);
  MPI_Finalize();
  return 0;
}
