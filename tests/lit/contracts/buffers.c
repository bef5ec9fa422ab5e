// The MPI terms of seed 002 §3.3 in collective contracts: \mpi_buf, buffer
// arithmetic, *b as a value sequence and as an assigns location set,
// \mpi_sig, \mpi_extent, \mpi_nonoverlapping, \mpi_reduce.
#include <mpi.h>

#define SBUF \mpi_buf(sbuf, count, MPI_INT)
#define RBUF \mpi_buf(rbuf, count, MPI_INT)

// Fig. 5 (MPI_Allreduce, App. B.3) for MPI_INT and MPI_SUM.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(RBUF) && \mpi_nonoverlapping(MPI_INT);
      requires \mpi_agree(count) && 0 <= count <= 2;
      requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
      requires \valid_read(SBUF);
      assigns *RBUF;
      ensures \mpi_agree(*RBUF);
      ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, MPI_SUM,
                          \lambda integer t; \mpi_on(*SBUF, t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void allred(const int *sbuf, int *rbuf, int count) {
  MPI_Reduce(sbuf, rbuf, count, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
#ifndef NO_BCAST
  MPI_Bcast(rbuf, count, MPI_INT, 0, MPI_COMM_WORLD);
#endif
}

// The maximum of doubles, with a wrong op in the broken variant.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(\mpi_buf(y, 1, MPI_DOUBLE)) && \valid(\mpi_buf(x, 1, MPI_DOUBLE));
      assigns *\mpi_buf(y, 1, MPI_DOUBLE);
      ensures \mpi_reduce(*\mpi_buf(y, 1, MPI_DOUBLE), 0, \mpi_comm_size, MPI_MAX,
                          \lambda integer t; \mpi_on(*\mpi_buf(x, 1, MPI_DOUBLE), t));
*/
void maxall(double *x, double *y) {
#ifdef MIN
  MPI_Allreduce(x, y, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
#else
  MPI_Allreduce(x, y, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
#endif
}

// Buffer arithmetic: block r of the receive buffer is rank r's send buffer
// (App. B.1's RBUF_OF(r) = \mpi_buf(rbuf, count, MPI_INT) + r * count).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(count) && 0 <= count <= 2;
      requires \valid(count * \mpi_comm_size * \mpi_buf(rbuf, 1, MPI_INT));
      requires \valid_read(SBUF);
      assigns *\mpi_buf(rbuf, count * \mpi_comm_size, MPI_INT);
      ensures \forall integer r; 0 <= r < \mpi_comm_size ==>
                *(RBUF + r * count) == \mpi_on(*SBUF, r);
*/
void gatherall(const int *sbuf, int *rbuf, int count) {
#ifdef GATHER_ONLY
  MPI_Gather(sbuf, count, MPI_INT, rbuf, count, MPI_INT, 0, MPI_COMM_WORLD);
#else
  MPI_Allgather(sbuf, count, MPI_INT, rbuf, count, MPI_INT, MPI_COMM_WORLD);
#endif
}

// *b in an assigns clause of f: writing outside the buffer is ASSIGNS.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 1 <= count <= 2 && \valid(RBUF) && \valid(other + 0);
      assigns *RBUF;
      ensures \forall integer i; 0 <= i < count ==> rbuf[i] == 7;
*/
void fill(int *rbuf, int count, int *other) {
  for (int i = 0; i < count; i++)
    rbuf[i] = 7;
#ifdef OUTSIDE
  other[0] = 7;
#endif
}

// A simulated procedure whose contract uses \mpi_sig, buffers in assigns
// (havocked) and \old(*b) of the root in its postcondition.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= count <= 2 && \mpi_agree(count * \mpi_sig(MPI_INT));
      requires \valid(\mpi_buf(buf, count, MPI_INT));
      assigns *\mpi_buf(buf, count, MPI_INT);
      ensures *\mpi_buf(buf, count, MPI_INT) == \mpi_on(\old(*\mpi_buf(buf, count, MPI_INT)), 0);
      waitsfor 0;
*/
void bc(int *buf, int count);

void bc(int *buf, int count) {
  MPI_Bcast(buf, count, MPI_INT, 0, MPI_COMM_WORLD);
}

#ifdef MISMATCH
static int rank_count(void) {
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r == 0 ? 1 : 2;
}
#endif

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(a + (0 .. 1));
      assigns a[0 .. 1];
      ensures a[0] == \mpi_on(\old(a[0]), 0);
*/
void usebc(int *a) {
#ifdef MISMATCH
  bc(a, rank_count());
#else
  bc(a, 2);
#endif
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      ensures \result == \mpi_extent(MPI_DOUBLE) && \result == 8;
*/
int ext(void) {
#ifdef WRONG_EXT
  return 4;
#else
  return sizeof(double);
#endif
}

// \mpi_on of a sequence at a symbolic root: every rank ends with the
// root's buffer as it was at the call.
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      requires \mpi_agree(count) && 0 <= count <= 2 && \valid(\mpi_buf(buf, count, MPI_INT));
      assigns *\mpi_buf(buf, count, MPI_INT);
      ensures *\mpi_buf(buf, count, MPI_INT) ==
              \mpi_on(\old(*\mpi_buf(buf, count, MPI_INT)), root);
*/
void bcastbuf(int *buf, int count, int root) {
#ifdef ROOT0
  MPI_Bcast(buf, count, MPI_INT, 0, MPI_COMM_WORLD);
#else
  MPI_Bcast(buf, count, MPI_INT, root, MPI_COMM_WORLD);
#endif
}

// A bitwise op in \mpi_reduce: on the bits of the C type; the body's
// MPI_MAX is not MPI_BAND (tests/lit/contracts/userops.c has a correct one).
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(\mpi_buf(y, 1, MPI_INT)) && \valid(\mpi_buf(x, 1, MPI_INT));
      assigns *\mpi_buf(y, 1, MPI_INT);
      ensures \mpi_reduce(*\mpi_buf(y, 1, MPI_INT), 0, \mpi_comm_size, MPI_BAND,
                          \lambda integer t; \mpi_on(*\mpi_buf(x, 1, MPI_INT), t));
*/
void bandall(int *x, int *y) {
  MPI_Allreduce(x, y, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
}

// Correct functions verified for n = 1..3, broken variants refuted with kind,
// location and process (seed 002 Def. 2.5; the terms of §3.3). Integers
// are mathematical here (--no-overflow-check): MPI_SUM of two ints may
// overflow, which the overflow check reports at the MPI call.
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract allred -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract maxall -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract gatherall -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract fill -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract usebc -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract ext -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --no-overflow-check --contract bcastbuf -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract allred -DNO_BCAST -n 2 --quiet | FileCheck %s --check-prefix=AGREE
// (Without the broadcast a non-root returns after the reduction, which
// waits for no one: before rank 0 need have entered, against the waitsfor
// clause; its result disagrees too, but the return comes first.)
// AGREE: verdict: violation WAITSFOR at {{.*}}buffers.c:27:1 (process 1)
// AGREE-NEXT: process 1 returns from 'allred' before process 0
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract maxall -DMIN -n 2 --quiet | FileCheck %s --check-prefix=MAX
// MAX: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}buffers.c:34:7 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract gatherall -DGATHER_ONLY -n 2 --quiet | FileCheck %s --check-prefix=GATHER
// GATHER: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}buffers.c:53:7 (process 1)
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract fill -DOUTSIDE -n 2 --quiet | FileCheck %s --check-prefix=FILL
// FILL: verdict: violation ASSIGNS at {{.*}}buffers.c:77:1 (process 0)
// FILL-NEXT: changed but is not in 'assigns *\mpi_buf(rbuf, count,
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract usebc -DMISMATCH -n 2 --quiet | FileCheck %s --check-prefix=SIG
// SIG: verdict: violation COLLECTIVE_PRECONDITION at {{.*}}buffers.c:83:7 (process 1)
// SIG-NEXT: \mpi_agree(count * \mpi_sig(
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract ext -DWRONG_EXT -n 2 --quiet | FileCheck %s --check-prefix=EXT
// EXT: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}buffers.c:119:7 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract bcastbuf -DROOT0 -n 2 --quiet | FileCheck %s --check-prefix=ROOT
// ROOT: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}buffers.c:136:7 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --no-overflow-check --contract bandall -n 2 --quiet | FileCheck %s --check-prefix=BAND
// BAND: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}buffers.c:153:7 (process 0)
