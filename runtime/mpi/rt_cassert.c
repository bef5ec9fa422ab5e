/* Collective assertions at run time (chorus_rt_assert.h), checked where the
 * data is, with no added synchronization of the program.
 *
 * Semantics (the verifier's, seed 000 Def. 4 and Fig. 2): the k-th
 * collective assertion reached by every rank must be the same one
 * (COLLECTIVE_ORDER), and it must hold for each rank over the composite of
 * the k-th snapshots of all ranks (COLLECTIVE_ASSERTION); a snapshot whose
 * companions never come is COLLECTIVE_INCOMPLETE.
 *
 * Protocol, on a communicator of the tool's own (a duplicate of
 * MPI_COMM_WORLD):
 *  - rank p keeps its recent snapshots (the last CHORUS_RT_WINDOW, default
 *    1024) and, at its k-th snapshot, evaluates the assertion for itself;
 *    the evaluator asks for the k-th snapshot of each rank it reads
 *    (PROC[r]), found by running it: a read of a snapshot not yet here
 *    records the rank, and the evaluation is repeated when the replies have
 *    come (evaluation is lazy: `a && PROC[r].x` reads r only when a holds);
 *  - a request for a snapshot the rank has not reached yet waits for it; at
 *    MPI_Finalize the rank answers the rest "never reached"; a request for
 *    a snapshot older than the window is answered "gone" (that view is not
 *    checked, and the summary says how many were not);
 *  - the ranks make progress on these messages at each of their MPI calls
 *    and snapshots, and at MPI_Finalize until every rank has evaluated all
 *    its views (a nonblocking barrier);
 *  - at MPI_Finalize, ranks that read no other rank are compared too: the
 *    numbers of snapshots (COLLECTIVE_INCOMPLETE) and the sequences of
 *    assertions reached (COLLECTIVE_ORDER), with two reductions.
 * A rank's cost is its own snapshots and views and the requests of the
 * ranks that read it: independent of the number of ranks for expressions
 * that read neighbours (`PROC[left]`, `PROC[right]`). */
#define _GNU_SOURCE
#include "chorus_rt_assert.h"
#include "rt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { TAG_REQ = 1, TAG_REP = 2, MAX_ASSERTS = 4096 };
enum { REP_OK, REP_NONE, REP_GONE, REP_UNCHECKED };

static chorus_rt_cassert* asserts[MAX_ASSERTS];
static int nasserts;
int rt_cassert_active;
static MPI_Comm comm = MPI_COMM_NULL;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Pragmas of one name (label) are one collective assertion: they share the
 * layout of their snapshots, which chorus cc computes per unit; units that
 * disagree on it leave the label unchecked (said at MPI_Init). */
void chorus_rt_cassert_register(chorus_rt_cassert* a) {
  if (nasserts >= MAX_ASSERTS)
    return;
  a->index = nasserts;
  a->label = nasserts;
  int clash = 0;
  for (int i = 0; i < nasserts; ++i)
    if (strcmp(asserts[i]->id, a->id) == 0) {
      a->label = asserts[i]->label;
      clash |= asserts[i]->layout != a->layout || asserts[i]->label < 0;
    }
  asserts[nasserts++] = a;
  for (int i = 0; clash && i < nasserts; ++i)
    if (strcmp(asserts[i]->id, a->id) == 0)
      asserts[i]->label = -1;
}

int chorus_rt_self(void) {
  return rt_rank;
}

static int label_of(int index) {
  return index >= 0 && index < nasserts ? asserts[index]->label : -2;
}

static void* xmalloc(size_t n) {
  void* p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "chorus-rt: out of memory\n");
    abort();
  }
  return p;
}

/* `p` (n elements of `size` bytes, capacity *cap) with room for one more */
static void* grow(void* p, long n, long* cap, size_t size) {
  if (n < *cap)
    return p;
  *cap = *cap ? 2 * *cap : 8;
  void* q = xmalloc((size_t)*cap * size);
  if (n)
    memcpy(q, p, (size_t)n * size);
  free(p);
  return q;
}

/* ---- this rank's snapshots -------------------------------------------- */

typedef struct {
  long seq; /* -1: empty */
  int index, n;
  chorus_rt_value* v;
} kept;
static kept* window;
static long wsize = 1024;
static long count;    /* snapshots made */
static int* sequence; /* assertion index of each snapshot (order check) */
static long seqcap;   /* capacity of sequence */
static int finished;  /* in MPI_Finalize: no more snapshots */
static long views, false_views, gone_views, unreported, unchecked_views;
static int reported[MAX_ASSERTS];
static int order_reported, incomplete_reported;

/* ---- messages --------------------------------------------------------- */

typedef struct outmsg {
  struct outmsg* next;
  MPI_Request req;
  chorus_rt_value buf[];
} outmsg;
static outmsg* outbox;

static void send_values(int to, int tag, const chorus_rt_value* head, int nhead,
                        const chorus_rt_value* v, int n) {
  outmsg* m = xmalloc(sizeof(outmsg) + (size_t)(nhead + n) * sizeof(chorus_rt_value));
  memcpy(m->buf, head, (size_t)nhead * sizeof(chorus_rt_value));
  if (n)
    memcpy(m->buf + nhead, v, (size_t)n * sizeof(chorus_rt_value));
  PMPI_Isend(m->buf, (nhead + n) * (int)sizeof(chorus_rt_value), MPI_BYTE, to, tag, comm, &m->req);
  m->next = outbox;
  outbox = m;
}

static void flush_outbox(int wait) {
  outmsg** p = &outbox;
  while (*p) {
    int done = 1;
    if (wait)
      PMPI_Wait(&(*p)->req, MPI_STATUS_IGNORE);
    else
      PMPI_Test(&(*p)->req, &done, MPI_STATUS_IGNORE);
    if (done) {
      outmsg* d = *p;
      *p = d->next;
      free(d);
    } else {
      p = &(*p)->next;
    }
  }
}

/* reply to `to` about this rank's snapshot `seq` */
static void reply(int to, long seq) {
  chorus_rt_value h[2];
  h[1] = chorus_rt_i(0);
  const kept* k = seq < count ? &window[seq % wsize] : NULL;
  if (k && k->seq == seq && k->n < 0) { /* a pragma not checkable at run time */
    h[0] = chorus_rt_i(seq);
    h[0].kind = REP_UNCHECKED;
    h[1].v.i = k->index;
    send_values(to, TAG_REP, h, 2, NULL, 0);
    return;
  }
  if (k && k->seq == seq) {
    h[0] = chorus_rt_i(seq);
    h[0].kind = REP_OK;
    h[1].v.i = k->index;
    send_values(to, TAG_REP, h, 2, k->v, k->n);
    return;
  }
  h[0] = chorus_rt_i(seq);
  h[0].kind = k ? REP_GONE : REP_NONE;
  send_values(to, TAG_REP, h, 2, NULL, 0);
}

/* requests for snapshots not reached yet */
typedef struct waiting {
  struct waiting* next;
  int from;
  long seq;
} waiting;
static waiting* waiters;

/* ---- this rank's views under evaluation ------------------------------- */

typedef struct {
  int rank, status, index;
  chorus_rt_value* v;
} snapof;

struct rt_eval {
  struct rt_eval* next;
  chorus_rt_cassert* a;
  long seq;
  chorus_rt_value* own;
  snapof* got; /* the snapshots of other ranks received */
  long ngot, capgot;
  int* asked; /* ranks asked */
  long nasked, capasked;
};
static struct rt_eval* evals;

chorus_rt_value chorus_rt_own(chorus_rt_ctx* c, int k) {
  return c->own[k];
}

chorus_rt_value chorus_rt_remote(chorus_rt_ctx* c, chorus_rt_value r, int k) {
  long long rank = r.kind == CHORUS_RT_REAL ? (long long)r.v.f : r.v.i;
  if (r.kind == CHORUS_RT_REAL || rank < 0 || rank >= c->nprocs ||
      (r.kind == CHORUS_RT_UINT && r.v.u >= (unsigned long long)c->nprocs)) {
    rt_eval_error(c, "PROC[%lld]: there is no process %lld (%d processes)", rank, rank, c->nprocs);
    return chorus_rt_i(0);
  }
  if (rank == c->self)
    return c->own[k];
  for (int i = 0; i < c->e->ngot; ++i)
    if (c->e->got[i].rank == rank)
      return c->e->got[i].v[k];
  int known = 0;
  for (int i = 0; i < c->nmissing; ++i)
    known |= c->missing[i] == rank;
  if (!known && c->nmissing < (int)(sizeof c->missing / sizeof c->missing[0]))
    c->missing[c->nmissing++] = (int)rank;
  return chorus_rt_i(0);
}

static void drop(struct rt_eval* e) {
  struct rt_eval** p = &evals;
  while (*p != e)
    p = &(*p)->next;
  *p = e->next;
  for (int i = 0; i < e->ngot; ++i)
    free(e->got[i].v);
  free(e->got);
  free(e->asked);
  free(e->own);
  free(e);
}

/* Evaluates e's view if every snapshot it reads is here; else asks for the
 * missing ones. Returns 1 when e is done (and dropped). */
static int evaluate(struct rt_eval* e) {
  chorus_rt_ctx c;
  c.self = rt_rank;
  c.nprocs = rt_size;
  c.own = e->own;
  c.e = e;
  c.nmissing = 0;
  c.error[0] = 0;
  c.steps = 0;
  int ok = chorus_rt_truth(e->a->eval(&c));
  if (c.nmissing) {
    for (int i = 0; i < c.nmissing; ++i) {
      int seen = 0;
      for (int j = 0; j < e->nasked; ++j)
        seen |= e->asked[j] == c.missing[i];
      if (seen)
        continue;
      e->asked = grow(e->asked, e->nasked, &e->capasked, sizeof(int));
      e->asked[e->nasked++] = c.missing[i];
      chorus_rt_value h = chorus_rt_i(e->seq);
      send_values(c.missing[i], TAG_REQ, &h, 1, NULL, 0);
    }
    return 0;
  }
  ++views;
  chorus_rt_cassert* a = e->a;
  if (c.error[0] || !ok) {
    ++false_views;
    if (reported[a->index]++)
      ++unreported;
    else if (c.error[0])
      rt_violation_at("COLLECTIVE_ASSERTION", a->file, a->line,
                      "collective assertion %s of rank %d cannot be evaluated: %s (its collective "
                      "assertion number %ld)",
                      a->id, rt_rank, c.error, e->seq + 1);
    else
      rt_violation_at("COLLECTIVE_ASSERTION", a->file, a->line,
                      "collective assertion %s of rank %d ('%s') is false (its collective "
                      "assertion number %ld, over the snapshots number %ld of the ranks)",
                      a->id, rt_rank, a->text, e->seq + 1, e->seq + 1);
  }
  drop(e);
  return 1;
}

/* rank `from` answered about its snapshot `seq`, which e reads */
static void received(int from, long seq, int status, int index, const chorus_rt_value* v, int n) {
  struct rt_eval* e = evals;
  while (e && e->seq != seq)
    e = e->next;
  if (!e)
    return;
  chorus_rt_cassert* a = e->a;
  if (status == REP_GONE) {
    ++gone_views;
    drop(e);
    return;
  }
  if (status == REP_UNCHECKED && label_of(index) == a->label) {
    ++unchecked_views;
    drop(e);
    return;
  }
  if (status == REP_NONE) {
    if (!incomplete_reported++)
      rt_violation_at("COLLECTIVE_INCOMPLETE", a->file, a->line,
                      "the program terminated while collective assertion %s was reached by rank "
                      "%d (its collective assertion number %ld) but not by rank %d, whose "
                      "snapshot it reads",
                      a->id, rt_rank, seq + 1, from);
    drop(e);
    return;
  }
  if (label_of(index) != a->label) {
    chorus_rt_cassert* b = index >= 0 && index < nasserts ? asserts[index] : a;
    if (!order_reported++)
      rt_violation_at("COLLECTIVE_ORDER", a->file, a->line,
                      "collective assertions reached in different orders: rank %d reached %s as "
                      "its collective assertion number %ld where rank %d reached %s (%s:%d)",
                      rt_rank, a->id, seq + 1, from, b->id, b->file, b->line);
    drop(e);
    return;
  }
  e->got = grow(e->got, e->ngot, &e->capgot, sizeof(snapof));
  snapof* s = &e->got[e->ngot++];
  s->rank = from;
  s->status = status;
  s->index = index;
  s->v = xmalloc((size_t)n * sizeof(chorus_rt_value));
  if (n)
    memcpy(s->v, v, (size_t)n * sizeof(chorus_rt_value));
  evaluate(e);
}

static void serve(void) {
  for (;;) {
    MPI_Status st;
    int flag = 0;
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, &st);
    if (!flag)
      break;
    int bytes = 0;
    PMPI_Get_count(&st, MPI_BYTE, &bytes);
    int n = bytes / (int)sizeof(chorus_rt_value);
    chorus_rt_value* buf = xmalloc((size_t)bytes);
    PMPI_Recv(buf, bytes, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, comm, MPI_STATUS_IGNORE);
    if (st.MPI_TAG == TAG_REQ) {
      long seq = (long)buf[0].v.i;
      if (seq < count || finished) {
        reply(st.MPI_SOURCE, seq);
      } else {
        waiting* w = xmalloc(sizeof(waiting));
        w->from = st.MPI_SOURCE;
        w->seq = seq;
        w->next = waiters;
        waiters = w;
      }
    } else if (n >= 2) {
      received(st.MPI_SOURCE, (long)buf[0].v.i, buf[0].kind, (int)buf[1].v.i, buf + 2, n - 2);
    }
    free(buf);
  }
  flush_outbox(0);
}

/* answer the requests waiting for snapshots reached now (or never) */
static void answer_waiters(void) {
  waiting** p = &waiters;
  while (*p) {
    if ((*p)->seq < count || finished) {
      waiting* w = *p;
      *p = w->next;
      reply(w->from, w->seq);
      free(w);
    } else {
      p = &(*p)->next;
    }
  }
}

void rt_cassert_poll(void) {
  if (comm == MPI_COMM_NULL || pthread_mutex_trylock(&lock) != 0)
    return;
  serve();
  pthread_mutex_unlock(&lock);
}

void chorus_rt_cassert_snap(chorus_rt_cassert* a, const chorus_rt_value* v) {
  if (comm == MPI_COMM_NULL || a->label < 0)
    return; /* before MPI_Init or after MPI_Finalize: no composite to join */
  pthread_mutex_lock(&lock);
  long seq = count;
  kept* k = &window[seq % wsize];
  free(k->v);
  k->seq = seq;
  k->index = a->index;
  k->n = a->eval ? a->nterms : -1; /* -1: a pragma not checkable at run time */
  k->v = NULL;
  if (a->eval) {
    k->v = xmalloc((size_t)a->nterms * sizeof(chorus_rt_value));
    memcpy(k->v, v, (size_t)a->nterms * sizeof(chorus_rt_value));
  }
  sequence = grow(sequence, seq, &seqcap, sizeof(int));
  sequence[seq] = a->index;
  ++count;
  answer_waiters();
  if (!a->eval) { /* its own view is not checked either */
    ++unchecked_views;
    serve();
    pthread_mutex_unlock(&lock);
    return;
  }
  struct rt_eval* e = xmalloc(sizeof(struct rt_eval));
  memset(e, 0, sizeof *e);
  e->a = a;
  e->seq = seq;
  e->own = xmalloc((size_t)a->nterms * sizeof(chorus_rt_value));
  memcpy(e->own, v, (size_t)a->nterms * sizeof(chorus_rt_value));
  e->next = evals;
  evals = e;
  evaluate(e);
  serve();
  pthread_mutex_unlock(&lock);
}

void rt_cassert_init(void) {
  if (!nasserts)
    return;
  const char* w = getenv("CHORUS_RT_WINDOW");
  if (w && atol(w) > 0)
    wsize = atol(w);
  window = xmalloc((size_t)wsize * sizeof(kept));
  for (long i = 0; i < wsize; ++i) {
    window[i].seq = -1;
    window[i].v = NULL;
  }
  PMPI_Comm_dup(MPI_COMM_WORLD, &comm);
  rt_cassert_active = 1;
  for (int i = 0; i < nasserts; ++i)
    if (asserts[i]->label < 0 && rt_rank == 0)
      fprintf(stderr,
              "chorus-rt: collective assertion %s (%s:%d) is not checked: the units that "
              "contain it were compiled with different terms for it (compile them together)\n",
              asserts[i]->id, asserts[i]->file, asserts[i]->line);
}

/* The ranks that read no other rank are compared here: the numbers of
 * snapshots and the sequences of assertions reached. */
static void compare_sequences(void) {
  long mine[4] = {count, -count, order_reported, incomplete_reported}, all[4];
  PMPI_Allreduce(mine, all, 4, MPI_LONG, MPI_MAX, comm);
  long most = all[0], least = -all[1];
  long common = least;
  /* the sequences up to the shortest: rank 0's, compared by every rank */
  int* first = xmalloc((size_t)(common > 0 ? common : 1) * sizeof(int));
  if (rt_rank == 0 && common)
    memcpy(first, sequence, (size_t)common * sizeof(int));
  long differs = -1;
  if (!all[2] && common) {
    unsigned long uh = 0;
    for (long i = 0; i < common; ++i)
      uh = uh * 1000003u + (unsigned long)label_of(sequence[i]);
    long h = (long)(uh >> 1);
    long hs[2] = {h, -h}, hall[2];
    PMPI_Allreduce(hs, hall, 2, MPI_LONG, MPI_MAX, comm);
    if (hall[0] != -hall[1]) { /* someone's sequence differs: find where */
      PMPI_Bcast(first, (int)common, MPI_INT, 0, comm);
      for (long i = 0; i < common && differs < 0; ++i)
        if (label_of(sequence[i]) != label_of(first[i]))
          differs = i;
    }
  }
  if (differs >= 0) {
    chorus_rt_cassert *a = asserts[sequence[differs]], *b = asserts[first[differs]];
    rt_violation_at("COLLECTIVE_ORDER", a->file, a->line,
                    "collective assertions reached in different orders: rank %d reached %s as its "
                    "collective assertion number %ld where rank 0 reached %s (%s:%d)",
                    rt_rank, a->id, differs + 1, b->id, b->file, b->line);
  }
  free(first);
  if (most != least && !all[3] && !all[2]) {
    long* counts = xmalloc((size_t)rt_size * sizeof(long));
    PMPI_Allgather(&count, 1, MPI_LONG, counts, 1, MPI_LONG, comm);
    int reporter = 0;
    while (counts[reporter] == least)
      ++reporter;
    if (rt_rank == reporter) {
      chorus_rt_cassert* a = asserts[sequence[least]];
      char missing[512] = "";
      int nmissing = 0;
      size_t len = 0;
      for (int q = 0; q < rt_size; ++q)
        if (counts[q] == least) {
          ++nmissing;
          if (len + 16 < sizeof missing)
            len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%d",
                                    nmissing > 1 ? ", " : "", q);
        }
      rt_violation_at("COLLECTIVE_INCOMPLETE", a->file, a->line,
                      "the program terminated while collective assertion %s was reached by rank "
                      "%d (its collective assertion number %ld) but not by rank%s %s (%d of the "
                      "%d ranks)",
                      a->id, rt_rank, least + 1, nmissing == 1 ? "" : "s", missing, nmissing,
                      rt_size);
    }
    free(counts);
  }
}

void rt_cassert_finalize(rt_cassert_summary* sum) {
  memset(sum, 0, sizeof *sum);
  if (comm == MPI_COMM_NULL)
    return;
  pthread_mutex_lock(&lock);
  finished = 1;
  answer_waiters();
  /* until this rank's views are evaluated, then until every rank's are */
  MPI_Request all = MPI_REQUEST_NULL;
  for (int done = 0; !done;) {
    serve();
    if (!evals && all == MPI_REQUEST_NULL)
      PMPI_Ibarrier(comm, &all);
    if (all != MPI_REQUEST_NULL)
      PMPI_Test(&all, &done, MPI_STATUS_IGNORE);
    if (!done)
      usleep(50);
  }
  flush_outbox(1);
  compare_sequences();
  long mine[5] = {views, false_views, gone_views, unreported, unchecked_views};
  PMPI_Reduce(&count, &sum->instances, 1, MPI_LONG, MPI_MAX, 0, comm);
  PMPI_Reduce(mine, &sum->views, 5, MPI_LONG, MPI_SUM, 0, comm);
  PMPI_Comm_free(&comm);
  comm = MPI_COMM_NULL;
  pthread_mutex_unlock(&lock);
}
