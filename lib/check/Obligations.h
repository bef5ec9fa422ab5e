// Private to lib/check. What the annotation monitors share: discharging a
// proof obligation under a state's path condition (the prover path of
// Machine::require: YES fine, NO a violation whose condition gives the
// counterexample inputs, MAYBE undecided: the verdict can be at best
// unknown and the search goes on under the obligation), reporting a
// violation, and the marks (snapshots) a frame keeps for annotations.
#pragma once

#include "chorus/exec/Executor.h"

#include <functional>
#include <string>
#include <vector>

namespace chorus::check::detail {

using exec::Expr;

/// Throws the violation (kind, location, process, message) found in the
/// move `step`, with `cond` the condition whose models are the inputs.
[[noreturn]] void raise(ViolationKind k, model::SrcLoc loc, int proc, const std::string& msg,
                        Expr cond, exec::Step step);

/// `ok` must hold in every state denoted by `s` (its path condition).
/// `msg` is called only when a violation or an undecided obligation is
/// reported; `what` names the obligation in the list of undecided ones.
void discharge(exec::Executor& ex, exec::GlobalState& s, Expr ok, ViolationKind k,
               model::SrcLoc loc, int proc, const std::function<std::string()>& msg,
               const exec::Step& step);

/// An interned copy of `ps` whose frames keep no marks (the state a mark
/// keeps).
const state::ProcState* withoutMarks(exec::Executor& ex, const state::ProcState* ps);

/// The mark of kind k at loop head `at` (kNone: the call) of frame `fr`, or null.
const state::Mark* findMark(const state::Frame& fr, state::Mark::Kind k, model::LocId at);

/// Evaluates an annotation expression, turning evaluation errors into a
/// violation of kind k ("cannot be evaluated: ...") and unsupported
/// constructs into an unchecked annotation (nullopt).
std::optional<Expr> evaluate(exec::Executor& ex, const std::function<Expr()>& eval, ViolationKind k,
                             model::SrcLoc loc, int proc, const std::string& what,
                             const exec::Step& step);

/// The guard of an ACSL behavior: the conjunction of its `assumes` clauses,
/// each evaluated by `assumes` (nullopt: unchecked, as `evaluate` returns
/// it); nullopt when one could not be evaluated.
std::optional<Expr>
behaviorGuard(exec::Executor& ex, const model::Behavior& bh,
              const std::function<std::optional<Expr>(const model::Clause&)>& assumes);

/// "a", "a, b" or "a, b and c" of the effects read, for messages.
std::string joinReads(const std::vector<std::string>& reads);

} // namespace chorus::check::detail

namespace chorus::check::detail {

/// Frame condition: the obligations of Executor::frameObligations, each
/// under `guard` (null: none). The first location that may have changed is
/// reported as a violation of kind k: "'<what>' changed ... but is not in
/// <clause>".
void dischargeFrame(exec::Executor& ex, exec::GlobalState& s,
                    const std::vector<exec::FrameObligation>& obs, Expr guard, ViolationKind k,
                    model::SrcLoc loc, int proc, const std::string& clause, const exec::Step& step);

/// An assigns clause end to end (function, collective and loop contracts):
/// the obligations `obligations()` makes (Executor::frameObligations) are
/// discharged under `guard` as ASSIGNS violations at loc; an evaluation
/// error is an ASSIGNS violation "<clause> cannot be evaluated: ...", an
/// unsupported construct leaves the clause unchecked ("<clause> (why)").
void checkFrame(exec::Executor& ex, exec::GlobalState& s,
                const std::function<std::vector<exec::FrameObligation>()>& obligations, Expr guard,
                model::SrcLoc loc, int proc, const std::string& clause, const exec::Step& step);

} // namespace chorus::check::detail
