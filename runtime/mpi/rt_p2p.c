/* Point-to-point calls and requests.
 * - Invalid arguments (MPI_INVALID_COUNT, _RANK, _TAG, _COMM): reported, then
 *   the job ends, as Open MPI's default error handler would end it without
 *   naming the line.
 * - Requests of nonblocking calls, completed by the MPI_Wait and MPI_Test
 *   families: one never completed is an MPI_REQUEST_LEAK at MPI_Finalize;
 *   MPI_Request_free of an active request is MPI_ACTIVE_REQUEST_FREE.
 * - Type signatures (MPI 3.1 §3.3.1, MPI_RECV_MISMATCH): each send also
 *   sends a description of its signature on the tool's shadow communicator,
 *   with the same destination and tag, numbered per (destination, tag). The
 *   receive that completes a message from source S with tag T takes the next
 *   description from (S, T): MPI's non-overtaking order makes it the one of
 *   that message. A description that does not come (a send the checker did
 *   not see) stops the check of that (S, T) pair; it is never guessed.
 * - Buffers of pending operations (MPI 3.1 §3.7.2, MPI_LOCAL_CONCURRENCY): a
 *   call whose buffer overlaps the buffer of a pending nonblocking
 *   operation, one of them writing it; and the send buffer of a
 *   nonblocking send changed before the send completed (a checksum taken at
 *   the send and at its completion). Only contiguous buffers are compared.
 * - The blocking state the deadlock watchdog reads. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* --------------------------------------------------------------- buffers */
/* The bytes [lo, hi) of count elements of t at b, when they are contiguous. */
static int span(const void* b, int count, MPI_Datatype t, const char** lo, const char** hi) {
  if (!b || b == MPI_IN_PLACE || b == MPI_BOTTOM || count <= 0 || t == MPI_DATATYPE_NULL)
    return 0;
  int size = 0;
  MPI_Aint tlb = 0, text = 0;
  PMPI_Type_size(t, &size);
  PMPI_Type_get_true_extent(t, &tlb, &text);
  if (size <= 0 || text != size)
    return 0; /* holes: not compared */
  *lo = (const char*)b + tlb;
  *hi = *lo + (size_t)count * (size_t)size;
  return 1;
}

static uint64_t checksum(const char* lo, const char* hi) {
  uint64_t h = 1469598103934665603ull;
  size_t n = (size_t)(hi - lo), i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, lo + i, 8);
    h = (h ^ w) * 1099511628211ull;
    h ^= h >> 29;
  }
  for (; i < n; ++i)
    h = (h ^ (uint8_t)lo[i]) * 1099511628211ull;
  return h;
}

/* ------------------------------------------------------------- requests */
enum { R_SEND, R_RECV, R_COLL };
struct req {
  MPI_Request r;
  const char *call, *file;
  int line, peer, tag, kind, count, persistent, active;
  int crank; /* a persistent send's destination in its communicator */
  MPI_Comm comm;
  const char *lo, *hi;   /* the contiguous buffer, or lo == NULL */
  const char *lo2, *hi2; /* a collective's receive buffer */
  uint64_t sum;          /* of a send buffer at the send */
  rt_sig sig;            /* of a receive, taken at the call (the type may be freed) */
  struct rt_coll_check* check;
};
static struct req** reqs;
static int nreqs, capreqs;

static struct req* track(MPI_Request r, const char* call, int kind, int peer, int tag, MPI_Comm c) {
  if (r == MPI_REQUEST_NULL)
    return NULL;
  if (nreqs == capreqs) {
    capreqs = capreqs ? 2 * capreqs : 16;
    reqs = realloc(reqs, sizeof *reqs * (size_t)capreqs);
  }
  struct req* q = calloc(1, sizeof *q);
  *q = (struct req){.r = r,
                    .call = call,
                    .file = rt_file(),
                    .line = rt_line(),
                    .peer = peer,
                    .tag = tag,
                    .kind = kind,
                    .active = 1,
                    .comm = c};
  q->sig.nruns = -1;
  reqs[nreqs++] = q;
  return q;
}

static struct req* lookup(MPI_Request r) {
  if (r == MPI_REQUEST_NULL)
    return NULL;
  for (int i = nreqs - 1; i >= 0; --i)
    if (reqs[i]->r == r)
      return reqs[i];
  return NULL;
}

static void untrack(struct req* q) {
  for (int i = nreqs - 1; i >= 0; --i)
    if (reqs[i] == q) {
      reqs[i] = reqs[--nreqs];
      break;
    }
  if (q->check && !rt_coll_check_finish(q->check, 0))
    rt_coll_check_defer(q->check);
  free(q);
}

static int overlaps(const char* a, const char* b, const char* c, const char* d) {
  return a && c && a < d && c < b;
}

void rt_buffer_use(const char* call, const void* b, int count, MPI_Datatype t, int writes) {
  const char *lo, *hi;
  if (!nreqs || !span(b, count, t, &lo, &hi))
    return;
  for (int i = 0; i < nreqs; ++i) {
    struct req* q = reqs[i];
    if (!q->active)
      continue;
    int qwrites = q->kind == R_RECV, hit = 0;
    if (overlaps(lo, hi, q->lo, q->hi) && (writes || qwrites))
      hit = 1;
    if (overlaps(lo, hi, q->lo2, q->hi2)) /* a collective's receive buffer */
      hit = 1, qwrites = 1;
    if (hit) {
      rt_violation("MPI_LOCAL_CONCURRENCY",
                   "%s %s a buffer that the pending %s (%s:%d) %s: it belongs to MPI until the "
                   "request completes",
                   call, writes ? "writes" : "reads", q->call, q->file, q->line,
                   qwrites ? "receives into" : "sends from");
      return;
    }
  }
}

/* ------------------------------------------------------ signature messages */
/* Numbers per (shadow communicator, peer, tag), in an open hash table. */
struct seq_slot {
  MPI_Comm c;
  int peer, tag, used;
  int32_t next;
};
struct seq_table {
  struct seq_slot* s;
  size_t cap, n;
};
static struct seq_table sent, expected;

static struct seq_slot* slot(struct seq_table* t, MPI_Comm c, int peer, int tag) {
  if (2 * (t->n + 1) > t->cap) {
    struct seq_table g = {calloc(t->cap ? 2 * t->cap : 64, sizeof(struct seq_slot)),
                          t->cap ? 2 * t->cap : 64, 0};
    for (size_t i = 0; i < t->cap; ++i)
      if (t->s[i].used)
        *slot(&g, t->s[i].c, t->s[i].peer, t->s[i].tag) = t->s[i];
    free(t->s);
    *t = g;
  }
  size_t h = ((size_t)(uintptr_t)c * 31 + (size_t)peer) * 1000003u + (size_t)tag;
  for (size_t i = h % t->cap;; i = (i + 1) % t->cap) {
    struct seq_slot* e = &t->s[i];
    if (!e->used) {
      *e = (struct seq_slot){c, peer, tag, 1, 0};
      ++t->n;
      return e;
    }
    if (e->c == c && e->peer == peer && e->tag == tag)
      return e;
  }
}

struct desc {
  int32_t seq, line;
  int64_t count;
  char file[48];
  rt_sig sig; /* only the runs used are sent */
};
static long unchecked; /* receives whose signature could not be compared */

static void post_desc(MPI_Comm c, int dest, int tag, long count, const rt_sig* sig,
                      const char* file, int line) {
  MPI_Comm sh = rt_shadow(c);
  if (dest == MPI_PROC_NULL || sh == MPI_COMM_NULL)
    return;
  struct desc d;
  d.seq = slot(&sent, sh, dest, tag)->next++;
  d.line = line;
  d.count = count;
  size_t n = strlen(file);
  strncpy(d.file, n >= sizeof d.file ? file + n - (sizeof d.file - 1) : file, sizeof d.file - 1);
  d.file[sizeof d.file - 1] = 0;
  d.sig = *sig;
  int bytes = (int)(offsetof(struct desc, sig.runs) +
                    (size_t)(sig->nruns > 0 ? sig->nruns : 0) * sizeof(rt_run));
  rt_post(&d, bytes, dest, tag, sh);
}

static void send_desc(int count, MPI_Datatype t, int dest, int tag, MPI_Comm c) {
  if (dest == MPI_PROC_NULL)
    return;
  rt_sig sig;
  rt_signature(t, &sig);
  post_desc(c, dest, tag, count, &sig, rt_file(), rt_line());
}

/* After a receive of count elements of signature sig completed with st. */
static void check_received(const char* call, int count, const rt_sig* sig, MPI_Comm c,
                           const MPI_Status* st) {
  MPI_Comm sh = rt_shadow(c);
  int cancelled = 0;
  if (st->MPI_SOURCE == MPI_PROC_NULL || st->MPI_SOURCE < 0 || sh == MPI_COMM_NULL)
    return;
  PMPI_Test_cancelled(st, &cancelled);
  if (cancelled)
    return;
  struct seq_slot* e = slot(&expected, sh, st->MPI_SOURCE, st->MPI_TAG);
  if (e->next < 0) { /* this pair lost its order before */
    ++unchecked;
    return;
  }
  int flag = 0;
  MPI_Status ps;
  for (int tries = 0; !flag && tries < 20000; ++tries) { /* ~ 2 s */
    PMPI_Iprobe(st->MPI_SOURCE, st->MPI_TAG, sh, &flag, &ps);
    if (!flag && tries > 100)
      usleep(100);
  }
  if (!flag) {
    e->next = -1;
    ++unchecked;
    return;
  }
  struct desc d;
  PMPI_Recv(&d, (int)sizeof d, MPI_BYTE, st->MPI_SOURCE, st->MPI_TAG, sh, MPI_STATUS_IGNORE);
  if (d.seq != e->next) {
    e->next = -1;
    ++unchecked;
    return;
  }
  ++e->next;
  long at = 0;
  if (rt_sig_prefix(&d.sig, d.count, sig, count, &at))
    return;
  char m[160], r[160];
  rt_sig_describe(&d.sig, d.count, m, sizeof m);
  rt_sig_describe(sig, count, r, sizeof r);
  rt_violation("MPI_RECV_MISMATCH",
               "%s receives %s, a message of %s from rank %d (%s:%d, tag %d): the type "
               "signatures differ at element %ld",
               call, r, m, st->MPI_SOURCE, d.file, d.line, st->MPI_TAG, at);
}

/* A message from src with tag tag still queued on c (never received): the
 * line of its send, from its description on the shadow communicator (the
 * next one expected from (src, tag), as for a receive); 0 when it does not
 * come within ~20 ms or the pair lost its order. */
int rt_pending_send_site(MPI_Comm c, int src, int tag, char* file, size_t n, int* line) {
  MPI_Comm sh = rt_shadow(c);
  if (sh == MPI_COMM_NULL)
    return 0;
  struct seq_slot* e = slot(&expected, sh, src, tag);
  if (e->next < 0)
    return 0;
  int flag = 0;
  MPI_Status ps;
  for (int tries = 0; !flag && tries < 200; ++tries) {
    PMPI_Iprobe(src, tag, sh, &flag, &ps);
    if (!flag && tries > 10)
      usleep(100);
  }
  if (!flag)
    return 0;
  struct desc d;
  PMPI_Recv(&d, (int)sizeof d, MPI_BYTE, src, tag, sh, MPI_STATUS_IGNORE);
  if (d.seq != e->next) {
    e->next = -1;
    return 0;
  }
  ++e->next;
  snprintf(file, n, "%s", d.file);
  *line = d.line;
  return 1;
}

/* A request completed with status st. An inactive persistent request
 * (never started, or already completed) "completes" at once in a Wait or
 * Test with an empty status (MPI 3.1 §3.7.3): nothing was sent or
 * received, so nothing is checked. */
static void completed(struct req* q, const MPI_Status* st) {
  if (!q || (q->persistent && !q->active))
    return;
  if (q->kind == R_RECV)
    check_received(q->call, q->count, &q->sig, q->comm, st);
  if (q->kind == R_SEND && q->lo && checksum(q->lo, q->hi) != q->sum)
    rt_violation("MPI_LOCAL_CONCURRENCY",
                 "the send buffer of %s (%s:%d) was changed before the send completed", q->call,
                 q->file, q->line);
  if (q->persistent)
    q->active = 0;
  else
    untrack(q);
}

void rt_requests_finalize(void) {
  for (int i = 0; i < nreqs; ++i)
    if (!reqs[i]->persistent || reqs[i]->active)
      rt_violation_at("MPI_REQUEST_LEAK", reqs[i]->file, reqs[i]->line,
                      "the request of %s is never completed (MPI_Wait, MPI_Test) or freed",
                      reqs[i]->call);
    else
      rt_violation_at("MPI_REQUEST_LEAK", reqs[i]->file, reqs[i]->line,
                      "the persistent request of %s is never freed", reqs[i]->call);
  rt_post_reap(1);
  if (unchecked)
    fprintf(stderr,
            "chorus-rt: rank %d: %ld received messages whose type signature was not checked "
            "(a send the checker did not see)\n",
            rt_rank, unchecked);
}

void rt_track_collective(MPI_Request r, const char* call, MPI_Comm c, struct rt_coll_check* k,
                         const void* sbuf, const void* rbuf, int count, MPI_Datatype t) {
  struct req* q = track(r, call, R_COLL, -2, 0, c);
  if (!q) {
    if (k)
      rt_coll_check_finish(k, 1);
    return;
  }
  q->check = k;
  const char *lo, *hi;
  if (span(sbuf, count, t, &lo, &hi))
    q->lo = lo, q->hi = hi;
  if (span(rbuf, count, t, &lo, &hi))
    q->lo2 = lo, q->hi2 = hi;
}

/* ------------------------------------------------------------ blocking */
#define SEND(name, pmpi)                                                                           \
  int name(const void* b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c) {                  \
    if (!args_ok(#name, n, dest, tag, c, 0))                                                       \
      return MPI_ERR_ARG;                                                                          \
    rt_buffer_use(#name, b, n, t, 0);                                                              \
    send_desc(n, t, dest, tag, c);                                                                 \
    rt_block_enter(#name, rt_world_rank_of(c, dest), tag, c);                                      \
    int rc = pmpi(b, n, t, dest, tag, c);                                                          \
    rt_block_leave();                                                                              \
    return rc;                                                                                     \
  }
SEND(MPI_Send, PMPI_Send)
SEND(MPI_Ssend, PMPI_Ssend)
SEND(MPI_Bsend, PMPI_Bsend)
SEND(MPI_Rsend, PMPI_Rsend)

static void give_status(MPI_Status* user, const MPI_Status* mine) {
  if (user != MPI_STATUS_IGNORE)
    *user = *mine;
}

int MPI_Recv(void* b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Status* st) {
  if (!args_ok("MPI_Recv", n, src, tag, c, 1))
    return MPI_ERR_ARG;
  rt_buffer_use("MPI_Recv", b, n, t, 1);
  rt_sig sig;
  rt_signature(t, &sig);
  MPI_Status s;
  rt_block_enter("MPI_Recv", src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src), tag, c);
  int rc = PMPI_Recv(b, n, t, src, tag, c, &s);
  rt_block_leave();
  if (rc == MPI_SUCCESS)
    check_received("MPI_Recv", n, &sig, c, &s);
  give_status(st, &s);
  return rc;
}

int MPI_Sendrecv(const void* sb, int sn, MPI_Datatype st, int dest, int stag, void* rb, int rn,
                 MPI_Datatype rtype, int src, int rtag, MPI_Comm c, MPI_Status* status) {
  if (!args_ok("MPI_Sendrecv", sn, dest, stag, c, 0) ||
      !args_ok("MPI_Sendrecv", rn, src, rtag, c, 1))
    return MPI_ERR_ARG;
  rt_buffer_use("MPI_Sendrecv", sb, sn, st, 0);
  rt_buffer_use("MPI_Sendrecv", rb, rn, rtype, 1);
  send_desc(sn, st, dest, stag, c);
  rt_sig sig;
  rt_signature(rtype, &sig);
  MPI_Status s;
  rt_block_enter("MPI_Sendrecv", src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src), rtag, c);
  int rc = PMPI_Sendrecv(sb, sn, st, dest, stag, rb, rn, rtype, src, rtag, c, &s);
  rt_block_leave();
  if (rc == MPI_SUCCESS)
    check_received("MPI_Sendrecv", rn, &sig, c, &s);
  give_status(status, &s);
  return rc;
}

int MPI_Sendrecv_replace(void* b, int n, MPI_Datatype t, int dest, int stag, int src, int rtag,
                         MPI_Comm c, MPI_Status* status) {
  if (!args_ok("MPI_Sendrecv_replace", n, dest, stag, c, 0) ||
      !args_ok("MPI_Sendrecv_replace", n, src, rtag, c, 1))
    return MPI_ERR_ARG;
  rt_buffer_use("MPI_Sendrecv_replace", b, n, t, 1);
  send_desc(n, t, dest, stag, c);
  rt_sig sig;
  rt_signature(t, &sig);
  MPI_Status s;
  rt_block_enter("MPI_Sendrecv_replace", src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src),
                 rtag, c);
  int rc = PMPI_Sendrecv_replace(b, n, t, dest, stag, src, rtag, c, &s);
  rt_block_leave();
  if (rc == MPI_SUCCESS)
    check_received("MPI_Sendrecv_replace", n, &sig, c, &s);
  give_status(status, &s);
  return rc;
}

/* ---------------------------------------------------------- nonblocking */
static void track_send(MPI_Request r, const char* call, const void* b, int n, MPI_Datatype t,
                       int dest, int tag, MPI_Comm c, int persistent) {
  struct req* q = track(r, call, R_SEND, rt_world_rank_of(c, dest), tag, c);
  if (!q)
    return;
  q->count = n;
  q->persistent = persistent;
  q->active = !persistent;
  const char *lo, *hi;
  if (span(b, n, t, &lo, &hi)) {
    q->lo = lo, q->hi = hi;
    if (!persistent)
      q->sum = checksum(lo, hi);
  }
}

static void track_recv(MPI_Request r, const char* call, void* b, int n, MPI_Datatype t, int src,
                       int tag, MPI_Comm c, int persistent) {
  struct req* q =
      track(r, call, R_RECV, src == MPI_ANY_SOURCE ? -1 : rt_world_rank_of(c, src), tag, c);
  if (!q)
    return;
  q->count = n;
  q->persistent = persistent;
  q->active = !persistent;
  rt_signature(t, &q->sig);
  const char *lo, *hi;
  if (span(b, n, t, &lo, &hi))
    q->lo = lo, q->hi = hi;
}

#define ISEND(name, pmpi)                                                                          \
  int name(const void* b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c, MPI_Request* r) {  \
    if (!args_ok(#name, n, dest, tag, c, 0))                                                       \
      return MPI_ERR_ARG;                                                                          \
    rt_buffer_use(#name, b, n, t, 0);                                                              \
    send_desc(n, t, dest, tag, c);                                                                 \
    int rc = pmpi(b, n, t, dest, tag, c, r);                                                       \
    if (rc == MPI_SUCCESS)                                                                         \
      track_send(*r, #name, b, n, t, dest, tag, c, 0);                                             \
    return rc;                                                                                     \
  }
ISEND(MPI_Isend, PMPI_Isend)
ISEND(MPI_Issend, PMPI_Issend)
ISEND(MPI_Ibsend, PMPI_Ibsend)
ISEND(MPI_Irsend, PMPI_Irsend)

int MPI_Irecv(void* b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request* r) {
  if (!args_ok("MPI_Irecv", n, src, tag, c, 1))
    return MPI_ERR_ARG;
  rt_buffer_use("MPI_Irecv", b, n, t, 1);
  int rc = PMPI_Irecv(b, n, t, src, tag, c, r);
  if (rc == MPI_SUCCESS)
    track_recv(*r, "MPI_Irecv", b, n, t, src, tag, c, 0);
  return rc;
}

/* Persistent requests: the description of a send goes at each start. */
#define SEND_INIT(name, pmpi)                                                                      \
  int name(const void* b, int n, MPI_Datatype t, int dest, int tag, MPI_Comm c, MPI_Request* r) {  \
    if (!args_ok(#name, n, dest, tag, c, 0))                                                       \
      return MPI_ERR_ARG;                                                                          \
    int rc = pmpi(b, n, t, dest, tag, c, r);                                                       \
    if (rc == MPI_SUCCESS) {                                                                       \
      track_send(*r, #name, b, n, t, dest, tag, c, 1);                                             \
      struct req* q = lookup(*r);                                                                  \
      if (q) {                                                                                     \
        q->crank = dest; /* the communicator's rank, for the description */                        \
        rt_signature(t, &q->sig);                                                                  \
      }                                                                                            \
    }                                                                                              \
    return rc;                                                                                     \
  }
SEND_INIT(MPI_Send_init, PMPI_Send_init)
SEND_INIT(MPI_Ssend_init, PMPI_Ssend_init)
SEND_INIT(MPI_Bsend_init, PMPI_Bsend_init)
SEND_INIT(MPI_Rsend_init, PMPI_Rsend_init)

int MPI_Recv_init(void* b, int n, MPI_Datatype t, int src, int tag, MPI_Comm c, MPI_Request* r) {
  if (!args_ok("MPI_Recv_init", n, src, tag, c, 1))
    return MPI_ERR_ARG;
  int rc = PMPI_Recv_init(b, n, t, src, tag, c, r);
  if (rc == MPI_SUCCESS)
    track_recv(*r, "MPI_Recv_init", b, n, t, src, tag, c, 1);
  return rc;
}

static void start(MPI_Request r) {
  struct req* q = lookup(r);
  if (!q)
    return;
  if (q->active)
    rt_violation("MPI_INVALID_REQUEST",
                 "MPI_Start of the persistent request of %s (%s:%d) while it is active", q->call,
                 q->file, q->line);
  q->active = 1;
  if (q->kind == R_SEND) {
    post_desc(q->comm, q->crank, q->tag, q->count, &q->sig, q->file, q->line);
    if (q->lo)
      q->sum = checksum(q->lo, q->hi);
  }
}

int MPI_Start(MPI_Request* r) {
  if (r)
    start(*r);
  return PMPI_Start(r);
}

int MPI_Startall(int n, MPI_Request rs[]) {
  for (int i = 0; i < n; ++i)
    start(rs[i]);
  return PMPI_Startall(n, rs);
}

/* ------------------------------------------------------------ completion */
/* Finishes the consistency checks of the nonblocking collectives among rs
 * (block: wait for them, as the wait for the operation itself may). */
static void finish_checks(int n, const MPI_Request rs[], int block) {
  rt_coll_check_poll();
  for (int i = 0; i < n; ++i) {
    struct req* q = lookup(rs[i]);
    if (q && q->check && rt_coll_check_finish(q->check, block))
      q->check = NULL;
  }
}

static struct req* peer_of(int n, const MPI_Request rs[]) {
  for (int i = 0; i < n; ++i) {
    struct req* q = lookup(rs[i]);
    if (q)
      return q;
  }
  return NULL;
}

int MPI_Wait(MPI_Request* r, MPI_Status* st) {
  MPI_Request old = r ? *r : MPI_REQUEST_NULL;
  struct req* q = lookup(old);
  finish_checks(1, &old, 1);
  MPI_Status s;
  rt_block_enter("MPI_Wait", q ? q->peer : -1, q ? q->tag : 0, q ? q->comm : MPI_COMM_WORLD);
  int rc = PMPI_Wait(r, &s);
  rt_block_leave();
  if (rc == MPI_SUCCESS)
    completed(q, &s);
  give_status(st, &s);
  return rc;
}

/* The common part of the calls that complete several requests: old holds
 * the handles before the call; done[i] says which completed. */
static void completed_some(int n, const MPI_Request old[], const int done[], const MPI_Status s[]) {
  for (int i = 0; i < n; ++i)
    if (done[i])
      completed(lookup(old[i]), &s[i]);
}

struct many {
  MPI_Request* old;
  MPI_Status* s;
  int* done;
};

static struct many many_begin(int n, const MPI_Request rs[]) {
  size_t k = (size_t)(n > 0 ? n : 1);
  struct many m = {malloc(sizeof(MPI_Request) * k), malloc(sizeof(MPI_Status) * k),
                   calloc(k, sizeof(int))};
  for (int i = 0; i < n; ++i)
    m.old[i] = rs[i];
  return m;
}

static void many_end(struct many* m, int n, const MPI_Status* user, int all) {
  if (user != MPI_STATUSES_IGNORE && all)
    memcpy((void*)user, m->s, sizeof(MPI_Status) * (size_t)n);
  free(m->old);
  free(m->s);
  free(m->done);
}

int MPI_Waitall(int n, MPI_Request rs[], MPI_Status sts[]) {
  struct many m = many_begin(n, rs);
  struct req* q = peer_of(n, rs);
  finish_checks(n, m.old, 1);
  rt_block_enter("MPI_Waitall", q ? q->peer : -1, q ? q->tag : 0, q ? q->comm : MPI_COMM_WORLD);
  int rc = PMPI_Waitall(n, rs, m.s);
  rt_block_leave();
  if (rc == MPI_SUCCESS) {
    for (int i = 0; i < n; ++i)
      m.done[i] = 1;
    completed_some(n, m.old, m.done, m.s);
  }
  many_end(&m, n, sts, 1);
  return rc;
}

int MPI_Testall(int n, MPI_Request rs[], int* flag, MPI_Status sts[]) {
  struct many m = many_begin(n, rs);
  finish_checks(n, m.old, 0);
  int f = 0;
  int rc = PMPI_Testall(n, rs, &f, m.s);
  if (rc == MPI_SUCCESS && f) {
    for (int i = 0; i < n; ++i)
      m.done[i] = 1;
    completed_some(n, m.old, m.done, m.s);
  }
  if (flag)
    *flag = f;
  many_end(&m, n, sts, f);
  return rc;
}

static int any_common(int n, MPI_Request rs[], int* index, int* flag, MPI_Status* st, int wait) {
  struct many m = many_begin(n, rs);
  struct req* q = peer_of(n, rs);
  finish_checks(n, m.old, wait);
  MPI_Status s;
  int f = 1, rc;
  if (wait) {
    rt_block_enter("MPI_Waitany", q ? q->peer : -1, q ? q->tag : 0, q ? q->comm : MPI_COMM_WORLD);
    rc = PMPI_Waitany(n, rs, index, &s);
    rt_block_leave();
  } else
    rc = PMPI_Testany(n, rs, index, &f, &s);
  if (rc == MPI_SUCCESS && f && *index != MPI_UNDEFINED)
    completed(lookup(m.old[*index]), &s);
  if (flag)
    *flag = f;
  give_status(st, &s);
  many_end(&m, n, MPI_STATUSES_IGNORE, 0);
  return rc;
}

int MPI_Waitany(int n, MPI_Request rs[], int* index, MPI_Status* st) {
  return any_common(n, rs, index, NULL, st, 1);
}

int MPI_Testany(int n, MPI_Request rs[], int* index, int* flag, MPI_Status* st) {
  return any_common(n, rs, index, flag, st, 0);
}

static int some_common(int n, MPI_Request rs[], int* outcount, int idx[], MPI_Status sts[],
                       int wait) {
  struct many m = many_begin(n, rs);
  struct req* q = peer_of(n, rs);
  finish_checks(n, m.old, wait);
  int rc;
  if (wait) {
    rt_block_enter("MPI_Waitsome", q ? q->peer : -1, q ? q->tag : 0, q ? q->comm : MPI_COMM_WORLD);
    rc = PMPI_Waitsome(n, rs, outcount, idx, m.s);
    rt_block_leave();
  } else
    rc = PMPI_Testsome(n, rs, outcount, idx, m.s);
  if (rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
    for (int k = 0; k < *outcount; ++k) {
      completed(lookup(m.old[idx[k]]), &m.s[k]);
      if (sts != MPI_STATUSES_IGNORE)
        sts[k] = m.s[k];
    }
  many_end(&m, n, MPI_STATUSES_IGNORE, 0);
  return rc;
}

int MPI_Waitsome(int n, MPI_Request rs[], int* outcount, int idx[], MPI_Status sts[]) {
  return some_common(n, rs, outcount, idx, sts, 1);
}

int MPI_Testsome(int n, MPI_Request rs[], int* outcount, int idx[], MPI_Status sts[]) {
  return some_common(n, rs, outcount, idx, sts, 0);
}

int MPI_Test(MPI_Request* r, int* flag, MPI_Status* st) {
  MPI_Request old = r ? *r : MPI_REQUEST_NULL;
  finish_checks(1, &old, 0);
  MPI_Status s;
  int f = 0;
  int rc = PMPI_Test(r, &f, &s);
  if (rc == MPI_SUCCESS && f)
    completed(lookup(old), &s);
  if (flag)
    *flag = f;
  if (f)
    give_status(st, &s);
  return rc;
}

int MPI_Request_free(MPI_Request* r) {
  struct req* q = r ? lookup(*r) : NULL;
  if (q) {
    if (q->active)
      rt_violation("MPI_ACTIVE_REQUEST_FREE",
                   "MPI_Request_free of the active request of %s (%s:%d): nothing tells when its "
                   "buffer may be reused",
                   q->call, q->file, q->line);
    untrack(q);
  }
  return PMPI_Request_free(r);
}
