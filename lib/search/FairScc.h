// Fair cycles in a strongly connected component of the explored state
// graph (plain `verify`: whether `verified` may promise termination,
// lib/exec/DESIGN-NOTES.md "Termination: fair components"). The graph is
// given with one edge per move (the states inside chains of moves are
// nodes too) and the units (process, thread; a pending asynchronous
// cancellation) enabled at each state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chorus::search {

struct FairGraph {
  /// A unit: (process << 32) | (thread << 1) | cancellation (the pending
  /// asynchronous cancellation of that thread, a move of its own).
  using Unit = uint64_t;
  enum class Kind : uint8_t {
    Normal,
    /// A move a fair run makes only finitely often: a spurious wake-up, the
    /// spurious failure of a weak compare-and-swap where it could succeed.
    Excused,
    /// The not-complete outcome of an MPI test or probe where the call
    /// could succeed (MPI progress: a strong-fairness requirement, `key`).
    Deferred,
    /// The complete outcome of a test or probe (satisfies `key`).
    Completes,
  };
  struct Edge {
    uint32_t from = 0, to = 0;
    Unit unit = 0;
    Kind kind = Kind::Normal;
    uint32_t key = 0; ///< Deferred / Completes: the statement and its unit
  };
  /// Per node: the units that can move there (sorted).
  std::vector<std::vector<Unit>> enabled;
  std::vector<Edge> edges;
};

/// Does the graph have a fair cycle? Weak fairness for the units (a unit
/// enabled at every state of a cycle moves in it), strong fairness for the
/// keys (a cycle through a Deferred edge of key k takes a Completes edge
/// of k), Excused edges only finitely often. The standard decomposition:
/// Excused edges are dropped; in each strongly connected component with an
/// edge, the sources of Deferred edges whose key no edge of the component
/// completes are removed and the rest decomposed again; a component where
/// nothing is removed has a fair cycle (one through all its edges) unless a
/// unit that never moves in it is enabled at every one of its states.
/// `witness`: (fair) the nodes of such a component.
bool hasFairCycle(const FairGraph& g, std::vector<uint32_t>* witness = nullptr);

} // namespace chorus::search
