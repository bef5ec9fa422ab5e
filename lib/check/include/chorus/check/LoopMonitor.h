// ACSL loop annotations of one process (issue 9), checked at every arrival
// at the loop head the search executes: `loop invariant` when the loop is
// entered and after every iteration (LOOP_INVARIANT, at the invariant),
// `loop assigns` as a frame condition between the loop's entry and every
// later arrival (ASSIGNS, at the clause; in a program that creates threads,
// on every move of the thread inside the loop, at the write: other
// threads' writes are not the loop's), `loop variant` non-negative at the
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
  /// After process `p` moved from `from` to `succ` (or, when p is not the
  /// mover, its thread succ.step.thread was released from a collective by
  /// that move). Throws exec::ViolationError.
  void after(const exec::GlobalState& from, exec::Successor& succ, int p);

private:
  /// after() for the move's thread `thr` (violations get the thread there).
  void afterThread(const exec::GlobalState& from, exec::Successor& succ, int p, size_t thr);
  /// A program with threads: the `loop assigns` of the loops thread thr is
  /// in, on its move from `from` to succ.
  void frameMove(const exec::GlobalState& from, exec::Successor& succ, int p, size_t thr);
  struct Loop {
    const model::LoopAnnot* annot = nullptr;
    std::vector<bool> body; ///< model::naturalLoop of the head
  };
  exec::Executor& ex_;
  bool skipInvariants_ = false;
  std::vector<Loop> loops_;
  std::unordered_map<uint64_t, size_t> byHead_; ///< (func << 32 | head) -> loops_
  /// The program creates threads: `loop assigns` is checked at every move
  /// of the thread in the loop (frameMove), not by comparing the loop's
  /// entry with each arrival at its head.
  bool threaded_ = false;

  const Loop* loopAt(model::FuncId f, model::LocId l) const;
};

} // namespace chorus::check
