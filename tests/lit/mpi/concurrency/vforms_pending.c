// The other v-form nonblocking collectives guard their buffers and their
// counts, displacements and datatypes arrays until the Wait (MPI 3.1
// §5.12); writes into the gaps between blocks, or past them, are allowed.
// (They guarded nothing: every BAD variant was verified.)
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DSV | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s -DSV
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSV -DBAD | FileCheck %s --check-prefix=SV
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DAV | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s -DAV
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DAV -DBAD | FileCheck %s --check-prefix=AV
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DAW | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s -DAW
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DAW -DBAD | FileCheck %s --check-prefix=AW
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DAG | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s -DAG
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DAG -DBAD | FileCheck %s --check-prefix=AG
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBAD | FileCheck %s --check-prefix=RS
// OK: verdict: verified
// SV: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}vforms_pending.c:48:11 (process 0)
// AV: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}vforms_pending.c:54:9 (process 0)
// AW: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}vforms_pending.c:60:9 (process 0)
// AG: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}vforms_pending.c:66:9 (process 0)
// RS: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}vforms_pending.c:73:9 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, size, i;
  int sb[4], rb[4], sc[2] = {1, 1}, sd[2] = {0, 2}, rc[2] = {1, 1}, rd[2] = {0, 2};
  MPI_Datatype ty[2] = {MPI_INT, MPI_INT};
  int bd[2] = {0, 8};
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (i = 0; i < 4; ++i) {
    sb[i] = 10 * rank + i;
    rb[i] = -1;
  }
#if defined(SV)
  MPI_Iscatterv(sb, sc, sd, MPI_INT, rb, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
  sb[1] = 5; /* a gap of the root's blocks */
  rb[1] = 5; /* past the received item */
#ifdef BAD
  if (rank == 0)
    sb[2] = 5;
#endif
#elif defined(AV)
  MPI_Ialltoallv(sb, sc, sd, MPI_INT, rb, rc, rd, MPI_INT, MPI_COMM_WORLD, &req);
  rb[1] = 5;
#ifdef BAD
  rd[1] = 1;
#endif
#elif defined(AW)
  MPI_Ialltoallw(sb, sc, bd, ty, rb, rc, bd, ty, MPI_COMM_WORLD, &req);
  rb[1] = 5;
#ifdef BAD
  ty[0] = MPI_FLOAT;
#endif
#elif defined(AG)
  MPI_Iallgatherv(sb, 1, MPI_INT, rb, rc, rd, MPI_INT, MPI_COMM_WORLD, &req);
  rb[1] = 5;
#ifdef BAD
  rb[2] = 5;
#endif
#else /* MPI_Ireduce_scatter */
  MPI_Ireduce_scatter(sb, rb, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req);
  rb[1] = 5;
  sb[2] = 5; /* not sent */
#ifdef BAD
  sb[1] = 5;
#endif
#endif
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  assert(rb[1] == 5);
  MPI_Finalize();
  return 0;
}
