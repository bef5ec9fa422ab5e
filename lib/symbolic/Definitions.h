// Private: conjuncts that only define a fresh symbol, which a query can drop
// (used by the prover chain before slicing and asking a backend).
#pragma once

#include "Internal.h"

#include <vector>

namespace chorus::sym::detail {

/// cs without its *definitions*: conjuncts `view(Y) = t` where Y is a
/// symbol that occurs in no other conjunct of cs except length facts
/// `len(Y) = L`, not in `claim` (nullptr for none), not among `keep` (the
/// symbols a model is asked for), not in t, and `view(Y)` is Y itself or a
/// shaped array over Y (nested array lambdas reading Y, as LISE havocs a
/// `double c[N][N]`) whose length at every level is, syntactically, the
/// length of t there; each L must be t's length (where the length facts
/// of other arrays in cs may replace their lengths: LISE's havocked `double
/// u[n]` with `len(Y) = n`, defined as a write into the previous Y').
/// Such a conjunct and Y's length facts hold for some Y whatever the
/// values of the other symbols that satisfy the rest (take Y = t), so `cs
/// => claim` is valid, and cs satisfiable, exactly when they are without
/// them, and a model of the rest extends to one of cs. With `linear`, so
/// are linear definitions `C*Y + r = 0` of a numeric Y that occurs nowhere
/// else: C a non-zero constant (1 or -1 for an integer Y) or a real
/// polynomial whose interval bounds over the other conjuncts exclude 0 (the
/// prover's internal decisions only: queries sent to z3 keep them, as
/// their models and z3's search on contracts/symcount.c did better so).
/// Repeated until none is left.
std::vector<Expr> dropDefinitions(ExprFactory& f, std::vector<Expr> cs, Expr claim,
                                  std::span<const Expr> keep = {}, bool linear = false);

} // namespace chorus::sym::detail
