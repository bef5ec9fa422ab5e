// Seed 000's wildcard gather (examples/tass/wildcard_gather.c) in a real
// run. The race: a worker sends, enters the second call and sends again;
// the root, still in its first call, receives that second message at its
// wildcard receive, so another entry of a[] is unset at assertion C. Under
// plain mpirun the race rarely happens; the test option CHORUS_RT_DELAY
// (random sleeps before MPI calls, seeded by CHORUS_RT_SEED and the rank)
// makes it happen, and the checker reports the false view of C. The fixed
// variant (a tag per call) stays silent under the same delays.
//
// The seed writes C on the workers as x == PROC[0].a[myrank], a read of the
// root's array at the reader's index. The root's `a` is a pointer (malloc):
// its extent is unknown, so the run-time checker cannot copy it into the
// snapshot; chorus cc names the pragmas whose snapshots would copy it, and
// the views that read it are counted as not checked (the instances of C
// stay aligned across ranks: no false COLLECTIVE_INCOMPLETE). -DCHECKABLE
// states C at the root instead, over the same values. (With `a` an array,
// tests/lit/runtime/arrays.c checks such reads.)
// RUN: %chorus cc -g %s -o %t.seed 2>&1 | FileCheck %s --check-prefix=SEEDCC
// RUN: %mpirun -n 3 %t.seed 2>&1 | FileCheck %s --check-prefix=SEEDOUT
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=VSEED
// SEEDCC: wildcard_gather.c:65:{{[0-9]+}}: warning: chorus cc: collective assertion C reads an element of a, a pointer, at an index the checker computes
// SEEDCC: wildcard_gather.c:76:{{[0-9]+}}: warning: chorus cc: collective assertion C reads an element of a, a pointer, at an index the checker computes
// SEEDCC-NOT: warning:
// SEEDOUT-NOT: violation
// SEEDOUT: chorus-rt: 2 collective assertion instances checked (2 views of ranks)
// SEEDOUT: chorus-rt: 4 views not checked: they read an element of a pointer
// SEEDOUT: chorus-rt: no violation seen
// VSEED: verdict: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:76:14 (process 2)
//
// RUN: %chorus cc -g %s -o %t.race -DCHECKABLE
// RUN: bash -c 'for s in $(seq 1 40); do CHORUS_RT_DELAY=20000 CHORUS_RT_SEED=$s %mpirun -n 3 %t.race 2>&1 | grep -m1 "violation COLLECTIVE_ASSERTION" && exit 0; done; exit 1' | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DCHECKABLE --quiet | FileCheck %s --check-prefix=VRACE
// RACE: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:63 (rank 0): collective assertion C of rank 0 ('a[1] == PROC[1].x && a[2] == PROC[2].x') is false
// VRACE: verdict: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:63:14 (process 0)
//
// RUN: %chorus cc -g %s -o %t.fixed -DCHECKABLE -DFIXED
// RUN: bash -c 'for s in $(seq 1 8); do CHORUS_RT_DELAY=20000 CHORUS_RT_SEED=$s %mpirun -n 3 %t.fixed 2>&1; done' | FileCheck %s --check-prefix=FIXED
// RUN: %chorus verify %s -n 3 -DCHECKABLE -DFIXED --quiet | FileCheck %s --check-prefix=VFIXED
// FIXED-NOT: violation
// FIXED-COUNT-8: chorus-rt: no violation seen
// VFIXED: verdict: verified
#include <mpi.h>
#include <stdlib.h>
#include <chorus.h>

#ifdef FIXED
#define TAG call
#else
#define TAG 0
#endif

int myrank, nprocs; double *a, x;

void root(int call) {
  MPI_Status status; int i;
  a = (double*)malloc(nprocs*sizeof(double));
  a[0] = 0.0;
  for (i=1; i<nprocs; i++) {
    MPI_Recv(&x, 1, MPI_DOUBLE, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &status);
    a[status.MPI_SOURCE] = x;
  }
#ifdef CHECKABLE
#pragma TASS collective assert C a[1] == PROC[1].x && a[2] == PROC[2].x;
#else
#pragma TASS collective assert C true;
#endif
  free(a);
}

void worker(int call) {
  x = PID;
  MPI_Send(&x, 1, MPI_DOUBLE, 0, TAG, MPI_COMM_WORLD);
#ifdef CHECKABLE
#pragma TASS collective assert C true;
#else
#pragma TASS collective assert C x==PROC[0].a[myrank];
#endif
}

int main(int argc, char **argv) {
  int i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  for (i=0; i<2; i++) if (PID == 0) root(i); else worker(i);
  MPI_Finalize();
  return 0;
}
