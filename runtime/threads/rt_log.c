/* The timeline (seed 003 §V): every event of an instrumented thread goes to
 * the thread's own log (a ring the checker thread consumes) stamped with
 * the next value of one atomic counter, the global order. Threads are
 * numbered as the verifier numbers them: the main thread 0, then 1, 2, ...
 * in the order pthread_create is called (chorus_rt_pthread_create). */
#define _GNU_SOURCE
#include "rt_pa_internal.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RT_RING (1u << 14) /* events per thread log */

struct rt_log_t {
  _Atomic uint64_t tail; /* written by the thread */
  _Atomic uint64_t head; /* written by the checker */
  rt_event ring[RT_RING];
};

_Atomic uint64_t rt_clock;
_Atomic uint64_t rt_done;
_Atomic int rt_stopped;
_Atomic int rt_finishing;
int rt_fail_stop;
_Atomic unsigned short rt_filter[1u << RT_FILTER_BITS];

static rt_log_t* _Atomic logs[RT_MAX_THREADS];
static _Atomic int nlogs;
static _Atomic int next_tid = 1;
_Thread_local int rt_tl_tid = -1;
static _Thread_local rt_log_t* tl_log;

void rt_filter_add_range(uintptr_t a, unsigned long n, int d) {
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  if (!n)
    n = 1;
  uintptr_t g0 = a >> 3, g1 = (a + n - 1) >> 3;
  if (g1 - g0 > m)
    g1 = g0 + m;
  for (uintptr_t g = g0; g <= g1; ++g)
    atomic_fetch_add_explicit(&rt_filter[g & m], (unsigned short)d, memory_order_seq_cst);
}

int rt_filter_covers(uintptr_t a, unsigned long n) {
  if (n <= 16)
    return rt_filter_hit(a, n);
  const uintptr_t m = (1u << RT_FILTER_BITS) - 1;
  uintptr_t g0 = a >> 3, g1 = (a + n - 1) >> 3;
  if (g1 - g0 > m)
    g1 = g0 + m;
  for (uintptr_t g = g0; g <= g1; ++g)
    if (atomic_load_explicit(&rt_filter[g & m], memory_order_relaxed))
      return 1;
  return 0;
}

int rt_tid_slow(void) {
  if (rt_tl_tid < 0)
    rt_tl_tid = getpid() == (pid_t)gettid() ? 0 : atomic_fetch_add(&next_tid, 1);
  return rt_tl_tid;
}

static rt_log_t* my_log(void) {
  if (tl_log)
    return tl_log;
  rt_log_t* l = calloc(1, sizeof *l);
  if (!l) {
    fprintf(stderr, "chorus-rt: out of memory for the thread's event log\n");
    _exit(3);
  }
  int i = atomic_fetch_add(&nlogs, 1);
  if (i >= RT_MAX_THREADS) {
    fprintf(stderr, "chorus-rt: more than %d threads made parallel assertion events\n",
            RT_MAX_THREADS);
    _exit(3);
  }
  atomic_store(&logs[i], l);
  return tl_log = l;
}

int rt_nlogs(void) {
  return atomic_load(&nlogs);
}

const rt_event* rt_peek(int i) {
  rt_log_t* l = atomic_load_explicit(&logs[i], memory_order_acquire);
  if (!l)
    return NULL;
  uint64_t h = atomic_load_explicit(&l->head, memory_order_relaxed);
  if (h == atomic_load_explicit(&l->tail, memory_order_acquire))
    return NULL;
  return &l->ring[h % RT_RING];
}

uint64_t rt_pending(int i) {
  rt_log_t* l = atomic_load(&logs[i]);
  return atomic_load(&l->tail) - atomic_load(&l->head);
}

void rt_pop(int i) {
  rt_log_t* l = atomic_load(&logs[i]);
  atomic_store_explicit(&l->head, atomic_load_explicit(&l->head, memory_order_relaxed) + 1,
                        memory_order_release);
}

static void wait_done(uint64_t ts) {
  for (int spins = 0; atomic_load(&rt_done) < ts; ++spins) {
    if (atomic_load(&rt_stopped))
      for (;;)
        pause(); /* the checker is ending the process (fail-stop) */
    if (spins > 64)
      sched_yield();
  }
}

void rt_log(unsigned char type, uintptr_t addr, uint32_t size, rt_inst* inst, int loc, void* pc,
            const uint64_t* val) {
  rt_log_t* l = my_log();
  uint64_t t = atomic_load_explicit(&l->tail, memory_order_relaxed);
  while (t - atomic_load_explicit(&l->head, memory_order_acquire) >= RT_RING)
    sched_yield(); /* full: the checker is behind */
  rt_event* e = &l->ring[t % RT_RING];
  e->ts = atomic_fetch_add(&rt_clock, 1) + 1;
  e->addr = addr;
  e->size = size;
  e->type = type;
  e->inst = inst;
  e->loc = loc;
  e->pc = pc;
  if (val) {
    e->val[0] = val[0];
    e->val[1] = val[1];
  }
  e->tid = rt_tid();
  uint64_t ts = e->ts;
  atomic_store_explicit(&l->tail, t + 1, memory_order_release);
  if (rt_fail_stop)
    /* fail-stop: no event runs before the checker has checked the ones
     * before it; a write runs first (its value is part of its state) and
     * the thread's next event waits for it */
    wait_done(type == RT_WRITE ? ts - 1 : ts);
}

/* pthread_create of the instrumented units (`chorus cc` defines
 * pthread_create as chorus_rt_pthread_create there): numbers the new thread
 * as the verifier does */

struct start {
  void* (*fn)(void*);
  void* arg;
  int tid;
};

static void* started(void* p) {
  struct start s = *(struct start*)p;
  free(p);
  rt_tl_tid = s.tid;
  return s.fn(s.arg);
}

int chorus_rt_pthread_create(pthread_t* thr, const pthread_attr_t* attr, void* (*fn)(void*),
                             void* arg) {
  struct start* s = malloc(sizeof *s);
  if (!s)
    return 11; /* EAGAIN */
  rt_tid();    /* the creator first */
  s->fn = fn;
  s->arg = arg;
  s->tid = atomic_fetch_add(&next_tid, 1);
  int r = pthread_create(thr, attr, started, s);
  if (r)
    free(s);
  return r;
}

int rt_real_create(void* thr, void* (*fn)(void*), void* arg) {
  return pthread_create((pthread_t*)thr, NULL, fn, arg);
}

static pthread_once_t once = PTHREAD_ONCE_INIT, checker_once = PTHREAD_ONCE_INIT;
static pthread_t checker;

/* A fatal signal (the program crashed, maybe because of the bug its
 * assertion is about): the checker finishes the timeline first (at most a
 * second), then the signal does what it would have done. */
static void fatal(int sig) {
  atomic_store(&rt_finishing, 1);
  for (int i = 0; i < 100000 && atomic_load(&rt_done) < atomic_load(&rt_clock); ++i)
    sched_yield();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void start_once(void) {
  int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (unsigned i = 0; i < sizeof sigs / sizeof *sigs; ++i) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = fatal;
    sa.sa_flags = SA_RESETHAND | SA_NODEFER;
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
      sigaction(sigs[i], &sa, NULL);
  }
  const char* fs = getenv("CHORUS_RT_FAIL_STOP");
  rt_fail_stop = fs && *fs && strcmp(fs, "0") != 0;
  atexit(rt_finish);
}

static _Atomic int started_flag;

void rt_start(void) {
  if (atomic_load_explicit(&started_flag, memory_order_acquire))
    return;
  pthread_once(&once, start_once);
  atomic_store_explicit(&started_flag, 1, memory_order_release);
}

static void start_checker(void) {
  if (rt_real_create(&checker, rt_checker, NULL)) {
    fprintf(stderr, "chorus-rt: cannot start the parallel assertion checker thread\n");
    _exit(3);
  }
}

void rt_start_checker(void) {
  pthread_once(&checker_once, start_checker);
}
