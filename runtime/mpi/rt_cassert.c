/* Collective assertions at run time (chorus_rt_assert.h): the snapshots,
 * the checker and the arithmetic of the generated evaluators.
 *
 * Every rank sends each snapshot (the assertion's index and the values of
 * its terms) without waiting, on a communicator of the tool's own, to the
 * checker on rank 0; nothing synchronizes the program. The checker keeps a
 * queue of snapshots per rank; when every queue has one it takes the heads:
 * the k-th snapshots of all ranks. As in the verifier (seed 000, Def. 4 and
 * Fig. 2): the k-th assertion reached must be the same on every rank
 * (else COLLECTIVE_ORDER), the expression is evaluated for each rank over
 * the composite of the k-th snapshots (else COLLECTIVE_ASSERTION), and a
 * snapshot whose companions never come by MPI_Finalize is
 * COLLECTIVE_INCOMPLETE. Rank 0 drains the messages at each of its own MPI
 * calls and snapshots, and at MPI_Finalize. */
#define _GNU_SOURCE
#include "chorus_rt_assert.h"
#include "rt_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_SNAP = 1, TAG_END = 2, MAX_ASSERTS = 4096, MAX_REPORTS = 10 };

static chorus_rt_cassert* asserts[MAX_ASSERTS];
static int nasserts;
int rt_cassert_active;
static MPI_Comm comm = MPI_COMM_NULL;

void chorus_rt_cassert_register(chorus_rt_cassert* a) {
  if (nasserts < MAX_ASSERTS) {
    a->index = nasserts;
    asserts[nasserts++] = a;
  }
}

/* ---- values ---------------------------------------------------------- */

static void eval_error(chorus_rt_ctx* c, const char* fmt, ...) {
  if (c->error[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->error, sizeof c->error, fmt, ap);
  va_end(ap);
}

static double real(chorus_rt_value a) {
  return a.kind == CHORUS_RT_REAL   ? a.v.f
         : a.kind == CHORUS_RT_UINT ? (double)a.v.u
                                    : (double)a.v.i;
}

int chorus_rt_truth(chorus_rt_value a) {
  return a.kind == CHORUS_RT_REAL ? a.v.f != 0 : a.v.u != 0;
}

chorus_rt_value chorus_rt_neg(chorus_rt_ctx* c, chorus_rt_value a) {
  return chorus_rt_bin(c, CHORUS_RT_SUB, a.kind == CHORUS_RT_REAL ? chorus_rt_f(0) : chorus_rt_i(0),
                       a);
}

chorus_rt_value chorus_rt_compl(chorus_rt_ctx* c, chorus_rt_value a) {
  if (a.kind == CHORUS_RT_REAL) {
    eval_error(c, "'~' applied to a floating value");
    return chorus_rt_i(0);
  }
  a.v.u = ~a.v.u;
  return a;
}

/* C's usual arithmetic conversions on the 64-bit forms. */
chorus_rt_value chorus_rt_bin(chorus_rt_ctx* c, int op, chorus_rt_value a, chorus_rt_value b) {
  if (a.kind == CHORUS_RT_REAL || b.kind == CHORUS_RT_REAL) {
    double x = real(a), y = real(b);
    switch (op) {
    case CHORUS_RT_ADD:
      return chorus_rt_f(x + y);
    case CHORUS_RT_SUB:
      return chorus_rt_f(x - y);
    case CHORUS_RT_MUL:
      return chorus_rt_f(x * y);
    case CHORUS_RT_DIV:
      return chorus_rt_f(x / y);
    case CHORUS_RT_LT:
      return chorus_rt_i(x < y);
    case CHORUS_RT_LE:
      return chorus_rt_i(x <= y);
    case CHORUS_RT_GT:
      return chorus_rt_i(x > y);
    case CHORUS_RT_GE:
      return chorus_rt_i(x >= y);
    case CHORUS_RT_EQ:
      return chorus_rt_i(x == y);
    case CHORUS_RT_NE:
      return chorus_rt_i(x != y);
    default:
      eval_error(c, "an integer operation applied to a floating value");
      return chorus_rt_i(0);
    }
  }
  int uns = a.kind == CHORUS_RT_UINT || b.kind == CHORUS_RT_UINT;
  unsigned long long x = a.v.u, y = b.v.u;
  long long sx = a.v.i, sy = b.v.i;
  if ((op == CHORUS_RT_DIV || op == CHORUS_RT_MOD) && y == 0) {
    eval_error(c, "division by zero");
    return chorus_rt_i(0);
  }
  chorus_rt_value r = uns ? chorus_rt_u(0) : chorus_rt_i(0);
  switch (op) {
  case CHORUS_RT_ADD:
    r.v.u = x + y;
    return r;
  case CHORUS_RT_SUB:
    r.v.u = x - y;
    return r;
  case CHORUS_RT_MUL:
    r.v.u = x * y;
    return r;
  case CHORUS_RT_DIV:
    if (uns)
      r.v.u = x / y;
    else
      r.v.i = (sx == (-9223372036854775807LL - 1) && sy == -1) ? sx : sx / sy;
    return r;
  case CHORUS_RT_MOD:
    if (uns)
      r.v.u = x % y;
    else
      r.v.i = sy == -1 ? 0 : sx % sy;
    return r;
  case CHORUS_RT_SHL:
    r.v.u = y < 64 ? x << y : 0;
    return r;
  case CHORUS_RT_SHR:
    if (uns)
      r.v.u = y < 64 ? x >> y : 0;
    else
      r.v.i = y < 64 ? sx >> y : (sx < 0 ? -1 : 0);
    return r;
  case CHORUS_RT_BAND:
    r.v.u = x & y;
    return r;
  case CHORUS_RT_BOR:
    r.v.u = x | y;
    return r;
  case CHORUS_RT_BXOR:
    r.v.u = x ^ y;
    return r;
  case CHORUS_RT_LT:
    return chorus_rt_i(uns ? x < y : sx < sy);
  case CHORUS_RT_LE:
    return chorus_rt_i(uns ? x <= y : sx <= sy);
  case CHORUS_RT_GT:
    return chorus_rt_i(uns ? x > y : sx > sy);
  case CHORUS_RT_GE:
    return chorus_rt_i(uns ? x >= y : sx >= sy);
  case CHORUS_RT_EQ:
    return chorus_rt_i(x == y);
  case CHORUS_RT_NE:
    return chorus_rt_i(x != y);
  default:
    return r;
  }
}

chorus_rt_value chorus_rt_own(chorus_rt_ctx* c, int k) {
  return c->snaps[c->self][k];
}

chorus_rt_value chorus_rt_remote(chorus_rt_ctx* c, chorus_rt_value r, int k) {
  long long rank = r.kind == CHORUS_RT_REAL ? (long long)r.v.f : r.v.i;
  if (r.kind == CHORUS_RT_REAL || rank < 0 || rank >= c->nprocs ||
      (r.kind == CHORUS_RT_UINT && r.v.u >= (unsigned long long)c->nprocs)) {
    eval_error(c, "PROC[%lld]: there is no process %lld (%d processes)", rank, rank, c->nprocs);
    return chorus_rt_i(0);
  }
  return c->snaps[rank][k];
}

/* ---- snapshots ------------------------------------------------------- */

/* A snapshot: the assertion's index, then its terms. */
typedef struct snap {
  struct snap* next;
  int index;
  long seq; /* k: this rank's k-th snapshot */
  chorus_rt_value v[];
} snap;

static snap **head, **tail; /* rank 0: a queue per rank */
static long* counts;        /* rank 0: snapshots received per rank */
static long sent, checked;
static int reports[MAX_ASSERTS];

typedef struct pending {
  struct pending* next;
  MPI_Request req;
  int n;
  chorus_rt_value buf[];
} pending;
static pending* outbox;

static void enqueue(int rank, int index, const chorus_rt_value* v, int n) {
  snap* s = malloc(sizeof(snap) + (size_t)n * sizeof(chorus_rt_value));
  if (!s)
    abort();
  s->next = NULL;
  s->index = index;
  s->seq = counts[rank]++;
  memcpy(s->v, v, (size_t)n * sizeof(chorus_rt_value));
  if (tail[rank])
    tail[rank]->next = s;
  else
    head[rank] = s;
  tail[rank] = s;
}

static void check_heads(void) {
  for (;;) {
    for (int r = 0; r < rt_size; ++r)
      if (!head[r])
        return;
    snap* first = head[0];
    chorus_rt_cassert* a = asserts[first->index];
    const chorus_rt_value* vals[rt_size];
    int order = 1;
    for (int r = 0; r < rt_size; ++r) {
      vals[r] = head[r]->v;
      if (head[r]->index != first->index && order) {
        chorus_rt_cassert* b = asserts[head[r]->index];
        rt_violation_of("COLLECTIVE_ORDER", r, b->file, b->line,
                        "collective assertions reached in different orders: rank %d reached %s "
                        "as its collective assertion number %ld where rank 0 reached %s (%s:%d)",
                        r, b->id, head[r]->seq + 1, a->id, a->file, a->line);
        order = 0;
      }
    }
    if (order) {
      ++checked;
      for (int self = 0; self < rt_size; ++self) {
        chorus_rt_ctx c;
        c.self = self;
        c.nprocs = rt_size;
        c.nterms = a->nterms;
        c.snaps = (const chorus_rt_value* const*)vals;
        c.error[0] = 0;
        int ok = chorus_rt_truth(a->eval(&c));
        if (c.error[0] || !ok) {
          if (reports[a->index]++ >= MAX_REPORTS)
            continue;
          if (c.error[0])
            rt_violation_of("COLLECTIVE_ASSERTION", self, a->file, a->line,
                            "collective assertion %s of rank %d cannot be evaluated: %s "
                            "(instance %ld)",
                            a->id, self, c.error, first->seq + 1);
          else
            rt_violation_of("COLLECTIVE_ASSERTION", self, a->file, a->line,
                            "collective assertion %s of rank %d ('%s') is false at its instance "
                            "%ld (the composite of the ranks' snapshots number %ld)",
                            a->id, self, a->text, first->seq + 1, first->seq + 1);
        }
      }
    }
    for (int r = 0; r < rt_size; ++r) {
      snap* s = head[r];
      head[r] = s->next;
      if (!head[r])
        tail[r] = NULL;
      free(s);
    }
  }
}

/* rank 0: take what has arrived; blocking: until every other rank's END */
static int ends;
static void receive(int block) {
  for (;;) {
    if (block && ends == rt_size - 1)
      return;
    MPI_Status st;
    int flag = 1;
    if (block)
      PMPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &st);
    else
      PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, &st);
    if (!flag)
      return;
    int bytes = 0;
    PMPI_Get_count(&st, MPI_BYTE, &bytes);
    chorus_rt_value* buf = malloc((size_t)bytes + sizeof(chorus_rt_value));
    if (!buf)
      abort();
    PMPI_Recv(buf, bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, comm, MPI_STATUS_IGNORE);
    if (st.MPI_TAG == TAG_END) {
      ++ends;
    } else {
      int n = bytes / (int)sizeof(chorus_rt_value) - 1;
      enqueue(st.MPI_SOURCE, (int)buf[0].v.i, buf + 1, n);
      check_heads();
    }
    free(buf);
  }
}

void rt_cassert_poll(void) {
  if (rt_rank == 0 && comm != MPI_COMM_NULL)
    receive(0);
}

static void flush_outbox(int wait) {
  pending** p = &outbox;
  while (*p) {
    int done = 0;
    if (wait)
      PMPI_Wait(&(*p)->req, MPI_STATUS_IGNORE), done = 1;
    else
      PMPI_Test(&(*p)->req, &done, MPI_STATUS_IGNORE);
    if (done) {
      pending* d = *p;
      *p = d->next;
      free(d);
    } else {
      p = &(*p)->next;
    }
  }
}

void chorus_rt_cassert_snap(chorus_rt_cassert* a, const chorus_rt_value* v) {
  if (comm == MPI_COMM_NULL)
    return; /* before MPI_Init or after MPI_Finalize: no composite to join */
  ++sent;
  if (rt_rank == 0) {
    enqueue(0, a->index, v, a->nterms);
    receive(0);
    check_heads();
    return;
  }
  pending* p = malloc(sizeof(pending) + (size_t)(a->nterms + 1) * sizeof(chorus_rt_value));
  if (!p)
    abort();
  p->buf[0] = chorus_rt_i(a->index);
  memcpy(p->buf + 1, v, (size_t)a->nterms * sizeof(chorus_rt_value));
  PMPI_Isend(p->buf, (a->nterms + 1) * (int)sizeof(chorus_rt_value), MPI_BYTE, 0, TAG_SNAP, comm,
             &p->req);
  p->next = outbox;
  outbox = p;
  flush_outbox(0);
}

void rt_cassert_init(void) {
  if (!nasserts)
    return;
  PMPI_Comm_dup(MPI_COMM_WORLD, &comm);
  rt_cassert_active = 1;
  if (rt_rank == 0) {
    head = calloc((size_t)rt_size, sizeof *head);
    tail = calloc((size_t)rt_size, sizeof *tail);
    counts = calloc((size_t)rt_size, sizeof *counts);
    if (!head || !tail || !counts)
      abort();
  }
}

/* Every rank: its last snapshots reach the checker; rank 0: the snapshots
 * whose companions never came are reported. Returns the number of
 * composites checked (rank 0). */
long rt_cassert_finalize(void) {
  if (comm == MPI_COMM_NULL)
    return 0;
  if (rt_rank != 0) {
    PMPI_Send(&sent, 1, MPI_LONG, 0, TAG_END, comm);
    flush_outbox(1);
  } else {
    if (rt_size > 1)
      receive(1);
    check_heads();
    for (int r = 0; r < rt_size; ++r)
      if (head[r]) {
        chorus_rt_cassert* a = asserts[head[r]->index];
        char missing[512] = "";
        int nmissing = 0;
        size_t len = 0;
        for (int q = 0; q < rt_size; ++q)
          if (!head[q]) {
            ++nmissing;
            if (len + 16 < sizeof missing)
              len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%d",
                                      nmissing > 1 ? ", " : "", q);
          }
        rt_violation_of("COLLECTIVE_INCOMPLETE", r, a->file, a->line,
                        "the program terminated while collective assertion %s was reached by "
                        "rank %d (its collective assertion number %ld) but not by rank%s %s (%d "
                        "of the %d ranks)",
                        a->id, r, head[r]->seq + 1, nmissing == 1 ? "" : "s", missing, nmissing,
                        rt_size);
        break;
      }
  }
  PMPI_Comm_free(&comm);
  comm = MPI_COMM_NULL;
  return checked;
}
