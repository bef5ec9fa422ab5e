// Short counterexamples (issue 14): after a violation is found, its trace is
// shortened by dropping the moves that are not in the causal past of the
// violation, each candidate confirmed by replaying it with the engine; and
// `--shortest` looks for a trace of minimum length (lib/search/Shortest.cpp).
// lib/exec/DESIGN-NOTES.md, "Short counterexamples", explains both.
#pragma once

#include "chorus/exec/Executor.h"
#include "chorus/model/Program.h"
#include "chorus/search/Search.h"

#include <vector>

namespace chorus::search {

/// The same violation: kind, location, process, thread and message (for a
/// deadlock the same processes blocked in the same calls, for a data race
/// the same other access).
bool sameViolation(const check::Violation& a, const check::Violation& b);

/// Replays `steps` in the configuration (eo, so) as `chorus replay` does
/// (SearchOptions::guide; potential mode with mixed buffering).
SearchResult replaySteps(const model::Program& p, const exec::ExecOptions& eo,
                         const SearchOptions& so, bool useProver,
                         const std::vector<exec::Step>& steps);

/// Shortens the trace of the violation `r` found in the configuration
/// (eo, so): per unit of execution (a process, or a thread of one), only a
/// prefix of its moves is kept, in the original order, the prefixes made as
/// short as replays allow (first each unit dropped whole, then a binary
/// search per unit). A candidate is kept only when its replay reaches the
/// same violation (sameViolation); the result is then the replay's (its
/// trace, message and inputs), SearchResult::traceBefore the original
/// length. Otherwise, or with so.shorten off, in a replay (so.guide) or
/// after the time budget, `r` as it was, never an unconfirmed trace.
SearchResult shortenTrace(const model::Program& p, const exec::ExecOptions& eo,
                          const SearchOptions& so, bool useProver, SearchResult r);

/// `--shortest`: a trace of minimum length to the same violation as `r`
/// (found in the configuration (eo, so), its trace shortened): a depth-first
/// branch-and-bound search without reduction and chains, states matched
/// with the depth they were reached at, the bound lowered by every shorter
/// trace to the same violation, each confirmed by replay. Within the time
/// and memory limits the bound is proved (SearchResult::traceNote says
/// so); otherwise the note says that minimality was not proved and the
/// shortest trace found is kept.
SearchResult shortestTrace(const model::Program& p, const exec::ExecOptions& eo,
                           const SearchOptions& so, bool useProver, SearchResult r);

/// Both, as verify and compare call them after a violation: shortenTrace,
/// then shortestTrace when so.shortest.
SearchResult finishTrace(const model::Program& p, const exec::ExecOptions& eo,
                         const SearchOptions& so, bool useProver, SearchResult r);

} // namespace chorus::search
