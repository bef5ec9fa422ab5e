/* Direct checking (runtime/threads/README.md): an instance whose e reads no
 * value and no HASOCCURRED latch is true or false in a state by the event
 * that led to it alone (Fig. 2: its observation variables), so the thread
 * that makes an access can evaluate every live instance the access
 * concerns itself, at the access: no log, no global counter, no checker
 * thread. Each thread publishes its live instances in a table of its own
 * (rt_table.c); an access that the location filter lets through is checked
 * against the thread's own instances, and against the other threads'
 * tables only when the filter counts more locations at its granules than
 * the thread's own. An instance is published before the filter is raised
 * for its locations, so an access after its BEGIN sees it. */
#define _GNU_SOURCE
#include "rt_pa_internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

_Atomic long rt_live_total;
_Atomic long rt_live_logged;
_Thread_local int rt_tl_joined;
_Thread_local unsigned rt_tl_quiet;

/* --- joining: rt_live_total is what every access reads first, so it
 * changes when a thread starts or stops making regions, not at each one */

static pthread_key_t leave_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void leave(void* unused) {
  (void)unused;
  rt_linger_flush();
  if (rt_tl_joined) {
    rt_tl_joined = 0;
    atomic_fetch_sub(&rt_live_total, 1);
  }
}

static void make_key(void) {
  pthread_key_create(&leave_key, leave);
}

void rt_join_slow(void) {
  pthread_once(&key_once, make_key);
  pthread_setspecific(leave_key, (void*)1); /* leaves at the thread's exit */
  rt_tl_joined = 1;
  atomic_fetch_add(&rt_live_total, 1);
}

void rt_idle(void) {
  if (rt_tl_joined && ++rt_tl_quiet > 4096)
    leave(NULL);
}

int rt_direct_ok(const chorus_rt_pa_site* site, const unsigned char* kinds) {
  if (site->nlatches || site->nlocs > RT_SMALL)
    return 0;
  for (int k = 0; k < site->nlocs; ++k)
    if (kinds[k] != CHORUS_RT_PA_OTHER)
      return 0;
  return 1;
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

static unsigned event_key(const chorus_rt_pa_site* site, int tid, uintptr_t* addr,
                          unsigned long* size, const rt_event* ev) {
  if (ev->type != RT_READ && ev->type != RT_WRITE)
    return 0;
  unsigned mask = 0;
  for (int k = 0; k < site->nlocs; ++k)
    mask |= (unsigned)overlaps(ev->addr, ev->size, addr[k], size[k]) << k;
  return rt_access_key(mask, ev->type == RT_WRITE, ev->tid != tid);
}

static void eval(rt_inst* real, uint64_t gen, const chorus_rt_pa_site* site, int tid,
                 uintptr_t* addr, unsigned long* size, const rt_event* ev) {
  unsigned key = event_key(site, tid, addr, size, ev);
  rt_memo* m = rt_memo_of(site, key);
  if (key && m->site == site && m->key == key)
    return; /* true, as before */
  /* e reads no value and no latch: those of tmp are never read */
  static unsigned char latch[RT_SMALL + 1];
  static uint64_t cval[RT_SMALL][2];
  rt_inst tmp;
  tmp.site = site;
  tmp.tid = tid;
  tmp.caddr = addr;
  tmp.size = size;
  tmp.kind = (unsigned char*)other_kinds;
  tmp.latch = latch;
  tmp.cval = cval;
  int failed = 0;
  rt_eval(&tmp, ev, &failed);
  if (!failed) {
    if (key) {
      m->site = site;
      m->key = key;
    }
    return;
  }
  uint64_t old = atomic_load(&real->failed_gen);
  while (old < gen)
    if (atomic_compare_exchange_weak(&real->failed_gen, &old, gen)) {
      rt_report(&tmp, ev);
      return;
    }
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

_Thread_local rt_inst* rt_tl_exact;
_Thread_local rt_memo rt_tl_memo[RT_MEMO];

/* does the filter count one of [j0, j0 + span] (granules, as covers)
 * at a granule of [g0, g1]? */
static int hits(uintptr_t j0, uintptr_t span, uintptr_t g0, uintptr_t g1) {
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  return g1 - g0 >= m || ((j0 - g0) & m) <= g1 - g0 || ((g0 - j0) & m) <= span;
}

/* in->ilo[k], in->ihi[k] of location k of several (not within one
 * granule); 1: it has such bytes (its key is then that of k alone) */
static int inner(rt_inst* in, int k, int nl) {
  uintptr_t a = in->addr[k];
  unsigned long n = in->size[k];
  in->ilo[k] = in->ihi[k] = 0;
  if (!n)
    return 0;
  uintptr_t g0 = a >> 3, g1 = (a + n - 1) >> 3;
  /* its first and last granule may be another location's too; one in the
   * middle (through the hash) takes it out */
  int first = 0, last = 0;
  for (int j = 0; j < nl; ++j) {
    if (j == k)
      continue;
    uintptr_t b = in->addr[j];
    unsigned long sz = in->size[j] ? in->size[j] : 1;
    if (overlaps(a, n, b, sz))
      return 0;
    uintptr_t j0 = b >> 3, span = ((b + sz - 1) >> 3) - j0;
    first |= hits(j0, span, g0, g0);
    last |= hits(j0, span, g1, g1);
    if (g1 - g0 >= 2 && hits(j0, span, g0 + 1, g1 - 1))
      return 0;
  }
  uintptr_t lo = first ? (g0 + 1) << 3 : a, hi = last ? g1 << 3 : a + n;
  if (lo >= hi)
    return 0;
  in->ilo[k] = lo;
  in->ihi[k] = hi;
  return 1;
}

void rt_direct_prepare(rt_inst* in) {
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  const chorus_rt_pa_site* site = in->site;
  const int nl = site->nlocs;
  if (nl == 1) {
    rt_direct_prepare1(in, 0);
    return;
  }
  int ns = 0; /* the filter's entries, as rt_filter_add raises them */
  unsigned xinner = 0;
  for (int k = 0; k < nl; ++k) {
    uintptr_t a = in->addr[k];
    unsigned long n = in->size[k];
    in->fown[k] = 0;
    unsigned own = 1, mask = 1u << k; /* (k itself) */
    uintptr_t g0 = a >> 3, g1 = (a + (n ? n : 1) - 1) >> 3;
    if (g0 == g1 && ns >= 0 && ns < RT_FSLOTS)
      in->fslot[ns++] = (unsigned short)(g0 & m);
    else if (ns >= 0 && g1 - g0 < (uintptr_t)(RT_FSLOTS - ns))
      for (uintptr_t g = g0; g <= g1; ++g)
        in->fslot[ns++] = (unsigned short)(g & m);
    else
      ns = -1;
    if (n - 1 > 15 || g0 != g1) {
      /* not within one granule: the long way, but for an access inside
       * its bytes of no other location's granule */
      if (!inner(in, k, nl))
        continue;
      xinner |= 1u << k;
    } else {
      in->ilo[k] = in->ihi[k] = 0;
      for (int j = 0; j < nl; ++j)
        if (j != k) {
          own += (unsigned)covers(in->addr[j], in->size[j], (a >> 3) & m);
          mask |= (unsigned)overlaps(a, n, in->addr[j], in->size[j]) << j;
        }
      in->fown[k] = (unsigned short)own;
    }
    if (in->kmask[k] != mask) {
      in->kmask[k] = (unsigned char)mask;
      in->known_true[k] = 0;
    }
    for (int w = 0; w < 2; ++w)
      if (!(in->known_true[k] >> w & 1)) {
        unsigned key = rt_access_key(mask, w, 0);
        const rt_memo* me = rt_memo_of(site, key);
        if (me->site == site && me->key == key)
          in->known_true[k] |= (unsigned char)(1u << w);
      }
  }
  in->nfslot = ns < 0 ? 0 : ns;
  in->xinner = (unsigned char)xinner;
  rt_exact_update();
}

/* `in` is published, its locations in caddr */
void rt_direct_begin(rt_inst* in) {
  for (int k = 0; k < in->site->nlocs; ++k)
    rt_filter_add(in->addr[k], in->size[k], 1);
  rt_direct_begun(in);
}

_Thread_local const chorus_rt_pa_site* rt_tl_held;

void rt_direct_begun(rt_inst* in) {
  rt_direct_prepare(in);
  rt_count(1, 1);
  /* LIVE from BEGIN on: every observation variable false, so e has the
   * same value at every BEGIN of a site (the last site found true is
   * not evaluated again) */
  if (in->site == rt_tl_held)
    return;
  rt_event ev = {0};
  ev.type = RT_BEGIN;
  ev.tid = in->tid;
  ev.pc = __builtin_return_address(0);
  uint64_t failed_before = atomic_load(&in->failed_gen);
  eval(in, in->gen, in->site, in->tid, in->caddr, in->size, &ev);
  if (atomic_load(&in->failed_gen) == failed_before)
    rt_tl_held = in->site;
}

void rt_direct_end(rt_inst* in) {
  for (int k = 0; k < in->site->nlocs; ++k)
    rt_filter_add(in->addr[k], in->size[k], -1);
  rt_count(0, 1 + rt_tl_events);
  rt_tl_events = 0;
}

void rt_direct_moved(rt_inst* in, int k, uintptr_t now) {
  uintptr_t old = in->addr[k];
  rt_table_open();
  __atomic_store_n(&in->caddr[k], now, __ATOMIC_RELAXED);
  rt_table_close();
  in->addr[k] = now;
  rt_filter_add(now, in->size[k], 1);
  rt_filter_add(old, in->size[k], -1);
  if (in->site->nlocs == 1)
    rt_direct_prepare1(in, 0);
  else
    rt_direct_prepare(in);
}

int rt_direct_quick(uintptr_t a, unsigned long n, int write) {
  rt_inst* in = rt_tl_live;
  if (!in || in->next_live || !in->direct || n - 1 > 15)
    return 0;
  /* the filter's counts at the access's granules against those of the
   * instance's own locations there (unhashed: a location that counts at
   * an entry only through the hash makes the access go the long way) */
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  uintptr_t g0 = a >> 3, g1 = (a + n - 1) >> 3;
  unsigned own0 = 0, own1 = 0, mask = 0;
  const chorus_rt_pa_site* site = in->site;
  const int nl = site->nlocs;
  for (int k = 0; k < nl; ++k) {
    uintptr_t b = in->addr[k];
    unsigned long sz = in->size[k] ? in->size[k] : 1;
    uintptr_t l0 = b >> 3, span = ((b + sz - 1) >> 3) - l0;
    if (span > m)
      return 0;
    own0 += g0 - l0 <= span;
    own1 += g1 - l0 <= span;
    mask |= (unsigned)(a < b + sz && b < a + n) << k;
  }
  if (atomic_load(&rt_filter[g0 & m]) != own0 || atomic_load(&rt_filter[g1 & m]) != own1)
    return 0; /* another thread's instance may name these bytes */
  if (!mask)
    return 1;
  unsigned key = rt_access_key(mask, write, 0);
  rt_memo* me = rt_memo_of(site, key);
  if (me->site != site || me->key != key)
    return 0;
  ++rt_tl_events;
  return 1;
}

/* the other threads' instances that the access `ev` concerns, checked;
 * how many (apart: its copies of the tables take room) */
__attribute__((noinline)) static long others(rt_event* ev) {
  if (ev->tid < 0)
    ev->tid = rt_tid();
  long checked = 0;
  int np = rt_ntables();
  for (int i = 0; i < np; ++i) {
    rt_table* p = rt_other_table(i);
    if (!p)
      continue;
    rt_seen s[RT_TABLE_MAX];
    int found = rt_table_scan(p, RT_SCAN_DIRECT, ev->addr, ev->size, s);
    for (int j = 0; j < found; ++j)
      eval(s[j].in, s[j].gen, s[j].site, s[j].tid, s[j].addr, s[j].size, ev);
    checked += found;
  }
  return checked;
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
  ev.tid = -1; /* known when needed */
  long checked = 0;
  /* the thread's own instances (the logged ones count in the filter too);
   * an access found true before for the site needs no evaluation */
  for (rt_inst* in = rt_tl_live; in; in = in->next_live) {
    unsigned mask = 0;
    const chorus_rt_pa_site* site = in->site;
    for (int k = 0; k < site->nlocs; ++k) {
      own0 += (unsigned)covers(in->addr[k], in->size[k], h0);
      own1 += (unsigned)covers(in->addr[k], in->size[k], h1);
      mask |= (unsigned)overlaps(a, n, in->addr[k], in->size[k]) << k;
    }
    if (!mask || !in->direct)
      continue;
    ++checked;
    unsigned key = rt_access_key(mask, write, 0);
    rt_memo* me = rt_memo_of(site, key);
    if (me->site == site && me->key == key)
      continue;
    if (ev.tid < 0)
      ev.tid = rt_tid();
    eval(in, in->gen, site, in->tid, in->caddr, in->size, &ev);
  }
  if (f0 > own0 || f1 > own1 || n > 16) /* (a long access: its middle too) */
    checked += others(&ev);
  if (checked)
    rt_count(0, checked);
}
