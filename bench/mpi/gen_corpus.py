#!/usr/bin/env python3
"""Generates tests/lit/mpi/<category>/*.c: small MPI programs, each with its
RUN line and the expected verdict (kind, file:line:col and process of the
violation: the line marked `/*@*/` in the body or given as line=, the column
and process given as col= and proc=). Run from the repository root; the generated files are
committed (regenerate after editing a case)."""
import os, re, sys

PRO = """#include <mpi.h>
#include <assert.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
"""
EPI = """  MPI_Finalize();
  return 0;
}
"""
cases = []
def case(cat, name, body, expect="verified", n=2, opts="", fin=True, pro=True, top="",
         native=None, line=None, col=None, proc=None):
    """top: C code placed before main (e.g. the user functions of MPI_Op_create).
    native: the exit code of the real run (mpicc + mpirun -np n, see
    tests/lit/tools/native-run), checked too when given: 0, 134 for a failed
    assert, the MPI error class for an error Open MPI reports."""
    cases.append((cat, name, body, expect, n, opts, fin, pro, top, native, line, col, proc))

# ------------------------------------------------------------ call ordering
C = "ordering"
case(C, "ring_sendrecv_ok", """  int x = rank, y = -1;
  MPI_Sendrecv(&x, 1, MPI_INT, (rank + 1) % size, 0, &y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(y == (rank + size - 1) % size);
""", n=3)
case(C, "ring_nonblocking_ok", """  int x = rank, y = -1;
  MPI_Request r[2];
  MPI_Irecv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  assert(y == (rank + size - 1) % size);
""", n=3)
case(C, "recv_recv_deadlock", """  int x = 0;
  MPI_Recv(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
""", "ABSOLUTE_DEADLOCK", line=11, col=3, proc=0)
case(C, "ssend_ssend_deadlock", """  int x = 0;
  MPI_Ssend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "ABSOLUTE_DEADLOCK", line=11, col=3, proc=0)
case(C, "irecv_then_send_ok", """  int x = rank, y = -1;
  MPI_Request r;
  MPI_Irecv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r);
  MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
""")
case(C, "issend_wait_before_recv_deadlock", """  int x = rank, y = -1;
  MPI_Request r;
  MPI_Issend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "ABSOLUTE_DEADLOCK", line=13, col=3, proc=0)
case(C, "issend_recv_wait_ok", """  int x = rank, y = -1;
  MPI_Request r;
  MPI_Issend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
""")
case(C, "collective_order_mismatch", """  int x = 1;
  if (rank == 0) {
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  } else {
    MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
    MPI_Barrier(MPI_COMM_WORLD);
  }
""", "COLLECTIVE_MISMATCH", col=5, proc=1)
case(C, "collective_same_order_ok", """  int x = rank == 0 ? 7 : 0, s = 0;
  MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  assert(s == 7 * size);
""", n=3)
case(C, "init_twice", """  MPI_Init(&argc, &argv); /*@*/
""", "MPI_USAGE", col=3, proc=0)
case(C, "send_after_finalize", """  int x = 0;
  MPI_Finalize();
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /*@*/
  return 0;
}
""", "MPI_USAGE", fin=False, col=5, proc=0)
case(C, "probe_then_recv_ok", """  int x = 42, y = 0, c = 0;
  MPI_Status st;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
  else {
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    assert(st.MPI_TAG == 5 && c == 1);
    MPI_Recv(&y, c, MPI_INT, 0, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 42);
  }
""")
case(C, "probe_never_sent_deadlock", """  MPI_Status st;
  if (rank == 1)
    MPI_Probe(0, 0, MPI_COMM_WORLD, &st);
""", "ABSOLUTE_DEADLOCK", line=12, col=5, proc=1)
case(C, "waitany_ok", """  int y[2] = {0, 0}, idx = -1, x = rank;
  if (rank == 0) {
    MPI_Request r[2];
    MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    assert(y[0] == 1 && y[1] == 2);
  } else
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "test_loop_ok", """  int x = 3, y = 0, flag = 0;
  MPI_Request r;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    while (!flag)
      MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    assert(y == 3);
  }
""")
case(C, "sendrecv_replace_ok", """  int x = rank;
  MPI_Sendrecv_replace(&x, 1, MPI_INT, (rank + 1) % size, 0, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(x == (rank + size - 1) % size);
""", n=3)
case(C, "self_message_ok", """  int x = rank + 1, y = 0;
  MPI_Request r;
  MPI_Irecv(&y, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, &r);
  MPI_Send(&x, 1, MPI_INT, rank, 0, MPI_COMM_WORLD);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == rank + 1);
""")
case(C, "self_ssend_deadlock", """  int x = rank, y = 0;
  MPI_Ssend(&x, 1, MPI_INT, rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "ABSOLUTE_DEADLOCK", line=11, col=3, proc=0)
case(C, "barrier_missing_deadlock", """  if (rank == 0)
    MPI_Barrier(MPI_COMM_WORLD);
""", "ABSOLUTE_DEADLOCK", line=11, col=5, proc=0)
case(C, "persistent_ok", """  int x = 0, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send_init(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    for (int i = 0; i < 2; i++) { x = i; MPI_Start(&r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
  } else {
    MPI_Recv_init(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    for (int i = 0; i < 2; i++) { MPI_Start(&r); MPI_Wait(&r, MPI_STATUS_IGNORE); assert(y == i); }
  }
  MPI_Request_free(&r);
""")

# ------------------------------------------------------------ parameter matching
C = "matching"
case(C, "type_ok", """  double d[2] = {1.5, 2.5};
  if (rank == 0) MPI_Send(d, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(d, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(d[1] == 2.5); }
""")
case(C, "type_mismatch", """  int a[2] = {1, 2};
  double d[2];
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(d, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
""", "MPI_RECV_MISMATCH", col=8, proc=1)
case(C, "size_mismatch_int_long", """  int a[2] = {1, 2};
  long l[2];
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(l, 2, MPI_LONG, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
""", "MPI_RECV_MISMATCH", col=8, proc=1)
case(C, "count_too_small", """  int a[3] = {1, 2, 3};
  if (rank == 0) MPI_Send(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
""", "MPI_RECV_MISMATCH", col=8, proc=1)
case(C, "count_larger_ok", """  int a[3] = {1, 2, 3}, c = 0;
  MPI_Status st;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(a, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, &st); MPI_Get_count(&st, MPI_INT, &c); assert(c == 2); }
""")
case(C, "tag_mismatch_deadlock", """  int x = 0;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
  else MPI_Recv(&x, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "ABSOLUTE_DEADLOCK", line=12, col=8, proc=1)
case(C, "tag_order_ok", """  int a = 1, b = 2, x = 0, y = 0;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD); }
  else { MPI_Recv(&y, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Recv(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(x == 1 && y == 2); }
""", opts="--deadlock absolute")
case(C, "nonovertaking_ok", """  int a = 1, b = 2, x = 0, y = 0;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  else { MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(x == 1 && y == 2); }
""")
case(C, "nonovertaking_wrong_assert", """  int a = 1, b = 2, x = 0, y = 0;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  else { MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(x == 2); /*@*/ }
""", "ASSERTION", col=5, proc=1)
case(C, "irecv_posted_order_ok", """  int a = 1, b = 2, x = 0, y = 0;
  MPI_Request r[2];
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  else { MPI_Irecv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE); MPI_Wait(&r[0], MPI_STATUS_IGNORE); assert(x == 1 && y == 2); }
""")
case(C, "irecv_then_recv_order_ok", """  int a = 1, b = 2, x = 0, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  else { MPI_Irecv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&r, MPI_STATUS_IGNORE); assert(x == 1 && y == 2); }
""")
case(C, "bcast_root_mismatch", """  int x = 0;
  MPI_Bcast(&x, 1, MPI_INT, rank == 0 ? 0 : 1, MPI_COMM_WORLD); /*@*/
""", "MPI_ROOT_MISMATCH", col=3, proc=1)
case(C, "reduce_op_mismatch", """  int x = 1, s = 0;
  MPI_Reduce(&x, &s, 1, MPI_INT, rank == 0 ? MPI_SUM : MPI_MAX, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_OP_MISMATCH", col=3, proc=1)
case(C, "bcast_count_mismatch", """  int x[2] = {0, 0};
  MPI_Bcast(x, rank == 0 ? 2 : 1, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", col=3, proc=1)
case(C, "allreduce_type_mismatch", """  int x = 1, s = 0;
  unsigned ux = 1, us = 0; /* each buffer matches its own datatype */
  MPI_Allreduce(rank == 0 ? (void *)&x : (void *)&ux, rank == 0 ? (void *)&s : (void *)&us, 1, rank == 0 ? MPI_INT : MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", col=3, proc=1)
case(C, "gather_sig_mismatch", """  int x[2] = {rank, rank}, all[4];
  MPI_Gather(x, 1, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", col=3, proc=0)
case(C, "gather_ok", """  int x = rank * 2, all[3];
  MPI_Gather(&x, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 0 && all[1] == 2 && all[2] == 4);
""", n=3)
case(C, "scatter_ok", """  int all[3] = {5, 6, 7}, x = 0;
  MPI_Scatter(all, 1, MPI_INT, &x, 1, MPI_INT, 0, MPI_COMM_WORLD);
  assert(x == 5 + rank);
""", n=3)
case(C, "scan_ok", """  int x = rank + 1, s = 0;
  MPI_Scan(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(s == (rank + 1) * (rank + 2) / 2);
""", n=3)
case(C, "exscan_ok", """  int x = 2, s = 0;
  MPI_Exscan(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank > 0) assert(s == 2 * rank);
""", n=3)
case(C, "alltoall_ok", """  int a[3], b[3];
  for (int i = 0; i < 3; i++) a[i] = 10 * rank + i;
  MPI_Alltoall(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);
  for (int i = 0; i < 3; i++) assert(b[i] == 10 * i + rank);
""", n=3)
case(C, "reduce_scatter_block_ok", """  int a[2] = {1, 2}, b = 0;
  MPI_Reduce_scatter_block(a, &b, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(b == 2 * (rank + 1));
""")
case(C, "allgather_in_place_ok", """  int a[3] = {0, 0, 0};
  a[rank] = rank + 1;
  MPI_Allgather(MPI_IN_PLACE, 1, MPI_INT, a, 1, MPI_INT, MPI_COMM_WORLD);
  assert(a[0] == 1 && a[1] == 2 && a[2] == 3);
""", n=3)
case(C, "allreduce_in_place_wrong", """  int x = 1;
  MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(x == 3); /*@*/
""", "ASSERTION", col=3, proc=0)

# ------------------------------------------------------------ invalid parameters
C = "invalid"
inv = [
 ("dest_rank_too_big", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_RANK", 18, 0),
 ("dest_rank_negative", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, 1, MPI_INT, -5, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_RANK", 18, 0),
 ("source_rank_invalid", "  int x = 0;\n  if (rank == 0) MPI_Recv(&x, 1, MPI_INT, 7, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/\n", "MPI_INVALID_RANK", 18, 0),
 ("irecv_rank_invalid", "  int x = 0;\n  MPI_Request r;\n  MPI_Irecv(&x, 1, MPI_INT, size + 1, 0, MPI_COMM_WORLD, &r); /*@*/\n", "MPI_INVALID_RANK", 3, 0),
 ("tag_negative", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, -3, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_TAG", 18, 0),
 ("tag_too_big", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 100000, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_TAG", 18, 0),
 ("isend_any_tag", "  int x = 0;\n  MPI_Request r;\n  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD, &r); /*@*/ }\n", "MPI_INVALID_TAG", 20, 0),
 ("comm_null", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_NULL); /*@*/\n", "MPI_INVALID_COMM", 18, 0),
 ("comm_bogus", "  int x = 0;\n  MPI_Comm c = (MPI_Comm)12345;\n  MPI_Barrier(c); /*@*/\n", "MPI_INVALID_COMM", 3, 0),
 ("datatype_null", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, 1, MPI_DATATYPE_NULL, 1, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_DATATYPE", 18, 0),
 ("datatype_bogus", "  int x = 0;\n  MPI_Bcast(&x, 1, (MPI_Datatype)99, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_DATATYPE", 3, 0),
 ("op_null", "  int x = 0, s = 0;\n  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_OP", 3, 0),
 ("op_land_double", "  double x = 0, s = 0;\n  MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_LAND, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_OP", 3, 0),
 ("count_negative", "  int x = 0;\n  if (rank == 0) MPI_Send(&x, -1, MPI_INT, 1, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_COUNT", 18, 0),
 ("bcast_count_negative", "  int x = 0;\n  MPI_Bcast(&x, -2, MPI_INT, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_COUNT", 3, 0),
 ("root_invalid", "  int x = 0;\n  MPI_Bcast(&x, 1, MPI_INT, size, MPI_COMM_WORLD); /*@*/\n", "MPI_INVALID_RANK", 3, 0),
 ("buffer_type_wrong", "  double d = 1.0;\n  if (rank == 0) MPI_Send(&d, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /*@*/\n", "MPI_BUFFER_TYPE_MISMATCH", 18, 0),
 ("buffer_too_small_send", "  int a[2] = {1, 2};\n  if (rank == 0) MPI_Send(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD); /*@*/\n", "OUT_OF_BOUNDS", 18, 0),
 ("request_bogus_wait", "  MPI_Request r = (MPI_Request)0x5000123;\n  MPI_Wait(&r, MPI_STATUS_IGNORE); /*@*/\n", "MPI_INVALID_REQUEST", 3, 0),
 ("start_nonpersistent", "  int x = 0;\n  MPI_Request r;\n  MPI_Irecv(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);\n  MPI_Start(&r); /*@*/\n", "MPI_INVALID_REQUEST", 3, 0),
]
for nm, body, k, col, proc in inv:
    case(C, nm, body, k, col=col, proc=proc)
case(C, "proc_null_ok", """  int x = 5;
  MPI_Status st;
  MPI_Send(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  MPI_Recv(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
  assert(x == 5 && st.MPI_SOURCE == MPI_PROC_NULL);
""")
case(C, "wait_request_null_ok", """  MPI_Request r = MPI_REQUEST_NULL;
  int flag = 0;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
  assert(flag);
""")
case(C, "max_tag_ok", """  int x = rank == 0;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 32767, MPI_COMM_WORLD);
  else MPI_Recv(&x, 1, MPI_INT, 0, 32767, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(x == 1);
""")
case(C, "comm_self_ok", """  int x = 4, y = 0, r = -1, s = -1;
  MPI_Comm_rank(MPI_COMM_SELF, &r);
  MPI_Comm_size(MPI_COMM_SELF, &s);
  assert(r == 0 && s == 1);
  MPI_Sendrecv(&x, 1, MPI_INT, 0, 0, &y, 1, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
  assert(y == 4);
""")

# ------------------------------------------------------------ message races
C = "races"
case(C, "wildcard_sum_ok", """  int x = rank, y = 0, s = 0;
  if (rank == 0) { for (int i = 1; i < size; i++) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); s += y; } assert(s == 3); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "wildcard_order_assert", """  int x = rank, y = 0;
  if (rank == 0) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 1); /*@*/
    MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "ASSERTION", n=3, col=5, proc=0)
case(C, "wildcard_status_ok", """  int x = rank * 10, y = 0;
  MPI_Status st;
  if (rank == 0) { for (int i = 1; i < size; i++) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st); assert(y == st.MPI_SOURCE * 10); } }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "wildcard_irecv_assert", """  int x = rank, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Irecv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE);
    assert(y == 2); /*@*/
    MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "ASSERTION", n=3, col=5, proc=0)
case(C, "wildcard_then_specific_deadlock", """  int x = rank, y = 0;
  if (rank == 0) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "ABSOLUTE_DEADLOCK", n=3, line=12, col=5, proc=0)
case(C, "wildcard_then_status_source_ok", """  int x = rank, y = 0;
  MPI_Status st;
  if (rank == 0) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st);
    assert(y == st.MPI_SOURCE);
    MPI_Recv(&y, 1, MPI_INT, 3 - st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 3 - st.MPI_SOURCE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "any_tag_ok", """  int a = 1, b = 2, y = 0, s = 0;
  MPI_Status st;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD); }
  else { for (int i = 0; i < 2; i++) { MPI_Recv(&y, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st); assert(y == st.MPI_TAG); s += y; } assert(s == 3); }
""")
case(C, "any_tag_first_is_tag1", """  int a = 1, b = 2, y = 0;
  if (rank == 0) { MPI_Send(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); MPI_Send(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD); }
  else { MPI_Recv(&y, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == 1); MPI_Recv(&y, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
""")
case(C, "iprobe_race_assert", """  int x = 1, flag = 0;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Iprobe(0, 0, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    assert(flag); /*@*/
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
""", "ASSERTION", col=5, proc=1)
case(C, "test_race_assert", """  int x = 1, y = 0, flag = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    assert(!flag); /*@*/
    if (!flag) MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "ASSERTION", col=5, proc=1)
case(C, "waitany_race_assert", """  int y[2] = {0, 0}, idx = -1, x = rank;
  if (rank == 0) { MPI_Request r[2];
    MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    assert(idx == 0); /*@*/
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "ASSERTION", n=3, col=5, proc=0)
case(C, "wildcard_master_worker_ok", """  int x = 0, y = 0;
  MPI_Status st;
  if (rank == 0) { for (int i = 1; i < size; i++) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st); x = y + 1; MPI_Send(&x, 1, MPI_INT, st.MPI_SOURCE, 2, MPI_COMM_WORLD); } }
  else { x = rank; MPI_Send(&x, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); MPI_Recv(&y, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == rank + 1); }
""", n=3)
case(C, "wildcard_irecv_pair_ok", """  int x = rank, y[2] = {0, 0};
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE); assert(y[0] + y[1] == 3); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "wildcard_irecv_pair_assert", """  int x = rank, y[2] = {0, 0};
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    assert(y[0] == 1); /*@*/ }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "ASSERTION", n=3, col=5, proc=0)
case(C, "symbolic_input_race", """  int y = 0;
  if (rank == 0) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y != 0); /*@*/ }
  else { int v = rank - 1; MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); }
""", "ASSERTION", n=3, col=5, proc=0)
case(C, "probe_any_source_ok", """  int x = rank, y = 0;
  MPI_Status st;
  if (rank == 0) { for (int i = 1; i < size; i++) { MPI_Probe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st); MPI_Recv(&y, 1, MPI_INT, st.MPI_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == st.MPI_SOURCE); } }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "probe_any_then_recv_any_assert", """  int x = rank, y = 0;
  MPI_Status st;
  if (rank == 0) { MPI_Probe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st); MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == st.MPI_SOURCE); /*@*/
    MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "ASSERTION", n=3, col=5, proc=0)
case(C, "wildcard_4procs_ok", """  int x = rank, y = 0, s = 0;
  if (rank == 0) { for (int i = 1; i < size; i++) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); s += y; } assert(s == 6); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=4)
case(C, "wildcard_max_ok", """  int x = rank, y = 0, mx = 0;
  if (rank == 0) { for (int i = 1; i < size; i++) { MPI_Recv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); if (y > mx) mx = y; } assert(mx == size - 1); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)

# ------------------------------------------------------------ buffering hazards
C = "buffering"
case(C, "send_send_potential", """  int x = rank, y = 0;
  MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "POTENTIAL_DEADLOCK", line=11, col=3, proc=0)
case(C, "send_send_absolute_ok", """  int x = rank, y = 0;
  MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
""", opts="--deadlock absolute")
case(C, "ring_send_first_potential", """  int x = rank, y = 0;
  MPI_Send(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "POTENTIAL_DEADLOCK", n=3, line=11, col=3, proc=0)
case(C, "ring_odd_even_ok", """  int x = rank, y = 0;
  if (rank % 2 == 0) { MPI_Send(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD); MPI_Recv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else { MPI_Recv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Send(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD); }
  assert(y == (rank + size - 1) % size);
""", n=4)
case(C, "bsend_ok", """  int x = rank, y = 0;
  static char buf[256];
  MPI_Buffer_attach(buf, 256);
  MPI_Bsend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  int sz = 0; void *p;
  MPI_Buffer_detach(&p, &sz);
  assert(y == 1 - rank);
""")
case(C, "bsend_no_buffer", """  int x = rank, y = 0;
  MPI_Bsend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD); /*@*/
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_INVALID_BUFFER", col=3, proc=0)
case(C, "bsend_buffer_too_small", """  int x[64], y[64];
  static char buf[100];
  for (int i = 0; i < 64; i++) x[i] = i;
  MPI_Buffer_attach(buf, 100);
  MPI_Bsend(x, 64, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD); /*@*/
  MPI_Recv(y, 64, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_INVALID_BUFFER", col=3, proc=0)
case(C, "bsend_not_detached", """  int x = rank, y = 0;
  static char buf[256];
  MPI_Buffer_attach(buf, 256);
  MPI_Bsend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, col=3, proc=0)
case(C, "isend_first_ok", """  int x = rank, y = 0;
  MPI_Request r;
  MPI_Isend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
""")
case(C, "isend_wait_first_potential", """  int x = rank, y = 0;
  MPI_Request r;
  MPI_Isend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "POTENTIAL_DEADLOCK", line=13, col=3, proc=0)
case(C, "sendrecv_ok", """  int x = rank, y = 0;
  MPI_Sendrecv(&x, 1, MPI_INT, 1 - rank, 0, &y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
""")
case(C, "send_before_bcast_potential", """  int x = 1, y = 0;
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD); }
  else { MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD); MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
""", "POTENTIAL_DEADLOCK", line=11, col=20, proc=0)
case(C, "send_before_bcast_absolute_ok", """  int x = 1, y = 0;
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD); }
  else { MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD); MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == 1); }
""", opts="--deadlock absolute")
case(C, "rsend_not_ready", """  int x = 1;
  if (rank == 0) MPI_Rsend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_READY_MODE", col=18, proc=0)
case(C, "rsend_ready_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 1) MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0) MPI_Rsend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Wait(&r, MPI_STATUS_IGNORE); assert(y == 1); }
""")
case(C, "many_sends_potential", """  int x[3] = {1, 2, 3}, y = 0;
  if (rank == 0) { for (int i = 0; i < 3; i++) MPI_Send(&x[i], 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Recv(&y, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else { MPI_Send(&y, 1, MPI_INT, 0, 1, MPI_COMM_WORLD); for (int i = 0; i < 3; i++) MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
""", "POTENTIAL_DEADLOCK", line=11, col=48, proc=0)
case(C, "irecv_all_first_ok", """  int x = rank, y[3] = {0, 0, 0};
  MPI_Request r[3];
  int k = 0;
  for (int i = 0; i < size; i++) if (i != rank) MPI_Irecv(&y[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &r[k++]);
  for (int i = 0; i < size; i++) if (i != rank) MPI_Send(&x, 1, MPI_INT, i, 0, MPI_COMM_WORLD);
  MPI_Waitall(k, r, MPI_STATUSES_IGNORE);
  for (int i = 0; i < size; i++) if (i != rank) assert(y[i] == i);
""", n=3)
case(C, "ssend_pair_ordered_ok", """  int x = rank, y = 0;
  if (rank == 0) { MPI_Ssend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Recv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
  else { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Ssend(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); }
  assert(y == 1 - rank);
""")
case(C, "issend_testall_ok", """  int x = rank, y = 0, flag = 0;
  MPI_Request r[2];
  MPI_Issend(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r[1]);
  while (!flag) MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE);
  assert(y == 1 - rank);
""")

# ------------------------------------------------------------ local concurrency
C = "concurrency"
case(C, "irecv_read_before_wait", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    x = y; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=7, proc=1)
case(C, "irecv_write_before_wait", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    y = 5; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=7, proc=1)
case(C, "isend_write_before_wait", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    x = 2; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_LOCAL_CONCURRENCY", col=7, proc=0)
case(C, "isend_read_before_wait_ok", """  int x = 1, y = 0, z = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); z = x; MPI_Wait(&r, MPI_STATUS_IGNORE); assert(z == 1); }
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""")
case(C, "irecv_write_after_wait_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); y = y + 1; assert(y == 2); }
""")
case(C, "array_element_outside_ok", """  int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  MPI_Request r;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(b, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); b[3] = 9; MPI_Wait(&r, MPI_STATUS_IGNORE); assert(b[1] == 2 && b[3] == 9); }
""")
case(C, "array_element_inside", """  int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  MPI_Request r;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(b, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    b[1] = 9; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=10, proc=1)
case(C, "offset_buffer_inside", """  int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  MPI_Request r;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&b[2], 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    b[0] = b[3]; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=10, proc=1)
case(C, "symbolic_index_may_overlap", """  int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  MPI_Request r;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(b, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    if (K >= 0 && K < 4) b[K] = 1; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", pro="input", col=31, proc=1)
case(C, "symbolic_index_disjoint_ok", """  int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  MPI_Request r;
  if (rank == 0) MPI_Send(a, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(b, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    if (K >= 2 && K < 4) b[K] = 1;
    MPI_Wait(&r, MPI_STATUS_IGNORE); assert(b[0] == 1); }
""", pro="input")
case(C, "test_then_read_ok", """  int x = 1, y = 0, flag = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    if (flag) assert(y == 1); else { MPI_Wait(&r, MPI_STATUS_IGNORE); assert(y == 1); } }
""")
case(C, "test_false_then_read", """  int x = 1, y = 0, flag = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r); MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
    x = y; /*@*/
    if (!flag) MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=7, proc=1)
case(C, "waitall_then_read_ok", """  int x[2] = {rank, rank}, y[2] = {0, 0};
  MPI_Request r[2];
  MPI_Irecv(y, 2, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(x, 2, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  x[0] = y[0] + y[1];
  assert(x[0] == 2 * (1 - rank));
""")
case(C, "waitany_other_still_pending", """  int x = rank, y[2] = {0, 0}, idx = -1;
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
    x = y[0] + y[1]; /*@*/
    MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", "MPI_LOCAL_CONCURRENCY", n=3, col=7, proc=0)
case(C, "isend_reuse_after_wait_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { for (int i = 0; i < 3; i++) { x = i; MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); } }
  else for (int i = 0; i < 3; i++) { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == i); }
""")
case(C, "isend_reuse_before_wait", """  int x = 1, y = 0;
  MPI_Request r[2];
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
    x = 2; /*@*/
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[1]); MPI_Waitall(2, r, MPI_STATUSES_IGNORE); }
  else { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=7, proc=0)
case(C, "two_irecv_same_buffer", """  int x = 1, y = 0;
  MPI_Request r[2];
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  else { MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
    MPI_Wait(&r[0], MPI_STATUS_IGNORE); }
""", "MPI_LOCAL_CONCURRENCY", col=5, proc=1)
case(C, "persistent_write_while_active", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Send_init(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); MPI_Start(&r);
    x = 3; /*@*/
    MPI_Wait(&r, MPI_STATUS_IGNORE); MPI_Request_free(&r); }
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_LOCAL_CONCURRENCY", col=7, proc=0)
case(C, "persistent_write_while_inactive_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Send_init(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); x = 3; MPI_Start(&r); MPI_Wait(&r, MPI_STATUS_IGNORE); MPI_Request_free(&r); }
  else { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == 3); }
""")
case(C, "proc_null_irecv_ok", """  int y = 7;
  MPI_Request r;
  MPI_Irecv(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == 7);
""")

# ------------------------------------------------------------ request and resource lifecycle
C = "lifecycle"
case(C, "isend_never_waited", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_REQUEST_LEAK", fin=False, col=3, proc=0)
case(C, "irecv_never_waited", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_REQUEST_LEAK", fin=False, col=3, proc=1)
case(C, "persistent_never_freed", """  int x = 1;
  MPI_Request r;
  MPI_Send_init(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
  MPI_Start(&r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_REQUEST_LEAK", fin=False, col=3, proc=0)
case(C, "request_free_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); MPI_Request_free(&r); assert(r == MPI_REQUEST_NULL); }
  else { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y == 1); }
""", opts="--allow-active-request-free")
case(C, "wait_twice_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); MPI_Wait(&r, MPI_STATUS_IGNORE); }
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(y == rank);
""")
case(C, "free_request_twice", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) { MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r); MPI_Request_free(&r);
    MPI_Request_free(&r); /*@*/ }
  else MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_INVALID_REQUEST", opts="--allow-active-request-free", col=5, proc=0)
case(C, "uninitialized_request", """  MPI_Request r;
  MPI_Wait(&r, MPI_STATUS_IGNORE); /*@*/
""", "UNINITIALIZED_READ", col=3, proc=0)
case(C, "message_never_received", """  int x = 1;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_PENDING_MESSAGE", fin=False, opts="--deadlock absolute", col=3, proc=1)
case(C, "message_after_finalize", """  int x = 1;
  if (rank == 0) { MPI_Finalize(); return 0; }
  MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /*@*/
  MPI_Finalize();
  return 0;
}
""", "MPI_PENDING_MESSAGE", fin=False, opts="--deadlock absolute", col=3, proc=1)
case(C, "missing_finalize", """  int x = 0;
  (void)x;
  return 0;
}
""", "MPI_USAGE", fin=False, line=12, col=3, proc=0)
case(C, "ibarrier_wait_ok", """  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(r == MPI_REQUEST_NULL);
""", n=3)
case(C, "ibcast_not_waited", """  int x = rank == 0 ? 3 : 0;
  MPI_Request r;
  MPI_Ibcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_REQUEST_LEAK", fin=False, col=3, proc=0)
case(C, "iallreduce_ok", """  int x = rank + 1, s = 0;
  MPI_Request r;
  MPI_Iallreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(s == 6);
""", n=3)
case(C, "waitsome_ok", """  int x = rank, y[2] = {0, 0}, out = 0, idx[2], done = 0;
  MPI_Request r[2];
  if (rank == 0) { MPI_Irecv(&y[0], 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]); MPI_Irecv(&y[1], 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r[1]);
    while (done < 2) { MPI_Waitsome(2, r, &out, idx, MPI_STATUSES_IGNORE); done += out; }
    assert(y[0] == 1 && y[1] == 2); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""", n=3)
case(C, "testany_loop_ok", """  int x = rank, y = 0, idx = -1, flag = 0;
  MPI_Request r[1];
  if (rank == 0) { MPI_Irecv(&y, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r[0]);
    while (!flag) MPI_Testany(1, r, &idx, &flag, MPI_STATUS_IGNORE);
    assert(idx == 0 && y == 1); }
  else MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
""")
case(C, "wtime_monotone_ok", """  double t0 = MPI_Wtime();
  double t1 = MPI_Wtime();
  assert(t1 >= t0);
""")
case(C, "wtime_strict_wrong", """  double t0 = MPI_Wtime();
  double t1 = MPI_Wtime();
  assert(t1 > t0); /*@*/
""", "ASSERTION", col=3, proc=0)
case(C, "initialized_finalized_ok", """  int f = 0;
  MPI_Initialized(&f);
  assert(f);
  MPI_Finalized(&f);
  assert(!f);
""")
case(C, "abort_called", """  if (rank == 1) MPI_Abort(MPI_COMM_WORLD, 2); /*@*/
""", "ABORT", col=18, proc=1)
case(C, "init_thread_ok", """  int x = 0;
  (void)x;
""", pro="thread")
case(C, "startall_ok", """  int x = 5, y[2] = {0, 0};
  MPI_Request r[2];
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Send(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD); }
  else { MPI_Recv_init(&y[0], 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r[0]); MPI_Recv_init(&y[1], 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Startall(2, r); MPI_Waitall(2, r, MPI_STATUSES_IGNORE); assert(y[0] == 5 && y[1] == 5);
    MPI_Request_free(&r[0]); MPI_Request_free(&r[1]); }
""")

# ------------------------------------------------------------ communicators and datatypes
C = "commtypes"
types = [("char", "MPI_CHAR", "7"), ("short", "MPI_SHORT", "7"), ("long", "MPI_LONG", "7"), ("unsigned", "MPI_UNSIGNED", "7"),
         ("float", "MPI_FLOAT", "1.5"), ("long long", "MPI_LONG_LONG", "7"), ("signed char", "MPI_SIGNED_CHAR", "7"),
         ("unsigned char", "MPI_UNSIGNED_CHAR", "7"), ("unsigned long", "MPI_UNSIGNED_LONG", "7")]
for ct, mt, v in types:
    nm = ct.replace(" ", "_")
    case(C, "type_%s_ok" % nm, """  %s a = %s, b = 0;
  if (rank == 0) MPI_Send(&a, 1, %s, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(&b, 1, %s, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(b == a); }
""" % (ct, v, mt, mt))
case(C, "type_float_double_mismatch", """  float a = 1.5f;
  double b = 0;
  if (rank == 0) MPI_Send(&a, 1, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(&b, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
""", "MPI_RECV_MISMATCH", col=8, proc=1)
case(C, "type_short_int_mismatch", """  short a = 1;
  int b = 0;
  if (rank == 0) MPI_Send(&a, 1, MPI_SHORT, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(&b, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
""", "MPI_RECV_MISMATCH", col=8, proc=1)
case(C, "reduce_double_max_ok", """  double x = rank * 1.5, m = 0;
  MPI_Allreduce(&x, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  assert(m == 3.0);
""", n=3)
case(C, "reduce_prod_ok", """  long x = rank + 1, p = 0;
  MPI_Reduce(&x, &p, 1, MPI_LONG, MPI_PROD, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(p == 6);
""", n=3)
case(C, "reduce_lor_ok", """  int x = rank == 2, o = 0;
  MPI_Allreduce(&x, &o, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  assert(o == 1);
""", n=3)
case(C, "reduce_min_wrong", """  int x = rank + 1, mn = 0;
  MPI_Allreduce(&x, &mn, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  assert(mn == 2); /*@*/
""", "ASSERTION", n=3, col=3, proc=0)
case(C, "reduce_symbolic_ok", """  int x = K + rank, s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(s == 2 * K + 1);
""", pro="input_bounded")
case(C, "reduce_symbolic_wrong", """  int x = K + rank, s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  assert(s > K); /*@*/
""", "ASSERTION", pro="input_bounded", col=3, proc=0)
# MPI_SUM/MPI_PROD compute as the C operation of the type (MPI 3.1 §5.9.2):
# unsigned types wrap modulo 2^w (the native run agrees); a signed result out
# of range is undefined behaviour in C (Open MPI wraps it silently).
case(C, "reduce_unsigned_wraps_ok", """  unsigned u = 4000000000u, s = 0;
  unsigned char c = (unsigned char)(200 + rank), p = 0;
  MPI_Allreduce(&u, &s, 1, MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&c, &p, 1, MPI_UNSIGNED_CHAR, MPI_PROD, MPI_COMM_WORLD);
  assert(s == 3705032704u && p == 8);
""", native=0)
case(C, "reduce_int_sum_overflow", """  int x = 2000000000, s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /*@*/
""", "SIGNED_OVERFLOW", col=3, proc=1)
case(C, "reduce_symbolic_sum_overflow", """  int x = K, s = 0;
  MPI_Reduce(&x, &s, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD); /*@*/
""", "SIGNED_OVERFLOW", pro="input", col=3, proc=1)
case(C, "comm_self_barrier_ok", """  int r = -1;
  MPI_Comm_rank(MPI_COMM_SELF, &r);
  assert(r == 0);
""")
case(C, "comm_separate_contexts_deadlock", """  int x = 1;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
  else MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_PENDING_MESSAGE", fin=False, opts="--deadlock absolute", col=3, proc=0)
case(C, "comm_self_pending_message", """  int x = 1;
  MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
  MPI_Finalize(); /*@*/
  return 0;
}
""", "MPI_PENDING_MESSAGE", fin=False, opts="--deadlock absolute", col=3, proc=0)
case(C, "get_count_double_ok", """  double d[3] = {1, 2, 3};
  int c = 0;
  MPI_Status st;
  if (rank == 0) MPI_Send(d, 3, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(d, 3, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, &st); MPI_Get_count(&st, MPI_DOUBLE, &c); assert(c == 3); }
""")
case(C, "struct_member_buffer_ok", """  struct { int a; double b[2]; } s = {1, {2.0, 3.0}}, t = {0, {0, 0}};
  if (rank == 0) MPI_Send(s.b, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(t.b, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(t.b[1] == 3.0 && t.a == 0); }
""")
case(C, "heap_buffer_ok", """  int *p = malloc(2 * sizeof(int));
  p[0] = 1; p[1] = 2;
  if (rank == 0) MPI_Send(p, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(p, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(p[0] + p[1] == 3); }
  free(p);
""", pro="stdlib")
case(C, "bcast_double_array_ok", """  double a[2] = {0, 0};
  if (rank == 0) { a[0] = 0.5; a[1] = 0.25; }
  MPI_Bcast(a, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  assert(a[0] + a[1] == 0.75);
""", n=3)

# ------------------------------------------------------------ communicators and groups
C = "communicators"
case(C, "dup_isolated_ok", """  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int x = rank, y = -1, z = -1;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, dup);
    x = 10;
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else if (rank == 1) {
    MPI_Request q;
    MPI_Irecv(&z, 1, MPI_INT, 0, 0, dup, &q);
    MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    assert(y == 10 && z == 0);
  }
  MPI_Comm_free(&dup);
""")
case(C, "dup_wrong_context_deadlock", """  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int x = 1;
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, dup);
  else /*@*/MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Comm_free(&dup);
""", "ABSOLUTE_DEADLOCK", col=13, proc=1)
case(C, "split_even_odd_ok", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &sub);
  int sr, ss, sum = 0;
  MPI_Comm_rank(sub, &sr);
  MPI_Comm_size(sub, &ss);
  assert(ss == (rank % 2 == 0 ? 2 : 1));
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, sub);
  assert(sum == (rank % 2 == 0 ? 2 : 1));
  if (rank == 0) assert(sr == 1);
  if (rank == 2) assert(sr == 0);
  MPI_Comm_free(&sub);
""", n=3)
case(C, "split_rank_translation_ok", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, rank, &sub);
  if (rank == 0) { assert(sub == MPI_COMM_NULL); }
  else {
    int sr, v = rank;
    MPI_Comm_rank(sub, &sr);
    assert(sr == rank - 1);
    if (sr == 0) MPI_Send(&v, 1, MPI_INT, 1, 3, sub);
    else { MPI_Status st; MPI_Recv(&v, 1, MPI_INT, 0, 3, sub, &st); assert(v == 1 && st.MPI_SOURCE == 0); }
    MPI_Comm_free(&sub);
  }
""", n=3)
case(C, "split_wrong_rank_assert", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &sub);
  int sr;
  MPI_Comm_rank(sub, &sr);
  /*@*/assert(sr == rank);
  MPI_Comm_free(&sub);
""", "ASSERTION", col=8, proc=0)
case(C, "split_collectives_independent_ok", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank < 2, 0, &sub);
  int v = rank;
  if (rank < 2) MPI_Bcast(&v, 1, MPI_INT, 0, sub);
  else MPI_Barrier(sub);
  if (rank < 2) assert(v == 0);
  MPI_Comm_free(&sub);
""", n=3)
case(C, "split_mismatched_collective", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, 0, 0, &sub);
  int v = rank;
  if (rank == 0) MPI_Bcast(&v, 1, MPI_INT, 0, sub);
  else /*@*/MPI_Barrier(sub);
  MPI_Comm_free(&sub);
""", "COLLECTIVE_MISMATCH", col=13, proc=1)
case(C, "collective_other_comm_deadlock", """  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  if (rank == 0) /*@*/MPI_Barrier(dup);
  else MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm_free(&dup);
""", "ABSOLUTE_DEADLOCK", col=23, proc=0)
case(C, "comm_never_freed_leak", """  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Barrier(dup);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, col=8, proc=0)
case(C, "use_after_comm_free", """  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm keep = dup;
  MPI_Comm_free(&dup);
  assert(dup == MPI_COMM_NULL);
  /*@*/MPI_Barrier(keep);
""", "MPI_INVALID_COMM", col=8, proc=0)
case(C, "free_comm_world_invalid", """  MPI_Comm w = MPI_COMM_WORLD;
  /*@*/MPI_Comm_free(&w);
""", "MPI_INVALID_COMM", col=8, proc=0)
case(C, "comm_null_send_invalid", """  int x = 0;
  if (rank == 0) /*@*/MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_NULL);
""", "MPI_INVALID_COMM", col=23, proc=0)
case(C, "group_incl_create_ok", """  MPI_Group world, g;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[2] = {2, 0};
  MPI_Group_incl(world, 2, ranks, &g);
  int gs, gr;
  MPI_Group_size(g, &gs);
  MPI_Group_rank(g, &gr);
  assert(gs == 2);
  assert(gr == (rank == 2 ? 0 : rank == 0 ? 1 : MPI_UNDEFINED));
  MPI_Comm c;
  MPI_Comm_create(MPI_COMM_WORLD, g, &c);
  if (rank == 1) assert(c == MPI_COMM_NULL);
  else {
    int v = rank;
    MPI_Bcast(&v, 1, MPI_INT, 0, c);
    assert(v == 2);
    MPI_Comm_free(&c);
  }
  MPI_Group_free(&g);
  MPI_Group_free(&world);
""", n=3)
case(C, "group_excl_translate_ok", """  MPI_Group world, g;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ex[1] = {0};
  MPI_Group_excl(world, 1, ex, &g);
  int r1[3] = {0, 1, 2}, r2[3];
  MPI_Group_translate_ranks(world, 3, r1, g, r2);
  assert(r2[0] == MPI_UNDEFINED && r2[1] == 0 && r2[2] == 1);
  MPI_Group_free(&g);
  MPI_Group_free(&world);
""", n=3)
case(C, "group_never_freed_leak", """  MPI_Group world;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, col=8, proc=0)
case(C, "group_incl_bad_rank", """  MPI_Group world, g;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[1] = {5};
  /*@*/MPI_Group_incl(world, 1, ranks, &g);
""", "MPI_INVALID_RANK", col=8, proc=0)
case(C, "comm_create_different_groups", """  MPI_Group world, g;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  int ranks[1] = {rank};
  MPI_Group_incl(world, 1, ranks, &g);
  MPI_Comm c;
  /*@*/MPI_Comm_create(MPI_COMM_WORLD, g, &c);
""", "MPI_SIGNATURE_MISMATCH", col=8, proc=1)
case(C, "comm_compare_ok", """  MPI_Comm dup, sub;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, &sub);
  int r1, r2, r3;
  MPI_Comm_compare(MPI_COMM_WORLD, MPI_COMM_WORLD, &r1);
  MPI_Comm_compare(MPI_COMM_WORLD, dup, &r2);
  MPI_Comm_compare(MPI_COMM_WORLD, sub, &r3);
  assert(r1 == MPI_IDENT && r2 == MPI_CONGRUENT && r3 == MPI_SIMILAR);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&sub);
""")
case(C, "tag_ub_attr_ok", """  int *ub, flag = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
  assert(flag && *ub >= 32767);
""")
case(C, "split_send_rank_out_of_sub", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, 0, &sub);
  int x = 0;
  if (rank == 0) /*@*/MPI_Send(&x, 1, MPI_INT, 2, 0, sub);
  MPI_Comm_free(&sub);
""", "MPI_INVALID_RANK", n=3, col=23, proc=0)
case(C, "comm_self_ok", """  int r, s, v = 4, w = 0;
  MPI_Comm_rank(MPI_COMM_SELF, &r);
  MPI_Comm_size(MPI_COMM_SELF, &s);
  assert(r == 0 && s == 1);
  MPI_Request q;
  MPI_Irecv(&w, 1, MPI_INT, 0, 0, MPI_COMM_SELF, &q);
  MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  assert(w == 4);
""")

# ------------------------------------------------------------ nonblocking collectives
C = "nbcoll"
case(C, "ibarrier_overlap_p2p_ok", """  MPI_Request r;
  int x = rank, y = -1;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  if (rank == 0) MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  if (rank == 1) MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  if (rank == 1) assert(y == 0);
""", opts="--deadlock both")
case(C, "ibarrier_then_recv_first_ok", """  MPI_Request r;
  int x = rank, y = -1;
  if (rank == 1) MPI_Ibarrier(MPI_COMM_WORLD, &r);
  if (rank == 1) MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rank == 0) { MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); MPI_Ibarrier(MPI_COMM_WORLD, &r); }
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(y == rank - 1);
""", opts="--deadlock both")
case(C, "iallreduce_result_at_wait_ok", """  MPI_Request r;
  int x = rank + 1, s = 0;
  MPI_Iallreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  int y = x; /* reading the send buffer before the Wait is allowed (MPI 3.1 5.12) */
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  x = 100;
  assert(s == 6 && y == rank + 1);
""", n=3)
case(C, "ibcast_wait_vs_recv_deadlock", """  MPI_Request r;
  int v = rank, y = 0;
  if (rank == 0) { MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r); /*@*/MPI_Wait(&r, MPI_STATUS_IGNORE); MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD); }
  if (rank == 1) { MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
""", "POTENTIAL_DEADLOCK", native=0, col=76, proc=0)  # the root's Wait may return early (Open MPI's does)
case(C, "ibarrier_never_waited_leak", """  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_REQUEST_LEAK", fin=False, col=8, proc=0)
case(C, "ibarrier_vs_barrier_mismatch", """  MPI_Request r;
  if (rank == 0) { MPI_Ibarrier(MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
  else /*@*/MPI_Barrier(MPI_COMM_WORLD);
""", "COLLECTIVE_MISMATCH", col=13, proc=1)
case(C, "two_outstanding_ireduce_ok", """  MPI_Request r[2];
  int a = rank, b = 2 * rank, sa = -1, sb = -1;
  MPI_Ireduce(&a, &sa, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Ireduce(&b, &sb, 1, MPI_INT, MPI_MAX, 1, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  if (rank == 0) assert(sa == 1);
  if (rank == 1) assert(sb == 2);
""")
case(C, "ireduce_wrong_root_value", """  MPI_Request r;
  int a = rank, s = -1;
  MPI_Ireduce(&a, &s, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  /*@*/assert(s == 1);
""", "ASSERTION", col=8, proc=1)
case(C, "iallgather_split_comm_ok", """  MPI_Comm sub;
  MPI_Comm_split(MPI_COMM_WORLD, rank / 2, rank, &sub);
  int v = rank, all[2] = {-1, -1};
  MPI_Request r;
  MPI_Iallgather(&v, 1, MPI_INT, all, 1, MPI_INT, sub, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(all[0] == (rank / 2) * 2 && all[1] == (rank / 2) * 2 + 1);
  MPI_Comm_free(&sub);
""", n=4)
case(C, "ibarrier_test_loop_ok", """  MPI_Request r;
  int flag = 0, i = 0;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  while (!flag && i < 3) { MPI_Test(&r, &flag, MPI_STATUS_IGNORE); i++; }
  if (!flag) MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(r == MPI_REQUEST_NULL);
""")

# ------------------------------------------------------------ reduce_local
C = "matching"
case(C, "reduce_local_ok", """  int in[2] = {1, rank}, io[2] = {5, 7};
  MPI_Reduce_local(in, io, 2, MPI_INT, MPI_MAX);
  assert(io[0] == 5 && io[1] == 7);
  MPI_Reduce_local(in, io, 2, MPI_INT, MPI_SUM);
  assert(io[0] == 6 && io[1] == 7 + rank);
""")
case(C, "reduce_local_wrong_value", """  int in[1] = {rank}, io[1] = {1};
  MPI_Reduce_local(in, io, 1, MPI_INT, MPI_PROD);
  /*@*/assert(io[0] == 1);
""", "ASSERTION", col=8, proc=0)
case(C, "reduce_local_invalid_op", """  int in[1] = {rank}, io[1] = {1};
  /*@*/MPI_Reduce_local(in, io, 1, MPI_INT, MPI_OP_NULL);
""", "MPI_INVALID_OP", col=8, proc=0)

# ------------------------------------------------------------ datatypes
C = "datatypes"
SP = "struct P { int a; double b; };\n"
case(C, "contiguous_ok", """  MPI_Datatype t;
  MPI_Type_contiguous(3, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[3] = {rank, rank + 1, rank + 2}, b[3] = {0, 0, 0};
  MPI_Sendrecv(a, 1, t, 1 - rank, 0, b, 3, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(b[0] == 1 - rank && b[2] == 3 - rank);
  MPI_Type_free(&t);
""")
case(C, "vector_column_ok", """  MPI_Datatype col;
  MPI_Type_vector(3, 1, 3, MPI_INT, &col);
  MPI_Type_commit(&col);
  int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, c[3] = {0, 0, 0};
  if (rank == 0) MPI_Send(&m[0][1], 1, col, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(c, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(c[0] == 2 && c[1] == 5 && c[2] == 8); }
  MPI_Type_free(&col);
""")
case(C, "vector_column_wrong", """  MPI_Datatype col;
  MPI_Type_vector(3, 1, 3, MPI_INT, &col);
  MPI_Type_commit(&col);
  int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, c[3] = {0, 0, 0};
  if (rank == 0) MPI_Send(&m[0][1], 1, col, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(c, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/assert(c[1] == 4); }
  MPI_Type_free(&col);
""", "ASSERTION", col=81, proc=1)
case(C, "vector_recv_scatter_ok", """  MPI_Datatype v;
  MPI_Type_vector(2, 1, 2, MPI_DOUBLE, &v);
  MPI_Type_commit(&v);
  double x[2] = {1.5, 2.5}, y[4] = {0, -1, 0, -1};
  if (rank == 0) MPI_Send(x, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(y, 1, v, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(y[0] == 1.5 && y[1] == -1 && y[2] == 2.5 && y[3] == -1); }
  MPI_Type_free(&v);
""")
case(C, "indexed_ok", """  MPI_Datatype t;
  int bl[2] = {2, 1}, dp[2] = {0, 4};
  MPI_Type_indexed(2, bl, dp, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[5] = {10, 11, 12, 13, 14}, b[3] = {0, 0, 0};
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD);
  else { MPI_Recv(b, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); assert(b[0] == 10 && b[1] == 11 && b[2] == 14); }
  MPI_Type_free(&t);
""")
case(C, "struct_ok", """  MPI_Datatype t;
  int bl[2] = {1, 1};
  MPI_Aint dp[2] = {offsetof(struct P, a), offsetof(struct P, b)};
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_commit(&t);
  struct P p[2] = {{rank, 0.5}, {rank + 1, 1.5}}, q[2];
  MPI_Sendrecv(p, 2, t, 1 - rank, 0, q, 2, t, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(q[0].a == 1 - rank && q[1].b == 1.5);
  MPI_Type_free(&t);
""", pro="struct")
case(C, "struct_extent_ok", """  MPI_Datatype t;
  int bl[2] = {1, 1}, sz;
  MPI_Aint dp[2] = {0, 8}, lb, ext, tlb, text;
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_size(t, &sz);
  MPI_Type_get_extent(t, &lb, &ext);
  MPI_Type_get_true_extent(t, &tlb, &text);
  assert(sz == 12 && lb == 0 && ext == 16 && tlb == 0 && text == 16);
  MPI_Datatype r;
  MPI_Type_create_resized(t, 0, 24, &r);
  MPI_Type_get_extent(r, &lb, &ext);
  assert(ext == 24);
  MPI_Type_free(&r);
  MPI_Type_free(&t);
""")
case(C, "struct_signature_mismatch", """  MPI_Datatype t;
  int bl[2] = {1, 1};
  MPI_Aint dp[2] = {offsetof(struct P, a), offsetof(struct P, b)};
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_commit(&t);
  struct P p = {rank, 0.5};
  double d[2];
  if (rank == 0) MPI_Send(&p, 1, t, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(d, 2, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
  MPI_Type_free(&t);
""", "MPI_RECV_MISMATCH", pro="struct", col=8, proc=1)
case(C, "contiguous_too_long", """  MPI_Datatype t;
  MPI_Type_contiguous(3, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[3] = {1, 2, 3}, b[2];
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(b, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /*@*/
  MPI_Type_free(&t);
""", "MPI_RECV_MISMATCH", col=8, proc=1)
case(C, "uncommitted_send", """  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  int a[2] = {1, 2};
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&t);
""", "MPI_INVALID_DATATYPE", col=18, proc=0)
case(C, "type_never_freed", """  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, col=8, proc=0)
case(C, "type_free_predefined", """  MPI_Datatype t = MPI_INT;
  /*@*/MPI_Type_free(&t);
""", "MPI_INVALID_DATATYPE", col=8, proc=0)
case(C, "type_use_after_free", """  MPI_Datatype t, u;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  u = t;
  MPI_Type_free(&t);
  int a[2] = {1, 2};
  if (rank == 0) MPI_Send(a, 1, u, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_INVALID_DATATYPE", col=18, proc=0)
case(C, "displacement_overflow", """  MPI_Datatype t;
  MPI_Type_vector(3, 1, 2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[4] = {1, 2, 3, 4}, b[3];
  if (rank == 0) MPI_Send(a, 1, t, 1, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Recv(b, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&t);
""", "OUT_OF_BOUNDS", col=18, proc=0)
case(C, "get_count_derived_ok", """  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[4] = {1, 2, 3, 4}, b[4], c = -1, e = -1;
  MPI_Status st;
  if (rank == 0) MPI_Send(a, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(b, 2, t, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, t, &c);
    MPI_Get_elements(&st, t, &e);
    assert(c == MPI_UNDEFINED && e == 3 && b[2] == 3);
  }
  MPI_Type_free(&t);
""")
case(C, "bcast_struct_ok", """  MPI_Datatype t;
  int bl[2] = {1, 1};
  MPI_Aint dp[2] = {offsetof(struct P, a), offsetof(struct P, b)};
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_commit(&t);
  struct P p = {rank == 0 ? 7 : 0, rank == 0 ? 2.5 : 0.0};
  MPI_Bcast(&p, 1, t, 0, MPI_COMM_WORLD);
  assert(p.a == 7 && p.b == 2.5);
  MPI_Type_free(&t);
""", n=3, pro="struct")
case(C, "gather_contig_vs_int_ok", """  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[2] = {rank, rank * 10}, all[6] = {0};
  MPI_Gather(a, 2, MPI_INT, all, 1, t, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[2] == 1 && all[5] == 20);
  MPI_Type_free(&t);
""", n=3)
case(C, "bcast_signature_mismatch", """  MPI_Datatype t;
  MPI_Type_contiguous(2, MPI_INT, &t);
  MPI_Type_commit(&t);
  int a[3] = {1, 2, 3};
  if (rank == 0) MPI_Bcast(a, 1, t, 0, MPI_COMM_WORLD);
  else MPI_Bcast(a, 3, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  MPI_Type_free(&t);
""", "MPI_SIGNATURE_MISMATCH", col=8, proc=1)
case(C, "isend_irecv_vector_ok", """  MPI_Datatype v;
  MPI_Type_vector(2, 2, 3, MPI_INT, &v);
  MPI_Type_commit(&v);
  int a[5] = {rank, 1, -1, 2, 3}, b[5] = {0, 0, 9, 0, 0};
  MPI_Request r[2];
  MPI_Irecv(b, 1, v, 1 - rank, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Isend(a, 1, v, 1 - rank, 0, MPI_COMM_WORLD, &r[1]);
  MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
  assert(b[0] == 1 - rank && b[2] == 9 && b[4] == 3);
  MPI_Type_free(&v);
""")
case(C, "struct_into_padding_unknown", """  MPI_Datatype t;
  int bl[2] = {1, 1};
  MPI_Aint dp[2] = {0, 4};
  MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
  MPI_Type_create_struct(2, bl, dp, ty, &t);
  MPI_Type_commit(&t);
  struct P p = {1, 2.0};
  if (rank == 0) MPI_Send(&p, 1, t, 1, 0, MPI_COMM_WORLD);
  else MPI_Recv(&p, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Type_free(&t);
""", "unknown", pro="struct")

# ------------------------------------------------------------ v-collectives
C = "matching"
case(C, "gatherv_ok", """  int v[3] = {rank, rank, rank}, all[7], rc[3] = {1, 2, 3}, dp[3] = {0, 1, 4};
  for (int i = 0; i < 7; i++) all[i] = -1;
  MPI_Gatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 0 && all[1] == 1 && all[2] == 1 && all[3] == -1 && all[6] == 2);
""", n=3)
case(C, "gatherv_count_mismatch", """  int v[3] = {rank, rank, rank}, all[7], rc[3] = {1, 2, 2}, dp[3] = {0, 1, 4};
  MPI_Gatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", n=3, col=3, proc=2)
case(C, "gatherv_in_place_ok", """  int v = rank * 10, all[3] = {5, -1, -1}, rc[3] = {1, 1, 1}, dp[3] = {0, 1, 2};
  if (rank == 0) MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  else MPI_Gatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 5 && all[1] == 10 && all[2] == 20);
""", n=3)
case(C, "scatterv_ok", """  int src[6] = {0, 1, 2, 3, 4, 5}, sc[3] = {1, 2, 3}, dp[3] = {0, 1, 3}, r[3] = {-1, -1, -1};
  MPI_Scatterv(src, sc, dp, MPI_INT, r, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  assert(r[0] == (rank == 0 ? 0 : rank == 1 ? 1 : 3));
  if (rank == 2) assert(r[2] == 5);
""", n=3)
case(C, "scatterv_wrong_value", """  int src[6] = {0, 1, 2, 3, 4, 5}, sc[3] = {1, 2, 3}, dp[3] = {0, 1, 3}, r[3] = {-1, -1, -1};
  MPI_Scatterv(src, sc, dp, MPI_INT, r, rank + 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 1) /*@*/assert(r[1] == 1);
""", "ASSERTION", n=3, col=23, proc=1)
case(C, "scatterv_type_mismatch", """  double src[3] = {0, 1, 2}, r = -1;
  int sc[3] = {1, 1, 1}, dp[3] = {0, 1, 2};
  int ri = 0;
  if (rank == 0) MPI_Scatterv(src, sc, dp, MPI_DOUBLE, &r, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  else MPI_Scatterv(src, sc, dp, MPI_DOUBLE, &ri, 1, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", n=2, col=8, proc=1)
case(C, "allgatherv_ok", """  int v[2] = {rank, rank}, all[3] = {-1, -1, -1}, rc[2] = {1, 2}, dp[2] = {0, 1};
  MPI_Allgatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, MPI_COMM_WORLD);
  assert(all[0] == 0 && all[1] == 1 && all[2] == 1);
""")
case(C, "allgatherv_in_place_ok", """  int all[3] = {-1, -1, -1}, rc[2] = {1, 2}, dp[2] = {0, 1};
  if (rank == 0) all[0] = 7; else { all[1] = 8; all[2] = 9; }
  MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_INT, all, rc, dp, MPI_INT, MPI_COMM_WORLD);
  assert(all[0] == 7 && all[1] == 8 && all[2] == 9);
""")
case(C, "alltoallv_ok", """  int s[3] = {rank, rank + 10, rank + 20}, r[3] = {-1, -1, -1};
  int sc[2], sd[2], rc[2], rd[2];
  /* rank 0 sends 1 to 0 and 2 to 1; rank 1 sends 1 to 0 and 2 to 1 */
  sc[0] = 1; sc[1] = 2; sd[0] = 0; sd[1] = 1;
  rc[0] = rank == 0 ? 1 : 2; rc[1] = rank == 0 ? 1 : 2; rd[0] = 0; rd[1] = rank == 0 ? 1 : 1;
  if (rank == 1) { rd[0] = 0; rd[1] = 2; rc[0] = 2; rc[1] = 2; }
  int rr[4] = {-1, -1, -1, -1};
  MPI_Alltoallv(s, sc, sd, MPI_INT, rank == 0 ? r : rr, rc, rd, MPI_INT, MPI_COMM_WORLD);
  if (rank == 0) assert(r[0] == 0 && r[1] == 1);
  else assert(rr[0] == 10 && rr[1] == 20 && rr[2] == 11 && rr[3] == 21);
""")
case(C, "alltoallv_count_mismatch", """  int s[2] = {rank, rank}, r[2] = {-1, -1};
  int sc[2] = {1, 1}, sd[2] = {0, 1}, rc[2] = {1, 1}, rd[2] = {0, 1};
  if (rank == 1) sc[0] = 2;
  MPI_Alltoallv(s, sc, sd, MPI_INT, r, rc, rd, MPI_INT, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", col=3, proc=1)
case(C, "alltoallw_ok", """  int i = rank; double d = rank + 0.5;
  struct { int i; double d; } in;
  int sc[2] = {0, 0}, sd[2] = {0, 0}, rc[2] = {0, 0}, rd[2] = {0, 0};
  MPI_Datatype st[2] = {MPI_INT, MPI_INT}, rt[2] = {MPI_INT, MPI_INT};
  /* rank 0 sends its int to 1, rank 1 sends its double to 0 */
  if (rank == 0) { sc[1] = 1; rc[1] = 1; rt[1] = MPI_DOUBLE; rd[1] = 8; }
  else { sc[0] = 1; st[0] = MPI_DOUBLE; rc[0] = 1; }
  MPI_Alltoallw(rank == 0 ? (void *)&i : (void *)&d, sc, sd, st, &in, rc, rd, rt, MPI_COMM_WORLD);
  if (rank == 0) assert(in.d == 1.5);
  else assert(in.i == 0);
""")
case(C, "reduce_scatter_ok", """  int s[3] = {1, 2, 3}, r[2] = {-1, -1}, rc[2] = {1, 2};
  MPI_Reduce_scatter(s, r, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) assert(r[0] == 2);
  else assert(r[0] == 4 && r[1] == 6);
""")
case(C, "reduce_scatter_in_place_ok", """  int r[3] = {rank, 2, 3}, rc[2] = {2, 1};
  MPI_Reduce_scatter(MPI_IN_PLACE, r, rc, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0) assert(r[0] == 1 && r[1] == 2);
  else assert(r[0] == 3);
""")
case(C, "reduce_scatter_counts_mismatch", """  int s[3] = {1, 2, 3}, r[3], rc[2] = {1, 2};
  if (rank == 1) { rc[0] = 2; rc[1] = 1; }
  MPI_Reduce_scatter(s, r, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /*@*/
""", "MPI_SIGNATURE_MISMATCH", col=3, proc=1)
C = "invalid"
case(C, "gatherv_negative_count", """  int v = 1, all[2], rc[2] = {1, -1}, dp[2] = {0, 1};
  if (rank == 0) MPI_Gatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Gatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD);
""", "MPI_INVALID_COUNT", col=18, proc=0)
case(C, "scatterv_counts_too_short", """  int src[2] = {1, 2}, sc[1] = {1}, dp[2] = {0, 1}, r;
  if (rank == 0) MPI_Scatterv(src, sc, dp, MPI_INT, &r, 1, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
  else MPI_Scatterv(src, sc, dp, MPI_INT, &r, 1, MPI_INT, 0, MPI_COMM_WORLD);
""", "OUT_OF_BOUNDS", col=18, proc=0)
case(C, "allgatherv_displ_out_of_buffer", """  int v = rank, all[2], rc[2] = {1, 1}, dp[2] = {0, 2};
  MPI_Allgatherv(&v, 1, MPI_INT, all, rc, dp, MPI_INT, MPI_COMM_WORLD); /*@*/
""", "OUT_OF_BOUNDS", col=3, proc=0)
C = "nbcoll"
case(C, "igatherv_ok", """  int v[2] = {rank, rank}, all[3] = {-1, -1, -1}, rc[2] = {1, 2}, dp[2] = {0, 1};
  MPI_Request q;
  MPI_Igatherv(v, rank + 1, MPI_INT, all, rc, dp, MPI_INT, 0, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  if (rank == 0) assert(all[0] == 0 && all[1] == 1 && all[2] == 1);
""")
case(C, "ialltoallv_ok", """  int s[2] = {rank, rank + 10}, r[2] = {-1, -1};
  int c[2] = {1, 1}, d[2] = {0, 1};
  MPI_Request q;
  MPI_Ialltoallv(s, c, d, MPI_INT, r, c, d, MPI_INT, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  assert(r[0] == rank * 10 && r[1] == 1 + rank * 10);
""")
case(C, "ireduce_scatter_wrong", """  int s[2] = {1, 2}, r = -1, rc[2] = {1, 1};
  MPI_Request q;
  MPI_Ireduce_scatter(s, &r, rc, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q);
  MPI_Wait(&q, MPI_STATUS_IGNORE);
  /*@*/assert(r == 2);
""", "ASSERTION", col=8, proc=1)
C = "datatypes"
case(C, "gatherv_vector_ok", """  MPI_Datatype v;
  MPI_Type_vector(2, 1, 2, MPI_INT, &v);
  MPI_Type_commit(&v);
  int a[2] = {rank, rank + 5}, all[8], rc[2] = {1, 1}, dp[2] = {0, 1};
  for (int i = 0; i < 8; i++) all[i] = -1;
  MPI_Gatherv(a, 2, MPI_INT, all, rc, dp, v, 0, MPI_COMM_WORLD);
  if (rank == 0) assert(all[0] == 0 && all[1] == -1 && all[2] == 5 && all[3] == 1 && all[5] == 6);
  MPI_Type_free(&v);
""")

# ------------------------------------------------------------ ops: MAXLOC / MINLOC
C = "matching"
case(C, "maxloc_double_int_ok", """  struct { double v; int i; } in, out;
  in.v = rank == 1 ? 9.0 : 1.0; in.i = rank;
  MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  assert(out.v == 9.0 && out.i == 1);
""", n=3)
case(C, "minloc_tie_smallest_index_ok", """  struct { int v; int i; } in, out;
  in.v = rank == 0 ? 5 : 2; in.i = rank;
  MPI_Allreduce(&in, &out, 1, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);
  assert(out.v == 2 && out.i == 1);
""", n=3)
case(C, "maxloc_tie_wrong", """  struct { float v; int i; } in, out;
  in.v = 3.0f; in.i = rank;
  MPI_Reduce(&in, &out, 1, MPI_FLOAT_INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
  if (rank == 0) /*@*/assert(out.i == 2);
""", "ASSERTION", n=3, col=23, proc=0)
case(C, "maxloc_symbolic_ok", """  struct { long v; int i; } in[2], out[2];
  in[0].v = K + rank; in[0].i = rank; in[1].v = -rank; in[1].i = rank;
  MPI_Allreduce(in, out, 2, MPI_LONG_INT, MPI_MAXLOC, MPI_COMM_WORLD);
  assert(out[0].v == K + 1 && out[0].i == 1 && out[1].v == 0 && out[1].i == 0);
""", pro="input_bounded")
case(C, "minloc_short_int_ok", """  struct { short v; int i; } in, out;
  in.v = (short)(10 - rank); in.i = rank;
  MPI_Reduce(&in, &out, 1, MPI_SHORT_INT, MPI_MINLOC, 1, MPI_COMM_WORLD);
  if (rank == 1) assert(out.v == 9 && out.i == 1);
""")
C = "invalid"
case(C, "maxloc_on_int", """  int x = rank, y;
  /*@*/MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_MAXLOC, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", col=8, proc=0)
case(C, "sum_on_pair_type", """  struct { int v; int i; } in, out;
  in.v = 1; in.i = rank;
  /*@*/MPI_Allreduce(&in, &out, 1, MPI_2INT, MPI_SUM, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", col=8, proc=0)

# ------------------------------------------------------------ user-defined ops
C = "userops"
OP_SUM = """static void op_sum(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i < *len; i++)
    b[i] = a[i] + b[i];
}
"""
# non-commutative: digits in rank order, (a op b) = 10 a + b
OP_CAT = """static void op_cat(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  assert(*dt == MPI_INT);
  for (int i = 0; i < *len; i++)
    b[i] = 10 * a[i] + b[i];
}
"""
OP_DMAX = """static void op_dmax(void *in, void *inout, int *len, MPI_Datatype *dt) {
  double *a = (double *)in, *b = (double *)inout;
  for (int i = 0; i < *len; i++)
    if (a[i] > b[i])
      b[i] = a[i];
}
"""
case(C, "allreduce_sum_ok", """  int x = rank + 1, s = 0, c = 0;
  MPI_Op op;
  MPI_Op_create(op_sum, 1, &op);
  MPI_Op_commutative(op, &c);
  assert(c == 1);
  MPI_Allreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD);
  assert(s == size * (size + 1) / 2);
  MPI_Op_free(&op);
  assert(op == MPI_OP_NULL);
""", n=3, top=OP_SUM)
case(C, "reduce_rank_order_ok", """  int x = rank + 1, r = 0, c = 1;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Op_commutative(op, &c);
  assert(c == 0);
  MPI_Reduce(&x, &r, 1, MPI_INT, op, 2, MPI_COMM_WORLD);
  if (rank == 2) assert(r == 123);
  MPI_Op_free(&op);
""", n=3, top=OP_CAT)
case(C, "reduce_wrong_order", """  int x = rank + 1, r = 0;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Reduce(&x, &r, 1, MPI_INT, op, 0, MPI_COMM_WORLD);
  if (rank == 0) /*@*/assert(r == 321);
  MPI_Op_free(&op);
""", "ASSERTION", n=3, top=OP_CAT, col=23, proc=0)
case(C, "scan_exscan_ok", """  int x = rank + 1, p = 0, e = -1;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Scan(&x, &p, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Exscan(&x, &e, 1, MPI_INT, op, MPI_COMM_WORLD);
  assert(p == (rank == 0 ? 1 : rank == 1 ? 12 : 123));
  assert(e == (rank == 0 ? -1 : rank == 1 ? 1 : 12));
  MPI_Op_free(&op);
""", n=3, top=OP_CAT)
case(C, "scan_wrong_prefix", """  int x = rank + 1, p = 0;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Scan(&x, &p, 1, MPI_INT, op, MPI_COMM_WORLD);
  /*@*/assert(p == (rank == 2 ? 321 : p));
  MPI_Op_free(&op);
""", "ASSERTION", n=3, top=OP_CAT, col=8, proc=2)
case(C, "reduce_local_ok", """  int a[2] = {1, 2}, b[2] = {3, 4};
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Reduce_local(a, b, 2, MPI_INT, op);
  assert(a[0] == 1 && b[0] == 13 && b[1] == 24);
  MPI_Op_free(&op);
""", n=1, top=OP_CAT)
case(C, "reduce_scatter_ok", """  int x[3] = {rank + 1, rank + 4, rank + 7}, y[2] = {0, 0}, rc[2] = {1, 2}, z = 0;
  MPI_Op op;
  MPI_Op_create(op_cat, 0, &op);
  MPI_Reduce_scatter(x, y, rc, MPI_INT, op, MPI_COMM_WORLD);
  if (rank == 0) assert(y[0] == 12);
  if (rank == 1) assert(y[0] == 45 && y[1] == 78);
  MPI_Reduce_scatter_block(x, &z, 1, MPI_INT, op, MPI_COMM_WORLD);
  assert(z == (rank == 0 ? 12 : 45));
  MPI_Op_free(&op);
""", top=OP_CAT)
case(C, "allreduce_symbolic_max_ok", """  double x = rank == 0 ? (double)K : 2.5, m = 0;
  MPI_Op op;
  MPI_Op_create(op_dmax, 1, &op);
  MPI_Allreduce(&x, &m, 1, MPI_DOUBLE, op, MPI_COMM_WORLD);
  assert(m >= 2.5 && m >= K);
  assert(m == 2.5 || m == K);
  MPI_Op_free(&op);
""", pro="input", top=OP_DMAX)
case(C, "user_fn_out_of_bounds", """  int x[2] = {rank, rank}, s[2];
  MPI_Op op;
  MPI_Op_create(op_bad, 1, &op);
  MPI_Allreduce(x, s, 2, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
""", "OUT_OF_BOUNDS", top="""static void op_bad(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i <= *len; i++)
    /*@*/b[i] = a[i] + b[i];
}
""", col=15, proc=0)
case(C, "user_fn_division_by_zero", """  int x = rank == 0 ? 0 : 6, q = 0;
  MPI_Op op;
  MPI_Op_create(op_div, 0, &op);
  MPI_Allreduce(&x, &q, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
""", "DIVISION_BY_ZERO", top="""static void op_div(void *in, void *inout, int *len, MPI_Datatype *dt) {
  int *a = (int *)in, *b = (int *)inout;
  for (int i = 0; i < *len; i++)
    /*@*/b[i] = b[i] / a[i];
}
""", col=22, proc=0)
case(C, "op_never_freed", """  int x = rank, s = 0;
  MPI_Op op;
  MPI_Op_create(op_sum, 1, &op);
  MPI_Allreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, top=OP_SUM, col=8, proc=0)
case(C, "op_free_predefined", """  MPI_Op op = MPI_SUM;
  /*@*/MPI_Op_free(&op);
""", "MPI_INVALID_OP", col=8, proc=0)
case(C, "op_use_after_free", """  int x = rank, s = 0;
  MPI_Op op, keep;
  MPI_Op_create(op_sum, 1, &op);
  keep = op;
  MPI_Op_free(&op);
  /*@*/MPI_Allreduce(&x, &s, 1, MPI_INT, keep, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", top=OP_SUM, col=8, proc=0)
case(C, "op_double_free", """  MPI_Op op, keep;
  MPI_Op_create(op_sum, 1, &op);
  keep = op;
  MPI_Op_free(&op);
  /*@*/MPI_Op_free(&keep);
""", "MPI_INVALID_OP", top=OP_SUM, col=8, proc=0)
case(C, "op_mismatch_user_vs_sum", """  int x = rank, s = 0;
  MPI_Op op;
  MPI_Op_create(op_sum, 1, &op);
  if (rank == 0)
    MPI_Allreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD);
  else
    /*@*/MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Op_free(&op);
""", "MPI_OP_MISMATCH", top=OP_SUM, col=10, proc=1)
case(C, "user_op_deadlock", """  int x = rank, s = 0;
  MPI_Op op;
  MPI_Op_create(op_sum, 1, &op);
  if (rank == 0)
    /*@*/MPI_Allreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD);
  MPI_Op_free(&op);
""", "ABSOLUTE_DEADLOCK", top=OP_SUM, col=10, proc=0)
case(C, "user_op_nonblocking_unknown", """  int x = rank, s = 0;
  MPI_Op op;
  MPI_Request r;
  MPI_Op_create(op_sum, 1, &op);
  MPI_Iallreduce(&x, &s, 1, MPI_INT, op, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Op_free(&op);
""", "unknown", top=OP_SUM)

# ------------------------------------------------------------ Comm_idup
C = "communicators"
case(C, "comm_idup_ok", """  MPI_Comm d;
  MPI_Request r;
  int x = rank, y = -1, res = -1;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  MPI_Comm_compare(MPI_COMM_WORLD, d, &res);
  assert(res == MPI_CONGRUENT);
  MPI_Sendrecv(&x, 1, MPI_INT, 1 - rank, 0, &y, 1, MPI_INT, 1 - rank, 0, d, MPI_STATUS_IGNORE);
  assert(y == 1 - rank);
  MPI_Comm_free(&d);
""")
case(C, "comm_idup_isolated_ok", """  MPI_Comm d;
  MPI_Request r[2];
  int x = rank, y = -1, z = -1;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r[0]);
  MPI_Waitall(1, r, MPI_STATUSES_IGNORE);
  if (rank == 0) {
    int w = 5;
    MPI_Isend(&x, 1, MPI_INT, 1, 0, d, &r[1]);
    MPI_Send(&w, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&z, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Recv(&y, 1, MPI_INT, 0, 0, d, MPI_STATUS_IGNORE);
    assert(z == 5 && y == 0);
  }
  MPI_Comm_free(&d);
""")
case(C, "comm_idup_never_waited", """  MPI_Comm d;
  MPI_Request r;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_REQUEST_LEAK", fin=False, col=8, proc=0)
case(C, "comm_idup_not_freed", """  MPI_Comm d;
  MPI_Request r;
  MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, col=8, proc=0)
case(C, "comm_idup_vs_dup_mismatch", """  MPI_Comm d;
  MPI_Request r;
  if (rank == 0) {
    MPI_Comm_idup(MPI_COMM_WORLD, &d, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else
    /*@*/MPI_Comm_dup(MPI_COMM_WORLD, &d);
  MPI_Comm_free(&d);
""", "COLLECTIVE_MISMATCH", col=10, proc=1)

# ------------------------------------------------ local concurrency, nonblocking collectives
C = "concurrency"
case(C, "iallreduce_read_recvbuf", """  int x = rank, s = 0, t;
  MPI_Request r;
  MPI_Iallreduce(&x, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  /*@*/t = s;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
""", "MPI_LOCAL_CONCURRENCY", col=10, proc=0)
case(C, "iallreduce_write_sendbuf", """  int x[2] = {rank, rank}, s[2];
  MPI_Request r;
  MPI_Iallreduce(x, s, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  int t = x[1];
  /*@*/x[1] = t + 1;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
""", "MPI_LOCAL_CONCURRENCY", col=13, proc=0)
case(C, "iallreduce_other_elements_ok", """  int x[3] = {rank, rank, 0}, s[3] = {0, 0, 0};
  MPI_Request r;
  MPI_Iallreduce(x, s, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  int t = x[0];
  x[2] = t + 1;
  s[2] = 7;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  s[0] = s[0] + 1;
  x[0] = 3;
  assert(s[0] == size * (size - 1) / 2 + 1 && s[2] == 7);
""", n=3)
case(C, "ibcast_root_reads_ok", """  int v = rank == 0 ? 4 : 0, t = 0;
  MPI_Request r;
  MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  if (rank == 0) t = v;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(v == 4 && (rank != 0 || t == 4));
""", n=3)
case(C, "ibcast_nonroot_reads", """  int v = rank == 0 ? 4 : 0, t = 0;
  MPI_Request r;
  MPI_Ibcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  if (rank == 1) /*@*/t = v;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
""", "MPI_LOCAL_CONCURRENCY", col=25, proc=1)
case(C, "igather_root_writes_recvbuf", """  int x = rank, all[2] = {0, 0};
  MPI_Request r;
  MPI_Igather(&x, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD, &r);
  if (rank == 0) /*@*/all[1] = 9;
  MPI_Wait(&r, MPI_STATUS_IGNORE);
""", "MPI_LOCAL_CONCURRENCY", col=30, proc=0)
case(C, "iscan_wait_then_read_ok", """  int x = rank + 1, p = 0;
  MPI_Request r;
  MPI_Iscan(&x, &p, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  x = p;
  assert(x == (rank + 1) * (rank + 2) / 2);
""", n=3)

# ------------------------------------------------ Request_free of an active receive
C = "lifecycle"
case(C, "request_free_active_recv_ok", """  int x = 1, w = 2, y = 0, z = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(&w, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    assert(r == MPI_REQUEST_NULL);
    /* non-overtaking: this receive can only take the second message */
    MPI_Recv(&z, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 1 && z == 2);
  }
""", opts="--allow-active-request-free")
case(C, "request_free_active_recv_read_early", """  int x = 1, y = 0, t;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    /*@*/t = y;
  }
""", "MPI_LOCAL_CONCURRENCY", opts="--allow-active-request-free", col=12, proc=1)
case(C, "request_free_active_recv_finalize_ok", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    assert(r == MPI_REQUEST_NULL);
  }
""", opts="--allow-active-request-free")
case(C, "request_free_active_recv_never_sent", """  int y = 0;
  MPI_Request r;
  if (rank == 1) {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
  }
  /*@*/MPI_Finalize();
  return 0;
}
""", "ABSOLUTE_DEADLOCK", fin=False, opts="--allow-active-request-free", col=8, proc=1)
case(C, "request_free_then_wait", """  int x = 1, y = 0;
  MPI_Request r, copy;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    copy = r;
    MPI_Request_free(&r);
    /*@*/MPI_Wait(&copy, MPI_STATUS_IGNORE);
  }
""", "MPI_INVALID_REQUEST", opts="--allow-active-request-free", col=10, proc=1)
case(C, "request_free_any_source_ok", """  int x = rank, y = -1, z = -1;
  MPI_Request r;
  if (rank != 0) {
    MPI_Send(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    MPI_Recv(&z, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y + z == 3 && y != z);
  }
""", n=3, opts="--allow-active-request-free")

# ------------------------------------------------------------ topologies
C = "topology"
case(C, "cart_ring_shift_ok", """  int dims[1] = {0}, periods[1] = {1}, src, dst, got = -1, cr;
  MPI_Comm ring;
  MPI_Dims_create(size, 1, dims);
  assert(dims[0] == size);
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  MPI_Comm_rank(ring, &cr);
  MPI_Cart_shift(ring, 0, 1, &src, &dst);
  assert(src == (cr + size - 1) % size && dst == (cr + 1) % size);
  MPI_Sendrecv(&cr, 1, MPI_INT, dst, 0, &got, 1, MPI_INT, src, 0, ring, MPI_STATUS_IGNORE);
  assert(got == src);
  MPI_Comm_free(&ring);
""", n=3, native=0)
case(C, "cart_2d_neighbor_allgather_ok", """  int dims[2] = {0, 0}, periods[2] = {0, 1}, c[2], cr, r2;
  MPI_Dims_create(size, 2, dims);
  assert(dims[0] == 2 && dims[1] == 2);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &cr);
  MPI_Cart_coords(grid, cr, 2, c);
  MPI_Cart_rank(grid, c, &r2);
  assert(r2 == cr && cr == 2 * c[0] + c[1]);
  int nb[4] = {-1, -1, -1, -1}, s0, d0, s1, d1;
  MPI_Neighbor_allgather(&cr, 1, MPI_INT, nb, 1, MPI_INT, grid);
  MPI_Cart_shift(grid, 0, 1, &s0, &d0);
  MPI_Cart_shift(grid, 1, 1, &s1, &d1);
  assert(nb[0] == (s0 == MPI_PROC_NULL ? -1 : s0) && nb[1] == (d0 == MPI_PROC_NULL ? -1 : d0));
  assert(nb[2] == s1 && nb[3] == d1);
  MPI_Comm_free(&grid);
""", n=4, native=0)
case(C, "cart_sub_rows_ok", """  int dims[2] = {2, 2}, periods[2] = {0, 0}, remain[2] = {0, 1}, c[2], cr, sum = -1, rs;
  MPI_Comm grid, row;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &cr);
  MPI_Cart_coords(grid, cr, 2, c);
  MPI_Cart_sub(grid, remain, &row);
  MPI_Comm_size(row, &rs);
  assert(rs == 2);
  MPI_Allreduce(&cr, &sum, 1, MPI_INT, MPI_SUM, row);
  assert(sum == 4 * c[0] + 1);
  int nd;
  MPI_Cartdim_get(row, &nd);
  assert(nd == 1);
  MPI_Comm_free(&row);
  MPI_Comm_free(&grid);
""", n=4, native=0)
case(C, "cart_dup_keeps_topology_ok", """  int dims[1] = {2}, periods[1] = {0}, d[1], p[1], c[1], st;
  MPI_Comm cart, dup;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &cart);
  MPI_Comm_dup(cart, &dup);
  MPI_Topo_test(dup, &st);
  assert(st == MPI_CART);
  MPI_Cart_get(dup, 1, d, p, c);
  assert(d[0] == 2 && p[0] == 0 && c[0] == rank);
  MPI_Topo_test(MPI_COMM_WORLD, &st);
  assert(st == MPI_UNDEFINED);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&cart);
""", native=0)
case(C, "cart_grid_too_big", """  int dims[1] = {3}, periods[1] = {0};
  MPI_Comm cart;
  /*@*/MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
""", "MPI_INVALID_ARGUMENT", native=13, col=8, proc=0)
case(C, "cart_excluded_rank_comm_null", """  int dims[1] = {2}, periods[1] = {0}, r;
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  if (rank < 2)
    MPI_Comm_free(&cart);
  else
    /*@*/MPI_Comm_rank(cart, &r);
""", "MPI_INVALID_COMM", n=3, col=10, proc=2)
case(C, "cart_coords_without_topology", """  int c[1];
  /*@*/MPI_Cart_coords(MPI_COMM_WORLD, rank, 1, c);
""", "MPI_INVALID_COMM", col=8, proc=0)
case(C, "cart_rank_off_the_grid", """  int dims[1] = {2}, periods[1] = {0}, c[1] = {2}, r;
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  /*@*/MPI_Cart_rank(cart, c, &r);
  MPI_Comm_free(&cart);
""", "MPI_INVALID_ARGUMENT", col=8, proc=0)
case(C, "cart_periodic_rank_wraps_ok", """  int dims[1] = {2}, periods[1] = {1}, c[1] = {3}, r;
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  MPI_Cart_rank(cart, c, &r);
  assert(r == 1);
  MPI_Comm_free(&cart);
""", native=0)
case(C, "cart_ring_ssend_deadlock", """  int dims[1] = {3}, periods[1] = {1}, src, dst, x = rank, y;
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  MPI_Cart_shift(ring, 0, 1, &src, &dst);
  /*@*/MPI_Ssend(&x, 1, MPI_INT, dst, 0, ring);
  MPI_Recv(&y, 1, MPI_INT, src, 0, ring, MPI_STATUS_IGNORE);
  MPI_Comm_free(&ring);
""", "ABSOLUTE_DEADLOCK", n=3, col=8, proc=0)
case(C, "cart_never_freed", """  int dims[1] = {2}, periods[1] = {0};
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  /*@*/MPI_Finalize();
  return 0;
}
""", "MPI_RESOURCE_LEAK", fin=False, col=8, proc=0)
case(C, "dims_create_ok", """  int a[2] = {0, 0}, b[3] = {0, 0, 0}, c[3] = {0, 3, 0}, d[2] = {0, 0};
  MPI_Dims_create(24, 2, a);
  assert(a[0] == 6 && a[1] == 4);
  MPI_Dims_create(16, 3, b);
  assert(b[0] == 4 && b[1] == 2 && b[2] == 2);
  MPI_Dims_create(24, 3, c);
  assert(c[0] == 4 && c[1] == 3 && c[2] == 2);
  MPI_Dims_create(7, 2, d);
  assert(d[0] == 7 && d[1] == 1);
""", n=1, native=0)
case(C, "dims_create_indivisible", """  int d[2] = {2, 0};
  /*@*/MPI_Dims_create(7, 2, d);
""", "MPI_INVALID_ARGUMENT", n=1, col=8, proc=0)
case(C, "graph_star_allgather_ok", """  int index[3] = {2, 3, 4}, edges[4] = {1, 2, 0, 0}, nn, nb[2] = {-1, -1}, st;
  MPI_Comm star;
  MPI_Graph_create(MPI_COMM_WORLD, 3, index, edges, 0, &star);
  MPI_Topo_test(star, &st);
  assert(st == MPI_GRAPH);
  MPI_Graph_neighbors_count(star, rank, &nn);
  assert(nn == (rank == 0 ? 2 : 1));
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, nb, 1, MPI_INT, star);
  if (rank == 0)
    assert(nb[0] == 1 && nb[1] == 2);
  else
    assert(nb[0] == 0 && nb[1] == -1);
  MPI_Comm_free(&star);
""", n=3, native=0)
case(C, "graph_one_way_edge", """  int index[2] = {1, 1}, edges[1] = {1}, nb[1], x = rank;
  MPI_Comm g;
  MPI_Graph_create(MPI_COMM_WORLD, 2, index, edges, 0, &g);
  /*@*/MPI_Neighbor_allgather(&x, 1, MPI_INT, nb, 1, MPI_INT, g);
  MPI_Comm_free(&g);
""", "MPI_SIGNATURE_MISMATCH", col=8, proc=1)
case(C, "dist_graph_ring_alltoall_ok", """  int left = (rank + size - 1) % size, right = (rank + 1) % size, got = -1, in, out, w;
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
  MPI_Dist_graph_neighbors_count(ring, &in, &out, &w);
  assert(in == 1 && out == 1 && !w);
  MPI_Neighbor_alltoall(&rank, 1, MPI_INT, &got, 1, MPI_INT, ring);
  assert(got == left);
  MPI_Comm_free(&ring);
""", n=3, native=0)
case(C, "dist_graph_alltoallv_ok", """  int left = (rank + size - 1) % size, right = (rank + 1) % size;
  int sc[1] = {2}, sd[1] = {0}, rc[1] = {2}, rd[1] = {1};
  int two[2] = {rank, 10 * rank}, back[3] = {-1, -1, -1};
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
  MPI_Neighbor_alltoallv(two, sc, sd, MPI_INT, back, rc, rd, MPI_INT, ring);
  assert(back[0] == -1 && back[1] == left && back[2] == 10 * left);
  MPI_Comm_free(&ring);
""", n=3, native=0)
case(C, "dist_graph_inconsistent", """  int to = 1, from = 0; /* rank 0 sends to 1, but 1 does not list 0 */
  MPI_Comm g;
  /*@*/MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, &from, MPI_UNWEIGHTED, rank == 0, &to,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g);
  MPI_Comm_free(&g);
""", "MPI_INVALID_ARGUMENT", col=8, proc=1)
case(C, "neighbor_alltoall_count_mismatch", """  int left = (rank + size - 1) % size, right = (rank + 1) % size, two[2] = {0, 0}, got[2];
  MPI_Comm ring;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                 MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring);
  /*@*/MPI_Neighbor_alltoall(two, rank == 0 ? 2 : 1, MPI_INT, got, 1, MPI_INT, ring);
  MPI_Comm_free(&ring);
""", "MPI_SIGNATURE_MISMATCH", n=3, col=8, proc=2)
case(C, "neighbor_allgather_recv_too_small", """  int dims[1] = {3}, periods[1] = {1}, one = rank, got[1];
  MPI_Comm ring;
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  /*@*/MPI_Neighbor_allgather(&one, 1, MPI_INT, got, 1, MPI_INT, ring);
  MPI_Comm_free(&ring);
""", "OUT_OF_BOUNDS", n=3, col=8, proc=0)

# ------------------------------------------------ environment queries, addresses
case("lifecycle", "get_version_before_init_ok", """  int v = 0, sv = -1, len = 0;
  char lib[MPI_MAX_LIBRARY_VERSION_STRING];
  MPI_Get_version(&v, &sv);
  assert(v == MPI_VERSION && sv >= 0);
  MPI_Get_library_version(lib, &len);
  assert(len > 0 && lib[0] != 0);
""", n=1, native=0, pro="version")
case("lifecycle", "processor_name_ok", """  char name[MPI_MAX_PROCESSOR_NAME];
  int len = -1;
  MPI_Get_processor_name(name, &len);
  assert(len > 0 && name[len] == 0);
""", native=0)
case("lifecycle", "processor_name_before_init", """  char name[MPI_MAX_PROCESSOR_NAME];
  int len;
  /*@*/MPI_Get_processor_name(name, &len);
  MPI_Init(&argc, &argv);
""", "MPI_USAGE", n=1, pro="version", col=8, proc=0)
case("datatypes", "get_address_struct_ok", """  struct P p[2];
  MPI_Aint base, ab, next;
  MPI_Get_address(&p[0], &base);
  MPI_Get_address(&p[0].b, &ab);
  MPI_Get_address(&p[1], &next);
  assert(MPI_Aint_diff(ab, base) == offsetof(struct P, b));
  assert(next - base == (MPI_Aint)sizeof(struct P));
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {0, ab - base};
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, tp;
  MPI_Type_create_struct(2, bl, disp, types, &tp);
  MPI_Type_commit(&tp);
  if (rank == 0) {
    p[0].a = 7;
    p[0].b = 0.5;
    MPI_Send(&p[0], 1, tp, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&p[1], 1, tp, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(p[1].a == 7 && p[1].b == 0.5);
  }
  MPI_Type_free(&tp);
""", pro="struct", native=0)
case("datatypes", "get_address_of_two_objects_unknown", """  int a;
  double b;
  MPI_Aint pa, pb;
  MPI_Get_address(&a, &pa);
  MPI_Get_address(&b, &pb);
  int bl[2] = {1, 1};
  MPI_Aint disp[2] = {0, pb - pa}; /* the distance between two variables: not known */
  MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, tp;
  MPI_Type_create_struct(2, bl, disp, types, &tp);
  MPI_Type_free(&tp);
""", "unknown", n=1)

# ------------------------------------------------ checks of issue 10
C = "lifecycle"
case(C, "request_free_active_send", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    /*@*/MPI_Request_free(&r);
  } else {
    MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
""", "MPI_ACTIVE_REQUEST_FREE", col=10, proc=0)
case(C, "request_free_active_recv", """  int x = 1, y = 0;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r);
    /*@*/MPI_Request_free(&r);
  }
""", "MPI_ACTIVE_REQUEST_FREE", col=10, proc=1)
case(C, "request_free_started_persistent", """  int y = 0;
  MPI_Request r;
  MPI_Recv_init(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
  MPI_Start(&r);
  /*@*/MPI_Request_free(&r);
""", "MPI_ACTIVE_REQUEST_FREE", n=1, col=8, proc=0)
case(C, "request_free_inactive_persistent_ok", """  int x = rank, y = -1;
  MPI_Request r;
  if (rank == 0) {
    MPI_Send_init(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &r);
    MPI_Start(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Request_free(&r);
    assert(r == MPI_REQUEST_NULL);
  } else {
    MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y == 0);
  }
""", native=0)
case(C, "request_free_ibarrier", """  MPI_Request r;
  MPI_Ibarrier(MPI_COMM_WORLD, &r);
  /*@*/MPI_Request_free(&r);
""", "MPI_ACTIVE_REQUEST_FREE", opts="--allow-active-request-free", col=8, proc=0)
C = "invalid"
case(C, "op_replace_in_allreduce", """  int x = rank, s = 0;
  /*@*/MPI_Allreduce(&x, &s, 1, MPI_INT, MPI_REPLACE, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", native=10, col=8, proc=0)
case(C, "op_no_op_in_reduce", """  int x = rank, s = 0;
  /*@*/MPI_Reduce(&x, &s, 1, MPI_INT, MPI_NO_OP, 0, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", native=10, col=8, proc=0)
case(C, "op_sum_on_c_bool", """  _Bool b = 1, s = 0;
  /*@*/MPI_Allreduce(&b, &s, 1, MPI_C_BOOL, MPI_SUM, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", native=10, col=8, proc=0)
case(C, "op_lor_on_c_bool_ok", """  _Bool b = rank == 1, s = 0;
  MPI_Allreduce(&b, &s, 1, MPI_C_BOOL, MPI_LOR, MPI_COMM_WORLD);
  assert(s == 1);
""", native=0)
case(C, "op_bor_on_double", """  double d = 1.0, s = 0;
  /*@*/MPI_Allreduce(&d, &s, 1, MPI_DOUBLE, MPI_BOR, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", native=10, col=8, proc=0)
case(C, "op_bxor_on_byte_ok", """  unsigned char c = (unsigned char)(rank + 1), s = 0;
  MPI_Allreduce(&c, &s, 1, MPI_BYTE, MPI_BXOR, MPI_COMM_WORLD);
  assert(s == 3);
""", native=0)
case(C, "op_sum_on_char", """  char c = 'a', s = 0; /* MPI_CHAR is for printable characters (MPI 3.1 §5.9.2) */
  /*@*/MPI_Allreduce(&c, &s, 1, MPI_CHAR, MPI_SUM, MPI_COMM_WORLD);
""", "MPI_INVALID_OP", col=8, proc=0)
case(C, "op_max_on_derived_bool", """  _Bool b[2] = {1, 0}, s[2];
  MPI_Datatype two;
  MPI_Type_contiguous(2, MPI_C_BOOL, &two);
  MPI_Type_commit(&two);
  /*@*/MPI_Allreduce(b, s, 1, two, MPI_MAX, MPI_COMM_WORLD);
  MPI_Type_free(&two);
""", "MPI_INVALID_OP", col=8, proc=0)
case(C, "recv_null_status", """  int x = rank, y = 0;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  else
    /*@*/MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, NULL);
""", "MPI_INVALID_ARGUMENT", pro="stdlib", col=10, proc=1)
case(C, "test_null_flag", """  int y = 0;
  MPI_Request r;
  MPI_Irecv(&y, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r);
  /*@*/MPI_Test(&r, NULL, MPI_STATUS_IGNORE);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
""", "MPI_INVALID_ARGUMENT", n=1, pro="stdlib", col=8, proc=0)
case(C, "isend_null_request", """  int x = rank;
  /*@*/MPI_Isend(&x, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, NULL);
""", "MPI_INVALID_ARGUMENT", n=1, pro="stdlib", col=8, proc=0)
case(C, "waitall_null_statuses", """  int y[2];
  MPI_Request r[2];
  MPI_Irecv(&y[0], 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r[0]);
  MPI_Irecv(&y[1], 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r[1]);
  /*@*/MPI_Waitall(2, r, NULL);
""", "MPI_INVALID_ARGUMENT", n=1, pro="stdlib", col=8, proc=0)
case(C, "waitall_none_null_arrays_ok", """  MPI_Waitall(0, NULL, MPI_STATUSES_IGNORE);
  int flag = 0;
  MPI_Initialized(&flag);
  assert(flag);
""", n=1, pro="stdlib", native=0)
case(C, "initialized_null_flag", """  /*@*/MPI_Initialized(NULL);
""", "MPI_INVALID_ARGUMENT", n=1, pro="stdlib", col=8, proc=0)
C = "commtypes"
case(C, "int_buffer_as_unsigned", """  int a = 1;
  unsigned b = 0;
  if (rank == 0)
    /*@*/MPI_Send(&a, 1, MPI_UNSIGNED, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(&b, 1, MPI_UNSIGNED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_BUFFER_TYPE_MISMATCH", col=10, proc=0)
case(C, "int_buffer_as_float", """  int a[2] = {1, 2};
  float b[2];
  if (rank == 0)
    /*@*/MPI_Send(a, 2, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(b, 2, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_BUFFER_TYPE_MISMATCH", col=10, proc=0)
case(C, "receive_into_double_as_float", """  float a = 1.5f;
  double b = 0;
  if (rank == 0)
    MPI_Send(&a, 1, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
  else
    /*@*/MPI_Recv(&b, 1, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_BUFFER_TYPE_MISMATCH", col=10, proc=1)
case(C, "bcast_long_as_int", """  long v = 7;
  /*@*/MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
""", "MPI_BUFFER_TYPE_MISMATCH", col=8, proc=0)
case(C, "heap_unsigned_ok", """  unsigned *p = malloc(2 * sizeof(unsigned));
  if (rank == 0) {
    p[0] = 4000000000u;
    p[1] = 1;
    MPI_Send(p, 2, MPI_UNSIGNED, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Recv(p, 2, MPI_UNSIGNED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(p[0] == 4000000000u && p[1] == 1);
    MPI_Send(p, 2, MPI_UNSIGNED, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
  }
  free(p);
""", pro="stdlib", native=0)
case(C, "heap_double_as_float", """  double *p = malloc(sizeof(double));
  float f;
  p[0] = 2.5;
  if (rank == 0)
    /*@*/MPI_Send(p, 1, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(&f, 1, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  free(p);
""", "MPI_BUFFER_TYPE_MISMATCH", pro="stdlib", col=10, proc=0)

# ------------------------------------------- subarray/darray, symbolic colors
C = "datatypes"
case(C, "subarray_c_and_fortran_order_ok", """  int a[4][5], got[6], gotf[6];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      a[i][j] = 10 * i + j;
  int sizes[2] = {4, 5}, subs[2] = {2, 3}, starts[2] = {1, 2};
  MPI_Datatype sub, fsub;
  MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &sub);
  MPI_Type_create_subarray(2, sizes, subs, starts, MPI_ORDER_FORTRAN, MPI_INT, &fsub);
  MPI_Type_commit(&sub);
  MPI_Type_commit(&fsub);
  MPI_Aint lb, ext;
  MPI_Type_get_extent(sub, &lb, &ext);
  assert(lb == 0 && ext == 20 * sizeof(int));
  MPI_Sendrecv(a, 1, sub, rank, 0, got, 6, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(got[0] == 12 && got[2] == 14 && got[3] == 22 && got[5] == 24);
  /* Fortran order: the flat array seen as 5 x 4, column-major */
  MPI_Sendrecv(a, 1, fsub, rank, 0, gotf, 6, MPI_INT, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(gotf[0] == 14 && gotf[1] == 20 && gotf[2] == 23 && gotf[5] == 33);
  MPI_Type_free(&sub);
  MPI_Type_free(&fsub);
""", n=1, native=0)
case(C, "subarray_outside_the_array", """  int sizes[1] = {4}, subs[1] = {3}, starts[1] = {2};
  MPI_Datatype t;
  /*@*/MPI_Type_create_subarray(1, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t);
""", "MPI_INVALID_ARGUMENT", n=1, native=13, col=8, proc=0)
case(C, "darray_block_and_cyclic_ok", """  int g[1] = {8}, blkd[1] = {MPI_DISTRIBUTE_BLOCK}, cycd[1] = {MPI_DISTRIBUTE_CYCLIC};
  int dflt[1] = {MPI_DISTRIBUTE_DFLT_DARG}, two[1] = {2}, ps[1] = {size};
  MPI_Datatype blk, cyc;
  MPI_Type_create_darray(size, rank, 1, g, blkd, dflt, ps, MPI_ORDER_C, MPI_INT, &blk);
  MPI_Type_create_darray(size, rank, 1, g, cycd, two, ps, MPI_ORDER_C, MPI_INT, &cyc);
  MPI_Type_commit(&blk);
  MPI_Type_commit(&cyc);
  int v[8], mine[3] = {-1, -1, -1}, mine2[4] = {-1, -1, -1, -1}, nb, nc;
  for (int i = 0; i < 8; i++)
    v[i] = i;
  MPI_Type_size(blk, &nb);
  MPI_Type_size(cyc, &nc);
  assert(nb == (rank < 2 ? 3 : 2) * (int)sizeof(int) && nc == (rank == 0 ? 4 : 2) * (int)sizeof(int));
  MPI_Sendrecv(v, 1, blk, rank, 1, mine, 3, MPI_INT, rank, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(v, 1, cyc, rank, 2, mine2, 4, MPI_INT, rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  assert(mine[0] == 3 * rank && mine[1] == 3 * rank + 1);
  assert(mine2[0] == 2 * rank && mine2[1] == 2 * rank + 1);
  if (rank == 0)
    assert(mine2[2] == 6 && mine2[3] == 7);
  MPI_Type_free(&blk);
  MPI_Type_free(&cyc);
""", n=3, native=0)
case(C, "darray_grid_of_other_size", """  int g[1] = {8}, d[1] = {MPI_DISTRIBUTE_BLOCK}, a[1] = {MPI_DISTRIBUTE_DFLT_DARG}, ps[1] = {3};
  MPI_Datatype t;
  /*@*/MPI_Type_create_darray(2, rank, 1, g, d, a, ps, MPI_ORDER_C, MPI_INT, &t);
""", "MPI_INVALID_ARGUMENT", native=13, col=8, proc=0)
C = "communicators"
case(C, "split_symbolic_color_ok", """  MPI_Comm part;
  int color = rank == 0 && K > 0 ? K % 3 : 1, ps;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &part);
  MPI_Comm_size(part, &ps);
  if (rank == 0)
    assert(ps == (color == 1 ? size : 1));
  MPI_Comm_free(&part);
""", n=3, pro="input", native=0)
case(C, "split_symbolic_color_wrong", """  MPI_Comm part;
  int color = rank == 0 ? (K > 5) : 1, ps;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &part);
  MPI_Comm_size(part, &ps);
  /*@*/assert(ps == size || rank != 0);
  MPI_Comm_free(&part);
""", "ASSERTION", n=3, pro="input", col=8, proc=0)
case(C, "split_symbolic_color_undefined_ok", """  MPI_Comm part;
  int color = K > 0 ? MPI_UNDEFINED : 0;
  MPI_Comm_split(MPI_COMM_WORLD, color, rank, &part);
  if (part != MPI_COMM_NULL)
    MPI_Comm_free(&part);
""", pro="input", native=0)
case(C, "split_negative_symbolic_color", """  MPI_Comm part;
  /*@*/MPI_Comm_split(MPI_COMM_WORLD, K > 7 ? -3 : rank, 0, &part);
  MPI_Comm_free(&part);
""", "MPI_INVALID_ARGUMENT", pro="input", col=8, proc=0)

# ------------------------------------------- MPI_BYTE, MPI_PACKED, Pack/Unpack
C = "datatypes"
case(C, "pack_unpack_ok", """  char buf[64];
  int pos = 0, n = 0, psz;
  MPI_Pack_size(3, MPI_INT, MPI_COMM_WORLD, &psz);
  assert(psz == 3 * (int)sizeof(int));
  if (rank == 0) {
    int a[3] = {K, -2, 300};
    double d = 2.5;
    MPI_Pack(a, 3, MPI_INT, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Pack(&d, 1, MPI_DOUBLE, buf, 64, &pos, MPI_COMM_WORLD);
    assert(pos == 20);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Status st;
    int a[3];
    double d;
    MPI_Recv(buf, 64, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_PACKED, &n);
    assert(n == 20);
    MPI_Unpack(buf, n, &pos, a, 3, MPI_INT, MPI_COMM_WORLD);
    MPI_Unpack(buf, n, &pos, &d, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    assert(a[0] == K && a[1] == -2 && a[2] == 300 && d == 2.5);
  }
""", pro="input", native=0)
case(C, "pack_unpack_wrong_order", """  char buf[64];
  int pos = 0;
  if (rank == 0) {
    int a = K;
    double d = 0.5;
    MPI_Pack(&d, 1, MPI_DOUBLE, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Pack(&a, 1, MPI_INT, buf, 64, &pos, MPI_COMM_WORLD);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    int a;
    double d;
    MPI_Recv(buf, 64, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /* unpacked in the other order: the bytes of a double read as an int */
    MPI_Unpack(buf, 64, &pos, &a, 1, MPI_INT, MPI_COMM_WORLD);
    MPI_Unpack(buf, 64, &pos, &d, 1, MPI_DOUBLE, MPI_COMM_WORLD);
  }
""", "unknown", pro="input")
case(C, "pack_does_not_fit", """  char b[4];
  int pos = 0, x[2] = {1, 2};
  /*@*/MPI_Pack(x, 2, MPI_INT, b, 4, &pos, MPI_COMM_WORLD);
""", "MPI_INVALID_COUNT", n=1, native=15, col=8, proc=0)
case(C, "packed_received_typed_ok", """  char buf[16];
  int pos = 0;
  if (rank == 0) {
    int a[2] = {5, -6};
    MPI_Pack(a, 2, MPI_INT, buf, 16, &pos, MPI_COMM_WORLD);
    MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);
  } else {
    int a[2];
    MPI_Recv(a, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(a[0] == 5 && a[1] == -6);
  }
""", native=0)
case(C, "typed_received_packed_ok", """  char buf[16];
  int pos = 0;
  if (rank == 0) {
    double d[2] = {0.25, -1.0};
    MPI_Send(d, 2, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
  } else {
    double d[2];
    MPI_Recv(buf, 16, MPI_PACKED, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Unpack(buf, 16, &pos, d, 2, MPI_DOUBLE, MPI_COMM_WORLD);
    assert(d[0] == 0.25 && d[1] == -1.0 && pos == 16);
  }
""", native=0)
case(C, "byte_struct_transfer_ok", """  struct Q { int a; double b; char c; } q = {K, 2.5, 'x'}, r;
  if (rank == 0)
    MPI_Send(&q, sizeof q, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(&r, sizeof r, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(r.a == K && r.b == 2.5 && r.c == 'x');
  }
""", pro="input", native=0)
case(C, "byte_int_array_ok", """  int x[2] = {7, -8}, y[2] = {0, 0};
  if (rank == 0)
    MPI_Send(x, 2 * sizeof(int), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(y, 2 * sizeof(int), MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    assert(y[0] == 7 && y[1] == -8);
  }
""", native=0)
case(C, "byte_received_as_char", """  char x[4] = {'a', 'b', 'c', 0}, y[4];
  if (rank == 0)
    MPI_Send(x, 4, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else
    /*@*/MPI_Recv(y, 4, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_RECV_MISMATCH", col=10, proc=1)
case(C, "byte_wrong_value", """  int x = K, y = 0;
  if (rank == 0)
    MPI_Send(&x, sizeof x, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  else {
    MPI_Recv(&y, sizeof y, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    /*@*/assert(y != 3);
  }
""", "ASSERTION", pro="input", col=10, proc=1)

case("concurrency", "irecv_bytes_rest_of_array_ok", """  int a[4] = {0, 0, 0, 0}, x[2] = {1, 2};
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(x, 2 * sizeof(int), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(a, 2 * sizeof(int), MPI_BYTE, 0, 0, MPI_COMM_WORLD, &r);
    a[3] = 9; /* outside the 8 bytes being received */
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    assert(a[0] == 1 && a[1] == 2 && a[3] == 9);
  }
""", native=0)
case("concurrency", "irecv_bytes_write_too_early", """  int a[4] = {0, 0, 0, 0}, x[2] = {1, 2};
  MPI_Request r;
  if (rank == 0) {
    MPI_Send(x, 2 * sizeof(int), MPI_BYTE, 1, 0, MPI_COMM_WORLD);
  } else {
    MPI_Irecv(a, 2 * sizeof(int), MPI_BYTE, 0, 0, MPI_COMM_WORLD, &r);
    /*@*/a[1] = 9;
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
""", "MPI_LOCAL_CONCURRENCY", col=15, proc=1)

# ------------------------------------------------ handles (issue 10 §1)
# Handles are opaque pointer types as in Open MPI (lib/front/headers/mpi.h):
# NULL is no handle (MPI_COMM_NULL is not NULL), a handle of another kind or
# an integer made a handle is invalid where it is used. Open MPI checks
# communicators and groups (MPI_ERR_COMM = 5, MPI_ERR_GROUP = 9) and crashes
# on a NULL datatype, op or request (exit code 139); it ignores the info
# argument of MPI_Dist_graph_create_adjacent, which MPI 3.1 §9 requires to be
# a valid info handle or MPI_INFO_NULL.
C = "handles"
case(C, "null_initialized_ok", """  MPI_Comm c = NULL;
  MPI_Request r = NULL;
  MPI_Datatype t = 0;
  assert(MPI_COMM_NULL != NULL && MPI_REQUEST_NULL != NULL && MPI_DATATYPE_NULL != 0);
  if (c == NULL)
    MPI_Comm_dup(MPI_COMM_WORLD, &c);
  if (!t)
    t = MPI_INT;
  int x = rank, y = -1;
  MPI_Irecv(&y, 1, t, (rank + size - 1) % size, 0, c, &r);
  MPI_Send(&x, 1, t, (rank + 1) % size, 0, c);
  MPI_Wait(&r, MPI_STATUS_IGNORE);
  assert(r == MPI_REQUEST_NULL && y == (rank + size - 1) % size);
  MPI_Comm_free(&c);
  assert(c == MPI_COMM_NULL && c != NULL);
""", n=3, native=0)
case(C, "static_handles_ok", """  int x = rank, s = 0;
  MPI_Allreduce(&x, &s, 1, types[0], ops[1], world);
  assert(s == size * (size - 1) / 2);
  MPI_Comm *pc = &world;
  assert(*pc == MPI_COMM_WORLD && types[1] == MPI_DOUBLE);
""", n=3, native=0,
     top="static MPI_Comm world = MPI_COMM_WORLD;\nstatic MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE};\nstatic MPI_Op ops[] = {MPI_MAX, MPI_SUM};\n")
case(C, "null_comm_send", """  MPI_Comm c = NULL;
  int x = 1;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, c); /*@*/
  else
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_INVALID_COMM", native=5, col=5, proc=0)
case(C, "null_datatype_allreduce", """  MPI_Datatype t = NULL;
  int x = 1, y;
  MPI_Allreduce(&x, &y, 1, t, MPI_SUM, MPI_COMM_WORLD); /*@*/
""", "MPI_INVALID_DATATYPE", native=139, col=3, proc=0)
case(C, "null_op_allreduce", """  MPI_Op op = NULL;
  int x = 1, y;
  MPI_Allreduce(&x, &y, 1, MPI_INT, op, MPI_COMM_WORLD); /*@*/
""", "MPI_INVALID_OP", native=139, col=3, proc=0)
case(C, "null_request_wait", """  MPI_Request r = NULL;
  MPI_Wait(&r, MPI_STATUS_IGNORE); /*@*/
""", "MPI_INVALID_REQUEST", native=139, col=3, proc=0)
case(C, "null_group_size", """  MPI_Group g = NULL;
  int n;
  MPI_Group_size(g, &n); /*@*/
""", "MPI_INVALID_COMM", native=9, col=3, proc=0)
case(C, "null_info_dist_graph", """  int src = (rank + size - 1) % size, dst = (rank + 1) % size;
  MPI_Comm g;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, MPI_UNWEIGHTED, 1, &dst, MPI_UNWEIGHTED, NULL, 0, &g); /*@*/
  MPI_Comm_free(&g);
""", "MPI_INVALID_ARGUMENT", col=3, proc=0)
case(C, "info_null_dist_graph_ok", """  int src = (rank + size - 1) % size, dst = (rank + 1) % size;
  MPI_Comm g;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &src, MPI_UNWEIGHTED, 1, &dst, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &g);
  int in = -1, out = -1, w = -1;
  MPI_Dist_graph_neighbors_count(g, &in, &out, &w);
  assert(in == 1 && out == 1 && !w);
  MPI_Comm_free(&g);
""", n=3, native=0)
case(C, "integer_as_comm", """  MPI_Comm c = (MPI_Comm)12345;
  MPI_Barrier(c); /*@*/
""", "MPI_INVALID_COMM", col=3, proc=0)
case(C, "datatype_as_comm", """  int x = 1;
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_INT); /*@*/
  else
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
""", "MPI_INVALID_COMM", col=5, proc=0)
case(C, "comm_as_datatype", """  int x = 1;
  MPI_Bcast(&x, 1, (MPI_Datatype)MPI_COMM_WORLD, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_INVALID_DATATYPE", col=3, proc=0)
case(C, "datatype_as_op", """  int x = 1, y;
  MPI_Reduce(&x, &y, 1, MPI_INT, MPI_INT, 0, MPI_COMM_WORLD); /*@*/
""", "MPI_INVALID_OP", col=3, proc=0)
case(C, "handles_through_void_ok", """  void *p = MPI_COMM_WORLD;
  MPI_Comm c = p;
  long v = (long)MPI_INT;
  MPI_Datatype t = (MPI_Datatype)v;
  int x = rank, y = -1;
  MPI_Sendrecv(&x, 1, t, (rank + 1) % size, 0, &y, 1, t, (rank + size - 1) % size, 0, c, MPI_STATUS_IGNORE);
  assert(y == (rank + size - 1) % size);
""", n=2, native=0)

def render(c):
    cat, name, body, expect, n, opts, fin, pro, top, native, line, col, proc = c
    pre = PRO
    if pro == "input":
        pre = PRO.replace("#include <assert.h>\n", "#include <assert.h>\n#pragma TASS input\nint K;\n")
    elif pro == "input_bounded": # K + rank and 2 * K cannot overflow an int
        pre = PRO.replace("#include <assert.h>\n", "#include <assert.h>\n#pragma TASS input {K >= -1000 && K <= 1000}\nint K;\n")
    elif pro == "stdlib":
        pre = PRO.replace("#include <assert.h>\n", "#include <assert.h>\n#include <stdlib.h>\n")
    elif pro == "struct":
        pre = PRO.replace("#include <assert.h>\n", "#include <assert.h>\n#include <stddef.h>\nstruct P { int a; double b; };\n")
    elif pro == "version": # MPI_Init is in the body
        pre = PRO.replace("  MPI_Init(&argc, &argv);\n  MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n  MPI_Comm_size(MPI_COMM_WORLD, &size);\n", "").replace("#include <assert.h>\n", "#include <assert.h>\n#include <stddef.h>\n") + "  (void)rank, (void)size;\n"
        body = body + "  MPI_Init(&argc, &argv);\n" if "MPI_Init" not in body else body
    elif pro == "thread":
        pre = PRO.replace("  MPI_Init(&argc, &argv);\n", "  int prov = -1;\n  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &prov);\n  assert(prov >= MPI_THREAD_SINGLE);\n")
    pre = pre.replace("int main(", top + "int main(")
    src = pre + body + (EPI if fin else "")
    lines = src.split("\n")
    hdr = []
    mode = opts
    if expect == "unknown":
        hdr.append("// RUN: %%expect-exit 2 %%chorus verify %%s -n %d --quiet %s | FileCheck %%s" % (n, mode))
        hdr.append("// CHECK: verdict: unknown")
    elif expect == "verified":
        hdr.append("// RUN: %%expect-exit 0 %%chorus verify %%s -n %d --quiet %s | FileCheck %%s" % (n, mode))
        hdr.append("// CHECK: verdict: verified")
    else:
        hdr.append("// RUN: %%expect-exit 1 %%chorus verify %%s -n %d --quiet %s | FileCheck %%s" % (n, mode))
        at = [i for i, l in enumerate(lines) if "/*@*/" in l]
        if at:
            line = at[0] + 1 + 2 + (native is not None)  # the header lines
        # The location: the line of the /*@*/ marker (or line=, counted in
        # the generated file), the column and the process of the violation;
        # tests/lit/tools/check-locations fails while any of them is missing.
        where = "" if line is None else " at {{.*}}%s.c:%d:" % (name, line)
        if line is not None and col is not None and proc is not None:
            where += "%d (process %d)" % (col, proc)
        hdr.append("// CHECK: verdict: violation %s%s" % (expect, where))
    if native is not None:
        hdr.append("// RUN: %%expect-exit %d %%native -n %d %%s" % (native, n))
    return "\n".join(h.replace("  |", " |") for h in hdr) + "\n" + src

root = sys.argv[1] if len(sys.argv) > 1 else "tests/lit/mpi"
names = set()
for c in cases:
    assert (c[0], c[1]) not in names, c[1]
    names.add((c[0], c[1]))
    d = os.path.join(root, c[0])
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, c[1] + ".c"), "w") as f:
        f.write(render(c))
print(len(cases), "programs")
