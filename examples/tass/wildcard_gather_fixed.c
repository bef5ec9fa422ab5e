/*
 * wildcard_gather_fixed.c -- the wildcard gather of seed 000 Fig. 6 with
 * the race removed (CORRECT: collective assertion C holds).
 *
 * Not in the seed: the seed only describes the defect.  The fix keeps the
 * wildcard source but tags each message with the number of the call
 * (0 or 1), so the root's receives in call k can only match messages sent
 * in call k.  Everything else is Fig. 6 unchanged (with int main).
 *     chorus verify wildcard_gather_fixed.c -n 3   (expect: verified)
 */
#include <mpi.h>
#include <stdlib.h>
#include <chorus.h>

int myrank, nprocs; double *a, x;

void root(int call) {
  MPI_Status status; int i;
  a = (double*)malloc(nprocs*sizeof(double));
  a[0] = 0.0;
  for (i=1; i<nprocs; i++) {
    MPI_Recv(&x, 1, MPI_DOUBLE, MPI_ANY_SOURCE, call, MPI_COMM_WORLD,
             &status);
    a[status.MPI_SOURCE] = x;
  }
#pragma TASS collective assert C true;
  free(a);
}

void worker(int call) {
  x = PID;
  MPI_Send(&x, 1, MPI_DOUBLE, 0, call, MPI_COMM_WORLD);
#pragma TASS collective assert C x==PROC[0].a[myrank];
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
