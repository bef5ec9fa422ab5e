// Point-to-point type signatures (MPI 3.1 §3.3.1), buffers of pending
// operations (§3.7.2) and nonblocking collectives (§5.12) at run time: each
// broken variant is reported with the verifier's kind at the verifier's
// line (a pending send buffer written before its wait: at the wait, where
// the change is seen; the verifier names the write), and the verifier is run
// on the same variant. The correct variant uses derived types, every
// completion call, persistent requests and nonblocking collectives.
// RUN: %chorus cc -g %s -o %t.ok
// RUN: %mpirun -n 2 %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 4 %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %mpirun -n 16 %t.ok 2>&1 | FileCheck %s --check-prefix=OK
// RUN: %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=VOK
// OK: chorus-rt: no violation seen in
// VOK: verdict: verified
// RUN: %chorus cc -g %s -o %t.sig -DSIG
// RUN: %expect-exit 1 %mpirun -n 2 %t.sig 2>&1 | FileCheck %s --check-prefix=SIG
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DSIG --quiet | FileCheck %s --check-prefix=VSIG
// SIG: chorus-rt: violation MPI_RECV_MISMATCH at {{.*}}p2p.c:68 (rank 1): MPI_Recv receives 3 x MPI_FLOAT, a message of 3 x MPI_INT from rank 0 ({{.*}}p2p.c:66, tag 7): the type signatures differ at element 0
// VSIG: verdict: violation MPI_RECV_MISMATCH at {{.*}}p2p.c:68:5 (process 1)
// RUN: %chorus cc -g %s -o %t.sigwait -DSIGWAIT
// RUN: %expect-exit 1 %mpirun -n 2 %t.sigwait 2>&1 | FileCheck %s --check-prefix=SIGWAIT
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DSIGWAIT --quiet | FileCheck %s --check-prefix=VSIGWAIT
// SIGWAIT: chorus-rt: violation MPI_RECV_MISMATCH at {{.*}}p2p.c:78 (rank 1): MPI_Irecv receives 2 x MPI_LONG, a message of 2 x MPI_DOUBLE from rank 0 ({{.*}}p2p.c:74, tag 0)
// VSIGWAIT: verdict: violation MPI_RECV_MISMATCH at {{.*}}p2p.c:78:5 (process 1)
// RUN: %chorus cc -g %s -o %t.struct -DSTRUCT
// RUN: %expect-exit 1 %mpirun -n 2 %t.struct 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DSTRUCT --quiet | FileCheck %s --check-prefix=VSTRUCT
// STRUCT: chorus-rt: violation MPI_RECV_MISMATCH at {{.*}}p2p.c:92 (rank 1): MPI_Recv receives 4 x MPI_DOUBLE, a message of 2 x {1 x MPI_INT, 1 x MPI_DOUBLE} from rank 0
// VSTRUCT: verdict: violation MPI_RECV_MISMATCH at {{.*}}p2p.c:92:5 (process 1)
// RUN: %chorus cc -g %s -o %t.pending -DPENDING
// RUN: %expect-exit 1 %mpirun -n 2 %t.pending 2>&1 | FileCheck %s --check-prefix=PENDING
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DPENDING --quiet | FileCheck %s --check-prefix=VPENDING
// PENDING: chorus-rt: violation MPI_LOCAL_CONCURRENCY at {{.*}}p2p.c:101 (rank 0): the send buffer of MPI_Isend ({{.*}}p2p.c:99) was changed before the send completed
// VPENDING: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}p2p.c:100:7 (process 0)
// RUN: %chorus cc -g %s -o %t.overlap -DOVERLAP
// RUN: %expect-exit 1 %mpirun -n 2 %t.overlap 2>&1 | FileCheck %s --check-prefix=OVERLAP
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DOVERLAP --quiet | FileCheck %s --check-prefix=VOVERLAP
// OVERLAP: chorus-rt: violation MPI_LOCAL_CONCURRENCY at {{.*}}p2p.c:108 (rank 0): MPI_Send reads a buffer that the pending MPI_Irecv ({{.*}}p2p.c:107) receives into
// VOVERLAP: verdict: violation MPI_LOCAL_CONCURRENCY at {{.*}}p2p.c:108:3 (process 0)
// RUN: %chorus cc -g %s -o %t.nbc -DNBC
// RUN: %expect-exit 1 %mpirun -n 2 %t.nbc 2>&1 | FileCheck %s --check-prefix=NBC
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DNBC --quiet | FileCheck %s --check-prefix=VNBC
// NBC: chorus-rt: violation COLLECTIVE_MISMATCH at {{.*}}p2p.c:116 (rank 1): MPI_Iallreduce here, MPI_Ibcast at communicator rank 0 ({{.*}}p2p.c:114)
// VNBC: verdict: violation COLLECTIVE_MISMATCH at {{.*}}p2p.c:116:5 (process 1)
// RUN: %chorus cc -g %s -o %t.mixed -DMIXED
// RUN: %expect-exit 1 %mpirun -n 2 %t.mixed 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: %expect-exit 1 %chorus verify %s -n 2 -DMIXED --quiet | FileCheck %s --check-prefix=VMIXED
// MIXED: chorus-rt: violation COLLECTIVE_MISMATCH at {{.*}}p2p.c:124 (rank 1): MPI_Ibcast here, MPI_Bcast at communicator rank 0 ({{.*}}p2p.c:122)
// VMIXED: verdict: violation COLLECTIVE_MISMATCH at {{.*}}p2p.c:124:5 (process 1)
#include <mpi.h>
#include <stdio.h>
struct pt {
  int id;
  double x;
};
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int peer = rank ^ 1;
#if defined(SIG)
  int a[3] = {1, 2, 3};
  float f[3];
  if (rank == 0)
    MPI_Send(a, 3, MPI_INT, 1, 7, MPI_COMM_WORLD);
  else
    MPI_Recv(f, 3, MPI_FLOAT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#elif defined(SIGWAIT)
  double d[2] = {1, 2};
  long l[2];
  MPI_Request r;
  if (rank == 0) {
    MPI_Isend(d, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else {
    MPI_Irecv(l, 2, MPI_LONG, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
#elif defined(STRUCT)
  struct pt p[2] = {{1, 1.5}, {2, 2.5}};
  MPI_Datatype t;
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {offsetof(struct pt, id), offsetof(struct pt, x)};
  MPI_Datatype ts[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, disp, ts, &t);
  MPI_Type_commit(&t);
  if (rank == 0)
    MPI_Send(p, 2, t, 1, 0, MPI_COMM_WORLD);
  else {
    double q[4];
    MPI_Recv(q, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Type_free(&t);
#elif defined(PENDING)
  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    x = 2;
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else
    MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#elif defined(OVERLAP)
  int buf[4] = {0}, z = 5;
  MPI_Request r;
  MPI_Irecv(buf, 4, MPI_INT, peer, 0, MPI_COMM_WORLD, &r);
  MPI_Send(buf + 1, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
#elif defined(NBC)
  int v = rank, w = 0;
  MPI_Request r;
  if (rank == 0)
    MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  else
    MPI_Iallreduce(&v, &w, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
#elif defined(MIXED)
  int v = rank;
  MPI_Request r;
  if (rank == 0)
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  else {
    MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
#else
  /* correct: matching signatures through derived types, every completion
     call, persistent requests, nonblocking collectives */
  struct pt p[2] = {{rank, 1.5}, {rank, 2.5}}, q[2];
  MPI_Datatype t, pair;
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {offsetof(struct pt, id), offsetof(struct pt, x)};
  MPI_Datatype ts[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, disp, ts, &t);
  MPI_Type_commit(&t);
  MPI_Type_contiguous(2, MPI_INT, &pair);
  MPI_Type_commit(&pair);
  MPI_Request rs[4];
  MPI_Status sts[4];
  int a[4] = {rank, rank, rank, rank}, b[4] = {0}, idx, n, flag = 0;
  MPI_Irecv(q, 2, t, peer, 0, MPI_COMM_WORLD, &rs[0]);
  MPI_Irecv(b, 4, MPI_INT, peer, 1, MPI_COMM_WORLD, &rs[1]);
  MPI_Isend(p, 2, t, peer, 0, MPI_COMM_WORLD, &rs[2]);
  MPI_Isend(a, 2, pair, peer, 1, MPI_COMM_WORLD, &rs[3]);
  MPI_Waitany(4, rs, &idx, &sts[0]);
  MPI_Waitsome(4, rs, &n, (int[4]){0}, sts);
  while (!flag)
    MPI_Testall(4, rs, &flag, MPI_STATUSES_IGNORE);
  MPI_Type_free(&t);
  MPI_Type_free(&pair);
  /* persistent */
  int s = rank, g = -1;
  MPI_Request ps[2];
  MPI_Send_init(&s, 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &ps[0]);
  MPI_Recv_init(&g, 1, MPI_INT, peer, 2, MPI_COMM_WORLD, &ps[1]);
  for (int k = 0; k < 3; ++k) {
    MPI_Startall(2, ps);
    MPI_Waitall(2, ps, MPI_STATUSES_IGNORE);
    s += 10;
  }
  /* inactive persistent requests complete at once; s changed since the last
     send, which is not a pending send's buffer any more (was a false alarm) */
  MPI_Waitall(2, ps, MPI_STATUSES_IGNORE);
  MPI_Request_free(&ps[0]);
  MPI_Request_free(&ps[1]);
  /* Sendrecv_replace, nonblocking collectives */
  int v = rank;
  MPI_Sendrecv_replace(&v, 1, MPI_INT, peer, 3, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int sum = 0;
  MPI_Request cr[2];
  MPI_Iallreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &cr[0]);
  MPI_Ibarrier(MPI_COMM_WORLD, &cr[1]);
  MPI_Waitall(2, cr, MPI_STATUSES_IGNORE);
  int any = 0;
  MPI_Request tr;
  MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &tr);
  while (!any)
    MPI_Test(&tr, &any, MPI_STATUS_IGNORE);
  if (rank == 0)
    printf("ok %d %d %d\n", q[1].id, g, sum);
#endif
  MPI_Finalize();
  return 0;
}
