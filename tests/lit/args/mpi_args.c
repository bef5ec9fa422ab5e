// Every process of an MPI program gets the same arguments (as from
// mpirun): with `-- 3` both ranks exchange 3 ints, one message each; the broken
// variant accepts up to 5 for buffers of 4, refuted with `-- 5` and, without
// arguments, with the symbolic argument "5".
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -- 3 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --max-args 1 --max-arg-length 1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet -DBROKEN -- 4 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN -- 5 | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN --max-args 1 --max-arg-length 1 | FileCheck %s --check-prefix=BAD-SYM
// RUN: %expect-exit 0 %native -n 2 %s -- 3
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_args.c:37:5 (process 0)
// BAD-SYM: verdict: violation OUT_OF_BOUNDS at {{.*}}mpi_args.c:37:5 (process 0)
// BAD-SYM: argc = 2
// BAD-SYM: argv[1] = "5"
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

#ifdef BROKEN
#define MAXN 5
#else
#define MAXN 4
#endif

int main(int argc, char **argv) {
  int rank, out[4] = {1, 2, 3, 4}, in[4] = {0, 0, 0, 0};
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int n = argc > 1 ? atoi(argv[1]) : 1;
  if (n < 1 || n > MAXN) {
    MPI_Finalize();
    return 0;
  }
  int other = 1 - rank;
  for (int k = 0; k < n; k++)
    MPI_Sendrecv(&out[k % 4], 1, MPI_INT, other, k, &in[k], 1, MPI_INT, other, k, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
  assert(in[n - 1] == (n - 1) % 4 + 1);
  MPI_Finalize();
  return 0;
}
