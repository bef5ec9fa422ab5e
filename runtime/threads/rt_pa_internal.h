/* Private interface of runtime/threads (README.md): the timeline of events
 * (rt_log.c), the access hooks (rt_hooks.c), BEGIN/END and the relocation
 * of an instance's locations (rt_scope.c), and the checker (rt_check.c). */
#ifndef CHORUS_RT_PA_INTERNAL_H
#define CHORUS_RT_PA_INTERNAL_H

#include "chorus_rt_threads.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Seed 003 §III-A: READ, WRITE, BEGIN_PASSERT, END_PASSERT; MOVE says that a
 * location of a live instance is now at another address (its variables
 * changed in the asserting thread). */
enum { RT_READ = 1, RT_WRITE, RT_BEGIN, RT_END, RT_MOVE };

/* instance records of sites with at most RT_SMALL locations and latches
 * are pooled per thread (rt_scope.c) */
#define RT_SMALL 8
#define RT_MAX_THREADS 4096
#define RT_TABLE_MAX 16 /* published instances per thread (rt_table.c) */
#define RT_FSLOTS 32    /* filter entries of a record's locations, listed */

/* the memory an instance's locations are computed from: the bytes its
 * `locate` block read (n = -1: more than RT_DEPS ranges) */
#define RT_DEPS 16
typedef struct rt_deps {
  int n;
  uintptr_t a[RT_DEPS];
  unsigned long len[RT_DEPS];
} rt_deps;

struct chorus_rt_pa_inst {
  const chorus_rt_pa_site* site;
  int tid; /* the asserting thread */
  /* the asserting thread's side */
  chorus_rt_pa_locate locate;
  chorus_rt_pa_locate_d locate_d;      /* (chorus_rt_pa_begin_d: instead of locate) */
  struct chorus_rt_pa_inst* next_live; /* the thread's live instances */
  uintptr_t* addr;                     /* where the locations are now */
  rt_deps deps;
  /* chorus_rt_pa_begin_d: what the block returned when it last gave deps
   * (rawn -1: not known), and where its literal was; the same again gives
   * the same deps (rt_scope.c: locate) */
  int rawn;
  uintptr_t rawlo, rawhi;
  const void* raw[RT_DEPS];
  unsigned long rawlen[RT_DEPS];
  int published; /* in the thread's table (rt_table.c) */
  /* the checker's side */
  uintptr_t* caddr; /* the locations as of the event checked */
  unsigned long* size;
  unsigned char* kind;
  unsigned char* latch;
  uint64_t (*cval)[2]; /* the values of the locations e compares */
  int failed;
  /* direct instances (rt_direct.c): checked by the accessing thread */
  int direct;
  uint64_t gen;                            /* BEGINs of this record */
  _Atomic uint64_t failed_gen;             /* the last generation reported */
  struct chorus_rt_pa_inst* _Atomic* home; /* pooled: the owner's list of returned records */
  struct chorus_rt_pa_inst* next_free;
  /* a direct instance, for its own thread's accesses of exactly one of its
   * locations (rt_hooks.c; rt_direct_prepare): the filter's count at
   * location k's granule when no other instance counts there (0: k is not
   * within one granule), and whether e is known true (the thread's memo)
   * at a read (bit 0) and at a write (bit 1) of exactly k by this thread,
   * and the locations that such an access overlaps (for which known_true
   * holds: it stays true while the record has the site) */
  unsigned short fown[RT_SMALL];
  unsigned char known_true[RT_SMALL];
  unsigned char kmask[RT_SMALL];
  /* (several locations) location k not within one granule, overlapping no
   * other: the bytes [ilo[k], ihi[k]) of it whose granules no other of its
   * locations counts at in the filter, so that the thread's access inside
   * them, within one granule (`ring[i]` inside `ring`), is as exact as an
   * access of k itself (same key, known_true[k]; the filter counts 1 there
   * when no other instance names the bytes); ihi[k] 0: none */
  uintptr_t ilo[RT_SMALL], ihi[RT_SMALL];
  unsigned char xinner; /* the locations k that have such bytes (bit k) */
  /* (several locations) the filter's entries their granules count at, one
   * per granule of each, for BEGIN and END of the record at the same
   * locations (rt_direct_prepare; nfslot 0: not known) */
  unsigned short fslot[RT_FSLOTS];
  int nfslot;
  /* its one location and known truths, for the entry point (rt_tl_exact) */
  uintptr_t xa;
  unsigned long xn;
  unsigned char xrw;
  unsigned char xnl; /* its locations (more than one: xa is 0, each is looked at) */
};
typedef struct chorus_rt_pa_inst rt_inst;

typedef struct rt_event {
  uint64_t ts; /* the global order: an atomic counter */
  uintptr_t addr;
  void* pc;
  rt_inst* inst;   /* BEGIN, END, MOVE */
  uint64_t val[2]; /* MOVE: the value at the new address */
  uint32_t size;
  int loc; /* MOVE: which location */
  int tid;
  unsigned char type;
} rt_event;

/* rt_log.c: per-thread logs */
/* > 0 while a thread may have a live instance: threads join at a BEGIN
 * and leave once they have had none for a while (rt_direct.c) */
extern _Atomic long rt_live_total;
extern _Atomic long rt_live_logged; /* live instances the checker thread checks */
extern _Atomic uint64_t rt_clock;   /* the last timestamp given */
extern _Atomic uint64_t rt_done;    /* the last timestamp the checker processed */
extern int rt_fail_stop;
extern _Atomic int rt_stopped;
extern _Atomic int rt_finishing;    /* at exit or a fatal signal: no waiting */
extern _Thread_local int rt_tl_tid; /* -1: not numbered yet */
int rt_tid_slow(void);
static inline int rt_tid(void) {
  return rt_tl_tid >= 0 ? rt_tl_tid : rt_tid_slow();
}
/* appends an event to the calling thread's log (fail-stop: waits for the
 * checker as README.md says) */
void rt_log(unsigned char type, uintptr_t addr, uint32_t size, rt_inst* inst, int loc, void* pc,
            const uint64_t* val);
typedef struct rt_log_t rt_log_t;
int rt_nlogs(void);
/* the first unconsumed event of log i, or NULL; rt_pop consumes it */
const rt_event* rt_peek(int i);
void rt_pop(int i);
uint64_t rt_pending(int i); /* unconsumed events of log i */
void rt_start(void);        /* at the first BEGIN: exit and signal handlers */
void rt_watch_check(
    void); /* at start: every unit was filtered knowing every assertion (rt_watch.c) */
void rt_start_checker(void); /* starts the checker thread once */
int rt_real_create(void* thr, void* (*fn)(void*), void* arg);

/* the location filter: counters of 8-byte granules (hashed) covered by the
 * locations of live instances */
#define RT_FILTER_BITS 16
extern _Atomic unsigned short rt_filter[1u << RT_FILTER_BITS];
void rt_filter_add_range(uintptr_t a, unsigned long n, int d);
static inline void rt_filter_add(uintptr_t a, unsigned long n, int d) {
  if (n - 1 < 8 && (a >> 3) == ((a + n - 1) >> 3)) /* one granule */
    atomic_fetch_add_explicit(&rt_filter[(a >> 3) & ((1u << RT_FILTER_BITS) - 1)],
                              (unsigned short)d, memory_order_seq_cst);
  else
    rt_filter_add_range(a, n, d);
}
static inline int rt_filter_hit(uintptr_t a, unsigned long n) {
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  return atomic_load_explicit(&rt_filter[(a >> 3) & m], memory_order_relaxed) |
         atomic_load_explicit(&rt_filter[((a + n - 1) >> 3) & m], memory_order_relaxed);
}
/* every granule of [a, a + n), for accesses of any size */
int rt_filter_covers(uintptr_t a, unsigned long n);

/* rt_scope.c: the calling thread's live instances follow its variables */
void rt_retire(rt_inst* in); /* the checker is done with `in` (after END) */
extern _Thread_local rt_inst* rt_tl_live;
extern _Thread_local int rt_tl_inside; /* in the runtime: accesses are not events */
void rt_relocate(void);
/* the bytes at [a, a + n) (n <= 16; atomically when n <= 8) */
void rt_snapshot(uintptr_t a, unsigned long n, uint64_t out[2]);

/* rt_table.c: each thread's live instances, readable by all threads */
typedef struct rt_table rt_table;
rt_table* rt_my_table(void); /* NULL: too many threads */
int rt_ntables(void);
rt_table* rt_other_table(int i); /* NULL: the caller's, or no live instance */
int rt_publish(rt_inst* in);     /* 0: the table is full */
void rt_withdraw(rt_inst* in);
/* the owner changes a published instance: the calling thread's table's
 * sequence number odd, then even again (readers retry) */
extern _Thread_local _Atomic unsigned* rt_tl_seq;
static inline void rt_table_open(void) {
  _Atomic unsigned* q = rt_tl_seq;
  atomic_store_explicit(q, atomic_load_explicit(q, memory_order_relaxed) + 1, memory_order_relaxed);
  atomic_thread_fence(memory_order_release);
}
static inline void rt_table_close(void) {
  _Atomic unsigned* q = rt_tl_seq;
  atomic_store_explicit(q, atomic_load_explicit(q, memory_order_relaxed) + 1, memory_order_release);
}
/* the calling thread's counts of instances and events (for the summary),
 * in its table (NULL: it has none yet) */
typedef struct rt_counts {
  _Atomic long instances, events;
} rt_counts;
extern _Thread_local rt_counts* rt_tl_counts;
/* events of the thread's direct instances not counted yet (rt_direct_end
 * adds them) */
extern _Thread_local long rt_tl_events;
void rt_count_slow(long instances, long events);
static inline __attribute__((always_inline)) void rt_count(long instances, long events) {
  rt_counts* c = rt_tl_counts;
  if (!c) {
    rt_count_slow(instances, events);
    return;
  }
  /* only the owner writes them */
  atomic_store_explicit(&c->instances,
                        atomic_load_explicit(&c->instances, memory_order_relaxed) + instances,
                        memory_order_relaxed);
  atomic_store_explicit(&c->events, atomic_load_explicit(&c->events, memory_order_relaxed) + events,
                        memory_order_relaxed);
}
void rt_table_counts(long* instances, long* events);
/* another thread marked the caller's table */
extern _Thread_local _Atomic int* rt_tl_marked;
static inline int rt_dirty(void) {
  return rt_tl_marked && atomic_load_explicit(rt_tl_marked, memory_order_relaxed);
}
void rt_clean(void);
void rt_mark(rt_table* p);
typedef struct rt_seen {
  rt_inst* in;
  uint64_t gen;
  const chorus_rt_pa_site* site;
  int tid;
  uintptr_t addr[RT_SMALL];
  unsigned long size[RT_SMALL];
} rt_seen;
enum { RT_SCAN_DIRECT, RT_SCAN_DEPS };
int rt_table_scan(rt_table* p, int what, uintptr_t a, unsigned long n, rt_seen* out);

/* rt_direct.c: instances whose e reads neither values nor latches are
 * checked by the thread that accesses one of their locations, at the
 * access (no log, no checker thread) */
int rt_direct_ok(const chorus_rt_pa_site* site, const unsigned char* kinds);
void rt_direct_begin(rt_inst* in); /* raises the filter for its locations, then: */
void rt_direct_begun(rt_inst* in); /* prepares the inline check, evaluates at BEGIN */
/* the last site whose e the thread found true at BEGIN (every observation
 * variable false: the same at each BEGIN of the site) */
extern _Thread_local const chorus_rt_pa_site* rt_tl_held;
void rt_direct_end(rt_inst* in); /* lowers the filter, counts (the record lingers: rt_scope.c) */
/* rt_scope.c: ends the thread's lingering instance (an ended direct instance
 * kept for the next BEGIN of its site) for good */
void rt_linger_flush(void);
void rt_direct_moved(rt_inst* in, int k, uintptr_t now); /* in->addr[k] := now */
/* fown and known_true of `in` (its locations changed) */
void rt_direct_prepare(rt_inst* in);
/* the commonest event, decided in the entry point (rt_hooks.c): the
 * calling thread's access of the one location of its only live instance
 * (rt_tl_exact; NULL: none such), a direct one whose location is within a
 * granule (xa, xn) and at which e is known true for the thread's read
 * (bit 0 of xrw) or write (bit 1), while the filter counts only it there */
extern _Thread_local rt_inst* rt_tl_exact;
extern _Thread_local uintptr_t rt_tl_stack_lo, rt_tl_stack_hi; /* (below) */
/* after the thread's live instances, or the locations or known truths of
 * its only one, changed (`in`: the thread's latest live instance, direct,
 * of one location) */
static inline void rt_exact_of(rt_inst* in) {
  /* (the thread's stack known: a write to it is told apart, as in the
   * entry point's other paths) */
  if (in->next_live || !in->fown[0] || !rt_tl_stack_hi) {
    rt_tl_exact = NULL;
    return;
  }
  in->xa = in->addr[0];
  in->xn = in->size[0];
  in->xrw = in->known_true[0];
  in->xnl = 1;
  rt_tl_exact = in;
}
/* (of several locations: each one's fown and known_true) */
static inline void rt_exact_of_n(rt_inst* in, int n) {
  in->xa = 0;
  in->xnl = (unsigned char)n;
  rt_tl_exact = !in->next_live && rt_tl_stack_hi ? in : NULL;
}
static inline void rt_exact_update(void) {
  rt_inst* in = rt_tl_live;
  if (!in || !in->direct)
    rt_tl_exact = NULL;
  else if (in->site->nlocs == 1)
    rt_exact_of(in);
  else
    rt_exact_of_n(in, in->site->nlocs);
}

/* e's truth at an access is a function of the site and the event's
 * observation variables alone: whether the access is the asserting
 * thread's, a read or a write, and which locations it overlaps. Each
 * thread remembers the accesses found true (a small direct-mapped cache),
 * so that an access evaluates e once per kind, not at each time. */
typedef struct rt_memo {
  const chorus_rt_pa_site* site;
  unsigned key;
} rt_memo;
#define RT_MEMO 64
extern _Thread_local rt_memo rt_tl_memo[RT_MEMO];
/* the key of an access: the locations it overlaps, a write, another
 * thread's (0: not an access) */
static inline unsigned rt_access_key(unsigned mask, int write, int remote) {
  return mask | (unsigned)write << RT_SMALL | (unsigned)remote << (RT_SMALL + 1) |
         1u << (RT_SMALL + 2);
}
static inline rt_memo* rt_memo_of(const chorus_rt_pa_site* site, unsigned key) {
  return &rt_tl_memo[(((uintptr_t)site >> 4) ^ key ^ (key >> 7)) % RT_MEMO];
}
/* rt_direct_prepare of an instance of one location (which overlaps only
 * itself); e once known true at an access of the thread stays so */
/* known_true of an instance of one location (kmask 1): from the memo */
static inline void rt_known_true1(rt_inst* in) {
  const chorus_rt_pa_site* site = in->site;
  for (int w = 0; w < 2; ++w)
    if (!(in->known_true[0] >> w & 1)) {
      unsigned key = rt_access_key(1, w, 0);
      const rt_memo* me = rt_memo_of(site, key);
      if (me->site == site && me->key == key)
        in->known_true[0] |= (unsigned char)(1u << w);
    }
}
static inline __attribute__((always_inline)) void rt_direct_prepare1(rt_inst* in, int head) {
  uintptr_t a = in->addr[0];
  in->fown[0] = in->size[0] - 1 <= 15 && (a >> 3) == ((a + in->size[0] - 1) >> 3);
  if (in->kmask[0] != 1) {
    in->kmask[0] = 1;
    in->known_true[0] = 0;
  }
  if (in->known_true[0] != 3)
    rt_known_true1(in);
  if (head) /* (`in` is the thread's latest live instance, direct) */
    rt_exact_of(in);
  else
    rt_exact_update();
}
void rt_direct_access(uintptr_t a, unsigned long n, int write, void* pc);
/* the access concerns only the calling thread's one live instance, a
 * direct one, and is known to leave its e true: counted, nothing else to
 * do (1); otherwise 0 (rt_direct_access) */
int rt_direct_quick(uintptr_t a, unsigned long n, int write);
/* the thread counts toward rt_live_total; its accesses since its last
 * region */
extern _Thread_local int rt_tl_joined;
extern _Thread_local unsigned rt_tl_quiet;
void rt_join_slow(void);
static inline void rt_join(void) { /* the calling thread may have live instances */
  rt_tl_quiet = 0;
  if (!rt_tl_joined)
    rt_join_slow();
}
void rt_idle(void); /* it has none: leave after a while */

/* rt_scope.c: what moves a location (the memory it is computed from) */
extern _Thread_local rt_deps* rt_tl_recording; /* `locate` runs: its reads */
extern _Thread_local int rt_tl_dirty;          /* re-compute at the next access */
static inline int rt_dep_overlaps(const rt_deps* d, uintptr_t a, unsigned long n) {
  for (int k = 0; k < d->n; ++k)
    if (a < d->a[k] + d->len[k] && d->a[k] < a + n)
      return 1;
  return 0;
}
int rt_relocate_quick(void); /* rt_relocate's commonest case (0: not it) */
void rt_dep_read(uintptr_t a, unsigned long n);
void rt_dep_written(uintptr_t a, unsigned long n);
/* a granule of every byte that ever was such memory (8-byte granules,
 * hashed; never cleared) */
#define RT_DEPMAP_BITS 16
extern _Atomic unsigned char rt_depmap[1u << RT_DEPMAP_BITS];
static inline int rt_depmap_hit(uintptr_t a, unsigned long n) {
  const uintptr_t m = (1u << RT_DEPMAP_BITS) - 1;
  return atomic_load_explicit(&rt_depmap[(a >> 3) & m], memory_order_relaxed) |
         atomic_load_explicit(&rt_depmap[((a + n - 1) >> 3) & m], memory_order_relaxed);
}
/* the calling thread's stack (hi == 0: not known yet) */
extern _Thread_local uintptr_t rt_tl_stack_lo, rt_tl_stack_hi;
static inline int rt_own_stack(uintptr_t a) {
  return a >= rt_tl_stack_lo && a < rt_tl_stack_hi;
}
/* a table to mark again at the thread's next write (rt_dep_written) */
extern _Thread_local rt_table* rt_tl_remark;

/* rt_check.c */
void* rt_checker(void* unused);
void rt_finish(void);
/* reports the failure of `in` at `e` (any thread; serialized) */
void rt_report(rt_inst* in, const rt_event* e);
void rt_eval(rt_inst* in, const rt_event* e, int* failed);

#endif
