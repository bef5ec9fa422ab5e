#include "DiffLogic.h"

#include <limits>

namespace chorus::sym::detail {

namespace {
/// Constants beyond this are left to the backends (no overflow in the sums
/// of a path: at most kMaxNodes edges of at most kMaxWeight each).
constexpr int64_t kMaxWeight = int64_t(1) << 40;
constexpr size_t kMaxNodes = 1 << 16;

bool isIntSymbol(Expr e) {
  return e->kind() == Kind::Symbol && e->type()->isInt();
}

/// The length of an array symbol: the backends' `max(0, len(a))` with len a
/// function of a alone, so in a conjunction of fragment atoms (which relate
/// no arrays) it is an integer constant of its own, at least 0 (seed 004's
/// mean: `N - len(a) = 0` sent every branch of its loops to z3).
bool isSymbolLength(Expr e) {
  return e->kind() == Kind::ArrayLength && e->child(0)->kind() == Kind::Symbol;
}
} // namespace

uint32_t DiffLogic::node(Expr x) {
  auto [it, fresh] = nodes_.emplace(x, uint32_t(nodes_.size() + 1));
  if (fresh && isSymbolLength(x))
    edges_.push_back(Edge{it->second, 0, 0}); // 0 - len <= 0
  return it->second;
}

bool DiffLogic::le(const Poly& p, std::vector<Edge>& out) {
  std::optional<int64_t> c = p.c0.toInt64();
  if (!c || *c > kMaxWeight || *c < -kMaxWeight || p.terms.size() > 2 || nodes_.size() >= kMaxNodes)
    return false;
  for (const Term& t : p.terms)
    if (!(isIntSymbol(t.mono) || isSymbolLength(t.mono)) || !(t.coef.isOne() || (-t.coef).isOne()))
      return false;
  if (p.terms.empty()) {
    false_ = false_ || *c < 0;
    return true;
  }
  // 0 <= c + a*x + b*y: the symbol with coefficient +1 is `from`, the one
  // with -1 is `to` (to - from <= c); a missing one is the constant node 0.
  uint32_t from = 0, to = 0;
  if (p.terms.size() == 2 && p.terms[0].coef == p.terms[1].coef)
    return false; // x + y or -x - y: not a difference
  for (const Term& t : p.terms)
    (t.coef.isOne() ? from : to) = node(t.mono);
  out.push_back(Edge{from, to, *c});
  return true;
}

namespace {
/// An atom as `0 <= p` (eq false) or `p = 0` (eq true) over the integers:
/// an integer atom as it is (`0 < p` as `0 <= p - 1`), and a real atom whose
/// constant and coefficients are integers and whose terms are all casts of
/// integer terms (seed 004's mean: the guard `IntToReal(i) != 0` of a
/// division by the loop counter). False for anything else.
bool integerAtom(Expr atom, Poly& p, bool& eq) {
  Kind k = atom->kind();
  if (k != Kind::Le && k != Kind::Lt && k != Kind::Eq)
    return false;
  Expr e = atom->child(0);
  if (!e->type()->isNumeric() || (k == Kind::Eq && !atom->child(1)->isZero()))
    return false;
  p = toPoly(e);
  if (e->type()->isReal()) {
    if (!p.c0.isInteger())
      return false;
    for (Term& t : p.terms) {
      if (t.mono->kind() != Kind::IntToReal || !t.coef.isInteger())
        return false;
      t.mono = t.mono->child(0);
    }
  }
  if (k == Kind::Lt)
    p.c0 -= Rational(1);
  eq = k == Kind::Eq;
  return true;
}
} // namespace

bool DiffLogic::add(Expr c) {
  if (c->kind() == Kind::BoolConst) {
    false_ = false_ || c->isFalse();
    return true;
  }
  Poly p;
  bool eq = false;
  if (!integerAtom(c, p, eq))
    return false;
  return le(p, edges_) && (!eq || le(scalePoly(p, Rational(-1)), edges_));
}

bool DiffLogic::negation(Expr atom, std::vector<std::vector<Edge>>& out) {
  Poly p;
  bool eq = false;
  if (atom->kind() == Kind::Not) { // not (p != 0)  <=>  p = 0
    if (!integerAtom(atom->child(0), p, eq) || !eq || p.terms.empty())
      return false;
    out.emplace_back();
    return le(p, out.back()) && le(scalePoly(p, Rational(-1)), out.back());
  }
  if (!integerAtom(atom, p, eq))
    return false;
  if (p.terms.empty())
    return false; // (ground: decided elsewhere)
  // not (0 <= p)  <=>  0 <= -p - 1;  not (p = 0)  <=>  0 <= -p - 1  or  0 <= p - 1
  Poly below = scalePoly(p, Rational(-1));
  below.c0 -= Rational(1);
  out.emplace_back();
  if (!le(below, out.back()))
    return false;
  if (eq) {
    Poly above = p;
    above.c0 -= Rational(1);
    out.emplace_back();
    if (!le(above, out.back()))
      return false;
  }
  return true;
}

bool DiffLogic::satisfiable(std::span<const Edge> extra) {
  if (false_)
    return false;
  size_t n = nodes_.size() + 1;
  // Bellman-Ford from a virtual source joined to every node by weight 0.
  dist_.assign(n, 0);
  auto relax = [&](const Edge& e) {
    if (dist_[e.from] + e.w < dist_[e.to]) {
      dist_[e.to] = dist_[e.from] + e.w;
      return true;
    }
    return false;
  };
  for (size_t round = 0; round <= n; ++round) {
    bool changed = false;
    for (const Edge& e : edges_)
      changed |= relax(e);
    for (const Edge& e : extra)
      changed |= relax(e);
    if (!changed)
      return true;
  }
  return false; // still shrinking after n rounds: a negative cycle
}

namespace {
constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
}

std::vector<int64_t> DiffLogic::paths(uint32_t src, bool reversed) const {
  size_t n = nodes_.size() + 1;
  std::vector<int64_t> d(n, kInf);
  d[src] = 0;
  for (size_t round = 0; round < n; ++round) {
    bool changed = false;
    for (const Edge& e : edges_) {
      uint32_t a = reversed ? e.to : e.from, b = reversed ? e.from : e.to;
      if (d[a] != kInf && d[a] + e.w < d[b]) {
        d[b] = d[a] + e.w;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
  return d;
}

int64_t DiffLogic::fix(Expr x) {
  auto it = nodes_.find(x);
  if (it == nodes_.end())
    return 0;
  uint32_t k = it->second;
  // x - 0 <= (path 0 -> x) and 0 - x <= (path x -> 0)
  int64_t hi = paths(0, false)[k], loNeg = paths(0, true)[k];
  int64_t v = 0;
  if (loNeg != kInf && -loNeg > v)
    v = -loNeg;
  if (hi != kInf && hi < v)
    v = hi;
  edges_.push_back(Edge{0, k, v});
  edges_.push_back(Edge{k, 0, -v});
  return v;
}

std::vector<DiffLogic::Fixed> DiffLogic::fixed(size_t maxNodes) const {
  size_t n = nodes_.size() + 1;
  if (nodes_.size() > maxNodes)
    return {};
  std::vector<Expr> byNode(n, nullptr);
  for (const auto& [e, k] : nodes_)
    byNode[k] = e;
  std::vector<bool> placed(n, false);
  std::vector<Fixed> out;
  for (uint32_t s = 0; s < n; ++s) {
    if (placed[s])
      continue;
    placed[s] = true;
    // t - s <= ahead[t] and s - t <= back[t]: fixed when they meet
    std::vector<int64_t> ahead = paths(s, false), back = paths(s, true);
    for (uint32_t t = s + 1; t < n; ++t) {
      if (placed[t] || ahead[t] == kInf || back[t] == kInf || ahead[t] != -back[t])
        continue;
      placed[t] = true;
      if (byNode[t]->kind() == Kind::Symbol)
        out.push_back(Fixed{byNode[t], s == 0 ? nullptr : byNode[s], ahead[t]});
    }
  }
  return out;
}

} // namespace chorus::sym::detail
