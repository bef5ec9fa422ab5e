// ACSL function contracts of sequential functions, checked at every call
// and return the search executes (issue 9). At a call (the callee's frame
// just pushed, its arguments bound): the `requires` clauses (PRECONDITION,
// at the call site), `behavior`s' requires under their `assumes`, and
// `complete`/`disjoint behaviors` (BEHAVIORS). At a return: `ensures` with
// `\old` (and the parameters, as ACSL says) read in the pre-state and
// `\result` the returned value (POSTCONDITION, at the return), and `assigns`
// as a frame condition between the pre-state and the return (ASSIGNS). The
// pre-state is kept as a mark of the callee's frame (state::Mark: part of
// the state's identity, so state matching stays sound).
//
// Parts of a contract chorus does not check — `mpi collective` blocks and
// `mpi uses` (collective contracts, seed 002), `terminates`, `decreases`,
// contracts of functions without a body — are recorded as unchecked when
// the function is called (the verdict becomes unknown).
#pragma once

#include "chorus/exec/Executor.h"

#include <map>
#include <vector>

namespace chorus::check {

class ContractMonitor {
public:
  explicit ContractMonitor(exec::Executor& ex);

  bool active() const { return active_; }
  /// After process `p` moved to `succ`: the calls and returns of contracted
  /// functions in the move. Throws exec::ViolationError.
  void after(const exec::GlobalState& from, exec::Successor& succ, int p);

private:
  exec::Executor& ex_;
  bool active_ = false;
  /// Contracts by FuncId (a function may have several, e.g. on a prototype
  /// and on the definition).
  std::vector<std::vector<const model::Contract*>> byFunc_;
  std::vector<uint8_t> needsEntry_;

  void call(const exec::CallEvent& ev, exec::Successor& succ, int p,
            std::map<size_t, const state::ProcState*>& entries);
  void ret(const exec::CallEvent& ev, exec::Successor& succ, int p,
           std::map<size_t, const state::ProcState*>& entries);
  void noteUncheckedParts(const model::Contract& c);
};

} // namespace chorus::check
