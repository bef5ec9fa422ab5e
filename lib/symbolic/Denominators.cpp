#include "Denominators.h"

#include "Bounds.h"

#include <algorithm>
#include <unordered_map>

namespace chorus::sym::detail {

namespace {

/// An atom over a quotient in e's Boolean structure?
bool hasQuotient(Expr e) {
  switch (e->kind()) {
  case Kind::And:
  case Kind::Or:
  case Kind::Not:
    return std::any_of(e->children().begin(), e->children().end(), hasQuotient);
  case Kind::Eq:
  case Kind::Le:
  case Kind::Lt:
    return e->child(0)->kind() == Kind::RealDiv;
  default:
    return false;
  }
}

class Clearer {
public:
  Clearer(ExprFactory& f, Bounds& b) : f_(f), b_(b) {}

  Expr go(Expr e) {
    if (!hasQuotient(e))
      return e;
    auto it = memo_.find(e);
    if (it != memo_.end())
      return it->second;
    Expr r = e;
    switch (e->kind()) {
    case Kind::And:
    case Kind::Or:
    case Kind::Not: {
      std::vector<Expr> ch;
      for (Expr c : e->children())
        ch.push_back(go(c));
      r = f_.rebuild(e, ch);
      break;
    }
    case Kind::Eq:
    case Kind::Le:
    case Kind::Lt:
      r = atom(e);
      changed = changed || r != e;
      break;
    default:
      break;
    }
    memo_.emplace(e, r);
    return r;
  }

  bool changed = false;

private:
  /// -1, +1: the sign of d wherever the bounds hold; 0: unknown.
  int sign(Expr d) {
    Interval r = d->kind() == Kind::IntToReal ? b_.range(toPoly(d->child(0))) : b_.range(toPoly(d));
    Rational zero(0);
    if (r.hasLo && (r.lo > zero || (r.lo == zero && r.loStrict)))
      return 1;
    if (r.hasHi && (r.hi < zero || (r.hi == zero && r.hiStrict)))
      return -1;
    return 0;
  }

  Expr atom(Expr e) {
    Expr q = e->child(0);
    if (q->kind() != Kind::RealDiv || (e->kind() == Kind::Eq && !e->child(1)->isZero()))
      return e;
    Expr p = q->child(0), d = q->child(1);
    if (d->hasBoundVars() || p->hasBoundVars())
      return e; // (the bounds know the free symbols only)
    int s = sign(d);
    if (s == 0)
      return e;
    Expr zero = f_.numConst(p->type(), 0);
    Expr num = s > 0 ? p : f_.neg(p);
    switch (e->kind()) {
    case Kind::Eq:
      return f_.eq(p, zero);
    case Kind::Le:
      return f_.le(zero, num);
    default:
      return f_.lt(zero, num);
    }
  }

  ExprFactory& f_;
  Bounds& b_;
  std::unordered_map<Expr, Expr> memo_;
};

} // namespace

std::vector<Expr> clearDenominators(ExprFactory& f, std::span<const Expr> as) {
  std::vector<Expr> out(as.begin(), as.end());
  if (std::none_of(as.begin(), as.end(), hasQuotient))
    return out;
  Bounds b(f, as);
  if (b.inconsistent())
    return out;
  Clearer c(f, b);
  for (Expr& a : out)
    if (hasQuotient(a))
      a = c.go(a);
  return out;
}

} // namespace chorus::sym::detail
