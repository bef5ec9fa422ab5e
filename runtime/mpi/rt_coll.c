/* Collective consistency (MPI 3.1 §5.1): the members of a communicator
 * call the same collective operations in the same order, with the same
 * root, the same reduction operation and matching type signatures, and
 * blocking and nonblocking operations do not match each other (§5.12).
 *
 * At each collective operation, member r sends a description of its call
 * (kind, root, operation, datatype, bytes, call site) to member r + 1, on a
 * second duplicate of the communicator kept for these messages, and
 * compares its own call with the description of member r - 1. Equality of
 * every neighbouring pair is equality of all members, at the cost of one
 * small message per member and call, whatever the number of ranks (no
 * collective operation of the tool's: an all-gather of the descriptions
 * doubled the latency of small collective operations). The messages of one
 * pair are matched in order (MPI's non-overtaking rule), so blocking and
 * nonblocking operations are one sequence.
 *
 * A blocking operation waits for the description of member r - 1 before it
 * starts: a difference is reported by member r with both call sites, before
 * its own call can hang or corrupt data, and the job ends. The wait
 * synchronizes a member with its predecessor as a collective operation may
 * (a program that deadlocks only because of it relies on collective
 * operations not synchronizing, which MPI does not promise: the verifier's
 * POTENTIAL_DEADLOCK). A nonblocking operation compares when its request is
 * waited for, or at a later MPI call once the description is in. A
 * description still unreceived at MPI_Finalize is a collective operation
 * member r - 1 called and member r never did (POTENTIAL_DEADLOCK, as the
 * verifier reports it). Datatypes that are not basic types are compared by
 * size only. */
#include "rt_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  K_BARRIER = 1,
  K_BCAST,
  K_REDUCE,
  K_ALLREDUCE,
  K_GATHER,
  K_SCATTER,
  K_ALLGATHER,
  K_ALLTOALL,
  K_SCAN,
  K_EXSCAN,
  K_NONBLOCKING = 10 /* added to the kind of a nonblocking operation */
};
static const char* knames[] = {"",
                               "MPI_Barrier",
                               "MPI_Bcast",
                               "MPI_Reduce",
                               "MPI_Allreduce",
                               "MPI_Gather",
                               "MPI_Scatter",
                               "MPI_Allgather",
                               "MPI_Alltoall",
                               "MPI_Scan",
                               "MPI_Exscan",
                               "MPI_Ibarrier",
                               "MPI_Ibcast",
                               "MPI_Ireduce",
                               "MPI_Iallreduce",
                               "MPI_Igather",
                               "MPI_Iscatter",
                               "MPI_Iallgather",
                               "MPI_Ialltoall",
                               "MPI_Iscan",
                               "MPI_Iexscan"};

/* One member's call: what is compared, and where it is. */
struct desc {
  int32_t kind, root, op, type, bytes, line;
  char file[104]; /* the call site's file (its last characters) */
};

/* Predefined handles are addresses in Open MPI, which differ between
 * processes: they are compared by their index in these tables. */
static int op_code(MPI_Op op) {
  MPI_Op ops[] = {MPI_MAX, MPI_MIN,  MPI_SUM,  MPI_PROD,   MPI_LAND,   MPI_BAND,    MPI_LOR,
                  MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC, MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
  for (int i = 0; i < (int)(sizeof ops / sizeof *ops); ++i)
    if (ops[i] == op)
      return i + 1;
  return 100; /* a user operation */
}

static const char* op_name(int code) {
  static const char* n[] = {"?",        "MPI_MAX",    "MPI_MIN",    "MPI_SUM",     "MPI_PROD",
                            "MPI_LAND", "MPI_BAND",   "MPI_LOR",    "MPI_BOR",     "MPI_LXOR",
                            "MPI_BXOR", "MPI_MAXLOC", "MPI_MINLOC", "MPI_REPLACE", "MPI_NO_OP"};
  return code >= 1 && code <= 14 ? n[code] : "a user operation";
}

static int bytes_of(int count, MPI_Datatype t) {
  int size = 0;
  if (t != MPI_DATATYPE_NULL)
    PMPI_Type_size(t, &size);
  return count * size;
}

static void describe_call(struct desc* d, int kind, int root, MPI_Op op, int count,
                          MPI_Datatype t) {
  d->kind = kind;
  d->root = root;
  d->op = op == MPI_OP_NULL ? 0 : op_code(op);
  d->type = rt_type_code(t);
  d->bytes = bytes_of(count, t);
  d->line = rt_line();
  const char* f = rt_file();
  size_t n = strlen(f);
  snprintf(d->file, sizeof d->file, "%s", n >= sizeof d->file ? f + n - (sizeof d->file - 1) : f);
}

struct rt_coll_check {
  MPI_Request r; /* the description of member me - 1 */
  int me;
  struct desc d, left;
};

/* Sends this member's description on, and posts the receive of its
 * predecessor's (NULL: nothing to compare, e.g. a communicator of one). */
static struct rt_coll_check* start_check(MPI_Comm c, int kind, int root, MPI_Op op, int count,
                                         MPI_Datatype t) {
  MPI_Comm sh = rt_coll_shadow(c);
  if (c == MPI_COMM_NULL || sh == MPI_COMM_NULL) {
    if (c == MPI_COMM_NULL)
      rt_fatal("MPI_INVALID_COMM", "%s on MPI_COMM_NULL", knames[kind]);
    return NULL; /* a communicator the checker does not know (MPI_Comm_create...) */
  }
  int n, me;
  PMPI_Comm_size(c, &n);
  PMPI_Comm_rank(c, &me);
  if (n < 2)
    return NULL;
  struct rt_coll_check* k = malloc(sizeof *k);
  k->me = me;
  describe_call(&k->d, kind, root, op, count, t);
  if (me + 1 < n)
    rt_post(&k->d, (int)sizeof k->d, me + 1, 0, sh);
  if (me == 0) {
    free(k);
    return NULL;
  }
  PMPI_Irecv(&k->left, (int)sizeof k->left, MPI_BYTE, me - 1, 0, sh, &k->r);
  return k;
}

/* The kind of violation when a and b differ, else NULL. */
static const char* difference(const struct desc* a, const struct desc* b) {
  if (a->kind != b->kind)
    return "COLLECTIVE_MISMATCH";
  if (a->root != b->root)
    return "MPI_ROOT_MISMATCH";
  if (a->op != b->op)
    return "MPI_OP_MISMATCH";
  if (a->bytes != b->bytes || (a->type && b->type && a->type != b->type))
    return "MPI_SIGNATURE_MISMATCH";
  return NULL;
}

/* Compares this member's call with its predecessor's; a difference ends the
 * job. */
static void compare(struct rt_coll_check* k) {
  const struct desc *d = &k->d, *o = &k->left;
  const char* kindname = difference(d, o);
  if (!kindname)
    return;
  char what[160] = "";
  if (d->kind != o->kind)
    snprintf(what, sizeof what, "%s here, %s", knames[d->kind], knames[o->kind]);
  else if (d->root != o->root)
    snprintf(what, sizeof what, "%s with root %d here, root %d", knames[d->kind], d->root, o->root);
  else if (d->op != o->op)
    snprintf(what, sizeof what, "%s with %s here, %s", knames[d->kind], op_name(d->op),
             op_name(o->op));
  else
    snprintf(what, sizeof what, "%s of %d bytes here, %d bytes", knames[d->kind], d->bytes,
             o->bytes);
  rt_violation_at(kindname, d->file, d->line, "%s at communicator rank %d (%s:%d)", what, k->me - 1,
                  o->file, o->line);
  fflush(NULL);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  _exit(1);
}

int rt_coll_check_finish(struct rt_coll_check* k, int block) {
  if (!k)
    return 1;
  int done = 1;
  if (block)
    PMPI_Wait(&k->r, MPI_STATUS_IGNORE);
  else
    PMPI_Test(&k->r, &done, MPI_STATUS_IGNORE);
  if (!done)
    return 0;
  compare(k);
  free(k);
  return 1;
}

/* At MPI_Finalize, on the communicator whose check messages travel on sh:
 * a description this member never received is a collective operation its
 * predecessor called and it did not. */
void rt_coll_unmatched(MPI_Comm sh, const char* name) {
  if (sh == MPI_COMM_NULL)
    return;
  for (int round = 0; round < 5; ++round) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, 0, sh, &flag, &st);
    if (flag) {
      struct desc o;
      PMPI_Recv(&o, (int)sizeof o, MPI_BYTE, st.MPI_SOURCE, 0, sh, MPI_STATUS_IGNORE);
      int me = 0;
      PMPI_Comm_rank(sh, &me);
      rt_violation_of("POTENTIAL_DEADLOCK", rt_world_rank_of(sh, st.MPI_SOURCE), o.file, o.line,
                      "%s on %s is never called by communicator rank %d (it reached "
                      "MPI_Finalize); every member must call a collective operation",
                      o.kind >= 1 && o.kind < (int)(sizeof knames / sizeof *knames)
                          ? knames[o.kind]
                          : "a collective operation",
                      name, me);
      return;
    }
    usleep(1000);
  }
}

static struct rt_coll_check** deferred;
static int ndeferred, capdeferred;

void rt_coll_check_defer(struct rt_coll_check* k) {
  if (ndeferred == capdeferred) {
    capdeferred = capdeferred ? 2 * capdeferred : 8;
    deferred = realloc(deferred, sizeof *deferred * (size_t)capdeferred);
  }
  deferred[ndeferred++] = k;
}

void rt_coll_check_poll(void) {
  for (int i = 0; i < ndeferred;)
    if (rt_coll_check_finish(deferred[i], 0))
      deferred[i] = deferred[--ndeferred];
    else
      ++i;
}

void rt_coll_finalize(void) {
  for (int i = 0; i < ndeferred; ++i)
    rt_coll_check_finish(deferred[i], 1);
  ndeferred = 0;
}

static void check(MPI_Comm c, int kind, int root, MPI_Op op, int count, MPI_Datatype t) {
  rt_coll_check_finish(start_check(c, kind, root, op, count, t), 1);
}

#define BLOCKING(name, kind, comm, root, op, count, type, call)                                    \
  do {                                                                                             \
    rt_block_enter(name, -2, 0, comm);                                                             \
    rt_coll_check_poll();                                                                          \
    check(comm, kind, root, op, count, type);                                                      \
    int rc_ = call;                                                                                \
    rt_block_leave();                                                                              \
    return rc_;                                                                                    \
  } while (0)

int MPI_Barrier(MPI_Comm c) {
  BLOCKING("MPI_Barrier", K_BARRIER, c, -1, MPI_OP_NULL, 0, MPI_DATATYPE_NULL, PMPI_Barrier(c));
}

int MPI_Bcast(void* b, int n, MPI_Datatype t, int root, MPI_Comm c) {
  BLOCKING("MPI_Bcast", K_BCAST, c, root, MPI_OP_NULL, n, t, PMPI_Bcast(b, n, t, root, c));
}

int MPI_Reduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c) {
  BLOCKING("MPI_Reduce", K_REDUCE, c, root, op, n, t, PMPI_Reduce(s, r, n, t, op, root, c));
}

int MPI_Allreduce(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  BLOCKING("MPI_Allreduce", K_ALLREDUCE, c, -1, op, n, t, PMPI_Allreduce(s, r, n, t, op, c));
}

int MPI_Scan(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  BLOCKING("MPI_Scan", K_SCAN, c, -1, op, n, t, PMPI_Scan(s, r, n, t, op, c));
}

int MPI_Exscan(const void* s, void* r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) {
  BLOCKING("MPI_Exscan", K_EXSCAN, c, -1, op, n, t, PMPI_Exscan(s, r, n, t, op, c));
}

int MPI_Gather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root,
               MPI_Comm c) {
  BLOCKING("MPI_Gather", K_GATHER, c, root, MPI_OP_NULL, s == MPI_IN_PLACE ? rn : sn,
           s == MPI_IN_PLACE ? rt : st, PMPI_Gather(s, sn, st, r, rn, rt, root, c));
}

int MPI_Scatter(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt, int root,
                MPI_Comm c) {
  BLOCKING("MPI_Scatter", K_SCATTER, c, root, MPI_OP_NULL, r == MPI_IN_PLACE ? sn : rn,
           r == MPI_IN_PLACE ? st : rt, PMPI_Scatter(s, sn, st, r, rn, rt, root, c));
}

int MPI_Allgather(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                  MPI_Comm c) {
  BLOCKING("MPI_Allgather", K_ALLGATHER, c, -1, MPI_OP_NULL, s == MPI_IN_PLACE ? rn : sn,
           s == MPI_IN_PLACE ? rt : st, PMPI_Allgather(s, sn, st, r, rn, rt, c));
}

int MPI_Alltoall(const void* s, int sn, MPI_Datatype st, void* r, int rn, MPI_Datatype rt,
                 MPI_Comm c) {
  BLOCKING("MPI_Alltoall", K_ALLTOALL, c, -1, MPI_OP_NULL, s == MPI_IN_PLACE ? rn : sn,
           s == MPI_IN_PLACE ? rt : st, PMPI_Alltoall(s, sn, st, r, rn, rt, c));
}

/* Nonblocking collective operations (MPI 3.1 §5.12): the description goes
 * out at the call, the comparison happens when the request is waited for. */
#define NONBLOCKING(name, kind, comm, root, op, count, type, sbuf, rbuf, req, call)                \
  do {                                                                                             \
    rt_coll_check_poll();                                                                          \
    rt_buffer_use(name, sbuf, count, type, 0);                                                     \
    rt_buffer_use(name, rbuf, count, type, 1);                                                     \
    struct rt_coll_check* k_ = start_check(comm, (kind) + K_NONBLOCKING, root, op, count, type);   \
    int rc_ = call;                                                                                \
    if (rc_ == MPI_SUCCESS)                                                                        \
      rt_track_collective(*(req), name, comm, k_, sbuf, rbuf, count, type);                        \
    else                                                                                           \
      rt_coll_check_defer(k_);                                                                     \
    return rc_;                                                                                    \
  } while (0)

int MPI_Ibarrier(MPI_Comm c, MPI_Request* r) {
  NONBLOCKING("MPI_Ibarrier", K_BARRIER, c, -1, MPI_OP_NULL, 0, MPI_DATATYPE_NULL, NULL, NULL, r,
              PMPI_Ibarrier(c, r));
}

int MPI_Ibcast(void* b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request* r) {
  int me = -1;
  if (c != MPI_COMM_NULL)
    PMPI_Comm_rank(c, &me);
  NONBLOCKING("MPI_Ibcast", K_BCAST, c, root, MPI_OP_NULL, n, t, me == root ? b : NULL,
              me == root ? NULL : b, r, PMPI_Ibcast(b, n, t, root, c, r));
}

int MPI_Ireduce(const void* s, void* rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c,
                MPI_Request* r) {
  NONBLOCKING("MPI_Ireduce", K_REDUCE, c, root, op, n, t, s, rb, r,
              PMPI_Ireduce(s, rb, n, t, op, root, c, r));
}

int MPI_Iallreduce(const void* s, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
                   MPI_Request* r) {
  NONBLOCKING("MPI_Iallreduce", K_ALLREDUCE, c, -1, op, n, t, s, rb, r,
              PMPI_Iallreduce(s, rb, n, t, op, c, r));
}

int MPI_Iscan(const void* s, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
              MPI_Request* r) {
  NONBLOCKING("MPI_Iscan", K_SCAN, c, -1, op, n, t, s, rb, r, PMPI_Iscan(s, rb, n, t, op, c, r));
}

int MPI_Iexscan(const void* s, void* rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
                MPI_Request* r) {
  NONBLOCKING("MPI_Iexscan", K_EXSCAN, c, -1, op, n, t, s, rb, r,
              PMPI_Iexscan(s, rb, n, t, op, c, r));
}

int MPI_Igather(const void* s, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt, int root,
                MPI_Comm c, MPI_Request* r) {
  NONBLOCKING("MPI_Igather", K_GATHER, c, root, MPI_OP_NULL, s == MPI_IN_PLACE ? rn : sn,
              s == MPI_IN_PLACE ? rt : st, s, NULL, r,
              PMPI_Igather(s, sn, st, rb, rn, rt, root, c, r));
}

int MPI_Iscatter(const void* s, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                 int root, MPI_Comm c, MPI_Request* r) {
  NONBLOCKING("MPI_Iscatter", K_SCATTER, c, root, MPI_OP_NULL, rb == MPI_IN_PLACE ? sn : rn,
              rb == MPI_IN_PLACE ? st : rt, NULL, rb, r,
              PMPI_Iscatter(s, sn, st, rb, rn, rt, root, c, r));
}

int MPI_Iallgather(const void* s, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                   MPI_Comm c, MPI_Request* r) {
  NONBLOCKING("MPI_Iallgather", K_ALLGATHER, c, -1, MPI_OP_NULL, s == MPI_IN_PLACE ? rn : sn,
              s == MPI_IN_PLACE ? rt : st, s, NULL, r,
              PMPI_Iallgather(s, sn, st, rb, rn, rt, c, r));
}

int MPI_Ialltoall(const void* s, int sn, MPI_Datatype st, void* rb, int rn, MPI_Datatype rt,
                  MPI_Comm c, MPI_Request* r) {
  NONBLOCKING("MPI_Ialltoall", K_ALLTOALL, c, -1, MPI_OP_NULL, s == MPI_IN_PLACE ? rn : sn,
              s == MPI_IN_PLACE ? rt : st, s, NULL, r, PMPI_Ialltoall(s, sn, st, rb, rn, rt, c, r));
}
