// A collective assertion right after a blocking call is evaluated with the
// call's results: a process waiting inside MPI_Allreduce, MPI_Allgather or
// MPI_Reduce (root) stands at the next location, but it arrives there (and
// its snapshot is taken) only when the move of another process releases it
// (a synchronous send: at the send, as it writes nothing of the sender's). Before, the snapshot was taken on entering the call
// and the assertion failed on the buffer's old value (a false alarm).
// RUN: %expect-exit 0 %chorus verify %s -n 2..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 3 --deadlock potential --quiet | FileCheck %s --check-prefix=OK
// RUN: %native -n 3 %s
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DBAD --quiet | FileCheck %s --check-prefix=BAD
// BAD: verdict: violation COLLECTIVE_ASSERTION at {{.*}}after_blocking_call.c:27:14 (process 0)
#include <assert.h>
#include <mpi.h>
int main(int argc, char **argv) {
  int rank, size, v, s = -1, all[3] = {-1, -1, -1}, r = -1, t = -1, i;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  v = rank + 5;
  MPI_Allreduce(&v, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
#pragma TASS collective assert S s == PROC[0].s && s >= 5
  MPI_Allgather(&v, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
#pragma TASS collective assert G all[0] == 5 && all[size - 1] == PROC[size - 1].v
  MPI_Reduce(&v, &r, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
#ifdef BAD
#pragma TASS collective assert R rank != 0 || r == 5
#else
#pragma TASS collective assert R rank != 0 || r == size + 4
#endif
  if (rank == 0)
    MPI_Ssend(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else if (rank == 1)
    MPI_Recv(&t, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma TASS collective assert T PROC[1].t == 5
  for (i = 0; i < 1; i++)
    MPI_Barrier(MPI_COMM_WORLD);
  assert(s >= 5);
  MPI_Finalize();
  return 0;
}
