/* Included first into every unit that `chorus cc` compiles (-include): after
 * <mpi.h>, each checked MPI function is a macro that records its call site
 * (file and line) for the run-time checker and then calls the function, which
 * the runtime library (libchorus_rt_mpi.a) interposes through the MPI
 * profiling interface (PMPI). Reports then name the line of the call. */
#ifndef CHORUS_RT_H
#define CHORUS_RT_H

#include <mpi.h>

#include "chorus_rt_assert.h"

#ifdef __cplusplus
extern "C" {
#endif
void chorus_rt_at(const char* file, int line);
#ifdef __cplusplus
}
#endif

#define CHORUS_RT_CALL(f, ...) (chorus_rt_at(__FILE__, __LINE__), f(__VA_ARGS__))
#define MPI_Init(...) CHORUS_RT_CALL(MPI_Init, __VA_ARGS__)
#define MPI_Init_thread(...) CHORUS_RT_CALL(MPI_Init_thread, __VA_ARGS__)
#define MPI_Finalize() (chorus_rt_at(__FILE__, __LINE__), MPI_Finalize())
#define MPI_Send(...) CHORUS_RT_CALL(MPI_Send, __VA_ARGS__)
#define MPI_Ssend(...) CHORUS_RT_CALL(MPI_Ssend, __VA_ARGS__)
#define MPI_Bsend(...) CHORUS_RT_CALL(MPI_Bsend, __VA_ARGS__)
#define MPI_Rsend(...) CHORUS_RT_CALL(MPI_Rsend, __VA_ARGS__)
#define MPI_Recv(...) CHORUS_RT_CALL(MPI_Recv, __VA_ARGS__)
#define MPI_Sendrecv(...) CHORUS_RT_CALL(MPI_Sendrecv, __VA_ARGS__)
#define MPI_Isend(...) CHORUS_RT_CALL(MPI_Isend, __VA_ARGS__)
#define MPI_Issend(...) CHORUS_RT_CALL(MPI_Issend, __VA_ARGS__)
#define MPI_Ibsend(...) CHORUS_RT_CALL(MPI_Ibsend, __VA_ARGS__)
#define MPI_Irsend(...) CHORUS_RT_CALL(MPI_Irsend, __VA_ARGS__)
#define MPI_Irecv(...) CHORUS_RT_CALL(MPI_Irecv, __VA_ARGS__)
#define MPI_Wait(...) CHORUS_RT_CALL(MPI_Wait, __VA_ARGS__)
#define MPI_Waitall(...) CHORUS_RT_CALL(MPI_Waitall, __VA_ARGS__)
#define MPI_Test(...) CHORUS_RT_CALL(MPI_Test, __VA_ARGS__)
#define MPI_Request_free(...) CHORUS_RT_CALL(MPI_Request_free, __VA_ARGS__)
#define MPI_Barrier(...) CHORUS_RT_CALL(MPI_Barrier, __VA_ARGS__)
#define MPI_Bcast(...) CHORUS_RT_CALL(MPI_Bcast, __VA_ARGS__)
#define MPI_Reduce(...) CHORUS_RT_CALL(MPI_Reduce, __VA_ARGS__)
#define MPI_Allreduce(...) CHORUS_RT_CALL(MPI_Allreduce, __VA_ARGS__)
#define MPI_Gather(...) CHORUS_RT_CALL(MPI_Gather, __VA_ARGS__)
#define MPI_Scatter(...) CHORUS_RT_CALL(MPI_Scatter, __VA_ARGS__)
#define MPI_Allgather(...) CHORUS_RT_CALL(MPI_Allgather, __VA_ARGS__)
#define MPI_Alltoall(...) CHORUS_RT_CALL(MPI_Alltoall, __VA_ARGS__)
#define MPI_Scan(...) CHORUS_RT_CALL(MPI_Scan, __VA_ARGS__)
#define MPI_Exscan(...) CHORUS_RT_CALL(MPI_Exscan, __VA_ARGS__)
#define MPI_Sendrecv_replace(...) CHORUS_RT_CALL(MPI_Sendrecv_replace, __VA_ARGS__)
#define MPI_Send_init(...) CHORUS_RT_CALL(MPI_Send_init, __VA_ARGS__)
#define MPI_Ssend_init(...) CHORUS_RT_CALL(MPI_Ssend_init, __VA_ARGS__)
#define MPI_Bsend_init(...) CHORUS_RT_CALL(MPI_Bsend_init, __VA_ARGS__)
#define MPI_Rsend_init(...) CHORUS_RT_CALL(MPI_Rsend_init, __VA_ARGS__)
#define MPI_Recv_init(...) CHORUS_RT_CALL(MPI_Recv_init, __VA_ARGS__)
#define MPI_Start(...) CHORUS_RT_CALL(MPI_Start, __VA_ARGS__)
#define MPI_Startall(...) CHORUS_RT_CALL(MPI_Startall, __VA_ARGS__)
#define MPI_Waitany(...) CHORUS_RT_CALL(MPI_Waitany, __VA_ARGS__)
#define MPI_Waitsome(...) CHORUS_RT_CALL(MPI_Waitsome, __VA_ARGS__)
#define MPI_Testall(...) CHORUS_RT_CALL(MPI_Testall, __VA_ARGS__)
#define MPI_Testany(...) CHORUS_RT_CALL(MPI_Testany, __VA_ARGS__)
#define MPI_Testsome(...) CHORUS_RT_CALL(MPI_Testsome, __VA_ARGS__)
#define MPI_Ibarrier(...) CHORUS_RT_CALL(MPI_Ibarrier, __VA_ARGS__)
#define MPI_Ibcast(...) CHORUS_RT_CALL(MPI_Ibcast, __VA_ARGS__)
#define MPI_Ireduce(...) CHORUS_RT_CALL(MPI_Ireduce, __VA_ARGS__)
#define MPI_Iallreduce(...) CHORUS_RT_CALL(MPI_Iallreduce, __VA_ARGS__)
#define MPI_Igather(...) CHORUS_RT_CALL(MPI_Igather, __VA_ARGS__)
#define MPI_Iscatter(...) CHORUS_RT_CALL(MPI_Iscatter, __VA_ARGS__)
#define MPI_Iallgather(...) CHORUS_RT_CALL(MPI_Iallgather, __VA_ARGS__)
#define MPI_Ialltoall(...) CHORUS_RT_CALL(MPI_Ialltoall, __VA_ARGS__)
#define MPI_Iscan(...) CHORUS_RT_CALL(MPI_Iscan, __VA_ARGS__)
#define MPI_Iexscan(...) CHORUS_RT_CALL(MPI_Iexscan, __VA_ARGS__)
#define MPI_Comm_dup(...) CHORUS_RT_CALL(MPI_Comm_dup, __VA_ARGS__)
#define MPI_Comm_split(...) CHORUS_RT_CALL(MPI_Comm_split, __VA_ARGS__)
#define MPI_Comm_free(...) CHORUS_RT_CALL(MPI_Comm_free, __VA_ARGS__)

#endif
