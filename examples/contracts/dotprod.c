/*
 * dotprod.c -- the parallel inner product of Hypre (dotProd), with its
 * collective contract: seed 002, Fig. 6, lines 1-28 verbatim.
 *
 * The seed shows only the contracted function.  Completed minimally with
 * the declarations it uses, written for this example (not Hypre's code):
 * HYPRE_Real (double), hypr_Vector (data, size, num_vectors),
 * hypr_ParVector (comm, local_vector), hypr_ParVectorLocalVector,
 * hypr_SeqVectorInnerProd (the sequential inner product of the local
 * parts), the hypr_MPI_* wrappers around MPI, and a driver main that
 * block-distributes two input vectors.  The contract relies on real
 * arithmetic (\sum), which is chorus's default semantics.
 *     chorus verify dotprod.c --contract hypr_ParVectorInnerProd -n 1..5
 */
#include <mpi.h>
#include <stdlib.h>

#pragma CIVL ACSL

typedef double HYPRE_Real;

typedef struct {
  HYPRE_Real *data;
  int size;
  int num_vectors;
} hypr_Vector;

typedef struct {
  MPI_Comm comm;
  hypr_Vector *local_vector;
} hypr_ParVector;

#define hypr_ParVectorLocalVector(vector) ((vector)->local_vector)
#define hypr_MPI_REAL MPI_DOUBLE
#define hypr_MPI_SUM MPI_SUM

int hypr_MPI_Allreduce(void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  return MPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

HYPRE_Real hypr_SeqVectorInnerProd(hypr_Vector *x, hypr_Vector *y) {
  HYPRE_Real result = 0.0;
  int i, n = x->size * x->num_vectors;
  for (i = 0; i < n; i++)
    result += x->data[i] * y->data[i];
  return result;
}

#define hypr_ParVectorComm(vector) ((vector) -> comm)
#define PAR_SIZE x->local_vector->size * x->local_vector->num_vectors
#define LOCAL_RESULT \
  \sum(0, PAR_SIZE-1, \lambda int t; x->local_vector->data[t] * \
    y->local_vector->data[t])
/*@
  requires \valid_read(x) && \valid_read(x->local_vector);
  requires \valid_read(y) && \valid_read(y->local_vector);
  requires \valid_read(x->local_vector->data + (0..PAR_SIZE-1));
  requires \valid_read(y->local_vector->data + (0..PAR_SIZE-1));
  requires x->local_vector->size > 0 && x->local_vector->num_vectors > 0;
  mpi uses hypr_ParVectorComm(x);
  mpi collective(hypr_ParVectorComm(x)):
    assigns \nothing;
    ensures \result == \sum(0, \mpi_comm_size-1,
                          \lambda integer k; \mpi_on(LOCAL_RESULT, k));
  waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
HYPRE_Real hypr_ParVectorInnerProd(hypr_ParVector *x, hypr_ParVector *y) {
  MPI_Comm comm = hypr_ParVectorComm(x);
  hypr_Vector *my_x = hypr_ParVectorLocalVector(x);
  hypr_Vector *my_y = hypr_ParVectorLocalVector(y);
  HYPRE_Real result = 0.0;
  HYPRE_Real local_result = hypr_SeqVectorInnerProd(my_x, my_y);
  hypr_MPI_Allreduce(&local_result, &result, 1, hypr_MPI_REAL,
                    hypr_MPI_SUM, comm);
  return result;
}

/* ---- driver (not in the seed) ---- */
#pragma TASS input {N >= 1 && N <= 8} int
#define N 4
#pragma TASS input
double xs[N];
#pragma TASS input
double ys[N];

int main(int argc, char **argv) {
  int rank, size, first, nlocal;
  hypr_Vector lx, ly;
  hypr_ParVector px, py;
  HYPRE_Real r;

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  first = N * rank / size;
  nlocal = N * (rank + 1) / size - first;
  if (nlocal < 1)
    nlocal = 1; /* the contract requires a non-empty local part */
  lx.data = malloc(nlocal * sizeof(HYPRE_Real));
  ly.data = malloc(nlocal * sizeof(HYPRE_Real));
  for (int i = 0; i < nlocal; i++) {
    lx.data[i] = first + i < N ? xs[first + i] : 0.0;
    ly.data[i] = first + i < N ? ys[first + i] : 0.0;
  }
  lx.size = ly.size = nlocal;
  lx.num_vectors = ly.num_vectors = 1;
  px.comm = py.comm = MPI_COMM_WORLD;
  px.local_vector = &lx;
  py.local_vector = &ly;
  r = hypr_ParVectorInnerProd(&px, &py);
  (void)r;
  free(lx.data);
  free(ly.data);
  MPI_Finalize();
  return 0;
}
