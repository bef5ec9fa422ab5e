/* BEGIN and END of a parallel assertion instance (seed 003 §III-D), and the
 * asserting thread's side of its locations: they are computed at BEGIN and
 * again at the thread's next instrumented access after a write of memory
 * they are computed from, while the instance is live (the verifier
 * evaluates e in the region's frame: `items[slot]` follows `slot`); a
 * location that moved is a MOVE event (direct instances: a change of the
 * thread's table). */
#define _GNU_SOURCE
#include "rt_pa_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Thread_local rt_inst* rt_tl_live;
_Thread_local int rt_tl_inside;

/* Instance records: those of sites with at most RT_SMALL locations and
 * latches go back to their thread when the checker is done with them (a
 * list the checker pushes to and the thread takes whole), so a region costs
 * no malloc/free; the others the checker frees. */
static _Thread_local rt_inst* tl_free;
static _Thread_local rt_inst* _Atomic* tl_home; /* never freed: the checker may push late */

void rt_retire(rt_inst* in) {
  if (!in->home) {
    free(in);
    return;
  }
  rt_inst* h = atomic_load_explicit(in->home, memory_order_relaxed);
  do
    in->next_free = h;
  while (!atomic_compare_exchange_weak_explicit(in->home, &h, in, memory_order_release,
                                                memory_order_relaxed));
}

static rt_inst* record(const chorus_rt_pa_site* site) {
  int small = site->nlocs <= RT_SMALL && site->nlatches <= RT_SMALL;
  if (small) {
    if (!tl_home)
      tl_home = calloc(1, sizeof *tl_home);
    if (!tl_free && tl_home)
      tl_free = atomic_exchange_explicit(tl_home, NULL, memory_order_acquire);
    if (tl_free) {
      rt_inst* r = tl_free;
      tl_free = r->next_free;
      r->failed = 0;
      return r;
    }
  }
  size_t words = (size_t)(small ? RT_SMALL : site->nlocs ? site->nlocs : 1);
  size_t latches = (size_t)(small ? RT_SMALL : site->nlatches);
  rt_inst* in = calloc(1, sizeof *in + words * (5 * sizeof(uint64_t) + 2) + latches + 1);
  if (!in) {
    fprintf(stderr, "chorus-rt: out of memory for a parallel assertion instance\n");
    _exit(3);
  }
  in->cval = (uint64_t(*)[2])(in + 1);
  in->addr = (uintptr_t*)(in->cval + words);
  in->caddr = in->addr + words;
  in->size = (unsigned long*)(in->caddr + words);
  in->kind = (unsigned char*)(in->size + words);
  in->latch = in->kind + words;
  in->home = small ? tl_home : NULL;
  in->rawn = -1;
  return in;
}

/* --- what moves a location. `locate` is run with its reads recorded: the
 * bytes it read are what the locations are computed from (the variables
 * they are made of, and the memory a pointer among them leads to). A
 * write of those bytes marks the instance's thread, which re-computes its
 * locations at its next access (the hook runs before the write). A write
 * by the thread to its own stack is compared with its own instances only;
 * other writes first with a map of every granule that was ever such a
 * byte, then with the tables of the threads (rt_table.c). */

_Thread_local rt_deps* rt_tl_recording;
_Thread_local int rt_tl_dirty;
_Thread_local uintptr_t rt_tl_stack_lo, rt_tl_stack_hi;
_Thread_local rt_table* rt_tl_remark;
_Atomic unsigned char rt_depmap[1u << RT_DEPMAP_BITS];

static void stack_bounds(void) {
  pthread_attr_t at;
  void* lo = NULL;
  size_t n = 0;
  if (pthread_getattr_np(pthread_self(), &at) == 0) {
    pthread_attr_getstack(&at, &lo, &n);
    pthread_attr_destroy(&at);
  }
  rt_tl_stack_lo = (uintptr_t)lo;
  rt_tl_stack_hi = (uintptr_t)lo + n;
  if (!rt_tl_stack_hi)
    rt_tl_stack_hi = 1; /* unknown: no stack */
}

/* the block literal `locate` runs from: its captured variables are copies
 * that never change (what they point to is read, and recorded, apart) */
static _Thread_local uintptr_t tl_block_lo, tl_block_hi;

/* the memory map of what locations are computed from, for [a, a + n) */
static void depmap_mark(uintptr_t a, unsigned long n) {
  const uintptr_t m = (1u << RT_DEPMAP_BITS) - 1;
  for (uintptr_t g = a >> 3; g <= (a + n - 1) >> 3; ++g)
    if (!atomic_load_explicit(&rt_depmap[g & m], memory_order_relaxed))
      atomic_store_explicit(&rt_depmap[g & m], 1, memory_order_seq_cst);
}

void rt_dep_read(uintptr_t a, unsigned long n) {
  rt_deps* d = rt_tl_recording;
  if (d->n < 0 || !n || (a >= tl_block_lo && a + n <= tl_block_hi))
    return;
  if (d->n > 0 && d->a[d->n - 1] == a && d->len[d->n - 1] == n)
    return;
  if (d->n == RT_DEPS) {
    d->n = -1;
    return;
  }
  d->a[d->n] = a;
  d->len[d->n++] = n;
  depmap_mark(a, n);
}

void rt_dep_written(uintptr_t a, unsigned long n) {
  if (rt_tl_remark) { /* the write of the last marking has happened now */
    rt_mark(rt_tl_remark);
    rt_tl_remark = NULL;
  }
  if (!rt_tl_stack_hi)
    stack_bounds();
  int own_stack = a >= rt_tl_stack_lo && a < rt_tl_stack_hi;
  if (own_stack && !rt_tl_live)
    return;
  if (!own_stack && n <= 16 && !rt_depmap_hit(a, n))
    return; /* (a longer write is compared with the tables) */
  for (rt_inst* in = rt_tl_live; in; in = in->next_live)
    if (rt_dep_overlaps(&in->deps, a, n))
      rt_tl_dirty = 1;
  if (own_stack)
    return;
  int nt = rt_ntables();
  for (int i = 0; i < nt; ++i) {
    rt_table* p = rt_other_table(i);
    if (p && rt_table_scan(p, RT_SCAN_DEPS, a, n, NULL)) {
      rt_mark(p);
      rt_tl_remark = p; /* once more at this thread's next write */
    }
  }
}

/* clang's block literal: isa, flags, reserved, invoke, descriptor (whose
 * second word is the literal's size), then the captured variables */
struct block_literal {
  void* isa;
  int flags, reserved;
  void (*invoke)(void);
  const unsigned long* descriptor;
};

/* the locations of `in` into addr, what they are computed from into deps
 * (`before`: what they were computed from, already in the map; it is
 * in->deps or deps is); 1: the same as `before` (then deps, when it is not
 * `before`, is left as it was) */
static int locate(rt_inst* in, uintptr_t* addr, rt_deps* deps, const rt_deps* before) {
  if (in->locate_d) {
    /* the block names what it reads (its accesses are not instrumented:
     * chorus cc's static filter), in the arrays of deps; the copies of
     * its literal (variables it captured by value) never change */
    const struct block_literal* b = (const struct block_literal*)(const void*)in->locate_d;
    uintptr_t lo = (uintptr_t)b, hi = lo + b->descriptor[1];
    const void* dep[RT_DEPS];
    unsigned long dlen[RT_DEPS];
    ++rt_tl_inside;
    int n = in->locate_d((void**)addr, dep, dlen);
    --rt_tl_inside;
    if (n > RT_DEPS)
      n = RT_DEPS;
    if (n == in->rawn && lo == in->rawlo && hi == in->rawhi) {
      /* what gave in->deps (a loop of regions: the same variables) */
      int i = 0;
      while (i < n && dep[i] == in->raw[i] && dlen[i] == in->rawlen[i])
        ++i;
      if (i == n)
        return 1;
    }
    int kept = 0, differ = 0, nbefore = before->n;
    for (int i = 0; i < n; ++i) {
      uintptr_t a = (uintptr_t)dep[i];
      unsigned long len = dlen[i];
      if (!len || (a >= lo && a + len <= hi))
        continue;
      if (kept >= nbefore || before->a[kept] != a || before->len[kept] != len) {
        depmap_mark(a, len); /* (else marked before: never cleared) */
        differ = 1;
      }
      deps->a[kept] = a;
      deps->len[kept++] = len;
    }
    deps->n = kept;
    int same = !differ && kept == nbefore;
    in->rawn = -1;
    if (same || deps == &in->deps) { /* what gives in->deps now */
      for (int i = 0; i < n; ++i) {
        in->raw[i] = dep[i];
        in->rawlen[i] = dlen[i];
      }
      in->rawn = n;
      in->rawlo = lo;
      in->rawhi = hi;
    }
    return same;
  }
  in->rawn = -1;
  deps->n = 0;
  const struct block_literal* b = (const struct block_literal*)(const void*)in->locate;
  tl_block_lo = (uintptr_t)b;
  tl_block_hi = (uintptr_t)b + b->descriptor[1];
  rt_tl_recording = deps;
  ++rt_tl_inside;
  in->locate((void**)addr);
  --rt_tl_inside;
  rt_tl_recording = NULL;
  if (deps == before || deps->n != before->n)
    return 0;
  for (int i = 0; i < deps->n; ++i)
    if (deps->a[i] != before->a[i] || deps->len[i] != before->len[i])
      return 0;
  return 1;
}

/* in->deps := *d (the owner, its table open when `in` is published) */
static void set_deps(rt_inst* in, const rt_deps* d) {
  __atomic_store_n(&in->deps.n, d->n, __ATOMIC_RELAXED);
  for (int k = 0; k < d->n; ++k) {
    __atomic_store_n(&in->deps.a[k], d->a[k], __ATOMIC_RELAXED);
    __atomic_store_n(&in->deps.len[k], d->len[k], __ATOMIC_RELAXED);
  }
}

/* an ended direct instance, its record still in the thread's table (not
 * direct: no thread checks it; its locations are out of the filter) for
 * the next BEGIN, which reuses it when it is of the same site (fluid's
 * loop: no withdrawing and publishing again) and ends it for good
 * otherwise, as the thread's leaving does (rt_direct.c) */
static _Thread_local rt_inst* tl_linger;

void rt_linger_flush(void) {
  rt_inst* in = tl_linger;
  if (!in)
    return;
  tl_linger = NULL;
  rt_withdraw(in);
  in->next_free = tl_free; /* a small record: pooled */
  tl_free = in;
}

/* BEGIN of the lingering instance's site again: the record, its table
 * entry and its filter counts are reused; only what moved changes */
static rt_inst* relive(rt_inst* in, chorus_rt_pa_locate locate_, chorus_rt_pa_locate_d locate_d) {
  tl_linger = NULL;
  int n = in->site->nlocs; /* at most RT_SMALL (direct) */
  uintptr_t now[RT_SMALL];
  rt_deps d;
  in->locate = locate_;
  in->locate_d = locate_d;
  int same = locate(in, now, &d, &in->deps);
  rt_table_open();
  __atomic_store_n(&in->gen, in->gen + 1, __ATOMIC_RELAXED);
  for (int k = 0; k < n; ++k)
    __atomic_store_n(&in->caddr[k], now[k], __ATOMIC_RELAXED);
  if (!same)
    set_deps(in, &d);
  __atomic_store_n(&in->direct, 1, __ATOMIC_RELAXED);
  rt_table_close();
  /* published before the filter is raised for its locations */
  for (int k = 0; k < n; ++k) {
    in->addr[k] = now[k];
    rt_filter_add(now[k], in->size[k], 1);
  }
  if (in->deps.n < 0)
    rt_tl_dirty = 1;
  in->next_live = rt_tl_live;
  rt_tl_live = in;
  rt_direct_begun(in);
  return in;
}

/* (pc: the region's) */
__attribute__((noinline)) static rt_inst*
begin(const chorus_rt_pa_site* site, chorus_rt_pa_locate locate_, chorus_rt_pa_locate_d locate_d,
      const unsigned long* sizes, const unsigned char* kinds, void* pc);

chorus_rt_pa_scope chorus_rt_pa_begin(const chorus_rt_pa_site* site, chorus_rt_pa_locate locate_,
                                      const unsigned long* sizes, const unsigned char* kinds) {
  return begin(site, locate_, NULL, sizes, kinds, __builtin_return_address(0));
}

/* relive, when the block names the same memory as the last time (a loop
 * of regions: the same variables): in->deps stands; NULL otherwise (the
 * block is called again there) */
static inline __attribute__((always_inline)) rt_inst*
relive_quick_n(rt_inst* in, chorus_rt_pa_locate_d locate_d, const int n);

static rt_inst* relive_quick(rt_inst* in, chorus_rt_pa_locate_d locate_d) {
  /* (one location: the loops unrolled) */
  return in->site->nlocs == 1 ? relive_quick_n(in, locate_d, 1)
                              : relive_quick_n(in, locate_d, in->site->nlocs);
}

static inline __attribute__((always_inline)) rt_inst*
relive_quick_n(rt_inst* in, chorus_rt_pa_locate_d locate_d, const int n) {
  const struct block_literal* b = (const struct block_literal*)(const void*)locate_d;
  uintptr_t lo = (uintptr_t)b, hi = lo + b->descriptor[1];
  if (in->rawn < 0 || lo != in->rawlo || hi != in->rawhi)
    return NULL;
  uintptr_t now[RT_SMALL];
  const void* dep[RT_DEPS];
  unsigned long dlen[RT_DEPS];
  ++rt_tl_inside;
  int nd = locate_d((void**)now, dep, dlen);
  --rt_tl_inside;
  if (nd != in->rawn)
    return NULL;
  for (int i = 0; i < nd; ++i)
    if (dep[i] != in->raw[i] || dlen[i] != in->rawlen[i])
      return NULL;
  tl_linger = NULL;
  rt_tl_quiet = 0;
  in->locate = NULL;
  in->locate_d = locate_d;
  /* (several locations: whether they are where they were, as the
   * record's published copies, caddr, still say: it lingered direct) */
  int same = n > 1 && in->nfslot;
  for (int k = 0; same && k < n; ++k)
    same &= in->addr[k] == now[k];
  rt_table_open();
  __atomic_store_n(&in->gen, in->gen + 1, __ATOMIC_RELAXED);
  for (int k = 0; !same && k < n; ++k)
    __atomic_store_n(&in->caddr[k], now[k], __ATOMIC_RELAXED);
  __atomic_store_n(&in->direct, 1, __ATOMIC_RELAXED);
  rt_table_close();
  /* published before the filter is raised for its locations */
  if (n == 1 && in->kmask[0] == 1 && in->site == rt_tl_held) {
    /* the commonest: one location, within a granule, e known true at
     * BEGIN (the rest of rt_direct_begun, as rt_direct_prepare1 does it) */
    uintptr_t a = now[0];
    unsigned long sz = in->size[0];
    if (sz - 1 <= 7 && (a >> 3) == ((a + sz - 1) >> 3)) {
      in->addr[0] = a;
      atomic_fetch_add(&rt_filter[(a >> 3) & ((1u << RT_FILTER_BITS) - 1)], 1);
      in->next_live = rt_tl_live;
      rt_tl_live = in;
      in->fown[0] = 1;
      if (in->known_true[0] != 3 && in->gen % 64 == 0) /* (as below) */
        rt_known_true1(in);
      in->xa = a;
      in->xn = sz;
      in->xrw = in->known_true[0];
      in->xnl = 1;
      rt_tl_exact = !in->next_live && rt_tl_stack_hi ? in : NULL;
      rt_count(1, 1);
      return in;
    }
  }
  if (same) { /* (the filter's entries of these locations are known) */
    for (int i = 0; i < in->nfslot; ++i)
      atomic_fetch_add(&rt_filter[in->fslot[i]], 1);
    in->next_live = rt_tl_live;
    rt_tl_live = in;
    if (in->site != rt_tl_held || in->gen % 64 == 0) {
      rt_direct_begun(in);
      return in;
    }
    /* (as below) */
    rt_exact_of_n(in, n);
    rt_count(1, 1);
    return in;
  }
  int moved = 0;
  for (int k = 0; k < n; ++k) {
    moved |= in->addr[k] != now[k];
    in->addr[k] = now[k];
    rt_filter_add(now[k], in->size[k], 1);
  }
  in->next_live = rt_tl_live;
  rt_tl_live = in;
  if (n > 1 && !moved && in->site == rt_tl_held && in->gen % 64) {
    /* the same locations as at the last BEGIN (BoundedBuffer's globals):
     * what rt_direct_prepare made of them stands (e found true at more of
     * the thread's accesses since: at every 64th BEGIN) */
    rt_exact_of_n(in, n);
    rt_count(1, 1);
    return in;
  }
  if (in->site != rt_tl_held || n != 1) {
    rt_direct_begun(in);
    return in;
  }
  /* rt_direct_begun of its commonest case: one location, e known true at
   * BEGIN (and, the commonest, at the thread's read and write of it) */
  if (in->kmask[0] != 1 || in->known_true[0] != 3) {
    rt_direct_prepare1(in, 1);
  } else {
    uintptr_t a = now[0];
    unsigned long sz = in->size[0];
    in->fown[0] = sz - 1 <= 15 && (a >> 3) == ((a + sz - 1) >> 3);
    in->xa = a;
    in->xn = sz;
    in->xrw = 3;
    rt_tl_exact = in->fown[0] && !in->next_live && rt_tl_stack_hi ? in : NULL;
  }
  rt_count(1, 1);
  return in;
}

chorus_rt_pa_scope chorus_rt_pa_begin_d(const chorus_rt_pa_site* site,
                                        chorus_rt_pa_locate_d locate_d, const unsigned long* sizes,
                                        const unsigned char* kinds) {
  rt_inst* in = tl_linger;
  if (in && in->site == site && rt_tl_joined) {
    rt_inst* r = relive_quick(in, locate_d);
    if (r)
      return r;
  }
  return begin(site, NULL, locate_d, sizes, kinds, __builtin_return_address(0));
}

__attribute__((noinline)) static rt_inst*
begin(const chorus_rt_pa_site* site, chorus_rt_pa_locate locate_, chorus_rt_pa_locate_d locate_d,
      const unsigned long* sizes, const unsigned char* kinds, void* pc) {
  if (!rt_tl_joined)
    rt_start(); /* (a thread joins after the start) */
  rt_join();
  if (tl_linger) {
    if (tl_linger->site == site)
      return relive(tl_linger, locate_, locate_d);
    rt_linger_flush();
  }
  int n = site->nlocs;
  rt_inst* in = record(site);
  if (in->site != site) { /* (a pooled record of the site has them) */
    for (int k = 0; k < n; ++k) {
      in->size[k] = sizes[k];
      in->kind[k] = kinds[k];
    }
    if (in->home)
      memset(in->kmask, 0, sizeof in->kmask); /* known_true is of another site */
  }
  in->site = site;
  in->tid = rt_tid();
  in->locate = locate_;
  in->locate_d = locate_d;
  ++in->gen;
  /* (a pooled record: what its last instance was computed from) */
  locate(in, in->addr, &in->deps, &in->deps);
  for (int k = 0; k < n; ++k)
    in->caddr[k] = in->addr[k];
  /* published: its own bytes move it, found by the tables; a big record
   * (the checker frees it) is not, and is re-computed at each access */
  in->published = in->home && rt_publish(in);
  if (!in->published) {
    in->deps.n = -1;
    in->rawn = -1;
  }
  if (in->deps.n < 0)
    rt_tl_dirty = 1;
  /* (a site's kinds are the same at each BEGIN) */
  static _Thread_local const chorus_rt_pa_site* direct_site;
  in->direct = in->published && (site == direct_site || rt_direct_ok(site, kinds));
  if (in->direct)
    direct_site = site;
  in->next_live = rt_tl_live;
  rt_tl_live = in;
  if (in->direct) {
    rt_direct_begin(in);
    return in;
  }
  rt_exact_update(); /* (none now) */
  memset(in->latch, 0, (size_t)(in->home ? RT_SMALL + 1 : site->nlatches));
  rt_start_checker();
  atomic_fetch_add(&rt_live_logged, 1);
  for (int k = 0; k < n; ++k) {
    if (in->kind[k] != CHORUS_RT_PA_OTHER)
      rt_snapshot(in->addr[k], in->size[k], in->cval[k]);
    rt_filter_add(in->addr[k], in->size[k], 1);
  }
  rt_log(RT_BEGIN, 0, 0, in, -1, pc, NULL);
  return in;
}

static void end(rt_inst* in, void* pc);

void chorus_rt_pa_end(chorus_rt_pa_scope* s) {
  rt_inst* in = *s;
  if (!in)
    return;
  if (in != rt_tl_live || !in->direct || tl_linger || in->next_live) {
    end(in, __builtin_return_address(0));
    return;
  }
  /* the commonest (as end below): the thread's only instance, direct */
  rt_tl_live = NULL;
  rt_tl_exact = NULL;
  rt_table_open();
  __atomic_store_n(&in->direct, 0, __ATOMIC_RELAXED);
  rt_table_close();
  const int n = in->site->nlocs;
  if (n == 1 && in->fown[0]) /* (within one granule) */
    atomic_fetch_sub(&rt_filter[(in->addr[0] >> 3) & ((1u << RT_FILTER_BITS) - 1)], 1);
  else if (n > 1 && in->nfslot) /* (rt_direct_prepare) */
    for (int i = 0; i < in->nfslot; ++i)
      atomic_fetch_sub(&rt_filter[in->fslot[i]], 1);
  else
    for (int k = 0; k < n; ++k)
      rt_filter_add(in->addr[k], in->size[k], -1);
  rt_count(0, 1 + rt_tl_events);
  rt_tl_events = 0;
  tl_linger = in;
}

__attribute__((noinline)) static void end(rt_inst* in, void* pc) {
  /* instances end in the reverse order of their BEGINs */
  for (rt_inst** p = &rt_tl_live; *p; p = &(*p)->next_live)
    if (*p == in) {
      *p = in->next_live;
      break;
    }
  rt_exact_update();
  if (in->direct) {
    /* it lingers: no thread checks it any more (not direct), but it stays
     * in the table until the next BEGIN, which reuses it for the same site
     * (fluid's loop) or ends it for good */
    rt_linger_flush();
    rt_table_open();
    __atomic_store_n(&in->direct, 0, __ATOMIC_RELAXED);
    rt_table_close();
    rt_direct_end(in);
    tl_linger = in;
    return;
  }
  if (in->published)
    rt_withdraw(in);
  uintptr_t addr[64];
  unsigned long size[64];
  int n = in->site->nlocs; /* at most 64 (chorus cc) */
  for (int k = 0; k < n; ++k) {
    addr[k] = in->addr[k];
    size[k] = in->size[k];
  }
  rt_log(RT_END, 0, 0, in, -1, pc, NULL);
  /* the checker frees `in` after END: only the copies are used here */
  for (int k = 0; k < n; ++k)
    rt_filter_add(addr[k], size[k], -1);
  atomic_fetch_sub(&rt_live_logged, 1);
}

void rt_snapshot(uintptr_t a, unsigned long n, uint64_t out[2]) {
  out[0] = out[1] = 0;
  switch (n) {
  case 1:
    out[0] = __atomic_load_n((const unsigned char*)a, __ATOMIC_RELAXED);
    break;
  case 2:
    out[0] = __atomic_load_n((const unsigned short*)a, __ATOMIC_RELAXED);
    break;
  case 4:
    out[0] = __atomic_load_n((const unsigned*)a, __ATOMIC_RELAXED);
    break;
  case 8:
    out[0] = __atomic_load_n((const unsigned long long*)a, __ATOMIC_RELAXED);
    break;
  default:
    memcpy(out, (const void*)a, n < 16 ? n : 16);
  }
}

/* rt_relocate of the commonest case: the thread's one live instance, a
 * direct one of one location, whose block names the same memory as the
 * last time; 0: not that case (the block may have been called) */
int rt_relocate_quick(void) {
  rt_inst* in = rt_tl_live;
  if (!in || in->next_live || !in->direct || !in->locate_d || in->site->nlocs != 1 || in->rawn < 0)
    return 0;
  const struct block_literal* b = (const struct block_literal*)(const void*)in->locate_d;
  uintptr_t lo = (uintptr_t)b, hi = lo + b->descriptor[1];
  if (lo != in->rawlo || hi != in->rawhi)
    return 0;
  uintptr_t now[1];
  const void* dep[RT_DEPS];
  unsigned long dlen[RT_DEPS];
  ++rt_tl_inside;
  int nd = in->locate_d((void**)now, dep, dlen);
  --rt_tl_inside;
  if (nd != in->rawn)
    return 0;
  for (int i = 0; i < nd; ++i)
    if (dep[i] != in->raw[i] || dlen[i] != in->rawlen[i])
      return 0;
  rt_tl_dirty = 0;
  rt_clean();
  uintptr_t a = now[0], old = in->addr[0];
  unsigned long sz = in->size[0];
  if (a != old && in->fown[0] && in->kmask[0] == 1 && sz - 1 <= 7 &&
      (a >> 3) == ((a + sz - 1) >> 3) && rt_tl_stack_hi) {
    /* rt_direct_moved of the commonest case (DualStack's `slot = top++`):
     * from one granule to another, as rt_direct_prepare1 and rt_exact_of
     * leave it (the known truths stand: the memo is asked at BEGIN) */
    const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
    rt_table_open();
    __atomic_store_n(&in->caddr[0], a, __ATOMIC_RELAXED);
    rt_table_close();
    in->addr[0] = a;
    atomic_fetch_add(&rt_filter[(a >> 3) & m], 1);
    atomic_fetch_sub(&rt_filter[(old >> 3) & m], 1);
    in->xa = a;
    in->xn = sz;
    in->xrw = in->known_true[0];
    in->xnl = 1;
    rt_tl_exact = in;
    return 1;
  }
  if (now[0] != in->addr[0]) {
    ++rt_tl_inside;
    rt_direct_moved(in, 0, now[0]);
    --rt_tl_inside;
  }
  return 1;
}

/* re-computes the locations of the thread's live instances (marked: a
 * byte they are computed from was written, or one has too many such
 * bytes to follow) */
void rt_relocate(void) {
  rt_tl_dirty = 0;
  rt_clean();
  for (rt_inst* in = rt_tl_live; in; in = in->next_live) {
    uintptr_t now[64];
    rt_deps d;
    int n = in->site->nlocs; /* at most 64 (chorus cc) */
    int same = locate(in, now, &d, &in->deps);
    if (!in->published) { /* (its deps are -1: re-computed at each access) */
      same = 1;
      rt_tl_dirty = 1;
    } else if (!same) {
      rt_table_open();
      set_deps(in, &d);
      rt_table_close();
    }
    if (in->deps.n < 0)
      rt_tl_dirty = 1;
    ++rt_tl_inside;
    for (int k = 0; k < n; ++k)
      if (now[k] != in->addr[k]) {
        if (in->direct) {
          rt_direct_moved(in, k, now[k]);
          continue;
        }
        rt_filter_add(now[k], in->size[k], 1);
        rt_filter_add(in->addr[k], in->size[k], -1);
        in->addr[k] = now[k];
        uint64_t v[2] = {0, 0};
        if (in->kind[k] != CHORUS_RT_PA_OTHER)
          rt_snapshot(now[k], in->size[k], v);
        rt_log(RT_MOVE, now[k], (uint32_t)in->size[k], in, k, __builtin_return_address(0), v);
      }
    --rt_tl_inside;
  }
}

/* The isa words of clang's block literals (`locate` is a stack block that
 * is only called, never copied: no Blocks run time is needed). Weak: a
 * program linked with a Blocks run time keeps that one. */
__attribute__((weak)) void* _NSConcreteStackBlock[32];
__attribute__((weak)) void* _NSConcreteGlobalBlock[32];
