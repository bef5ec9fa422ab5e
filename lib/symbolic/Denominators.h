// Private: atoms over a quotient whose divisor's sign the query's own bounds
// fix, multiplied out before a backend is asked (used by the prover chain).
#pragma once

#include "Internal.h"

#include <vector>

namespace chorus::sym::detail {

/// The conjunction `as` with each atom `p / d = 0`, `0 <= p / d` or
/// `0 < p / d` (a real quotient, anywhere in the Boolean structure) replaced
/// by `p = 0`, `0 <= p` or `0 < p` (with -p when d < 0) where the interval
/// bounds of the atoms of `as` (Bounds) give d one sign: in every model of
/// `as` the two atoms agree, so the query is equivalent (satisfiable, and
/// unsatisfiable, exactly when it was). Returns `as` itself when nothing
/// changes. Seed 004's mean: the inductive step's `x' = ((i-1)*x + a[i-1]) / i`
/// with 1 <= i left z3 a nonlinear query with a division (0.3-0.7 s).
std::vector<Expr> clearDenominators(ExprFactory& f, std::span<const Expr> as);

} // namespace chorus::sym::detail
