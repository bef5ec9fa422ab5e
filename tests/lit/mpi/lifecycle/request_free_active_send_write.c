// A send request freed while active (--allow-active-request-free, MPI 3.1
// §3.7.3): the send completes by itself, and only the program's logic can
// tell when -- the standard's example is a reply of the receiver. Until the
// message is received its buffer is the send's: a write to it before the
// reply is MPI_LOCAL_CONCURRENCY (chorus verified it: the free dropped the
// request's buffer). The real run of -DEARLY with a large message (Open MPI,
// rendezvous) delivers the new value: the receiver got 6 where 5 was sent.
// Without macros: the sender waits for the reply, then reuses the buffer.
// -DEARLY: the sender writes the buffer right after the free.
// -DPERSIST: the same with a started persistent request.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet --allow-active-request-free | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DEARLY --quiet --allow-active-request-free | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DPERSIST --quiet --allow-active-request-free | FileCheck %s --check-prefix=PERSIST
// RUN: %mpicc %s -o %t && %expect-exit 0 %mpirun -np 2 %t
// OK: verdict: verified
// EARLY: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}request_free_active_send_write.c:37:7 (process 0)
// PERSIST: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}request_free_active_send_write.c:37:7 (process 0)
#include <mpi.h>
#include <assert.h>

int main(int argc, char **argv) {
  int rank, x = 5, ack = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request r;
#ifdef PERSIST
    MPI_Send_init(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Start(&r);
#else
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
#endif
    MPI_Request_free(&r);
    assert(r == MPI_REQUEST_NULL);
#if defined(EARLY) || defined(PERSIST)
    /* the message may not have left yet */
    x = 6;
#endif
    MPI_Recv(&ack, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    x = 7; /* the reply says the message was received */
    assert(ack == 5);
  } else if (rank == 1) {
    int y;
    MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
