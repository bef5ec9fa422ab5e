// Datatypes that differ between processes (issue 11; lib/exec/DESIGN-NOTES.md
// "Datatypes that differ between processes"). App. B asks only that the
// type signatures agree, `\mpi_agree(count * \mpi_sig(dt))` (seed 002 §3.3:
// \mpi_sig(dt) is dt's type signature, `count * s` its repetition): rank 0
// may send 2 MPI_INT where rank 1 receives 1 contiguous datatype of 2 ints.
// When c_p copies of sig(D_p) are one signature on every process (c_p >= 1),
// every sig(D_p) is a power of one signature s (x^m = y^n makes x and y
// powers of one word), so such a run is a run where dt is, per process, the
// symbolic datatype s or contiguous(k, s). verify --contract runs k in
// {1, 2} per process and datatype parameter (not all 1: that is the
// symbolic run), worlds of up to 6 / (number of such parameters)
// processes, and says so in the verdict.
//
// bc: a broadcast built from messages (App. B.8's contract).
// RUN: %expect-exit 0 %chorus verify %s --contract bc -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=BC
// BC: verdict: verified (dt symbolic: every datatype, the same on every process; datatypes 'dt' that differ between processes: each the symbolic datatype dt or contiguous(2, dt) per process and parameter, worlds of 1..3 processes;
// A postcondition that holds only when the datatypes are the same (then the
// counts are): refuted by the run where process 0's dt is contiguous(2, dt).
// RUN: %expect-exit 1 %chorus verify %s --contract bc -DCOUNT_POST -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=CPOST
// CPOST: note: with datatypes that differ between processes: dt@0 = contiguous(2, dt), dt@1 = dt (dt: the symbolic datatype)
// CPOST: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}differ.c:56:7 (process 1)
//
// ring: every rank gets its left neighbour's values; -DPEER_COUNT receives
// as many elements of its own datatype as the left neighbour sent of its
// own (right only when both datatypes are the same): the message does not
// fit the receive when they differ (MPI 3.1 §3.2.2: an overflow is an
// error).
// RUN: %expect-exit 0 %chorus verify %s --contract ring -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract ring -DPEER_COUNT -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=PEER
// PEER: note: with datatypes that differ between processes: dt@0 = contiguous(2, dt), dt@1 = dt (dt: the symbolic datatype)
// PEER: verdict: violation MPI_RECV_MISMATCH at {{.*}}differ.c:100:3 (process 1)
// PEER-NEXT: receive buffer too small for the message from process 0 (2 basic elements, room for 1)
//
// copy: two datatype parameters (a send and a receive type) on one process;
// 2 x 3 parameters per world of 3 is the most the runs cover (at most 64
// runs per world size): -n 1..4 is unknown, naming the bound.
// RUN: %expect-exit 0 %chorus verify %s --contract copy -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s --contract copy -n 1..4 --quiet 2>&1 | FileCheck %s --check-prefix=BOUND
// BOUND: verdict: unknown (not checked: datatype 'stype', 'rtype' may differ between processes (the precondition has no \mpi_agree of it); runs with differing datatypes cover worlds of at most 3 processes (at most 64 runs each))
#include <mpi.h>
#define BUF \mpi_buf(buf, count, dt)
#if defined(COUNT_POST)
#define CPOSTC count == \mpi_on(count, root)
#else
#define CPOSTC \true
#endif

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count * \mpi_sig(dt)) && 0 <= count <= 2;
      requires \mpi_nonoverlapping(dt);
      requires \valid(BUF);
      ensures \mpi_agree(*BUF);
      ensures CPOSTC;
      behavior root:
        assumes \mpi_comm_rank == root;
        assigns \nothing;
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        assigns *BUF;
        waitsfor root;
      complete behaviors;
      disjoint behaviors;
*/
void bc(void *buf, int count, MPI_Datatype dt, int root) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == root) {
    for (int i = 0; i < size; i++)
      if (i != root)
        MPI_Send(buf, count, dt, i, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(buf, count, dt, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count * \mpi_sig(dt)) && 0 <= count <= 2;
      requires \mpi_nonoverlapping(dt);
      requires \valid_read(\mpi_buf(sbuf, count, dt)) && \valid(\mpi_buf(rbuf, count, dt));
      requires \separated(\mpi_buf(sbuf, count, dt), \mpi_buf(rbuf, count, dt));
      assigns *\mpi_buf(rbuf, count, dt);
      ensures *\mpi_buf(rbuf, count, dt) ==
              \mpi_on(\old(*\mpi_buf(sbuf, count, dt)),
                      (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size);
      waitsfor (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size;
*/
void ring(const void *sbuf, void *rbuf, int count, MPI_Datatype dt) {
  int rank, size, rcount = count;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#if defined(PEER_COUNT)
  MPI_Sendrecv(&count, 1, MPI_INT, (rank + 1) % size, 1, &rcount, 1, MPI_INT,
               (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  MPI_Sendrecv(sbuf, count, dt, (rank + 1) % size, 0, rbuf, rcount, dt, (rank + size - 1) % size,
               0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires scount * \mpi_sig(stype) == rcount * \mpi_sig(rtype);
      requires 0 <= scount <= 2 && 0 <= rcount <= 2;
      requires \mpi_nonoverlapping(rtype);
      requires \valid_read(\mpi_buf(sbuf, scount, stype)) && \valid(\mpi_buf(rbuf, rcount, rtype));
      requires \separated(\mpi_buf(sbuf, scount, stype), \mpi_buf(rbuf, rcount, rtype));
      assigns *\mpi_buf(rbuf, rcount, rtype);
      ensures *\mpi_buf(rbuf, rcount, rtype) == \old(*\mpi_buf(sbuf, scount, stype));
*/
void copy(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
          MPI_Datatype rtype) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Sendrecv(sbuf, scount, stype, rank, 0, rbuf, rcount, rtype, rank, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
}
