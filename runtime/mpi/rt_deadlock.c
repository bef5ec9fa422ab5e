/* Deadlock detection at run time. Each rank records the blocking MPI call
 * it is in (call, the world rank it waits for, tag, call site); a watchdog
 * thread per rank (it never calls MPI) writes that record to a file in a
 * directory of the job (created by rank 0 at MPI_Init, on a file system
 * the ranks share: TMPDIR, default /tmp) once the rank has been blocked in
 * the same call for CHORUS_RT_TIMEOUT seconds (default 10; 0: off). Rank 0's
 * watchdog reads the directory: when every rank has been blocked that long
 * and nothing changed for one more period, it builds the wait-for graph (a
 * receive waits for its source, or for every rank with MPI_ANY_SOURCE; a
 * send for its destination; a collective operation on MPI_COMM_WORLD for the
 * ranks not in it), reports ABSOLUTE_DEADLOCK with a cycle of the graph and
 * every rank's call, and ends the job. */
#define _GNU_SOURCE
#include "rt_internal.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];
static double timeout_s = 10;
static unsigned long seq; /* changes at every enter and leave */
static int blocked;       /* in a blocking call */
static char cur[512];     /* "call|peer|tag|world|file|line" */
static pthread_t watchdog;
static int running, stopping;

int rt_world_rank_of(MPI_Comm c, int rank) {
  if (c == MPI_COMM_WORLD || rank < 0 || c == MPI_COMM_NULL)
    return rank;
  MPI_Group g, w;
  int out = rank;
  PMPI_Comm_group(c, &g);
  PMPI_Comm_group(MPI_COMM_WORLD, &w);
  PMPI_Group_translate_ranks(g, 1, &rank, w, &out);
  PMPI_Group_free(&g);
  PMPI_Group_free(&w);
  return out == MPI_UNDEFINED ? rank : out;
}

void rt_block_enter(const char* call, int peer, int tag, MPI_Comm c) {
  if (!running)
    return;
  __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST);
  snprintf(cur, sizeof cur, "%s|%d|%d|%d|%s|%d", call, peer, tag, c == MPI_COMM_WORLD, rt_file(),
           rt_line());
  __atomic_store_n(&blocked, 1, __ATOMIC_SEQ_CST);
}

void rt_block_leave(void) {
  if (!running)
    return;
  __atomic_store_n(&blocked, 0, __ATOMIC_SEQ_CST);
  __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST);
}

struct rec {
  char call[64], file[256];
  int peer, tag, world, line, ok;
};

static int parse(const char* s, struct rec* r) {
  memset(r, 0, sizeof *r);
  r->ok = sscanf(s, "%63[^|]|%d|%d|%d|%255[^|]|%d", r->call, &r->peer, &r->tag, &r->world, r->file,
                 &r->line) == 6;
  return r->ok;
}

static int waits_for(const struct rec* rs, int a, int b) {
  const struct rec* r = &rs[a];
  if (a == b)
    return 0;
  if (r->peer >= 0)
    return r->peer == b;
  if (r->peer == -1)
    return 1;
  /* a collective operation: on MPI_COMM_WORLD it waits for the ranks that
   * are not in the same operation */
  return r->world && !(rs[b].peer == -2 && rs[b].world && !strcmp(rs[b].call, r->call));
}

/* A cycle of the wait-for graph: its ranks in order, its length (0: none). */
static int cycle(const struct rec* rs, int n, int* out) {
  int *color = calloc((size_t)n, sizeof *color), *parent = malloc(sizeof *parent * (size_t)n);
  int *stack = malloc(sizeof *stack * (size_t)n), *next = calloc((size_t)n, sizeof *next), len = 0;
  for (int s = 0; s < n && !len; ++s) {
    if (color[s])
      continue;
    int top = 0;
    stack[top++] = s;
    color[s] = 1;
    parent[s] = -1;
    while (top && !len) {
      int v = stack[top - 1];
      if (next[v] >= n) {
        color[v] = 2;
        --top;
        continue;
      }
      int w = next[v]++;
      if (!waits_for(rs, v, w))
        continue;
      if (color[w] == 1) { /* back edge: w .. v is a cycle */
        int k = 0;
        for (int u = v; u != w; u = parent[u])
          out[k++] = u;
        out[k++] = w;
        for (int i = 0; i < k / 2; ++i) {
          int t = out[i];
          out[i] = out[k - 1 - i];
          out[k - 1 - i] = t;
        }
        len = k;
      } else if (!color[w]) {
        color[w] = 1;
        parent[w] = v;
        stack[top++] = w;
      }
    }
  }
  free(color);
  free(parent);
  free(stack);
  free(next);
  return len;
}

static void describe(const struct rec* r, int rank, char* buf, size_t n) {
  if (r->peer >= 0)
    snprintf(buf, n, "rank %d in %s (%s rank %d, tag %d) at %s:%d", rank, r->call,
             strstr(r->call, "ecv") || strstr(r->call, "Wait") ? "from" : "to", r->peer, r->tag,
             r->file, r->line);
  else if (r->peer == -1)
    snprintf(buf, n, "rank %d in %s (from any rank) at %s:%d", rank, r->call, r->file, r->line);
  else
    snprintf(buf, n, "rank %d in %s (collective%s) at %s:%d", rank, r->call,
             r->world ? "" : ", another communicator", r->file, r->line);
}

static void report(struct rec* rs, int n) {
  int *cyc = malloc(sizeof *cyc * (size_t)n), len = cycle(rs, n, cyc);
  /* the cycle starts at a rank blocked in something else than MPI_Finalize
   * (its line is the one to look at), if there is one */
  for (int k = 0; k < len && !strcmp(rs[cyc[0]].call, "MPI_Finalize"); ++k) {
    int t = cyc[0];
    memmove(cyc, cyc + 1, sizeof *cyc * (size_t)(len - 1));
    cyc[len - 1] = t;
  }
  int first = len ? cyc[0] : 0;
  char msg[4096] = "", part[600];
  snprintf(msg, sizeof msg, "every rank is blocked (for more than %g s)", timeout_s);
  if (len) {
    strncat(msg, "; cycle:", sizeof msg - strlen(msg) - 1);
    for (int i = 0; i < len; ++i) {
      snprintf(part, sizeof part, " rank %d ->", cyc[i]);
      strncat(msg, part, sizeof msg - strlen(msg) - 1);
    }
    snprintf(part, sizeof part, " rank %d", cyc[0]);
    strncat(msg, part, sizeof msg - strlen(msg) - 1);
  }
  for (int i = 0; i < n && i < 16; ++i) {
    describe(&rs[i], i, part, sizeof part);
    strncat(msg, "; ", sizeof msg - strlen(msg) - 1);
    strncat(msg, part, sizeof msg - strlen(msg) - 1);
  }
  if (n > 16)
    strncat(msg, "; ...", sizeof msg - strlen(msg) - 1);
  rt_violation_of("ABSOLUTE_DEADLOCK", first, rs[first].file, rs[first].line, "%s", msg);
  free(cyc);
}

static void path(char* buf, size_t n, int rank) {
  snprintf(buf, n, "%s/%d", dir, rank);
}

/* Rank 0: is every rank blocked, with the same records as last time? */
static int all_blocked(struct rec* rs, struct rec* last, int* stable) {
  for (int r = 0; r < rt_size; ++r) {
    char p[300], line[600];
    path(p, sizeof p, r);
    FILE* f = fopen(p, "r");
    if (!f) {
      *stable = 0;
      return 0;
    }
    int got = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    if (!got || !parse(line, &rs[r])) {
      *stable = 0;
      return 0;
    }
  }
  int same = !memcmp(rs, last, sizeof *rs * (size_t)rt_size);
  memcpy(last, rs, sizeof *rs * (size_t)rt_size);
  *stable = same ? *stable + 1 : 0;
  return 1;
}

static void* watch(void* arg) {
  (void)arg;
  unsigned long last_seq = ~0ul;
  double still = 0, step = 0.1;
  int written = 0;
  char p[300];
  path(p, sizeof p, rt_rank);
  struct rec* rs = rt_rank == 0 ? calloc((size_t)rt_size, sizeof *rs) : NULL;
  struct rec* last = rt_rank == 0 ? calloc((size_t)rt_size, sizeof *last) : NULL;
  int stable = 0, tick = 0;
  while (!__atomic_load_n(&stopping, __ATOMIC_SEQ_CST)) {
    usleep((useconds_t)(step * 1e6));
    unsigned long s = __atomic_load_n(&seq, __ATOMIC_SEQ_CST);
    int b = __atomic_load_n(&blocked, __ATOMIC_SEQ_CST);
    if (s != last_seq || !b) {
      if (written)
        unlink(p);
      written = 0;
      still = 0;
      last_seq = s;
    } else if ((still += step) >= timeout_s && !written) {
      char copy[512];
      memcpy(copy, cur, sizeof copy);
      if (__atomic_load_n(&seq, __ATOMIC_SEQ_CST) == s) {
        char tmp[320];
        snprintf(tmp, sizeof tmp, "%s.tmp", p);
        FILE* f = fopen(tmp, "w");
        if (f) {
          fprintf(f, "%s\n", copy);
          fclose(f);
          rename(tmp, p);
          written = 1;
        }
      }
    }
    if (rs && ++tick % 5 == 0 && all_blocked(rs, last, &stable) && stable >= 2) {
      report(rs, rt_size);
      for (int r = 0; r < rt_size; ++r) {
        char q[300];
        path(q, sizeof q, r);
        unlink(q);
      }
      rmdir(dir);
      fflush(NULL);
      _exit(1);
    }
  }
  if (written)
    unlink(p);
  free(rs);
  free(last);
  return NULL;
}

void rt_deadlock_init(void) {
  const char* t = getenv("CHORUS_RT_TIMEOUT");
  if (t)
    timeout_s = atof(t);
  if (timeout_s <= 0)
    return;
  if (rt_rank == 0) {
    const char* tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/chorus-rt-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
      dir[0] = 0;
  }
  PMPI_Bcast(dir, (int)sizeof dir, MPI_CHAR, 0, rt_shadow(MPI_COMM_WORLD));
  if (!dir[0])
    return;
  running = pthread_create(&watchdog, NULL, watch, NULL) == 0;
}

void rt_deadlock_finalize(void) {
  if (!running)
    return;
  __atomic_store_n(&stopping, 1, __ATOMIC_SEQ_CST);
  pthread_join(watchdog, NULL);
  running = 0;
  PMPI_Barrier(rt_shadow(MPI_COMM_WORLD));
  if (rt_rank == 0)
    rmdir(dir);
}
