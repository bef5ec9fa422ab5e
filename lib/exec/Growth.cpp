// Executor::growth: what changes between two states at the same control
// point (a loop that never repeats a state: the diagnosis of an `unknown`
// by a limit, lib/exec/DESIGN-NOTES.md "Termination: fair components").
#include "ExecutorImpl.h"

#include <set>

namespace chorus::exec {

namespace {

bool sameControl(const std::vector<state::Frame>& a, const std::vector<state::Frame>& b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].func != b[i].func || a[i].loc != b[i].loc || a[i].resumePhase != b[i].resumePhase)
      return false;
  return true;
}

} // namespace

std::vector<std::string> Executor::growth(const GlobalState& a, const GlobalState& b,
                                          model::SrcLoc* loc, int* proc) {
  std::vector<std::string> out;
  if (a.procs.size() != b.procs.size())
    return out;
  // the same control point: every process and thread at the same locations
  for (size_t q = 0; q < a.procs.size(); ++q) {
    const state::ProcState& x = *a.procs[q];
    const state::ProcState& y = *b.procs[q];
    if (&x == &y)
      continue;
    if (!sameControl(x.stack, y.stack) || x.callPhase != y.callPhase ||
        x.threads.size() != y.threads.size() || x.mpi != y.mpi || x.syncDest != y.syncDest ||
        x.collWait != y.collWait)
      return {};
    for (size_t t = 0; t < x.threads.size(); ++t)
      if (!sameControl(x.threads[t].stack, y.threads[t].stack) ||
          x.threads[t].status != y.threads[t].status ||
          x.threads[t].callPhase != y.threads[t].callPhase)
        return {};
  }
  std::set<std::string> seen;
  auto add = [&](const std::string& what, size_t q, const std::vector<state::Frame>* st) {
    if (!seen.insert(what).second)
      return;
    out.push_back(what);
    if (out.size() == 1) {
      if (proc)
        *proc = int(q);
      if (loc && st && !st->empty()) {
        const state::Frame& fr = st->back();
        const model::Function& fn = prog_.func(fr.func);
        if (fr.loc < fn.locs.size())
          *loc = fn.locs[fr.loc].loc;
      }
    }
  };
  for (size_t q = 0; q < a.procs.size(); ++q) {
    const state::ProcState& x = *a.procs[q];
    const state::ProcState& y = *b.procs[q];
    if (&x == &y)
      continue;
    std::string of = " (process " + std::to_string(q) + ")";
    auto frames = [&](const std::vector<state::Frame>& fx, const std::vector<state::Frame>& fy) {
      for (size_t i = 0; i < fx.size(); ++i) {
        const auto& slots = impl_->slotVar[fx[i].func];
        for (size_t k = 0; k < fx[i].slots.size() && k < fy[i].slots.size(); ++k)
          if (fx[i].slots[k] != fy[i].slots[k])
            add((k < slots.size() ? prog_.var(slots[k]).name : "a local") + of, q, &fx);
      }
    };
    frames(x.stack, y.stack);
    for (size_t t = 0; t < x.threads.size(); ++t)
      frames(x.threads[t].stack, y.threads[t].stack);
    for (size_t g = 0; g < x.globals.size() && g < y.globals.size(); ++g)
      if (x.globalValue(g, f_) != y.globalValue(g, f_))
        add(prog_.var(prog_.globals[g]).name + of, q, &x.stack);
    bool heapSame = x.heap.size() == y.heap.size();
    for (size_t h = 0; heapSame && h < x.heap.size(); ++h)
      heapSame = x.heap[h].value == y.heap[h].value && x.heap[h].freed == y.heap[h].freed &&
                 x.heap[h].bytes == y.heap[h].bytes;
    if (!heapSame)
      add("the heap" + of, q, &x.stack);
    if (x.mpiObj != y.mpiObj)
      add("the MPI requests and objects" + of, q, &x.stack);
    if (x.libObj != y.libObj)
      add("the C library's state" + of, q, &x.stack);
  }
  if (a.pc != b.pc)
    add("the path condition", 0, nullptr);
  bool msgsSame = a.msgs.size() == b.msgs.size();
  for (auto i = a.msgs.begin(), j = b.msgs.begin(); msgsSame && i != a.msgs.end(); ++i, ++j)
    msgsSame = *i == *j;
  if (!msgsSame)
    add("the messages in transit", 0, nullptr);
  return out;
}

} // namespace chorus::exec
