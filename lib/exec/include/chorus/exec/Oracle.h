// The engine's view of a prover: validity of a claim under a context (the
// path condition), and a model for counterexample inputs. An adapter to the
// symbolic library's ProverChain implements it (ProverOracle.h); the
// SimplifierOracle decides only what canonical forms decide and answers
// MAYBE otherwise (used by unit tests and when no prover is configured).
#pragma once

#include "chorus/support/Knockout.h"
#include "chorus/symbolic/ExprFactory.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chorus::exec {

using sym::Expr;

enum class Answer { Yes, No, Maybe };

/// Is the obligation `ok` discharged without any decision (it is the
/// constant true)? Every check takes this fast path before asking an
/// Oracle; a knockout build's MAYBE test (support/Knockout.h) says no, so
/// that even constant obligations count as undecided there.
inline bool trivial(Expr ok) {
  return ok->isTrue() && !knockout::maybe();
}

class Oracle {
public:
  virtual ~Oracle() = default;
  /// Does `claim` hold in every model of `context`?
  virtual Answer valid(Expr context, Expr claim) = 0;
  /// Values of the free symbols in some model of `formula` ("name", "value"),
  /// empty when unknown.
  virtual std::vector<std::pair<std::string, std::string>> model(Expr formula) { return {}; }
  /// The only value `symbol` (a scalar symbolic constant) takes in the
  /// models of `context`, or nullptr when there are several or it is not
  /// known. Used to simplify states after forks.
  virtual Expr uniqueValue(Expr context, Expr symbol) { return nullptr; }
  /// The end of the search's time (--time-limit); nullopt: none. Past it,
  /// valid() answers MAYBE and uniqueValue() nullptr without asking a
  /// prover, so that a move asking many slow questions ends and the search
  /// stops at its limit (MAYBE is never a violation).
  virtual void setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) {}
  /// The deadline has passed (what the oracle answers now is not the
  /// prover's).
  virtual bool pastDeadline() const { return false; }
  /// Per-backend call counts for the statistics ("internal", "cache", "z3"...).
  virtual std::vector<std::pair<std::string, uint64_t>> callCounts() const = 0;
};

class SimplifierOracle : public Oracle {
public:
  explicit SimplifierOracle(sym::ExprFactory& f) : f_(f) {}
  Answer valid(Expr context, Expr claim) override;
  std::vector<std::pair<std::string, uint64_t>> callCounts() const override {
    return {{"internal", calls_}};
  }

private:
  sym::ExprFactory& f_;
  uint64_t calls_ = 0;
};

} // namespace chorus::exec
