#include "chorus/check/CollectiveMonitor.h"

#include "chorus/model/Printer.h"

namespace chorus::check {

using exec::Expr;
using exec::GlobalState;
using state::Snapshot;

CollectiveMonitor::CollectiveMonitor(exec::Executor& ex, bool joint) : ex_(ex) {
  const model::Program& p = ex.program();
  for (const model::CollectiveAnnot& a : p.collectives) {
    if (a.kind != model::CollectiveKind::Assert || (a.joint && !joint))
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
      alocs_.push_back(ALoc{id, {}});
    }
    // a location belongs to one assertion (Def. 3): a second ID there is
    // checked as part of the first.
    alocs_[it->second].annots.push_back(&a);
  }
}

void CollectiveMonitor::init(GlobalState& s) const {
  if (active())
    s.snaps.assign(s.procs.size(), {});
}

void CollectiveMonitor::fail(ViolationKind k, const model::CollectiveAnnot& a, int proc,
                             const std::string& msg, Expr cond, exec::Step step) const {
  exec::ViolationError e;
  e.violation.kind = k;
  e.violation.loc = a.loc;
  e.violation.proc = proc;
  e.violation.message = msg;
  e.condition = cond;
  e.step = std::move(step);
  throw e;
}

void CollectiveMonitor::after(const GlobalState& from, exec::Successor& succ, int p,
                              uint32_t stepNo) {
  GlobalState& s = succ.state;
  const state::ProcState* np = s.procs[p];
  const state::ProcState* op = from.procs[p];
  if (np == op || np->stack.empty() || s.snaps.empty())
    return;
  const state::Frame& top = np->stack.back();
  if (!op->stack.empty()) {
    const state::Frame& old = op->stack.back();
    if (op->stack.size() == np->stack.size() && old.loc == top.loc && old.func == top.func)
      return; // did not arrive anywhere (e.g. a phase of a blocking call)
  }
  auto it = byLoc_.find((uint64_t(top.func) << 32) | top.loc);
  if (it == byLoc_.end())
    return;
  uint32_t al = it->second;
  auto& qs = s.snaps;
  qs[p].push_back(Snapshot{np, al, stepNo});
  // Def. 4 (1): the k-th assertion of every process is the same one.
  size_t k = qs[p].size() - 1;
  for (size_t j = 0; j < qs.size(); ++j)
    if (int(j) != p && qs[j].size() > k && alocs_[qs[j][k].aloc].id != alocs_[al].id)
      fail(ViolationKind::CollectiveOrder, *alocs_[al].annots.front(), p,
           "collective assertions reached in different orders: process " + std::to_string(p) +
               " reached " + ids_[alocs_[al].id] + " where process " + std::to_string(j) +
               " reached " + ids_[alocs_[qs[j][k].aloc].id],
           s.pc, succ.step);
  for (const auto& q : qs)
    if (q.empty())
      return;
  // Fig. 2 check(): dequeue one snapshot per process, evaluate the composite.
  int n = int(qs.size());
  std::vector<Snapshot> heads(n);
  std::vector<const state::ProcState*> snaps(n);
  for (int j = 0; j < n; ++j) {
    heads[j] = qs[j].front();
    snaps[j] = heads[j].ps;
    qs[j].erase(qs[j].begin());
  }
  const model::Program& P = ex_.program();
  sym::ExprFactory& f = ex_.values().factory();
  std::vector<Expr> conds(n);
  std::vector<std::vector<std::string>> reads(n);
  auto composite = [&](exec::Step st, const std::string& id) {
    st.effects.push_back("composite state of collective assertion " + id + ":");
    for (int j = 0; j < n; ++j) {
      std::string line = "  process " + std::to_string(j) + ": snapshot at step " +
                         std::to_string(heads[j].step) + " (" +
                         P.where(alocs_[heads[j].aloc].annots.front()->loc) + ")";
      for (const std::string& r : reads[j])
        line += "; " + r;
      st.effects.push_back(line);
    }
    return st;
  };
  const std::string& id = ids_[alocs_[heads[0].aloc].id];
  for (int j = 0; j < n; ++j) {
    std::vector<Expr> cs;
    for (const model::CollectiveAnnot* a : alocs_[heads[j].aloc].annots) {
      try {
        cs.push_back(ex_.evalAnnotation(snaps, j, s.pc, a->expr, a->loc, &reads[j]));
      } catch (const exec::ViolationError& e) {
        fail(ViolationKind::CollectiveAssertion, *a, j,
             "collective assertion " + id + " cannot be evaluated: " + e.violation.message,
             e.condition, composite(succ.step, id));
      }
    }
    conds[j] = f.logicalAnd(cs);
  }
  for (int j = 0; j < n; ++j) {
    if (conds[j]->isTrue())
      continue;
    exec::Answer a = conds[j]->isFalse() ? exec::Answer::No : ex_.oracle().valid(s.pc, conds[j]);
    if (a == exec::Answer::Yes)
      continue;
    const model::CollectiveAnnot& an = *alocs_[heads[j].aloc].annots.front();
    if (a == exec::Answer::No)
      fail(ViolationKind::CollectiveAssertion, an, j,
           "collective assertion " + id + " of process " + std::to_string(j) + " ('" +
               model::toString(P, an.expr) + "') may fail",
           f.logicalAnd(s.pc, f.logicalNot(conds[j])), composite(succ.step, id));
    ex_.noteUndecided("COLLECTIVE_ASSERTION: " + id + " of process " + std::to_string(j) +
                      " at " + P.where(an.loc));
    s.pc = f.logicalAnd(s.pc, conds[j]);
  }
}

void CollectiveMonitor::terminal(const GlobalState& s) const {
  for (size_t j = 0; j < s.snaps.size(); ++j)
    if (!s.snaps[j].empty()) {
      const Snapshot& x = s.snaps[j].front();
      size_t missing = 0;
      for (const auto& q : s.snaps)
        missing += q.empty();
      exec::Step st;
      st.proc = int(j);
      fail(ViolationKind::CollectiveIncomplete, *alocs_[x.aloc].annots.front(), int(j),
           "the program terminated while collective assertion " + ids_[alocs_[x.aloc].id] +
               " was reached by process " + std::to_string(j) + " (snapshot at step " +
               std::to_string(x.step) + ") but not by " + std::to_string(missing) +
               " other process(es)",
           s.pc, st);
    }
}

} // namespace chorus::check
