#include "chorus/search/Compare.h"

#include "chorus/exec/ProverOracle.h"

namespace chorus::search {

namespace {
void accumulate(Stats& total, const Stats& r) {
  total.statesSaved += r.statesSaved;
  total.statesMatched += r.statesMatched;
  total.transitions += r.transitions;
  total.maxDepth = std::max(total.maxDepth, r.maxDepth);
  total.seconds += r.seconds;
  total.peakMemoryKB = std::max(total.peakMemoryKB, r.peakMemoryKB);
  for (const auto& [k, v] : r.proverCalls) {
    bool found = false;
    for (auto& [k2, v2] : total.proverCalls)
      if (k2 == k) {
        v2 += v;
        found = true;
      }
    if (!found)
      total.proverCalls.emplace_back(k, v);
  }
}
} // namespace

SearchResult compare(const model::Program& p, const CompareOptions& opts) {
  SearchResult total;
  total.verdict = Verdict::Verified;
  if (opts.search.collective)
    for (const model::CollectiveAnnot& a : p.collectives)
      if (a.joint && a.kind == model::CollectiveKind::Invariant) {
        total.verdict = Verdict::Unknown;
        total.reason = "unsupported: joint invariant " + a.id + " at " + p.where(a.loc) +
                       " (collective loop invariants are not checked by compare)";
        return total;
      }
  std::vector<bool> modes;
  if (opts.deadlock != DeadlockMode::Potential)
    modes.push_back(false);
  if (opts.deadlock != DeadlockMode::Absolute)
    modes.push_back(true);
  SearchOptions so = opts.search;
  so.joint = true;
  for (int n = opts.nLo; n <= opts.nHi; ++n) {
    for (bool sync : modes) {
      sym::ExprFactory factory;
      std::unique_ptr<exec::Oracle> oracle;
      if (opts.useProver)
        oracle = std::make_unique<exec::ProverOracle>(factory);
      else
        oracle = std::make_unique<exec::SimplifierOracle>(factory);
      exec::ExecOptions eo;
      eo.nprocs = opts.specProcs + n;
      eo.componentProcs = {opts.specProcs, n};
      eo.sequentialComponents = opts.sequential;
      eo.syncSends = sync;
      eo.inputs = opts.inputs;
      exec::Executor ex(p, factory, *oracle, eo);
      SearchResult r = search(ex, so);
      accumulate(total.stats, r.stats);
      if (r.verdict != Verdict::Verified) {
        r.stats = total.stats;
        return r;
      }
      total.nprocs = n;
    }
  }
  return total;
}

} // namespace chorus::search
