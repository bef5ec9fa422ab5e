// Private: integer difference logic, a complete internal decision for the
// conjunctions of atoms `0 <= c + x - y`, `0 <= c + x`, `0 <= c - x` and
// their equalities over integer symbols (the loop counters, bounds and
// ranges that LISE's queries are mostly made of: seed 004's ring and count
// rows asked z3 hundreds of them). Satisfiable exactly when the constraint
// graph has no negative cycle (Bellman-Ford); the shortest distances are then
// an integer model. Used by the prover chain before the backends.
#pragma once

#include "Internal.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace chorus::sym::detail {

class DiffLogic {
public:
  /// Adds a conjunct. False when it is outside the fragment (then the object
  /// must not be asked anything).
  bool add(Expr c);
  /// Adds the negation of an atom as a disjunction of fragment atoms (one
  /// alternative per element of `out`, each a list of edges to try alone).
  /// False when the negation is outside the fragment.
  struct Edge {
    uint32_t from, to;
    int64_t w; // to - from <= w
  };
  bool negation(Expr atom, std::vector<std::vector<Edge>>& out);
  /// Satisfiable over the integers, with the extra edges added for this
  /// question only?
  bool satisfiable(std::span<const Edge> extra = {});
  /// After satisfiable() answered true: fixes symbol x to the value of its
  /// range (its least and greatest value over all models) closest to 0, and
  /// returns it. The constraints stay satisfiable (every value of that range
  /// extends to a model), so the symbols of a model are fixed one by one:
  /// small values, as a user would pick (and as z3 did: an input `argc` is
  /// 1, not any other admitted count).
  int64_t fix(Expr x);
  /// After satisfiable() answered true: the symbols whose value is fixed
  /// relative to another node in every model (x - y the same constant), each
  /// as `x = base + k` with one base per such class (an earlier node of it),
  /// or `x = k` (base nullptr) when the constraints fix x itself. None when
  /// there are more than maxNodes symbols.
  struct Fixed {
    Expr x, base;
    int64_t k;
  };
  std::vector<Fixed> fixed(size_t maxNodes) const;

private:
  /// 0 <= c0 + sum of terms; false outside the fragment.
  bool le(const Poly& p, std::vector<Edge>& out);
  uint32_t node(Expr x);
  std::unordered_map<Expr, uint32_t> nodes_; ///< node 0 is the constant 0
  std::vector<Edge> edges_;
  std::vector<int64_t> dist_;
  /// Shortest distances from node `src` (reversed: to it); kInf where none.
  std::vector<int64_t> paths(uint32_t src, bool reversed) const;
  bool false_ = false; ///< a conjunct is false by itself
};

} // namespace chorus::sym::detail
