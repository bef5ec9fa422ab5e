/* Collective consistency (MPI 3.1 §5.1): the members of a communicator
 * call the same collective operations in the same order, with the same
 * root, the same reduction operation and matching type signatures. Before
 * each blocking collective operation, the members exchange a description
 * of their call (MPI_Allgather on the tool's shadow communicator); the
 * lowest rank that sees a difference reports it with both call sites and
 * ends the job (going on would hang or corrupt data). The check
 * synchronizes the members, as a collective operation may: a program that
 * deadlocks only because of it relies on collective operations not
 * synchronizing, which MPI does not promise (the verifier's
 * POTENTIAL_DEADLOCK). */
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
  K_EXSCAN
};
static const char* knames[] = {
    "",           "MPI_Barrier", "MPI_Bcast",     "MPI_Reduce",   "MPI_Allreduce",
    "MPI_Gather", "MPI_Scatter", "MPI_Allgather", "MPI_Alltoall", "MPI_Scan",
    "MPI_Exscan"};

/* One member's call: what is compared, and where it is. */
struct desc {
  int32_t kind, root, op, type, bytes, line;
  uint32_t file; /* hash of the file name */
};

static uint32_t hash(const char* s) {
  uint32_t h = 2166136261u;
  for (; *s; ++s)
    h = (h ^ (uint8_t)*s) * 16777619u;
  return h;
}

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

static int type_code(MPI_Datatype t) {
  MPI_Datatype ts[] = {MPI_CHAR,      MPI_SIGNED_CHAR,    MPI_UNSIGNED_CHAR, MPI_BYTE,
                       MPI_SHORT,     MPI_UNSIGNED_SHORT, MPI_INT,           MPI_UNSIGNED,
                       MPI_LONG,      MPI_UNSIGNED_LONG,  MPI_LONG_LONG,     MPI_UNSIGNED_LONG_LONG,
                       MPI_FLOAT,     MPI_DOUBLE,         MPI_LONG_DOUBLE,   MPI_C_BOOL,
                       MPI_FLOAT_INT, MPI_DOUBLE_INT,     MPI_LONG_INT,      MPI_2INT,
                       MPI_SHORT_INT, MPI_LONG_DOUBLE_INT};
  for (int i = 0; i < (int)(sizeof ts / sizeof *ts); ++i)
    if (ts[i] == t)
      return i + 1;
  return 0; /* derived: compared by size only */
}

static int bytes_of(int count, MPI_Datatype t) {
  int size = 0;
  if (t != MPI_DATATYPE_NULL)
    PMPI_Type_size(t, &size);
  return count * size;
}

static void check(MPI_Comm c, int kind, int root, MPI_Op op, int count, MPI_Datatype t) {
  MPI_Comm sh = rt_shadow(c);
  if (c == MPI_COMM_NULL || sh == MPI_COMM_NULL) {
    if (c == MPI_COMM_NULL)
      rt_fatal("MPI_INVALID_COMM", "%s on MPI_COMM_NULL", knames[kind]);
    return; /* a communicator the checker does not know (MPI_Comm_create...) */
  }
  int n = 0, me = 0;
  PMPI_Comm_size(c, &n);
  PMPI_Comm_rank(c, &me);
  struct desc d = {kind,
                   root,
                   op == MPI_OP_NULL ? 0 : op_code(op),
                   type_code(t),
                   bytes_of(count, t),
                   rt_line(),
                   hash(rt_file())};
  struct desc* all = malloc(sizeof d * (size_t)n);
  PMPI_Allgather(&d, (int)sizeof d, MPI_BYTE, all, (int)sizeof d, MPI_BYTE, sh);
  int first = -1; /* the lowest member that differs from member 0 */
  const char* kindname = NULL;
  for (int i = 1; i < n && first < 0; ++i) {
    const struct desc *a = &all[0], *b = &all[i];
    if (a->kind != b->kind)
      kindname = "COLLECTIVE_MISMATCH";
    else if (a->root != b->root)
      kindname = "MPI_ROOT_MISMATCH";
    else if (a->op != b->op)
      kindname = "MPI_OP_MISMATCH";
    else if (a->bytes != b->bytes || (a->type && b->type && a->type != b->type))
      kindname = "MPI_SIGNATURE_MISMATCH";
    if (kindname)
      first = i;
  }
  if (first < 0) {
    free(all);
    return;
  }
  if (me != 0) { /* member 0 reports; the others wait for the end */
    free(all);
    PMPI_Barrier(sh);
    sleep(5);
    PMPI_Abort(MPI_COMM_WORLD, 1);
    _exit(1);
  }
  const struct desc *a = &all[0], *b = &all[first], *o = b;
  int other = first;
  char where[64];
  if (o->file == hash(rt_file()))
    snprintf(where, sizeof where, "%s:%d", rt_file(), o->line);
  else
    snprintf(where, sizeof where, "line %d of another file", o->line);
  char what[160] = "";
  if (a->kind != b->kind)
    snprintf(what, sizeof what, "%s here, %s", knames[d.kind], knames[o->kind]);
  else if (a->root != b->root)
    snprintf(what, sizeof what, "%s with root %d here, root %d", knames[kind], d.root, o->root);
  else if (a->op != b->op)
    snprintf(what, sizeof what, "%s with %s here, %s", knames[kind], op_name(d.op), op_name(o->op));
  else
    snprintf(what, sizeof what, "%s of %d bytes here, %d bytes", knames[kind], d.bytes, o->bytes);
  free(all);
  rt_violation(kindname, "%s at communicator rank %d (%s)", what, other, where);
  PMPI_Barrier(sh);
  fflush(NULL);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  _exit(1);
}

#define BLOCKING(name, kind, comm, root, op, count, type, call)                                    \
  do {                                                                                             \
    rt_block_enter(name, -2, 0, comm);                                                             \
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
