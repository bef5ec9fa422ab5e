// `chorus compare`: comparative verification (seed 001 §4, seed 000 §4.2) of
// a composition (model::compose): the specification with a fixed number of
// processes and the implementation with each count of a range, run in
// parallel (one system of M+N processes that never communicate across) or
// sequentially (the specification first), with the joint assertions and the
// output comparison at termination.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/search/Verify.h"

namespace chorus::search {

struct CompareOptions {
  int specProcs = 1;
  int nLo = 1, nHi = 1; ///< implementation process counts
  bool sequential = false;
  DeadlockMode deadlock = DeadlockMode::Both;
  std::map<std::string, std::string> inputs;
  SearchOptions search;
  bool useProver = true;
  bool overflowCheck = true; ///< false: --no-overflow-check (ExecOptions)
  bool ieeeFloat = true;     ///< false: --float real (ExecOptions)
  /// --lise: a possible violation is replayed concretely (confirmPossible);
  /// false: returned as found (the rounds of invariant inference, Infer.h).
  bool confirm = true;
  /// --infer-invariants: instead of the --lise search, the bounded concrete
  /// run with the inputs of this result's violation (replayConcrete),
  /// whatever that run gives: a structural violation at an inferred joint
  /// loop names chorus's pairing of the loops, not the programs.
  const SearchResult* replayOf = nullptr;
};

/// Runs the searches; stops at the first violation or unknown. A `joint
/// invariant` (not supported) makes the verdict unknown, naming it.
SearchResult compare(const model::Program& composed, const CompareOptions& opts);

} // namespace chorus::search
