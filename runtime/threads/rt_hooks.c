/* The instrumented accesses. `chorus cc` compiles a unit that uses pthreads
 * with clang's ThreadSanitizer instrumentation (-fsanitize=thread) but links
 * this library instead of ThreadSanitizer's run time: every load, store,
 * atomic operation and memcpy/memset/memmove of the program calls one of
 * the __tsan_* entry points below before it happens. While no parallel
 * assertion is live anywhere the entry point returns at once (one load of
 * a counter); otherwise an access is an event only when it touches a
 * location that a live instance names (the filter, then an exact test):
 * only the locations of live assertions are events (seed 003 §V). It is
 * checked at once against the direct instances (rt_direct.c) and logged
 * for the checker thread while other instances are live. */
#include "rt_pa_internal.h"

#include "../common/rt_json.h"

#include <stdlib.h>
#include <string.h>

#define LIKELY_OFF(x) __builtin_expect(!!(x), 0)
#define RA __builtin_return_address(0)

/* The commonest event: the asserting thread's access of exactly one
 * location of its only live instance, a direct one, where e was found true
 * before for such an access and only this instance counts in the filter
 * (rt_direct_prepare): counted, nothing else to do (1). */
static inline int own_exact(rt_inst* in, uintptr_t a, unsigned long n, int write) {
  if (!in || in->next_live || !in->direct)
    return 0;
  const int nl = in->site->nlocs;
  for (int k = 0; k < nl; ++k)
    if (in->addr[k] == a && in->size[k] == n) {
      if (in->known_true[k] >> write & 1 &&
          atomic_load(&rt_filter[(a >> 3) & ((1u << RT_FILTER_BITS) - 1)]) == in->fown[k]) {
        ++rt_tl_events;
        return 1;
      }
      return 0;
    }
  return 0;
}

__attribute__((noinline)) static void access_slow(const volatile void* a, unsigned long n,
                                                  int write, void* pc) {
  if (rt_tl_inside) {
    if (rt_tl_recording && !write) /* `locate` reads what the locations are computed from */
      rt_dep_read((uintptr_t)a, n);
    return;
  }
  if (rt_tl_live) {
    if ((rt_tl_dirty || rt_dirty()) && !rt_relocate_quick())
      rt_relocate();
  } else
    rt_idle();
  if (write && n && (rt_tl_remark || !rt_tl_stack_hi || n > 16 || rt_depmap_hit((uintptr_t)a, n)))
    rt_dep_written((uintptr_t)a, n);
  if (!n || (n <= 16 ? !rt_filter_hit((uintptr_t)a, n) : !rt_filter_covers((uintptr_t)a, n)))
    return;
  if (!atomic_load_explicit(&rt_live_logged, memory_order_relaxed) &&
      (own_exact(rt_tl_live, (uintptr_t)a, n, write) || rt_direct_quick((uintptr_t)a, n, write)))
    return;
  ++rt_tl_inside;
  if (n > 0xffffffffu)
    n = 0xffffffffu;
  rt_direct_access((uintptr_t)a, n, write, pc);
  if (atomic_load_explicit(&rt_live_logged, memory_order_relaxed))
    rt_log(write ? RT_WRITE : RT_READ, (uintptr_t)a, (uint32_t)n, 0, -1, pc, NULL);
  --rt_tl_inside;
}

/* Whether the access needs nothing of the library, decided without a call:
 * the thread is not inside the runtime, has no location to re-compute, the
 * access is no event (the filter) and, a write, touches no byte a location
 * is computed from (the map of such bytes; a write to the thread's own
 * stack only while it has live instances). Everything else, and accesses
 * of more than 16 bytes, go to access_slow. */
static inline __attribute__((always_inline)) int quiet(uintptr_t a, unsigned long n, int write) {
  if (rt_tl_inside | rt_tl_dirty | (rt_tl_remark != NULL) | (n - 1 > 15))
    return 0;
  rt_inst* in = rt_tl_live;
  if (in) {
    if (rt_dirty())
      return 0;
  } else if (rt_tl_joined && ++rt_tl_quiet > 4096)
    return 0; /* leaves: rt_idle */
  if (write && rt_depmap_hit(a, n) && (in || !rt_own_stack(a))) {
    if (!in || !rt_own_stack(a) || rt_filter_hit(a, n))
      return 0;
    /* (rt_dep_written) a write to the thread's own stack of memory that
     * the locations of its instances may be computed from, and no event:
     * they are re-computed at its next access (an event goes to
     * access_slow, which checks it before marking them) */
    for (rt_inst* i = in; i; i = i->next_live)
      if (rt_dep_overlaps(&i->deps, a, n))
        rt_tl_dirty = 1;
    return 1;
  }
  if (!rt_filter_hit(a, n))
    return 1;
  /* an event, maybe: with the thread's own direct instance live (neither
   * to re-compute nor, a write, touching what it is computed from, as
   * above), the per-site cache decides it as access_slow would, without
   * its checks again */
  if (!in || !rt_tl_stack_hi || atomic_load_explicit(&rt_live_logged, memory_order_relaxed))
    return 0;
  return own_exact(in, a, n, write) || rt_direct_quick(a, n, write);
}

/* The commonest event again (rt_exact_update): the thread's access of the
 * one location of its only live instance, with nothing else to do (as
 * quiet and own_exact decide it, with fewer loads). */
/* (an instance of several locations: the one exactly accessed, as
 * own_exact finds it) */
static inline __attribute__((always_inline)) unsigned exact_n(const rt_inst* in, uintptr_t a,
                                                              unsigned long n, unsigned rw) {
  for (int k = 0; k < in->xnl; ++k)
    if (in->addr[k] == a && in->size[k] == n)
      return (in->known_true[k] & rw) == rw ? in->fown[k] : 0;
  /* (inside location k, within one granule only k counts at: k overlaps
   * no other location, so the access is exactly none of them) */
  for (unsigned m = in->xinner; m; m &= m - 1) {
    int k = __builtin_ctz(m);
    if (a - in->ilo[k] < in->ihi[k] - in->ilo[k] && a + n <= in->ihi[k] &&
        (a >> 3) == ((a + n - 1) >> 3))
      return (in->known_true[k] & rw) == rw;
  }
  return 0;
}

static inline __attribute__((always_inline)) int exact(uintptr_t a, unsigned long n, unsigned rw) {
  /* (the location is within one granule: fown) */
  const rt_inst* in = rt_tl_exact;
  if (!in)
    return 0;
  unsigned fown = 1;
  if (a != in->xa || n != in->xn || (in->xrw & rw) != rw) {
    if (in->xa || !(fown = exact_n(in, a, n, rw)))
      return 0;
  }
  /* (its instance is published: the thread has a table, rt_tl_marked) */
  if ((rt_tl_inside | rt_tl_dirty | (rt_tl_remark != NULL)) ||
      atomic_load_explicit(rt_tl_marked, memory_order_relaxed) ||
      (rw & 2 && atomic_load_explicit(&rt_depmap[(a >> 3) & ((1u << RT_DEPMAP_BITS) - 1)],
                                      memory_order_relaxed)) ||
      atomic_load_explicit(&rt_filter[(a >> 3) & ((1u << RT_FILTER_BITS) - 1)],
                           memory_order_relaxed) != fown ||
      atomic_load_explicit(&rt_live_logged, memory_order_relaxed))
    return 0;
  rt_tl_events += rw == 3 ? 2 : 1;
  return 1;
}

/* the thread's one location moved (`slot = top++` in DualStack's region):
 * re-computed here (as access_slow would first), and the access decided as
 * exact decides it when it is now the commonest (1) */
__attribute__((noinline)) static int relocated(uintptr_t a, unsigned long n, int write) {
  return !rt_tl_inside && rt_tl_live && rt_relocate_quick() && exact(a, n, write ? 2 : 1);
}

/* (an access that is not the commonest event, with regions live) */
static inline __attribute__((always_inline)) void not_exact(const volatile void* a, unsigned long n,
                                                            int write, void* pc) {
  if (rt_tl_dirty && relocated((uintptr_t)a, n, write))
    return;
  if (rt_tl_recording) { /* `locate` reads what the locations are computed from */
    if (!write)
      rt_dep_read((uintptr_t)a, n);
    return;
  }
  if (!quiet((uintptr_t)a, n, write))
    access_slow(a, n, write, pc);
}

static inline __attribute__((always_inline)) void access(const volatile void* a, unsigned long n,
                                                         int write, void* pc) {
  if (LIKELY_OFF(atomic_load_explicit(&rt_live_total, memory_order_relaxed))) {
    if (exact((uintptr_t)a, n, write ? 2 : 1))
      return;
    not_exact(a, n, write, pc);
  }
}

/* A read and then a write of the same bytes (`x = x + 1`: the static
 * filter makes the pair of calls one, PassertFilter.cpp). */
/* (each entry point's slow path is a tail call: __builtin_return_address
 * there is still the program's) */
#define READ_WRITE(n)                                                                              \
  __attribute__((noinline)) static void read_write_slow##n(void* a) {                              \
    access(a, n, 0, RA);                                                                           \
    access(a, n, 1, RA);                                                                           \
  }                                                                                                \
  void __tsan_read_write##n(void* a) {                                                             \
    if (LIKELY_OFF(atomic_load_explicit(&rt_live_total, memory_order_relaxed))) {                  \
      if (exact((uintptr_t)a, n, 3))                                                               \
        return;                                                                                    \
      __attribute__((musttail)) return read_write_slow##n(a);                                      \
    }                                                                                              \
  }

/* A tick (PassertFilter.cpp): an access of the thread that is no event and
 * touches no memory a location is computed from (a global whose address no
 * unit takes), but at which, as at every instrumented access, a `locate`
 * block's read is recorded, the thread's locations are re-computed when
 * marked, its idleness is counted and a marking is repeated at a write. */
__attribute__((noinline)) static void tick_slow(int write) {
  if (rt_tl_inside)
    return;
  if (rt_tl_live) {
    if ((rt_tl_dirty || rt_dirty()) && !rt_relocate_quick())
      rt_relocate();
  } else if (rt_tl_joined && rt_tl_quiet > 4096)
    rt_idle();
  if (write && rt_tl_remark) { /* (rt_dep_written) */
    rt_mark(rt_tl_remark);
    rt_tl_remark = NULL;
  }
}

static inline void tick(const volatile void* a, unsigned long n, int write) {
  if (LIKELY_OFF(atomic_load_explicit(&rt_live_total, memory_order_relaxed))) {
    if (rt_tl_recording) {
      if (!write)
        rt_dep_read((uintptr_t)a, n);
      return;
    }
    if ((rt_tl_live ? rt_tl_dirty || rt_dirty() : rt_tl_joined && ++rt_tl_quiet > 4096) ||
        (write && rt_tl_remark))
      tick_slow(write);
  }
}

void __chorus_rt_tick_r(void* a, unsigned long n) {
  tick(a, n, 0);
}
void __chorus_rt_tick_w(void* a, unsigned long n) {
  tick(a, n, 1);
}

/* A write of a local that only the thread's own `locate` blocks read (by
 * pointer: PassertFilter.cpp): the thread's locations may move (as
 * rt_dep_written marks them for a write to its own stack), nothing else. */
void __chorus_rt_moved(void) {
  if (LIKELY_OFF(atomic_load_explicit(&rt_live_total, memory_order_relaxed))) {
    if (rt_tl_live)
      rt_tl_dirty = 1;
    if ((!rt_tl_live && rt_tl_joined && ++rt_tl_quiet > 4096) || rt_tl_remark)
      tick_slow(1);
  }
}

void __tsan_init(void) {}
/* every unit compiled by chorus cc for runtime/threads calls __tsan_init */
__attribute__((constructor)) static void watch_check(void) {
  rt_watch_check();
  /* one report per run (rt_json.h): a process of its own empties the
   * report file and writes its summary at exit even when no region ran; in
   * an MPI program rank 0 empties it in MPI_Init */
  if (!&chorus_rt_mpi_linked && chorus_rt_json_start())
    rt_start();
}

const int chorus_rt_pa_never = 0;
void chorus_rt_pa_probe(int site, ...) {
  (void)site;
}
void __tsan_func_entry(void* pc) {
  (void)pc;
}
void __tsan_func_exit(void) {}

/* (as READ_WRITE: the commonest event decided without a frame, the rest
 * in a tail call) */
#define ENTRY(name, n, w)                                                                          \
  void __tsan_##name(void* a) {                                                                    \
    if (LIKELY_OFF(atomic_load_explicit(&rt_live_total, memory_order_relaxed))) {                  \
      if (rt_tl_exact && exact((uintptr_t)a, n, w ? 2 : 1))                                        \
        return;                                                                                    \
      __attribute__((musttail)) return access_slow##w##_##n(a);                                    \
    }                                                                                              \
  }
#define PLAIN(n)                                                                                   \
  __attribute__((noinline)) static void access_slow0_##n(void* a) {                                \
    not_exact(a, n, 0, RA);                                                                        \
  }                                                                                                \
  __attribute__((noinline)) static void access_slow1_##n(void* a) {                                \
    not_exact(a, n, 1, RA);                                                                        \
  }                                                                                                \
  ENTRY(read##n, n, 0)                                                                             \
  ENTRY(write##n, n, 1)                                                                            \
  ENTRY(unaligned_read##n, n, 0)                                                                   \
  ENTRY(unaligned_write##n, n, 1)                                                                  \
  ENTRY(volatile_read##n, n, 0)                                                                    \
  ENTRY(volatile_write##n, n, 1)                                                                   \
  ENTRY(unaligned_volatile_read##n, n, 0)                                                          \
  ENTRY(unaligned_volatile_write##n, n, 1)
PLAIN(1)
PLAIN(2)
PLAIN(4)
PLAIN(8)
PLAIN(16)
READ_WRITE(1)
READ_WRITE(2)
READ_WRITE(4)
READ_WRITE(8)
READ_WRITE(16)
void __tsan_read_range(void* a, unsigned long n) {
  access(a, n, 0, RA);
}
void __tsan_write_range(void* a, unsigned long n) {
  access(a, n, 1, RA);
}

void* __tsan_memcpy(void* d, const void* s, unsigned long n) {
  access(s, n, 0, RA);
  access(d, n, 1, RA);
  return memcpy(d, s, n);
}
void* __tsan_memmove(void* d, const void* s, unsigned long n) {
  access(s, n, 0, RA);
  access(d, n, 1, RA);
  return memmove(d, s, n);
}
void* __tsan_memset(void* d, int c, unsigned long n) {
  access(d, n, 1, RA);
  return memset(d, c, n);
}

/* Atomic operations (the memory order asked for, or a stronger one: all are
 * sequentially consistent here). A read-modify-write is a READ then a
 * WRITE; a failed compare-and-swap only a READ. */
#define SC __ATOMIC_SEQ_CST
#define RMW(bits, T, name, op)                                                                     \
  T __tsan_atomic##bits##_##name(volatile T* a, T v, int mo) {                                     \
    (void)mo;                                                                                      \
    access(a, sizeof(T), 0, RA);                                                                   \
    access(a, sizeof(T), 1, RA);                                                                   \
    return op(a, v, SC);                                                                           \
  }
#define ATOMICS(bits, T)                                                                           \
  T __tsan_atomic##bits##_load(const volatile T* a, int mo) {                                      \
    (void)mo;                                                                                      \
    access(a, sizeof(T), 0, RA);                                                                   \
    return __atomic_load_n(a, SC);                                                                 \
  }                                                                                                \
  void __tsan_atomic##bits##_store(volatile T* a, T v, int mo) {                                   \
    (void)mo;                                                                                      \
    access(a, sizeof(T), 1, RA);                                                                   \
    __atomic_store_n(a, v, SC);                                                                    \
  }                                                                                                \
  RMW(bits, T, exchange, __atomic_exchange_n)                                                      \
  RMW(bits, T, fetch_add, __atomic_fetch_add)                                                      \
  RMW(bits, T, fetch_sub, __atomic_fetch_sub)                                                      \
  RMW(bits, T, fetch_and, __atomic_fetch_and)                                                      \
  RMW(bits, T, fetch_or, __atomic_fetch_or)                                                        \
  RMW(bits, T, fetch_xor, __atomic_fetch_xor)                                                      \
  RMW(bits, T, fetch_nand, __atomic_fetch_nand)                                                    \
  int __tsan_atomic##bits##_compare_exchange_strong(volatile T* a, T* c, T v, int mo, int fmo) {   \
    (void)mo;                                                                                      \
    (void)fmo;                                                                                     \
    access(a, sizeof(T), 0, RA);                                                                   \
    int ok = __atomic_compare_exchange_n(a, c, v, 0, SC, SC);                                      \
    if (ok)                                                                                        \
      access(a, sizeof(T), 1, RA);                                                                 \
    return ok;                                                                                     \
  }                                                                                                \
  int __tsan_atomic##bits##_compare_exchange_weak(volatile T* a, T* c, T v, int mo, int fmo) {     \
    return __tsan_atomic##bits##_compare_exchange_strong(a, c, v, mo, fmo);                        \
  }                                                                                                \
  T __tsan_atomic##bits##_compare_exchange_val(volatile T* a, T c, T v, int mo, int fmo) {         \
    __tsan_atomic##bits##_compare_exchange_strong(a, &c, v, mo, fmo);                              \
    return c;                                                                                      \
  }
ATOMICS(8, unsigned char)
ATOMICS(16, unsigned short)
ATOMICS(32, unsigned int)
ATOMICS(64, unsigned long long)

void __tsan_atomic_thread_fence(int mo) {
  (void)mo;
  __atomic_thread_fence(SC);
}
void __tsan_atomic_signal_fence(int mo) {
  (void)mo;
  __atomic_signal_fence(SC);
}
