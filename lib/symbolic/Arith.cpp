// Canonical arithmetic: polynomials over primitive expressions, real
// quotients p/q, C integer division, casts, and relational atoms.
#include "Internal.h"

#include <algorithm>
#include <stdexcept>

namespace chorus::sym {
namespace detail {

void decomposeTerm(Expr t, Rational& coef, Expr& mono) {
  if (t->kind() == Kind::Mul && t->child(0)->kind() == Kind::NumConst) {
    coef = t->child(0)->value();
    mono = t->child(1);
  } else {
    coef = Rational(1);
    mono = t;
  }
}

Poly toPoly(Expr e) {
  Poly p;
  if (e->kind() == Kind::NumConst) {
    p.c0 = e->value();
    return p;
  }
  auto addTerm = [&](Expr t) {
    if (t->kind() == Kind::NumConst) {
      p.c0 = t->value();
      return;
    }
    Term tm;
    decomposeTerm(t, tm.coef, tm.mono);
    p.terms.push_back(std::move(tm));
  };
  if (e->kind() == Kind::Add) {
    p.terms.reserve(e->numChildren());
    for (Expr c : e->children())
      addTerm(c);
  } else {
    addTerm(e);
  }
  return p;
}

static Expr makeTerm(ExprFactory& f, const Rational& coef, Expr mono, Type t) {
  if (coef.isOne())
    return mono;
  return FactoryAccess::make(f, Kind::Mul, t, {f.numConst(t, coef), mono});
}

Expr fromPoly(ExprFactory& f, const Poly& p, Type t) {
  if (p.terms.empty())
    return f.numConst(t, p.c0);
  if (p.c0.isZero() && p.terms.size() == 1)
    return makeTerm(f, p.terms[0].coef, p.terms[0].mono, t);
  std::vector<Expr> ch;
  ch.reserve(p.terms.size() + 1);
  if (!p.c0.isZero())
    ch.push_back(f.numConst(t, p.c0));
  for (const Term& tm : p.terms)
    ch.push_back(makeTerm(f, tm.coef, tm.mono, t));
  return FactoryAccess::make(f, Kind::Add, t, std::span<const Expr>(ch));
}

/// Sorts terms by monomial and merges equal monomials, dropping zeros.
static void normalizeTerms(std::vector<Term>& ts) {
  std::sort(ts.begin(), ts.end(),
            [](const Term& a, const Term& b) { return a.mono->id() < b.mono->id(); });
  size_t out = 0;
  for (size_t i = 0; i < ts.size();) {
    size_t j = i + 1;
    Rational c = std::move(ts[i].coef);
    while (j < ts.size() && ts[j].mono == ts[i].mono) {
      c += ts[j].coef;
      ++j;
    }
    if (!c.isZero()) {
      ts[out].mono = ts[i].mono;
      ts[out].coef = std::move(c);
      ++out;
    }
    i = j;
  }
  ts.resize(out);
}

Poly addPoly(const Poly& a, const Poly& b) {
  Poly r;
  r.c0 = a.c0 + b.c0;
  r.terms.reserve(a.terms.size() + b.terms.size());
  size_t i = 0, j = 0;
  while (i < a.terms.size() || j < b.terms.size()) {
    if (j == b.terms.size() ||
        (i < a.terms.size() && a.terms[i].mono->id() < b.terms[j].mono->id())) {
      r.terms.push_back(a.terms[i++]);
    } else if (i == a.terms.size() || b.terms[j].mono->id() < a.terms[i].mono->id()) {
      r.terms.push_back(b.terms[j++]);
    } else {
      Rational c = a.terms[i].coef + b.terms[j].coef;
      if (!c.isZero())
        r.terms.push_back(Term{a.terms[i].mono, std::move(c)});
      ++i;
      ++j;
    }
  }
  return r;
}

Poly scalePoly(const Poly& a, const Rational& s) {
  Poly r;
  if (s.isZero())
    return r;
  r.c0 = a.c0 * s;
  r.terms.reserve(a.terms.size());
  for (const Term& t : a.terms)
    r.terms.push_back(Term{t.mono, t.coef * s});
  return r;
}

void monoFactors(Expr mono, std::vector<std::pair<Expr, uint32_t>>& out) {
  auto one = [&](Expr f) {
    if (f->kind() == Kind::Pow)
      out.emplace_back(f->child(0), uint32_t(f->aux()));
    else
      out.emplace_back(f, 1u);
  };
  if (mono->kind() == Kind::Mul)
    for (Expr c : mono->children())
      one(c);
  else
    one(mono);
}

Expr monoFromFactors(ExprFactory& f, std::vector<std::pair<Expr, uint32_t>>& fs, Type t) {
  std::sort(fs.begin(), fs.end(),
            [](const auto& a, const auto& b) { return a.first->id() < b.first->id(); });
  std::vector<Expr> ch;
  ch.reserve(fs.size());
  for (size_t i = 0; i < fs.size();) {
    Expr prim = fs[i].first;
    uint32_t e = 0;
    size_t j = i;
    while (j < fs.size() && fs[j].first == prim)
      e += fs[j++].second;
    ch.push_back(e == 1 ? prim : FactoryAccess::make(f, Kind::Pow, t, {prim}, e));
    i = j;
  }
  if (ch.size() == 1)
    return ch[0];
  return FactoryAccess::make(f, Kind::Mul, t, std::span<const Expr>(ch));
}

static Expr monoMul(ExprFactory& f, Expr a, Expr b, Type t) {
  std::vector<std::pair<Expr, uint32_t>> fs;
  monoFactors(a, fs);
  monoFactors(b, fs);
  return monoFromFactors(f, fs, t);
}

Poly mulPoly(ExprFactory& f, const Poly& a, const Poly& b, Type t) {
  Poly r;
  r.c0 = a.c0 * b.c0;
  r.terms.reserve((a.terms.size() + 1) * (b.terms.size() + 1));
  if (!b.c0.isZero())
    for (const Term& x : a.terms)
      r.terms.push_back(Term{x.mono, x.coef * b.c0});
  if (!a.c0.isZero())
    for (const Term& y : b.terms)
      r.terms.push_back(Term{y.mono, y.coef * a.c0});
  for (const Term& x : a.terms)
    for (const Term& y : b.terms)
      r.terms.push_back(Term{monoMul(f, x.mono, y.mono, t), x.coef * y.coef});
  normalizeTerms(r.terms);
  return r;
}

static bool polyEqual(const Poly& a, const Poly& b) {
  if (a.c0 != b.c0 || a.terms.size() != b.terms.size())
    return false;
  for (size_t i = 0; i < a.terms.size(); ++i)
    if (a.terms[i].mono != b.terms[i].mono || a.terms[i].coef != b.terms[i].coef)
      return false;
  return true;
}

bool definitelyDistinct(ExprFactory&, Expr a, Expr b) {
  if (a == b)
    return false;
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst)
    return true;
  if (!a->type()->isNumeric() || a->kind() == Kind::RealDiv || b->kind() == Kind::RealDiv)
    return false;
  Poly pa = toPoly(a), pb = toPoly(b);
  if (pa.terms.size() != pb.terms.size())
    return false;
  for (size_t i = 0; i < pa.terms.size(); ++i)
    if (pa.terms[i].mono != pb.terms[i].mono || pa.terms[i].coef != pb.terms[i].coef)
      return false;
  return pa.c0 != pb.c0;
}

// ------------------------------------------------------------ real quotients

struct RatFun {
  Poly p, q; // q == 1 when plain polynomial
};

static RatFun toRatFun(Expr e) {
  if (e->kind() == Kind::RealDiv)
    return {toPoly(e->child(0)), toPoly(e->child(1))};
  RatFun r{toPoly(e), Poly{}};
  r.q.c0 = Rational(1);
  return r;
}

static Expr fromRatFun(ExprFactory& f, RatFun r, Type t) {
  if (r.q.isConst()) {
    if (r.q.c0.isZero())
      return FactoryAccess::make(f, Kind::RealDiv, t, {fromPoly(f, r.p, t), f.numConst(t, 0)});
    return fromPoly(f, scalePoly(r.p, Rational(1) / r.q.c0), t);
  }
  if (r.p.isConst() && r.p.c0.isZero())
    return f.numConst(t, 0);
  Rational lc = r.q.terms[0].coef;
  if (!lc.isOne()) {
    Rational inv = Rational(1) / lc;
    r.p = scalePoly(r.p, inv);
    r.q = scalePoly(r.q, inv);
  }
  return FactoryAccess::make(f, Kind::RealDiv, t, {fromPoly(f, r.p, t), fromPoly(f, r.q, t)});
}

static bool isOnePoly(const Poly& q) {
  return q.isConst() && q.c0.isOne();
}

static RatFun addRat(ExprFactory& f, const RatFun& a, const RatFun& b, Type t) {
  if (polyEqual(a.q, b.q))
    return {addPoly(a.p, b.p), a.q};
  if (isOnePoly(a.q))
    return {addPoly(mulPoly(f, a.p, b.q, t), b.p), b.q};
  if (isOnePoly(b.q))
    return {addPoly(a.p, mulPoly(f, b.p, a.q, t)), a.q};
  return {addPoly(mulPoly(f, a.p, b.q, t), mulPoly(f, b.p, a.q, t)), mulPoly(f, a.q, b.q, t)};
}

static RatFun mulRat(ExprFactory& f, const RatFun& a, const RatFun& b, Type t) {
  return {mulPoly(f, a.p, b.p, t), mulPoly(f, a.q, b.q, t)};
}

} // namespace detail

using namespace detail;

static void checkNumeric(Expr a, Expr b) {
  if (a->type() != b->type() || !a->type()->isNumeric())
    throw std::invalid_argument("arithmetic on mismatched or non-numeric types: " +
                                a->type()->toString() + ", " + b->type()->toString());
}

// ================================================================= builders

Expr ExprFactory::add(Expr a, Expr b) {
  checkNumeric(a, b);
  Type t = a->type();
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst)
    return numConst(t, a->value() + b->value());
  if (a->isZero())
    return b;
  if (b->isZero())
    return a;
  if (a->kind() == Kind::RealDiv || b->kind() == Kind::RealDiv)
    return fromRatFun(*this, addRat(*this, toRatFun(a), toRatFun(b), t), t);
  return fromPoly(*this, addPoly(toPoly(a), toPoly(b)), t);
}

Expr ExprFactory::add(std::span<const Expr> xs) {
  if (xs.empty())
    throw std::invalid_argument("add of nothing");
  if (xs.size() == 1)
    return xs[0];
  if (xs.size() == 2)
    return add(xs[0], xs[1]);
  Type t = xs[0]->type();
  bool rat = false;
  for (Expr x : xs) {
    checkNumeric(xs[0], x);
    rat |= x->kind() == Kind::RealDiv;
  }
  if (rat) {
    RatFun acc = toRatFun(xs[0]);
    for (size_t i = 1; i < xs.size(); ++i)
      acc = addRat(*this, acc, toRatFun(xs[i]), t);
    return fromRatFun(*this, std::move(acc), t);
  }
  Poly acc;
  for (Expr x : xs) {
    Poly p = toPoly(x);
    acc.c0 += p.c0;
    for (Term& tm : p.terms)
      acc.terms.push_back(std::move(tm));
  }
  normalizeTerms(acc.terms);
  return fromPoly(*this, acc, t);
}

Expr ExprFactory::neg(Expr a) {
  if (!a->type()->isNumeric())
    throw std::invalid_argument("neg of non-numeric");
  if (a->kind() == Kind::NumConst)
    return numConst(a->type(), -a->value());
  if (a->kind() == Kind::RealDiv) {
    RatFun r = toRatFun(a);
    r.p = scalePoly(r.p, Rational(-1));
    return fromRatFun(*this, std::move(r), a->type());
  }
  return fromPoly(*this, scalePoly(toPoly(a), Rational(-1)), a->type());
}

Expr ExprFactory::sub(Expr a, Expr b) {
  checkNumeric(a, b);
  if (a == b)
    return numConst(a->type(), 0);
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst)
    return numConst(a->type(), a->value() - b->value());
  return add(a, neg(b));
}

Expr ExprFactory::mul(Expr a, Expr b) {
  checkNumeric(a, b);
  Type t = a->type();
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst)
    return numConst(t, a->value() * b->value());
  if (a->kind() == Kind::RealDiv || b->kind() == Kind::RealDiv)
    return fromRatFun(*this, mulRat(*this, toRatFun(a), toRatFun(b), t), t);
  if (a->kind() == Kind::NumConst)
    return fromPoly(*this, scalePoly(toPoly(b), a->value()), t);
  if (b->kind() == Kind::NumConst)
    return fromPoly(*this, scalePoly(toPoly(a), b->value()), t);
  return fromPoly(*this, mulPoly(*this, toPoly(a), toPoly(b), t), t);
}

Expr ExprFactory::mul(std::span<const Expr> xs) {
  if (xs.empty())
    throw std::invalid_argument("mul of nothing");
  Expr acc = xs[0];
  for (size_t i = 1; i < xs.size(); ++i)
    acc = mul(acc, xs[i]);
  return acc;
}

Expr ExprFactory::pow(Expr a, uint32_t k) {
  if (!a->type()->isNumeric())
    throw std::invalid_argument("pow of non-numeric");
  if (k == 0)
    return numConst(a->type(), 1);
  if (k == 1)
    return a;
  switch (a->kind()) {
  case Kind::NumConst: {
    Rational r(1);
    for (uint32_t i = 0; i < k; ++i)
      r *= a->value();
    return numConst(a->type(), r);
  }
  case Kind::Add:
  case Kind::Mul:
  case Kind::Pow:
  case Kind::RealDiv: {
    Expr result = numConst(a->type(), 1), base = a;
    while (k) {
      if (k & 1)
        result = mul(result, base);
      k >>= 1;
      if (k)
        base = mul(base, base);
    }
    return result;
  }
  default: {
    std::vector<std::pair<Expr, uint32_t>> fs{{a, k}};
    return monoFromFactors(*this, fs, a->type());
  }
  }
}

static bool allDivisible(const Poly& p, const Rational& d) {
  if (!(p.c0 / d).isInteger())
    return false;
  for (const Term& t : p.terms)
    if (!(t.coef / d).isInteger())
      return false;
  return true;
}

Expr ExprFactory::div(Expr a, Expr b) {
  checkNumeric(a, b);
  Type t = a->type();
  if (t->isReal()) {
    if (b->isZero())
      return FactoryAccess::make(*this, Kind::RealDiv, t, {a, b});
    if (b->kind() == Kind::NumConst)
      return mul(a, realConst(Rational(1) / b->value()));
    RatFun ra = toRatFun(a), rb = toRatFun(b);
    RatFun r{mulPoly(*this, ra.p, rb.q, t), mulPoly(*this, ra.q, rb.p, t)};
    return fromRatFun(*this, std::move(r), t);
  }
  // Integers, C semantics.
  if (b->isZero())
    return FactoryAccess::make(*this, Kind::IntDiv, t, {a, b});
  if (b->kind() == Kind::NumConst) {
    if (a->kind() == Kind::NumConst)
      return intConst(Rational::truncDiv(a->value(), b->value()));
    if (b->value().isOne())
      return a;
    if (b->value() == Rational(-1))
      return neg(a);
    Poly p = toPoly(a);
    if (allDivisible(p, b->value()))
      return fromPoly(*this, scalePoly(p, Rational(1) / b->value()), t);
  }
  if (a->isZero())
    return a;
  return FactoryAccess::make(*this, Kind::IntDiv, t, {a, b});
}

namespace {
Rational twoPow(unsigned k) {
  Rational r(1);
  for (unsigned i = 0; i < k; ++i)
    r *= Rational(2);
  return r;
}

/// The k-bit pattern of integer v as a number in 0 .. 2^k-1.
unsigned __int128 patternOf(const Rational& v, unsigned k) {
  Rational m = twoPow(k);
  Rational r = Rational::truncMod(v, m);
  if (r.sign() < 0)
    r += m;
  Rational b64 = twoPow(64), b63 = twoPow(63);
  auto half = [&](const Rational& x) { return uint64_t(*(x >= b63 ? x - b64 : x).toInt64()); };
  Rational hi = Rational::truncDiv(r, b64);
  Rational lo = r - hi * b64;
  return ((unsigned __int128)half(hi) << 64) | half(lo);
}

Rational valueOf(unsigned __int128 x, unsigned k, bool isSigned) {
  if (k < 128)
    x &= (((unsigned __int128)1) << k) - 1;
  auto part = [](uint64_t h) {
    return Rational(int64_t(h >> 1)) * Rational(2) + Rational(int64_t(h & 1));
  };
  Rational v = part(uint64_t(x >> 64)) * twoPow(64) + part(uint64_t(x));
  if (isSigned && v >= twoPow(k - 1))
    v -= twoPow(k);
  return v;
}
} // namespace

Expr ExprFactory::bitOp(BitOpKind op, unsigned width, bool isSigned, Expr a, Expr b) {
  checkNumeric(a, b);
  if (!a->type()->isInt() || width < 1 || width > 128)
    throw std::invalid_argument("bitOp on non-integers or of a bad width");
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst && width <= 64) {
    // fast path: 64-bit arithmetic (the common case, on every concrete operation)
    auto ia = a->value().toInt64(), ib = b->value().toInt64();
    if (ia && ib) {
      uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
      uint64_t x = uint64_t(*ia) & mask, y = uint64_t(*ib) & mask, r = 0;
      bool ok = true;
      switch (op) {
      case BitOpKind::And:
        r = x & y;
        break;
      case BitOpKind::Or:
        r = x | y;
        break;
      case BitOpKind::Xor:
        r = x ^ y;
        break;
      case BitOpKind::Shl:
      case BitOpKind::Shr:
        if (*ib < 0 || *ib >= int64_t(width)) {
          ok = false;
          break;
        }
        if (op == BitOpKind::Shl) {
          r = (x << *ib) & mask;
        } else {
          uint64_t sx = x;
          if (isSigned && ((x >> (width - 1)) & 1))
            sx |= ~mask; // sign-extended to 64 bits
          r = (isSigned ? uint64_t(int64_t(sx) >> *ib) : (sx >> *ib)) & mask;
        }
        break;
      }
      if (ok) {
        if (isSigned && ((r >> (width - 1)) & 1))
          return intConst(int64_t(r | ~mask));
        if (r <= uint64_t(INT64_MAX))
          return intConst(int64_t(r));
        return intConst(Rational(int64_t(r >> 1)) * Rational(2) + Rational(int64_t(r & 1)));
      }
    }
  }
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst) {
    unsigned __int128 x = patternOf(a->value(), width), r = 0;
    if (op == BitOpKind::Shl || op == BitOpKind::Shr) {
      auto k = b->value().toInt64();
      if (!k || *k < 0 || *k >= int64_t(width))
        throw std::invalid_argument("bitOp: shift count out of range");
      if (op == BitOpKind::Shl) {
        r = x << *k;
      } else {
        r = x >> *k;
        if (isSigned && *k > 0 && ((x >> (width - 1)) & 1))
          r |= ~(unsigned __int128)0 << (width - unsigned(*k));
      }
    } else {
      unsigned __int128 y = patternOf(b->value(), width);
      r = op == BitOpKind::And ? x & y : op == BitOpKind::Or ? x | y : x ^ y;
    }
    return intConst(valueOf(r, width, isSigned));
  }
  if (op != BitOpKind::Shl && op != BitOpKind::Shr && !(a->id() < b->id()) && a != b)
    std::swap(a, b); // commutative: canonical order
  uint64_t aux = uint64_t(op) | uint64_t(width) << 8 | uint64_t(isSigned ? 1 : 0) << 16;
  return FactoryAccess::make(*this, Kind::BitOp, a->type(), {a, b}, aux);
}

Expr ExprFactory::mod(Expr a, Expr b) {
  checkNumeric(a, b);
  Type t = a->type();
  if (!t->isInt())
    throw std::invalid_argument("mod on non-integers");
  if (b->isZero())
    return FactoryAccess::make(*this, Kind::IntMod, t, {a, b});
  if (b->kind() == Kind::NumConst) {
    if (a->kind() == Kind::NumConst)
      return intConst(Rational::truncMod(a->value(), b->value()));
    if (allDivisible(toPoly(a), b->value()))
      return intConst(0);
  }
  if (a->isZero() || a == b)
    return intConst(0);
  return FactoryAccess::make(*this, Kind::IntMod, t, {a, b});
}

Expr ExprFactory::intToReal(Expr a) {
  switch (a->kind()) {
  case Kind::NumConst:
    return realConst(a->value());
  case Kind::RealToInt:
    break;
  case Kind::Add:
  case Kind::Mul:
  case Kind::Pow: {
    Poly p = toPoly(a), r;
    r.c0 = p.c0;
    std::vector<std::pair<Expr, uint32_t>> fs;
    for (const Term& tm : p.terms) {
      fs.clear();
      monoFactors(tm.mono, fs);
      for (auto& [prim, e] : fs)
        prim = intToReal(prim);
      r.terms.push_back(Term{monoFromFactors(*this, fs, real_), tm.coef});
    }
    normalizeTerms(r.terms);
    return fromPoly(*this, r, real_);
  }
  default:
    break;
  }
  return FactoryAccess::make(*this, Kind::IntToReal, real_, {a});
}

Expr ExprFactory::realToInt(Expr a) {
  if (a->kind() == Kind::NumConst) {
    const Rational& v = a->value();
    return intConst(v.sign() >= 0 ? v.floor() : v.ceil());
  }
  if (a->kind() == Kind::IntToReal)
    return a->child(0);
  return FactoryAccess::make(*this, Kind::RealToInt, int_, {a});
}

Expr ExprFactory::charToInt(Expr a) {
  if (a->kind() == Kind::NumConst)
    return intConst(a->value());
  if (a->kind() == Kind::IntToChar)
    return a->child(0);
  return FactoryAccess::make(*this, Kind::CharToInt, int_, {a});
}

Expr ExprFactory::intToChar(Expr a) {
  if (a->kind() == Kind::NumConst)
    return numConst(char_, a->value());
  if (a->kind() == Kind::CharToInt)
    return a->child(0);
  return FactoryAccess::make(*this, Kind::IntToChar, char_, {a});
}

// ================================================================ relations

namespace {

/// An ite with a constant branch compared with a constant (`r >= 0 ? r :
/// MPI_PROC_NULL` against a bound): the comparison of each branch under its
/// condition, so that the constant one is decided and the other is an atom.
bool constantBranch(Expr x, Expr k) {
  return x->kind() == Kind::Ite && k->kind() == Kind::NumConst &&
         (x->child(1)->kind() == Kind::NumConst || x->child(2)->kind() == Kind::NumConst);
}

} // namespace

Expr ExprFactory::lt(Expr a, Expr b) {
  if (a->type()->kind() == TypeKind::Char)
    return lt(charToInt(a), charToInt(b));
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst)
    return boolConst(compare(a->value(), b->value()) < 0); // no node for b - a
  if (constantBranch(a, b))
    return ite(a->child(0), lt(a->child(1), b), lt(a->child(2), b));
  if (constantBranch(b, a))
    return ite(b->child(0), lt(a, b->child(1)), lt(a, b->child(2)));
  return makeAtom(*this, Kind::Lt, sub(b, a));
}

Expr ExprFactory::le(Expr a, Expr b) {
  if (a->type()->kind() == TypeKind::Char)
    return le(charToInt(a), charToInt(b));
  if (a->kind() == Kind::NumConst && b->kind() == Kind::NumConst)
    return boolConst(compare(a->value(), b->value()) <= 0); // no node for b - a
  if (constantBranch(a, b))
    return ite(a->child(0), le(a->child(1), b), le(a->child(2), b));
  if (constantBranch(b, a))
    return ite(b->child(0), le(a, b->child(1)), le(a, b->child(2)));
  return makeAtom(*this, Kind::Le, sub(b, a));
}

namespace detail {

Expr makeAtom(ExprFactory& f, Kind k, Expr d) {
  Type t = d->type();
  if (d->kind() == Kind::NumConst) {
    int s = d->value().sign();
    return f.boolConst(k == Kind::Lt ? s > 0 : k == Kind::Le ? s >= 0 : s == 0);
  }
  Expr zero = f.numConst(t, 0);
  if (t->isInt()) {
    Poly p = toPoly(d);
    if (k == Kind::Lt) {
      p.c0 -= Rational(1);
      k = Kind::Le;
    }
    Rational g(0);
    for (const Term& tm : p.terms)
      g = Rational::gcd(g, tm.coef);
    if (k == Kind::Le) {
      if (!g.isOne()) {
        for (Term& tm : p.terms)
          tm.coef = tm.coef / g;
        p.c0 = (p.c0 / g).floor();
      }
      return FactoryAccess::make(f, Kind::Le, f.boolType(), {fromPoly(f, p, t)});
    }
    if (!(p.c0 / g).isInteger())
      return f.falseExpr();
    if (p.terms[0].coef.sign() < 0)
      g = -g;
    if (!g.isOne())
      p = scalePoly(p, Rational(1) / g);
    return FactoryAccess::make(f, Kind::Eq, f.boolType(), {fromPoly(f, p, t), zero});
  }
  // Reals.
  if (d->kind() == Kind::RealDiv) {
    if (k == Kind::Eq)
      return FactoryAccess::make(f, Kind::Eq, f.boolType(), {d, zero});
    return FactoryAccess::make(f, k, f.boolType(), {d});
  }
  Poly p = toPoly(d);
  Rational lc = p.terms[0].coef;
  if (k != Kind::Eq)
    lc = lc.abs();
  if (!lc.isOne())
    p = scalePoly(p, Rational(1) / lc);
  Expr e = fromPoly(f, p, t);
  if (k == Kind::Eq)
    return FactoryAccess::make(f, Kind::Eq, f.boolType(), {e, zero});
  return FactoryAccess::make(f, k, f.boolType(), {e});
}

Expr negateAtom(ExprFactory& f, Expr atom) {
  Expr p = atom->child(0);
  if (p->type()->isInt()) {
    if (atom->kind() != Kind::Le)
      return nullptr;
    Poly q = scalePoly(toPoly(p), Rational(-1));
    q.c0 -= Rational(1);
    return FactoryAccess::make(f, Kind::Le, f.boolType(), {fromPoly(f, q, p->type())});
  }
  return makeAtom(f, atom->kind() == Kind::Le ? Kind::Lt : Kind::Le, f.neg(p));
}

} // namespace detail
} // namespace chorus::sym
