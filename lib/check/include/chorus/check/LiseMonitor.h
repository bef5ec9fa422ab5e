// Loop-invariant symbolic execution across processes (`verify --lise`,
// seed 004 §2.2-2.6, Fig. 3). An annotated loop — a collective invariant
// (`#pragma TASS collective invariant ID e`, over all processes) or an ACSL
// `loop invariant` (over the process that runs the loop) — is executed once
// from a havoc of what its body writes, instead of being unrolled:
//
// * When a process is about to take a branch at the loop's head, the places
//   its body wrote since the loop was entered (the write set of its current
//   loop record, grown as places are actually written) get fresh symbols,
//   with the relation `Y = old value` (before()).
// * The branch (true: re-enter, false: exit) puts a snapshot of the process
//   into the oldest record of the shared FIFO queue it has not filled (or a
//   new one): a different action there is OUT_OF_ORDER_ARRIVAL, a different
//   branch CONFLICTING_LOOP_EXIT. Collective assertions share the queue.
// * When a record completes, the invariant of every snapshot is checked
//   under the whole path condition (base case on entry, inductive step on
//   re-entry: one validity query); then the record's relation is dropped,
//   the previous iteration's record is popped (its assumptions dropped) and
//   a true-branch record is pushed, a false-branch one's assumptions handed
//   to the enclosing loop (or kept for good).
// * Assumptions made by a process inside a loop belong to its current loop
//   record (ppc); canonicalization renames the fresh symbols, so the
//   iterations of a loop meet a state seen before and the search ends.
//
// Nothing is synchronized; channels are never havocked. Every step only
// renames symbols, adds equations for fresh symbols or drops path-condition
// conjuncts, so every concrete execution is covered (seed 004 §2.6, App. B).
#pragma once

#include "chorus/exec/Executor.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace chorus::check {

class LiseMonitor {
public:
  explicit LiseMonitor(exec::Executor& ex);

  /// Gives every loop of `p` under an invariant one head with two guarded
  /// exits (model::normalizeLoop: calls in the condition, do-while,
  /// `while (1)`, break, return and goto out of the body) and moves the
  /// annotations to the new heads. Run before problems().
  static void normalize(model::Program& p);

  /// Loops of `p` under an invariant that LISE cannot handle: the location
  /// of the annotation and why. The head must have two guarded branches
  /// without statements (into the body, out of it), and the body no other
  /// exit (break, return, goto out of the loop).
  static std::vector<std::pair<model::SrcLoc, std::string>> problems(const model::Program& p);

  bool active() const { return !actions_.empty(); }

  /// A state prepared for the moves of one process (before()).
  struct Prep {
    exec::GlobalState state;
    uint32_t action = 0;
    std::vector<uint64_t> W; ///< the write set havocked
    exec::Expr relation = nullptr, facts = nullptr;
  };
  /// Before the moves of `p` at `s`: when p is at the head of a LISE loop,
  /// `out` is `s` with p's write set havocked (true); else false.
  bool before(const exec::GlobalState& s, int p, Prep& out);
  /// After p moved from `base` (s, or the prepared state) to `succ`.
  /// Throws exec::ViolationError.
  void after(const exec::GlobalState& base, exec::Successor& succ, int p, const Prep* prep);
  /// At a terminal state: no record may be incomplete (COLLECTIVE_INCOMPLETE).
  void terminal(const exec::GlobalState& s) const;

  /// How many incomplete records process p has filled (how far it is ahead
  /// of the slowest process): the search's order of urgent processes.
  static size_t lag(const exec::GlobalState& s, int p) {
    size_t k = 0;
    for (const state::LiseRecord& r : s.liseQueue)
      k += size_t(p) < r.snaps.size() && r.snaps[p];
    return k;
  }

  /// Is ps (its top frame) at an annotated loop head or a collective
  /// assertion (where its next move arrives in a record)? A chain of moves
  /// ends there (lib/search): the iterations meet there.
  bool atAction(const state::ProcState& ps) const { return actionAt(ps) != nullptr; }

  /// Loop records completed (base cases and inductive steps proved).
  uint64_t proofs() const { return proofs_; }

private:
  struct Action {
    std::string name;   ///< "collective invariant I", ...
    uint32_t id = 0;    ///< index into ids_ (records' id)
    bool loop = false;  ///< a loop head (else an assertion)
    bool local = false; ///< ACSL: over the arriving process only
    int scope = -1;     ///< a composition's component it is over (-1: all processes; joint)
    std::vector<const model::CollectiveAnnot*> annots; ///< collective ones
    const model::LoopAnnot* acsl = nullptr;            ///< local ones
    model::FuncId func = model::kNone;
    model::LocId at = model::kNone;
    std::vector<bool> body; ///< loops: model::naturalLoop of the head
    /// A normalized loop (model/NormalizeLoop.h): the frame slot of its exit
    /// selector, -1 otherwise.
    int exitSlot = -1;
    model::SrcLoc loc;
  };
  exec::Executor& ex_;
  std::vector<Action> actions_;
  std::vector<uint32_t> idAction_;               ///< id -> first action with that id
  std::unordered_map<uint64_t, uint32_t> byLoc_; ///< (func << 32 | loc) -> action
  uint64_t proofs_ = 0;

  const Action* actionAt(const state::ProcState& ps) const;
  /// Where an action is, for messages: its annotation's location, or for
  /// an inferred one (a pseudo-file) its loop's.
  std::string whereLoop(const Action& a) const;
  /// At the head of a normalized loop with its exit selector set: leaving
  /// by an exit of the body (neither havocked nor checked there).
  static bool leavingByExit(const Action& a, const state::ProcState& ps);
  /// Is process p among those the action's records are over?
  bool over(const Action& a, int p) const;
  void arrive(exec::GlobalState& s, exec::Successor& succ, int p, const Action& a,
              const state::ProcState* snap, bool isTrue, const std::vector<uint64_t>& W,
              exec::Expr ppc, exec::Expr relation);
  void complete(exec::GlobalState& s, state::LiseRecord r, const exec::Step& step);
  /// The annotations (locations, each once) of the parts `cs` of a claim
  /// the prover does not prove valid under s.pc; `proc`: the process of the
  /// first. Empty when the claim has one part.
  std::vector<model::SrcLoc>
  failingParts(const exec::GlobalState& s, const std::vector<exec::Expr>& cs,
               const std::vector<std::pair<size_t, model::SrcLoc>>& whose, int& proc);
};

} // namespace chorus::check
