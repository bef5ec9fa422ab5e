// Dropping conjuncts that only define a fresh symbol (Definitions.h).
//
// LISE (seed 004) havocs what a loop writes: a fresh Y with the relation
// `Y = old` until the loop record completes. For a two-dimensional array
// the relation is a quantified equation over the rows, and every branch of
// the loop's body asked z3 whether the path condition holding it was
// satisfiable: z3's quantifier instantiation could not build a model for
// the nested arrays in its time limit (examples/loops/matrix.c: 30 such
// queries, 2 s each). When Y occurs nowhere else in the query, the
// relation constrains nothing else and is dropped before asking.
#include "Definitions.h"

#include "Bounds.h"

#include <algorithm>
#include <optional>
#include <unordered_map>

namespace chorus::sym::detail {
namespace {

/// The symbol a view reads: Y for Y, and for nested array lambdas the
/// symbol at the bottom of their bodies' read chains.
Expr viewedSymbol(Expr v) {
  while (v->kind() == Kind::ArrayLambda) {
    Expr lam = v->child(1);
    if (lam->kind() != Kind::Lambda || lam->numChildren() != 2)
      return nullptr;
    v = lam->child(1);
  }
  while (v->kind() == Kind::ArrayRead)
    v = v->child(0);
  return v->kind() == Kind::Symbol ? v : nullptr;
}

/// Is v the view of `raw` (the term Y or a read of it) and does t have
/// v's length at every lambda level? Then some value of Y makes v = t
/// (structurally: equal lengths and equal elements within them): Y = t.
bool viewMatches(ExprFactory& f, Expr v, Expr raw, Expr t) {
  if (v == raw)
    return true;
  if (v->kind() != Kind::ArrayLambda)
    return false;
  Expr len = v->child(0), lam = v->child(1);
  if (lam->kind() != Kind::Lambda || lam->numChildren() != 2 || len->hasBoundVars() ||
      f.arrayLength(t) != len)
    return false;
  Expr bv = lam->child(0);
  return viewMatches(f, lam->child(1), f.arrayRead(raw, bv), f.arrayRead(t, bv));
}

bool mentions(ExprFactory& f, Expr e, Expr sym) {
  std::span<const Expr> s = f.freeSymbols(e);
  return std::binary_search(s.begin(), s.end(), sym, ExprLess());
}

/// `len(Z) = L` (an atom `len(Z) - L == 0`, L free of Z): {len(Z), L}.
std::optional<std::pair<Expr, Expr>> lengthFact(ExprFactory& f, Expr c) {
  if (c->kind() != Kind::Eq || !c->child(1)->isZero() || !c->child(0)->type()->isNumeric())
    return std::nullopt;
  Poly p = toPoly(c->child(0));
  for (size_t j = 0; j < p.terms.size(); ++j) {
    const Term& tm = p.terms[j];
    if (tm.mono->kind() != Kind::ArrayLength || (tm.coef != Rational(1) && tm.coef != Rational(-1)))
      continue;
    Poly rest = p;
    rest.terms.erase(rest.terms.begin() + long(j));
    Expr len = fromPoly(f, scalePoly(rest, Rational(-1) / tm.coef), tm.mono->type());
    for (Expr s : f.freeSymbols(tm.mono))
      if (mentions(f, len, s))
        return std::nullopt;
    return std::pair{tm.mono, len};
  }
  return std::nullopt;
}

/// Is c = cs[i] an equation `C*Y + r = 0` that defines a numeric symbol Y occurring
/// nowhere else (uses[Y] == 1), in neither C nor r, with C non-zero in every
/// model of the other conjuncts of cs: a non-zero constant, or a real
/// polynomial whose interval bounds over the others exclude 0; for an
/// integer Y only C = 1 or -1 (then Y = -r/C
/// is an integer whenever r is). Some value of Y then satisfies c whatever
/// the values of the other symbols (seed 004's mean: the running sums LISE
/// havocs, `a[0] - Y1 = 0`, `Y1 + a[Y0] - Y3 = 0`, and the running mean
/// `(i-1)*x + a[i-1] - i*Y = 0` with 1 <= i, left branches whose other
/// conjuncts were all integer bounds to z3).
bool linearlyDefined(ExprFactory& f, const std::unordered_map<Expr, unsigned>& uses,
                     const std::vector<Expr>& cs, size_t i) {
  Expr c = cs[i];
  Expr p = c->child(0);
  if (!c->child(1)->isZero() || !p->type()->isNumeric())
    return false;
  Poly poly = toPoly(p);
  for (Expr y : f.freeSymbols(p)) {
    if (!y->type()->isNumeric() || y->type()->isInt() != p->type()->isInt())
      continue;
    auto u = uses.find(y);
    if (u == uses.end() || u->second != 1)
      continue;
    // every term mentioning Y is k*m*Y with m free of Y
    bool linear = true, constant = true;
    for (const Term& tm : poly.terms) {
      if (!mentions(f, tm.mono, y))
        continue;
      std::vector<std::pair<Expr, uint32_t>> fs;
      monoFactors(tm.mono, fs);
      for (const auto& [prim, e] : fs)
        if (prim == y ? e != 1 : mentions(f, prim, y))
          linear = false;
      constant = constant && tm.mono == y;
    }
    if (!linear)
      continue;
    ExprMap one{{y, f.numConst(y->type(), Rational(1))}},
        zero{{y, f.numConst(y->type(), Rational(0))}};
    Expr coef = f.sub(f.substitute(p, one), f.substitute(p, zero));
    if (constant) {
      if (coef->isZero() ||
          (y->type()->isInt() && coef->value() != Rational(1) && coef->value() != Rational(-1)))
        continue;
      return true;
    }
    if (y->type()->isInt())
      continue;
    std::vector<Expr> others = cs;
    others.erase(others.begin() + long(i));
    Bounds b(f, others);
    if (b.nonZero(coef->kind() == Kind::IntToReal ? coef->child(0) : coef))
      return true;
  }
  return false;
}

} // namespace

std::vector<Expr> dropDefinitions(ExprFactory& f, std::vector<Expr> cs, Expr claim,
                                  std::span<const Expr> keep, bool linear) {
  for (bool changed = true; changed;) {
    changed = false;
    std::unordered_map<Expr, unsigned> uses; // symbol -> conjuncts (and claim) mentioning it
    for (Expr c : cs)
      for (Expr s : f.freeSymbols(c))
        ++uses[s];
    if (claim)
      for (Expr s : f.freeSymbols(claim))
        ++uses[s];
    for (Expr s : keep)
      ++uses[s];
    // The length facts `len(Z) = L` of cs (a havocked variable-length
    // array: LISE's Y with `len(Y) = n`), by conjunct.
    std::vector<std::optional<std::pair<Expr, Expr>>> facts(cs.size());
    for (size_t i = 0; i < cs.size(); ++i)
      facts[i] = lengthFact(f, cs[i]);
    for (size_t i = 0; i < cs.size() && !changed; ++i) {
      Expr c = cs[i];
      if (c->kind() != Kind::Eq)
        continue;
      if (linear && linearlyDefined(f, uses, cs, i)) {
        cs.erase(cs.begin() + long(i));
        changed = true;
        break;
      }
      for (int side = 0; side < 2 && !changed; ++side) {
        Expr v = c->child(side), t = c->child(1 - side);
        Expr y = viewedSymbol(v);
        if (!y || mentions(f, t, y))
          continue;
        // Y's own length facts go with its definition; the others' hold in
        // any model of what stays (or of what is dropped later, whose
        // symbols get their values first), so t's length may use them.
        std::vector<size_t> own;
        ExprMap known;
        for (size_t j = 0; j < cs.size(); ++j)
          if (j != i && facts[j]) {
            if (facts[j]->first == f.arrayLength(y))
              own.push_back(j);
            else if (!mentions(f, facts[j]->first, y))
              known.emplace(facts[j]->first, facts[j]->second);
          }
        if (uses[y] != 1 + own.size())
          continue;
        bool ok = viewMatches(f, v, y, t);
        Expr tl = f.substitute(f.arrayLength(t), known);
        for (size_t j : own)
          ok = ok && f.substitute(facts[j]->second, known) == tl;
        if (!ok)
          continue;
        own.push_back(i);
        std::sort(own.rbegin(), own.rend());
        for (size_t j : own)
          cs.erase(cs.begin() + long(j));
        changed = true;
      }
    }
  }
  return cs;
}

} // namespace chorus::sym::detail
