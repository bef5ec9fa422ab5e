#include "Equations.h"

#include "Denominators.h"
#include "DiffLogic.h"

#include <algorithm>

namespace chorus::sym::detail {

namespace {

/// Beyond these sizes the question is left to the backends.
constexpr size_t kMaxRows = 256;
constexpr size_t kMaxTerms = 64;
constexpr size_t kMaxNodes = 64; ///< (DiffLogic::fixed: quadratic in them)

/// The polynomial p of an equation `p = 0` over numbers, over the reals
/// (integer terms cast: their monomials then meet the real equations'
/// casts of the same counters); nullopt for anything else.
std::optional<Poly> equationPoly(ExprFactory& f, Expr e) {
  if (e->kind() != Kind::Eq || !e->child(1)->isZero())
    return std::nullopt;
  Expr p = e->child(0);
  if (!p->type()->isNumeric())
    return std::nullopt;
  if (p->type()->isInt())
    p = f.intToReal(p);
  if (!p->type()->isReal() || p->kind() == Kind::RealDiv)
    return std::nullopt;
  Poly q = toPoly(p);
  if (q.terms.size() > kMaxTerms)
    return std::nullopt;
  return q;
}

const Rational* coefOf(const Poly& p, Expr mono) {
  auto it = std::lower_bound(p.terms.begin(), p.terms.end(), mono,
                             [](const Term& t, Expr m) { return t.mono->id() < m->id(); });
  return it != p.terms.end() && it->mono == mono ? &it->coef : nullptr;
}

/// Rows in echelon order: row i holds no pivot of a row before it.
class Span {
public:
  /// Adds `p = 0`; false when it contradicts the rows (a constant c != 0
  /// left: the equations have no common solution).
  bool add(Poly p) {
    reduce(p);
    if (p.terms.empty())
      return p.c0.isZero();
    Expr pivot = p.terms[0].mono;
    rows_.push_back(Row{pivot, std::move(p)});
    return true;
  }
  /// Is p a linear combination of the rows?
  bool spans(Poly p) const {
    reduce(p);
    return p.terms.empty() && p.c0.isZero();
  }

private:
  struct Row {
    Expr pivot;
    Poly p;
  };
  void reduce(Poly& p) const {
    for (const Row& r : rows_)
      if (const Rational* c = coefOf(p, r.pivot))
        p = addPoly(p, scalePoly(r.p, -*c / *coefOf(r.p, r.pivot)));
  }
  std::vector<Row> rows_;
};

} // namespace

bool impliedByEquations(ExprFactory& f, std::span<const Expr> rel, Expr claim) {
  if (rel.size() > kMaxRows)
    return false;
  // (only claims of atoms with an equation outside the difference logic:
  // the others are the other internal decisions' or a backend's)
  bool equation = false;
  for (Expr part : ExprFactory::conjuncts(claim)) {
    Expr atom = part->kind() == Kind::Not ? part->child(0) : part;
    if (atom->kind() != Kind::Eq && atom->kind() != Kind::Le && atom->kind() != Kind::Lt)
      return false;
    DiffLogic probe;
    equation = equation || (part->kind() == Kind::Eq && !probe.add(part));
  }
  if (!equation)
    return false;
  std::vector<Expr> cs = clearDenominators(f, rel);
  DiffLogic dl;
  std::vector<Expr> eqs;
  for (Expr c : cs) {
    DiffLogic probe; // (a conjunct outside the fragment would spoil dl)
    if (probe.add(c))
      dl.add(c);
    if (c->kind() == Kind::Eq)
      eqs.push_back(c);
  }
  if (!dl.satisfiable())
    return true; // (rel has no model)
  ExprMap sub;
  for (const DiffLogic::Fixed& x : dl.fixed(kMaxNodes)) {
    Expr k = f.intConst(Rational(x.k));
    sub.emplace(x.x, x.base ? f.add(x.base, k) : k);
  }
  auto replaced = [&](Expr e) { return sub.empty() ? e : f.substitute(e, sub); };
  std::optional<Span> span; // (made at the first equation of the claim)
  for (Expr part : ExprFactory::conjuncts(claim)) {
    Expr q = replaced(part);
    if (q->isTrue())
      continue;
    std::vector<std::vector<DiffLogic::Edge>> alts;
    if (dl.negation(part, alts)) {
      if (std::any_of(alts.begin(), alts.end(), [&](const auto& a) { return dl.satisfiable(a); }))
        return false;
      continue;
    }
    // `p / d = 0` (a real quotient) holds where p = 0 and d != 0
    if (q->kind() == Kind::Eq && q->child(0)->kind() == Kind::RealDiv && q->child(1)->isZero()) {
      Expr d = q->child(0)->child(1);
      alts.clear();
      if (!dl.negation(f.logicalNot(f.eq(d, q->child(1))), alts) ||
          std::any_of(alts.begin(), alts.end(), [&](const auto& a) { return dl.satisfiable(a); }))
        return false;
      q = f.eq(q->child(0)->child(0), q->child(1));
    }
    std::optional<Poly> goal = equationPoly(f, q);
    if (!goal)
      return false;
    if (!span) {
      span.emplace();
      for (Expr e : eqs) {
        Expr r = replaced(e);
        if (r->isFalse())
          return true;
        if (std::optional<Poly> p = equationPoly(f, r))
          if (!span->add(std::move(*p)))
            return true;
      }
    }
    if (!span->spans(std::move(*goal)))
      return false;
  }
  return true;
}

} // namespace chorus::sym::detail
