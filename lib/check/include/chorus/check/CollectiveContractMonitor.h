// Collective contracts (seed 002, issue 11): `verify --contract f` runs the
// driver P^f (model/ContractDriver.h) and this monitor checks the
// collective errors of Def. 2.5 on every execution the search explores:
//   - at each process's return from f: the frame condition of the
//     collective blocks' `assigns` (ASSIGNS), its `waitsfor` set evaluated in
//     its pre-state (WAITSFOR: a rank of the set has not entered f yet), no
//     message to it still in transit (UNRECEIVED_MESSAGE, Def. 2.5 (4));
//   - once every process has returned: every rank's `ensures` of the
//     collective blocks, with `\old` in the pre-states and `\mpi_on` across
//     processes (COLLECTIVE_POSTCONDITION, at the clause, the rank whose
//     postcondition fails);
//   - after every move: no message sent to a process that has returned
//     from f (SEGMENT_BOUNDARY, Def. 2.5 (3)), none on a communicator that
//     `mpi uses` does not list (MPI_USES).
// Nontermination (a cycle of states, Def. 2.6) is reported by the search
// (SearchOptions::cycleIsViolation).
#pragma once

#include "chorus/exec/Executor.h"

#include <set>
#include <vector>

namespace chorus::check {

class CollectiveContractMonitor {
public:
  explicit CollectiveContractMonitor(exec::Executor& ex);

  bool active() const { return drv_ != nullptr; }
  /// After process `p` moved to `succ`. Throws exec::ViolationError.
  void after(const exec::GlobalState& from, exec::Successor& succ, int p);

private:
  exec::Executor& ex_;
  const model::ContractDriver* drv_ = nullptr;
  const model::Contract* contract_ = nullptr;
  /// Per rank: the handles of the communicators `mpi uses` lists (empty
  /// set: no clause, any communicator).
  std::vector<std::set<int64_t>> uses_;

  bool entered(const exec::GlobalState& s, int q) const;
  /// The waitsfor check by causality (ProcState::heard; see
  /// model::ContractDriver::lazyEntry), else by entry.
  bool causal(const exec::GlobalState& s) const;
  static uint64_t bit(int q) { return uint64_t(1) << q; }
  /// The behavior guard may hold under pc.
  bool possible(exec::Expr pc, exec::Expr guard);
  bool returned(const exec::GlobalState& s, int q) const;
  /// `mpi uses` of rank r allows communication on comm (or on the
  /// communicator comm was made from by process state ps).
  bool uses(int r, const state::ProcState& ps, int64_t comm) const;
  /// The pre-state (Executor::contractInitial) with the input symbols pc
  /// fixes (x = v among its conjuncts: a count the path chose) replaced by
  /// their values, as in the current state (Executor::simplifyUnderPc): a
  /// read of `\old(b[k * count])` is then a read at the index the state
  /// wrote, not one the prover must equate with it (a product of such
  /// reads is nonlinear: reduceScatterNC's MPI_PROD, seed 002).
  exec::GlobalState preState(exec::Expr pc);
  void onReturn(const exec::CallEvent& ev, exec::Successor& succ, int p);
  void postconditions(const exec::CallEvent& ev, exec::Successor& succ);
  void messages(const exec::GlobalState& from, exec::Successor& succ, int p);
};

} // namespace chorus::check
