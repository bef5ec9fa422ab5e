// MPI_Waitall / MPI_Testall over an array with MPI_REQUEST_NULL entries and
// an inactive persistent request: their statuses are empty (MPI 3.1 §3.7.3:
// source MPI_ANY_SOURCE, tag MPI_ANY_TAG, count 0). chorus left them
// unwritten: reading st[0] was a false UNINITIALIZED_READ.
// -DTEST: the same with a Testall loop.
// -DINDEX: the empty status's source (MPI_ANY_SOURCE, -1) used as an index:
// OUT_OF_BOUNDS.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 2 -DTEST --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DINDEX --quiet | FileCheck %s --check-prefix=INDEX
// RUN: %mpicc %s -o %t && %expect-exit 0 %mpirun -np 2 %t
// RUN: %mpicc -DTEST %s -o %t.t && %expect-exit 0 %mpirun -np 2 %t.t
// OK: verdict: verified
// INDEX: verdict: violation OUT_OF_BOUNDS at {{.*}}waitall_null_status.c:46:27 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    int v = -1, w = 0;
    MPI_Request r[4] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Irecv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Send_init(&w, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &r[3]); /* never started */
    MPI_Status st[4];
#ifdef TEST
    int flag = 0;
    while (!flag)
      MPI_Testall(4, r, &flag, st);
#else
    MPI_Waitall(4, r, st);
#endif
    int empty[3] = {0, 2, 3};
    for (int k = 0; k < 3; k++) {
      int i = empty[k], c;
      MPI_Get_count(&st[i], MPI_INT, &c);
      assert(st[i].MPI_SOURCE == MPI_ANY_SOURCE && st[i].MPI_TAG == MPI_ANY_TAG && c == 0);
    }
    assert(st[1].MPI_SOURCE == 1 && st[1].MPI_TAG == 0 && v == 4);
    assert(r[1] == MPI_REQUEST_NULL && r[3] != MPI_REQUEST_NULL);
    MPI_Request_free(&r[3]);
#ifdef INDEX
    int buf[2];
    buf[st[2].MPI_SOURCE] = 0;
#endif
  } else if (rank == 1) {
    int x = 4;
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
