// A datatype known only through \mpi_sig and \mpi_extent (seed 002 §3.3,
// Fig. 4: \mpi_sig(dt) is dt's type signature, \mpi_extent(dt) its extent,
// \mpi_nonoverlapping(dt) "no two entries of its type map overlap"): a
// datatype parameter that f only passes to MPI calls that move data is the
// symbolic datatype of verify --contract, one handle standing for every
// datatype, its extent and overlap fresh symbols that only the precondition
// constrains, its buffers sequences of values of a type of their own
// (lib/exec/DESIGN-NOTES.md, "The symbolic datatype").
#include <mpi.h>
#define BUF \mpi_buf(buf, count, dt)
#define SBUF \mpi_buf(sbuf, count, dt)
#define RBUF \mpi_buf(rbuf, count, dt)
#ifdef OVERLAP
#define NOOVL \true
#else
#define NOOVL \mpi_nonoverlapping(dt)
#endif
#ifdef EXTENT8
#define EXTPOST \mpi_extent(dt) == 8
#else
#define EXTPOST \true
#endif
#define LEFT ((\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size)
#ifdef SAME_DT
#define SAME && \mpi_agree(dt)
#else
#define SAME
#endif

// App. B.8 (MPI_Bcast) for a broadcast built from point-to-point messages.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count * \mpi_sig(dt)) && 0 <= count <= 2 SAME;
      requires NOOVL;
      requires \mpi_extent(dt) >= 1;
      requires \valid(BUF);
      ensures \mpi_agree(*BUF);
      ensures EXTPOST;
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
void bcast(void *buf, int count, MPI_Datatype dt, int root) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == root) {
    for (int i = 0; i < size; i++)
      if (i != root)
        MPI_Send(buf, count, dt, i, 0, MPI_COMM_WORLD);
  } else {
#if defined(INT_RECV)
    MPI_Recv(buf, count, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#elif defined(WRONG_ROOT)
    MPI_Recv(buf, count, dt, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(buf, count, dt, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  }
}

// A ring shift: every rank gets its left neighbour's send buffer.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count * \mpi_sig(dt)) && 0 <= count <= 2;
      requires \mpi_nonoverlapping(dt);
      requires \valid_read(SBUF) && \valid(RBUF) && \separated(SBUF, RBUF);
      assigns *RBUF;
      ensures *RBUF == \mpi_on(\old(*SBUF), LEFT);
      waitsfor LEFT;
*/
void shift(const void *sbuf, void *rbuf, int count, MPI_Datatype dt) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#if defined(SELF)
  // (the barrier keeps the waitsfor clause satisfied)
  MPI_Sendrecv(sbuf, count, dt, rank, 0, rbuf, count, dt, rank, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Barrier(MPI_COMM_WORLD);
#elif defined(SHIFT_RIGHT)
  MPI_Sendrecv(sbuf, count, dt, (rank + size - 1) % size, 0, rbuf, count, dt, (rank + 1) % size,
               0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(sbuf, count, dt, (rank + 1) % size, 0, rbuf, count, dt, (rank + size - 1) % size,
               0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
}

// App. B.8 itself: MPI_Bcast of the symbolic datatype, simulated by its
// contract (whose precondition asks \mpi_nonoverlapping(datatype)).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count * \mpi_sig(dt)) && 0 <= count <= 2;
      requires NOOVL;
      requires \valid(BUF);
      ensures \mpi_agree(*BUF);
      behavior root:
        assumes \mpi_comm_rank == root;
        assigns \nothing;
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        assigns *BUF;
      complete behaviors;
      disjoint behaviors;
*/
void wrap(void *buf, int count, MPI_Datatype dt, int root) {
  MPI_Bcast(buf, count, dt, root, MPI_COMM_WORLD);
}

// The body needs a concrete C type: dt is enumerated (a note says why).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(dt) && 0 <= count <= 2;
      requires \valid(BUF);
      assigns \nothing;
*/
int typed(void *buf, int count, MPI_Datatype dt) {
  return dt == MPI_INT;
}

// With \mpi_agree(dt) in the precondition the datatype is the same on
// every process, and the symbolic one covers every datatype:
// RUN: %expect-exit 0 %chorus verify %s --contract bcast -DSAME_DT -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=BCAST
// BCAST: verdict: verified (dt symbolic: every datatype, the same on every process; rank symmetry not used
// App. B asks only the signatures to agree (count * \mpi_sig(dt)), which
// datatypes that differ between processes satisfy: runs with dt per process
// the symbolic datatype or contiguous(2, dt) cover them (differ.c).
// RUN: %expect-exit 0 %chorus verify %s --contract bcast -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=DIFFER
// RUN: %expect-exit 0 %chorus verify %s --contract shift -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=DIFFER
// RUN: %expect-exit 0 %chorus verify %s --contract wrap -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=DIFFER
// DIFFER: verdict: verified (dt symbolic: every datatype, the same on every process; datatypes 'dt' that differ between processes: each the symbolic datatype dt or contiguous(2, dt) per process and parameter, worlds of 1..3 processes;
// Without \mpi_nonoverlapping(dt) in the precondition the datatype may
// overlap, and receiving into it is erroneous (MPI 3.1 §4.1.1) ...
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -DOVERLAP -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: verdict: violation MPI_INVALID_DATATYPE at {{.*}}symtype.c:64:5 (process 1)
// OVERLAP-NEXT: receive into the symbolic datatype, whose type map may overlap
// ... and MPI_Bcast's precondition (App. B.8) does not hold.
// RUN: %expect-exit 1 %chorus verify %s --contract wrap -DOVERLAP -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=WOVERLAP
// WOVERLAP: verdict: violation COLLECTIVE_PRECONDITION at {{.*}}chorus_mpi_contracts.h:341:9 (process 0)
// The extent is a fresh symbol, not the size of the values' C type:
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -DEXTENT8 -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=EXTENT
// EXTENT: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symtype.c:39:7 (process 0)
// A message of the symbolic datatype matches no receive of MPI_INT:
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -DINT_RECV -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=INTRECV
// INTRECV: verdict: violation MPI_RECV_MISMATCH at {{.*}}symtype.c:60:5 (process 1)
// INTRECV-NEXT: type signature of the message from process 0 (1 x the symbolic datatype) does not match the receive (1 x int)
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -DWRONG_ROOT -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=ROOT
// ROOT: verdict: violation ABSOLUTE_DEADLOCK at {{.*}}symtype.c:62:5 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --contract shift -DSHIFT_RIGHT -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=RIGHT
// RIGHT: verdict: violation WAITSFOR at {{.*}}symtype.c:95:1 (process 0)
// Value sequences of the symbolic datatype compared (*RBUF == \mpi_on(...)):
// RUN: %expect-exit 1 %chorus verify %s --contract shift -DSELF -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=SELF
// SELF: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symtype.c:76:7 (process 0)
// A body that needs a concrete type (here: compares dt) gets the
// enumeration, and says so:
// RUN: %expect-exit 0 %chorus verify %s --contract typed -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=TYPED
// TYPED: note: --contract typed: datatype 'dt' is enumerated, not symbolic: 'dt' is used at {{.*}}symtype.c:127:3 other than as an argument of a call
// TYPED: verdict: verified (dt in {MPI_INT, MPI_DOUBLE}; rank symmetry: one pattern of ranks per renaming
