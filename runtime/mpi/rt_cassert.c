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
 *  - an array term (an array whose element is read at an index the checker
 *    computes: `a[i]` under a quantifier, `PROC[0].a[rank]`) is copied
 *    whole into the snapshot; a reader asks for the elements it reads, not
 *    for the array (CHORUS_RT_WINDOW_BYTES, default 256 MiB, bounds the
 *    arrays kept: older snapshots lose theirs, and the views that read them
 *    are counted as not checked).
 *  - requests for a rank's snapshots go up a tree of relays rooted at it
 *    (below), so no rank answers more than two others per rank it serves.
 * A rank's cost is its own snapshots and views and the requests of at most
 * two children in each tree it is part of: independent of the number of
 * ranks for expressions over neighbours (`PROC[left]`, `PROC[right]`) and
 * over a fixed rank (`PROC[0]`). */
#define _GNU_SOURCE
#include "chorus_rt_assert.h"
#include "rt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { TAG_REQ = 1, TAG_REP = 2, TAG_EREQ = 3, TAG_EREP = 4, MAX_ASSERTS = 4096 };

/* CHORUS_RT_STATS: the CPU time this rank's thread spends checking
 * collective assertions (snapshots, views, serving and relaying requests;
 * not the waiting at MPI_Finalize), for the summary's cost per rank */
static int timing;
static long long check_ns;
static long long cpu_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}
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

/* ---- arrays in snapshots ---------------------------------------------- */

static long array_bytes;               /* of the arrays alive */
static long array_budget = 256L << 20; /* CHORUS_RT_WINDOW_BYTES */

chorus_rt_array* chorus_rt_array_new(long n) {
  size_t bytes = sizeof(chorus_rt_array) + (size_t)(n > 0 ? n : 0) * sizeof(chorus_rt_value);
  chorus_rt_array* a = xmalloc(bytes);
  a->refs = 1;
  a->n = n;
  __atomic_add_fetch(&array_bytes, (long)bytes, __ATOMIC_RELAXED);
  return a;
}

static chorus_rt_array* array_of(chorus_rt_value v) {
  return v.kind == CHORUS_RT_ARRAY ? (chorus_rt_array*)(uintptr_t)v.v.u : NULL;
}

static void retain_arrays(chorus_rt_value* v, int n) {
  for (int i = 0; v && i < n; ++i)
    if (array_of(v[i]))
      ++array_of(v[i])->refs;
}

/* drops the references of v to its arrays (the values stay arrays, gone) */
static void release_arrays(chorus_rt_value* v, int n) {
  for (int i = 0; v && i < n; ++i) {
    chorus_rt_array* a = array_of(v[i]);
    if (!a)
      continue;
    if (--a->refs == 0) {
      __atomic_sub_fetch(
          &array_bytes, (long)(sizeof *a + (size_t)(a->n > 0 ? a->n : 0) * sizeof(chorus_rt_value)),
          __ATOMIC_RELAXED);
      free(a);
    }
    v[i].v.u = 0;
  }
}

/* ---- this rank's snapshots -------------------------------------------- */

typedef struct {
  long seq; /* -1: empty */
  int index, n;
  chorus_rt_value* v;
} kept;
static kept* window;
static long wsize = 1024;
static long count;         /* snapshots made */
static long oldest_arrays; /* the oldest snapshot that may still hold arrays */
static int* sequence;      /* assertion index of each snapshot (order check) */
static long seqcap;        /* capacity of sequence */
static int finished;       /* in MPI_Finalize: no more snapshots */
static long views, false_views, gone_views, unreported, unchecked_views, pointer_views;
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
  rt_tool_sent((nhead + n) * (int)sizeof(chorus_rt_value));
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
  chorus_rt_value h[3];
  h[1] = chorus_rt_i(0);
  h[2] = chorus_rt_i(rt_rank); /* whose snapshot (the reply may be relayed) */
  const kept* k = seq < count ? &window[seq % wsize] : NULL;
  if (k && k->seq == seq && k->n < 0) { /* a pragma not checkable at run time */
    h[0] = chorus_rt_i(seq);
    h[0].kind = REP_UNCHECKED;
    h[1].v.i = k->index;
    send_values(to, TAG_REP, h, 3, NULL, 0);
    return;
  }
  if (k && k->seq == seq) {
    h[0] = chorus_rt_i(seq);
    h[0].kind = REP_OK;
    h[1].v.i = k->index;
    /* an array goes as its length (-1: a pointer; -2: dropped); its
     * elements are asked for one by one */
    chorus_rt_value* v = xmalloc((size_t)(k->n > 0 ? k->n : 1) * sizeof(chorus_rt_value));
    for (int i = 0; i < k->n; ++i) {
      v[i] = k->v[i];
      if (v[i].kind == CHORUS_RT_ARRAY)
        v[i].v.i = array_of(k->v[i]) ? array_of(k->v[i])->n : -2;
    }
    send_values(to, TAG_REP, h, 3, v, k->n);
    free(v);
    return;
  }
  h[0] = chorus_rt_i(seq);
  h[0].kind = k ? REP_GONE : REP_NONE;
  send_values(to, TAG_REP, h, 3, NULL, 0);
}

/* reply to `to` with the elements it asks for (pairs term, index after the
 * sequence number) of this rank's snapshot req[0] */
static void reply_elements(int to, const chorus_rt_value* req, int n) {
  long seq = (long)req[0].v.i;
  const kept* k = seq < count ? &window[seq % wsize] : NULL;
  int ok = k && k->seq == seq && k->v;
  int pairs = (n - 1) / 2;
  chorus_rt_value* v = xmalloc((size_t)(3 * pairs + 1) * sizeof(chorus_rt_value));
  for (int p = 0; ok && p < pairs; ++p) {
    long long t = req[1 + 2 * p].v.i, i = req[2 + 2 * p].v.i;
    chorus_rt_array* a = t >= 0 && t < k->n ? array_of(k->v[t]) : NULL;
    if (!a || i < 0 || i >= a->n) {
      ok = 0;
      break;
    }
    v[3 * p] = chorus_rt_i(t);
    v[3 * p + 1] = chorus_rt_i(i);
    v[3 * p + 2] = a->el[i];
  }
  chorus_rt_value h = chorus_rt_i(seq);
  h.kind = ok ? REP_OK : REP_GONE;
  send_values(to, TAG_EREP, &h, 1, v, ok ? 3 * pairs : 0);
  free(v);
}

/* requests for snapshots not reached yet */
typedef struct waiting {
  struct waiting* next;
  int from;
  long seq;
} waiting;
static waiting* waiters;

/* ---- relays: a tree of checkers for each rank read --------------------
 *
 * A request for rank c's snapshot does not go to c from every reader: the
 * readers of c form a tree rooted at c over the signed distance s from c
 * (s = +-1: c's neighbours ask c; s asks the rank at distance s / 2), and a
 * rank passes requests up and replies down, keeping the replies it passed
 * for its other children and its own views. A rank has at most two children
 * in each tree, so an expression that every rank evaluates over PROC[0]
 * costs rank 0 two replies per instance instead of one per rank; neighbour
 * reads go straight to the neighbour as before. Replies do not depend on
 * who asks, so relaying changes no verdict, only who sends what.
 * CHORUS_RT_RELAY=0 makes every reader ask c itself (for measurements). */

static int relay_on = 1;

/* where this rank sends its requests for root's snapshots */
static int toward(int root) {
  int n = rt_size, d = (rt_rank - root + n) % n;
  int s = d <= n / 2 ? d : d - n;
  if (!relay_on || (s >= -1 && s <= 1))
    return root;
  return (root + s / 2 + n) % n;
}

typedef struct relay {
  struct relay* next;
  int root;
  long seq;
  int asked; /* a request went up */
  int self;  /* this rank's view waits for it */
  int* kids; /* children waiting for it */
  long nkids, capkids;
  chorus_rt_value* rep; /* the reply (header included), or NULL */
  int nrep;
} relay;
enum { RELAY_BUCKETS = 4096 };
static relay* relays[RELAY_BUCKETS];
static long nrelays;

static relay** relay_slot(int root, long seq) {
  unsigned long h =
      ((unsigned long)seq * 0x9E3779B97F4A7C15ul) ^ ((unsigned long)root * 0xC2B2AE3D27D4EB4Ful);
  relay** p = &relays[h % RELAY_BUCKETS];
  while (*p && ((*p)->root != root || (*p)->seq != seq))
    p = &(*p)->next;
  return p;
}

static void relay_free(relay** p) {
  relay* r = *p;
  *p = r->next;
  free(r->kids);
  free(r->rep);
  free(r);
  --nrelays;
}

/* drops the replies kept for snapshots older than this rank's window (a
 * child that asks later is asked for again up the tree) */
static void relay_sweep(void) {
  for (int b = 0; b < RELAY_BUCKETS; ++b)
    for (relay** p = &relays[b]; *p;)
      if ((*p)->rep && !(*p)->nkids && (*p)->seq + wsize < count)
        relay_free(p);
      else
        p = &(*p)->next;
}

static void received(int from, long seq, int status, int index, const chorus_rt_value* v, int n);

/* `who` (a rank, or -1 for this rank's own view) wants root's snapshot seq */
static void want(int root, long seq, int who) {
  relay** p = relay_slot(root, seq);
  if (!*p) {
    relay* r = xmalloc(sizeof(relay));
    memset(r, 0, sizeof *r);
    r->root = root;
    r->seq = seq;
    *p = r;
    ++nrelays;
  }
  relay* r = *p;
  if (r->rep) {
    if (who < 0)
      received(root, seq, r->rep[0].kind, (int)r->rep[1].v.i, r->rep + 3, r->nrep - 3);
    else
      send_values(who, TAG_REP, r->rep, r->nrep, NULL, 0);
    return;
  }
  if (who < 0) {
    r->self = 1;
  } else {
    r->kids = grow(r->kids, r->nkids, &r->capkids, sizeof(int));
    r->kids[r->nkids++] = who;
  }
  if (!r->asked) {
    r->asked = 1;
    chorus_rt_value h[2] = {chorus_rt_i(seq), chorus_rt_i(root)};
    send_values(toward(root), TAG_REQ, h, 2, NULL, 0);
  }
}

/* a reply about root's snapshot came (from root or a relay) */
static void relay_reply(const chorus_rt_value* m, int n) {
  long seq = (long)m[0].v.i;
  int root = (int)m[2].v.i;
  relay** p = relay_slot(root, seq);
  relay* r = *p;
  if (!r) { /* swept meanwhile */
    received(root, seq, m[0].kind, (int)m[1].v.i, m + 3, n - 3);
    return;
  }
  r->rep = xmalloc((size_t)n * sizeof(chorus_rt_value));
  memcpy(r->rep, m, (size_t)n * sizeof(chorus_rt_value));
  r->nrep = n;
  for (long i = 0; i < r->nkids; ++i)
    send_values(r->kids[i], TAG_REP, m, n, NULL, 0);
  r->nkids = 0;
  int self = r->self;
  r->self = 0;
  if (self)
    received(root, seq, m[0].kind, (int)m[1].v.i, m + 3, n - 3);
}

/* ---- this rank's views under evaluation ------------------------------- */

/* elements of another rank's arrays, asked for or here */
typedef struct {
  int used, here, k;
  long long i;
  chorus_rt_value v;
} element;

typedef struct {
  int rank, status, index, n;
  chorus_rt_value* v;
  element* el; /* open addressing on (k, i) */
  long nel, capel;
} snapof;

static unsigned long element_hash(int k, long long i) {
  return ((unsigned long)i * 0x9E3779B97F4A7C15ul) ^ ((unsigned long)k * 0xC2B2AE3D27D4EB4Ful);
}

/* the slot of element (k, i) of s: found, or free to take it */
static element* element_slot(snapof* s, int k, long long i) {
  if (2 * (s->nel + 1) > s->capel) {
    long cap = s->capel ? 2 * s->capel : 64;
    element* t = xmalloc((size_t)cap * sizeof(element));
    memset(t, 0, (size_t)cap * sizeof(element));
    for (long j = 0; j < s->capel; ++j)
      if (s->el[j].used) {
        unsigned long h = element_hash(s->el[j].k, s->el[j].i) & (unsigned long)(cap - 1);
        while (t[h].used)
          h = (h + 1) & (unsigned long)(cap - 1);
        t[h] = s->el[j];
      }
    free(s->el);
    s->el = t;
    s->capel = cap;
  }
  unsigned long h = element_hash(k, i) & (unsigned long)(s->capel - 1);
  while (s->el[h].used && (s->el[h].k != k || s->el[h].i != i))
    h = (h + 1) & (unsigned long)(s->capel - 1);
  return &s->el[h];
}

typedef struct {
  int rank, k;
  long long i;
} ask;

struct rt_eval {
  struct rt_eval* next;
  chorus_rt_cassert* a;
  long seq;
  chorus_rt_value* own;
  snapof* got; /* the snapshots of other ranks received */
  long ngot, capgot;
  int* asked; /* ranks asked */
  long nasked, capasked;
  ask* asks; /* elements to ask for after this evaluation */
  long nasks, capasks;
};
static struct rt_eval* evals;

chorus_rt_value chorus_rt_own(chorus_rt_ctx* c, int k) {
  return c->own[k];
}

/* The rank r of PROC[r] (-1 after an evaluation error). */
static long long rank_value(chorus_rt_ctx* c, chorus_rt_value r) {
  long long rank = r.kind == CHORUS_RT_REAL ? (long long)r.v.f : r.v.i;
  if (r.kind == CHORUS_RT_REAL || rank < 0 || rank >= c->nprocs ||
      (r.kind == CHORUS_RT_UINT && r.v.u >= (unsigned long long)c->nprocs)) {
    rt_eval_error(c, "PROC[%lld]: there is no process %lld (%d processes)", rank, rank, c->nprocs);
    return -1;
  }
  return rank;
}

/* rank's snapshot, or NULL (then asked for) */
static snapof* snapshot_of(chorus_rt_ctx* c, long long rank) {
  for (int i = 0; i < c->e->ngot; ++i)
    if (c->e->got[i].rank == rank)
      return &c->e->got[i];
  int known = 0;
  for (int i = 0; i < c->nmissing; ++i)
    known |= c->missing[i] == rank;
  if (!known && c->nmissing < (int)(sizeof c->missing / sizeof c->missing[0]))
    c->missing[c->nmissing++] = (int)rank;
  return NULL;
}

chorus_rt_value chorus_rt_remote(chorus_rt_ctx* c, chorus_rt_value r, int k) {
  long long rank = rank_value(c, r);
  if (rank < 0)
    return chorus_rt_i(0);
  if (rank == c->self)
    return c->own[k];
  snapof* s = snapshot_of(c, rank);
  return s && k < s->n ? s->v[k] : chorus_rt_i(0);
}

/* the index i into an array of n elements (-1 after an evaluation error) */
static long long index_value(chorus_rt_ctx* c, chorus_rt_value i, long n, long long rank) {
  long long x = i.kind == CHORUS_RT_REAL ? 0 : i.v.i;
  if (i.kind == CHORUS_RT_REAL) {
    rt_eval_error(c, "an array index is a floating value");
    return -1;
  }
  if (x < 0 || x >= n || (i.kind == CHORUS_RT_UINT && i.v.u >= (unsigned long long)n)) {
    if (i.kind == CHORUS_RT_UINT)
      rt_eval_error(c, "index %llu out of the bounds of an array of %ld elements (of rank %lld)",
                    i.v.u, n, rank);
    else
      rt_eval_error(c, "index %lld out of the bounds of an array of %ld elements (of rank %lld)", x,
                    n, rank);
    return -1;
  }
  return x;
}

chorus_rt_value chorus_rt_own_elem(chorus_rt_ctx* c, int k, chorus_rt_value i) {
  chorus_rt_array* a = array_of(c->own[k]);
  if (!a || a->n < 0) {
    c->unchecked = 1;
    return chorus_rt_i(0);
  }
  long long x = index_value(c, i, a->n, c->self);
  return x < 0 ? chorus_rt_i(0) : a->el[x];
}

chorus_rt_value chorus_rt_elem(chorus_rt_ctx* c, chorus_rt_value r, int k, chorus_rt_value i) {
  long long rank = rank_value(c, r);
  if (rank < 0)
    return chorus_rt_i(0);
  if (rank == c->self)
    return chorus_rt_own_elem(c, k, i);
  snapof* s = snapshot_of(c, rank);
  if (!s)
    return chorus_rt_i(0);
  if (k >= s->n || s->v[k].kind != CHORUS_RT_ARRAY) {
    rt_eval_error(c, "the snapshots of rank %lld do not have this array", rank);
    return chorus_rt_i(0);
  }
  long n = (long)s->v[k].v.i;
  if (n == -1 || n == -2) {
    if (n == -1)
      c->unchecked = 1;
    else
      c->gone = 1;
    return chorus_rt_i(0);
  }
  long long x = index_value(c, i, n, rank);
  if (x < 0)
    return chorus_rt_i(0);
  element* el = element_slot(s, k, x);
  if (el->used && el->here)
    return el->v;
  c->pending = 1;
  if (!el->used) {
    el->used = 1;
    el->k = k;
    el->i = x;
    ++s->nel;
    struct rt_eval* e = c->e;
    e->asks = grow(e->asks, e->nasks, &e->capasks, sizeof(ask));
    e->asks[e->nasks++] = (ask){(int)rank, k, x};
  }
  return chorus_rt_i(0);
}

static void drop(struct rt_eval* e) {
  struct rt_eval** p = &evals;
  while (*p != e)
    p = &(*p)->next;
  *p = e->next;
  for (int i = 0; i < e->ngot; ++i) {
    free(e->got[i].v);
    free(e->got[i].el);
  }
  free(e->got);
  free(e->asked);
  free(e->asks);
  release_arrays(e->own, e->a->nterms);
  free(e->own);
  free(e);
}

/* asks for the elements the last evaluation of e read and did not have */
static void ask_elements(struct rt_eval* e) {
  for (long from = 0; from < e->nasks;) {
    int rank = e->asks[from].rank;
    long to = from;
    while (to < e->nasks && e->asks[to].rank == rank)
      ++to;
    int pairs = (int)(to - from);
    chorus_rt_value* v = xmalloc((size_t)(2 * pairs) * sizeof(chorus_rt_value));
    for (int p = 0; p < pairs; ++p) {
      v[2 * p] = chorus_rt_i(e->asks[from + p].k);
      v[2 * p + 1] = chorus_rt_i(e->asks[from + p].i);
    }
    chorus_rt_value h = chorus_rt_i(e->seq);
    send_values(rank, TAG_EREQ, &h, 1, v, 2 * pairs);
    free(v);
    from = to;
  }
  e->nasks = 0;
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
  c.pending = c.unchecked = c.gone = 0;
  int ok = chorus_rt_truth(e->a->eval(&c));
  if (c.unchecked || c.gone) { /* an element of a pointer, or of dropped arrays */
    ++*(c.unchecked ? &pointer_views : &gone_views);
    drop(e);
    return 1;
  }
  if (c.pending)
    ask_elements(e);
  if (c.nmissing || c.pending) {
    for (int i = 0; i < c.nmissing; ++i) {
      int seen = 0;
      for (int j = 0; j < e->nasked; ++j)
        seen |= e->asked[j] == c.missing[i];
      if (seen)
        continue;
      e->asked = grow(e->asked, e->nasked, &e->capasked, sizeof(int));
      e->asked[e->nasked++] = c.missing[i];
      want(c.missing[i], e->seq, -1);
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
  memset(s, 0, sizeof *s);
  s->rank = from;
  s->status = status;
  s->index = index;
  s->n = n;
  s->v = xmalloc((size_t)(n ? n : 1) * sizeof(chorus_rt_value));
  if (n)
    memcpy(s->v, v, (size_t)n * sizeof(chorus_rt_value));
  evaluate(e);
}

/* rank `from` sent elements of its snapshot `seq` (triples term, index,
 * value), which e asked for */
static void received_elements(int from, long seq, int status, const chorus_rt_value* v, int n) {
  struct rt_eval* e = evals;
  while (e && e->seq != seq)
    e = e->next;
  if (!e)
    return;
  if (status != REP_OK) {
    ++gone_views;
    drop(e);
    return;
  }
  snapof* s = NULL;
  for (int i = 0; i < e->ngot && !s; ++i)
    if (e->got[i].rank == from)
      s = &e->got[i];
  if (!s)
    return;
  for (int p = 0; p + 2 < n; p += 3) {
    element* el = element_slot(s, (int)v[p].v.i, v[p + 1].v.i);
    if (!el->used) {
      el->used = 1;
      el->k = (int)v[p].v.i;
      el->i = v[p + 1].v.i;
      ++s->nel;
    }
    el->here = 1;
    el->v = v[p + 2];
  }
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
    if (st.MPI_TAG == TAG_REQ && n >= 2 && (int)buf[1].v.i != rt_rank) {
      want((int)buf[1].v.i, (long)buf[0].v.i, st.MPI_SOURCE); /* relayed */
    } else if (st.MPI_TAG == TAG_REQ) {
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
    } else if (st.MPI_TAG == TAG_EREQ) {
      reply_elements(st.MPI_SOURCE, buf, n);
    } else if (st.MPI_TAG == TAG_EREP && n >= 1) {
      received_elements(st.MPI_SOURCE, (long)buf[0].v.i, buf[0].kind, buf + 1, n - 1);
    } else if (st.MPI_TAG == TAG_REP && n >= 3) {
      relay_reply(buf, n);
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
  long long t0 = timing ? cpu_ns() : 0;
  serve();
  if (timing)
    check_ns += cpu_ns() - t0;
  pthread_mutex_unlock(&lock);
}

void chorus_rt_cassert_snap(chorus_rt_cassert* a, const chorus_rt_value* v) {
  if (comm == MPI_COMM_NULL || a->label < 0) {
    /* before MPI_Init or after MPI_Finalize: no composite to join */
    if (a->eval && v) /* the arrays the snapshot copied */
      release_arrays((chorus_rt_value*)v, a->nterms);
    return;
  }
  pthread_mutex_lock(&lock);
  long long t0 = timing ? cpu_ns() : 0;
  long seq = count;
  kept* k = &window[seq % wsize];
  if (k->v && k->n > 0)
    release_arrays(k->v, k->n);
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
  if (nrelays > 2 * wsize && count % 256 == 0)
    relay_sweep();
  answer_waiters();
  if (!a->eval) { /* its own view is not checked either */
    ++unchecked_views;
    serve();
    if (timing)
      check_ns += cpu_ns() - t0;
    pthread_mutex_unlock(&lock);
    return;
  }
  struct rt_eval* e = xmalloc(sizeof(struct rt_eval));
  memset(e, 0, sizeof *e);
  e->a = a;
  e->seq = seq;
  e->own = xmalloc((size_t)a->nterms * sizeof(chorus_rt_value));
  memcpy(e->own, v, (size_t)a->nterms * sizeof(chorus_rt_value));
  retain_arrays(e->own, a->nterms);
  /* the oldest snapshots lose their arrays beyond the budget */
  while (array_bytes > array_budget && oldest_arrays < seq) {
    kept* o = &window[oldest_arrays % wsize];
    if (o->seq == oldest_arrays && o->v && o->n > 0)
      release_arrays(o->v, o->n);
    ++oldest_arrays;
  }
  e->next = evals;
  evals = e;
  evaluate(e);
  serve();
  if (timing)
    check_ns += cpu_ns() - t0;
  pthread_mutex_unlock(&lock);
}

void rt_cassert_init(void) {
  if (!nasserts)
    return;
  const char* w = getenv("CHORUS_RT_WINDOW");
  if (w && atol(w) > 0)
    wsize = atol(w);
  const char* wb = getenv("CHORUS_RT_WINDOW_BYTES");
  if (wb && atol(wb) > 0)
    array_budget = atol(wb);
  const char* rl = getenv("CHORUS_RT_RELAY");
  relay_on = !(rl && strcmp(rl, "0") == 0);
  const char* st = getenv("CHORUS_RT_STATS");
  timing = st && *st && strcmp(st, "0") != 0;
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
    long long t0 = timing ? cpu_ns() : 0;
    serve();
    if (timing)
      check_ns += cpu_ns() - t0;
    if (!evals && all == MPI_REQUEST_NULL)
      PMPI_Ibarrier(comm, &all);
    if (all != MPI_REQUEST_NULL)
      PMPI_Test(&all, &done, MPI_STATUS_IGNORE);
    if (!done)
      usleep(50);
  }
  flush_outbox(1);
  for (int b = 0; b < RELAY_BUCKETS; ++b)
    while (relays[b])
      relay_free(&relays[b]);
  compare_sequences();
  long mine[6] = {views, false_views, gone_views, unreported, unchecked_views, pointer_views};
  PMPI_Reduce(&count, &sum->instances, 1, MPI_LONG, MPI_MAX, 0, comm);
  PMPI_Reduce(mine, &sum->views, 6, MPI_LONG, MPI_SUM, 0, comm);
  PMPI_Reduce(&check_ns, &sum->check_ns_max, 1, MPI_LONG_LONG, MPI_MAX, 0, comm);
  PMPI_Reduce(&check_ns, &sum->check_ns_sum, 1, MPI_LONG_LONG, MPI_SUM, 0, comm);
  PMPI_Comm_free(&comm);
  comm = MPI_COMM_NULL;
  pthread_mutex_unlock(&lock);
}
