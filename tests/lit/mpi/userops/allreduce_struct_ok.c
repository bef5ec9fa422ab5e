// A user-defined operation on derived datatypes: a struct type (a value and
// its rank, the larger value kept, ties to the smaller rank) and a
// contiguous pair of ints over an int array (pairwise sum and max). The
// user function reads and writes the operands as the program's own types,
// as in the real run (Open MPI, 1-3 processes); -DWRONG expects the wrong
// winner and fails there and in the real run.
// RUN: %expect-exit 0 %chorus verify %s -n 1..3 --quiet | FileCheck %s
// RUN: %expect-exit 0 %native -n 3 %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: not %native -n 3 -DWRONG %s
// CHECK: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}allreduce_struct_ok.c:57:3 (process 0)
#include <assert.h>
#include <mpi.h>
#include <stddef.h>

typedef struct {
  int value;
  int rank;
} Pair;

static void maxPair(void *in, void *inout, int *len, MPI_Datatype *dt) {
  Pair *a = in, *b = inout;
  for (int i = 0; i < *len; i++)
    if (a[i].value > b[i].value || (a[i].value == b[i].value && a[i].rank < b[i].rank))
      b[i] = a[i];
}

static void sumMax(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = in, *b = inout;
  for (int i = 0; i < *len; i++) {
    b[2 * i] += a[2 * i];
    if (a[2 * i + 1] > b[2 * i + 1])
      b[2 * i + 1] = a[2 * i + 1];
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Datatype pairType, twoInts;
  int lens[2] = {1, 1};
  MPI_Aint disps[2] = {offsetof(Pair, value), offsetof(Pair, rank)};
  MPI_Datatype types[2] = {MPI_INT, MPI_INT};
  MPI_Type_create_struct(2, lens, disps, types, &pairType);
  MPI_Type_commit(&pairType);
  MPI_Type_contiguous(2, MPI_INT, &twoInts);
  MPI_Type_commit(&twoInts);
  MPI_Op best, sm;
  MPI_Op_create(maxPair, 1, &best);
  MPI_Op_create(sumMax, 1, &sm);
  Pair mine[2] = {{rank % 2, rank}, {size - rank, rank}}, win[2];
  MPI_Allreduce(mine, win, 2, pairType, best, MPI_COMM_WORLD);
#ifdef WRONG
  assert(win[1].rank == size - 1);
#endif
  assert(win[1].rank == 0 && win[1].value == size);
  assert(win[0].value == (size > 1) && win[0].rank == (size > 1));
  int v[4] = {rank, rank * 10, 1, -rank}, r[4];
  MPI_Reduce(v, r, 2, twoInts, sm, 0, MPI_COMM_WORLD);
  if (rank == 0)
    assert(r[0] == size * (size - 1) / 2 && r[1] == (size - 1) * 10 && r[2] == size && r[3] == 0);
  MPI_Op_free(&best);
  MPI_Op_free(&sm);
  MPI_Type_free(&pairType);
  MPI_Type_free(&twoInts);
  MPI_Finalize();
  return 0;
}
