// MPI_Datatype and MPI_Op parameters of f, void * buffers typed by the
// datatype a \mpi_buf of the contract pairs them with (verify --contract:
// one run per combination of MPI_INT, MPI_DOUBLE and MPI_SUM, MPI_PROD,
// MPI_MAX, MPI_MIN and two symbolic user ops (userops.c); the verdict names them).
#include <mpi.h>
#define SBUF \mpi_buf(sbuf, count, dt)
#define RBUF \mpi_buf(rbuf, count, dt)
/*@ mpi uses comm;
    mpi collective(comm):
      requires \valid(RBUF) && \mpi_nonoverlapping(dt);
      requires \mpi_agree(count) && \mpi_agree(dt) && \mpi_agree(op) && 0 <= count <= 2;
      requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
      requires \valid_read(SBUF);
      assigns *RBUF;
      ensures \mpi_agree(*RBUF);
      ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                          \lambda integer t; \mpi_on(*SBUF, t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
int allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm) {
  MPI_Reduce(sbuf, rbuf, count, dt, op, 0, comm);
#ifndef NO_BCAST
#ifdef INT_BCAST
  MPI_Bcast(rbuf, count, MPI_INT, 0, comm);
#else
  MPI_Bcast(rbuf, count, dt, 0, comm);
#endif
#endif
  return MPI_SUCCESS;
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
void untyped(void *p) {
}

// RUN: %expect-exit 0 %chorus verify %s --contract allreduce -n 1..3 --quiet 2>&1 | FileCheck %s --check-prefix=OK
// OK: note: --contract allreduce: one run per dt in {MPI_INT, MPI_DOUBLE}; op in {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, a non-commutative user op, a commutative user op} (other datatypes and ops are not covered)
// OK: verdict: verified (dt in {MPI_INT, MPI_DOUBLE}; op in {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, a non-commutative user op, a commutative user op}; rank symmetry not used: a call of MPI_Reduce
// RUN: %expect-exit 1 %chorus verify %s --contract allreduce -DNO_BCAST -n 2 --quiet 2>&1 | FileCheck %s --check-prefix=NOBCAST
// NOBCAST: note: with dt = MPI_INT, op = MPI_SUM
// NOBCAST: verdict: violation WAITSFOR at {{.*}}handles.c:29:3 (process 1)
// The broadcast names MPI_INT whatever dt is: a double buffer as MPI_INT
// (App. B.8's \mpi_buf reads it).
// RUN: %expect-exit 1 %chorus verify %s --contract allreduce -DINT_BCAST -n 1..2 --quiet 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: note: with dt = MPI_DOUBLE, op = MPI_SUM
// TYPE: verdict: violation MPI_BUFFER_TYPE_MISMATCH at {{.*}}chorus_mpi_contracts.h:345:13 (process 0)
// TYPE-NEXT: buffer of C type 'double' used with MPI_INT, which describes another C type
// RUN: %expect-exit 2 %chorus verify %s --contract untyped -n 1 --quiet 2>&1 | FileCheck %s --check-prefix=VOID
// VOID: verdict: unknown (unsupported: --contract untyped: parameter 'p' of type 'void*': no '\mpi_buf(p, count, datatype)' of the contract gives it a basic datatype
