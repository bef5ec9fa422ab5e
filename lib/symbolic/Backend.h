// Private: the interface the prover chain uses to talk to an SMT solver.
#pragma once

#include "chorus/symbolic/Prover.h"

#include <future>
#include <stdexcept>

namespace chorus::sym {

enum class SatResult { Sat, Unsat, Unknown };

struct CheckResult {
  SatResult result = SatResult::Unknown;
  bool timedOut = false;   // gave up on time or resources
  bool abstracted = false; // translation over-approximated (e.g. Sum): Sat is not definite
  std::string reason;      // for Unknown
};

/// Thrown by translations for constructs a backend does not support.
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class SolverBackend {
public:
  virtual ~SolverBackend() = default;
  /// Translates the assertions (may use the factory: call on the owning thread).
  /// Returns false (with reason) if a construct is unsupported.
  virtual bool prepare(std::span<const Expr> assertions, std::string& reason) = 0;
  /// Checks the prepared assertions.
  virtual CheckResult solve(unsigned timeoutMs) = 0;
  /// Starts solve() so that it runs concurrently with the caller (portfolio).
  virtual std::future<CheckResult> solveAsync(unsigned timeoutMs) {
    return std::async(std::launch::async, [this, timeoutMs] { return solve(timeoutMs); });
  }
  /// After a Sat solve: values of the given symbols (owning thread only).
  virtual Model model(std::span<const Expr> symbols) = 0;
  /// Drops the prepared assertions.
  virtual void finish() = 0;
};

std::unique_ptr<SolverBackend> makeZ3Backend(ExprFactory& f);
std::unique_ptr<SolverBackend> makeCvc5Backend(ExprFactory& f);

} // namespace chorus::sym
