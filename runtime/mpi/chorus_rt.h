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

/* `MPI_Send(...)` becomes `(chorus_rt_at(__FILE__, __LINE__), MPI_Send)(...)`:
 * an object-like macro, so that __LINE__ is the line of the function's name
 * (clang gives a function-like macro invocation that spans lines the line
 * of its closing parenthesis; the verifier names the first line). */
#define CHORUS_RT_FN(f) (chorus_rt_at(__FILE__, __LINE__), f)
#define MPI_Init CHORUS_RT_FN(MPI_Init)
#define MPI_Init_thread CHORUS_RT_FN(MPI_Init_thread)
#define MPI_Finalize CHORUS_RT_FN(MPI_Finalize)
#define MPI_Send CHORUS_RT_FN(MPI_Send)
#define MPI_Ssend CHORUS_RT_FN(MPI_Ssend)
#define MPI_Bsend CHORUS_RT_FN(MPI_Bsend)
#define MPI_Rsend CHORUS_RT_FN(MPI_Rsend)
#define MPI_Recv CHORUS_RT_FN(MPI_Recv)
#define MPI_Sendrecv CHORUS_RT_FN(MPI_Sendrecv)
#define MPI_Isend CHORUS_RT_FN(MPI_Isend)
#define MPI_Issend CHORUS_RT_FN(MPI_Issend)
#define MPI_Ibsend CHORUS_RT_FN(MPI_Ibsend)
#define MPI_Irsend CHORUS_RT_FN(MPI_Irsend)
#define MPI_Irecv CHORUS_RT_FN(MPI_Irecv)
#define MPI_Wait CHORUS_RT_FN(MPI_Wait)
#define MPI_Waitall CHORUS_RT_FN(MPI_Waitall)
#define MPI_Test CHORUS_RT_FN(MPI_Test)
#define MPI_Request_free CHORUS_RT_FN(MPI_Request_free)
#define MPI_Barrier CHORUS_RT_FN(MPI_Barrier)
#define MPI_Bcast CHORUS_RT_FN(MPI_Bcast)
#define MPI_Reduce CHORUS_RT_FN(MPI_Reduce)
#define MPI_Allreduce CHORUS_RT_FN(MPI_Allreduce)
#define MPI_Gather CHORUS_RT_FN(MPI_Gather)
#define MPI_Scatter CHORUS_RT_FN(MPI_Scatter)
#define MPI_Allgather CHORUS_RT_FN(MPI_Allgather)
#define MPI_Alltoall CHORUS_RT_FN(MPI_Alltoall)
#define MPI_Scan CHORUS_RT_FN(MPI_Scan)
#define MPI_Exscan CHORUS_RT_FN(MPI_Exscan)
#define MPI_Sendrecv_replace CHORUS_RT_FN(MPI_Sendrecv_replace)
#define MPI_Send_init CHORUS_RT_FN(MPI_Send_init)
#define MPI_Ssend_init CHORUS_RT_FN(MPI_Ssend_init)
#define MPI_Bsend_init CHORUS_RT_FN(MPI_Bsend_init)
#define MPI_Rsend_init CHORUS_RT_FN(MPI_Rsend_init)
#define MPI_Recv_init CHORUS_RT_FN(MPI_Recv_init)
#define MPI_Start CHORUS_RT_FN(MPI_Start)
#define MPI_Startall CHORUS_RT_FN(MPI_Startall)
#define MPI_Waitany CHORUS_RT_FN(MPI_Waitany)
#define MPI_Waitsome CHORUS_RT_FN(MPI_Waitsome)
#define MPI_Testall CHORUS_RT_FN(MPI_Testall)
#define MPI_Testany CHORUS_RT_FN(MPI_Testany)
#define MPI_Testsome CHORUS_RT_FN(MPI_Testsome)
#define MPI_Ibarrier CHORUS_RT_FN(MPI_Ibarrier)
#define MPI_Ibcast CHORUS_RT_FN(MPI_Ibcast)
#define MPI_Ireduce CHORUS_RT_FN(MPI_Ireduce)
#define MPI_Iallreduce CHORUS_RT_FN(MPI_Iallreduce)
#define MPI_Igather CHORUS_RT_FN(MPI_Igather)
#define MPI_Iscatter CHORUS_RT_FN(MPI_Iscatter)
#define MPI_Iallgather CHORUS_RT_FN(MPI_Iallgather)
#define MPI_Ialltoall CHORUS_RT_FN(MPI_Ialltoall)
#define MPI_Iscan CHORUS_RT_FN(MPI_Iscan)
#define MPI_Iexscan CHORUS_RT_FN(MPI_Iexscan)
#define MPI_Comm_dup CHORUS_RT_FN(MPI_Comm_dup)
#define MPI_Comm_split CHORUS_RT_FN(MPI_Comm_split)
#define MPI_Comm_create CHORUS_RT_FN(MPI_Comm_create)
#define MPI_Comm_create_group CHORUS_RT_FN(MPI_Comm_create_group)
#define MPI_Comm_split_type CHORUS_RT_FN(MPI_Comm_split_type)
#define MPI_Cart_create CHORUS_RT_FN(MPI_Cart_create)
#define MPI_Cart_sub CHORUS_RT_FN(MPI_Cart_sub)
#define MPI_Graph_create CHORUS_RT_FN(MPI_Graph_create)
#define MPI_Dist_graph_create_adjacent CHORUS_RT_FN(MPI_Dist_graph_create_adjacent)
#define MPI_Dist_graph_create CHORUS_RT_FN(MPI_Dist_graph_create)
#define MPI_Comm_free CHORUS_RT_FN(MPI_Comm_free)

#endif
