#include "chorus/check/CollectiveContractMonitor.h"

#include "Obligations.h"

#include "chorus/model/Printer.h"

#include <algorithm>

namespace chorus::check {

using exec::Expr;
using model::ClauseKind;

namespace {

/// "ensures x == ... (f.c:3:5)"
std::string clauseText(const model::Program& P, const model::Clause& c, const char* word) {
  std::string t = word;
  if (c.nothing)
    t += " \\nothing";
  for (size_t i = 0; i < c.exprs.size(); ++i)
    t += (i ? ", " : " ") + model::toString(P, c.exprs[i]);
  return t + " (" + P.where(c.loc) + ")";
}

/// The clauses of kind k of a collective block: those before its first
/// behavior (guard null) and those of each behavior (with the behavior).
struct Guarded {
  const model::Clause* clause;
  const model::Behavior* behavior; ///< null: the block's default behavior
};

std::vector<Guarded> clausesOf(const model::Contract& c, ClauseKind k) {
  std::vector<Guarded> out;
  for (size_t b = 1; b < c.blocks.size(); ++b) {
    for (const model::Clause& cl : c.blocks[b].clauses)
      if (cl.kind == k)
        out.push_back({&cl, nullptr});
    for (const model::Behavior& bh : c.blocks[b].behaviors)
      for (const model::Clause& cl : bh.clauses)
        if (cl.kind == k)
          out.push_back({&cl, &bh});
  }
  return out;
}

/// The states of the processes of group G (by rank) in s.
std::vector<const state::ProcState*> ofGroup(const exec::GlobalState& s,
                                             const std::vector<int>& G) {
  std::vector<const state::ProcState*> out;
  for (int q : G)
    out.push_back(s.procs[size_t(q)]);
  return out;
}

} // namespace

CollectiveContractMonitor::CollectiveContractMonitor(exec::Executor& ex) : ex_(ex) {
  drv_ = ex.options().contract;
  if (!drv_)
    return;
  const model::Program& P = ex.program();
  for (const model::Contract& c : P.contracts)
    if (c.func == drv_->func && c.blocks.size() > 1)
      contract_ = &c;
  std::vector<bool> watch(P.funcs.size(), false);
  for (const model::Contract& c : P.contracts)
    if (c.func < watch.size() && P.func(c.func).defined)
      watch[c.func] = true;
  watch[drv_->func] = true;
  ex.watchCalls(std::move(watch));
}

exec::GlobalState CollectiveContractMonitor::preState(Expr pc) {
  const exec::GlobalState& init = ex_.contractInitial();
  sym::ExprFactory& f = ex_.values().factory();
  sym::ExprMap fixed;
  for (Expr c : sym::ExprFactory::conjuncts(pc)) {
    if (c->kind() != sym::Kind::Eq)
      continue;
    std::span<const Expr> xs = f.freeSymbols(c);
    if (xs.size() != 1 || !xs[0]->type()->isInt() || fixed.count(xs[0]))
      continue;
    Expr v = ex_.oracle().uniqueValue(pc, xs[0]);
    if (v && v->kind() == sym::Kind::NumConst)
      fixed.emplace(xs[0], v);
  }
  if (fixed.empty())
    return init;
  return state::substitute(init, fixed, f, ex_.interner());
}

bool CollectiveContractMonitor::possible(Expr pc, Expr guard) {
  if (guard->isTrue())
    return true;
  if (guard->isFalse())
    return false;
  return ex_.oracle().valid(pc, ex_.values().factory().logicalNot(guard)) != exec::Answer::Yes;
}

bool CollectiveContractMonitor::causal(const exec::GlobalState& s) const {
  return !drv_->lazyEntry && s.procs.size() <= 62;
}

bool CollectiveContractMonitor::entered(const exec::GlobalState& s, int q) const {
  const state::ProcState* ps = s.procs[q];
  return !(ps->stack.size() == 1 && ps->stack[0].func == drv_->driver &&
           ps->stack[0].loc == drv_->callLoc);
}

bool CollectiveContractMonitor::returned(const exec::GlobalState& s, int q) const {
  const state::ProcState* ps = s.procs[q];
  return ps->stack.empty() || (ps->stack.size() == 1 && ps->stack[0].func == drv_->driver &&
                               ps->stack[0].loc != drv_->callLoc);
}

void CollectiveContractMonitor::after(const exec::GlobalState& from, exec::Successor& succ, int p) {
  if (uses_.empty()) {
    // `mpi uses` of every rank, in its pre-state (the initial state)
    const exec::GlobalState& init = ex_.contractInitial();
    const std::vector<int>& G = ex_.contractGroup();
    uses_.resize(init.procs.size());
    for (size_t r = 0; r < G.size(); ++r)
      for (const model::Contract& c : ex_.program().contracts) {
        if (c.func != drv_->func)
          continue;
        for (const model::Clause& cl : c.blocks.front().clauses)
          if (cl.kind == ClauseKind::MpiUses)
            for (const model::Expr* e : cl.exprs) {
              exec::CollectiveAt at;
              at.now = ofGroup(init, G);
              at.me = int(r);
              Expr v = ex_.evalCollective(at, init.pc, e, false, cl.loc, nullptr);
              std::optional<int64_t> h;
              if (v->kind() == sym::Kind::NumConst)
                h = v->value().toInt64();
              if (h)
                uses_[size_t(G[r])].insert(*h);
              else
                ex_.noteUnchecked("'" + clauseText(ex_.program(), cl, "mpi uses") +
                                  "' (a communicator that is not a constant)");
            }
      }
  }
  if (!succ.step.calls.empty()) {
    std::vector<exec::CallEvent> events = succ.step.calls;
    for (const exec::CallEvent& ev : events) {
      if (ev.func != drv_->func || ev.state->stack.size() != 2)
        continue;
      if (!ev.isReturn) {
        // keep the pre-state for `assigns` (the contract monitor may have
        // kept it already)
        state::ProcState q = *succ.state.procs[p];
        bool changed = false;
        if (q.stack.size() == 2 &&
            !detail::findMark(q.stack[1], state::Mark::Kind::CallEntry, model::kNone)) {
          q.stack[1].marks.push_back(state::Mark{state::Mark::Kind::CallEntry, model::kNone,
                                                 detail::withoutMarks(ex_, ev.state), nullptr});
          changed = true;
        }
        // p's entry happens before everything p does next
        if (causal(succ.state) && !(q.heard & bit(p))) {
          q.heard |= bit(p);
          changed = true;
        }
        if (changed)
          succ.state.procs[p] = ex_.interner().intern(std::move(q));
        continue;
      }
      onReturn(ev, succ, p);
    }
  }
  messages(from, succ, p);
}

void CollectiveContractMonitor::messages(const exec::GlobalState& from, exec::Successor& succ,
                                         int p) {
  const model::Program& P = ex_.program();
  const std::string& fn = P.func(drv_->func).name;
  state::MessageList& msgs = succ.state.msgs;
  // the move's receives (messages of `from` gone) and sends (appended):
  // a move may do both (MPI_Sendrecv)
  std::vector<state::Message> gone;
  size_t j = 0;
  for (size_t i = 0; i < from.msgs.size(); ++i)
    if (j < msgs.size() && msgs[j] == from.msgs[i])
      ++j;
    else
      gone.push_back(from.msgs[i]);
  size_t firstNew = j;
  int seg = ex_.contractSegment(*succ.state.procs[p]);
  for (const state::Message& m : gone) {
    // a receive: the message must come from the receiver's segment (Def.
    // 2.5 (3), a receive)
    if (m.dst == p && m.seg > seg)
      detail::raise(ViolationKind::SegmentBoundary, succ.step.loc, p,
                    "process " + std::to_string(p) + " receives a message process " +
                        std::to_string(m.src) +
                        " sent after a collective call it has not made yet: it crosses a "
                        "segment boundary (seed 002 Def. 2.5 (3))",
                    succ.state.pc, succ.step);
  }
  if (causal(succ.state)) {
    // the receiver hears what the sender had heard when it sent; the
    // sender of a synchronous message, released by its match, hears what
    // the receiver has heard
    auto hear = [&](int q, uint64_t h) {
      if ((succ.state.procs[size_t(q)]->heard | h) == succ.state.procs[size_t(q)]->heard)
        return;
      state::ProcState x = *succ.state.procs[size_t(q)];
      x.heard |= h;
      succ.state.procs[size_t(q)] = ex_.interner().intern(std::move(x));
    };
    for (const state::Message& m : gone)
      hear(m.dst, m.heard);
    for (const state::Message& m : gone)
      if (m.sync)
        hear(m.src, succ.state.procs[size_t(m.dst)]->heard);
  }
  for (size_t i = firstNew; i < msgs.size(); ++i) {
    // sends: stamped with the sender's segment (and what it has heard); a
    // receiver in a later segment is already past the boundary (Def. 2.5
    // (3), a send)
    state::Message& m = msgs.mut(i);
    m.seg = uint16_t(seg);
    m.heard = succ.state.procs[size_t(m.src)]->heard;
    int dseg = ex_.contractSegment(*succ.state.procs[m.dst]);
    if (ex_.contractRank(m.dst) < 0)
      detail::raise(ViolationKind::SegmentBoundary, succ.step.loc, p,
                    "a message from process " + std::to_string(m.src) + " to process " +
                        std::to_string(m.dst) + ", which is not in the communicator of '" + fn +
                        "' (it does not call it): it leaves f's segments (seed 002 Def. 2.5 (3))",
                    succ.state.pc, succ.step);
    if (dseg > seg)
      detail::raise(ViolationKind::SegmentBoundary, succ.step.loc, p,
                    "a message from process " + std::to_string(m.src) + " to process " +
                        std::to_string(m.dst) + " after process " + std::to_string(m.dst) +
                        (returned(succ.state, m.dst) ? " returned from '" + fn + "'"
                                                     : " passed a collective call") +
                        ": it crosses a segment boundary (seed 002 Def. 2.5 (3))",
                    succ.state.pc, succ.step);
    if (!uses(m.src, *succ.state.procs[size_t(m.src)], m.comm))
      detail::raise(ViolationKind::MpiUses, succ.step.loc, p,
                    "a message on a communicator that 'mpi uses' of '" + fn + "' does not list",
                    succ.state.pc, succ.step);
  }
  // collective operations (MPI's, or simulated by a contract) of the move
  for (int64_t c : succ.step.collComms)
    if (!uses(p, *succ.state.procs[size_t(p)], c))
      detail::raise(ViolationKind::MpiUses, succ.step.loc, p,
                    "a collective operation on a communicator that 'mpi uses' of '" + fn +
                        "' does not list",
                    succ.state.pc, succ.step);
}

bool CollectiveContractMonitor::uses(int r, const state::ProcState& ps, int64_t comm) const {
  if (size_t(r) >= uses_.size() || uses_[size_t(r)].empty())
    return true;
  // a communicator the process made (MPI_Comm_dup/split/create, topologies)
  // counts as the one it was made from
  return uses_[size_t(r)].count(comm) || uses_[size_t(r)].count(ex_.commOrigin(ps, comm));
}

void CollectiveContractMonitor::onReturn(const exec::CallEvent& ev, exec::Successor& succ, int p) {
  const model::Program& P = ex_.program();
  const std::string& fn = P.func(drv_->func).name;
  exec::GlobalState& s = succ.state;
  // (4) a message to p still in transit when p leaves the segment
  for (const state::Message& m : s.msgs)
    if (m.dst == p)
      detail::raise(ViolationKind::UnreceivedMessage, ev.loc, p,
                    "process " + std::to_string(p) + " returns from '" + fn +
                        "' while a message from process " + std::to_string(m.src) +
                        " to it is not received (seed 002 Def. 2.5 (4))",
                    s.pc, succ.step);
  // collective consistency (Def. 2.2, per communicator): another member of
  // a communicator p is in made a simulated collective call on it that p
  // never made
  const std::vector<int>& G = ex_.contractGroup();
  int rp = ex_.contractRank(p);
  for (int q = 0; q < s.numProcs(); ++q) {
    if (q == p || s.procs[size_t(q)]->stack.empty())
      continue;
    std::vector<int64_t> seen;
    for (const state::Mark& mk : s.procs[size_t(q)]->stack[0].marks) {
      int64_t c = int64_t(mk.at);
      if (mk.kind != state::Mark::Kind::StubEntry ||
          std::find(seen.begin(), seen.end(), c) != seen.end())
        continue;
      seen.push_back(c);
      std::vector<int> members = c == 0 ? G : ex_.commMembers(*mk.ps, q, s.numProcs(), c);
      if (std::find(members.begin(), members.end(), p) == members.end())
        continue;
      size_t mine = exec::Executor::stubArrivals(*ev.state, c);
      size_t theirs = exec::Executor::stubArrivals(*s.procs[size_t(q)], c);
      if (theirs > mine)
        detail::raise(ViolationKind::CollectiveConsistency, ev.loc, p,
                      "process " + std::to_string(p) + " returns from '" + fn + "' after " +
                          std::to_string(mine) + " collective calls on a communicator, process " +
                          std::to_string(q) + " made " + std::to_string(theirs) +
                          " on it (seed 002 Def. 2.2)",
                      s.pc, succ.step);
    }
  }
  const exec::GlobalState& init = ex_.contractInitial();
  exec::CollectiveAt pre;
  pre.now = ofGroup(init, G);
  pre.me = rp;
  std::vector<std::string> reads;
  // a behavior's assumes in the pre-state
  auto guardOf = [&](const model::Behavior* bh, int rank) -> std::optional<Expr> {
    if (!bh)
      return ex_.values().factory().trueExpr();
    exec::CollectiveAt at = pre;
    at.me = rank;
    std::vector<Expr> as;
    for (const model::Clause& cl : bh->clauses)
      if (cl.kind == ClauseKind::Assumes) {
        auto v = detail::evaluate(
            ex_, [&] { return ex_.evalCollective(at, s.pc, cl.exprs[0], true, cl.loc, nullptr); },
            ViolationKind::CollectivePostcondition, cl.loc, rank,
            "'" + clauseText(P, cl, "assumes") + "' of behavior " + bh->name + " of '" + fn + "'",
            succ.step);
        if (!v)
          return std::nullopt;
        as.push_back(*v);
      }
    return ex_.values().factory().logicalAnd(as);
  };
  sym::ExprFactory& f = ex_.values().factory();
  // (2) assigns of the collective blocks, for f itself
  const state::Frame& fr = ev.state->stack.back();
  const state::Mark* mk = detail::findMark(fr, state::Mark::Kind::CallEntry, model::kNone);
  std::vector<Guarded> as = clausesOf(*contract_, ClauseKind::Assigns);
  if (!as.empty() && !mk)
    ex_.noteUnchecked("the assigns clauses of '" + fn + "' at " + P.where(ev.loc) +
                      " (its pre-state was not recorded)");
  if (!as.empty() && mk) {
    // per behavior (null: the default one), the union of its clauses
    std::vector<const model::Behavior*> order;
    for (const Guarded& g : as)
      if (std::find(order.begin(), order.end(), g.behavior) == order.end())
        order.push_back(g.behavior);
    for (const model::Behavior* bh : order) {
      std::vector<const model::Expr*> locs;
      std::string text;
      model::SrcLoc loc;
      for (const Guarded& g : as)
        if (g.behavior == bh) {
          locs.insert(locs.end(), g.clause->exprs.begin(), g.clause->exprs.end());
          text += (text.empty() ? "'" : "', '") + clauseText(P, *g.clause, "assigns");
          if (!loc.valid())
            loc = g.clause->loc;
        }
      std::string in = bh ? " of behavior " + bh->name : "";
      auto guard = guardOf(bh, rp);
      if (!guard || !possible(s.pc, *guard))
        continue;
      exec::LocalAnnot at;
      at.now = mk->ps;
      at.mpiRank = rp;
      at.mpiSize = int(G.size());
      detail::checkFrame(
          ex_, s,
          [&] {
            return ex_.frameObligations(mk->ps, ev.state, 1, locs, at, f.logicalAnd(s.pc, *guard),
                                        loc);
          },
          bh ? *guard : nullptr, ev.loc, p, text + "'" + in + " of '" + fn + "'", succ.step);
    }
  }
  // waitsfor (evaluated in the pre-state): every rank of the set has entered
  std::vector<Guarded> ws = clausesOf(*contract_, ClauseKind::WaitsFor);
  int n = int(G.size());
  std::vector<Expr> member(n, f.falseExpr());
  std::vector<std::string> texts;
  for (const Guarded& g : ws) {
    if (g.clause->nothing)
      continue;
    auto guard = guardOf(g.behavior, rp);
    if (!guard || !possible(s.pc, *guard))
      continue;
    texts.push_back(clauseText(P, *g.clause, "waitsfor"));
    for (const model::Expr* e : g.clause->exprs) {
      std::vector<Expr> in;
      try {
        in = ex_.evalRankSet(pre, f.logicalAnd(s.pc, *guard), e, g.clause->loc);
      } catch (const exec::ViolationError& err) {
        detail::raise(ViolationKind::WaitsFor, ev.loc, p,
                      "'" + texts.back() + "' of '" + fn +
                          "' cannot be evaluated: " + err.violation.message,
                      err.condition, succ.step);
      } catch (const exec::Unsupported& err) {
        ex_.noteUnchecked("'" + texts.back() + "' of '" + fn + "' (" + err.what() + ")");
        continue;
      }
      for (int q = 0; q < n; ++q)
        member[q] = f.logicalOr(member[q], f.logicalAnd(*guard, in[q]));
    }
  }
  for (int r = 0; r < n; ++r) {
    int q = G[size_t(r)];
    if (q == p || member[r]->isFalse())
      continue;
    // by causality: q's entry happens before p's return (p heard of it);
    // with lazy entries: q has entered
    if (causal(s) ? (s.procs[size_t(p)]->heard & bit(q)) != 0 : entered(s, q))
      continue;
    std::string list;
    for (const std::string& t : texts)
      list += (list.empty() ? "'" : ", '") + t + "'";
    detail::discharge(
        ex_, s, f.logicalNot(member[r]), ViolationKind::WaitsFor, ev.loc, p,
        [&] {
          return "process " + std::to_string(p) + " returns from '" + fn + "' before process " +
                 std::to_string(q) + ", which its " + list + " names, has entered it";
        },
        succ.step);
  }
  bool all = true;
  for (int q : G)
    all = all && returned(s, q);
  if (all)
    postconditions(ev, succ);
}

void CollectiveContractMonitor::postconditions(const exec::CallEvent& ev, exec::Successor& succ) {
  const model::Program& P = ex_.program();
  const std::string& fn = P.func(drv_->func).name;
  exec::GlobalState& s = succ.state;
  sym::ExprFactory& f = ex_.values().factory();
  const exec::GlobalState init = preState(s.pc);
  const std::vector<int>& G = ex_.contractGroup();
  int n = int(G.size());
  for (const Guarded& g : clausesOf(*contract_, ClauseKind::Ensures)) {
    const model::Clause& cl = *g.clause;
    for (int q = 0; q < n; ++q) {
      int pq = G[size_t(q)]; // rank q's process
      std::vector<std::string> reads;
      Expr guard = f.trueExpr();
      std::string in = g.behavior ? " of behavior " + g.behavior->name : "";
      std::string what = "'" + clauseText(P, cl, "ensures") + "'" + in + " of '" + fn + "'";
      if (g.behavior) {
        exec::CollectiveAt pre;
        pre.now = ofGroup(init, G);
        pre.me = q;
        auto assumed = detail::behaviorGuard(ex_, *g.behavior, [&](const model::Clause& a) {
          return detail::evaluate(
              ex_, [&] { return ex_.evalCollective(pre, s.pc, a.exprs[0], true, a.loc, nullptr); },
              ViolationKind::CollectivePostcondition, a.loc, pq, "the assumes of " + what,
              succ.step);
        });
        if (!assumed)
          continue;
        guard = *assumed;
        if (!possible(s.pc, guard))
          continue;
      }
      exec::CollectiveAt at;
      at.now = ofGroup(s, G);
      at.old = ofGroup(init, G);
      at.me = q;
      Expr under = f.logicalAnd(s.pc, guard);
      auto v = detail::evaluate(
          ex_, [&] { return ex_.evalCollective(at, under, cl.exprs[0], true, cl.loc, &reads); },
          ViolationKind::CollectivePostcondition, cl.loc, pq, "the postcondition " + what,
          succ.step);
      if (!v)
        continue;
      exec::Step st = succ.step;
      if (!reads.empty())
        st.effects.push_back("postcondition of rank " + std::to_string(q) +
                             (pq != q ? " (process " + std::to_string(pq) + ")" : "") + ": " +
                             detail::joinReads(reads));
      detail::discharge(
          ex_, s, f.implies(guard, *v), ViolationKind::CollectivePostcondition, cl.loc, pq,
          [&] {
            return "the postcondition " + what + " may not hold on process " + std::to_string(pq) +
                   " once every process has returned";
          },
          st);
    }
  }
  (void)ev;
}

} // namespace chorus::check
