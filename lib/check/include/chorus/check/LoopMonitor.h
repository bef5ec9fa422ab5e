// ACSL loop annotations of one process (issue 9), checked at every arrival
// at the loop head the search executes: `loop invariant` when the loop is
// entered and after every iteration (LOOP_INVARIANT, at the invariant),
// `loop assigns` as a frame condition between the loop's entry and every
// later arrival (ASSIGNS, at the clause), `loop variant` non-negative at the
// start of every iteration that runs and smaller at its end (LOOP_VARIANT).
//
// The loop-head hook: the first arrival of a frame at an annotated loop
// head puts a mark (state::Mark) in the frame — with the process state at
// the loop's entry when `loop assigns` needs it, and the variant's value —
// which stays until the frame leaves the loop's body (model::naturalLoop),
// so later arrivals are known to end an iteration. The marks are part of
// the state (state matching stays sound). Unbounded proofs by loop-invariant
// symbolic execution (seed 004) can hang their loop records on the same hook.
#pragma once

#include "chorus/exec/Executor.h"

#include <unordered_map>
#include <vector>

namespace chorus::check {

class LoopMonitor {
public:
  /// `skipInvariants`: the loop invariants are proved by LISE (--lise).
  explicit LoopMonitor(exec::Executor& ex, bool skipInvariants = false);

  bool active() const { return !loops_.empty(); }
  /// After process `p` moved to `succ`. Throws exec::ViolationError.
  void after(exec::Successor& succ, int p);

private:
  /// after() for the move's thread `thr` (violations get the thread there).
  void afterThread(exec::Successor& succ, int p, size_t thr);
  struct Loop {
    const model::LoopAnnot* annot = nullptr;
    std::vector<bool> body; ///< model::naturalLoop of the head
  };
  exec::Executor& ex_;
  bool skipInvariants_ = false;
  std::vector<Loop> loops_;
  std::unordered_map<uint64_t, size_t> byHead_; ///< (func << 32 | head) -> loops_

  const Loop* loopAt(model::FuncId f, model::LocId l) const;
};

} // namespace chorus::check
