/* The tables of live instances: each thread publishes the instances it has
 * live (their site, thread, locations and the memory their locations are
 * computed from) in a table of its own, which any thread may read. A
 * sequence lock guards it: the owner writes without atomic
 * read-modify-writes (an odd sequence number while it changes the table),
 * a reader copies what it needs and retries if the number changed. Records
 * are pooled and never freed while published (rt_scope.c), so a reader
 * never touches freed memory. */
#define _GNU_SOURCE
#include "rt_pa_internal.h"

#include <sched.h>
#include <stdlib.h>

struct rt_table {
  _Atomic unsigned seq; /* odd while the owner changes the table */
  _Atomic int n;
  _Atomic int dirty; /* another thread wrote memory a location is computed from */
  rt_inst* _Atomic ent[RT_TABLE_MAX];
  rt_counts counts; /* direct checking's, for the summary */
};

static rt_table* _Atomic tables[RT_MAX_THREADS];
static _Atomic int ntables;
static _Thread_local rt_table* tl_table;
_Thread_local _Atomic int* rt_tl_marked;
_Thread_local _Atomic unsigned* rt_tl_seq;
_Thread_local rt_counts* rt_tl_counts;
_Thread_local long rt_tl_events;

rt_table* rt_my_table(void) {
  if (tl_table)
    return tl_table;
  rt_table* p = calloc(1, sizeof *p);
  if (!p)
    return NULL;
  int i = atomic_fetch_add(&ntables, 1);
  if (i >= RT_MAX_THREADS) {
    free(p);
    return NULL;
  }
  atomic_store(&tables[i], p);
  rt_tl_marked = &p->dirty;
  rt_tl_seq = &p->seq;
  rt_tl_counts = &p->counts;
  return tl_table = p;
}

int rt_ntables(void) {
  int n = atomic_load_explicit(&ntables, memory_order_acquire);
  return n < RT_MAX_THREADS ? n : RT_MAX_THREADS;
}

rt_table* rt_other_table(int i) {
  rt_table* p = atomic_load_explicit(&tables[i], memory_order_acquire);
  if (!p || p == tl_table || !atomic_load_explicit(&p->n, memory_order_acquire))
    return NULL;
  return p;
}

int rt_publish(rt_inst* in) {
  rt_table* p = rt_my_table();
  if (!p)
    return 0;
  int i = atomic_load_explicit(&p->n, memory_order_relaxed);
  if (i >= RT_TABLE_MAX)
    return 0;
  rt_table_open();
  atomic_store_explicit(&p->ent[i], in, memory_order_relaxed);
  atomic_store_explicit(&p->n, i + 1, memory_order_relaxed);
  rt_table_close();
  return 1;
}

void rt_withdraw(rt_inst* in) {
  rt_table* p = tl_table;
  rt_table_open();
  int n = atomic_load_explicit(&p->n, memory_order_relaxed);
  for (int i = n - 1; i >= 0; --i)
    if (atomic_load_explicit(&p->ent[i], memory_order_relaxed) == in) {
      atomic_store_explicit(&p->ent[i], atomic_load_explicit(&p->ent[n - 1], memory_order_relaxed),
                            memory_order_relaxed);
      atomic_store_explicit(&p->n, n - 1, memory_order_relaxed);
      break;
    }
  rt_table_close();
}

void rt_count_slow(long instances, long events) {
  if (rt_my_table())
    rt_count(instances, events);
}

void rt_table_counts(long* instances, long* events) {
  *instances = *events = 0;
  int n = rt_ntables();
  for (int i = 0; i < n; ++i) {
    rt_table* p = atomic_load(&tables[i]);
    if (p) {
      *instances += atomic_load(&p->counts.instances);
      *events += atomic_load(&p->counts.events);
    }
  }
}

void rt_clean(void) {
  if (tl_table && atomic_load_explicit(&tl_table->dirty, memory_order_relaxed))
    atomic_store_explicit(&tl_table->dirty, 0, memory_order_seq_cst);
}

void rt_mark(rt_table* p) {
  atomic_store_explicit(&p->dirty, 1, memory_order_seq_cst);
}

static int overlaps(uintptr_t a, unsigned long n, uintptr_t b, unsigned long m) {
  return a < b + (m ? m : 1) && b < a + (n ? n : 1);
}

/* copies what `what` asks of table p's instances under the lock:
 * RT_SCAN_DIRECT: the direct instances with a location overlapping
 * [a, a + n) (into out); RT_SCAN_DEPS: whether one of the instances'
 * locations is computed from those bytes */
int rt_table_scan(rt_table* p, int what, uintptr_t a, unsigned long n, rt_seen* out) {
  for (int spins = 0;; ++spins) {
    unsigned s = atomic_load_explicit(&p->seq, memory_order_acquire);
    if (s & 1) { /* the owner is changing it (it may have been preempted) */
      if (spins > 64)
        sched_yield();
      continue;
    }
    int m = atomic_load_explicit(&p->n, memory_order_relaxed), found = 0;
    if (m > RT_TABLE_MAX)
      m = RT_TABLE_MAX;
    for (int i = 0; i < m; ++i) {
      rt_inst* in = atomic_load_explicit(&p->ent[i], memory_order_relaxed);
      if (!in)
        continue;
      if (what == RT_SCAN_DEPS) {
        int nd = __atomic_load_n(&in->deps.n, __ATOMIC_RELAXED);
        if (nd < 0)
          continue; /* re-computed at each of its thread's accesses anyway */
        if (nd > RT_DEPS)
          nd = RT_DEPS;
        for (int k = 0; k < nd && !found; ++k)
          found = overlaps(a, n, __atomic_load_n(&in->deps.a[k], __ATOMIC_RELAXED),
                           __atomic_load_n(&in->deps.len[k], __ATOMIC_RELAXED));
        continue;
      }
      if (!__atomic_load_n(&in->direct, __ATOMIC_RELAXED))
        continue;
      rt_seen* o = &out[found];
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
