// Collective assertions checked in real runs (`chorus cc`): each rank sends
// a snapshot of the terms of the assertion it can evaluate alone, and the
// checker on rank 0 joins the k-th snapshots of all ranks (seed 000, Def. 4):
// a false assertion is COLLECTIVE_ASSERTION for the rank whose view is
// false, different assertions as k-th ones COLLECTIVE_ORDER, a snapshot
// without companions at MPI_Finalize COLLECTIVE_INCOMPLETE — the verifier's
// kinds at the verifier's lines, and the verifier agrees on each variant.
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s --check-prefix=CC --allow-empty
// RUN: %mpirun -n 3 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 5 %t 2>&1 | FileCheck %s --check-prefix=OK5
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=VOK
// CC-NOT: warning
// OK: chorus-rt: 3 collective assertion instances checked
// OK: chorus-rt: no violation seen
// OK5: chorus-rt: 3 collective assertion instances checked
// VOK: verdict: verified
//
// RUN: %chorus cc -g %s -o %t.bad -DBAD
// RUN: %expect-exit 1 %mpirun -n 3 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD --quiet | FileCheck %s --check-prefix=VBAD
// BAD-DAG: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}cassert.c:64 (rank 1): collective assertion RING of rank 1 ('x == PROC[(rank + 1) % size].x - 10 * (rank + 1 < size ? 1 : 1 - size) && d * 2 == x') is false (its collective assertion number 2, over the snapshots number 2 of the ranks)
// BAD-DAG: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}cassert.c:64 (rank 2): collective assertion RING of rank 2
// BAD: chorus-rt: 3 collective assertion instances checked (9 views of ranks, 2 false: 2 reported
// VBAD: verdict: violation COLLECTIVE_ASSERTION at {{.*}}cassert.c:64:14 (process 1)
//
// RUN: %chorus cc -g %s -o %t.order -DORDER
// RUN: %expect-exit 1 %mpirun -n 3 %t.order 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DORDER --quiet | FileCheck %s --check-prefix=VORDER
// ORDER: chorus-rt: violation COLLECTIVE_ORDER at {{.*}}cassert.c:69 (rank 1): collective assertions reached in different orders: rank 1 reached B as its collective assertion number 4 where rank 0 reached A ({{.*}}cassert.c:71)
// VORDER: verdict: violation COLLECTIVE_ORDER at {{.*}}cassert.c:69:14 (process 1)
//
// RUN: %chorus cc -g %s -o %t.inc -DINCOMPLETE
// RUN: %expect-exit 1 %mpirun -n 3 %t.inc 2>&1 | FileCheck %s --check-prefix=INC
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DINCOMPLETE --quiet | FileCheck %s --check-prefix=VINC
// INC: chorus-rt: violation COLLECTIVE_INCOMPLETE at {{.*}}cassert.c:76 (rank 0): the program terminated while collective assertion C was reached by rank 0 (its collective assertion number 4) but not by rank 1 (1 of the 3 ranks)
// VINC: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}cassert.c:76:14 (process 0)
//
// The same errors found by ranks that read the rank that differs: the
// reply to their request says which assertion it reached, or that it never
// reached one.
// RUN: %chorus cc -g %s -o %t.order2 -DORDER_READ
// RUN: %expect-exit 1 %mpirun -n 3 %t.order2 2>&1 | FileCheck %s --check-prefix=ORDER2
// ORDER2: chorus-rt: violation COLLECTIVE_ORDER at {{.*}}cassert.c:81 (rank 1): collective assertions reached in different orders: rank 1 reached B2 as its collective assertion number 4 where rank 0 reached A2 ({{.*}}cassert.c:83)
// RUN: %chorus cc -g %s -o %t.inc2 -DINCOMPLETE_READ
// RUN: %expect-exit 1 %mpirun -n 3 %t.inc2 2>&1 | FileCheck %s --check-prefix=INC2
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DINCOMPLETE_READ --quiet | FileCheck %s --check-prefix=VINC2
// INC2-DAG: chorus-rt: violation COLLECTIVE_INCOMPLETE at {{.*}}cassert.c:88 (rank 0): the program terminated while collective assertion C2 was reached by rank 0 (its collective assertion number 4) but not by rank 1, whose snapshot it reads
// INC2-DAG: chorus-rt: violation COLLECTIVE_INCOMPLETE at {{.*}}cassert.c:88 (rank 2)
// VINC2: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}cassert.c:88:14 (process 0)
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, size, x = 0, i;
  double d;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < 3; i++) {
    x = rank * 10 + i;
    d = x / 2.0;
#ifdef BAD
    if (rank == 2 && i == 1)
      x = 0;
#endif
#pragma TASS collective assert RING x == PROC[(rank + 1) % size].x - 10 * (rank + 1 < size ? 1 : 1 - size) && d * 2 == x
    MPI_Barrier(MPI_COMM_WORLD);
  }
#ifdef ORDER
  if (rank == 1) {
#pragma TASS collective assert B x > 0
  } else {
#pragma TASS collective assert A x >= 0
  }
#endif
#ifdef INCOMPLETE
  if (rank != 1) {
#pragma TASS collective assert C x >= 0
  }
#endif
#ifdef ORDER_READ
  if (rank == 1) {
#pragma TASS collective assert B2 x >= PROC[0].x
  } else {
#pragma TASS collective assert A2 x >= PROC[0].x
  }
#endif
#ifdef INCOMPLETE_READ
  if (rank != 1) {
#pragma TASS collective assert C2 PROC[1].x == 12
  }
#endif
  MPI_Finalize();
  return 0;
}
