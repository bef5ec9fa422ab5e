/* Call sites, violation reports, MPI_Init and MPI_Finalize of the MPI
 * run-time checker. A report is one line on standard error, in the
 * verifier's format:
 *   chorus-rt: violation KIND at FILE:LINE (rank R): MESSAGE
 * At MPI_Finalize rank 0 prints a summary: the violations of all ranks, the
 * number of calls checked and what is not checked at run time. A rank that
 * reported a violation exits with status 1. */
#define _GNU_SOURCE
#include "rt_internal.h"

#include "../common/rt_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int rt_rank = -1, rt_size = 0;
/* present when runtime/mpi is linked: runtime/threads then leaves the
 * report file to MPI_Init (rt_json.h) */
const int chorus_rt_mpi_linked = 1;
unsigned long rt_calls;
unsigned long rt_tool_msgs, rt_tool_bytes;
static __thread const char* site_file = "?";
static __thread int site_line;
static int violations;
static int initialized;

/* CHORUS_RT_DELAY=US (a test option): before each MPI call, sleep a
 * random time (seeded by CHORUS_RT_SEED and the rank), so that races
 * between ranks (a wildcard receive matching another message than usual)
 * happen in a run. Each rank is slow or fast for the whole run (a coin
 * flip of its seed): a slow rank sleeps US/2 to US before each call, a fast
 * one up to US/10, so that in about half the seeds one rank runs calls
 * ahead of another (uniform sleeps of every rank mostly cancel out). */
static long delay_us = -1;
static unsigned delay_seed;
static int delay_slow;

static void delay(void) {
  if (delay_us < 0) {
    const char* d = getenv("CHORUS_RT_DELAY");
    const char* s = getenv("CHORUS_RT_SEED");
    delay_us = d ? atol(d) : 0;
    delay_seed = (unsigned)(s ? atol(s) : 1) * 7919u + (unsigned)(rt_rank + 1) * 104729u;
    delay_slow = (rand_r(&delay_seed) >> 4) & 1;
  }
  if (delay_us > 0) {
    long r = rand_r(&delay_seed);
    long us = delay_slow ? delay_us / 2 + r % (delay_us / 2 + 1) : r % (delay_us / 10 + 1);
    usleep((useconds_t)us);
  }
}

void chorus_rt_at(const char* file, int line) {
  site_file = file;
  site_line = line;
  ++rt_calls;
  if (delay_us && rt_rank >= 0)
    delay();
  if (rt_cassert_active)
    rt_cassert_poll();
}

const char* rt_file(void) {
  return site_file;
}
int rt_line(void) {
  return site_line;
}
int rt_violations(void) {
  return violations;
}

/* "rank R", or "before MPI_Init" for an event before the rank is known. */
void rt_who(int rank, char* buf, size_t n) {
  if (rank >= 0)
    snprintf(buf, n, "rank %d", rank);
  else
    snprintf(buf, n, "before MPI_Init");
}

/* CHORUS_RT_REPORT=FILE: the run's report as JSON Lines, one object per
 * violation ({"kind", "file", "line", "rank", "message"}) and rank 0's
 * summary ({"summary": {"violations", "ranks", "calls"}}), every rank
 * appending whole lines (one write each) to the one file (rt_json.c). */
static void json_violation(const char* kind, int rank, const char* file, int line,
                           const char* msg) {
  char f[1200], m[8400], out[10000];
  chorus_rt_json_string(f, sizeof f, file);
  chorus_rt_json_string(m, sizeof m, msg);
  snprintf(out, sizeof out,
           "{\"tool\": \"chorus-rt\", \"kind\": \"%s\", \"file\": %s, \"line\": %d, "
           "\"rank\": %d, \"message\": %s}\n",
           kind, f, line, rank, m);
  chorus_rt_json_line(out);
}

/* Violations before MPI_Init (a chorus_assert on the inputs): rank 0
 * empties the report file in MPI_Init, so their lines are written after it,
 * with the rank then known. */
struct early_violation {
  char kind[64], file[1024], msg[4096];
  int line;
};
static struct early_violation* early;
static int nearly;

static void keep_early(const char* kind, const char* file, int line, const char* msg) {
  struct early_violation* e = realloc(early, (size_t)(nearly + 1) * sizeof *early);
  if (!e)
    return;
  early = e;
  e += nearly++;
  snprintf(e->kind, sizeof e->kind, "%s", kind);
  snprintf(e->file, sizeof e->file, "%s", file);
  snprintf(e->msg, sizeof e->msg, "%s", msg);
  e->line = line;
}

static void write_early(void) {
  for (int i = 0; i < nearly; ++i)
    json_violation(early[i].kind, rt_rank, early[i].file, early[i].line, early[i].msg);
  free(early);
  early = NULL;
  nearly = 0;
}

static void report(const char* kind, int rank, const char* file, int line, const char* fmt,
                   va_list ap) {
  char msg[4096];
  vsnprintf(msg, sizeof msg, fmt, ap);
  char who[32];
  rt_who(rank, who, sizeof who);
  fprintf(stderr, "chorus-rt: violation %s at %s:%d (%s): %s\n", kind, file, line, who, msg);
  fflush(stderr);
  ++violations;
  if (initialized)
    json_violation(kind, rank, file, line, msg);
  else
    keep_early(kind, file, line, msg);
}

void rt_violation(const char* kind, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(kind, rt_rank, site_file, site_line, fmt, ap);
  va_end(ap);
}

void rt_violation_at(const char* kind, const char* file, int line, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(kind, rt_rank, file, line, fmt, ap);
  va_end(ap);
}

void rt_violation_of(const char* kind, int rank, const char* file, int line, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(kind, rank, file, line, fmt, ap);
  va_end(ap);
}

void rt_fatal(const char* kind, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(kind, rt_rank, site_file, site_line, fmt, ap);
  va_end(ap);
  fflush(NULL);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  _exit(1);
}

static void exit_status(void) {
  if (violations) {
    fflush(NULL);
    _exit(1);
  }
}

static void after_init(void) {
  initialized = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rt_rank);
  PMPI_Comm_size(MPI_COMM_WORLD, &rt_size);
  /* one report per run: rank 0 empties the file, and no rank writes to it
   * before the barrier says it has */
  if (rt_rank == 0 ? chorus_rt_json_start() : getenv("CHORUS_RT_REPORT") != NULL)
    PMPI_Barrier(MPI_COMM_WORLD);
  write_early();
  rt_comms_init();
  rt_deadlock_init();
  rt_cassert_init();
  atexit(exit_status);
}

int MPI_Init(int* argc, char*** argv) {
  int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS)
    after_init();
  return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
  int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS)
    after_init();
  return rc;
}

int MPI_Finalize(void) {
  if (!initialized)
    return PMPI_Finalize();
  /* the rank's parallel assertions (runtime/threads) are reported now,
   * before any rank can exit, and counted in the summary */
  long passert_violations = &chorus_rt_threads_drain ? chorus_rt_threads_drain() : 0;
  rt_block_enter("MPI_Finalize", -2, 0, MPI_COMM_WORLD);
  rt_cassert_summary cs;
  rt_cassert_finalize(&cs);
  rt_coll_finalize();
  rt_comms_finalize();
  rt_requests_finalize();
  int mine[2] = {violations + (int)passert_violations, (int)rt_calls}, all[2] = {0, 0};
  PMPI_Allreduce(mine, all, 2, MPI_INT, MPI_SUM, rt_shadow(MPI_COMM_WORLD));
  unsigned long sent[2] = {rt_tool_msgs, rt_tool_bytes}, most[2] = {0, 0}, total[2] = {0, 0};
  PMPI_Reduce(sent, most, 2, MPI_UNSIGNED_LONG, MPI_MAX, 0, rt_shadow(MPI_COMM_WORLD));
  PMPI_Reduce(sent, total, 2, MPI_UNSIGNED_LONG, MPI_SUM, 0, rt_shadow(MPI_COMM_WORLD));
  rt_block_leave();
  rt_deadlock_finalize();
  if (rt_rank == 0) {
    char sum[400];
    snprintf(sum, sizeof sum,
             "{\"tool\": \"chorus-rt\", \"summary\": {\"violations\": %d, \"ranks\": %d, "
             "\"calls\": %d, \"checker_messages\": {\"max_per_rank\": %lu, \"total\": %lu}, "
             "\"checker_bytes\": {\"max_per_rank\": %lu, \"total\": %lu}}}\n",
             all[0], rt_size, all[1], most[0], total[0], most[1], total[1]);
    chorus_rt_json_line(sum);
    if (cs.instances) {
      fprintf(stderr, "chorus-rt: %ld collective assertion instance%s checked (%ld views of ranks",
              cs.instances, cs.instances == 1 ? "" : "s", cs.views);
      if (cs.false_views)
        fprintf(stderr,
                ", %ld false: %ld reported, the later ones of the same rank and "
                "assertion counted only",
                cs.false_views, cs.false_views - cs.unreported);
      fprintf(stderr, ")\n");
      if (cs.unchecked)
        fprintf(stderr,
                "chorus-rt: %ld views not checked: a pragma of their collective assertion is "
                "not checkable at run time (chorus cc named it; `chorus verify` checks it)\n",
                cs.unchecked);
      if (cs.pointer)
        fprintf(stderr,
                "chorus-rt: %ld views not checked: they read an element of a pointer that is not "
                "the start of a block the program allocated (its extent is unknown; `chorus "
                "verify` checks them)\n",
                cs.pointer);
      if (cs.gone)
        fprintf(stderr,
                "chorus-rt: %ld views not checked: a snapshot they read was older than the last "
                "CHORUS_RT_WINDOW (%s) the rank keeps, or its arrays beyond "
                "CHORUS_RT_WINDOW_BYTES (%s)\n",
                cs.gone, getenv("CHORUS_RT_WINDOW") ? getenv("CHORUS_RT_WINDOW") : "1024",
                getenv("CHORUS_RT_WINDOW_BYTES") ? getenv("CHORUS_RT_WINDOW_BYTES") : "256 MiB");
    }
    if (all[0])
      fprintf(stderr, "chorus-rt: %d violation%s on %d rank%s\n", all[0], all[0] == 1 ? "" : "s",
              rt_size, rt_size == 1 ? "" : "s");
    else
      fprintf(stderr,
              "chorus-rt: no violation seen in %d MPI calls on %d rank%s (not checked at run "
              "time: the program's own reads and writes of the buffers of pending receives)\n",
              all[1], rt_size, rt_size == 1 ? "" : "s");
    /* CHORUS_RT_STATS=1: the checker's traffic per rank, in the text too */
    const char* stats = getenv("CHORUS_RT_STATS");
    if (stats && *stats && strcmp(stats, "0") != 0)
      fprintf(stderr,
              "chorus-rt: checker traffic: at most %lu messages (%lu bytes) from one rank, "
              "%.1f messages (%.0f bytes) per rank on average, %.2f messages per MPI call\n",
              most[0], most[1], (double)total[0] / rt_size, (double)total[1] / rt_size,
              all[1] ? (double)total[0] / all[1] : 0.0);
    if (stats && *stats && strcmp(stats, "0") != 0 && cs.instances)
      fprintf(stderr,
              "chorus-rt: collective assertion checking: at most %.3f ms CPU time on one rank, "
              "%.3f ms per rank on average (%ld instances)\n",
              (double)cs.check_ns_max / 1e6, (double)cs.check_ns_sum / 1e6 / rt_size, cs.instances);
  }
  return PMPI_Finalize();
}
