// Private: validity of equations by linear algebra over monomials, after the
// integer equalities the difference logic implies are substituted (used by
// the prover chain before the backends).
#pragma once

#include "Internal.h"

#include <vector>

namespace chorus::sym::detail {

/// Is `rel => claim` valid by this argument: every conjunct of the claim is,
/// once each integer symbol that the difference-logic atoms of rel fix
/// relative to another (x - y the same in every model, DiffLogic::fixed) is
/// replaced by it, either true, decided valid by the difference logic of
/// rel, or an equation `p = 0` whose p is a linear combination, with
/// rational coefficients, of the polynomials of rel's equations `q = 0`
/// (after the same replacement, quotients multiplied out as in
/// Denominators.h, every monomial an unknown of its own: products, casts,
/// array reads, quotients). Each step holds in every model of rel, so true
/// means valid; false means not shown (not that it is invalid). Seed 004's
/// mean: the inductive step of `x' = ((i-1)*x + a[i-1]) / i`, a nonlinear
/// query that took z3 13-15 ms, is E1 + E2 - E3 of its path condition.
bool impliedByEquations(ExprFactory& f, std::span<const Expr> rel, Expr claim);

} // namespace chorus::sym::detail
