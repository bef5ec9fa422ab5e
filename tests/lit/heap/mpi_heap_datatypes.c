// Heap blocks whose first typed use is an MPI call: typed by the buffer's
// static type (a struct block with a struct datatype), or by the datatype
// through a void* (char, float, long elements: the block gets elements of
// the datatype's size), and a vector datatype on a malloc'd matrix. The
// broken variants address one element past a block.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBAD_CHAR | FileCheck %s --check-prefix=CHAR
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBAD_VECTOR | FileCheck %s --check-prefix=VECTOR
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBAD_STRUCT | FileCheck %s --check-prefix=STRUCT
// RUN: %mpicc %s -o %t && %mpirun -n 2 %t
// OK: verdict: verified
// CHAR: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_heap_datatypes.c:56:5 (process 0)
// VECTOR: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_heap_datatypes.c:76:5 (process 1)
// STRUCT: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_heap_datatypes.c:89:5 (process 0)
#include <assert.h>
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>

struct particle {
  int id;
  double mass;
};

#ifdef BAD_CHAR
#define CHARS 11
#else
#define CHARS 10
#endif
#ifdef BAD_VECTOR
#define ROWS 4
#else
#define ROWS 3
#endif
#ifdef BAD_STRUCT
#define PARTS 3
#else
#define PARTS 2
#endif

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  // typed by the datatype: char, float, long
  void *c = malloc(10), *f = malloc(3 * sizeof(float)), *l = malloc(3 * sizeof(long));
  if (rank == 1) {
    char s[11] = "abcdefghij";
    float t[3] = {0.5f, 1.5f, 2.5f};
    long u[3] = {5, 6, 7};
    MPI_Send(s, CHARS, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
    MPI_Send(t, 3, MPI_FLOAT, 0, 1, MPI_COMM_WORLD);
    MPI_Send(u, 3, MPI_LONG, 0, 2, MPI_COMM_WORLD);
  } else {
    MPI_Recv(c, CHARS, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(f, 3, MPI_FLOAT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(l, 3, MPI_LONG, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(((char *)c)[9] == 'j' && ((float *)f)[2] == 2.5f && ((long *)l)[2] == 7);
  }
  free(c);
  free(f);
  free(l);

  // a column of a malloc'd 3x3 matrix
  MPI_Datatype col;
  MPI_Type_vector(ROWS, 1, 3, MPI_INT, &col);
  MPI_Type_commit(&col);
  int *a = malloc(9 * sizeof(int));
  if (rank == 0) {
    MPI_Recv(&a[1], 1, col, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(a[1] == 1 && a[4] == 4 && a[7] == 7);
  } else {
    for (int i = 0; i < 9; i++)
      a[i] = i;
    MPI_Send(&a[1], 1, col, 0, 3, MPI_COMM_WORLD);
  }
  MPI_Type_free(&col);
  free(a);

  // an array of structs with a struct datatype, received into a fresh block
  int lens[2] = {1, 1};
  MPI_Aint disps[2] = {offsetof(struct particle, id), offsetof(struct particle, mass)};
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, pt;
  MPI_Type_create_struct(2, lens, disps, types, &pt);
  MPI_Type_commit(&pt);
  struct particle *p = malloc(2 * sizeof(struct particle));
  if (rank == 0) {
    MPI_Recv(p, PARTS, pt, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(p[1].id == 2 && p[1].mass == 0.25);
  } else {
    struct particle q[3] = {{1, 0.5}, {2, 0.25}, {3, 0.125}};
    MPI_Send(q, PARTS, pt, 0, 4, MPI_COMM_WORLD);
  }
  MPI_Type_free(&pt);
  free(p);
  MPI_Finalize();
  return 0;
}
