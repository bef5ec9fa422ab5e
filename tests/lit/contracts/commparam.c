// A collective contract on a communicator parameter (issue 11): `mpi
// collective(comm)` and `mpi uses comm` of f's MPI_Comm parameter. The
// driver P^f (seed 002 §2.2) runs the processes of comm, and binds comm to
// MPI_COMM_WORLD; a body that also names MPI_COMM_WORLD (wrong for any
// other communicator a caller passes) is therefore not verified: unknown,
// naming the use (model::contractCommBinding).
// RUN: %expect-exit 0 %chorus verify %s --contract bc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// A broken variant: the non-roots receive from rank 0, not from the root.
// RUN: %expect-exit 1 %chorus verify %s --contract bc -n 2 -DWRONG_ROOT --quiet 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}commparam.c:36:5 (process 0)
// RUN: %expect-exit 2 %chorus verify %s --contract bc -n 1..3 -DWORLD --quiet 2>&1 | FileCheck %s --check-prefix=WORLD
// WORLD: verdict: unknown (not checked: 'bc' names MPI_COMM_WORLD at {{.*}}commparam.c:34:38 and has the communicator parameter 'comm', which verify --contract binds to MPI_COMM_WORLD
#include <mpi.h>

/*@ mpi uses comm;
    mpi collective(comm):
      requires \mpi_agree(root) && 0 <= root < \mpi_comm_size;
      requires \valid(x);
      assigns *x;
      ensures *x == \mpi_on(\old(*x), root);
      waitsfor { j | int j; j == root };
*/
void bc(int *x, int root, MPI_Comm comm) {
  int me, n;
  MPI_Comm_rank(comm, &me);
  MPI_Comm_size(comm, &n);
  if (me == root) {
    for (int i = 0; i < n; i++)
      if (i != root)
        MPI_Send(x, 1, MPI_INT, i, 0, comm);
  } else {
#if defined(WORLD)
    MPI_Recv(x, 1, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#elif defined(WRONG_ROOT)
    MPI_Recv(x, 1, MPI_INT, 0, 0, comm, MPI_STATUS_IGNORE);
#else
    MPI_Recv(x, 1, MPI_INT, root, 0, comm, MPI_STATUS_IGNORE);
#endif
  }
}
