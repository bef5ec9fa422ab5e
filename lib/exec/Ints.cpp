// C integers: every integer value has the C type of its model expression
// (widths of x86-64 Linux, LP64 as gcc: char 8 bits and signed, short 16,
// int 32, long and long long 64) and lies in that type's range.
//
//  * Arithmetic (+ - * / % unary - ~ << >> & | ^) is computed exactly on
//    the operands' values and then brought into the result type: an
//    unsigned result modulo 2^w, a signed result outside the range is
//    SIGNED_OVERFLOW (at the operator), including INT_MIN / -1 and
//    INT_MIN % -1. With ExecOptions::overflowCheck off (--no-overflow-check)
//    signed arithmetic is mathematical, as in the seed papers.
//  * Conversions between integer types (casts; the front end keeps the
//    implicit ones that may change a value): modulo 2^w into the target's
//    range, for signed targets too (gcc's implementation-defined choice).
//  * Shifts: the count must be in 0 .. w-1 (SHIFT_OUT_OF_RANGE); << shifts
//    the bits (gcc documents signed << as defined: bits shifted out of a
//    signed value are lost, no overflow), >> of a negative value is
//    arithmetic (gcc), i.e. floor division by 2^count.
//  * Bitwise operators on the two's-complement representation.
//
// Symbolic values: the no-wrap case must stay cheap. A result is wrapped
// only when the oracle (whose first stage is the internal bound
// propagation, lib/symbolic/Bounds) cannot show that it is in range; the
// wrapped form is a single correction (ite(v > max, v - 2^w, v)) when the
// value cannot be further off than one period, else the remainder modulo
// 2^w in the integer theory. Signed overflow is an ordinary obligation
// (Machine::require), decided by the same chain.
#include "Machine.h"

#include "chorus/model/Printer.h"

#include <deque>

namespace chorus::exec {

namespace {

/// 2^k (tabulated: every integer operation asks for its type's range).
const sym::Rational& twoPow(unsigned k) {
  static std::deque<sym::Rational> table{sym::Rational(1)};
  while (table.size() <= k)
    table.push_back(table.back() * sym::Rational(2));
  return table[k];
}

} // namespace

bool Machine::isCInt(const model::Type* t) {
  return t && t->kind == TypeKind::Int && t->bits >= 1 && t->bits <= 128;
}

std::pair<sym::Rational, sym::Rational> Machine::intRange(const model::Type* t) {
  if (t->kind == TypeKind::Bool)
    return {sym::Rational(0), sym::Rational(1)};
  // computed once per (width, signedness): this is on every operation
  static std::vector<std::pair<sym::Rational, sym::Rational>> cache[2];
  auto& c = cache[t->isSigned ? 1 : 0];
  if (c.empty()) {
    for (unsigned b = 0; b <= 128; ++b) {
      if (b == 0) {
        c.emplace_back(0, 0);
      } else if (t->isSigned) {
        sym::Rational h = twoPow(b - 1);
        c.emplace_back(-h, h - sym::Rational(1));
      } else {
        c.emplace_back(0, twoPow(b) - sym::Rational(1));
      }
    }
  }
  return c.at(t->bits);
}

bool Machine::knownIn(Expr v, const sym::Rational& lo, const sym::Rational& hi) {
  if (v->kind() == sym::Kind::NumConst)
    return lo <= v->value() && v->value() <= hi;
  Expr in = f.logicalAnd(f.le(f.intConst(lo), v), f.le(v, f.intConst(hi)));
  if (in->isTrue())
    return true;
  if (in->isFalse())
    return false;
  return ex.oracle().valid(pc(), in) == Answer::Yes;
}

Expr Machine::wrapInt(Expr v, const model::Type* t, const sym::Rational& srcLo,
                      const sym::Rational& srcHi) {
  auto [lo, hi] = intRange(t);
  sym::Rational m = hi - lo + sym::Rational(1); // 2^w
  if (v->kind() == sym::Kind::NumConst) {
    const sym::Rational& x = v->value();
    if (lo <= x && x <= hi)
      return v;
    sym::Rational r = sym::Rational::truncMod(x - lo, m); // the value congruent in [lo, hi]
    if (r.sign() < 0)
      r += m;
    return f.intConst(r + lo);
  }
  if (srcLo >= lo && srcHi <= hi)
    return v;
  if (knownIn(v, lo, hi))
    return v;
  Expr M = f.intConst(m);
  if (srcLo >= lo - m && srcHi <= hi + m) { // at most one period off
    Expr r = v;
    if (srcLo < lo)
      r = f.ite(f.lt(v, f.intConst(lo)), f.add(v, M), r);
    if (srcHi > hi)
      r = f.ite(f.lt(f.intConst(hi), v), f.sub(v, M), r);
    return r;
  }
  Expr r = f.mod(v, M); // C remainder: the sign of v
  if (srcLo.sign() < 0)
    r = f.ite(f.lt(r, intc(0)), f.add(r, M), r);
  if (t->isSigned)
    r = f.ite(f.lt(f.intConst(hi), r), f.sub(r, M), r);
  return r;
}

Expr Machine::convertInt(Expr v, const model::Type* from, const model::Type* to) {
  auto [lo, hi] = intRange(to);
  if (!isCInt(from) && (!from || from->kind != TypeKind::Bool)) {
    // unknown source type: the value itself decides
    if (v->kind() == sym::Kind::NumConst || knownIn(v, lo, hi))
      return wrapInt(v, to, lo, hi);
    sym::Rational big = twoPow(128);
    return wrapInt(v, to, -big, big);
  }
  auto [flo, fhi] = intRange(from);
  if (!ex.options().overflowCheck && from->isSigned && to->isSigned &&
      from->kind == TypeKind::Int && to->bits >= from->bits)
    return v; // mathematical signed values keep their value
  if (!ex.options().overflowCheck && from->isSigned && from->kind == TypeKind::Int) {
    sym::Rational big = twoPow(128);
    return wrapInt(v, to, -big, big); // a mathematical value may be out of from's range
  }
  return wrapInt(v, to, flo, fhi);
}

Expr Machine::signedResult(Expr r, const model::Expr* e) {
  const model::Type* t = e->type;
  if (!ex.options().overflowCheck)
    return r;
  auto [lo, hi] = intRange(t);
  if (r->kind() == sym::Kind::NumConst && lo <= r->value() && r->value() <= hi)
    return r;
  Expr ok = f.logicalAnd(f.le(f.intConst(lo), r), f.le(r, f.intConst(hi)));
  if (ok->isTrue())
    return r;
  require(ok, ViolationKind::SignedOverflow,
          "signed overflow in '" + text(e) + "' (" + t->name + ")");
  return r;
}

Expr Machine::intUnary(const model::Expr* e, Expr a) {
  const model::Type* t = e->type;
  LocAt at(loc, e->loc);
  auto [lo, hi] = intRange(t);
  if (e->op == Op::BitNot) // exact: -a-1 (signed), max - a (unsigned)
    return t->isSigned ? f.sub(f.neg(a), intc(1)) : f.sub(f.intConst(hi), a);
  Expr r = f.neg(a);
  if (t->isSigned)
    return signedResult(r, e);
  return wrapInt(r, t, -hi, sym::Rational(0));
}

Expr Machine::intBinary(const model::Expr* e, Expr a, Expr b) {
  const model::Type* t = e->type;
  LocAt at(loc, e->loc);
  auto [lo, hi] = intRange(t);
  unsigned w = t->bits;
  auto what = [&] { return "'" + text(e) + "'"; }; // for messages only
  switch (e->op) {
  case Op::Add:
  case Op::Sub:
  case Op::Mul: {
    Expr r = e->op == Op::Add ? f.add(a, b) : e->op == Op::Sub ? f.sub(a, b) : f.mul(a, b);
    if (t->isSigned)
      return signedResult(r, e);
    if (e->op == Op::Add)
      return wrapInt(r, t, lo, hi + hi);
    if (e->op == Op::Sub)
      return wrapInt(r, t, -hi, hi);
    return wrapInt(r, t, lo, hi * hi);
  }
  case Op::Div:
  case Op::Rem: {
    Expr nz = f.neq(b, intc(0));
    if (!nz->isTrue())
      require(nz, ViolationKind::DivisionByZero,
              e->op == Op::Div ? "division by zero" : "modulus by zero");
    if (t->isSigned && ex.options().overflowCheck) {
      Expr good = f.logicalNot(f.logicalAnd(f.eq(a, f.intConst(lo)), f.eq(b, intc(-1))));
      if (!good->isTrue())
        require(good, ViolationKind::SignedOverflow,
                "signed overflow in " + what() + " (" + t->name + "): " + lo.toString() +
                    (e->op == Op::Div ? " / -1 is not representable"
                                      : " % -1 is undefined (the quotient is not representable)"));
    }
    return e->op == Op::Div ? f.div(a, b) : f.mod(a, b);
  }
  case Op::Shl:
  case Op::Shr: {
    Expr ok = f.logicalAnd(f.le(intc(0), b), f.lt(b, intc(w)));
    if (!ok->isTrue())
      require(ok, ViolationKind::ShiftOutOfRange,
              "shift count out of range in " + what() + " (0 .. " + std::to_string(w - 1) +
                  " for " + t->name + ")");
    auto k = concreteInt(b);
    if (!k)
      return symbolicShift(e, a, b);
    sym::Rational p = twoPow(unsigned(*k));
    if (e->op == Op::Shl) {
      Expr r = f.mul(a, f.intConst(p));
      if (t->isSigned && !ex.options().overflowCheck)
        return r;
      return wrapInt(r, t, lo * p, hi * p);
    }
    if (a->kind() == sym::Kind::NumConst)
      return f.intConst((a->value() / p).floor());
    if (!t->isSigned || knownIn(a, sym::Rational(0), hi))
      return f.div(a, f.intConst(p));
    // floor division: C's truncating quotient, one less when a negative a
    // leaves a remainder
    Expr P = f.intConst(p);
    Expr q = f.div(a, P);
    return f.ite(f.lt(f.mod(a, P), intc(0)), f.sub(q, intc(1)), q);
  }
  case Op::BitAnd:
  case Op::BitOr:
  case Op::BitXor: {
    if (a->kind() == sym::Kind::NumConst && b->kind() == sym::Kind::NumConst)
      return symbolicBitwise(e, a, b); // folded by the factory
    // identities that need no bit-vector reasoning
    Expr ones = f.intConst(t->isSigned ? sym::Rational(-1) : hi);
    for (int side = 0; side < 2; ++side) {
      Expr x = side ? b : a, y = side ? a : b;
      if (x->isZero())
        return e->op == Op::BitAnd ? intc(0) : y;
      if (x == ones) {
        if (e->op == Op::BitAnd)
          return y;
        if (e->op == Op::BitOr)
          return ones;
        return t->isSigned ? f.sub(f.neg(y), intc(1)) : f.sub(f.intConst(hi), y);
      }
    }
    if (a == b)
      return e->op == Op::BitXor ? intc(0) : a;
    return symbolicBitwise(e, a, b);
  }
  default:
    throw Unsupported("operator at " + where());
  }
}

Expr Machine::symbolicShift(const model::Expr* e, Expr a, Expr b) {
  // the count is in range (checked): the bit-vector shift of the pattern
  const model::Type* t = e->type;
  return f.bitOp(e->op == Op::Shl ? sym::BitOpKind::Shl : sym::BitOpKind::Shr, t->bits, t->isSigned,
                 a, b);
}

Expr Machine::symbolicBitwise(const model::Expr* e, Expr a, Expr b) {
  const model::Type* t = e->type;
  sym::BitOpKind k = e->op == Op::BitAnd  ? sym::BitOpKind::And
                     : e->op == Op::BitOr ? sym::BitOpKind::Or
                                          : sym::BitOpKind::Xor;
  return f.bitOp(k, t->bits, t->isSigned, a, b);
}

} // namespace chorus::exec
