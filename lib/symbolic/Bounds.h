// Private: cheap internal reasoning over the linear atoms of a context:
// interval bound propagation (monomials as variables), matching of linear
// forms, known-true atoms. Used by the prover chain and by simplify.
#pragma once

#include "Internal.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace chorus::sym::detail {

struct Interval {
  bool hasLo = false, hasHi = false;
  bool loStrict = false, hiStrict = false;
  Rational lo, hi;
};

class Bounds {
public:
  Bounds(ExprFactory& f, std::span<const Expr> conjuncts);
  /// The bounds are contradictory: the context is unsatisfiable.
  bool inconsistent() const { return inconsistent_; }
  /// Every conjunct is a bound on a single symbol: consistent <=> satisfiable.
  bool complete() const { return complete_; }
  /// Truth of a Bool expression under the context, if decidable cheaply.
  std::optional<bool> decide(Expr e);
  /// Is e known to be non-zero under the context?
  bool nonZero(Expr e);
  Interval range(const Poly& p);

private:
  struct Constraint {
    Kind kind; // Le, Lt or Eq
    Poly p;
  };
  Interval monoRange(Expr m);
  bool tighten(Expr m, const Interval& by);
  void propagate();
  std::optional<bool> decideAtom(Kind k, const Poly& p);

  ExprFactory& f_;
  std::vector<Constraint> cons_;
  std::unordered_map<Expr, Interval> box_;
  std::unordered_map<Expr, std::vector<size_t>> byFirstMono_;
  std::unordered_set<Expr> known_, knownFalse_;
  bool inconsistent_ = false;
  bool complete_ = true;
};

} // namespace chorus::sym::detail
