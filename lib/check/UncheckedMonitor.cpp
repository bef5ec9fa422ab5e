#include "chorus/check/UncheckedMonitor.h"

namespace chorus::check {

UncheckedMonitor::UncheckedMonitor(exec::Executor& ex, bool collectives, bool joint) : ex_(ex) {
  const model::Program& P = ex.program();
  // (parallel assertions are checked by lib/exec/threads, except in a
  // composition of two programs)
  if (!P.components.empty())
    for (const model::ParallelAssert& a : P.passerts)
      at_.emplace((uint64_t(a.func) << 32) | a.begin,
                  "the parallel assertion 'thru { ... } passert' at " + P.where(a.loc) +
                      " (parallel assertions are not checked by compare)");
  if (collectives)
    for (const model::CollectiveAnnot& a : P.collectives)
      if (!a.joint || joint)
        at_.emplace((uint64_t(a.func) << 32) | a.at,
                    std::string(a.joint ? "joint " : "collective ") +
                        (a.kind == model::CollectiveKind::Invariant ? "invariant " : "assertion ") +
                        a.id + " at " + P.where(a.loc) + " (--no-collective)");
}

void UncheckedMonitor::after(const exec::Successor& succ, int p) {
  const state::ProcState* ps = succ.state.procs[p];
  // (the thread that moved: lib/exec/threads)
  size_t t = size_t(succ.step.thread);
  if (!succ.arrived || exec::insideCall(*ps) || t >= ps->numThreads() || ps->stackOf(t).empty())
    return;
  const state::Frame& top = ps->stackOf(t).back();
  auto [b, e] = at_.equal_range((uint64_t(top.func) << 32) | top.loc);
  for (auto it = b; it != e; ++it)
    ex_.noteUnchecked(it->second);
}

} // namespace chorus::check
