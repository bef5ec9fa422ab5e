#include "BoundedQuantifiers.h"

#include "Bounds.h"

#include <algorithm>
#include <climits>
#include <optional>
#include <unordered_map>

namespace chorus::sym::detail {

namespace {

/// The least integer of an interval (above its lower end).
std::optional<int64_t> intLo(const Interval& r) {
  if (!r.hasLo)
    return std::nullopt;
  Rational v = r.loStrict ? r.lo.floor() + Rational(1) : r.lo.ceil();
  return v.toInt64();
}

class Expander {
public:
  Expander(ExprFactory& f, Bounds& b, size_t budget) : f_(f), b_(b), budget_(budget) {}

  Expr go(Expr e) {
    if (!e->hasBoundVars() || e->numChildren() == 0 || !e->type()->isBool())
      return e;
    auto it = memo_.find(e);
    if (it != memo_.end())
      return it->second;
    Expr r = e;
    if (e->kind() == Kind::Forall) {
      if (Expr x = expand(e))
        r = x;
      else
        r = f_.forall(e->child(0), go(e->child(1)));
    } else if (e->kind() == Kind::And || e->kind() == Kind::Or || e->kind() == Kind::Not ||
               e->kind() == Kind::Exists) {
      std::vector<Expr> ch;
      for (Expr c : e->children())
        ch.push_back(c->kind() == Kind::BoundVar ? c : go(c));
      r = f_.rebuild(e, ch);
    }
    memo_.emplace(e, r);
    return r;
  }

  bool changed = false;

private:
  /// forall k. body as the conjunction of its instances over the range its
  /// guards give k under the bounds, or null.
  Expr expand(Expr q) {
    Expr k = q->child(0), body = q->child(1);
    if (!k->type()->isInt())
      return nullptr;
    std::optional<int64_t> lo, hi; // k's range outside the guards
    std::span<const Expr> ds =
        body->kind() == Kind::Or ? body->children() : std::span<const Expr>(&body, 1);
    for (Expr d : ds) {
      if ((d->kind() != Kind::Le && d->kind() != Kind::Lt) || !d->child(0)->type()->isInt())
        continue;
      // d: 0 <= c*k + q (or 0 < c*k + q), c = +-1, q free of bound variables
      Poly p = toPoly(d->child(0));
      int c = 0;
      Poly rest;
      rest.c0 = p.c0;
      bool ok = true;
      for (const Term& t : p.terms) {
        if (t.mono == k && (t.coef == Rational(1) || t.coef == Rational(-1)) && c == 0)
          c = t.coef.sign();
        else if (t.mono->hasBoundVars())
          ok = false;
        else
          rest.terms.push_back(t);
      }
      if (!ok || c == 0)
        continue;
      if (d->kind() == Kind::Lt) // (integers: 0 < x is 0 <= x - 1)
        rest.c0 -= Rational(1);
      // (q >= its least value m wherever the bounds hold)
      std::optional<int64_t> m = intLo(b_.range(rest));
      if (!m || *m <= INT64_MIN / 4 || *m >= INT64_MAX / 4)
        continue;
      if (c > 0) {
        // the guard holds for k >= -q: the instances need k <= -q - 1 <= -m - 1
        int64_t h = -*m - 1;
        hi = hi ? std::min(*hi, h) : h;
      } else {
        // the guard holds for k <= q: the instances need k >= q + 1 >= m + 1
        int64_t l = *m + 1;
        lo = lo ? std::max(*lo, l) : l;
      }
    }
    if (!lo || !hi)
      return nullptr;
    if (*hi < *lo) {
      changed = true;
      return f_.trueExpr(); // every k is guarded
    }
    if (uint64_t(*hi - *lo) + 1 > budget_)
      return nullptr;
    budget_ -= size_t(*hi - *lo) + 1;
    std::vector<Expr> inst;
    for (int64_t v = *lo; v <= *hi; ++v)
      inst.push_back(go(f_.substitute(body, ExprMap{{k, f_.intConst(Rational(v))}})));
    changed = true;
    return f_.logicalAnd(inst);
  }

  ExprFactory& f_;
  Bounds& b_;
  size_t budget_;
  std::unordered_map<Expr, Expr> memo_;
};

} // namespace

std::vector<Expr> expandBoundedQuantifiers(ExprFactory& f, std::span<const Expr> as,
                                           size_t budget) {
  std::vector<Expr> out(as.begin(), as.end());
  if (std::none_of(as.begin(), as.end(), [](Expr a) { return a->hasBoundVars(); }))
    return out;
  Bounds b(f, as);
  if (b.inconsistent())
    return out;
  Expander x(f, b, budget);
  for (Expr& a : out)
    a = x.go(a);
  if (!x.changed)
    return std::vector<Expr>(as.begin(), as.end());
  return out;
}

} // namespace chorus::sym::detail
