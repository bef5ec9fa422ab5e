#include "chorus/search/Compare.h"

namespace chorus::search {

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
  std::vector<bool> modes = sendModes(opts.deadlock);
  SearchOptions so = opts.search;
  so.joint = true;
  for (int n = opts.nLo; n <= opts.nHi; ++n) {
    for (bool sync : modes) {
      sym::ExprFactory factory;
      std::unique_ptr<exec::Oracle> oracle = makeOracle(factory, opts.useProver);
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
