// Messages of symbolic length (issue 11): a count the contract leaves free
// (no upper bound) is not enumerated; the message is the array of its
// count values (\j. buf[off + j]), checked against the receive buffer
// (the type signatures of seed 002 §3.1: a message fits a receive of at
// least its count) and written into it as one array (DESIGN-NOTES
// "Messages of symbolic length"). So these are verified for every count.
#include <mpi.h>

// seed 002 Fig. 7's bcast (App. B.8's contract on MPI_INT buffers) for
// every count and every root.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count) && 0 <= count;
      requires \valid(buf + (0 .. count - 1));
      ensures \forall integer i; 0 <= i < count ==>
                buf[i] == \mpi_on(\old(buf[i]), root);
      behavior root:
        assumes \mpi_comm_rank == root;
        assigns \nothing;
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        assigns buf[0 .. count - 1];
        waitsfor root;
      complete behaviors;
      disjoint behaviors;
*/
void bcast(int *buf, int count, int root) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank == root) {
#if defined(ISEND) || defined(ISENDHALF) || defined(ISENDWRITE)
    // nonblocking sends of symbolic length, one request at a time
    for (int i = 0; i < size; i++)
      if (i != root) {
        MPI_Request sq;
#if defined(ISENDHALF)
        MPI_Isend(buf, count / 2, MPI_INT, i, 0, MPI_COMM_WORLD, &sq);
#else
        MPI_Isend(buf, count, MPI_INT, i, 0, MPI_COMM_WORLD, &sq);
#endif
#if defined(ISENDWRITE)
        if (count > 0)
          buf[count - 1] = buf[count - 1]; // while the send is pending
#endif
        MPI_Wait(&sq, MPI_STATUS_IGNORE);
      }
    return;
#endif
    for (int i = 0; i < size; i++)
      if (i != root)
#if defined(SHIFTED)
        MPI_Send(buf + 1, count, MPI_INT, i, 0, MPI_COMM_WORLD);
#elif defined(HALF)
        MPI_Send(buf, count / 2, MPI_INT, i, 0, MPI_COMM_WORLD);
#else
        MPI_Send(buf, count, MPI_INT, i, 0, MPI_COMM_WORLD);
#endif
  } else {
#if defined(TRUNC)
    MPI_Recv(buf, count / 2, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#elif defined(IRECV) || defined(IRECVHALF)
    // a nonblocking receive of symbolic length
    MPI_Request rq;
#if defined(IRECVHALF)
    MPI_Irecv(buf, count / 2, MPI_INT, root, 0, MPI_COMM_WORLD, &rq);
#else
    MPI_Irecv(buf, count, MPI_INT, root, 0, MPI_COMM_WORLD, &rq);
#endif
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
#elif defined(PROBE)
    // the count of the message, from its status (MPI_Get_count)
    MPI_Status st;
    int k;
    MPI_Probe(root, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &k);
    MPI_Recv(buf, k, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
    MPI_Recv(buf, count, MPI_INT, root, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  }
}

// bcast called twice: simulated by its contract (seed 002 §4.2), whose
// assigns buf[0 .. count - 1] havocs a range of symbolic length (the array
// becomes a lambda over a fresh array). The broken variant broadcasts the
// first time from another rank.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count) && 0 <= count;
      requires \valid(buf + (0 .. count - 1));
      assigns buf[0 .. count - 1];
      ensures \forall integer i; 0 <= i < count ==>
                buf[i] == \mpi_on(\old(buf[i]), root);
*/
void twice(int *buf, int count, int root) {
#ifdef OTHER
  int size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  bcast(buf, count, (root + 1) % size);
#else
  bcast(buf, count, root);
#endif
  bcast(buf, count, root);
}

// A ring shift of n doubles by MPI_Sendrecv, received after an offset of
// one. A large bound on n (no enumeration: it is the same as none) keeps
// the broken variant's n + 1 from overflowing: it sends one value past
// the end of s.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(n) && 0 <= n < 1000000;
      requires \valid(s + (0 .. n - 1)) && \valid(r + (0 .. n));
      requires \separated(s + (0 .. n - 1), r + (0 .. n));
      assigns r[1 .. n];
      ensures \forall integer i; 0 <= i < n ==>
        r[i + 1] == \mpi_on(\old(s[i]), (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size);
*/
void shift(double *s, double *r, int n) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#ifdef OFF
  MPI_Sendrecv(s, n + 1, MPI_DOUBLE, (rank + 1) % size, 0, r + 1, n + 1, MPI_DOUBLE,
               (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(s, n, MPI_DOUBLE, (rank + 1) % size, 0, r + 1, n, MPI_DOUBLE,
               (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
}


// MPI's collectives of symbolic length: an allreduce (Fig. 5, App. B.3)
// from MPI_Reduce and MPI_Bcast, simulated by their App. B contracts,
// whose sequences *\mpi_buf(b, count, MPI_INT) are then arrays of
// symbolic length. Broken: a reduction of half; a broadcast of half.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(\mpi_buf(r, count, MPI_INT));
      requires \mpi_agree(count) && 0 <= count;
      requires \valid_read(\mpi_buf(s, count, MPI_INT));
      requires \separated(\mpi_buf(r, count, MPI_INT), \mpi_buf(s, count, MPI_INT));
      assigns *\mpi_buf(r, count, MPI_INT);
      ensures \mpi_agree(*\mpi_buf(r, count, MPI_INT));
      ensures \mpi_reduce(*\mpi_buf(r, count, MPI_INT), 0, \mpi_comm_size, MPI_SUM,
                          \lambda integer t; \mpi_on(*\mpi_buf(s, count, MPI_INT), t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void allred(const int *s, int *r, int count) {
#ifdef HALFR
  MPI_Reduce(s, r, count / 2, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#else
  MPI_Reduce(s, r, count, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
#ifdef HALFB
  MPI_Bcast(r, count / 2, MPI_INT, 0, MPI_COMM_WORLD);
#else
  MPI_Bcast(r, count, MPI_INT, 0, MPI_COMM_WORLD);
#endif
}

// RUN: %expect-exit 0 %chorus verify %s --contract bcast -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract bcast -n 1..3 -DPROBE --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify --float real %s --contract shift -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract twice -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract allred -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --contract allred -n 2 -DHALFR --quiet | FileCheck %s --check-prefix=HALFR
// HALFR: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symcount.c:148:7 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --contract allred -n 2 -DHALFB --quiet | FileCheck %s --check-prefix=HALFB
// HALFB: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symcount.c:147:7 (process 1)
// RUN: %expect-exit 1 %chorus verify %s --contract twice -n 2 -DOTHER --quiet | FileCheck %s --check-prefix=OTHER
// OTHER: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symcount.c:95:7 (process 0)
// The root sends half the values: the last ones are not broadcast.
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -n 2 -DHALF --quiet | FileCheck %s --check-prefix=HALF
// HALF: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symcount.c:16:7 (process 1)
// The non-roots receive into half the room: a message that does not fit.
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -n 2 -DTRUNC --quiet | FileCheck %s --check-prefix=TRUNC
// TRUNC: verdict: violation MPI_RECV_MISMATCH at {{.*}}symcount.c:62:5 (process 1)
// TRUNC-NEXT: receive buffer too small for the message from process 0
// The root sends from buf + 1 (for count = 0 already a pointer out of bounds).
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -n 2 -DSHIFTED --quiet | FileCheck %s --check-prefix=SHIFTED
// SHIFTED: verdict: violation OUT_OF_BOUNDS at {{.*}}symcount.c:54:9 (process 0)
// One value more than s has, for every n.
// RUN: %expect-exit 1 %chorus verify --float real %s --contract shift -n 2 -DOFF --quiet | FileCheck %s --check-prefix=OFF
// OFF: verdict: violation OUT_OF_BOUNDS at {{.*}}symcount.c:127:3 (process 0)
// OFF-NEXT: buffer of (1 + n@0) elements beyond the end of its array
// Nonblocking: the requests hold the symbolic count (MPI_Irecv + MPI_Wait
// at the non-roots, MPI_Isend + MPI_Wait at the root).
// RUN: %expect-exit 0 %chorus verify %s --contract bcast -n 1..3 -DIRECV --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// RUN: %expect-exit 0 %chorus verify %s --contract bcast -n 1..3 -DISEND -DIRECV --quiet 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=note:
// Broken: a receive request of half the room (reported at its Wait); a
// send request of half the values; a write to the buffer of a pending send.
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -n 2 -DIRECVHALF --quiet | FileCheck %s --check-prefix=IRECVHALF
// IRECVHALF: verdict: violation MPI_RECV_MISMATCH at {{.*}}symcount.c:71:5 (process 1)
// IRECVHALF-NEXT: receive buffer too small for the message from process 0
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -n 2 -DISENDHALF --quiet | FileCheck %s --check-prefix=ISENDHALF
// ISENDHALF: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symcount.c:16:7 (process 1)
// RUN: %expect-exit 1 %chorus verify %s --contract bcast -n 2 -DISENDWRITE --quiet | FileCheck %s --check-prefix=ISENDWRITE
// ISENDWRITE: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}symcount.c:45:26 (process 0)
