// MPI_Request_get_status (MPI 3.1 §3.7.3): MPI_Test that neither frees nor
// deactivates the request; once it reports completion the receive's data
// and status are there, a later MPI_Test reports completion too and frees
// the request.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native -n 2 %s
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DLEAK --quiet | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DEARLY --quiet | FileCheck %s --check-prefix=EARLY
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DONCE --quiet | FileCheck %s --check-prefix=ONCE
// OK: verdict: verified
// LEAK: verdict: violation MPI_REQUEST_LEAK at {{.*}}request_get_status.c:53:3 (process 1)
// LEAK-NEXT: MPI_Finalize with the receive request made at {{.*}}request_get_status.c:31:5 never freed
// EARLY: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}request_get_status.c:35:7 (process 1)
// ONCE: verdict: violation ASSERTION at {{.*}}request_get_status.c:38:5 (process 1)
#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, x = 0, y = 7, flag = 0, z = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request s;
    MPI_Isend(&y, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &s);
    MPI_Wait(&s, MPI_STATUS_IGNORE);
    MPI_Status st; /* a null request: flag true, empty status */
    MPI_Request_get_status(s, &flag, &st);
    assert(flag && st.MPI_SOURCE == MPI_ANY_SOURCE && st.MPI_TAG == MPI_ANY_TAG);
  } else if (rank == 1) {
    MPI_Request r;
    MPI_Status st;
    MPI_Irecv(&x, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r); /* recv */
    MPI_Request_get_status(r, &flag, &st);
#ifdef EARLY
    /* the receive may not be complete: its buffer is still MPI's */
    z = x; /*@*/
#endif
#ifdef ONCE
    assert(flag); /*@*/ /* the first call may find it not complete */
#endif
    while (!flag)
      MPI_Request_get_status(r, &flag, &st);
    /* complete: the data and the status are there, the request is not freed */
    assert(x == 7 && st.MPI_SOURCE == 0 && st.MPI_TAG == 3);
    assert(r != MPI_REQUEST_NULL);
    MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE);
    assert(flag);
#ifndef LEAK
    MPI_Test(&r, &flag, &st);
    assert(flag && r == MPI_REQUEST_NULL && st.MPI_TAG == 3);
#endif
  }
  (void)z;
  MPI_Finalize();
  return 0;
}
