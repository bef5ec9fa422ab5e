#include "chorus/search/Verify.h"

#include "chorus/exec/ProverOracle.h"

namespace chorus::search {

SearchResult verify(const model::Program& p, const VerifyOptions& opts) {
  SearchResult total;
  total.verdict = Verdict::Verified;
  auto accumulate = [&](const SearchResult& r) {
    total.stats.statesSaved += r.stats.statesSaved;
    total.stats.statesMatched += r.stats.statesMatched;
    total.stats.transitions += r.stats.transitions;
    total.stats.maxDepth = std::max(total.stats.maxDepth, r.stats.maxDepth);
    total.stats.seconds += r.stats.seconds;
    total.stats.peakMemoryKB = r.stats.peakMemoryKB;
    for (const auto& [k, v] : r.stats.proverCalls) {
      bool found = false;
      for (auto& [k2, v2] : total.stats.proverCalls)
        if (k2 == k) {
          v2 += v;
          found = true;
        }
      if (!found)
        total.stats.proverCalls.emplace_back(k, v);
    }
  };
  std::vector<bool> modes;
  if (opts.deadlock != DeadlockMode::Potential)
    modes.push_back(false);
  if (opts.deadlock != DeadlockMode::Absolute)
    modes.push_back(true);
  for (int n = opts.nLo; n <= opts.nHi; ++n) {
    for (bool sync : modes) {
      sym::ExprFactory factory;
      std::unique_ptr<exec::Oracle> oracle;
      if (opts.useProver)
        oracle = std::make_unique<exec::ProverOracle>(factory);
      else
        oracle = std::make_unique<exec::SimplifierOracle>(factory);
      exec::ExecOptions eo;
      eo.nprocs = n;
      eo.syncSends = sync;
      eo.inputs = opts.inputs;
      eo.dropDeadValues = opts.dropDeadValues;
      exec::Executor ex(p, factory, *oracle, eo);
      SearchResult r = search(ex, opts.search);
      accumulate(r);
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
