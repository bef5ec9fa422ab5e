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
  /// A check was given up while it still runs on a thread of its own (it did
  /// not stop at its time limit): the backend must be neither used again nor
  /// destroyed.
  virtual bool abandoned() const { return false; }
  /// A check or a model's evaluation was interrupted at its time limit: the
  /// backend must not be used again (its solver's state may be broken), but
  /// it may be destroyed.
  virtual bool retired() const { return false; }
};

std::unique_ptr<SolverBackend> makeZ3Backend(ExprFactory& f);
std::unique_ptr<SolverBackend> makeCvc5Backend(ExprFactory& f);

// ---- helpers shared by the translations (BackendCommon.cpp)

/// C-semantics equality of two values of an array type, or of a tuple/union
/// type containing arrays, spelled out in the factory's own vocabulary: equal
/// lengths and equal elements below the length (arrays), member-wise (tuples),
/// same tag and equal payload (unions). SMT equality of arrays is extensional
/// over all indices, which is stronger than C equality and would let a
/// context `a == b` imply facts about elements beyond the length. nullptr when
/// plain SMT equality is exact (no array inside the type).
Expr structuralEq(ExprFactory& f, Expr a, Expr b);
/// Does the type contain an array (directly or inside tuple/union members)?
bool containsArray(Type t);
/// Bound variables occurring free in e (not bound by a binder inside e), in
/// order of first occurrence.
std::vector<Expr> freeBoundVars(Expr e);

} // namespace chorus::sym
