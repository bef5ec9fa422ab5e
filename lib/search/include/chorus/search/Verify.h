// `chorus verify`: the search for every process count of a range, in
// absolute-deadlock mode (buffered sends, all safety properties) and then in
// potential-deadlock mode (synchronous standard-mode sends).
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
  bool useProver = true;      ///< false: only the internal simplifier (tests)
  bool dropDeadValues = true; ///< dead variables dropped from state keys (--keep-dead-values)
  bool allowActiveRequestFree = false; ///< --allow-active-request-free (ExecOptions)
};

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
bool keepGoing(const SearchResult& total, std::optional<SearchResult>& unknown, SearchResult& r);
/// The result after the last configuration: `total`, or the first unknown.
SearchResult finishConfigurations(SearchResult total, const std::optional<SearchResult>& unknown);
/// The oracle of one run: the prover chain, or only the simplifier.
std::unique_ptr<exec::Oracle> makeOracle(sym::ExprFactory& f, bool useProver);

} // namespace chorus::search
