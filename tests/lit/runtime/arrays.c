// Collective assertions that read an array element at an index the rank
// cannot compute alone, in a real run: at the reading rank's own value
// (`PROC[0].table[rank]`, seed 000's table at the root) and at a quantified
// variable (`\forall int i; ... u[i] == PROC[right].u[i]`). The array is
// copied into the snapshot; a reader asks the serving rank for the elements
// it reads, not for the array. A pointer to the start of a block the program
// allocated (malloc) is copied as that block; another pointer (extent
// unknown) is named by chorus cc and its views are counted as not checked.
// An index out of the array's bounds cannot be evaluated. Each broken
// variant is reported at the verifier's line and process; the verifier is
// run on it too.
// RUN: %chorus cc -g %s -o %t 2>&1 | FileCheck %s --check-prefix=CC
// RUN: %mpirun -n 3 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 6 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=VOK
// CC: arrays.c:63:{{[0-9]+}}: warning: chorus cc: collective assertion PTR reads an element of p, a pointer, at an index the checker computes: it is checked at run time where p points to the start of a block the program allocated
// CC: arrays.c:64:{{[0-9]+}}: warning: chorus cc: collective assertion HEAP reads an element of h, a pointer
// OK-NOT: violation
// OK: chorus-rt: {{[0-9]+}} collective assertion instances checked
// OK: views not checked: they read an element of a pointer
// VOK: verdict: verified
// RUN: %chorus cc -g %s -o %t.table -DBAD_TABLE
// RUN: %expect-exit 1 %mpirun -n 3 %t.table 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD_TABLE --quiet | FileCheck %s --check-prefix=VTABLE
// TABLE: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}arrays.c:61 (rank 2): collective assertion TABLE of rank 2 ('mine == PROC[0].table[rank]') is false
// VTABLE: verdict: violation COLLECTIVE_ASSERTION at {{.*}}arrays.c:61:14 (process 2)
// RUN: %chorus cc -g %s -o %t.u -DBAD_U
// RUN: %expect-exit 1 %mpirun -n 3 %t.u 2>&1 | FileCheck %s --check-prefix=U
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD_U --quiet | FileCheck %s --check-prefix=VU
// U: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}arrays.c:62 (rank 0): collective assertion SQUARES of rank 0
// VU: verdict: violation COLLECTIVE_ASSERTION at {{.*}}arrays.c:62:14 (process 0)
// RUN: %chorus cc -g %s -o %t.index -DBAD_INDEX
// RUN: %expect-exit 1 %mpirun -n 3 %t.index 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD_INDEX --quiet | FileCheck %s --check-prefix=VINDEX
// INDEX: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}arrays.c:66 (rank 2): collective assertion INDEX of rank 2 cannot be evaluated: index 64 out of the bounds of an array of 64 elements (of rank 0)
// VINDEX: verdict: violation COLLECTIVE_ASSERTION at {{.*}}arrays.c:66:14 (process 2)
#include <mpi.h>
#include <chorus.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int rank, nprocs, table[64], u[4], mine, *p = table, *h = NULL;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  if (rank == 0) {
    h = malloc(64 * sizeof(int));
    for (int r = 0; r < 64; ++r)
      table[r] = h[r] = 10 * r;
  }
  mine = 10 * rank;
#ifdef BAD_TABLE
  if (rank == 2)
    mine = 21;
#endif
  for (int i = 0; i < 4; ++i)
    u[i] = i * i;
#ifdef BAD_U
  if (rank == 1)
    u[3] = 8;
#endif
#pragma TASS collective assert TABLE mine == PROC[0].table[rank]
#pragma TASS collective assert SQUARES \forall int i; 0 <= i < 4 ==> u[i] == PROC[(rank + 1) % nprocs].u[i]
#pragma TASS collective assert PTR PROC[0].p[rank] == mine
#pragma TASS collective assert HEAP PROC[0].h[rank] == mine
#ifdef BAD_INDEX
#pragma TASS collective assert INDEX mine == PROC[0].table[rank == 2 ? 64 : rank]
#endif
  free(h);
  MPI_Finalize();
  return 0;
}
