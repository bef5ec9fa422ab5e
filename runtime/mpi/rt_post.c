/* The checker's own small messages that nobody waits for (descriptions of
 * point-to-point messages and of collective calls): each is copied, sent
 * with MPI_Isend, and its request completed lazily; at MPI_Finalize the
 * requests still pending are freed (their messages are still delivered). */
#include "rt_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  MPI_Request r;
  char data[]; /* the message */
} posted;
static posted** out;
static int nout, capout;

void rt_post_reap(int all) {
  for (int i = 0; i < nout;) {
    int done = 0;
    if (all)
      PMPI_Request_free(&out[i]->r), done = 1;
    else
      PMPI_Test(&out[i]->r, &done, MPI_STATUS_IGNORE);
    if (done) {
      free(out[i]);
      out[i] = out[--nout];
    } else
      ++i;
  }
}

void rt_post(const void* data, int bytes, int dest, int tag, MPI_Comm c) {
  if (nout >= 64)
    rt_post_reap(0);
  if (nout == capout) {
    capout = capout ? 2 * capout : 64;
    out = realloc(out, sizeof *out * (size_t)capout);
  }
  posted* p = malloc(sizeof *p + (size_t)bytes);
  memcpy(p->data, data, (size_t)bytes);
  PMPI_Isend(p->data, bytes, MPI_BYTE, dest, tag, c, &p->r);
  rt_tool_sent(bytes);
  out[nout++] = p;
}
