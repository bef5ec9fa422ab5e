#include "chorus/search/Shorten.h"
#include "chorus/search/Steps.h"
#include "chorus/search/Verify.h"

#include <chrono>

namespace chorus::search {

SearchResult shortestTrace(const model::Program& p, const exec::ExecOptions& eo,
                           const SearchOptions& so, bool useProver, SearchResult r) {
  if (r.verdict != Verdict::Violation || !r.violation || !so.guide.empty() || r.possible)
    return r;
  auto t0 = std::chrono::steady_clock::now();
  if (r.traceNote.empty())
    r.traceNote = "trace of " + std::to_string(countSteps(r.trace)) + " steps (" +
                  std::to_string(r.trace.size()) + " moves)";
  if (so.cycleIsViolation || so.lise || r.violation->kind == check::ViolationKind::Nontermination) {
    r.traceNote += "; --shortest: minimality not proved (not supported " +
                   std::string(so.lise               ? "with --lise"
                               : so.cycleIsViolation ? "with --contract"
                                                     : "for NONTERMINATION") +
                   ")";
    return r;
  }
  // Every interleaving (no reduction, no chains: one move per step), and
  // every buffering of standard-mode sends in potential mode.
  SearchOptions b = so;
  b.por = false;
  b.chainMax = 0;
  b.cqmin = false;
  b.stateless = false;
  b.shorten = false;
  b.shortest = false;
  b.shortestOf = r.violation;
  b.shortestBelow = r.trace.size();
  exec::ExecOptions e = eo;
  e.mixedSends = eo.syncSends;
  SearchResult s;
  {
    sym::ExprFactory factory;
    std::unique_ptr<exec::Oracle> oracle = makeOracle(factory, useProver);
    exec::Executor ex(p, factory, *oracle, e);
    s = search(ex, b);
  }
  accumulate(r.stats, s.stats);
  size_t before = r.trace.size();
  std::string note;
  if (s.verdict == Verdict::Violation && s.violation && s.trace.size() < before) {
    // confirmed by replay, as every trace chorus prints
    SearchResult c = replaySteps(p, eo, so, useProver, s.trace);
    if (c.verdict == Verdict::Violation && c.violation &&
        sameViolation(*c.violation, *r.violation) && c.trace.size() <= s.trace.size()) {
      if (!r.traceBefore)
        r.traceBefore = before;
      r.trace = std::move(c.trace);
      r.violation = c.violation;
      if (!c.inputs.empty())
        r.inputs = std::move(c.inputs);
      note = "--shortest found " + std::to_string(r.trace.size()) + " moves (" +
             std::to_string(countSteps(r.trace)) + " steps, confirmed by replay)";
    } else {
      note = "--shortest found " + std::to_string(s.trace.size()) +
             " moves, but its replay did not confirm them: kept " + std::to_string(before);
      s.minimal = false;
    }
  } else
    note = "--shortest found none shorter";
  r.minimal = s.minimal;
  note += s.minimal ? "; minimum length " + std::to_string(r.trace.size()) +
                          " moves proved (every trace of fewer moves explored)"
                    : "; minimality not proved (" + s.reason + ")";
  r.traceNote += "; " + note;
  r.stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() -
                     s.stats.seconds;
  return r;
}

} // namespace chorus::search
