#include "chorus/search/Verify.h"

#include "chorus/exec/ProverOracle.h"

namespace chorus::search {

std::vector<bool> sendModes(DeadlockMode d) {
  std::vector<bool> modes;
  if (d != DeadlockMode::Potential)
    modes.push_back(false);
  if (d != DeadlockMode::Absolute)
    modes.push_back(true);
  return modes;
}

std::unique_ptr<exec::Oracle> makeOracle(sym::ExprFactory& f, bool useProver) {
  if (useProver)
    return std::make_unique<exec::ProverOracle>(f);
  return std::make_unique<exec::SimplifierOracle>(f);
}

SearchResult verify(const model::Program& p, const VerifyOptions& opts) {
  SearchResult total;
  total.verdict = Verdict::Verified;
  std::vector<bool> modes = sendModes(opts.deadlock);
  for (int n = opts.nLo; n <= opts.nHi; ++n) {
    for (bool sync : modes) {
      sym::ExprFactory factory;
      std::unique_ptr<exec::Oracle> oracle = makeOracle(factory, opts.useProver);
      exec::ExecOptions eo;
      eo.nprocs = n;
      eo.syncSends = sync;
      eo.inputs = opts.inputs;
      eo.dropDeadValues = opts.dropDeadValues;
      exec::Executor ex(p, factory, *oracle, eo);
      SearchResult r = search(ex, opts.search);
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
