// Ring shift: each process sends its rank to the right and receives from
// the left; assertion R relates the received value to the left neighbour's
// snapshot (PROC[e].x), forall/exists over ranks, and no synchronization is
// added (the assertion is taken after a buffered send, before any barrier).
// RUN: %expect-exit 0 %chorus verify %s -n 3 --deadlock absolute --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 4 --deadlock absolute --quiet --cqmin | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 3 --deadlock absolute --quiet -DBROKEN | FileCheck %s
// RUN: %expect-exit 1 %chorus verify %s -n 3 --deadlock absolute --quiet -DBADPROC | FileCheck %s --check-prefix=RANGE
// OK: verdict: verified
// CHECK: verdict: violation COLLECTIVE_ASSERTION at {{.*}}ring.c:34:14 (process 2)
// CHECK: composite state of collective assertion R
// CHECK: snapshot at move
// RANGE: verdict: violation COLLECTIVE_ASSERTION at {{.*}}ring.c:34:14 (process 0)
// RANGE: no such process
#include <mpi.h>

int main(int argc, char **argv) {
  int rank, size, got = -1, left, right, mine;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  left = (rank + size - 1) % size;
  right = (rank + 1) % size;
  mine = 10 * rank;
  MPI_Send(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
  MPI_Recv(&got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifdef BROKEN
  got = got + (rank == 2);
#endif
#ifdef BADPROC
  left = size;
#endif
  mine = mine + 1; /* changed after the send: the snapshot sees the new value */
#pragma TASS collective assert R got == PROC[left].mine - 1 && \
    forall {int i | 0 <= i && i < size} PROC[i].mine == 10*i + 1 && \
    exists {int j | 0 <= j && j < size} PROC[j].rank == rank
  MPI_Finalize();
  return 0;
}
