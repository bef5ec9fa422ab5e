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
// root's array at the reader's index: the root's snapshot copies a[] (a
// block the program allocated with malloc, so its extent is known; chorus
// cc says so), and each worker asks for its element. The delays make the
// race happen in the seed's own form too: a worker's view is false, at the
// verifier's line and process. -DCHECKABLE states C at the root instead,
// over the same values.
// RUN: %chorus cc -g %s -o %t.seed 2>&1 | FileCheck %s --check-prefix=SEEDCC
// RUN: %chorus cc -g %s -o %t.seedfixed -DFIXED 2>/dev/null
// RUN: %mpirun -n 3 %t.seedfixed 2>&1 | FileCheck %s --check-prefix=SEEDOUT
// RUN: bash -c 'for s in $(seq 1 40); do CHORUS_RT_DELAY=20000 CHORUS_RT_SEED=$s %mpirun -n 3 %t.seed 2>&1 | grep -m1 "wildcard_gather.c:77 (rank 2)" && exit 0; done; exit 1' | FileCheck %s --check-prefix=SEEDRACE
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=VSEED
// SEEDCC: wildcard_gather.c:66:{{[0-9]+}}: warning: chorus cc: collective assertion C reads an element of a, a pointer, at an index the checker computes: it is checked at run time where a points to the start of a block the program allocated
// SEEDCC: wildcard_gather.c:77:{{[0-9]+}}: warning: chorus cc: collective assertion C reads an element of a, a pointer
// SEEDCC-NOT: warning:
// SEEDOUT-NOT: not checked
// SEEDOUT: chorus-rt: 2 collective assertion instances checked (6 views of ranks)
// SEEDOUT: chorus-rt: no violation seen
// SEEDRACE: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:77 (rank 2): collective assertion C of rank 2 ('x == PROC[0].a[myrank]') is false
// VSEED: verdict: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:77:14 (process 2)
//
// RUN: %chorus cc -g %s -o %t.race -DCHECKABLE
// RUN: bash -c 'for s in $(seq 1 40); do CHORUS_RT_DELAY=20000 CHORUS_RT_SEED=$s %mpirun -n 3 %t.race 2>&1 | grep -m1 "violation COLLECTIVE_ASSERTION" && exit 0; done; exit 1' | FileCheck %s --check-prefix=RACE
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DCHECKABLE --quiet | FileCheck %s --check-prefix=VRACE
// RACE: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:64 (rank 0): collective assertion C of rank 0 ('a[1] == PROC[1].x && a[2] == PROC[2].x') is false
// VRACE: verdict: violation COLLECTIVE_ASSERTION at {{.*}}wildcard_gather.c:64:14 (process 0)
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
