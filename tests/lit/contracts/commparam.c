// A collective contract on a communicator parameter (issue 11): `mpi
// collective(comm)` and `mpi uses comm` of f's MPI_Comm parameter. The
// driver P^f (seed 002 §2.2) runs the processes of comm and binds comm to
// MPI_COMM_WORLD. A body that also names MPI_COMM_WORLD is run a second
// time with comm bound to a duplicate of MPI_COMM_WORLD (all processes, a
// context of its own: what a caller passing MPI_Comm_dup(MPI_COMM_WORLD)
// gives), where a use of one for the other deadlocks or breaks `mpi uses`,
// and then with comm a communicator of fewer processes than the world (every
// nonempty proper subset of 2 .. the largest -n processes, ranks in world
// order; the others do not call f: tests/lit/contracts/subcomm.c).
// RUN: %expect-exit 0 %chorus verify %s --contract bc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// A broken variant: the non-roots receive from rank 0, not from the root.
// RUN: %expect-exit 1 %chorus verify %s --contract bc -n 2 -DWRONG_ROOT --quiet 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}commparam.c:64:5 (process 0)
// The non-roots receive on MPI_COMM_WORLD: right only when comm is
// MPI_COMM_WORLD; with a duplicate, the receive never matches.
// RUN: %expect-exit 1 %chorus verify %s --contract bc -n 2 -DWORLD --quiet 2>&1 | FileCheck %s --check-prefix=WORLD
// WORLD: note: with each communicator parameter bound to a duplicate of MPI_COMM_WORLD of its own
// WORLD: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}commparam.c:62:5 (process 1)
// The root sends on MPI_COMM_WORLD: with a duplicate, a message outside
// `mpi uses comm`.
// RUN: %expect-exit 1 %chorus verify %s --contract bc -n 2 -DWORLD_SEND --quiet 2>&1 | FileCheck %s --check-prefix=WSEND
// WSEND: verdict: violation MPI_USES at {{.*}}commparam.c:56:9 (process 0)
// The size of MPI_COMM_WORLD taken for comm's: the same for MPI_COMM_WORLD
// and a duplicate, wrong for a smaller communicator: with comm = {0} of a
// world of 2, the root sends to comm rank 1, which comm does not have.
// RUN: %expect-exit 1 %chorus verify %s --contract bc -n 1..3 -DWORLD_SIZE --quiet 2>&1 | FileCheck %s --check-prefix=WSIZE
// WSIZE: note: with the communicator parameter bound to a communicator of processes {0} of 2 (the others do not call bc)
// WSIZE: verdict: violation MPI_INVALID_RANK at {{.*}}commparam.c:58:9 (process 0)
// With -n 1 no world has a smaller communicator: unknown, naming why.
// RUN: %expect-exit 2 %chorus verify %s --contract bc -n 1 -DWORLD_SIZE --quiet 2>&1 | FileCheck %s --check-prefix=WSIZE1
// WSIZE1: verdict: unknown (not checked: 'bc' names MPI_COMM_WORLD at {{.*}}commparam.c:48:17 and has the communicator parameter 'comm': verified with it bound to MPI_COMM_WORLD and to a duplicate of MPI_COMM_WORLD, not for a communicator of fewer processes than MPI_COMM_WORLD (-n allows no world of 2 or more processes))
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
#if defined(WORLD_SIZE)
  MPI_Comm_size(MPI_COMM_WORLD, &n);
#else
  MPI_Comm_size(comm, &n);
#endif
  if (me == root) {
    for (int i = 0; i < n; i++)
      if (i != root)
#if defined(WORLD_SEND)
        MPI_Send(x, 1, MPI_INT, i, 0, MPI_COMM_WORLD);
#else
        MPI_Send(x, 1, MPI_INT, i, 0, comm);
#endif
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
