// `chorus verify`: the search for every process count of a range, in
// absolute-deadlock mode (every standard-mode send buffered: infinite
// buffering) and then in potential-deadlock mode (each standard-mode send
// buffered or synchronous, a choice per send: every buffering an MPI
// implementation may choose, MPI 3.1 §3.4).
#pragma once

#include "chorus/model/Program.h"
#include "chorus/search/Search.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chorus::search {

enum class DeadlockMode { Absolute, Potential, Both };

struct VerifyOptions {
  int nLo = 1, nHi = 1;
  DeadlockMode deadlock = DeadlockMode::Both;
  std::map<std::string, std::string> inputs;
  SearchOptions search;
  bool useProver = true;       ///< false: only the internal simplifier (tests)
  bool dropDeadValues = true;  ///< dead variables dropped from state keys (--keep-dead-values)
  bool packArrays = true;      ///< large integer arrays packed (--no-packed-arrays)
  bool fastMoves = true;       ///< fast moves in chains (--no-fast-moves, ExecOptions)
  bool checkFastMoves = false; ///< --check-fast-moves (ExecOptions)
  bool allowActiveRequestFree = false; ///< --allow-active-request-free (ExecOptions)
  bool overflowCheck = true;           ///< false: --no-overflow-check (ExecOptions)
  bool ieeeFloat = true;               ///< false: --float real (ExecOptions)
  /// main's arguments (ExecOptions): `-- ARGS`, --max-args, --max-arg-length
  std::optional<std::vector<std::string>> programArgs;
  std::string programName = "prog";
  int maxArgs = 3;
  int maxArgLength = 4;
  /// --env NAME=VALUE / --env NAME (ExecOptions::env)
  std::map<std::string, std::optional<std::string>> env;
  /// --stdin FILE (ExecOptions::stdinFile)
  std::optional<std::string> stdinFile;
  /// `--contract f`: the driver P^f (ExecOptions::contract); a cycle of
  /// states is then a violation (NONTERMINATION).
  const model::ContractDriver* contract = nullptr;
  /// --lise: a possible violation is replayed concretely (confirmPossible);
  /// false: returned as found (the rounds of invariant inference, Infer.h).
  bool confirm = true;
};

/// --lise: normalizes the annotated loops (one head, two guarded exits)
/// and returns those LISE still cannot handle (location, message); the
/// driver reports them as input errors (lib/check/LiseMonitor.h).
std::vector<std::pair<model::SrcLoc, std::string>> liseProblems(model::Program& p);

/// --lise: a possible violation (SearchResult::possible, found from
/// havocked values) is replayed as an ordinary bounded search of the same
/// configuration with the counterexample's input values fixed (the inputs
/// the user did not fix). A violation found there is definite: it is
/// returned (its concrete trace), its message saying that it confirms the
/// LISE one. Otherwise `r` is returned, its message saying that the replay
/// reached no violation or was inconclusive (and why).
SearchResult confirmPossible(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                             bool useProver, SearchResult r);

/// --infer-invariants (compare): the bounded concrete run (no LISE) of the
/// configuration of `eo` with the inputs of `r`'s definite violation the
/// user did not fix, as confirmPossible runs it. Its result is returned
/// whatever it is: a violation's message says which --lise violation it
/// replayed; a verified or unknown run's reason says what it ran.
SearchResult replayConcrete(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                            bool useProver, const SearchResult& r);

/// --float ieee: an unknown because a violation depends on a rounding of
/// symbolic floating values (SearchResult::roundingCounterexample) is
/// replayed as an ordinary bounded search with the prover's input values
/// fixed (rounded to their types: every value is then concrete and every
/// rounding computed). A violation found there is definite and returned,
/// its message saying so; otherwise `r`, its reason saying that the run
/// reached no violation or was inconclusive.
SearchResult confirmRounding(const model::Program& p, const exec::ExecOptions& eo,
                             const SearchOptions& so, bool useProver, SearchResult r);

/// --lise ended unknown after a complete search (a claim the prover could
/// not decide): ordinary bounded searches of the same configuration with
/// the integer inputs the user did not fix set to small values (every
/// assignment of 0..3 that meets the input conditions, smallest first; at
/// most 20 s, 20,000 states each). The first violation found is definite
/// and returned (its message naming the inputs and why --lise was
/// unknown); otherwise `r`, its reason saying how many runs found none.
/// Matrix's transposed sum (examples/loops/matrix.c -DWRONG): z3 builds
/// no model for the quantified inductive step, a run with N = 2 breaks
/// the inner invariant.
SearchResult refuteSmall(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                         bool useProver, SearchResult r);

/// Runs the searches; stops at the first violation or unknown. Statistics
/// are summed over the runs.
SearchResult verify(const model::Program& p, const VerifyOptions& opts);

/// The send modes the runs of `d` use, in order: buffered (false) for
/// absolute deadlock, then synchronous (true) for potential deadlock.
std::vector<bool> sendModes(DeadlockMode d);
/// The loop over configurations (process counts, send modes) of verify and
/// compare: whether to go on after run `r` (verified, or unknown after a
/// complete search: remembered in `unknown`, a later configuration may
/// still find a violation); `r` gets the statistics so far.
bool keepGoing(SearchResult& total, std::optional<SearchResult>& unknown, SearchResult& r);
/// The result after the last configuration: `total`, or the first unknown.
SearchResult finishConfigurations(SearchResult total, const std::optional<SearchResult>& unknown);
/// `--time-limit` bounds the whole run: the options of the next
/// configuration, whose time limit is what is left of the run's after
/// `spentSeconds` (at least a moment: that search then ends unknown at once).
SearchOptions withinRun(const SearchOptions& so, double spentSeconds);
/// The oracle of one run: the prover chain, or only the simplifier.
std::unique_ptr<exec::Oracle> makeOracle(sym::ExprFactory& f, bool useProver);
/// The search of one send mode (eo.syncSends). Potential mode: first with
/// every standard-mode send synchronous, abandoned at the first operation
/// whose outcome depends on timing; when there was one, again with mixed
/// buffering (each standard-mode send buffered or synchronous). A program
/// without such operations is deterministic, and then the synchronous run
/// alone decides (lib/exec/DESIGN-NOTES.md, "Mixed buffering"). Replay
/// (so.guide) runs the mixed search only.
SearchResult searchSendMode(const model::Program& p, exec::ExecOptions eo, const SearchOptions& so,
                            bool useProver);

} // namespace chorus::search
