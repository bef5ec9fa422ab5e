// Two pending nonblocking receives whose buffers share an element (a[1]):
// MPI owns both buffers until the receives complete and does not define
// the order in which it writes them, so a[1] may end up 20 or 30. Before,
// chorus completed the requests in Waitall's order and verified
// `a[1] == 30`. Disjoint halves (-DDISJOINT) are fine; so is a persistent
// receive started again after it completed (-DPERSISTENT).
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DDISJOINT | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DPERSISTENT | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DPERSISTENT -DOVERLAP | FileCheck %s --check-prefix=PERSIST
// CHECK: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}two_irecv_overlapping.c:43:5 (process 1)
// CHECK-NEXT: receive into the buffer of a pending receive (request 4096)
// OK: verdict: verified
// PERSIST: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}two_irecv_overlapping.c:31:7 (process 1)
#include <assert.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int a[4] = {0, 0, 0, 0};
  if (rank == 1) {
    MPI_Request r[2];
#ifdef PERSISTENT
    MPI_Recv_init(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]);
    for (int it = 0; it < 2; it++) {
#ifdef OVERLAP
      MPI_Irecv(a + 1, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[1]);
#endif
      MPI_Start(&r[0]);
#ifdef OVERLAP
      MPI_Wait(&r[1], MPI_STATUS_IGNORE);
#endif
      MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    }
    MPI_Request_free(&r[0]);
#else
    MPI_Irecv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]);
#ifdef DISJOINT
    MPI_Irecv(a + 2, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[1]);
#else
    MPI_Irecv(a + 1, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[1]);
#endif
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    assert(a[1] == 30 || a[2] == 30);
#endif
  } else if (rank == 0) {
    int m0[2] = {10, 20}, m1[2] = {30, 40};
#ifdef PERSISTENT
    for (int it = 0; it < 2; it++) {
      MPI_Send(m0, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
#ifdef OVERLAP
      MPI_Send(m1, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
#endif
    }
#else
    MPI_Send(m0, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(m1, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
#endif
  }
  MPI_Finalize();
  return 0;
}
