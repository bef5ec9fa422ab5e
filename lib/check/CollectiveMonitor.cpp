#include "chorus/check/CollectiveMonitor.h"

#include "chorus/model/Compose.h"
#include "chorus/model/Printer.h"

namespace chorus::check {

using exec::Expr;

namespace {

/// "collective assertion", "joint invariant", ...
std::string noun(const model::CollectiveAnnot& a) {
  if (a.kind == model::CollectiveKind::Invariant)
    return a.joint ? "joint invariant" : "collective invariant";
  return "collective assertion"; // (joint ones too: over the composition)
}

ViolationKind failKind(const model::CollectiveAnnot& a) {
  return a.kind == model::CollectiveKind::Invariant ? ViolationKind::CollectiveInvariant
                                                    : ViolationKind::CollectiveAssertion;
}

} // namespace
using exec::GlobalState;
using state::Snapshot;

CollectiveMonitor::CollectiveMonitor(exec::Executor& ex, bool joint) : ex_(ex) {
  const model::Program& p = ex.program();
  composed_ = !p.components.empty();
  for (const model::CollectiveAnnot& a : p.collectives) {
    if (a.joint && !joint)
      continue;
    uint32_t id = 0;
    while (id < ids_.size() && ids_[id] != a.id)
      ++id;
    if (id == ids_.size())
      ids_.push_back(a.id);
    uint64_t key = (uint64_t(a.func) << 32) | a.at;
    auto it = byLoc_.find(key);
    if (it == byLoc_.end()) {
      it = byLoc_.emplace(key, uint32_t(alocs_.size())).first;
      alocs_.push_back(ALoc{id, {}, a.joint ? -1 : model::componentOfFunc(p, a.func)});
    }
    // a location belongs to one assertion (Def. 3): a second ID there is
    // checked as part of the first.
    alocs_[it->second].annots.push_back(&a);
  }
}

void CollectiveMonitor::init(GlobalState& s) const {
  if (active())
    s.snaps.assign(composed_ ? 2 * s.procs.size() : s.procs.size(), {});
}

void CollectiveMonitor::fail(ViolationKind k, const model::CollectiveAnnot& a, int proc,
                             const std::string& msg, Expr cond, exec::Step step, int thread) const {
  exec::ViolationError e;
  e.violation.kind = k;
  e.violation.loc = a.loc;
  e.violation.proc = proc;
  e.violation.thread = thread;
  e.violation.message = msg;
  e.condition = cond;
  e.step = std::move(step);
  throw e;
}

void CollectiveMonitor::after(const GlobalState&, exec::Successor& succ, int p, uint32_t stepNo) {
  GlobalState& s = succ.state;
  const state::ProcState* np = s.procs[p];
  // the moving thread (or the one a collective released): its snapshot is
  // queued in the process's stream, in the order its threads arrive
  const size_t thr = size_t(succ.step.thread);
  if (np->terminated() || s.snaps.empty() || thr >= np->numThreads() || np->stackOf(thr).empty())
    return;
  const state::Frame& top = np->stackOf(thr).back();
  if (!succ.arrived || exec::insideCall(*np, thr))
    return; // did not arrive anywhere (e.g. a phase of a blocking call, or
            // still inside one: it arrives when released)
  auto it = byLoc_.find((uint64_t(top.func) << 32) | top.loc);
  if (it == byLoc_.end())
    return;
  uint32_t al = it->second;
  // The processes the assertion is over and their queues (a composition:
  // joint assertions are over all processes, the others over their program's).
  int n = s.numProcs();
  int lo = 0, hi = n, qoff = 0;
  if (composed_ && alocs_[al].scope >= 0) {
    lo = ex_.componentBase(alocs_[al].scope);
    hi = lo + ex_.componentSize(alocs_[al].scope);
  } else if (composed_) {
    qoff = n;
  }
  auto& all = s.snaps;
  auto Q = [&](int j) -> std::vector<Snapshot>& { return all[qoff + j]; };
  Q(p).push_back(Snapshot{np, al, stepNo, uint32_t(thr)});
  // Def. 4 (1): the k-th assertion of every process is the same one.
  size_t k = Q(p).size() - 1;
  for (int j = lo; j < hi; ++j)
    if (j != p && Q(j).size() > k && alocs_[Q(j)[k].aloc].id != alocs_[al].id)
      fail(ViolationKind::CollectiveOrder, *alocs_[al].annots.front(), p,
           "collective assertions or invariants reached in different orders: process " +
               std::to_string(p) + " reached " + ids_[alocs_[al].id] + " where process " +
               std::to_string(j) + " reached " + ids_[alocs_[Q(j)[k].aloc].id],
           s.pc, succ.step, np->threads.empty() ? -1 : int(thr));
  for (int j = lo; j < hi; ++j)
    if (Q(j).empty())
      return;
  // Fig. 2 check(): dequeue one snapshot per process, evaluate the composite
  // (indexed by process; null for processes the assertion is not over).
  std::vector<Snapshot> heads(n);
  std::vector<const state::ProcState*> snaps(n, nullptr);
  std::vector<int> threads(n, 0);
  for (int j = lo; j < hi; ++j) {
    heads[j] = Q(j).front();
    snaps[j] = heads[j].ps;
    threads[j] = int(heads[j].thread);
    Q(j).erase(Q(j).begin());
  }
  // (a violation names the thread of a process that created threads)
  auto thrOf = [&](int j) { return snaps[j]->threads.empty() ? -1 : int(heads[j].thread); };
  const model::Program& P = ex_.program();
  sym::ExprFactory& f = ex_.values().factory();
  std::vector<Expr> conds(n);
  std::vector<std::vector<std::string>> reads(n);
  const model::CollectiveAnnot& first = *alocs_[heads[lo].aloc].annots.front();
  auto composite = [&](exec::Step st, const std::string& id) {
    st.effects.push_back("composite state of " + noun(first) + " " + id + ":");
    for (int j = lo; j < hi; ++j) {
      std::string line = "  process " + std::to_string(j) +
                         (heads[j].thread ? " thread " + std::to_string(heads[j].thread) : "") +
                         ": snapshot at move " + std::to_string(heads[j].step) + " (" +
                         P.where(alocs_[heads[j].aloc].annots.front()->loc) + ")";
      for (const std::string& r : reads[j])
        line += "; " + r;
      st.effects.push_back(line);
    }
    return st;
  };
  const std::string& id = ids_[alocs_[heads[lo].aloc].id];
  // Several pragmas at one location share a snapshot: their conjunction is
  // checked, and a failure names the pragma that fails.
  std::vector<std::vector<std::pair<const model::CollectiveAnnot*, Expr>>> parts(n);
  for (int j = lo; j < hi; ++j) {
    std::vector<Expr> cs;
    for (const model::CollectiveAnnot* a : alocs_[heads[j].aloc].annots) {
      const std::string& aid = a->id.empty() ? id : a->id;
      try {
        cs.push_back(ex_.evalAnnotation(snaps, j, s.pc, a->expr, a->loc, &reads[j], threads));
        parts[j].emplace_back(a, cs.back());
      } catch (const exec::ViolationError& e) {
        fail(failKind(*a), *a, j,
             noun(*a) + " " + aid + " cannot be evaluated: " + e.violation.message, e.condition,
             composite(succ.step, aid), thrOf(j));
      } catch (const exec::Unsupported& e) {
        ex_.noteUnchecked(noun(*a) + " " + aid + " at " + P.where(a->loc) + " (" + e.what() + ")");
      }
    }
    conds[j] = f.logicalAnd(cs);
  }
  for (int j = lo; j < hi; ++j) {
    if (exec::trivial(conds[j]))
      continue;
    exec::Answer a = conds[j]->isFalse() ? exec::Answer::No : ex_.oracle().valid(s.pc, conds[j]);
    if (a == exec::Answer::Yes)
      continue;
    const model::CollectiveAnnot* blamed = alocs_[heads[j].aloc].annots.front();
    Expr failing = conds[j];
    if (a == exec::Answer::No && parts[j].size() > 1)
      for (const auto& [pa, pc] : parts[j])
        if (!exec::trivial(pc) &&
            (pc->isFalse() || ex_.oracle().valid(s.pc, pc) == exec::Answer::No)) {
          blamed = pa;
          failing = pc;
          break;
        }
    const model::CollectiveAnnot& an = *blamed;
    const std::string& aid = an.id.empty() ? id : an.id;
    if (a == exec::Answer::No)
      fail(failKind(an), an, j,
           noun(an) + " " + aid + " of process " + std::to_string(j) + " ('" +
               model::toString(P, an.expr) + "') may fail",
           f.logicalAnd(s.pc, f.logicalNot(failing)), composite(succ.step, aid), thrOf(j));
    ex_.noteUndecided(std::string(kindName(failKind(an))) + ": " + aid + " of process " +
                      std::to_string(j) + " at " + P.where(an.loc));
    s.pc = f.logicalAnd(s.pc, conds[j]);
  }
}

void CollectiveMonitor::terminal(const GlobalState& s) const {
  size_t np = s.procs.size();
  for (size_t q = 0; q < s.snaps.size(); ++q)
    if (!s.snaps[q].empty()) {
      size_t j = q % np, off = q - j;
      const Snapshot& x = s.snaps[q].front();
      // The processes the assertion is over (in a composition: its program's
      // for a collective assertion, all for a joint one). Their queues are
      // dequeued together, so the head of every non-empty queue is this
      // assertion: exactly the processes with an empty queue never reached it.
      size_t lo = 0, hi = np;
      if (composed_ && alocs_[x.aloc].scope >= 0) {
        lo = size_t(ex_.componentBase(alocs_[x.aloc].scope));
        hi = lo + size_t(ex_.componentSize(alocs_[x.aloc].scope));
      }
      std::vector<size_t> missing;
      for (size_t i = lo; i < hi; ++i)
        if (s.snaps[off + i].empty())
          missing.push_back(i);
      std::string who;
      for (size_t k = 0; k < missing.size(); ++k)
        who += (k == 0                    ? ""
                : k + 1 == missing.size() ? " and "
                                          : ", ") +
               std::to_string(missing[k]);
      exec::Step st;
      st.proc = int(j);
      fail(ViolationKind::CollectiveIncomplete, *alocs_[x.aloc].annots.front(), int(j),
           "the program terminated while " + noun(*alocs_[x.aloc].annots.front()) + " " +
               ids_[alocs_[x.aloc].id] + " was reached by process " + std::to_string(j) +
               " (snapshot at move " + std::to_string(x.step) + ") but not by process" +
               (missing.size() == 1 ? " " : "es ") + who + " (" + std::to_string(missing.size()) +
               " of the " + std::to_string(hi - lo) + " processes it is over)",
           s.pc, st);
    }
}

} // namespace chorus::check
