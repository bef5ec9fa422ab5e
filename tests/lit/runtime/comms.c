// Communicators made by every intracommunicator constructor are tracked:
// freed, no violation (and their collective calls are checked); never
// freed, MPI_RESOURCE_LEAK at the line that made it; a message still
// queued on a communicator the program frees was never received
// (MPI_PENDING_MESSAGE at the MPI_Comm_free: MPI_Finalize sees only the
// communicators still live).
// RUN: %chorus cc -g %s -o %t
// RUN: %mpirun -n 4 %t 2>&1 | FileCheck %s --check-prefix=OK
// OK: chorus-rt: no violation seen in
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=VOK
// VOK: verdict: verified
//
// RUN: %chorus cc -g %s -o %t.cart -DCART_LEAK
// RUN: %expect-exit 1 %mpirun -n 4 %t.cart 2>&1 | FileCheck %s --check-prefix=CART
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DCART_LEAK --quiet | FileCheck %s --check-prefix=VCART
// CART-DAG: chorus-rt: violation MPI_RESOURCE_LEAK at {{.*}}comms.c:67 (rank 0): the communicator created by MPI_Cart_create is never freed
// CART-DAG: chorus-rt: violation MPI_RESOURCE_LEAK at {{.*}}comms.c:67 (rank 3): the communicator created by MPI_Cart_create is never freed
// CART: chorus-rt: 4 violations on 4 ranks
// VCART: verdict: violation MPI_RESOURCE_LEAK at {{.*}}comms.c:85:3 (process 0)
//
// RUN: %chorus cc -g %s -o %t.sub -DSUB_LEAK
// RUN: %expect-exit 1 %mpirun -n 4 %t.sub 2>&1 | FileCheck %s --check-prefix=SUB
// SUB-DAG: chorus-rt: violation MPI_RESOURCE_LEAK at {{.*}}comms.c:71 (rank 1): the communicator created by MPI_Cart_sub is never freed
// SUB-DAG: chorus-rt: violation MPI_RESOURCE_LEAK at {{.*}}comms.c:75 (rank 1): the communicator created by MPI_Comm_create is never freed
// SUB: chorus-rt: 6 violations on 4 ranks
//
// The collective calls on a Cartesian communicator are checked:
// RUN: %chorus cc -g %s -o %t.op -DOP_CART
// RUN: %expect-exit 1 %mpirun -n 2 %t.op 2>&1 | FileCheck %s --check-prefix=OP
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DOP_CART --quiet | FileCheck %s --check-prefix=VOP
// OP: chorus-rt: violation MPI_OP_MISMATCH at {{.*}}comms.c:68 (rank 1): MPI_Allreduce with MPI_MAX here, MPI_SUM at communicator rank 0 ({{.*}}comms.c:68)
// VOP: verdict: violation MPI_OP_MISMATCH at {{.*}}comms.c:68:3 (process 1)
//
// RUN: %chorus cc -g %s -o %t.pend -DPENDING_FREE
// RUN: %expect-exit 1 %mpirun -n 2 %t.pend 2>&1 | FileCheck %s --check-prefix=PEND
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DPENDING_FREE --quiet | FileCheck %s --check-prefix=VPEND
// PEND: chorus-rt: violation MPI_PENDING_MESSAGE at {{.*}}comms.c:64 (rank 1): a message from rank 0 (tag 3, 4 bytes, sent at {{.*}}comms.c:59) on the communicator it frees was never received
// PEND: chorus-rt: 1 violation on 2 ranks
// VPEND: verdict: violation MPI_PENDING_MESSAGE at {{.*}}comms.c:85:3 (process 1)
#include <mpi.h>
#ifdef OP_CART
#define CART_OP (rank == 1 ? MPI_MAX : MPI_SUM)
#else
#define CART_OP MPI_SUM
#endif
int main(int argc, char **argv) {
  int rank, size, v = 1, w = 0, dims[1] = {0}, periods[1] = {1}, remain[1] = {1}, two[2] = {0, 1};
  MPI_Comm d, cart, sub, odd;
  MPI_Group world, first;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_dup(MPI_COMM_WORLD, &d);
#ifdef PENDING_FREE
  // tag 3 is never received; tag 4 after it is (Open MPI matches a
  // sender's messages on a communicator in order, so tag 3 is queued by
  // then)
  if (rank == 0) {
    MPI_Send(&v, 1, MPI_INT, 1, 3, d);
    MPI_Send(&v, 1, MPI_INT, 1, 4, d);
  } else if (rank == 1)
    MPI_Recv(&w, 1, MPI_INT, 0, 4, d, MPI_STATUS_IGNORE);
#endif
  MPI_Comm_free(&d);
#ifndef PENDING_FREE
  MPI_Dims_create(size, 1, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  MPI_Allreduce(&v, &w, 1, MPI_INT, CART_OP, cart);
  remain[0] = 1;
#ifdef SUB_LEAK
  MPI_Cart_sub(cart, remain, &sub);
#endif
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, 2, two, &first);
  MPI_Comm_create(MPI_COMM_WORLD, first, &odd);
  MPI_Group_free(&first);
  MPI_Group_free(&world);
#ifndef SUB_LEAK
  if (odd != MPI_COMM_NULL) MPI_Comm_free(&odd);
#endif
#ifndef CART_LEAK
  MPI_Comm_free(&cart);
#endif
#endif
  MPI_Finalize();
  (void)sub;
  return 0;
}
