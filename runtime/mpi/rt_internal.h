/* Internal interface of the MPI run-time checker (libchorus_rt_mpi.a): the
 * call site of the current MPI call, violation reports, the tool's own
 * communicators, request tracking and the blocking state the deadlock
 * watchdog reads. See README.md in this directory. */
#ifndef CHORUS_RT_INTERNAL_H
#define CHORUS_RT_INTERNAL_H

#include <mpi.h>
#include <stddef.h>

/* ---- rt_core.c: call sites and reports */
extern int rt_rank, rt_size;   /* in MPI_COMM_WORLD */
extern unsigned long rt_calls; /* MPI calls checked by this rank */
const char* rt_file(void);     /* call site of the current MPI call */
int rt_line(void);
/* "rank R" in buf, or "before MPI_Init" while the rank is not known. */
void rt_who(int rank, char* buf, size_t n);
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
/* The checker's own point-to-point traffic from this rank (messages and
 * bytes it sent; its few collective operations at MPI_Init and
 * MPI_Finalize are not counted): rank 0's summary gives the largest and the
 * mean per rank, the measure of how the checker scales (README.md). */
extern unsigned long rt_tool_msgs, rt_tool_bytes;
static inline void rt_tool_sent(int bytes) {
  ++rt_tool_msgs;
  rt_tool_bytes += (unsigned long)bytes;
}

/* ---- rt_comms.c: the tool's shadow communicators (one per user
 * communicator, duplicated when it is created, so the checker's messages
 * never match the program's) and communicator leaks */
MPI_Comm rt_shadow(MPI_Comm c);
MPI_Comm rt_coll_shadow(MPI_Comm c); /* for the descriptions of collective calls (rt_coll.c) */
void rt_comms_init(void);
void rt_comm_track(MPI_Comm c, const char* call);
void rt_comm_untrack(MPI_Comm c);
int rt_comm_is_world(MPI_Comm c);
/* the send line of a message from src (tag) never received on c (rt_p2p.c) */
int rt_pending_send_site(MPI_Comm c, int src, int tag, char* file, size_t n, int* line);
void rt_comms_finalize(void); /* leaks, pending messages */

/* ---- rt_post.c: the checker's messages nobody waits for (copied, sent,
 * completed lazily; rt_post_reap(1) at MPI_Finalize frees the rest) */
void rt_post(const void* data, int bytes, int dest, int tag, MPI_Comm c);
void rt_post_reap(int all);

/* ---- rt_sig.c: type signatures (MPI 3.1 §3.3.1) */
#include <stddef.h>
#include <stdint.h>
#define RT_TYPE_CODES 35 /* 0: not a basic type, then the basic types */
#define RT_SIG_RUNS 32
typedef struct {
  int32_t code, n; /* n elements of basic type `code` */
} rt_run;
typedef struct {
  int32_t nruns; /* -1: not followed (too long, or a type not handled) */
  rt_run runs[RT_SIG_RUNS];
} rt_sig;
int rt_type_code(MPI_Datatype t); /* 0 when not a basic type */
const char* rt_type_name(int code);
void rt_signature(MPI_Datatype t, rt_sig* s); /* of one element of t */
/* 1 when mcount elements of m are a prefix of rcount elements of r (or when
 * that is not known); else 0, with *at the first basic element that differs */
int rt_sig_prefix(const rt_sig* m, long mcount, const rt_sig* r, long rcount, long* at);
void rt_sig_describe(const rt_sig* s, long count, char* out, size_t n); /* "3 x MPI_INT" */

/* ---- rt_p2p.c: requests, point-to-point type signatures, buffers of
 * pending operations */
void rt_requests_finalize(void);
/* A nonblocking collective's request and its pending consistency check
 * (rt_coll.c); the check is finished before the request is waited for. */
struct rt_coll_check;
void rt_track_collective(MPI_Request r, const char* call, MPI_Comm c, struct rt_coll_check* k,
                         const void* sbuf, const void* rbuf, int count, MPI_Datatype t);
/* compares the members' calls once their descriptions are in (waiting for
 * them when block); 1 when compared (k is freed), 0 when not yet */
int rt_coll_check_finish(struct rt_coll_check* k, int block);
void rt_coll_check_defer(struct rt_coll_check* k); /* finished by a later poll */
void rt_coll_check_poll(void);                     /* finishes the deferred ones that can */
void rt_coll_finalize(void);                       /* waits for the deferred ones */
void rt_coll_unmatched(MPI_Comm cshadow, const char* name); /* descriptions never received */
/* MPI_LOCAL_CONCURRENCY: the buffer of a call that overlaps the buffer of a
 * pending nonblocking operation (writes: 1 when the call writes it) */
void rt_buffer_use(const char* call, const void* b, int count, MPI_Datatype t, int writes);

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
  long steps;      /* iterations of quantifiers in this evaluation */
  int pending;     /* array elements read that have not come yet (asked for) */
  int unchecked;   /* an element of a pointer was read (its extent is unknown) */
  int gone;        /* an element of a snapshot whose arrays were dropped was read */
};
#define CHORUS_RT_QUANT_STEPS 10000000
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
  long unchecked;           /* not evaluated: a pragma of the label is not checkable at run time */
  long pointer;             /* not evaluated: an element of a pointer (not an array) was read */
  long long check_ns_max;   /* CHORUS_RT_STATS: CPU time checking them, the most of one rank */
  long long check_ns_sum;   /* ... over all ranks */
} rt_cassert_summary;
void rt_cassert_finalize(rt_cassert_summary* s);

#endif
