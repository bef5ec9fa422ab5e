// The prover chain: valid / satisfiable / simplify / model over a context
// (a Bool expression, usually the path condition). Queries go through
//   trivial answers -> constraint independence -> result cache ->
//   internal decisions (syntactic implication, bound propagation on linear
//   atoms, integer difference logic) -> Z3 and/or cvc5.
// A timeout, an unsupported construct, a prover "unknown", a disagreement
// between provers, or a counterexample found on an abstracted translation
// is MAYBE, never YES.
#pragma once

#include "chorus/symbolic/ExprFactory.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chorus::sym {

enum class Answer { Yes, No, Maybe };
const char* answerName(Answer a);

enum class Backend { Z3, CVC5, Portfolio };

struct ProverOptions {
  Backend backend = Backend::Z3;
  unsigned timeoutMs = 2000; // per prover call; exceeded => MAYBE
  bool cache = true;         // result cache keyed by (relevant context, claim)
  bool independence = true;  // send only the conjuncts sharing symbols with the claim
  bool internal = true;      // cheap internal decisions before the provers
};

struct ProverStats {
  uint64_t queries = 0; // valid + satisfiable calls
  uint64_t cacheHits = 0;
  uint64_t internalDecisions = 0; // answered without a prover (incl. trivial)
  uint64_t z3Calls = 0;
  uint64_t cvc5Calls = 0;
  uint64_t maybeResults = 0;     // queries answered MAYBE
  uint64_t timeouts = 0;         // prover calls that gave up (time or resource)
  uint64_t disagreements = 0;    // portfolio: definite answers that differ
  uint64_t droppedConjuncts = 0; // context conjuncts removed by independence
};

/// Concrete values for the symbolic constants of a satisfiable context.
struct ModelEntry {
  Expr symbol;
  Expr value;       // a constant, ArrayLit or TupleMake; nullptr if not representable
  std::string text; // readable value (always set)
};
using Model = std::vector<ModelEntry>;

class Prover {
public:
  explicit Prover(ExprFactory& f, ProverOptions opts = {});
  ~Prover();
  Prover(const Prover&) = delete;
  Prover& operator=(const Prover&) = delete;

  /// Is `context => claim` valid for all values of the symbolic constants?
  Answer valid(Expr context, Expr claim);
  /// Is there a value of the symbolic constants making `context` true?
  Answer satisfiable(Expr context);
  /// Simplifies e using the facts of context: equalities symbol = value,
  /// bounds from linear atoms, atoms known true/false, cancellation of
  /// factors known non-zero in real quotients. Result is equivalent to e
  /// whenever context holds.
  Expr simplify(Expr e, Expr context);
  /// Concrete values making `context` true (from the backend), or nullopt
  /// when the context is unsatisfiable or undecided.
  std::optional<Model> model(Expr context);
  /// The same, with the values of `only` alone (when one symbol's value is
  /// wanted: the others' may be large arrays).
  std::optional<Model> model(Expr context, std::span<const Expr> only);
  /// The value an integer symbol takes in every model of `context`, when
  /// integer difference logic decides it (every conjunct in its fragment:
  /// exact, no backend): null when the context leaves it more than one
  /// value or is unsatisfiable; nullopt when a conjunct is outside the
  /// fragment or the internal decisions are off. With `fragmentOnly`, the
  /// conjuncts outside the fragment are left out: a value the others fix
  /// is the value (nullopt when they do not fix one).
  std::optional<Expr> uniqueIntValue(Expr context, Expr symbol, bool fragmentOnly = false);

  const ProverStats& stats() const { return stats_; }
  void resetStats() { stats_ = {}; }
  const ProverOptions& options() const { return opts_; }
  void clearCache();

  /// Test/diagnostic hook: called with the assertions of every query that
  /// reaches a backend (after independence; a validity query sends the
  /// relevant conjuncts plus the negated claim).
  void setBackendQueryObserver(std::function<void(std::span<const Expr>)> obs) {
    observer_ = std::move(obs);
  }

  struct Impl; // implementation detail

private:
  /// valid() past its trivial cases and its cache of asked queries.
  Answer validAsked(Expr ctx, Expr claim);

  ExprFactory& f_;
  ProverOptions opts_;
  ProverStats stats_;
  std::function<void(std::span<const Expr>)> observer_;
  std::unique_ptr<Impl> impl_;
};

} // namespace chorus::sym
