// Fair cycles of the explored state graph (plain `verify`: NONTERMINATION,
// lib/exec/DESIGN-NOTES.md "Nontermination in plain verify"). A cycle of
// states is an infinite execution; it is one a real run can take (the
// program hangs) only if it is fair: under weak fairness every process or
// thread that can move at every state of the cycle moves in it, and under
// the MPI progress rule (MPI 3.1 §3.7.4, §3.8.1) a repeated MPI_Test* or
// MPI_Iprobe that could succeed does not keep failing (nor does a weak
// compare-and-swap, nor are spurious wake-ups owed).
#pragma once

#include "chorus/exec/Executor.h"

#include <string>
#include <vector>

namespace chorus::search {

struct CycleFairness {
  bool fair = false;
  /// Not fair: why (a thread that can move everywhere and never does, a
  /// test that keeps failing although it could succeed, a spurious wake-up).
  std::string whyNot;
  /// Fair: who repeats what, e.g. "process 0 (lines 7-8)".
  std::string looping;
};

/// The cycle whose i-th move `steps[i]` leaves state `states[i]`, the last
/// move returning to `states[0]` (states[i + 1] is where steps[i] leads):
/// is it fair? A unit (process, thread) moves in it if one of the steps
/// is its; it can move at a state if Executor::moves gives it a move there
/// other than a spurious wake-up. Not fair: a unit that does not move in
/// the cycle can move at each of its states; a step is the not-complete
/// outcome of an MPI_Test* or MPI_Iprobe at a state where the call could
/// also succeed (its process has another outcome of the same statement);
/// a step is a spurious wake-up of pthread_cond_wait, or the failure of a
/// weak compare-and-swap where it could also succeed, or a move of a thread
/// whose asynchronous cancellation could act instead. A move whose
/// computation fails (a violation, an unsupported operation) makes the
/// cycle count as not fair (nothing is claimed from it).
CycleFairness cycleFairness(exec::Executor& ex, const std::vector<exec::GlobalState>& states,
                            const std::vector<exec::Step>& steps);

} // namespace chorus::search
