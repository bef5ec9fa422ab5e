/* The tool's shadow communicators and the checks on communicators: every
 * communicator the program uses gets two duplicates (one for the
 * descriptions of point-to-point messages and the collective assertions'
 * traffic, one for the descriptions of collective calls), created when the program
 * creates the communicator (MPI_Comm_dup, MPI_Comm_split, MPI_Comm_create,
 * MPI_Cart_create, ...: collective calls, so the duplication is collective
 * too), on which the checker exchanges its
 * data; communicators never freed (MPI_RESOURCE_LEAK) and messages never
 * received (MPI_PENDING_MESSAGE) are reported at MPI_Finalize. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct comm_entry {
  MPI_Comm user, shadow, cshadow;
  const char *call, *file;
  int line, live;
};
static struct comm_entry* comms;
static int ncomms, capcomms;

static struct comm_entry* find(MPI_Comm c) {
  for (int i = 0; i < ncomms; ++i)
    if (comms[i].live && comms[i].user == c)
      return &comms[i];
  return NULL;
}

static void add(MPI_Comm c, const char* call) {
  if (ncomms == capcomms) {
    capcomms = capcomms ? 2 * capcomms : 8;
    comms = realloc(comms, sizeof *comms * (size_t)capcomms);
  }
  struct comm_entry* e = &comms[ncomms++];
  e->user = c;
  PMPI_Comm_dup(c, &e->shadow);
  PMPI_Comm_dup(c, &e->cshadow);
  e->call = call;
  e->file = rt_file();
  e->line = rt_line();
  e->live = 1;
}

void rt_comms_init(void) {
  add(MPI_COMM_WORLD, NULL);
  add(MPI_COMM_SELF, NULL);
}

MPI_Comm rt_shadow(MPI_Comm c) {
  struct comm_entry* e = find(c);
  return e ? e->shadow : MPI_COMM_NULL;
}

MPI_Comm rt_coll_shadow(MPI_Comm c) {
  struct comm_entry* e = find(c);
  return e ? e->cshadow : MPI_COMM_NULL;
}

int rt_comm_is_world(MPI_Comm c) {
  return c == MPI_COMM_WORLD;
}

void rt_comm_track(MPI_Comm c, const char* call) {
  if (c != MPI_COMM_NULL)
    add(c, call);
}

void rt_comm_untrack(MPI_Comm c) {
  struct comm_entry* e = find(c);
  if (e) {
    PMPI_Comm_free(&e->shadow);
    PMPI_Comm_free(&e->cshadow);
    e->live = 0;
  }
}

int MPI_Comm_dup(MPI_Comm c, MPI_Comm* out) {
  rt_block_enter("MPI_Comm_dup", -2, 0, c);
  int rc = PMPI_Comm_dup(c, out);
  if (rc == MPI_SUCCESS)
    rt_comm_track(*out, "MPI_Comm_dup");
  rt_block_leave();
  return rc;
}

int MPI_Comm_split(MPI_Comm c, int color, int key, MPI_Comm* out) {
  rt_block_enter("MPI_Comm_split", -2, 0, c);
  int rc = PMPI_Comm_split(c, color, key, out);
  if (rc == MPI_SUCCESS)
    rt_comm_track(*out, "MPI_Comm_split");
  rt_block_leave();
  return rc;
}

/* The other calls that make an intracommunicator (collective over the
 * parent, or over the group for MPI_Comm_create_group); a rank that is not
 * in the new communicator gets MPI_COMM_NULL and tracks nothing. Not
 * tracked (no leak check, no checks of their calls): intercommunicators
 * and MPI_Comm_idup's communicator. */
#define CREATE(name, params, args, out)                                                            \
  int name params {                                                                                \
    rt_block_enter(#name, -2, 0, parent);                                                          \
    int rc = P##name args;                                                                         \
    if (rc == MPI_SUCCESS)                                                                         \
      rt_comm_track(*(out), #name);                                                                \
    rt_block_leave();                                                                              \
    return rc;                                                                                     \
  }
CREATE(MPI_Comm_create, (MPI_Comm parent, MPI_Group g, MPI_Comm* out), (parent, g, out), out)
CREATE(MPI_Comm_create_group, (MPI_Comm parent, MPI_Group g, int tag, MPI_Comm* out),
       (parent, g, tag, out), out)
CREATE(MPI_Comm_split_type, (MPI_Comm parent, int type, int key, MPI_Info info, MPI_Comm* out),
       (parent, type, key, info, out), out)
CREATE(MPI_Cart_create,
       (MPI_Comm parent, int ndims, const int dims[], const int periods[], int reorder,
        MPI_Comm* out),
       (parent, ndims, dims, periods, reorder, out), out)
CREATE(MPI_Cart_sub, (MPI_Comm parent, const int remain[], MPI_Comm* out), (parent, remain, out),
       out)
CREATE(MPI_Graph_create,
       (MPI_Comm parent, int nnodes, const int index[], const int edges[], int reorder,
        MPI_Comm* out),
       (parent, nnodes, index, edges, reorder, out), out)
CREATE(MPI_Dist_graph_create_adjacent,
       (MPI_Comm parent, int indegree, const int sources[], const int sourceweights[],
        int outdegree, const int destinations[], const int destweights[], MPI_Info info,
        int reorder, MPI_Comm* out),
       (parent, indegree, sources, sourceweights, outdegree, destinations, destweights, info,
        reorder, out),
       out)
CREATE(MPI_Dist_graph_create,
       (MPI_Comm parent, int n, const int sources[], const int degrees[], const int destinations[],
        const int weights[], MPI_Info info, int reorder, MPI_Comm* out),
       (parent, n, sources, degrees, destinations, weights, info, reorder, out), out)
#undef CREATE

static void pending(struct comm_entry* e, const char* name, int rounds);

/* A message still queued on a communicator the program frees can never be
 * received: reported at the MPI_Comm_free (messages not yet arrived are
 * not seen here; MPI_Finalize's check sees only the communicators still
 * live). */
int MPI_Comm_free(MPI_Comm* c) {
  if (c && (*c == MPI_COMM_WORLD || *c == MPI_COMM_SELF))
    rt_violation("MPI_INVALID_COMM", "MPI_Comm_free of a predefined communicator");
  else if (c) {
    struct comm_entry* e = find(*c);
    if (e)
      pending(e, "the communicator it frees", 1);
    rt_comm_untrack(*c);
  }
  return PMPI_Comm_free(c);
}

/* Messages still queued once every rank has reached MPI_Finalize were sent
 * and never received (the barrier orders every send before the probes; a
 * few probes give the transport time to deliver). */
static void pending(struct comm_entry* e, const char* name, int rounds) {
  for (int round = 0; round < rounds; ++round) {
    int flag = 0;
    MPI_Status st;
    PMPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, e->user, &flag, &st);
    if (flag) {
      int bytes = 0, line = 0;
      char file[64], sent[96] = "";
      PMPI_Get_count(&st, MPI_BYTE, &bytes);
      if (rt_pending_send_site(e->user, st.MPI_SOURCE, st.MPI_TAG, file, sizeof file, &line))
        snprintf(sent, sizeof sent, ", sent at %s:%d", file, line);
      rt_violation("MPI_PENDING_MESSAGE",
                   "a message from rank %d (tag %d, %d bytes%s) on %s was never received",
                   st.MPI_SOURCE, st.MPI_TAG, bytes, sent, name);
      return;
    }
    if (round + 1 < rounds)
      usleep(1000);
  }
}

void rt_comms_finalize(void) {
  PMPI_Barrier(rt_shadow(MPI_COMM_WORLD));
  for (int i = 0; i < ncomms; ++i) {
    struct comm_entry* e = &comms[i];
    if (!e->live)
      continue;
    const char* name = e->user == MPI_COMM_WORLD  ? "MPI_COMM_WORLD"
                       : e->user == MPI_COMM_SELF ? "MPI_COMM_SELF"
                                                  : "a communicator";
    pending(e, name, 20);
    rt_coll_unmatched(e->cshadow, name);
    if (e->call)
      rt_violation_at("MPI_RESOURCE_LEAK", e->file, e->line,
                      "the communicator created by %s is never freed", e->call);
  }
}
