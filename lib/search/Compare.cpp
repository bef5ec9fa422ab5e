#include "chorus/search/Compare.h"

#include "chorus/search/Shorten.h"

namespace chorus::search {

SearchResult compare(const model::Program& p, const CompareOptions& opts) {
  std::optional<SearchResult> unknown;
  SearchResult total;
  total.verdict = Verdict::Verified;
  total.terminates = true; // (every run's, as in verify)
  std::vector<bool> modes = sendModes(opts.deadlock);
  SearchOptions all = opts.search;
  all.joint = true;
  for (int n = opts.nLo; n <= opts.nHi; ++n) {
    for (bool sync : modes) {
      SearchOptions so = withinRun(all, total.stats.seconds);
      exec::ExecOptions eo;
      eo.nprocs = opts.specProcs + n;
      eo.componentProcs = {opts.specProcs, n};
      eo.sequentialComponents = opts.sequential;
      eo.syncSends = sync;
      eo.inputs = opts.inputs;
      eo.overflowCheck = opts.overflowCheck;
      eo.ieeeFloat = opts.ieeeFloat;
      eo.ignore = so.ignore;
      eo.lise = so.lise;
      SearchResult r = opts.replayOf ? replayConcrete(p, eo, so, opts.useProver, *opts.replayOf)
                                     : searchSendMode(p, eo, so, opts.useProver);
      if (r.possible && opts.confirm)
        r = confirmPossible(p, eo, so, opts.useProver, std::move(r));
      if (opts.confirm)
        r = confirmRounding(p, eo, so, opts.useProver, std::move(r));
      r = finishTrace(p, eo, so, opts.useProver, std::move(r));
      accumulate(total.stats, r.stats);
      total.liseProofs += r.liseProofs;
      // As in verify: the absolute search verified the composition and no
      // send's mode depended on the deadlock mode, so the potential search
      // would explore the same states (sequential programs: no send at all).
      bool same = !sync && r.verdict == Verdict::Verified && !r.sendModeMatters;
      if (r.verdict == Verdict::Verified && total.terminates && !r.terminates) {
        total.terminates = false;
        total.terminationNote = r.terminationNote;
      }
      if (keepGoing(total, unknown, r))
        total.nprocs = n;
      else
        return r;
      if (same)
        break;
    }
  }
  SearchResult res = finishConfigurations(total, unknown);
  res.liseProofs = total.liseProofs;
  if (res.verdict == Verdict::Verified && total.liseProofs > 0)
    addNote(res.note, "all input sizes: loops under joint invariants proved by LISE, " +
                          std::to_string(total.liseProofs) + " loop records");
  return res;
}

} // namespace chorus::search
