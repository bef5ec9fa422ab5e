#include "chorus/check/ContractMonitor.h"

#include "Obligations.h"

#include "chorus/model/Printer.h"

#include <optional>

namespace chorus::check {

using exec::Expr;
using model::ClauseKind;

namespace {

const char* clauseWord(ClauseKind k) {
  switch (k) {
  case ClauseKind::Requires:
    return "requires";
  case ClauseKind::Ensures:
    return "ensures";
  case ClauseKind::Assigns:
    return "assigns";
  case ClauseKind::WaitsFor:
    return "waitsfor";
  case ClauseKind::Assumes:
    return "assumes";
  case ClauseKind::MpiUses:
    return "mpi uses";
  case ClauseKind::Terminates:
    return "terminates";
  case ClauseKind::Decreases:
    return "decreases";
  }
  return "?";
}

/// "requires n > 0 (f.c:2:5)"
std::string clauseText(const model::Program& P, const model::Clause& c) {
  std::string t = clauseWord(c.kind);
  if (c.nothing)
    t += " \\nothing";
  for (size_t i = 0; i < c.exprs.size(); ++i)
    t += (i ? ", " : " ") + model::toString(P, c.exprs[i]);
  return t + " (" + P.where(c.loc) + ")";
}

bool hasPost(const std::vector<model::Clause>& cs) {
  for (const model::Clause& c : cs)
    if (c.kind == ClauseKind::Ensures || c.kind == ClauseKind::Assigns)
      return true;
  return false;
}

bool hasAssigns(const std::vector<model::Clause>& cs) {
  for (const model::Clause& c : cs)
    if (c.kind == ClauseKind::Assigns)
      return true;
  return false;
}

exec::Step withReads(const exec::Step& step, const std::string& fn,
                     const std::vector<std::string>& reads) {
  exec::Step st = step;
  if (!reads.empty())
    st.effects.push_back("contract of " + fn + ": " + detail::joinReads(reads));
  return st;
}

} // namespace

ContractMonitor::ContractMonitor(exec::Executor& ex) : ex_(ex) {
  const model::Program& P = ex.program();
  byFunc_.resize(P.funcs.size());
  needsEntry_.assign(P.funcs.size(), 0);
  hasAssigns_.assign(P.funcs.size(), 0);
  std::vector<bool> called(P.funcs.size(), false);
  for (const model::Function& fn : P.funcs)
    for (const model::Transition& t : fn.trans)
      if (t.stmt.kind == model::StmtKind::Call && t.stmt.callee &&
          t.stmt.callee->kind == model::ExprKind::Func && t.stmt.callee->func < called.size()) {
        called[t.stmt.callee->func] = true;
        threaded_ = threaded_ || P.func(t.stmt.callee->func).name == "pthread_create";
      }
  std::vector<bool> watch(P.funcs.size(), false);
  for (const model::Contract& c : P.contracts) {
    if (c.func >= P.funcs.size())
      continue;
    const model::Function& fn = P.func(c.func);
    if (!fn.defined && !ex.stubContract(c.func)) {
      if (called[c.func])
        ex.noteUnchecked("the contract of '" + fn.name + "' at " + P.where(c.loc) + " ('" +
                         fn.name +
                         "' has no body: chorus runs its library model, not its contract)");
      continue;
    }
    byFunc_[c.func].push_back(&c);
    watch[c.func] = true;
    active_ = true;
    const model::ContractBlock& b = c.blocks.front();
    bool post = hasPost(b.clauses);
    for (const model::Behavior& bh : b.behaviors)
      post = post || hasPost(bh.clauses);
    if (post)
      needsEntry_[c.func] = 1;
    bool assigns = hasAssigns(b.clauses);
    for (const model::Behavior& bh : b.behaviors)
      assigns = assigns || hasAssigns(bh.clauses);
    if (assigns)
      hasAssigns_[c.func] = 1;
  }
  if (active_)
    ex.watchCalls(std::move(watch));
}

void ContractMonitor::noteUncheckedParts(const model::Contract& c) {
  const model::Program& P = ex_.program();
  const std::string& fn = P.func(c.func).name;
  // `verify --contract f`: f's collective blocks, `mpi uses` and
  // `waitsfor` are checked by the CollectiveContractMonitor
  const model::ContractDriver* drv = ex_.options().contract;
  bool collective = drv && (drv->func == c.func || ex_.stubContract(c.func));
  for (size_t k = 1; k < c.blocks.size() && !collective; ++k)
    ex_.noteUnchecked(
        "the 'mpi collective(" + model::toString(P, c.blocks[k].comm) +
        ")' block of the contract of '" + fn + "' at " + P.where(c.blocks[k].loc) +
        (drv ? " ('" + fn + "' is a collective procedure called by '" + P.func(drv->func).name +
                   "': its simulation by its contract, seed 002 §2.4, is not "
                   "implemented yet)"
             : " (collective contracts are checked by 'verify --contract " + fn + "')"));
  auto clauses = [&](const std::vector<model::Clause>& cs) {
    for (const model::Clause& cl : cs) {
      switch (cl.kind) {
      case ClauseKind::MpiUses:
        if (collective)
          break;
        ex_.noteUnchecked("'" + clauseText(P, cl) + "' of the contract of '" + fn +
                          "' (the communicators a function uses are checked with collective "
                          "contracts, which are not checked yet)");
        break;
      case ClauseKind::WaitsFor:
        if (collective)
          break;
        [[fallthrough]];
      case ClauseKind::Terminates:
      case ClauseKind::Decreases:
        ex_.noteUnchecked("'" + clauseText(P, cl) + "' of the contract of '" + fn +
                          "' (not checked)");
        break;
      default:
        break;
      }
    }
  };
  clauses(c.blocks.front().clauses);
  for (const model::Behavior& bh : c.blocks.front().behaviors)
    clauses(bh.clauses);
}

void ContractMonitor::after(const exec::GlobalState& from, exec::Successor& succ, int p) {
  // A violation in a process with threads names the moving thread.
  const int thr = succ.step.thread;
  try {
    afterThread(from, succ, p, thr);
  } catch (exec::ViolationError& e) {
    if (e.violation.thread < 0 &&
        (!from.procs[p]->threads.empty() || !succ.state.procs[p]->threads.empty()))
      e.violation.thread = thr;
    throw;
  }
}

void ContractMonitor::afterThread(const exec::GlobalState& from, exec::Successor& succ, int p,
                                  int thr) {
  std::map<size_t, const state::ProcState*> entries;
  // a program with threads: `assigns` bounds the writes of each move of
  // the thread while the function is active
  if (threaded_)
    frameMove(from, succ, p, thr, true);
  // main's frame is made by the initial state: it is entered when $init
  // returns into it.
  const state::ProcState* ps = succ.state.procs[p];
  if (thr == 0 && succ.arrived && ps->stack.size() == 1 && from.procs[p]->stack.size() > 1) {
    const state::Frame& fr = ps->stack[0];
    const model::Function& fn = ex_.program().func(fr.func);
    if (fr.loc == fn.entry && fr.func < byFunc_.size() && !byFunc_[fr.func].empty()) {
      exec::CallEvent ev{false, ps, fr.func, nullptr, fn.loc};
      call(ev, succ, p, 0, entries);
    }
  }
  // a thread created by this move enters its start routine (pthread_create
  // pushes its frame: no call event); its contract is checked in that
  // thread, at the creation
  const state::ProcState* was = from.procs[p];
  for (size_t k = 1; k < ps->threads.size(); ++k) {
    const state::Thread& th = ps->threads[k];
    if (th.status != state::Thread::Status::Running || th.stack.size() != 1 ||
        (k < was->threads.size() && was->threads[k].status == state::Thread::Status::Running))
      continue;
    const state::Frame& fr = th.stack[0];
    if (fr.func < byFunc_.size() && !byFunc_[fr.func].empty() &&
        fr.loc == ex_.program().func(fr.func).entry) {
      exec::CallEvent ev{false, ps, fr.func, nullptr, succ.step.loc};
      std::map<size_t, const state::ProcState*> none;
      call(ev, succ, p, int(k), none);
      ps = succ.state.procs[p];
    }
  }
  if (succ.step.calls.empty())
    return;
  std::vector<exec::CallEvent> events = succ.step.calls;
  for (const exec::CallEvent& ev : events) {
    if (ev.func >= byFunc_.size() || byFunc_[ev.func].empty())
      continue;
    if (ev.isReturn)
      ret(ev, succ, p, thr, entries);
    else
      call(ev, succ, p, thr, entries);
  }
}

void ContractMonitor::call(const exec::CallEvent& ev, exec::Successor& succ, int p, int thr,
                           std::map<size_t, const state::ProcState*>& entries) {
  const model::Program& P = ex_.program();
  sym::ExprFactory& f = ex_.values().factory();
  exec::GlobalState& s = succ.state;
  const state::ProcState* entry = ev.state;
  size_t d = entry->stackOf(size_t(thr)).size() - 1;
  const std::string& fn = P.func(ev.func).name;
  exec::LocalAnnot at;
  at.now = entry;
  at.thread = thr;
  for (const model::Contract* c : byFunc_[ev.func]) {
    noteUncheckedParts(*c);
    const model::ContractBlock& b = c->blocks.front();
    std::vector<std::string> reads;
    auto eval = [&](const model::Expr* e, model::SrcLoc l, ViolationKind k,
                    const std::string& what) -> std::optional<Expr> {
      return detail::evaluate(
          ex_, [&] { return ex_.evalLocal(at, s.pc, e, true, l, &reads); }, k, ev.loc, p, what,
          succ.step);
    };
    // requires of the default behavior
    for (const model::Clause& cl : b.clauses) {
      if (cl.kind != ClauseKind::Requires)
        continue;
      reads.clear();
      std::string what = "'" + clauseText(P, cl) + "' of '" + fn + "'";
      auto v = eval(cl.exprs[0], cl.loc, ViolationKind::Precondition, "the precondition " + what);
      if (!v)
        continue;
      detail::discharge(
          ex_, s, *v, ViolationKind::Precondition, ev.loc, p,
          [&] { return "the precondition " + what + " may not hold at this call"; },
          withReads(succ.step, fn, reads));
    }
    // behaviors: assumes at entry, their requires under them
    std::vector<std::optional<Expr>> assumes;
    for (const model::Behavior& bh : b.behaviors) {
      std::vector<Expr> as;
      bool known = true;
      for (const model::Clause& cl : bh.clauses)
        if (cl.kind == ClauseKind::Assumes) {
          reads.clear();
          auto v = eval(cl.exprs[0], cl.loc, ViolationKind::Behaviors,
                        "'" + clauseText(P, cl) + "' of behavior " + bh.name + " of '" + fn + "'");
          if (!v)
            known = false;
          else
            as.push_back(*v);
        }
      assumes.push_back(known ? std::optional<Expr>(f.logicalAnd(as)) : std::nullopt);
      if (!known)
        continue;
      for (const model::Clause& cl : bh.clauses) {
        if (cl.kind != ClauseKind::Requires)
          continue;
        reads.clear();
        std::string what =
            "'" + clauseText(P, cl) + "' of behavior " + bh.name + " of '" + fn + "'";
        auto v = eval(cl.exprs[0], cl.loc, ViolationKind::Precondition, "the precondition " + what);
        if (!v)
          continue;
        detail::discharge(
            ex_, s, f.implies(*assumes.back(), *v), ViolationKind::Precondition, ev.loc, p,
            [&] { return "the precondition " + what + " may not hold at this call"; },
            withReads(succ.step, fn, reads));
      }
    }
    auto behaviorIndex = [&](const std::string& name) -> size_t {
      for (size_t i = 0; i < b.behaviors.size(); ++i)
        if (b.behaviors[i].name == name)
          return i;
      return b.behaviors.size();
    };
    auto names = [](const std::vector<std::string>& ns) {
      std::string r;
      for (size_t i = 0; i < ns.size(); ++i)
        r += (i ? ", " : "") + ns[i];
      return r;
    };
    for (size_t k = 0; k < b.completeBehaviors.size(); ++k) {
      const auto& list = b.completeBehaviors[k];
      std::vector<Expr> any;
      bool known = true;
      for (const std::string& n : list) {
        size_t i = behaviorIndex(n);
        if (i < assumes.size() && assumes[i])
          any.push_back(*assumes[i]);
        else
          known = false;
      }
      std::string where = k < b.completeLocs.size() ? " (" + P.where(b.completeLocs[k]) + ")" : "";
      if (!known) {
        ex_.noteUnchecked("'complete behaviors " + names(list) + "'" + where + " of '" + fn + "'");
        continue;
      }
      detail::discharge(
          ex_, s, f.logicalOr(any), ViolationKind::Behaviors, ev.loc, p,
          [&] {
            return "'complete behaviors " + names(list) + "'" + where + " of '" + fn +
                   "' does not hold at this call: no behavior's assumes holds";
          },
          succ.step);
    }
    for (size_t k = 0; k < b.disjointBehaviors.size(); ++k) {
      const auto& list = b.disjointBehaviors[k];
      std::string where = k < b.disjointLocs.size() ? " (" + P.where(b.disjointLocs[k]) + ")" : "";
      for (size_t x = 0; x < list.size(); ++x)
        for (size_t y = x + 1; y < list.size(); ++y) {
          size_t i = behaviorIndex(list[x]), j = behaviorIndex(list[y]);
          if (i >= assumes.size() || j >= assumes.size() || !assumes[i] || !assumes[j]) {
            ex_.noteUnchecked("'disjoint behaviors " + names(list) + "'" + where + " of '" + fn +
                              "'");
            continue;
          }
          detail::discharge(
              ex_, s, f.logicalNot(f.logicalAnd(*assumes[i], *assumes[j])),
              ViolationKind::Behaviors, ev.loc, p,
              [&] {
                return "'disjoint behaviors " + names(list) + "'" + where + " of '" + fn +
                       "' does not hold at this call: the assumes of both " + list[x] + " and " +
                       list[y] + " hold";
              },
              succ.step);
        }
    }
  }
  if (!needsEntry_[ev.func])
    return;
  // keep the pre-state in the callee's frame (when the move did not also
  // return from it: an empty body)
  const state::ProcState* mark = detail::withoutMarks(ex_, entry);
  entries[d] = mark;
  const state::ProcState* now = s.procs[p];
  const std::vector<state::Frame>& ns = now->stackOf(size_t(thr));
  if (ns.size() > d && ns[d].func == ev.func &&
      !detail::findMark(ns[d], state::Mark::Kind::CallEntry, model::kNone)) {
    state::ProcState q = *now;
    (thr == 0 ? q.stack : q.threads[size_t(thr)].stack)[d].marks.push_back(
        state::Mark{state::Mark::Kind::CallEntry, model::kNone, mark, nullptr});
    s.procs[p] = ex_.interner().intern(std::move(q));
  }
}

void ContractMonitor::ret(const exec::CallEvent& ev, exec::Successor& succ, int p, int thr,
                          std::map<size_t, const state::ProcState*>& entries) {
  const model::Program& P = ex_.program();
  sym::ExprFactory& f = ex_.values().factory();
  exec::GlobalState& s = succ.state;
  const state::ProcState* now = ev.state;
  size_t d = now->stackOf(size_t(thr)).size() - 1;
  const state::Frame& fr = now->stackOf(size_t(thr)).back();
  const std::string& fn = P.func(ev.func).name;
  const state::ProcState* entry = nullptr;
  if (const state::Mark* m = detail::findMark(fr, state::Mark::Kind::CallEntry, model::kNone))
    entry = m->ps;
  else if (auto it = entries.find(d); it != entries.end())
    entry = it->second;
  if (!entry) {
    if (needsEntry_[ev.func])
      ex_.noteUnchecked("the postcondition of '" + fn + "' at " + P.where(ev.loc) +
                        " (its pre-state was not recorded)");
    return;
  }
  Expr result = ev.value;
  const model::Type* rt = P.func(ev.func).type ? P.func(ev.func).type->ret : nullptr;
  if (!result && rt && rt->kind != model::TypeKind::Void)
    result = ex_.values().undef(rt);
  exec::LocalAnnot pre;
  pre.now = entry;
  pre.thread = thr;
  exec::LocalAnnot post;
  post.now = now;
  post.old = entry;
  post.paramsOld = true;
  post.result = result;
  post.thread = thr;
  for (const model::Contract* c : byFunc_[ev.func]) {
    const model::ContractBlock& b = c->blocks.front();
    std::vector<std::string> reads;
    auto eval = [&](const exec::LocalAnnot& at, const model::Expr* e, model::SrcLoc l,
                    ViolationKind k, const std::string& what) -> std::optional<Expr> {
      return detail::evaluate(
          ex_, [&] { return ex_.evalLocal(at, s.pc, e, true, l, &reads); }, k, ev.loc, p, what,
          succ.step);
    };
    auto ensures = [&](const std::vector<model::Clause>& cs, Expr guard, const std::string& in) {
      for (const model::Clause& cl : cs) {
        if (cl.kind != ClauseKind::Ensures)
          continue;
        reads.clear();
        std::string what = "'" + clauseText(P, cl) + "'" + in + " of '" + fn + "'";
        auto v = eval(post, cl.exprs[0], cl.loc, ViolationKind::Postcondition,
                      "the postcondition " + what);
        if (!v)
          continue;
        detail::discharge(
            ex_, s, guard ? f.implies(guard, *v) : *v, ViolationKind::Postcondition, ev.loc, p,
            [&] { return "the postcondition " + what + " may not hold at this return"; },
            withReads(succ.step, fn, reads));
      }
    };
    auto assigns = [&](const std::vector<model::Clause>& cs, Expr guard, const std::string& in) {
      std::vector<const model::Expr*> locs;
      std::string text;
      model::SrcLoc loc;
      bool any = false;
      for (const model::Clause& cl : cs)
        if (cl.kind == ClauseKind::Assigns) {
          any = true;
          locs.insert(locs.end(), cl.exprs.begin(), cl.exprs.end());
          text += (text.empty() ? "'" : "', '") + clauseText(P, cl);
          if (!loc.valid())
            loc = cl.loc;
        }
      if (!any || threaded_)
        return; // no assigns clause: any location may change (with threads:
                // checked at each move, frameMove)
      detail::checkFrame(
          ex_, s, [&] { return ex_.frameObligations(entry, now, d, locs, pre, s.pc, loc); }, guard,
          ev.loc, p, text + "'" + in + " of '" + fn + "'", succ.step);
    };
    ensures(b.clauses, nullptr, "");
    assigns(b.clauses, nullptr, "");
    for (const model::Behavior& bh : b.behaviors) {
      auto guard = detail::behaviorGuard(ex_, bh, [&](const model::Clause& cl) {
        reads.clear();
        return eval(pre, cl.exprs[0], cl.loc, ViolationKind::Behaviors,
                    "'" + clauseText(P, cl) + "' of behavior " + bh.name + " of '" + fn + "'");
      });
      if (!guard || (*guard)->isFalse())
        continue; // unknown: noted as unchecked by evaluate
      ensures(bh.clauses, *guard, " of behavior " + bh.name);
      assigns(bh.clauses, *guard, " of behavior " + bh.name);
    }
  }
}

void ContractMonitor::released(const exec::GlobalState& from, exec::Successor& succ, int q,
                               int thr) {
  if (!threaded_)
    return;
  try {
    frameMove(from, succ, q, thr, false);
  } catch (exec::ViolationError& e) {
    if (e.violation.thread < 0)
      e.violation.thread = thr;
    throw;
  }
}

void ContractMonitor::frameMove(const exec::GlobalState& from, exec::Successor& succ, int p,
                                int thr, bool own) {
  const state::ProcState* before = from.procs[p];
  if (before->terminated() || size_t(thr) >= before->numThreads())
    return;
  const model::Program& P = ex_.program();
  exec::GlobalState& s = succ.state;
  const std::vector<state::Frame>& st = before->stackOf(size_t(thr));
  for (size_t j = 0; j < st.size(); ++j) {
    const state::Frame& fr = st[j];
    if (fr.func >= hasAssigns_.size() || !hasAssigns_[fr.func])
      continue;
    const state::Mark* mk = detail::findMark(fr, state::Mark::Kind::CallEntry, model::kNone);
    if (!mk || !mk->ps)
      continue;
    // what the move did while the function was active: up to its return
    // when it returns from frame j (the caller's use of the result is the
    // caller's write)
    const state::ProcState* after = s.procs[p];
    for (const exec::CallEvent& ev : own ? succ.step.calls : std::vector<exec::CallEvent>{})
      if (ev.isReturn && ev.func == fr.func && ev.state->stackOf(size_t(thr)).size() == j + 1) {
        after = ev.state;
        break;
      }
    if (after == before)
      continue;
    const state::ProcState* entry = mk->ps;
    const std::string& fn = P.func(fr.func).name;
    exec::LocalAnnot pre;
    pre.now = entry;
    pre.thread = thr;
    for (const model::Contract* c : byFunc_[fr.func]) {
      const model::ContractBlock& b = c->blocks.front();
      auto assigns = [&](const std::vector<model::Clause>& cs, Expr guard, const std::string& in) {
        std::vector<const model::Expr*> locs;
        std::string text;
        model::SrcLoc loc;
        for (const model::Clause& cl : cs)
          if (cl.kind == ClauseKind::Assigns) {
            locs.insert(locs.end(), cl.exprs.begin(), cl.exprs.end());
            text += (text.empty() ? "'" : "', '") + clauseText(P, cl);
            if (!loc.valid())
              loc = cl.loc;
          }
        if (text.empty())
          return;
        detail::checkFrame(
            ex_, s,
            [&] {
              return ex_.frameObligations(before, after, j, locs, pre, s.pc, loc, entry,
                                          own ? &succ.accesses : nullptr);
            },
            guard, own ? succ.step.loc : loc, p,
            text + "'" + in + " of '" + fn + "' (a write of thread " + std::to_string(thr) +
                " while '" + fn + "' is active in it)",
            succ.step);
      };
      assigns(b.clauses, nullptr, "");
      for (const model::Behavior& bh : b.behaviors) {
        auto guard = detail::behaviorGuard(ex_, bh, [&](const model::Clause& cl) {
          return detail::evaluate(
              ex_, [&] { return ex_.evalLocal(pre, s.pc, cl.exprs[0], true, cl.loc, nullptr); },
              ViolationKind::Behaviors, succ.step.loc, p,
              "'" + clauseText(P, cl) + "' of behavior " + bh.name + " of '" + fn + "'", succ.step);
        });
        if (!guard || (*guard)->isFalse())
          continue; // unknown: noted as unchecked by evaluate
        assigns(bh.clauses, *guard, " of behavior " + bh.name);
      }
    }
  }
}

} // namespace chorus::check
