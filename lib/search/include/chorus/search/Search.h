// Depth-first search of the state space with a store of seen canonical
// states (or stateless), the urgent partial-order reduction, limits and
// statistics. Property checks live in the executor (safety checks during
// moves) and here (deadlock, leaks found by canonicalization).
#pragma once

#include "chorus/check/Violation.h"
#include "chorus/exec/Executor.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chorus::search {

struct SearchOptions {
  bool stateless = false;
  bool por = true;
  /// Dynamic partial-order reduction among threads (lib/search/Dpor.h):
  /// for a one-process program that creates threads (without parallel
  /// assertions, contracts, loop annotations or collective assertions; not
  /// for --shortest, which matches states by depth), a
  /// stateful search with DPOR and per-state summaries (the moves reachable
  /// below a visited state stand in for its subtree when the state is
  /// matched; the states of a cycle are fully expanded). On by default
  /// (`--no-dpor`: the local-move reduction alone): DESIGN-NOTES "Stateful
  /// DPOR" has the measurements that decided it.
  bool dpor = true;
  /// With `dpor`: the stateless DPOR with sleep sets (no state matching,
  /// `--dpor-stateless`) instead of the stateful one.
  bool dporStateless = false;
  /// With `dpor`: after a DPOR run that verified the program, termination
  /// is checked by a search with the local-move reduction (SearchResult::
  /// terminates; `--no-dpor-termination` turns it off).
  bool dporTermination = true;
  /// Chains of moves (lib/search/Search.cpp, Dfs::follow): with the POR, a
  /// run of states where the reduced expansion is one move is one
  /// transition, its states not saved; a chain is cut after this many moves
  /// (so that an endless loop returns to saved states). 0: no chains (every
  /// state saved, as without them).
  uint64_t chainMax = 4096;
  uint64_t maxStates = 0; ///< 0: no limit
  uint64_t maxDepth = 0;  ///< 0: no limit
  /// With maxDepth: the first state beyond it ends the search (unknown,
  /// "max-depth reached", with the growing loop named when there is one),
  /// not only its branch (--infer-invariants: a loop that lost its
  /// annotation may run for every value of an unbounded input).
  bool stopAtMaxDepth = false;
  double timeLimit = 0;       ///< seconds, 0: no limit
  uint64_t memoryLimitMB = 0; ///< 0: 80% of physical memory (defaultMemoryLimitMB)
  bool progress = false;      ///< progress line on stderr every second
  /// Replay (`chorus replay`): when non-empty, the search follows these
  /// steps instead of exploring: at depth k only the move of guide[k].proc
  /// with the same statement and choice is taken (no POR, no state
  /// matching). A step that matches no move ends the search with verdict
  /// unknown and a reason starting "replay:"; after the last step the state
  /// is checked once more (deadlock, termination) and the search stops.
  std::vector<exec::Step> guide;
  /// Loose replay (lib/search/Shorten.cpp): a guide step whose recorded
  /// move (same effects) is not there branches over every move with its
  /// statement (e.g. the messages a wildcard receive may match instead); a
  /// step that matches nothing, or the end of the guide, ends the branch
  /// rather than the search; with shortestOf, other violations end their
  /// branch too.
  bool guideLoose = false;
  /// Replay of a NONTERMINATION trace (its "cycleStart", 0-based here):
  /// the last step of the guide must return to the state before step
  /// guideCycleStart, and the cycle be fair (FairCycle.h): then the replay
  /// ends with NONTERMINATION. SIZE_MAX: not such a trace.
  size_t guideCycleStart = SIZE_MAX;
  bool collective = true; ///< check collective assertions (seed 000)
  bool joint = false;     ///< also `joint` assertions (comparison)
  bool cqmin = false;     ///< CQMin: urgent process with the shortest snapshot queue
  /// Loop-invariant symbolic execution (--lise, lib/check/LiseMonitor.h):
  /// loops under a collective or ACSL loop invariant are executed once from
  /// a havoc of what they write; collective assertions share its queue.
  bool lise = false;
  /// --lise-lag K: states whose LISE queue holds more than K records (a
  /// process K iterations ahead of another) are not expanded: the verdict
  /// is then at best unknown. 0: no bound.
  uint64_t liseLag = 6;
  /// Record the standard output of the first execution that terminates
  /// (SearchResult::output), e.g. to compare it with a native run.
  bool captureOutput = false;
  /// Stop (SearchResult::abandoned) once a move executed an operation whose
  /// outcome depends on timing (Executor::sawNondeterminism), or a move
  /// closed a cycle (lib/search/Verify.cpp, searchSendMode).
  bool abandonOnNondeterminism = false;
  /// Violations of these kinds (--ignore) are not reported: the state where
  /// one occurs is not expanded further and the search goes on; a search
  /// that meets one and finds nothing else ends unknown, naming it.
  std::vector<check::ViolationKind> ignore;
  /// A move back to a state on the search stack is a violation
  /// (NONTERMINATION): `verify --contract` (seed 002 Def. 2.6, total
  /// correctness). Otherwise (plain verify) such a move is NONTERMINATION
  /// when the cycle it closes is fair (lib/search/FairCycle.h), except
  /// with --lise (its havoc is an abstraction), in replay and --shortest.
  bool cycleIsViolation = false;
  /// Counterexample shortening (Shorten.h, shortenTrace): on by default,
  /// off with --no-shorten.
  bool shorten = true;
  /// --shortest (Shorten.h, shortestTrace): a trace of minimum length.
  bool shortest = false;
  /// The search of --shortest (Shorten.h): when set, only this violation
  /// (sameViolation) counts, with a trace shorter than `shortestBelow`
  /// steps; others end their branch. Without reduction and chains, states
  /// matched with their depth; SearchResult::minimal when exhausted.
  std::optional<check::Violation> shortestOf;
  size_t shortestBelow = 0;
};

struct Stats {
  uint64_t statesSaved = 0;
  uint64_t statesMatched = 0;
  uint64_t transitions = 0;
  uint64_t maxDepth = 0;
  /// Expanded states with no move to explore: the ends of the executions
  /// explored (terminated, or every move asleep under the DPOR).
  uint64_t executions = 0;
  double seconds = 0;
  uint64_t peakMemoryKB = 0;
  std::vector<std::pair<std::string, uint64_t>> proverCalls;
};

enum class Verdict { Verified, Violation, Unknown };

struct SearchResult {
  Verdict verdict = Verdict::Verified;
  std::optional<check::Violation> violation;
  std::vector<exec::Step> trace;
  std::vector<std::pair<std::string, std::string>> inputs; ///< a concrete input assignment
  std::string reason;                                      ///< why unknown
  /// Unknown although the search explored every state: only annotations it
  /// does not check or obligations the prover could not decide stand in
  /// the way (a later configuration may still find a violation).
  bool complete = false;
  int nprocs = 0;
  bool potentialMode = false;
  /// With SearchOptions::captureOutput: what the processes of the first
  /// execution that reached termination printed, in the order of its steps.
  std::optional<std::string> output;
  bool abandoned = false; ///< stopped by SearchOptions::abandonOnNondeterminism
  /// The reduction among threads the verdict rests on: "dpor", "local
  /// moves" (after a DPOR run met a cycle, "local moves (DPOR: a cycle)"),
  /// or "" (no threads, or no reduction).
  std::string threadReduction;
  bool dporCycle = false; ///< the DPOR run met a cycle (SearchOptions::dpor)
  /// Exec::sendModeMatters of the run: some send's mode depends on the
  /// deadlock mode (absolute: buffered; potential: possibly synchronous).
  bool sendModeMatters = false;
  /// --lise: loop records completed (base cases and inductive steps proved).
  uint64_t liseProofs = 0;
  /// --lise: the violation was found from havocked values (a path that
  /// dropped path-condition conjuncts): no run may reach it
  /// (confirmPossible() replays it concretely).
  bool possible = false;
  /// --float ieee: unknown because a violation depends on a rounding of
  /// symbolic floating values; `inputs` holds the prover's counterexample
  /// (confirmRounding() replays it concretely).
  bool roundingCounterexample = false;
  /// The trace was shortened (Shorten.h): its length before; 0: it was not.
  size_t traceBefore = 0;
  /// What shortening and --shortest say about the trace (printed with it),
  /// e.g. "shortened from 346 to 218 steps, confirmed by replay".
  std::string traceNote;
  /// --shortest: no trace to the same violation is shorter (proved by an
  /// exhausted search).
  bool minimal = false;
  /// NONTERMINATION: the index in `trace` of the first move of the cycle
  /// (its last move returns to the state before it); SIZE_MAX: none.
  size_t cycleStart = SIZE_MAX;
  /// Plain verify with state matching: the explored state graph has no
  /// fair cycle, so every explored execution terminates (said with a
  /// `verified` verdict; lib/exec/DESIGN-NOTES.md "Termination: fair
  /// components"). Else `terminationNote` says why it is not promised.
  bool terminates = false;
  std::string terminationNote;
  /// Said after the verdict "verified" (e.g. "all input sizes: ...").
  std::string note;
  /// What a `verified` verdict assumes (Executor::assumptions), said after
  /// the note.
  std::string assumed;
  Stats stats;
};

/// Appends `part` to a verdict's note ("; " between parts), unless it is
/// there already.
void addNote(std::string& note, const std::string& part);

/// Explores all states reachable from ex.initial().
SearchResult search(exec::Executor& ex, const SearchOptions& opts);

/// Adds the statistics of one run to `total`: counts and times summed,
/// depth and memory the maximum, prover calls summed by prover.
void accumulate(Stats& total, const Stats& run);

/// Peak resident memory of this process in KB (getrusage).
uint64_t peakMemoryKB();
/// The memory limit when none is given: 80% of physical memory, in MB.
uint64_t defaultMemoryLimitMB();

} // namespace chorus::search
