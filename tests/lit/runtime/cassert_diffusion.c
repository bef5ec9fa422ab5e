// The diffusion of seed 000 (Fig. 1) with its collective assertion GHOSTS
// (Fig. 3(a)) checked in real runs at large sizes: NX cells over the ranks,
// concrete initial values; the broken exchange (the left ghost received into
// u[1] instead of u[0]) is caught at the first step, on the rank whose view
// is false, and the verifier finds the same kind at the same line on a small
// size.
// RUN: %chorus cc -O2 %s -o %t -DNX=100000 -DNSTEPS=20
// RUN: %mpirun -n 2 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 6 %t 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 12 %t 2>&1 | FileCheck %s --check-prefix=OK
// 10^6 cells on 64 ranks (a few seconds, oversubscribed), with the checker's
// traffic: the same at 64 ranks as at 4 (each rank reads only its
// neighbours' snapshots).
// RUN: %chorus cc -O2 %s -o %t.big -DNX=1000000 -DNSTEPS=20
// RUN: env CHORUS_RT_STATS=1 %mpirun -n 64 %t.big 2>&1 | FileCheck %s --check-prefixes=OK,STATS
// RUN: env CHORUS_RT_STATS=1 %mpirun -n 4 %t.big 2>&1 | FileCheck %s --check-prefixes=OK,STATS
// RUN: %expect-exit 0 %chorus verify %s -n 3 -DNX=7 -DNSTEPS=2 --quiet | FileCheck %s --check-prefix=VOK
// OK: chorus-rt: 20 collective assertion instances checked
// OK: chorus-rt: no violation seen
// STATS: chorus-rt: checker traffic: at most 120 messages ({{[0-9]+}} bytes) from one rank,
// VOK: verdict: verified
// RUN: %chorus cc -O2 %s -o %t.bad -DNX=100000 -DNSTEPS=20 -DBAD
// RUN: %expect-exit 1 %mpirun -n 4 %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %chorus cc -O2 %s -o %t.bigbad -DNX=1000000 -DNSTEPS=20 -DBAD
// RUN: %expect-exit 1 %mpirun -n 64 %t.bigbad 2>&1 | FileCheck %s --check-prefix=BAD64
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DNX=7 -DNSTEPS=2 -DBAD --quiet | FileCheck %s --check-prefix=VBAD
// BAD-DAG: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}cassert_diffusion.c:76 (rank 0): collective assertion GHOSTS of rank 0 ('u[nxl] == PROC[right].u[0] && u[1] == PROC[left].u[PROC[left].nxl + 1]') is false (its collective assertion number 1,
// BAD-DAG: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}cassert_diffusion.c:76 (rank 3): collective assertion GHOSTS of rank 3
// BAD: chorus-rt: 20 collective assertion instances checked (80 views of ranks, 80 false: 4 reported, the later ones of the same rank and assertion counted only)
// BAD64-DAG: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}cassert_diffusion.c:76 (rank 0): collective assertion GHOSTS of rank 0
// BAD64-DAG: chorus-rt: violation COLLECTIVE_ASSERTION at {{.*}}cassert_diffusion.c:76 (rank 63): collective assertion GHOSTS of rank 63
// BAD64: chorus-rt: 20 collective assertion instances checked (1280 views of ranks, 1280 false: 64 reported,
// VBAD: verdict: violation COLLECTIVE_ASSERTION at {{.*}}cassert_diffusion.c:76:14 (process 0)
#include <mpi.h>
#include <stdlib.h>

#define K 0.25

static void exchange_ghost_cells(double *u, int nxl, int left, int right) {
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 0, &u[nxl + 1], 1, MPI_DOUBLE, right, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef BAD
  MPI_Sendrecv(&u[nxl], 1, MPI_DOUBLE, right, 1, &u[1], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(&u[nxl], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#endif
}

static void update(double *u, double *unew, int nxl) {
  for (int i = 1; i <= nxl; i++)
    unew[i] = u[i] + K * (u[i - 1] - 2 * u[i] + u[i + 1]);
  for (int i = 1; i <= nxl; i++)
    u[i] = unew[i];
}

int main(int argc, char **argv) {
  int rank, nprocs, time;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  {
    int first = rank * NX / nprocs;
    int nxl = (rank + 1) * NX / nprocs - first;
    int left = (rank + nprocs - 1) % nprocs;
    int right = (rank + 1) % nprocs;
    double *u = malloc((nxl + 2) * sizeof(double));
    double *unew = malloc((nxl + 2) * sizeof(double));
    for (int i = 1; i <= nxl; i++)
      u[i] = (first + i - 1) % 7 + 1;
    u[0] = 0;
    u[nxl + 1] = 0;
    for (time = 1; time <= NSTEPS; time++) {
      exchange_ghost_cells(u, nxl, left, right);
#pragma TASS collective assert GHOSTS u[nxl] == PROC[right].u[0] && u[1] == PROC[left].u[PROC[left].nxl + 1]
      update(u, unew, nxl);
    }
    free(u);
    free(unew);
  }
  MPI_Finalize();
  return 0;
}
