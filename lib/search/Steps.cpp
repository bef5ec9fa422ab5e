// Steps of a printed trace (Steps.h).
#include "chorus/search/Steps.h"

namespace chorus::search {

std::vector<size_t> traceSteps(const std::vector<exec::Step>& trace) {
  std::vector<size_t> out(trace.size());
  size_t step = 0;
  for (size_t k = 0; k < trace.size(); ++k) {
    if (k > 0) {
      const exec::Step& prev = trace[k - 1];
      if (prev.shared || prev.proc != trace[k].proc || prev.thread != trace[k].thread)
        ++step;
    }
    out[k] = step;
  }
  return out;
}

size_t countSteps(const std::vector<exec::Step>& trace) {
  return trace.empty() ? 0 : traceSteps(trace).back() + 1;
}

namespace {

bool sameSnapshots(const exec::GlobalState& a, const exec::GlobalState& b) {
  if (a.snaps.size() != b.snaps.size())
    return false;
  for (size_t q = 0; q < a.snaps.size(); ++q)
    if (a.snaps[q].size() != b.snaps[q].size())
      return false;
  return true;
}

} // namespace

bool observable(const exec::GlobalState& before, const exec::Successor& sc, int p, bool safe) {
  const exec::GlobalState& after = sc.state;
  if (!safe || !sc.released.empty() || !sc.step.output.empty())
    return true;
  if (before.msgs.size() != after.msgs.size() || before.coll.kind != after.coll.kind ||
      before.coll.arrived != after.coll.arrived || !sameSnapshots(before, after) ||
      before.liseQueue.size() != after.liseQueue.size() ||
      before.liseStack.size() != after.liseStack.size() ||
      before.procs.size() != after.procs.size())
    return true;
  for (size_t q = 0; q < before.procs.size(); ++q)
    if (int(q) != p && before.procs[q] != after.procs[q])
      return true;
  // with threads: what the move may share with the process's other threads
  bool threads = !before.procs[p]->threads.empty() || !after.procs[p]->threads.empty();
  if (threads && sc.global)
    return true;
  for (const exec::Access& a : sc.accesses)
    if (a.sync || a.root.kind != state::RootKind::Local ||
        a.root.thread() != uint32_t(sc.step.thread))
      return true;
  return false;
}

} // namespace chorus::search
