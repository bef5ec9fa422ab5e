// A collective assertion that every rank evaluates over rank 0's snapshot
// (`x == PROC[0].x`: all ranks agree with the root) at 16 ranks. The readers
// of rank 0 ask for its snapshots through a tree (runtime/mpi/README.md,
// "Collective assertions"): rank 0 answers its two neighbours, each rank
// passes replies to at most two others, so no rank sends more than 3
// messages per instance (60 for 20 instances; 15 per instance from rank 0
// when every rank asks rank 0 itself, CHORUS_RT_RELAY=0). The verdicts are
// the same either way: a false view of a rank reached through relays
// (rank nprocs - 2, two steps from the root) and a snapshot rank 0 never
// makes (every other rank's last view is incomplete), each at the
// verifier's line and kind (the verifier is run at 3 processes).
// RUN: %chorus cc -O2 %s -o %t
// RUN: env CHORUS_RT_STATS=1 %mpirun -n 16 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: env CHORUS_RT_STATS=1 CHORUS_RT_RELAY=0 %mpirun -n 16 %t 2>&1 | FileCheck %s --check-prefix=DIRECT
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=VOK
// OK: chorus-rt: 20 collective assertion instances checked (320 views of ranks)
// OK: chorus-rt: no violation seen
// OK: chorus-rt: checker traffic: at most 60 messages
// DIRECT: chorus-rt: 20 collective assertion instances checked (320 views of ranks)
// DIRECT: chorus-rt: checker traffic: at most 300 messages
// VOK: verdict: verified
// RUN: %chorus cc -O2 %s -o %t.bad -DBAD
// RUN: %expect-exit 1 %mpirun -n 16 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 env CHORUS_RT_RELAY=0 %mpirun -n 16 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DBAD --quiet | FileCheck %s --check-prefix=VBAD
// BAD: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}relay.c:54 (rank 14): collective assertion AGREE of rank 14 ('x == PROC[0].x') is false (its collective assertion number 6,
// BAD: chorus-rt: 20 collective assertion instances checked (320 views of ranks, 1 false: 1 reported
// VBAD: verdict: violation COLLECTIVE_ASSERTION at {{.*}}relay.c:54:14 (process 1)
// RUN: %chorus cc -O2 %s -o %t.missing -DMISSING
// RUN: %expect-exit 1 %mpirun -n 16 %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DMISSING --quiet | FileCheck %s --check-prefix=VMISSING
// MISSING-DAG: chorus-rt: violation COLLECTIVE_INCOMPLETE at {{.*}}relay.c:54 (rank 14): the program terminated while collective assertion AGREE was reached by rank 14 (its collective assertion number 20) but not by rank 0
// MISSING-DAG: chorus-rt: violation COLLECTIVE_INCOMPLETE at {{.*}}relay.c:54 (rank 1): the program terminated while collective assertion AGREE was reached by rank 1 (its collective assertion number 20) but not by rank 0
// VMISSING: verdict: violation COLLECTIVE_INCOMPLETE at {{.*}}relay.c:54:14 (process 1)
#include <mpi.h>

#define STEPS 20

int main(int argc, char **argv) {
  int rank, nprocs, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  for (int step = 0; step < STEPS; ++step) {
    x = 3 * step;
#ifdef BAD
    if (rank == nprocs - 2 && step == 5)
      x = -1;
#endif
#ifdef MISSING
    if (rank == 0 && step == STEPS - 1)
      break;
#endif
#pragma TASS collective assert AGREE x == PROC[0].x
  }
  MPI_Finalize();
  return 0;
}
