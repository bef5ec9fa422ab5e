// MPI_Waitsome / MPI_Testsome (MPI 3.1 §3.7.5): outcount is the number of
// requests completed, their indices and statuses fill the FIRST outcount
// entries of the arrays, several requests may complete in one call, and
// Testsome may complete none (outcount 0).
// Without macros: a Testsome loop reads st[k] for the k-th completed
// request -- verified (chorus wrote the status at the request's index, so
// st[0] was an UNINITIALIZED_READ when request 1 completed alone).
// -DSMALL: a status array of one entry for two requests: both complete in
// one call, the second status is written past the array -- OUT_OF_BOUNDS at
// the call (chorus completed one request per call and verified it; the real
// run overwrites the stack).
// -DWAIT: the same loop with Waitsome, verified.
// -DNONE: the program assumes Testsome completes something -- ASSERTION.
// RUN: %expect-exit 0 %chorus verify %s -n 3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 3 -DWAIT --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DSMALL --quiet | FileCheck %s --check-prefix=SMALL
// RUN: %expect-exit 1 %chorus verify %s -n 3 -DNONE --quiet | FileCheck %s --check-prefix=NONE
// RUN: %mpicc %s -o %t && %expect-exit 0 %mpirun -np 3 %t
// RUN: %mpicc -DWAIT %s -o %t.w && %expect-exit 0 %mpirun -np 3 %t.w
// OK: verdict: verified
// SMALL: verdict: violation OUT_OF_BOUNDS at {{.*}}testsome_statuses.c:46:7 (process 0)
// NONE: verdict: violation ASSERTION at {{.*}}testsome_statuses.c:53:7 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == 0) {
    int v[2] = {0, 0}, seen = 0;
    MPI_Request req[2];
    for (int i = 0; i < 2; i++)
      MPI_Irecv(&v[i], 1, MPI_INT, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, &req[i]);
    while (seen < 2) {
      int outc, idx[2];
#ifdef SMALL
      MPI_Status st[1];
#else
      MPI_Status st[2];
#endif
#ifdef WAIT
      MPI_Waitsome(2, req, &outc, idx, st);
#else
      MPI_Testsome(2, req, &outc, idx, st);
#endif
      for (int k = 0; k < outc; k++) {
        assert(v[idx[k]] == st[k].MPI_SOURCE * 3);
        seen++;
      }
#ifdef NONE
      assert(outc > 0);
#endif
    }
    assert(v[0] + v[1] == 9);
  } else {
    int x = 3 * rank;
    MPI_Send(&x, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
