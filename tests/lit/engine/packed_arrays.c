// Global arrays of more than 1024 integers are packed arrays (unboxed
// numbers outside the expression store, lib/state/Packed.h): concrete
// writes and reads, then a symbolic value and a symbolic index entering one
// (it becomes an expression), memcpy/memset between packed arrays, and an
// MPI_Send/MPI_Recv of slices from one packed array into another. The same
// verdicts without packing (--no-packed-arrays). Broken variants: a write
// one past the end, a wrong value received, a wrong value after the
// symbolic write, a wrong value after memset.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --no-packed-arrays | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DOOB | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DRECV | FileCheck %s --check-prefix=RECV
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSYMV | FileCheck %s --check-prefix=SYMV
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSET | FileCheck %s --check-prefix=SET
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DSET --no-packed-arrays | FileCheck %s --check-prefix=SET
// OK: verdict: verified
// OOB: verdict: violation OUT_OF_BOUNDS at {{.*}}packed_arrays.c:39:10 (process 0)
// RECV: verdict: violation ASSERTION at {{.*}}packed_arrays.c:48:5 (process 1)
// SET: verdict: violation ASSERTION at {{.*}}packed_arrays.c:59:3 (process 0)
// SYMV: verdict: violation ASSERTION at {{.*}}packed_arrays.c:69:3 (process 0)
#include <assert.h>
#include <chorus.h>
#include <mpi.h>
#include <string.h>

#define N 3000
int a[N], c[N];

int main(int argc, char** argv) {
  int rank, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#ifdef OOB
#define END N
#else
#define END (N - 1)
#endif
  for (i = 0; i <= END; i++)
    a[i] = i + 1;
  assert(a[0] == 1 && a[2999] == 3000 && c[2999] == 0);
  int k = chorus_nondet_int();
  chorus_assume(k >= 0 && k < N);
  if (rank == 0) {
    MPI_Send(a + 1000, 1000, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(c + 500, 1000, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef RECV
    assert(c[500] == 1000);
#endif
    assert(c[499] == 0 && c[500] == 1001 && c[1499] == 2000 && c[1500] == 0);
    for (i = 500; i < 1500; i++)
      c[i] = 0; /* both processes' c are zero again */
  }
  memcpy(c + 100, a + 2000, 500 * sizeof(int));
  memset(a + 10, 0, 20 * sizeof(int));
  assert(c[99] == 0 && c[100] == 2001 && c[599] == 2500 && c[600] == 0);
  assert(a[9] == 10 && a[10] == 0 && a[29] == 0 && a[30] == 31);
#ifdef SET
  assert(a[10] == 11);
#endif
  int x = chorus_nondet_int();
  a[7] = x; /* a symbolic value: a becomes an expression */
  for (i = 2000; i < N; i++)
    a[i] = 2 * i;
  assert(a[7] == x && a[8] == 9 && a[2999] == 5998);
  c[k] = 5; /* a symbolic index writes c */
  assert(c[k] == 5);
#ifdef SYMV
  assert(a[7] == 8);
#endif
  MPI_Finalize();
  return 0;
}
