/* Internal interface of the MPI run-time checker (libchorus_rt_mpi.a): the
 * call site of the current MPI call, violation reports, the tool's own
 * communicators, request tracking and the blocking state the deadlock
 * watchdog reads. See README.md in this directory. */
#ifndef CHORUS_RT_INTERNAL_H
#define CHORUS_RT_INTERNAL_H

#include <mpi.h>

/* ---- rt_core.c: call sites and reports */
extern int rt_rank, rt_size;   /* in MPI_COMM_WORLD */
extern unsigned long rt_calls; /* MPI calls checked by this rank */
const char* rt_file(void);     /* call site of the current MPI call */
int rt_line(void);
/* Report a violation of kind `kind` (the verifier's name) at the current call
 * site; deferred: execution goes on, the exit code becomes 1. */
void rt_violation(const char* kind, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
/* Same at another site of another rank (a deadlock found by rank 0). */
void rt_violation_of(const char* kind, int rank, const char* file, int line, const char* fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Same at another site (e.g. where a leaked request was created). */
void rt_violation_at(const char* kind, const char* file, int line, const char* fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Report and end the whole job (collective mismatches: going on would hang). */
void rt_fatal(const char* kind, const char* fmt, ...) __attribute__((format(printf, 2, 3)))
__attribute__((noreturn));
int rt_violations(void);

/* ---- rt_comms.c: the tool's shadow communicators (one per user
 * communicator, duplicated when it is created, so the checker's messages
 * never match the program's) and communicator leaks */
MPI_Comm rt_shadow(MPI_Comm c);
void rt_comms_init(void);
void rt_comm_track(MPI_Comm c, const char* call);
void rt_comm_untrack(MPI_Comm c);
int rt_comm_is_world(MPI_Comm c);
void rt_comms_finalize(void); /* leaks, pending messages */

/* ---- rt_p2p.c: requests */
void rt_requests_finalize(void);

/* ---- rt_deadlock.c: what this rank is blocked in (read by the watchdog) */
void rt_deadlock_init(void);
void rt_deadlock_finalize(void);
/* peer: world rank waited for, -1 any source, -2 all of the communicator */
void rt_block_enter(const char* call, int peer, int tag, MPI_Comm c);
void rt_block_leave(void);
/* world rank of `rank` in communicator c (c's rank if c is not world) */
int rt_world_rank_of(MPI_Comm c, int rank);

/* ---- rt_cassert.c, rt_values.c: collective assertions (chorus_rt_assert.h) */
#include "chorus_rt_assert.h"
struct rt_eval;
struct chorus_rt_ctx {
  int self, nprocs;
  const chorus_rt_value* own; /* this rank's terms */
  struct rt_eval* e;          /* the snapshots of other ranks received */
  int missing[16];            /* ranks read whose snapshot has not come yet */
  int nmissing;
  char error[256]; /* first evaluation error, or "" */
};
void rt_eval_error(chorus_rt_ctx* c, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
extern int rt_cassert_active;
void rt_cassert_init(void);
void rt_cassert_poll(void); /* serve requests, take replies */
typedef struct {            /* at rank 0 */
  long instances;           /* the most snapshots any rank made */
  long views;               /* (rank, instance) evaluations, over all ranks */
  long false_views;         /* of which false or not evaluable */
  long gone;                /* not evaluated: a snapshot read was out of the window */
  long unreported;          /* false views beyond the first per rank and assertion */
} rt_cassert_summary;
void rt_cassert_finalize(rt_cassert_summary* s);

#endif
