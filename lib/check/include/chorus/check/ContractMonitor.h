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
// With threads (lib/exec/DESIGN-NOTES.md, "Annotations and threads"): the
// contract of a function a thread calls is checked in that thread's
// frames; `requires` at the call and `ensures` at the return read shared
// memory as it is at that moment, whatever other threads did meanwhile;
// in a program that creates threads, `assigns` bounds the writes of the
// calling thread while the function is active in it (in it or in its
// callees), each move checked as it changes a location, reported at the
// write — other threads' writes are not the function's.
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
  /// Thread `thr` of process q (not the mover) was released from a blocking
  /// collective by the move from `from` to succ: the operation's writes
  /// into q are that thread's (frame conditions of a program with threads).
  void released(const exec::GlobalState& from, exec::Successor& succ, int q, int thr);

private:
  exec::Executor& ex_;
  bool active_ = false;
  /// Contracts by FuncId (a function may have several, e.g. on a prototype
  /// and on the definition).
  std::vector<std::vector<const model::Contract*>> byFunc_;
  std::vector<uint8_t> needsEntry_;
  std::vector<uint8_t> hasAssigns_; ///< by FuncId: some contract has an assigns clause
  /// The program creates threads: `assigns` is checked at every move of a
  /// thread while the function is active in it (frameMove), not by
  /// comparing the entry with the return.
  bool threaded_ = false;

  void afterThread(const exec::GlobalState& from, exec::Successor& succ, int p, int thr);
  void call(const exec::CallEvent& ev, exec::Successor& succ, int p, int thr,
            std::map<size_t, const state::ProcState*>& entries);
  void ret(const exec::CallEvent& ev, exec::Successor& succ, int p, int thr,
           std::map<size_t, const state::ProcState*>& entries);
  /// Frame conditions of the functions active in thread thr's frames, on
  /// its move from `from` to succ.
  /// `own`: the move is thr's (its call events are in succ.step).
  void frameMove(const exec::GlobalState& from, exec::Successor& succ, int p, int thr, bool own);
  void noteUncheckedParts(const model::Contract& c);
};

} // namespace chorus::check
