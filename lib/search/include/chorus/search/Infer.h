// Collective loop invariants found automatically (`chorus verify
// --infer-invariants`, issue 12 "Beyond the seed"): candidate invariants
// from templates for every loop without an invariant, the Houdini fixed
// point under loop-invariant symbolic execution (seed 004), and the proof
// of the program with what survives.
//
// * Candidates (invariantCandidates, lib/search/InvariantTemplates.cpp):
//   linear equalities and inequalities between the integer variables a
//   loop writes (its counters), the integers it only reads (inputs, the
//   process rank and count, other locals), the constants assigned to the
//   counters and the bounds of the loop condition; the same variable of
//   other processes (`PROC[0]@f.x`, and `PROC[(rank±1)%size]@f.x` when the
//   program keeps its size); a counter's parity-like steps
//   (`x == k*((i + a - b*rank)/k)` for the moduli k the body tests).
// * Houdini (inferInvariants, lib/search/Infer.cpp): every candidate is a
//   `collective invariant` of its loop; `verify --lise` runs with all of
//   them; when a loop record's claim fails — base case or inductive step,
//   a definite or a possible violation — or the prover cannot decide it,
//   every candidate whose own part was not proved is dropped and the run
//   starts again; at the fixed point (no candidate fails) the run is the
//   proof of the program with the surviving conjunction. The result is
//   that run's verdict: verified (all input sizes), a violation
//   elsewhere (a possible one replayed concretely as in --lise), or
//   unknown. A loop whose annotation violates the structure of collective
//   loops (processes leaving on different iterations, an incomplete
//   record; no candidate is to blame), found for sure (not after a havoc),
//   loses its annotation (verify; not in compare) and the search goes on.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/search/Verify.h"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace chorus::search {

/// The candidate invariants of one loop (texts in the annotation language,
/// over the names visible at the loop).
struct LoopCandidates {
  model::FuncId func = model::kNone;
  model::LocId head = model::kNone;
  model::SrcLoc loop;    ///< the loop statement
  model::SrcLoc partner; ///< jointCandidates: the specification's loop
  std::vector<std::string> texts;
  std::map<std::string, model::VarId> names; ///< the variables visible at the loop
  std::vector<model::VarId> written;         ///< the scalars (integer, real) the body writes
  std::vector<model::VarId> arrays;          ///< the arrays whose elements the body assigns
  /// The fills of the function: `A[i] = X[e]` in a loop whose counter i
  /// runs over `range` (seed 004's diffusion: each process copies its block
  /// of the input, `u[i] = u_init[first + i - 1]` for 1 <= i <= nxl). The
  /// counter is `_j` in `range` and `index`.
  struct Fill {
    model::VarId array = model::kNone;
    std::string source; ///< X's name
    std::string index;  ///< e, with the counter as _j
    std::string range;  ///< `lo <= _j && _j <= B` (or `< B`)
  };
  std::vector<Fill> fills;
  /// The loop's condition bounds its counter by a literal (`i < 10`): the
  /// loop runs a fixed number of times.
  bool fixedRange = false;
};

/// Candidates for every loop of a defined function that has no invariant
/// (collective or ACSL) yet.
std::vector<LoopCandidates> invariantCandidates(const model::Program& p);

struct InferredLoop {
  model::SrcLoc loop;
  std::string function;
  std::string id;                ///< the pragma's ID: inferred1, inferred2, ...
  bool joint = false;            ///< a joint invariant (compare)
  bool acsl = false;             ///< an ACSL loop invariant (a program without MPI calls)
  model::SrcLoc specLoop;        ///< joint: the specification's loop (its pragma: `true`)
  size_t tried = 0;              ///< candidates lowered (type-correct)
  std::vector<std::string> kept; ///< the surviving conjunction's parts
  /// Not annotated: as a collective (joint) loop it violated the loops'
  /// structure (e.g. "CONFLICTING_LOOP_EXIT (process 1)": its processes
  /// leave on different iterations), so LISE executes it (houdini).
  std::string unannotated;
};

/// Candidates lowered into a program: candidate k (from 1) is the
/// annotation at line k of the pseudo-file "<inferred>".
struct CandidateSet {
  std::vector<InferredLoop> loops;
  std::vector<std::pair<size_t, std::string>> cands; ///< (loop, text) of candidate k+1
};

/// Adds every candidate of `loops` to `p` (a `collective invariant`, or a
/// `joint invariant` when `joint`, named `inferredK` with K counted in
/// `set.loops`); those that do not type-check are left out.
void addCandidates(model::Program& p, const std::vector<LoopCandidates>& loops, bool joint,
                   CandidateSet& set);

/// Compare (seed 004 §3): the candidates of joint invariants for the
/// implementation's loops without an invariant, paired in order with the
/// specification's: `spec` gets `joint invariant inferredK true` at its
/// k-th loop (added here), the result the implementation's candidates
/// (its own templates and relations to `spec.x`: counters one apart,
/// `x == spec.y`, `x * (i - c) == spec.y` for accumulators).
std::vector<LoopCandidates> jointCandidates(model::Program& spec, const model::Program& impl,
                                            size_t firstId);

/// The budget of the runs after a loop lost its annotation (houdini): saved
/// states, and the depth of the search (moves on one path) at which the
/// whole run stops (SearchOptions::stopAtMaxDepth). A loop over an
/// unbounded input meets the depth first, within seconds (each round
/// costs more: the path condition grows).
constexpr uint64_t kDropStates = 20000;
constexpr uint64_t kDropDepth = 1000;

/// How houdini asks for one run (verify or compare).
struct InferRun {
  /// Replay a possible violation concretely (confirmPossible; verify: and
  /// an undecided claim with small inputs, refuteSmall); false: the
  /// violation as found.
  bool confirm = false;
  /// Compare: instead of LISE, the bounded concrete run with the inputs of
  /// this result's violation (CompareOptions::replayOf).
  const SearchResult* replayOf = nullptr;
  /// The budget of the runs after a loop lost its annotation, whose loop
  /// may then not end (kDropStates, kDropDepth): false: none of its own.
  bool budget = false;
};

struct InferResult {
  SearchResult result; ///< of the final run (the proof with the kept invariants)
  std::vector<InferredLoop> loops;
  size_t rounds = 0;  ///< LISE runs (the last is the proof)
  double seconds = 0; ///< wall time of the whole inference
};

/// Houdini over the candidates of `set` in `p` (whose annotated loops are
/// normalized here): `run(p, how)` is one LISE run (verify or compare).
/// Input errors (a loop LISE cannot handle) are returned in `problems`
/// with an empty result.
///
/// A definite violation of the loops' structure (CONFLICTING_LOOP_EXIT,
/// COLLECTIVE_INCOMPLETE, OUT_OF_ORDER_ARRIVAL) located at an inferred
/// loop names no candidate: it comes from making the loop a collective
/// one. In compare (a joint loop, paired with the specification's) the
/// bounded concrete run with its inputs comes first: a violation there is
/// the verdict. Otherwise the loop loses its annotation (in compare on
/// both sides) and the inference goes on, every later run within
/// kDropStates saved states and kDropDepth moves on a path: a run the
/// budget stops (the loop, now
/// executed, may run for every value of an unbounded input) ends the
/// inference `unknown`, naming the loop.
InferResult houdini(model::Program& p, CandidateSet set,
                    const std::function<SearchResult(const model::Program&, const InferRun&)>& run,
                    std::vector<std::pair<model::SrcLoc, std::string>>& problems);

/// verify --infer-invariants: candidates of every loop of `p` without an
/// invariant, Houdini with `verify --lise`.
InferResult inferInvariants(model::Program& p, VerifyOptions opts,
                            std::vector<std::pair<model::SrcLoc, std::string>>& problems);

/// The budget of InferRun::budget in `so` (the smaller limits kept).
void withBudget(SearchOptions& so);

/// The pragma to paste before the loop: `#pragma TASS collective|joint
/// invariant ID e1 && e2 ...` (`true` when nothing survived), or for a
/// program without MPI calls `/*@ loop invariant e1 && e2 ...; */`.
std::string inferredPragma(const InferredLoop& l);

/// The inference's summary (loops, candidates tried and kept, runs, time)
/// and, per loop, "FILE:LINE:COL: loop in F (T tried, K kept):" followed by
/// its pragma.
void printInferred(std::ostream& os, const model::Program& p, const InferResult& r);

} // namespace chorus::search
