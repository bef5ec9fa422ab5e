/* Direct checking (runtime/threads/README.md): an instance whose e reads no
 * value and no HASOCCURRED latch is true or false in a state by the event
 * that led to it alone (Fig. 2: its observation variables), so the thread
 * that makes an access can evaluate every live instance the access
 * concerns itself, at the access: no log, no global counter, no checker
 * thread. Each thread publishes its live direct instances in a table of
 * its own (a sequence lock: the owner writes, any thread reads); an access
 * that the location filter lets through is checked against the thread's
 * own instances, and against the other threads' tables only when the
 * filter counts more locations at its granules than the thread's own. The
 * access is ordered with a BEGIN or END of another thread by that thread's
 * table: published before the filter is raised, withdrawn after. */
#define _GNU_SOURCE
#include "rt_pa_internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define RT_PUB_MAX 16 /* live direct instances per thread (more: logged) */

typedef struct rt_pub {
  _Atomic unsigned seq; /* odd while the owner changes the table */
  _Atomic int n;
  rt_inst* _Atomic ent[RT_PUB_MAX];
  _Atomic long instances, events; /* for the summary */
} rt_pub;

_Atomic long rt_live_total;
_Atomic long rt_live_logged;
static rt_pub* _Atomic pubs[RT_MAX_THREADS];
static _Atomic int npubs;
static _Thread_local rt_pub* tl_pub;
static _Thread_local int tl_joined;
static _Thread_local unsigned tl_quiet;

/* --- joining: rt_live_total is what every access reads first, so it
 * changes when a thread starts or stops making regions, not at each one */

static pthread_key_t leave_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void leave(void* unused) {
  (void)unused;
  if (tl_joined) {
    tl_joined = 0;
    atomic_fetch_sub(&rt_live_total, 1);
  }
}

static void make_key(void) {
  pthread_key_create(&leave_key, leave);
}

void rt_join(void) {
  tl_quiet = 0;
  if (tl_joined)
    return;
  pthread_once(&key_once, make_key);
  pthread_setspecific(leave_key, (void*)1); /* leaves at the thread's exit */
  tl_joined = 1;
  atomic_fetch_add(&rt_live_total, 1);
}

void rt_idle(void) {
  if (tl_joined && ++tl_quiet > 4096)
    leave(NULL);
}

/* --- the thread's table */

static rt_pub* my_pub(void) {
  if (tl_pub)
    return tl_pub;
  rt_pub* p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  int i = atomic_fetch_add(&npubs, 1);
  if (i >= RT_MAX_THREADS) {
    free(p);
    atomic_fetch_sub(&npubs, 1);
    return NULL;
  }
  atomic_store(&pubs[i], p);
  return tl_pub = p;
}

int rt_direct_ok(const chorus_rt_pa_site* site, const unsigned char* kinds) {
  if (site->nlatches || site->nlocs > RT_SMALL)
    return 0;
  for (int k = 0; k < site->nlocs; ++k)
    if (kinds[k] != CHORUS_RT_PA_OTHER)
      return 0;
  rt_pub* p = my_pub();
  return p && atomic_load_explicit(&p->n, memory_order_relaxed) < RT_PUB_MAX;
}

/* the owner's side of the sequence lock (only the owner writes seq) */
static void open_table(rt_pub* p) {
  atomic_store_explicit(&p->seq, atomic_load_explicit(&p->seq, memory_order_relaxed) + 1,
                        memory_order_relaxed);
  atomic_thread_fence(memory_order_release);
}

static void close_table(rt_pub* p) {
  atomic_store_explicit(&p->seq, atomic_load_explicit(&p->seq, memory_order_relaxed) + 1,
                        memory_order_release);
}

static void count(_Atomic long* c, long d) { /* the owner's counters */
  atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + d, memory_order_relaxed);
}

static int overlaps(uintptr_t a, unsigned long n, uintptr_t b, unsigned long m) {
  return a < b + (m ? m : 1) && b < a + (n ? n : 1);
}

/* e of one instance at event `ev` (the instance as the accessing thread
 * saw it: its thread, site and locations); the first failure of each
 * generation of the record is reported */
static const unsigned char other_kinds[RT_SMALL] = {
    CHORUS_RT_PA_OTHER, CHORUS_RT_PA_OTHER, CHORUS_RT_PA_OTHER, CHORUS_RT_PA_OTHER,
    CHORUS_RT_PA_OTHER, CHORUS_RT_PA_OTHER, CHORUS_RT_PA_OTHER, CHORUS_RT_PA_OTHER};

static void eval(rt_inst* real, uint64_t gen, const chorus_rt_pa_site* site, int tid,
                 uintptr_t* addr, unsigned long* size, const rt_event* ev) {
  unsigned char latch[RT_SMALL + 1] = {0};
  uint64_t cval[RT_SMALL][2] = {{0}};
  rt_inst tmp = {0};
  tmp.site = site;
  tmp.tid = tid;
  tmp.caddr = addr;
  tmp.size = size;
  tmp.kind = (unsigned char*)other_kinds;
  tmp.latch = latch;
  tmp.cval = cval;
  int failed = 0;
  rt_eval(&tmp, ev, &failed);
  if (!failed)
    return;
  uint64_t old = atomic_load(&real->failed_gen);
  while (old < gen)
    if (atomic_compare_exchange_weak(&real->failed_gen, &old, gen)) {
      rt_report(&tmp, ev);
      return;
    }
}

void rt_direct_begin(rt_inst* in) {
  rt_pub* p = tl_pub;
  ++in->gen;
  int n = in->site->nlocs;
  for (int k = 0; k < n; ++k)
    in->caddr[k] = in->addr[k];
  open_table(p);
  int i = atomic_load_explicit(&p->n, memory_order_relaxed);
  atomic_store_explicit(&p->ent[i], in, memory_order_relaxed);
  atomic_store_explicit(&p->n, i + 1, memory_order_relaxed);
  close_table(p);
  for (int k = 0; k < n; ++k)
    rt_filter_add(in->addr[k], in->size[k], 1);
  count(&p->instances, 1);
  count(&p->events, 1);
  /* LIVE from BEGIN on: every observation variable false */
  rt_event ev = {0};
  ev.type = RT_BEGIN;
  ev.tid = in->tid;
  ev.pc = __builtin_return_address(0);
  eval(in, in->gen, in->site, in->tid, in->caddr, in->size, &ev);
}

void rt_direct_end(rt_inst* in) {
  rt_pub* p = tl_pub;
  open_table(p);
  int n = atomic_load_explicit(&p->n, memory_order_relaxed);
  for (int i = n - 1; i >= 0; --i)
    if (atomic_load_explicit(&p->ent[i], memory_order_relaxed) == in) {
      atomic_store_explicit(&p->ent[i], atomic_load_explicit(&p->ent[n - 1], memory_order_relaxed),
                            memory_order_relaxed);
      atomic_store_explicit(&p->n, n - 1, memory_order_relaxed);
      break;
    }
  close_table(p);
  for (int k = 0; k < in->site->nlocs; ++k)
    rt_filter_add(in->addr[k], in->size[k], -1);
  count(&p->events, 1);
}

void rt_direct_moved(rt_inst* in, int k, uintptr_t now) {
  rt_pub* p = tl_pub;
  uintptr_t old = in->addr[k];
  open_table(p);
  __atomic_store_n(&in->caddr[k], now, __ATOMIC_RELAXED);
  close_table(p);
  in->addr[k] = now;
  rt_filter_add(now, in->size[k], 1);
  rt_filter_add(old, in->size[k], -1);
}

/* does the filter entry h count a granule of [a, a + n)? (as rt_filter_add
 * raises them) */
static int covers(uintptr_t a, unsigned long n, uintptr_t h) {
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  uintptr_t g0 = a >> 3, g1 = (a + (n ? n : 1) - 1) >> 3;
  if (g1 - g0 > m)
    g1 = g0 + m;
  return ((h - g0) & m) <= g1 - g0;
}

typedef struct seen {
  rt_inst* in;
  uint64_t gen;
  const chorus_rt_pa_site* site;
  int tid;
  uintptr_t addr[RT_SMALL];
  unsigned long size[RT_SMALL];
} seen;

/* the live direct instances of table p that [a, a + n) concerns */
static int scan(rt_pub* p, uintptr_t a, unsigned long n, seen* out) {
  for (int spins = 0;; ++spins) {
    unsigned s = atomic_load_explicit(&p->seq, memory_order_acquire);
    if (s & 1) { /* the owner is changing it (it may have been preempted) */
      if (spins > 64)
        sched_yield();
      continue;
    }
    int m = atomic_load_explicit(&p->n, memory_order_relaxed), found = 0;
    if (m > RT_PUB_MAX)
      m = RT_PUB_MAX;
    for (int i = 0; i < m; ++i) {
      rt_inst* in = atomic_load_explicit(&p->ent[i], memory_order_relaxed);
      if (!in)
        continue;
      seen* o = &out[found];
      o->in = in;
      o->site = __atomic_load_n(&in->site, __ATOMIC_RELAXED);
      o->tid = __atomic_load_n(&in->tid, __ATOMIC_RELAXED);
      o->gen = __atomic_load_n(&in->gen, __ATOMIC_RELAXED);
      int nl = o->site ? o->site->nlocs : 0, hit = 0;
      if (nl > RT_SMALL)
        nl = RT_SMALL;
      for (int k = 0; k < nl; ++k) {
        o->addr[k] = __atomic_load_n(&in->caddr[k], __ATOMIC_RELAXED);
        o->size[k] = __atomic_load_n(&in->size[k], __ATOMIC_RELAXED);
        hit |= overlaps(a, n, o->addr[k], o->size[k]);
      }
      found += hit;
    }
    atomic_thread_fence(memory_order_acquire);
    if (atomic_load_explicit(&p->seq, memory_order_relaxed) == s)
      return found;
  }
}

void rt_direct_access(uintptr_t a, unsigned long n, int write, void* pc) {
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  uintptr_t h0 = (a >> 3) & m, h1 = ((a + n - 1) >> 3) & m;
  unsigned f0 = atomic_load(&rt_filter[h0]), f1 = atomic_load(&rt_filter[h1]), own0 = 0, own1 = 0;
  rt_event ev = {0};
  ev.type = write ? RT_WRITE : RT_READ;
  ev.addr = a;
  ev.size = (uint32_t)n;
  ev.pc = pc;
  ev.tid = rt_tid();
  long checked = 0;
  /* the thread's own instances (the logged ones count in the filter too) */
  for (rt_inst* in = rt_tl_live; in; in = in->next_live) {
    int hit = 0;
    for (int k = 0; k < in->site->nlocs; ++k) {
      own0 += (unsigned)covers(in->addr[k], in->size[k], h0);
      own1 += (unsigned)covers(in->addr[k], in->size[k], h1);
      hit |= in->direct && overlaps(a, n, in->addr[k], in->size[k]);
    }
    if (hit) {
      eval(in, in->gen, in->site, in->tid, in->caddr, in->size, &ev);
      ++checked;
    }
  }
  if (f0 > own0 || f1 > own1) {
    /* another thread's instance may name these bytes */
    int np = atomic_load_explicit(&npubs, memory_order_acquire);
    for (int i = 0; i < np; ++i) {
      rt_pub* p = atomic_load_explicit(&pubs[i], memory_order_acquire);
      if (!p || p == tl_pub || !atomic_load_explicit(&p->n, memory_order_acquire))
        continue;
      seen s[RT_PUB_MAX];
      int found = scan(p, a, n, s);
      for (int j = 0; j < found; ++j)
        eval(s[j].in, s[j].gen, s[j].site, s[j].tid, s[j].addr, s[j].size, &ev);
      checked += found;
    }
  }
  if (checked) {
    rt_pub* p = my_pub();
    if (p)
      count(&p->events, checked);
  }
}

void rt_direct_counts(long* instances, long* events) {
  *instances = *events = 0;
  int np = atomic_load(&npubs);
  for (int i = 0; i < np; ++i) {
    rt_pub* p = atomic_load(&pubs[i]);
    if (p) {
      *instances += atomic_load(&p->instances);
      *events += atomic_load(&p->events);
    }
  }
}
