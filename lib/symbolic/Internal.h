// Private: raw node construction and polynomial helpers shared by the
// factory's source files.
#pragma once

#include "chorus/symbolic/ExprFactory.h"

#include <vector>

namespace chorus::sym {

/// Raw, non-canonicalizing hash-consed construction.
struct FactoryAccess {
  static Expr make(ExprFactory& f, Kind k, Type t, std::span<const Expr> ch, uint64_t aux = 0,
                   const Rational* value = nullptr, std::string_view name = {});
  static Expr make(ExprFactory& f, Kind k, Type t, std::initializer_list<Expr> ch,
                   uint64_t aux = 0) {
    return make(f, k, t, std::span<const Expr>(ch.begin(), ch.size()), aux);
  }
  /// detail::negateAtom(f, atom), computed once per atom (kept by the factory).
  static Expr negation(ExprFactory& f, Expr atom);
};

namespace detail {

/// coef * mono; mono is a primitive, a Pow or a Mul of factors.
struct Term {
  Expr mono;
  Rational coef;
};

/// c0 + sum of terms, terms sorted by mono id, coefficients non-zero.
struct Poly {
  Rational c0;
  std::vector<Term> terms;
  bool isConst() const { return terms.empty(); }
};

Poly toPoly(Expr e);
Expr fromPoly(ExprFactory& f, const Poly& p, Type t);
Poly addPoly(const Poly& a, const Poly& b);
Poly scalePoly(const Poly& a, const Rational& r);
Poly mulPoly(ExprFactory& f, const Poly& a, const Poly& b, Type t);
void decomposeTerm(Expr t, Rational& coef, Expr& mono);
/// Factors (prim, exponent) of a monomial.
void monoFactors(Expr mono, std::vector<std::pair<Expr, uint32_t>>& out);
Expr monoFromFactors(ExprFactory& f, std::vector<std::pair<Expr, uint32_t>>& factors, Type t);
/// Builds the canonical atom (Lt/Le: 0 < p / 0 <= p; Eq: p = 0) for numeric p.
Expr makeAtom(ExprFactory& f, Kind k, Expr p);
/// Negation of a canonical atom (Lt/Le) or nullptr if it is not such an atom.
Expr negateAtom(ExprFactory& f, Expr atom);
/// True when a != b is certain for two Int expressions (different constants, or a-b constant).
bool definitelyDistinct(ExprFactory& f, Expr a, Expr b);
/// True if bound variable bv occurs in e.
bool occurs(Expr e, Expr bv);

} // namespace detail
} // namespace chorus::sym
