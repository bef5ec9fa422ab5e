// A request left pending when f returns (issue 11; lib/exec/DESIGN-NOTES.md
// "The waitsfor check is causal"): the driver P^f of seed 002 §2.2 ends
// after f, so a request neither completed nor freed is MPI_REQUEST_LEAK at
// f's return (its receive could still write the buffer the postcondition
// reads; the causal waitsfor check takes a matched message as heard at the
// match, which is exact only for a request completed before the return).
// RUN: %expect-exit 0 %chorus verify %s --contract ring -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract ring -n 2 -DNO_WAIT --quiet 2>&1 | FileCheck %s --check-prefix=NOWAIT
// NOWAIT: verdict: violation MPI_REQUEST_LEAK at {{.*}}requests.c:36:1 (process 0)
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(x) && \valid(y);
      assigns *y;
      ensures *y == \mpi_on(\old(*x), (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size);
      waitsfor { j | int j; 0 <= j < \mpi_comm_size &&
                            j == (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size };
*/
void ring(int *x, int *y) {
  int me, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Request rq;
  int got = 0;
  MPI_Irecv(&got, 1, MPI_INT, (me + n - 1) % n, 0, MPI_COMM_WORLD, &rq);
  MPI_Send(x, 1, MPI_INT, (me + 1) % n, 0, MPI_COMM_WORLD);
#ifdef NO_WAIT
  *y = *x;
  (void)got;
#else
  MPI_Wait(&rq, MPI_STATUS_IGNORE);
  *y = got;
#endif
}
