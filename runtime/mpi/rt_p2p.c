/* Point-to-point calls: invalid arguments (MPI_INVALID_COUNT, _RANK, _TAG,
 * _COMM: reported, then the job ends, as Open MPI's default error handler
 * would end it without naming the line), the requests of nonblocking calls (created here, completed
 * by MPI_Wait/MPI_Waitall/MPI_Test: one never completed is an MPI_REQUEST_LEAK at MPI_Finalize;
 * MPI_Request_free of an active request is MPI_ACTIVE_REQUEST_FREE, as in the verifier), and the
 * blocking state the deadlock watchdog reads. */
#include "rt_internal.h"

#include <stdlib.h>

/* ------------------------------------------------------------ arguments */
static int args_ok(const char* call, int count, int peer, int tag, MPI_Comm c, int recv) {
  if (c == MPI_COMM_NULL) {
    rt_fatal("MPI_INVALID_COMM", "%s on MPI_COMM_NULL", call);
    return 0;
  }
  if (count < 0) {
    rt_fatal("MPI_INVALID_COUNT", "%s with count %d", call, count);
    return 0;
  }
  int n = 0;
  PMPI_Comm_size(c, &n);
  if (!(peer == MPI_PROC_NULL || (recv && peer == MPI_ANY_SOURCE) || (peer >= 0 && peer < n))) {
    rt_fatal("MPI_INVALID_RANK", "%s with %s rank %d in a communicator of %d", call,
             recv ? "source" : "destination", peer, n);
    return 0;
  }
  static int tag_ub = -1;
  if (tag_ub < 0) {
    int *ub = NULL, flag = 0;
    PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &ub, &flag);
    tag_ub = flag ? *ub : 32767;
  }
  if (!((recv && tag == MPI_ANY_TAG) || (tag >= 0 && tag <= tag_ub))) {
    rt_fatal("MPI_INVALID_TAG", "%s with tag %d (0 .. %d%s)", call, tag, tag_ub,
             recv ? " or MPI_ANY_TAG" : "");
    return 0;
  }
  return 1;
}

/* ------------------------------------------------------------- requests */
struct req {
  MPI_Request r;
  const char *call, *file;
  int line, peer, tag;
  MPI_Comm comm;
};
static struct req* reqs;
static int nreqs, capreqs;

static void track(MPI_Request r, const char* call, int peer, int tag, MPI_Comm c) {
  if (r == MPI_REQUEST_NULL)
    return;
  if (nreqs == capreqs) {
    capreqs = capreqs ? 2 * capreqs : 16;
    reqs = realloc(reqs, sizeof *reqs * (size_t)capreqs);
  }
  reqs[nreqs++] = (struct req){r, call, rt_file(), rt_line(), peer, tag, c};
}

static struct req* lookup(MPI_Request r) {
  for (int i = nreqs - 1; i >= 0; --i)
    if (reqs[i].r == r)
      return &reqs[i];
  return NULL;
}

static void untrack(MPI_Request r) {
  struct req* q = lookup(r);
  if (q)
    *q = reqs[--nreqs];
}

void rt_requests_finalize(void) {
  for (int i = 0; i < nreqs; ++i)
    rt_violation_at("MPI_REQUEST_LEAK", reqs[i].file, reqs[i].line,
                    "the request of %s is never completed (MPI_Wait, MPI_Test) or freed",
                    reqs[i].call);
}

/* ------------------------------------------------------------ blocking */
#define SEND(name, pmpi)                                                                           \
  int name(const void* b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c) {                  \
    if (!args_ok(#name, n, dest, tag, c, 0))                                                       \
      return MPI_ERR_ARG;                                                                          \
    rt_block_enter(#name, rt_world_rank_of(c, dest), tag, c);                                      \
    int rc = pmpi(b, n, t, dest, tag, c);                                                          \
    rt_block_leave();                                                                              \
    return rc;                                                                                     \
  }
SEND(MPI_Send, PMPI_Send)
SEND(MPI_Ssend, PMPI_Ssend)
SEND(MPI_Bsend, PMPI_Bsend)
SEND(MPI_Rsend, PMPI_Rsend)

int MPI_Recv(void* b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status* st) {
  if (!args_ok("MPI_Recv", n, src, tag, c, 1))
    return MPI_ERR_ARG;
  rt_block_enter("MPI_Recv", src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src), tag, c);
  int rc = PMPI_Recv(b, n, t, src, tag, c, st);
  rt_block_leave();
  return rc;
}

int MPI_Sendrecv(const void* sb, int sn, MPI_Datatype st, int dest, int stag, void* rb, int rn,
                 MPI_Datatype rtype, int src, int rtag, MPI_Comm c, MPI_Status* status) {
  if (!args_ok("MPI_Sendrecv", sn, dest, stag, c, 0) ||
      !args_ok("MPI_Sendrecv", rn, src, rtag, c, 1))
    return MPI_ERR_ARG;
  rt_block_enter("MPI_Sendrecv", src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src), rtag, c);
  int rc = PMPI_Sendrecv(sb, sn, st, dest, stag, rb, rn, rtype, src, rtag, c, status);
  rt_block_leave();
  return rc;
}

/* ---------------------------------------------------------- nonblocking */
#define ISEND(name, pmpi)                                                                          \
  int name(const void* b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c, MPI_Request* r) {  \
    if (!args_ok(#name, n, dest, tag, c, 0))                                                       \
      return MPI_ERR_ARG;                                                                          \
    int rc = pmpi(b, n, t, dest, tag, c, r);                                                       \
    if (rc == MPI_SUCCESS)                                                                         \
      track(*r, #name, rt_world_rank_of(c, dest), tag, c);                                         \
    return rc;                                                                                     \
  }
ISEND(MPI_Isend, PMPI_Isend)
ISEND(MPI_Issend, PMPI_Issend)
ISEND(MPI_Ibsend, PMPI_Ibsend)
ISEND(MPI_Irsend, PMPI_Irsend)

int MPI_Irecv(void* b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request* r) {
  if (!args_ok("MPI_Irecv", n, src, tag, c, 1))
    return MPI_ERR_ARG;
  int rc = PMPI_Irecv(b, n, t, src, tag, c, r);
  if (rc == MPI_SUCCESS)
    track(*r, "MPI_Irecv", src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src), tag, c);
  return rc;
}

int MPI_Wait(MPI_Request* r, MPI_Status* st) {
  MPI_Request old = r ? *r : MPI_REQUEST_NULL;
  struct req* q = lookup(old);
  rt_block_enter("MPI_Wait", q ? q->peer : -1, q ? q->tag : 0, q ? q->comm : MPI_COMM_WORLD);
  int rc = PMPI_Wait(r, st);
  rt_block_leave();
  if (rc == MPI_SUCCESS)
    untrack(old);
  return rc;
}

int MPI_Waitall(int n, MPI_Request rs[], MPI_Status sts[]) {
  struct req* q = NULL;
  for (int i = 0; i < n && !q; ++i)
    q = lookup(rs[i]);
  MPI_Request* old = malloc(sizeof *old * (size_t)(n > 0 ? n : 1));
  for (int i = 0; i < n; ++i)
    old[i] = rs[i];
  rt_block_enter("MPI_Waitall", q ? q->peer : -1, q ? q->tag : 0, q ? q->comm : MPI_COMM_WORLD);
  int rc = PMPI_Waitall(n, rs, sts);
  rt_block_leave();
  if (rc == MPI_SUCCESS)
    for (int i = 0; i < n; ++i)
      untrack(old[i]);
  free(old);
  return rc;
}

int MPI_Test(MPI_Request* r, int* flag, MPI_Status* st) {
  MPI_Request old = r ? *r : MPI_REQUEST_NULL;
  int rc = PMPI_Test(r, flag, st);
  if (rc == MPI_SUCCESS && flag && *flag)
    untrack(old);
  return rc;
}

int MPI_Request_free(MPI_Request* r) {
  struct req* q = r ? lookup(*r) : NULL;
  if (q) {
    rt_violation("MPI_ACTIVE_REQUEST_FREE",
                 "MPI_Request_free of the active request of %s (%s:%d): nothing tells when its "
                 "buffer may be reused",
                 q->call, q->file, q->line);
    untrack(*r);
  }
  return PMPI_Request_free(r);
}
