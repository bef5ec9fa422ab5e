#include "Bounds.h"

#include <algorithm>

namespace chorus::sym::detail {

namespace {
Interval point(const Rational& v) {
  Interval i;
  i.hasLo = i.hasHi = true;
  i.lo = v;
  i.hi = v;
  return i;
}

Interval addI(const Interval& a, const Interval& b) {
  Interval r;
  if (a.hasLo && b.hasLo) {
    r.hasLo = true;
    r.lo = a.lo + b.lo;
    r.loStrict = a.loStrict || b.loStrict;
  }
  if (a.hasHi && b.hasHi) {
    r.hasHi = true;
    r.hi = a.hi + b.hi;
    r.hiStrict = a.hiStrict || b.hiStrict;
  }
  return r;
}

Interval scaleI(const Interval& a, const Rational& c) {
  if (c.isZero())
    return point(Rational(0));
  Interval r;
  if (c.sign() > 0) {
    r = a;
    if (r.hasLo)
      r.lo = r.lo * c;
    if (r.hasHi)
      r.hi = r.hi * c;
    return r;
  }
  r.hasLo = a.hasHi;
  r.loStrict = a.hiStrict;
  if (a.hasHi)
    r.lo = a.hi * c;
  r.hasHi = a.hasLo;
  r.hiStrict = a.loStrict;
  if (a.hasLo)
    r.hi = a.lo * c;
  return r;
}

Interval mulI(const Interval& a, const Interval& b) {
  if (!(a.hasLo && a.hasHi && b.hasLo && b.hasHi))
    return Interval{};
  Rational p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  Interval r;
  r.hasLo = r.hasHi = true;
  r.lo = *std::min_element(p, p + 4);
  r.hi = *std::max_element(p, p + 4);
  return r;
}

Interval intersect(Interval a, const Interval& b) {
  if (b.hasLo && (!a.hasLo || b.lo > a.lo || (b.lo == a.lo && b.loStrict))) {
    a.hasLo = true;
    a.lo = b.lo;
    a.loStrict = b.loStrict;
  }
  if (b.hasHi && (!a.hasHi || b.hi < a.hi || (b.hi == a.hi && b.hiStrict))) {
    a.hasHi = true;
    a.hi = b.hi;
    a.hiStrict = b.hiStrict;
  }
  return a;
}

bool isEmpty(const Interval& i) {
  if (!i.hasLo || !i.hasHi)
    return false;
  return i.lo > i.hi || (i.lo == i.hi && (i.loStrict || i.hiStrict));
}
} // namespace

Bounds::Bounds(ExprFactory& f, std::span<const Expr> conjuncts) : f_(f) {
  for (Expr c : conjuncts) {
    known_.insert(c);
    switch (c->kind()) {
    case Kind::BoolConst:
      if (c->isFalse())
        inconsistent_ = true;
      break;
    case Kind::Le:
    case Kind::Lt:
    case Kind::Eq: {
      Expr p = c->child(0);
      if (!p->type()->isNumeric() || p->kind() == Kind::RealDiv ||
          (c->kind() == Kind::Eq && !c->child(1)->isZero())) {
        complete_ = false;
        break;
      }
      Constraint k{c->kind(), toPoly(p)};
      if (k.p.terms.size() != 1 || k.p.terms[0].mono->kind() != Kind::Symbol)
        complete_ = false;
      byFirstMono_[k.p.terms[0].mono].push_back(cons_.size());
      cons_.push_back(std::move(k));
      break;
    }
    case Kind::Not:
      knownFalse_.insert(c->child(0));
      if (c->child(0)->kind() != Kind::Symbol)
        complete_ = false;
      break;
    case Kind::Symbol:
      break;
    default:
      complete_ = false;
    }
  }
  if (!inconsistent_)
    propagate();
}

Interval Bounds::monoRange(Expr m) {
  Interval r;
  auto it = box_.find(m);
  if (it != box_.end())
    r = it->second;
  if (m->kind() == Kind::BitOp) { // a value of its width's range
    unsigned w = ExprFactory::bitOpWidth(m);
    Rational h(1);
    for (unsigned i = 0; i + 1 < w; ++i)
      h *= Rational(2);
    Interval bi;
    bi.hasLo = bi.hasHi = true;
    bi.lo = ExprFactory::bitOpSigned(m) ? -h : Rational(0);
    bi.hi = ExprFactory::bitOpSigned(m) ? h - Rational(1) : h * Rational(2) - Rational(1);
    r = intersect(r, bi);
  } else if (m->kind() == Kind::IntDiv && m->child(1)->kind() == Kind::NumConst &&
             !m->child(1)->isZero()) {
    // a / c truncates toward zero: monotone in a (C division, e.g. the block
    // bounds PID * NX / NPROCS of a decomposition)
    const Rational& c = m->child(1)->value();
    Interval a = range(toPoly(m->child(0)));
    Interval di;
    auto q = [&](const Rational& x) { return Rational::truncDiv(x, c); };
    if (c.sign() > 0) {
      di.hasLo = a.hasLo;
      di.hasHi = a.hasHi;
      if (a.hasLo)
        di.lo = q(a.lo.floor());
      if (a.hasHi)
        di.hi = q(a.hi.ceil());
    } else {
      di.hasLo = a.hasHi;
      di.hasHi = a.hasLo;
      if (a.hasHi)
        di.lo = q(a.hi.ceil());
      if (a.hasLo)
        di.hi = q(a.lo.floor());
    }
    r = intersect(r, di);
  } else if (m->kind() == Kind::IntMod && m->child(1)->kind() == Kind::NumConst &&
             !m->child(1)->isZero()) { // |a % c| < |c|, with the sign of a
    Rational c = m->child(1)->value().abs() - Rational(1);
    Interval a = range(toPoly(m->child(0)));
    Interval mi;
    mi.hasLo = mi.hasHi = true;
    mi.lo = a.hasLo && a.lo.sign() >= 0 ? Rational(0) : -c;
    mi.hi = a.hasHi && a.hi.sign() <= 0 ? Rational(0) : c;
    r = intersect(r, mi);
  }
  if (m->kind() == Kind::Mul || m->kind() == Kind::Pow) {
    std::vector<std::pair<Expr, uint32_t>> fs;
    monoFactors(m, fs);
    bool allEven = true;
    Interval prod = point(Rational(1));
    for (auto& [prim, e] : fs) {
      allEven &= e % 2 == 0;
      Interval pi = monoRange(prim);
      for (uint32_t k = 0; k < e; ++k)
        prod = mulI(prod, pi);
    }
    r = intersect(r, prod);
    if (allEven) {
      Interval nn;
      nn.hasLo = true;
      r = intersect(r, nn);
    }
  }
  return r;
}

Interval Bounds::range(const Poly& p) {
  Interval r = point(p.c0);
  for (const Term& t : p.terms) {
    r = addI(r, scaleI(monoRange(t.mono), t.coef));
    if (!r.hasLo && !r.hasHi)
      break;
  }
  // Linear forms: p = lambda * q + delta for a constraint over q.
  if (!p.terms.empty()) {
    auto it = byFirstMono_.find(p.terms[0].mono);
    if (it != byFirstMono_.end()) {
      for (size_t idx : it->second) {
        const Constraint& c = cons_[idx];
        if (c.p.terms.size() != p.terms.size())
          continue;
        Rational lambda = p.terms[0].coef / c.p.terms[0].coef;
        bool same = true;
        for (size_t i = 1; i < p.terms.size() && same; ++i)
          same =
              c.p.terms[i].mono == p.terms[i].mono && c.p.terms[i].coef * lambda == p.terms[i].coef;
        if (!same)
          continue;
        Rational delta = p.c0 - lambda * c.p.c0;
        Interval q; // range of the constraint's polynomial
        q.hasLo = true;
        q.loStrict = c.kind == Kind::Lt;
        if (c.kind == Kind::Eq)
          q = point(Rational(0));
        r = intersect(r, addI(scaleI(q, lambda), point(delta)));
      }
    }
  }
  return r;
}

bool Bounds::tighten(Expr m, const Interval& by) {
  Interval& cur = box_[m];
  Interval nb = by;
  if (m->type()->isInt()) {
    if (nb.hasLo) {
      Rational c = nb.lo.ceil();
      if (nb.loStrict && c == nb.lo)
        c += Rational(1);
      nb.lo = c;
      nb.loStrict = false;
    }
    if (nb.hasHi) {
      Rational fl = nb.hi.floor();
      if (nb.hiStrict && fl == nb.hi)
        fl -= Rational(1);
      nb.hi = fl;
      nb.hiStrict = false;
    }
  }
  Interval n = intersect(cur, nb);
  bool changed = n.hasLo != cur.hasLo || n.hasHi != cur.hasHi || (n.hasLo && n.lo != cur.lo) ||
                 (n.hasHi && n.hi != cur.hi) || n.loStrict != cur.loStrict ||
                 n.hiStrict != cur.hiStrict;
  cur = n;
  if (isEmpty(n))
    inconsistent_ = true;
  return changed;
}

void Bounds::propagate() {
  for (int round = 0; round < 8 && !inconsistent_; ++round) {
    bool changed = false;
    for (const Constraint& c : cons_) {
      for (int dir = 0; dir < (c.kind == Kind::Eq ? 2 : 1); ++dir) {
        // 0 <= s * p  (s = +1, or -1 for the second half of an equality)
        Rational s(dir == 0 ? 1 : -1);
        size_t n = c.p.terms.size();
        std::vector<Interval> contrib(n);
        Rational hiSum = c.p.c0 * s;
        size_t unbounded = 0, which = 0, strict = 0; // (strict: upper ends not reached)
        for (size_t j = 0; j < n; ++j) {
          contrib[j] = scaleI(monoRange(c.p.terms[j].mono), c.p.terms[j].coef * s);
          if (!contrib[j].hasHi) {
            ++unbounded;
            which = j;
          } else {
            hiSum += contrib[j].hi;
            strict += contrib[j].hiStrict;
          }
        }
        if (unbounded > 1)
          continue;
        for (size_t j = 0; j < n; ++j) {
          if (unbounded == 1 && j != which)
            continue;
          Rational restHi = unbounded == 1 ? hiSum : hiSum - contrib[j].hi;
          // the rest stays below restHi when one of its terms does (x = y with 0 < y: 0 < x)
          bool restStrict = (unbounded == 1 ? strict : strict - contrib[j].hiStrict) > 0;
          // coef*x >= -restHi
          Rational coef = c.p.terms[j].coef * s;
          Interval b;
          Rational v = -restHi / coef;
          if (coef.sign() > 0) {
            b.hasLo = true;
            b.lo = v;
            b.loStrict = c.kind == Kind::Lt || restStrict;
          } else {
            b.hasHi = true;
            b.hi = v;
            b.hiStrict = c.kind == Kind::Lt || restStrict;
          }
          changed |= tighten(c.p.terms[j].mono, b);
          if (inconsistent_)
            return;
        }
      }
    }
    if (!changed)
      break;
  }
}

std::optional<bool> Bounds::decideAtom(Kind k, const Poly& p) {
  if (p.terms.empty()) {
    int s = p.c0.sign();
    return k == Kind::Lt ? s > 0 : k == Kind::Le ? s >= 0 : s == 0;
  }
  Interval r = range(p);
  Rational zero(0);
  bool loPos = r.hasLo && (r.lo > zero || (r.lo == zero && r.loStrict));
  bool loNonNeg = r.hasLo && r.lo >= zero;
  bool hiNeg = r.hasHi && (r.hi < zero || (r.hi == zero && r.hiStrict));
  bool hiNonPos = r.hasHi && r.hi <= zero;
  switch (k) {
  case Kind::Le:
    if (loNonNeg)
      return true;
    if (hiNeg)
      return false;
    break;
  case Kind::Lt:
    if (loPos)
      return true;
    if (hiNonPos)
      return false;
    break;
  case Kind::Eq:
    if (loNonNeg && hiNonPos)
      return true;
    if (loPos || hiNeg)
      return false;
    break;
  default:
    break;
  }
  return std::nullopt;
}

std::optional<bool> Bounds::decide(Expr e) {
  if (e->kind() == Kind::BoolConst)
    return e->isTrue();
  if (inconsistent_)
    return true; // anything holds under a contradictory context
  if (known_.count(e))
    return true;
  if (knownFalse_.count(e))
    return false;
  switch (e->kind()) {
  case Kind::Le:
  case Kind::Lt: {
    if (Expr n = FactoryAccess::negation(f_, e))
      if (known_.count(n))
        return false;
    if (e->child(0)->kind() == Kind::RealDiv)
      return std::nullopt;
    return decideAtom(e->kind(), toPoly(e->child(0)));
  }
  case Kind::Eq:
    if (e->child(0)->type()->isNumeric() && e->child(1)->isZero() &&
        e->child(0)->kind() != Kind::RealDiv)
      return decideAtom(Kind::Eq, toPoly(e->child(0)));
    return std::nullopt;
  case Kind::Not: {
    auto r = decide(e->child(0));
    if (r)
      return !*r;
    return std::nullopt;
  }
  case Kind::And:
  case Kind::Or: {
    bool isAnd = e->kind() == Kind::And;
    bool allDecided = true;
    for (Expr c : e->children()) {
      auto r = decide(c);
      if (!r)
        allDecided = false;
      else if (*r != isAnd)
        return !isAnd;
    }
    if (allDecided)
      return isAnd;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

bool Bounds::nonZero(Expr e) {
  if (e->kind() == Kind::NumConst)
    return !e->isZero();
  auto r = decide(f_.eq(e, f_.numConst(e->type(), 0)));
  return r && !*r;
}

} // namespace chorus::sym::detail
