#include "chorus/exec/ProverOracle.h"

#include <algorithm>

namespace chorus::exec {

Answer ProverOracle::valid(Expr context, Expr claim) {
  if (pastDeadline())
    return Answer::Maybe;
  switch (prover_.valid(context, claim)) {
  case sym::Answer::Yes:
    return Answer::Yes;
  case sym::Answer::No:
    return Answer::No;
  default:
    return Answer::Maybe;
  }
}

std::vector<std::pair<std::string, std::string>> ProverOracle::model(Expr formula) {
  std::vector<std::pair<std::string, std::string>> out;
  // The havoc's fresh symbols (LISE) are no inputs: a replay does not use
  // them, and their arrays, constrained under quantified invariants, can
  // make the model's evaluation grow without bound (gigabytes in z3).
  std::vector<Expr> symbols;
  for (Expr y : f_.freeSymbols(formula))
    if (y->name().rfind("lise.", 0) != 0)
      symbols.push_back(y);
  auto m = prover_.model(formula, symbols);
  if (!m)
    return out;
  for (const sym::ModelEntry& e : *m) {
    if (e.symbol->type()->isFunction())
      continue;
    out.emplace_back(e.symbol->name(), e.text);
  }
  return out;
}

namespace {

/// +1 (-1) when raising (lowering) `x` keeps every conjunct of `context` that
/// mentions it true: each such conjunct is `0 < p` or `0 <= p` (or a negated
/// one) with `x` occurring in `p` only as one linear term `k*x` whose
/// coefficients all have the same sign. Then every solution extends to a
/// half-line of values of `x` (the other symbols fixed), so `x` has no unique
/// value under a satisfiable context. 0 when the shape is anything else.
int monotoneDirection(sym::ExprFactory& f, Expr context, Expr x) {
  int dir = 0;
  for (Expr c : sym::ExprFactory::conjuncts(context)) {
    std::span<const Expr> fs = f.freeSymbols(c);
    if (std::find(fs.begin(), fs.end(), x) == fs.end())
      continue;
    int sign = 1;
    if (c->kind() == sym::Kind::Not) {
      sign = -1;
      c = c->child(0);
    }
    if (c->kind() != sym::Kind::Lt && c->kind() != sym::Kind::Le)
      return 0;
    Expr p = c->child(0);
    std::span<const Expr> terms = p->kind() == sym::Kind::Add ? p->children() : std::span(&p, 1);
    int found = 0;
    for (Expr t : terms) {
      int k = 0;
      if (t == x)
        k = 1;
      else if (t->kind() == sym::Kind::Mul && t->numChildren() == 2 &&
               t->child(0)->kind() == sym::Kind::NumConst && t->child(1) == x)
        k = t->child(0)->value().sign();
      if (k != 0) {
        if (found++)
          return 0;
        if (dir != 0 && dir != sign * k)
          return 0;
        dir = sign * k;
        continue;
      }
      std::span<const Expr> ts = f.freeSymbols(t);
      if (std::find(ts.begin(), ts.end(), x) != ts.end())
        return 0;
    }
    if (found != 1)
      return 0;
  }
  return dir;
}

/// For an integer x: +1 (-1) when every conjunct of `context` that mentions
/// x keeps true when x is raised (lowered), as in monotoneDirection, except
/// bounds of x alone against that direction `0 <= c - k*x` (`0 <= k*x - c`),
/// k > 0; `edge` is then the value of x where the tightest of them is
/// tight (the largest (least) x it admits). 0 when the shape is anything
/// else or there is no such bound.
int monotoneUpTo(sym::ExprFactory& f, Expr context, Expr x, sym::Rational& edge) {
  std::vector<Expr> others;
  std::optional<sym::Rational> hi, lo; // (x <= hi, x >= lo: bounds of x alone)
  for (Expr c : sym::ExprFactory::conjuncts(context)) {
    std::span<const Expr> fs = f.freeSymbols(c);
    if (std::find(fs.begin(), fs.end(), x) == fs.end())
      continue;
    Expr p = c->kind() == sym::Kind::Le ? c->child(0) : nullptr;
    if (p && p->kind() == sym::Kind::Add && p->numChildren() == 2 &&
        p->child(0)->kind() == sym::Kind::NumConst) {
      Expr t = p->child(1); // 0 <= c0 + t
      sym::Rational k(0);
      if (t == x)
        k = sym::Rational(1);
      else if (t->kind() == sym::Kind::Mul && t->numChildren() == 2 &&
               t->child(0)->kind() == sym::Kind::NumConst && t->child(1) == x)
        k = t->child(0)->value();
      if (!k.isZero()) {
        sym::Rational b = -p->child(0)->value() / k; // (where c0 + k*x = 0)
        if (k.sign() < 0) {
          sym::Rational v = b.floor();
          hi = !hi || v < *hi ? v : *hi;
        } else {
          sym::Rational v = b.ceil();
          lo = !lo || *lo < v ? v : *lo;
        }
        continue;
      }
    }
    others.push_back(c);
  }
  Expr rest = others.empty() ? f.trueExpr() : f.logicalAnd(others);
  int dir = others.empty() ? 0 : monotoneDirection(f, rest, x);
  if (dir > 0 && hi) {
    edge = *hi;
    return 1;
  }
  if (dir < 0 && lo) {
    edge = *lo;
    return -1;
  }
  return 0;
}

} // namespace

Expr ProverOracle::component(Expr context, Expr symbol) {
  std::vector<Expr> cs = sym::ExprFactory::conjuncts(context);
  std::vector<bool> taken(cs.size(), false);
  std::vector<Expr> syms{symbol}, out;
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < cs.size(); ++i) {
      if (taken[i])
        continue;
      std::span<const Expr> fs = f_.freeSymbols(cs[i]);
      bool shares = std::any_of(fs.begin(), fs.end(), [&](Expr x) {
        return std::find(syms.begin(), syms.end(), x) != syms.end();
      });
      if (!shares)
        continue;
      taken[i] = grew = true;
      out.push_back(cs[i]);
      for (Expr x : fs)
        if (std::find(syms.begin(), syms.end(), x) == syms.end())
          syms.push_back(x);
    }
  }
  return out.size() == cs.size() ? context : f_.logicalAnd(out);
}

Expr ProverOracle::uniqueValue(Expr context, Expr symbol) {
  auto key = std::make_pair(context, symbol);
  auto it = unique_.find(key);
  if (it != unique_.end())
    return it->second;
  if (pastDeadline())
    return nullptr; // not cached: it may be known later
  Expr v = computeUniqueValue(context, symbol);
  unique_.emplace(key, v);
  return v;
}

Expr ProverOracle::computeUniqueValue(Expr context, Expr symbol) {
  sym::ExprFactory& f = f_;
  // Integer difference logic decides it exactly when the symbol's component
  // is in its fragment (the counters and bounds of LISE's path conditions:
  // seed 004's ring simplified its whole path condition for each new one).
  // When other conjuncts are outside it, the ones inside may still fix the
  // symbol (a rank `r <= -1` with the precondition's `-1 <= r`, beside
  // the neighbour ranks' ite chains: exchange, seed 002).
  if (symbol->type()->isInt()) {
    Expr comp = component(context, symbol);
    if (std::optional<Expr> v = prover_.uniqueIntValue(comp, symbol))
      return *v;
    if (std::optional<Expr> v = prover_.uniqueIntValue(comp, symbol, true))
      return *v;
  }
  // Internal first: the simplifier's equalities and bounds may already fix it.
  Expr s = prover_.simplify(symbol, context);
  if (s->kind() == sym::Kind::NumConst || s->isTrue() || s->isFalse())
    return s;
  // Only bounded on one side (e.g. a tolerance compared with computed
  // errors): not fixed, no backend call needed.
  if ((symbol->type()->isInt() || symbol->type()->isReal()) &&
      monotoneDirection(f, context, symbol) != 0)
    return nullptr;
  // Raising (lowering) it keeps every conjunct true up to a bound of its own
  // (a C integer's range: seed 004's stagger, `i < 2*n` for its input n,
  // asked z3 for a model and its uniqueness 32 times a run): a model below
  // that bound has a neighbour above it, so one check that the context
  // admits a value short of the bound shows it has no unique value.
  if (symbol->type()->isInt()) {
    sym::Rational edge(0);
    if (int dir = monotoneUpTo(f, context, symbol, edge)) {
      Expr shy = dir > 0 ? f.lt(symbol, f.intConst(edge)) : f.lt(f.intConst(edge), symbol);
      if (prover_.satisfiable(f.logicalAnd(component(context, symbol), shy)) == sym::Answer::Yes)
        return nullptr;
    }
  }
  // A real fixed only implicitly (by no equation the simplifier solves) is
  // left symbolic: the model query below, over nonlinear real arithmetic,
  // costs more than the substitution saves (the contract stubs' fresh
  // reals: dotProd's MPI_Allreduce, seed 002).
  if (symbol->type()->isReal())
    return nullptr;
  // The model is asked of the conjuncts connected to the symbol only (its
  // independent component): the other components do not restrict it.
  Expr comp = component(context, symbol);
  Expr only[1] = {symbol};
  auto m = prover_.model(comp, only);
  if (!m)
    return nullptr;
  for (const sym::ModelEntry& e : *m)
    if (e.symbol == symbol && e.value &&
        (e.value->kind() == sym::Kind::NumConst || e.value->isTrue() || e.value->isFalse()))
      return prover_.valid(comp, f.eq(symbol, e.value)) == sym::Answer::Yes ? e.value : nullptr;
  return nullptr;
}

std::vector<std::pair<std::string, uint64_t>> ProverOracle::callCounts() const {
  const sym::ProverStats& s = prover_.stats();
  return {{"queries", s.queries}, {"cache", s.cacheHits}, {"internal", s.internalDecisions},
          {"z3", s.z3Calls},      {"cvc5", s.cvc5Calls},  {"maybe", s.maybeResults}};
}

} // namespace chorus::exec
