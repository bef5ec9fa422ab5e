// Private: quantifiers over integer ranges that the query's own bounds make
// finite, expanded into their instances before a backend is asked (used by
// the prover chain).
#pragma once

#include "Internal.h"

#include <vector>

namespace chorus::sym::detail {

/// The conjunction `as` with each `forall k. (k < lo || k >= hi || body)`
/// (k an integer bound variable; the guards any linear atoms whose other
/// terms are free of bound variables) replaced by the conjunction of its
/// instances k = L..H, where L and H are constants such that the interval
/// bounds of the atoms of `as` (Bounds) imply lo >= L and hi <= H + 1: for
/// every k outside L..H a guard holds in every model of `as`, so the query
/// is equivalent (satisfiable, and unsatisfiable, exactly when it was).
/// Nested quantifiers are expanded outermost first (an inner range that
/// depends on the outer variable becomes concrete); at most `budget`
/// instances in all, the rest stay quantified. Returns `as` itself when
/// nothing is expanded. LISE's queries about havocked arrays under
/// quantified invariants: once the path fixes the sizes (N = 1), z3 could
/// leave them undecided (seed 004's matrix).
std::vector<Expr> expandBoundedQuantifiers(ExprFactory& f, std::span<const Expr> as,
                                           size_t budget = 256);

} // namespace chorus::sym::detail
