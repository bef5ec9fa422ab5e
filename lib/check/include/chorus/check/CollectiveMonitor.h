// Collective assertions (seed 000 §3, Def. 3-4, Fig. 2): the monitor the
// search calls after every move. When a process arrives at an assertion
// location its interned state (a reference, never a copy) is appended to its
// snapshot queue in GlobalState::snaps; when every queue is non-empty one
// snapshot per process is dequeued and the conjunction of the asserted
// expressions is checked on the composite state under the path condition.
// The monitor never blocks a process: it adds no synchronization.
#pragma once

#include "chorus/exec/Executor.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace chorus::check {

class CollectiveMonitor {
public:
  /// `joint`: also the `joint` pragmas (comparison); otherwise they are ignored.
  CollectiveMonitor(exec::Executor& ex, bool joint);

  bool active() const { return !alocs_.empty(); }
  /// Gives the initial state its (empty) queues.
  void init(exec::GlobalState& s) const;
  /// After process `p` moved from `from` to `succ` (the step numbered
  /// `stepNo` in the trace): enqueue, check the order, evaluate a complete
  /// composite. Throws exec::ViolationError.
  void after(const exec::GlobalState& from, exec::Successor& succ, int p, uint32_t stepNo);
  /// At a terminal state: every queue must be empty (COLLECTIVE_INCOMPLETE).
  void terminal(const exec::GlobalState& s) const;
  /// In a composition (`chorus compare`) each process has two queues: at p
  /// for the collective assertions of its own program, at nprocs + p for
  /// the joint assertions (over all processes of both programs).
  static size_t queueLength(const exec::GlobalState& s, int p) {
    size_t n = s.procs.size(), len = size_t(p) < s.snaps.size() ? s.snaps[p].size() : 0;
    if (s.snaps.size() == 2 * n)
      len += s.snaps[n + p].size();
    return len;
  }

private:
  struct ALoc {
    uint32_t id = 0; ///< index into ids_
    std::vector<const model::CollectiveAnnot*> annots;
    int scope = -1; ///< composition: the component, or -1 (joint: all processes)
  };
  bool composed_ = false;
  exec::Executor& ex_;
  std::vector<std::string> ids_;
  std::vector<ALoc> alocs_;
  std::unordered_map<uint64_t, uint32_t> byLoc_; ///< (func << 32 | loc) -> aloc

  [[noreturn]] void fail(ViolationKind k, const model::CollectiveAnnot& a, int proc,
                         const std::string& msg, exec::Expr cond, exec::Step step,
                         int thread = -1) const;
};

} // namespace chorus::check
