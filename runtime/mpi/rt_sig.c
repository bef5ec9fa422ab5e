/* Type signatures (MPI 3.1 §3.3.1): the sequence of basic datatypes that a
 * count and a datatype describe. A datatype's signature for one element is
 * computed from its construction (MPI_Type_get_envelope/contents) as a list
 * of runs (basic type, repetitions); a message matches a receive when the
 * message's signature is a prefix of the receive's. MPI_BYTE and MPI_PACKED
 * match any type (the data is then compared as bytes only, by MPI). */
#include "rt_internal.h"

#include <stdio.h>
#include <string.h>

static MPI_Datatype basic[RT_TYPE_CODES];
static const char* basic_names[RT_TYPE_CODES] = {"a derived type",
                                                 "MPI_CHAR",
                                                 "MPI_SIGNED_CHAR",
                                                 "MPI_UNSIGNED_CHAR",
                                                 "MPI_BYTE",
                                                 "MPI_SHORT",
                                                 "MPI_UNSIGNED_SHORT",
                                                 "MPI_INT",
                                                 "MPI_UNSIGNED",
                                                 "MPI_LONG",
                                                 "MPI_UNSIGNED_LONG",
                                                 "MPI_LONG_LONG",
                                                 "MPI_UNSIGNED_LONG_LONG",
                                                 "MPI_FLOAT",
                                                 "MPI_DOUBLE",
                                                 "MPI_LONG_DOUBLE",
                                                 "MPI_C_BOOL",
                                                 "MPI_FLOAT_INT",
                                                 "MPI_DOUBLE_INT",
                                                 "MPI_LONG_INT",
                                                 "MPI_2INT",
                                                 "MPI_SHORT_INT",
                                                 "MPI_LONG_DOUBLE_INT",
                                                 "MPI_PACKED",
                                                 "MPI_WCHAR",
                                                 "MPI_INT8_T",
                                                 "MPI_INT16_T",
                                                 "MPI_INT32_T",
                                                 "MPI_INT64_T",
                                                 "MPI_UINT8_T",
                                                 "MPI_UINT16_T",
                                                 "MPI_UINT32_T",
                                                 "MPI_UINT64_T",
                                                 "MPI_C_DOUBLE_COMPLEX",
                                                 "MPI_C_FLOAT_COMPLEX"};

static void init_basic(void) {
  if (basic[1] != 0)
    return;
  MPI_Datatype ts[RT_TYPE_CODES] = {MPI_DATATYPE_NULL,
                                    MPI_CHAR,
                                    MPI_SIGNED_CHAR,
                                    MPI_UNSIGNED_CHAR,
                                    MPI_BYTE,
                                    MPI_SHORT,
                                    MPI_UNSIGNED_SHORT,
                                    MPI_INT,
                                    MPI_UNSIGNED,
                                    MPI_LONG,
                                    MPI_UNSIGNED_LONG,
                                    MPI_LONG_LONG,
                                    MPI_UNSIGNED_LONG_LONG,
                                    MPI_FLOAT,
                                    MPI_DOUBLE,
                                    MPI_LONG_DOUBLE,
                                    MPI_C_BOOL,
                                    MPI_FLOAT_INT,
                                    MPI_DOUBLE_INT,
                                    MPI_LONG_INT,
                                    MPI_2INT,
                                    MPI_SHORT_INT,
                                    MPI_LONG_DOUBLE_INT,
                                    MPI_PACKED,
                                    MPI_WCHAR,
                                    MPI_INT8_T,
                                    MPI_INT16_T,
                                    MPI_INT32_T,
                                    MPI_INT64_T,
                                    MPI_UINT8_T,
                                    MPI_UINT16_T,
                                    MPI_UINT32_T,
                                    MPI_UINT64_T,
                                    MPI_C_DOUBLE_COMPLEX,
                                    MPI_C_FLOAT_COMPLEX};
  memcpy(basic, ts, sizeof ts);
}

int rt_type_code(MPI_Datatype t) {
  init_basic();
  for (int i = 1; i < RT_TYPE_CODES; ++i)
    if (basic[i] == t)
      return i;
  return 0;
}

const char* rt_type_name(int code) {
  return code >= 0 && code < RT_TYPE_CODES ? basic_names[code] : "?";
}

/* Appends `times` copies of the runs of `part` to s; nruns -1 when over
 * RT_SIG_RUNS runs (the signature is then not checked). */
static void append(rt_sig* s, const rt_sig* part, long times) {
  if (s->nruns < 0 || part->nruns < 0 || times <= 0) {
    if (part->nruns < 0)
      s->nruns = -1;
    return;
  }
  if (part->nruns == 1) { /* one run: repeat it in place */
    rt_run r = part->runs[0];
    r.n *= times;
    if (s->nruns > 0 && s->runs[s->nruns - 1].code == r.code)
      s->runs[s->nruns - 1].n += r.n;
    else if (s->nruns < RT_SIG_RUNS)
      s->runs[s->nruns++] = r;
    else
      s->nruns = -1;
    return;
  }
  for (long k = 0; k < times && s->nruns >= 0; ++k)
    for (int i = 0; i < part->nruns; ++i) {
      rt_run r = part->runs[i];
      if (s->nruns > 0 && s->runs[s->nruns - 1].code == r.code)
        s->runs[s->nruns - 1].n += r.n;
      else if (s->nruns < RT_SIG_RUNS)
        s->runs[s->nruns++] = r;
      else {
        s->nruns = -1;
        return;
      }
    }
}

static void release(MPI_Datatype t) {
  int ni, na, nd, comb;
  PMPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
  if (comb != MPI_COMBINER_NAMED)
    PMPI_Type_free(&t);
}

void rt_signature(MPI_Datatype t, rt_sig* s) {
  s->nruns = 0;
  int code = rt_type_code(t);
  if (code) {
    s->nruns = 1;
    s->runs[0] = (rt_run){code, 1};
    return;
  }
  if (t == MPI_DATATYPE_NULL) {
    s->nruns = -1;
    return;
  }
  int ni = 0, na = 0, nd = 0, comb = 0;
  PMPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
  if (comb == MPI_COMBINER_NAMED || ni > 64 || nd > 64) {
    s->nruns = -1; /* a named type of no table entry, or too big to follow */
    return;
  }
  int ints[64];
  MPI_Aint addrs[64];
  MPI_Datatype types[64];
  PMPI_Type_get_contents(t, ni, na, nd, ints, addrs, types);
  rt_sig part;
  long times = 1;
  switch (comb) {
  case MPI_COMBINER_DUP:
  case MPI_COMBINER_RESIZED:
    break;
  case MPI_COMBINER_CONTIGUOUS:
    times = ints[0];
    break;
  case MPI_COMBINER_VECTOR:
  case MPI_COMBINER_HVECTOR:
  case MPI_COMBINER_INDEXED_BLOCK:
  case MPI_COMBINER_HINDEXED_BLOCK:
    times = (long)ints[0] * ints[1];
    break;
  case MPI_COMBINER_INDEXED:
  case MPI_COMBINER_HINDEXED:
    times = 0;
    for (int i = 0; i < ints[0]; ++i)
      times += ints[1 + i];
    break;
  case MPI_COMBINER_SUBARRAY:
    times = 1;
    for (int i = 0; i < ints[0]; ++i)
      times *= ints[1 + ints[0] + i];
    break;
  case MPI_COMBINER_STRUCT:
    for (int i = 0; i < ints[0] && s->nruns >= 0; ++i) {
      rt_signature(types[i], &part);
      append(s, &part, ints[1 + i]);
    }
    for (int i = 0; i < nd; ++i)
      release(types[i]);
    return;
  default: /* darray, Fortran types: not followed */
    s->nruns = -1;
    for (int i = 0; i < nd; ++i)
      release(types[i]);
    return;
  }
  rt_signature(types[0], &part);
  append(s, &part, times);
  release(types[0]);
}

static int is_any(int code) {
  return code == 4 /* MPI_BYTE */ || code == 23 /* MPI_PACKED */;
}

/* A cursor over count copies of a signature, one basic element at a time. */
struct cursor {
  const rt_sig* s;
  long count, copy;
  int run;
  long in_run; /* elements of runs[run] taken */
};

static int at_copy_start(const struct cursor* c) {
  return c->run == 0 && c->in_run == 0;
}

int rt_sig_prefix(const rt_sig* m, long mcount, const rt_sig* r, long rcount, long* at) {
  *at = 0;
  if (m->nruns <= 0 || r->nruns <= 0 || mcount <= 0)
    return 1; /* not known: not checked */
  for (int i = 0; i < m->nruns; ++i)
    if (is_any(m->runs[i].code))
      return 1;
  for (int i = 0; i < r->nruns; ++i)
    if (is_any(r->runs[i].code))
      return 1;
  if (m->nruns == 1 && r->nruns == 1)
    return m->runs[0].code == r->runs[0].code;
  struct cursor a = {m, mcount, 0, 0, 0}, b = {r, rcount, 0, 0, 0};
  long done = 0;
  int cycled = 0;
  for (long steps = 0; a.copy < a.count && b.copy < b.count && steps < 100000; ++steps) {
    if (cycled && at_copy_start(&a) && at_copy_start(&b))
      return 1; /* from here on the comparison repeats */
    rt_run x = a.s->runs[a.run], y = b.s->runs[b.run];
    if (x.code != y.code) {
      *at = done;
      return 0;
    }
    long take = x.n - a.in_run;
    if (y.n - b.in_run < take)
      take = y.n - b.in_run;
    done += take;
    a.in_run += take;
    b.in_run += take;
    if (a.in_run == x.n) {
      a.in_run = 0;
      if (++a.run == a.s->nruns)
        a.run = 0, ++a.copy;
    }
    if (b.in_run == y.n) {
      b.in_run = 0;
      if (++b.run == b.s->nruns)
        b.run = 0, ++b.copy;
    }
    cycled = 1;
  }
  return 1; /* a longer message is an overflow, which MPI reports itself */
}

void rt_sig_describe(const rt_sig* s, long count, char* out, size_t n) {
  if (s->nruns <= 0) {
    snprintf(out, n, "%ld elements of a derived type", count);
    return;
  }
  if (s->nruns == 1) {
    snprintf(out, n, "%ld x %s", count * s->runs[0].n, rt_type_name(s->runs[0].code));
    return;
  }
  size_t k = (size_t)snprintf(out, n, "%ld x {", count);
  for (int i = 0; i < s->nruns && k < n; ++i)
    k += (size_t)snprintf(out + k, n - k, "%s%d x %s", i ? ", " : "", s->runs[i].n,
                          rt_type_name(s->runs[i].code));
  if (k < n)
    snprintf(out + k, n - k, "}");
}
