// Annotations the search reaches but does not check (issue 9): each makes
// the verdict `unknown` (Executor::noteUnchecked), never `verified`. Today:
// in a composition (`chorus compare`), parallel assertions `thru { ... }
// passert(e)` (seed 003), noted when a process enters their block; and,
// with `--no-collective`, the collective
// (and, in a comparison, joint) assertions and invariants, noted when a
// process arrives at them. (Contract clauses chorus does not check are noted
// by ContractMonitor at the calls.)
#pragma once

#include "chorus/exec/Executor.h"

#include <string>
#include <unordered_map>

namespace chorus::check {

class UncheckedMonitor {
public:
  /// `collectives`: also the collective assertions and invariants (they are
  /// not checked in this search); `joint`: and the joint ones.
  UncheckedMonitor(exec::Executor& ex, bool collectives, bool joint);

  bool active() const { return !at_.empty(); }
  void after(const exec::Successor& succ, int p);

private:
  exec::Executor& ex_;
  std::unordered_multimap<uint64_t, std::string> at_; ///< (func << 32 | loc) -> what
};

} // namespace chorus::check
