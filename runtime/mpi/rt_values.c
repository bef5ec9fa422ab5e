/* The arithmetic of the evaluators `chorus cc` generates from collective
 * assertions (chorus_rt_assert.h): C's operators and usual arithmetic
 * conversions on 64-bit forms of the values (long long, unsigned long long,
 * double); an operation C leaves undefined (division by zero) is an
 * evaluation error, reported with the assertion, as in the verifier. */
#define _GNU_SOURCE
#include "chorus_rt_assert.h"
#include "rt_internal.h"

#include <stdarg.h>
#include <stdio.h>

void rt_eval_error(chorus_rt_ctx* c, const char* fmt, ...) {
  if (c->error[0])
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->error, sizeof c->error, fmt, ap);
  va_end(ap);
}

static double real(chorus_rt_value a) {
  return a.kind == CHORUS_RT_REAL   ? a.v.f
         : a.kind == CHORUS_RT_UINT ? (double)a.v.u
                                    : (double)a.v.i;
}

int chorus_rt_truth(chorus_rt_value a) {
  return a.kind == CHORUS_RT_REAL ? a.v.f != 0 : a.v.u != 0;
}

chorus_rt_value chorus_rt_neg(chorus_rt_ctx* c, chorus_rt_value a) {
  return chorus_rt_bin(c, CHORUS_RT_SUB, a.kind == CHORUS_RT_REAL ? chorus_rt_f(0) : chorus_rt_i(0),
                       a);
}

chorus_rt_value chorus_rt_compl(chorus_rt_ctx* c, chorus_rt_value a) {
  if (a.kind == CHORUS_RT_REAL) {
    rt_eval_error(c, "'~' applied to a floating value");
    return chorus_rt_i(0);
  }
  a.v.u = ~a.v.u;
  return a;
}

/* C's usual arithmetic conversions on the 64-bit forms. */
chorus_rt_value chorus_rt_bin(chorus_rt_ctx* c, int op, chorus_rt_value a, chorus_rt_value b) {
  if (a.kind == CHORUS_RT_REAL || b.kind == CHORUS_RT_REAL) {
    double x = real(a), y = real(b);
    switch (op) {
    case CHORUS_RT_ADD:
      return chorus_rt_f(x + y);
    case CHORUS_RT_SUB:
      return chorus_rt_f(x - y);
    case CHORUS_RT_MUL:
      return chorus_rt_f(x * y);
    case CHORUS_RT_DIV:
      return chorus_rt_f(x / y);
    case CHORUS_RT_LT:
      return chorus_rt_i(x < y);
    case CHORUS_RT_LE:
      return chorus_rt_i(x <= y);
    case CHORUS_RT_GT:
      return chorus_rt_i(x > y);
    case CHORUS_RT_GE:
      return chorus_rt_i(x >= y);
    case CHORUS_RT_EQ:
      return chorus_rt_i(x == y);
    case CHORUS_RT_NE:
      return chorus_rt_i(x != y);
    default:
      rt_eval_error(c, "an integer operation applied to a floating value");
      return chorus_rt_i(0);
    }
  }
  int uns = a.kind == CHORUS_RT_UINT || b.kind == CHORUS_RT_UINT;
  unsigned long long x = a.v.u, y = b.v.u;
  long long sx = a.v.i, sy = b.v.i;
  if ((op == CHORUS_RT_DIV || op == CHORUS_RT_MOD) && y == 0) {
    rt_eval_error(c, "division by zero");
    return chorus_rt_i(0);
  }
  chorus_rt_value r = uns ? chorus_rt_u(0) : chorus_rt_i(0);
  switch (op) {
  case CHORUS_RT_ADD:
    r.v.u = x + y;
    return r;
  case CHORUS_RT_SUB:
    r.v.u = x - y;
    return r;
  case CHORUS_RT_MUL:
    r.v.u = x * y;
    return r;
  case CHORUS_RT_DIV:
    if (uns)
      r.v.u = x / y;
    else
      r.v.i = (sx == (-9223372036854775807LL - 1) && sy == -1) ? sx : sx / sy;
    return r;
  case CHORUS_RT_MOD:
    if (uns)
      r.v.u = x % y;
    else
      r.v.i = sy == -1 ? 0 : sx % sy;
    return r;
  case CHORUS_RT_SHL:
    r.v.u = y < 64 ? x << y : 0;
    return r;
  case CHORUS_RT_SHR:
    if (uns)
      r.v.u = y < 64 ? x >> y : 0;
    else
      r.v.i = y < 64 ? sx >> y : (sx < 0 ? -1 : 0);
    return r;
  case CHORUS_RT_BAND:
    r.v.u = x & y;
    return r;
  case CHORUS_RT_BOR:
    r.v.u = x | y;
    return r;
  case CHORUS_RT_BXOR:
    r.v.u = x ^ y;
    return r;
  case CHORUS_RT_LT:
    return chorus_rt_i(uns ? x < y : sx < sy);
  case CHORUS_RT_LE:
    return chorus_rt_i(uns ? x <= y : sx <= sy);
  case CHORUS_RT_GT:
    return chorus_rt_i(uns ? x > y : sx > sy);
  case CHORUS_RT_GE:
    return chorus_rt_i(uns ? x >= y : sx >= sy);
  case CHORUS_RT_EQ:
    return chorus_rt_i(x == y);
  case CHORUS_RT_NE:
    return chorus_rt_i(x != y);
  default:
    return r;
  }
}

/* ---- quantifiers over integer ranges */
long long chorus_rt_int(chorus_rt_ctx* c, chorus_rt_value a) {
  if (a.kind == CHORUS_RT_REAL) {
    rt_eval_error(c, "a quantifier's bound is a floating value");
    return 0;
  }
  return a.kind == CHORUS_RT_UINT && a.v.u > (unsigned long long)__LONG_LONG_MAX__
             ? __LONG_LONG_MAX__
             : a.v.i;
}

int chorus_rt_go(chorus_rt_ctx* c, long long i) {
  (void)i;
  if (c->error[0])
    return 0;
  if (++c->steps > CHORUS_RT_QUANT_STEPS) {
    rt_eval_error(c, "a quantifier ranges over more than %d values", CHORUS_RT_QUANT_STEPS);
    return 0;
  }
  return 1;
}

int chorus_rt_settled(chorus_rt_ctx* c) {
  return c->nmissing == 0 && !c->pending;
}
