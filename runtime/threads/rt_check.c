/* The checker thread (seed 003 §V): merges the per-thread logs into the
 * timeline (event t is the one stamped t) and, after each event, evaluates
 * every live instance the event concerns per Fig. 2: the observation
 * variables of the event (R, W of each location, by the asserting thread
 * or another: LR/LW/RR/RW), the HASOCCURRED latches (H := H or theta, reset
 * at BEGIN) and the values of the locations e compares. The first failure
 * of an instance is reported (`chorus-rt: violation PARALLEL_ASSERTION at
 * FILE:LINE (thread T): ...`, the line of its `thru`), deferred (the run
 * goes on and exits with status 1) or fail-stop (CHORUS_RT_FAIL_STOP=1: the
 * process ends before any later event runs). */
#define _GNU_SOURCE
#include "rt_pa_internal.h"

#include "../common/rt_json.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct chorus_rt_pa_ctx {
  rt_inst* in;
  const rt_event* ev;
};

static rt_inst** live;
static int nlive, caplive;
static long instances, events;

static _Atomic long violations;
/* runtime/mpi's rank of this process (rt_core.c), when it is linked */
extern int rt_rank __attribute__((weak));

/* The process's summary in the JSON report (rt_json.h): its violations,
 * parallel assertion instances and events; fail_stop: the checker ends
 * the process at its first violation. Returns the instances. */
static long summary_line(long nv, int fail_stop) {
  long di, de;
  rt_table_counts(&di, &de);
  di += instances;
  de += events;
  char out[256];
  snprintf(
      out, sizeof out,
      "{\"tool\": \"chorus-rt\", \"summary\": {\"violations\": %ld, \"passert_instances\": %ld, "
      "\"events\": %ld%s}}\n",
      nv, di, de, fail_stop ? ", \"fail_stop\": true" : "");
  chorus_rt_json_line(out);
  return di;
}

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int checker_idle;

static int overlaps(uintptr_t a, unsigned long n, uintptr_t b, unsigned long m) {
  return a < b + (m ? m : 1) && b < a + (n ? n : 1);
}

int chorus_rt_pa_obs(chorus_rt_pa_ctx* c, int which, int k) {
  const rt_event* e = c->ev;
  if (e->type != RT_READ && e->type != RT_WRITE)
    return 0;
  int write = which == CHORUS_RT_PA_LW || which == CHORUS_RT_PA_RW;
  int local = which == CHORUS_RT_PA_LW || which == CHORUS_RT_PA_LR;
  if ((e->type == RT_WRITE) != write || (e->tid == c->in->tid) != local)
    return 0;
  return overlaps(e->addr, e->size, c->in->caddr[k], c->in->size[k]);
}

int chorus_rt_pa_latch(chorus_rt_pa_ctx* c, int k, int theta) {
  if (theta)
    c->in->latch[k] = 1;
  return c->in->latch[k];
}

int chorus_rt_pa_h(chorus_rt_pa_ctx* c, int k) {
  return c->in->latch[k];
}

chorus_rt_pa_value chorus_rt_pa_const_i(long long x) {
  chorus_rt_pa_value v = {CHORUS_RT_PA_SINT, {.i = x}};
  return v;
}
chorus_rt_pa_value chorus_rt_pa_const_u(unsigned long long x) {
  chorus_rt_pa_value v = {CHORUS_RT_PA_UINT, {.u = x}};
  return v;
}
chorus_rt_pa_value chorus_rt_pa_const_f(double x) {
  chorus_rt_pa_value v = {CHORUS_RT_PA_REAL, {.f = x}};
  return v;
}
chorus_rt_pa_value chorus_rt_pa_const_p(const volatile void* p) {
  return chorus_rt_pa_const_u((unsigned long long)(uintptr_t)p);
}

/* the value of location k in the state checked: taken by the asserting
 * thread at BEGIN and MOVE, and from memory after a write of it */
chorus_rt_pa_value chorus_rt_pa_val(chorus_rt_pa_ctx* c, int k) {
  const uint64_t* raw = c->in->cval[k];
  unsigned long n = c->in->size[k];
  int kind = c->in->kind[k];
  if (kind == CHORUS_RT_PA_REAL) {
    if (n == sizeof(float)) {
      float f;
      memcpy(&f, raw, sizeof f);
      return chorus_rt_pa_const_f((double)f);
    }
    if (n == sizeof(double)) {
      double d;
      memcpy(&d, raw, sizeof d);
      return chorus_rt_pa_const_f(d);
    }
    long double l;
    memcpy(&l, raw, sizeof l < 16 ? sizeof l : 16);
    return chorus_rt_pa_const_f((double)l);
  }
  unsigned long long u = raw[0];
  if (kind == CHORUS_RT_PA_SINT)
    switch (n) {
    case 1:
      return chorus_rt_pa_const_i((signed char)u);
    case 2:
      return chorus_rt_pa_const_i((short)u);
    case 4:
      return chorus_rt_pa_const_i((int)u);
    default:
      return chorus_rt_pa_const_i((long long)u);
    }
  return chorus_rt_pa_const_u(u);
}

int chorus_rt_pa_truth(chorus_rt_pa_value a) {
  return a.kind == CHORUS_RT_PA_REAL ? a.v.f != 0 : a.v.u != 0;
}

/* C's usual arithmetic conversions between the three kinds */
int chorus_rt_pa_cmp(int op, chorus_rt_pa_value a, chorus_rt_pa_value b) {
  int c;
  if (a.kind == CHORUS_RT_PA_REAL || b.kind == CHORUS_RT_PA_REAL) {
    double x = a.kind == CHORUS_RT_PA_REAL   ? a.v.f
               : a.kind == CHORUS_RT_PA_SINT ? (double)a.v.i
                                             : (double)a.v.u;
    double y = b.kind == CHORUS_RT_PA_REAL   ? b.v.f
               : b.kind == CHORUS_RT_PA_SINT ? (double)b.v.i
                                             : (double)b.v.u;
    c = x < y ? -1 : x > y ? 1 : 0;
    if (x != x || y != y)
      return op == CHORUS_RT_PA_NE;
  } else if (a.kind == CHORUS_RT_PA_UINT || b.kind == CHORUS_RT_PA_UINT)
    c = a.v.u < b.v.u ? -1 : a.v.u > b.v.u ? 1 : 0;
  else
    c = a.v.i < b.v.i ? -1 : a.v.i > b.v.i ? 1 : 0;
  switch (op) {
  case CHORUS_RT_PA_EQ:
    return c == 0;
  case CHORUS_RT_PA_NE:
    return c != 0;
  case CHORUS_RT_PA_LT:
    return c < 0;
  case CHORUS_RT_PA_LE:
    return c <= 0;
  case CHORUS_RT_PA_GT:
    return c > 0;
  default:
    return c >= 0;
  }
}

/* Reports (the format of runtime/mpi: text on stderr, CHORUS_RT_REPORT=FILE
 * JSON Lines) */

/* FILE:LINE:COL of an instrumented access, from the debug information
 * (llvm-symbolizer-16, else addr2line; "" when there is none) */
static int symbolize(const char* cmd, int second, char* out, size_t n) {
  FILE* p = popen(cmd, "r");
  if (!p)
    return 0;
  char line[4096] = "";
  int ok = 0;
  if (fgets(line, sizeof line, p) && (!second || fgets(line, sizeof line, p)) && line[0] != '?' &&
      strchr(line, ':')) {
    line[strcspn(line, " \n")] = 0;
    snprintf(out, n, " at %s", line);
    ok = 1;
  }
  pclose(p);
  return ok;
}

static void where(void* pc, char* out, size_t n) {
  out[0] = 0;
  const char* s = getenv("CHORUS_RT_SYMBOLIZE");
  Dl_info info;
  if ((s && !strcmp(s, "0")) || !pc || !dladdr(pc, &info) || !info.dli_fname)
    return;
  const char* exe = info.dli_fname;
  char self[4096];
  ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len > 0) {
    self[len] = 0;
    if (!exe[0] || !strchr(exe, '/'))
      exe = self;
  }
  unsigned long off = (unsigned long)((uintptr_t)pc - 1 - (uintptr_t)info.dli_fbase);
  char cmd[4400];
  snprintf(cmd, sizeof cmd, "llvm-symbolizer-16 --obj='%s' 0x%lx 2>/dev/null", exe, off);
  if (symbolize(cmd, 1, out, n))
    return;
  snprintf(cmd, sizeof cmd, "addr2line -e '%s' 0x%lx 2>/dev/null", exe, off);
  symbolize(cmd, 0, out, n);
}

void rt_report(rt_inst* in, const rt_event* e) {
  const chorus_rt_pa_site* s = in->site;
  char msg[8192], at[4200];
  if (e->type == RT_READ || e->type == RT_WRITE) {
    const char* what = "a location it names";
    for (int k = 0; k < s->nlocs; ++k)
      if (overlaps(e->addr, e->size, in->caddr[k], in->size[k])) {
        what = s->loctext[k];
        break;
      }
    where(e->pc, at, sizeof at);
    snprintf(msg, sizeof msg,
             "parallel assertion '%s' of thread %d fails after the %s of %s by thread %d%s",
             s->text, in->tid, e->type == RT_WRITE ? "write" : "read", what, e->tid, at);
  } else
    snprintf(msg, sizeof msg, "parallel assertion '%s' of thread %d fails %s", s->text, in->tid,
             e->type == RT_BEGIN ? "when it begins" : "after its locations moved");
  pthread_mutex_lock(&report_lock);
  /* in an MPI program (runtime/mpi linked, after MPI_Init) the rank too */
  int rank = &rt_rank ? rt_rank : -1;
  char who[48], rank_field[32] = "";
  if (rank >= 0)
    snprintf(rank_field, sizeof rank_field, "\"rank\": %d, ", rank);
  if (rank >= 0)
    snprintf(who, sizeof who, "rank %d, thread %d", rank, in->tid);
  else
    snprintf(who, sizeof who, "thread %d", in->tid);
  fprintf(stderr, "chorus-rt: violation PARALLEL_ASSERTION at %s:%d (%s): %s\n", s->file, s->line,
          who, msg);
  fflush(stderr);
  char f[1200], m[8400], out[10000];
  chorus_rt_json_string(f, sizeof f, s->file);
  chorus_rt_json_string(m, sizeof m, msg);
  snprintf(
      out, sizeof out,
      "{\"tool\": \"chorus-rt\", \"kind\": \"PARALLEL_ASSERTION\", \"file\": %s, \"line\": %d, "
      "\"column\": %d, %s\"thread\": %d, \"message\": %s}\n",
      f, s->line, s->col, rank_field, in->tid, m);
  chorus_rt_json_line(out);
  atomic_fetch_add(&violations, 1);
  if (rt_fail_stop) {
    atomic_store(&rt_stopped, 1);
    fprintf(stderr, "chorus-rt: fail-stop: the process ends at timestamp %llu\n",
            (unsigned long long)e->ts);
    summary_line(atomic_load(&violations), 1);
    fflush(NULL);
    _exit(1);
  }
  pthread_mutex_unlock(&report_lock);
}

void rt_eval(rt_inst* in, const rt_event* e, int* failed) {
  chorus_rt_pa_ctx c = {in, e};
  if (!in->site->eval(&c))
    *failed = 1;
}

static void check(rt_inst* in, const rt_event* e) {
  int was = in->failed;
  rt_eval(in, e, &in->failed);
  if (in->failed && !was)
    rt_report(in, e);
}

static int uses_values(const rt_inst* in) {
  for (int k = 0; k < in->site->nlocs; ++k)
    if (in->kind[k] != CHORUS_RT_PA_OTHER)
      return 1;
  return 0;
}

static void process(const rt_event* e) {
  ++events;
  switch (e->type) {
  case RT_BEGIN:
    if (nlive == caplive) {
      caplive = caplive ? 2 * caplive : 64;
      live = realloc(live, (size_t)caplive * sizeof *live);
      if (!live) {
        fprintf(stderr, "chorus-rt: out of memory in the checker\n");
        _exit(3);
      }
    }
    live[nlive++] = e->inst;
    ++instances;
    check(e->inst, e); /* LIVE from BEGIN on, latches false */
    return;
  case RT_END:
    for (int i = 0; i < nlive; ++i)
      if (live[i] == e->inst) {
        live[i] = live[--nlive];
        break;
      }
    rt_retire(e->inst);
    return;
  case RT_MOVE:
    e->inst->caddr[e->loc] = e->addr;
    e->inst->cval[e->loc][0] = e->val[0];
    e->inst->cval[e->loc][1] = e->val[1];
    check(e->inst, e);
    return;
  default:
    for (int i = 0; i < nlive; ++i) {
      rt_inst* in = live[i];
      int hit = 0;
      for (int k = 0; k < in->site->nlocs; ++k)
        if (overlaps(e->addr, e->size, in->caddr[k], in->size[k])) {
          hit = 1;
          if (e->type == RT_WRITE && in->kind[k] != CHORUS_RT_PA_OTHER)
            rt_snapshot(in->caddr[k], in->size[k], in->cval[k]); /* the written value */
        }
      if (hit)
        check(in, e);
    }
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A write is checked once it has happened: the hook runs just before the
 * store, so the checker waits until the writer logged a later event or
 * 50 microseconds passed (values e compares are read from memory). */
static int write_settled(int log, double* seen) {
  int needed = 0;
  for (int i = 0; i < nlive && !needed; ++i)
    needed = uses_values(live[i]);
  if (!needed || atomic_load(&rt_finishing))
    return 1;
  if (rt_pending(log) > 1)
    return 1; /* the writer went on */
  if (*seen == 0)
    *seen = now();
  return now() - *seen > 50e-6;
}

void* rt_checker(void* unused) {
  (void)unused;
  rt_tl_inside = 1;
  double seen = 0;
  int last = 0;
  for (int idle = 0;;) {
    uint64_t next = atomic_load(&rt_done) + 1;
    int n = rt_nlogs(), found = -1;
    const rt_event* e = NULL;
    /* the log of the last event first: a thread's events often follow
     * each other in the timeline */
    if (last < n && (e = rt_peek(last)) && e->ts == next)
      found = last;
    for (int i = 0; i < n && found < 0; ++i)
      if ((e = rt_peek(i)) && e->ts == next)
        found = i;
    if (found >= 0)
      last = found;
    if (found < 0) {
      if (atomic_load(&rt_clock) < next)
        atomic_store(&checker_idle, 1);
      if (++idle > 64) {
        struct timespec t = {0, idle > 1000 ? 200000 : 20000};
        nanosleep(&t, NULL);
      } else
        sched_yield();
      continue;
    }
    if (e->type == RT_WRITE && !write_settled(found, &seen)) {
      sched_yield();
      continue;
    }
    seen = 0;
    idle = 0;
    atomic_store(&checker_idle, 0);
    process(e);
    rt_pop(found);
    atomic_store(&rt_done, next);
  }
  return NULL;
}

long chorus_rt_threads_drain(void) {
  while (atomic_load(&rt_done) < atomic_load(&rt_clock))
    sched_yield();
  return atomic_load(&violations);
}

/* at exit: the checker finishes the timeline, then the summary */
void rt_finish(void) {
  atomic_store(&rt_finishing, 1);
  while (atomic_load(&rt_done) < atomic_load(&rt_clock))
    sched_yield();
  long nv = atomic_load(&violations);
  long di = summary_line(nv, 0);
  if (nv) {
    fprintf(stderr, "chorus-rt: %ld violation%s (%ld parallel assertion instance%s checked)\n", nv,
            nv == 1 ? "" : "s", di, di == 1 ? "" : "s");
    fflush(NULL);
    _exit(1);
  }
}
