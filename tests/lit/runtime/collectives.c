// Collective consistency at run time: the members disagree on the root, the
// operation, the reduction operation or the type signature of a collective
// call. Each member compares its call with its predecessor's before its own
// call; the member that sees the difference reports both call sites with the
// verifier's kind, and the job ends (exit status 1). It is the process where
// the verifier finds the violation, at the same line.
// RUN: %chorus cc -g %s -o %t.root -DROOT
// RUN: %expect-exit 1 %mpirun -n 3 %t.root 2>&1 | FileCheck %s --check-prefix=ROOT
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DROOT --quiet | FileCheck %s --check-prefix=VROOT
// ROOT: chorus-rt: violation MPI_ROOT_MISMATCH at {{.*}}collectives.c:41 (rank 2): MPI_Bcast with root 1 here, root 0 at communicator rank 1 ({{.*}}collectives.c:41)
// VROOT: verdict: violation MPI_ROOT_MISMATCH at {{.*}}collectives.c:41:3 (process 2)
// RUN: %chorus cc -g %s -o %t.kind -DKIND
// RUN: %expect-exit 1 %mpirun -n 3 %t.kind 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DKIND --quiet | FileCheck %s --check-prefix=VKIND
// KIND: chorus-rt: violation COLLECTIVE_MISMATCH at {{.*}}collectives.c:46 (rank 1): MPI_Barrier here, MPI_Bcast at communicator rank 0 ({{.*}}collectives.c:44)
// VKIND: verdict: violation COLLECTIVE_MISMATCH at {{.*}}collectives.c:46:5 (process 1)
// RUN: %chorus cc -g %s -o %t.op -DOP
// RUN: %expect-exit 1 %mpirun -n 2 %t.op 2>&1 | FileCheck %s --check-prefix=OP
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DOP --quiet | FileCheck %s --check-prefix=VOP
// OP: chorus-rt: violation MPI_OP_MISMATCH at {{.*}}collectives.c:48 (rank 1): MPI_Allreduce with MPI_MAX here, MPI_SUM at communicator rank 0
// VOP: verdict: violation MPI_OP_MISMATCH at {{.*}}collectives.c:48:3 (process 1)
// RUN: %chorus cc -g %s -o %t.sig -DSIG
// RUN: %expect-exit 1 %mpirun -n 2 %t.sig 2>&1 | FileCheck %s --check-prefix=SIG
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DSIG --quiet | FileCheck %s --check-prefix=VSIG
// SIG: chorus-rt: violation MPI_SIGNATURE_MISMATCH at {{.*}}collectives.c:51 (rank 1): MPI_Bcast of 4 bytes here, 8 bytes at communicator rank 0
// VSIG: verdict: violation MPI_SIGNATURE_MISMATCH at {{.*}}collectives.c:51:3 (process 1)
// A collective operation one member never calls (the others go on: a root's
// MPI_Bcast need not wait) is found at MPI_Finalize, where its description
// was never received.
// RUN: %chorus cc -g %s -o %t.missing -DMISSING
// RUN: %expect-exit 1 %mpirun -n 2 %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DMISSING --quiet | FileCheck %s --check-prefix=VMISSING
// MISSING: chorus-rt: violation POTENTIAL_DEADLOCK at {{.*}}collectives.c:54 (rank 0): MPI_Bcast on MPI_COMM_WORLD is never called by communicator rank 1 (it reached MPI_Finalize)
// VMISSING: verdict: violation POTENTIAL_DEADLOCK at {{.*}}collectives.c:54:5 (process 0)
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, v[2] = {1, 2}, w[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef ROOT
  MPI_Bcast(v, 1, MPI_INT, rank == 2 ? 1 : 0, MPI_COMM_WORLD);
#elif defined(KIND)
  if (rank == 0)
    MPI_Bcast(v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  else
    MPI_Barrier(MPI_COMM_WORLD);
#elif defined(OP)
  MPI_Allreduce(v, w, 1, MPI_INT, rank ? MPI_MAX : MPI_SUM, MPI_COMM_WORLD);
#elif defined(SIG)
  int n = rank ? 1 : 2;
  MPI_Bcast(v, n, MPI_INT, 0, MPI_COMM_WORLD);
#elif defined(MISSING)
  if (rank == 0)
    MPI_Bcast(v, 1, MPI_INT, 0, MPI_COMM_WORLD);
#endif
  MPI_Finalize();
  return 0;
}
