// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s
// RUN: %expect-exit 0 %chorus verify %s -n 3 -DFIXED --quiet | FileCheck %s --check-prefix=OK
// CHECK: verdict: violation ASSERTION at {{.*}}coll_scan_returns_early.c:36:5 (process 2)
// OK: verdict: verified
//
// MPI_Scan: rank i needs the data of ranks 0..i only, so rank 0 may return
// before ranks 1 and 2 arrive, and its message may reach rank 2 first
// (FIXED: both messages are sent before the scan and rank 2 takes them, in
// either order, before it: no order of arrivals matters; had rank 0 sent
// after the scan, a scan that synchronizes would deadlock).
// The prefix sums are checked at every rank.
#include <assert.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, x, s = -1, a = -1, b = -1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank + 1;
  if (rank == 0) {
#ifdef FIXED
    MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
#endif
    MPI_Scan(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#ifndef FIXED
    MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
#endif
  } else if (rank == 1) {
    MPI_Send(&x, 1, MPI_INT, 2, 0, MPI_COMM_WORLD);
    MPI_Scan(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&a, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef FIXED
    MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(a + b == 3);
#else
    assert(a == 2);
#endif
    MPI_Scan(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#ifndef FIXED
    MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  }
  assert(s == (rank + 1) * (rank + 2) / 2);
  MPI_Finalize();
  return 0;
}
