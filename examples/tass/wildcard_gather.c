/*
 * wildcard_gather.c -- a gather routine with a wildcard receive at the
 * root (INCORRECT: collective assertion C is violated).
 *
 * Source: seed 000 §4.4 "Wildcard_gather", Fig. 6, reproduced as written
 * (uninitialized argc/argv passed to MPI_Init, the TASS identifier PID),
 * except that "void main()" is written "int main()" because Clang rejects
 * a void main (reaching the end of main returns 0).  Only the #include lines are
 * added.  The race: a worker sends, enters the second call and sends
 * again; the root, still in its first call, receives that second message
 * at the wildcard receive, so some other entry of a[] is still unset when
 * the root reaches assertion C.  A barrier at C would hide the bug.
 *     chorus verify wildcard_gather.c -n 3      (expect: violation of C)
 * The fixed version is wildcard_gather_fixed.c.
 */
#include <mpi.h>
#include <stdlib.h>
#include <chorus.h>

int myrank, nprocs; double *a, x;

void root() {
  MPI_Status status; int i;
  a = (double*)malloc(nprocs*sizeof(double));
  a[0] = 0.0;
  for (i=1; i<nprocs; i++) {
    MPI_Recv(&x, 1, MPI_DOUBLE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &status);
    a[status.MPI_SOURCE] = x;
  }
#pragma TASS collective assert C true;
  free(a);
}

void worker() {
  x = PID;
  MPI_Send(&x, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
#pragma TASS collective assert C x==PROC[0].a[myrank];
}

int main() {
  int argc; char **argv; int i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  for (i=0; i<2; i++) if (PID == 0) root(); else worker();
  MPI_Finalize();
}
