#include "chorus/check/LiseMonitor.h"

#include "Obligations.h"

#include "chorus/model/Compose.h"
#include "chorus/model/Loops.h"
#include "chorus/model/NormalizeLoop.h"
#include "chorus/model/Printer.h"

#include <algorithm>

namespace chorus::check {

using exec::Expr;
using exec::GlobalState;
using state::LiseRecord;
using state::ProcState;

namespace {

std::vector<Expr> conjunctsOf(Expr e) {
  if (!e)
    return {};
  return sym::ExprFactory::conjuncts(e);
}

/// e ∧ the conjuncts of `more` (null stays null when nothing is added).
Expr conjoin(sym::ExprFactory& f, Expr e, const std::vector<Expr>& more) {
  if (more.empty())
    return e;
  std::vector<Expr> all = conjunctsOf(e);
  for (Expr c : more)
    if (std::find(all.begin(), all.end(), c) == all.end())
      all.push_back(c);
  return f.logicalAnd(all);
}

bool mentionsLise(sym::ExprFactory& f, Expr e) {
  if (!e)
    return false;
  for (Expr s : f.freeSymbols(e))
    if (exec::Executor::isLiseSymbol(s))
      return true;
  return false;
}

/// The two branches of a loop head: into the body (`in`) and out of it
/// (`out`), both without statement; false when the head is not of that form.
bool headBranches(const model::Function& fn, model::LocId head, const std::vector<bool>& body,
                  std::string& why) {
  const model::Location& L = fn.locs.at(head);
  int in = 0, out = 0;
  for (model::TransId tid : L.out) {
    const model::Transition& t = fn.trans.at(tid);
    if (t.stmt.kind != model::StmtKind::Nop) {
      why = "its head executes a statement (a call or assignment in the loop condition, or a "
            "do-while loop)";
      return false;
    }
    (t.to < body.size() && body[t.to] ? in : out)++;
  }
  if (in != 1 || out > 1) {
    why = "its head is not one condition with a true branch into the body and a false branch out "
          "of it";
    return false;
  }
  return true;
}

/// The frame slot of the exit selector a normalized loop's head tests (the
/// executor numbers a frame's slots: parameters, then locals, each once,
/// without static locals), -1 when the loop was not normalized.
int exitSlot(const model::Program& P, model::FuncId func, model::LocId head) {
  const model::Function& fn = P.func(func);
  if (head >= fn.locs.size())
    return -1;
  model::VarId x = model::kNone;
  for (model::TransId tid : fn.locs[head].out) {
    const model::Expr* g = fn.trans[tid].guard;
    if (g && g->kind == model::ExprKind::Binary && !g->kids.empty() &&
        g->kids[0]->kind == model::ExprKind::Var && P.var(g->kids[0]->var).loopExitSelector)
      x = g->kids[0]->var;
  }
  if (x == model::kNone)
    return -1;
  std::vector<model::VarId> slots;
  for (const std::vector<model::VarId>* vs : {&fn.params, &fn.locals})
    for (model::VarId v : *vs)
      if (!P.var(v).isGlobalStorage() && std::find(slots.begin(), slots.end(), v) == slots.end())
        slots.push_back(v);
  auto it = std::find(slots.begin(), slots.end(), x);
  return it == slots.end() ? -1 : int(it - slots.begin());
}

} // namespace

void LiseMonitor::normalize(model::Program& P) {
  bool composed = !P.components.empty();
  std::vector<std::pair<model::FuncId, model::LocId>> heads;
  for (const model::CollectiveAnnot& a : P.collectives)
    if (a.kind == model::CollectiveKind::Invariant && (!a.joint || composed))
      heads.emplace_back(a.func, a.at);
  for (const model::LoopAnnot& a : P.loops)
    if (!a.invariants.empty())
      heads.emplace_back(a.func, a.head);
  for (auto [func, head] : heads) {
    if (func >= P.funcs.size() || head >= P.func(func).locs.size() ||
        !P.func(func).locs[head].loopHead)
      continue; // reported by problems()
    model::LocId h = model::normalizeLoop(P, func, head);
    if (h == head)
      continue;
    for (model::CollectiveAnnot& a : P.collectives)
      if (a.func == func && a.at == head)
        a.at = h;
    for (model::LoopAnnot& a : P.loops)
      if (a.func == func && a.head == head)
        a.head = h;
  }
}

std::vector<std::pair<model::SrcLoc, std::string>> LiseMonitor::problems(const model::Program& P) {
  std::vector<std::pair<model::SrcLoc, std::string>> out;
  auto checkLoop = [&](model::FuncId func, model::LocId head, const std::string& what,
                       model::SrcLoc annot) {
    if (func >= P.funcs.size() || head == model::kNone)
      return;
    const model::Function& fn = P.func(func);
    if (head >= fn.locs.size() || !fn.locs[head].loopHead) {
      out.emplace_back(annot, what + " is not before a loop");
      return;
    }
    std::vector<bool> body = model::naturalLoop(fn, head);
    std::string why;
    if (!headBranches(fn, head, body, why)) {
      out.emplace_back(fn.locs[head].loc, "--lise cannot handle the loop of the " + what + " (" +
                                              P.where(annot) + "): " + why);
      return;
    }
    for (const model::Transition& t : fn.trans)
      if (t.from != head && t.from < body.size() && body[t.from] &&
          !(t.to < body.size() && body[t.to])) {
        out.emplace_back(t.loc.valid() ? t.loc : fn.locs[t.from].loc,
                         "--lise cannot handle the loop of the " + what + " (" + P.where(annot) +
                             "): it is left here other than by its condition (break, return or "
                             "goto); LISE needs the condition to be the loop's only exit");
        return;
      }
  };
  // joint invariants belong to compositions (compare); verify ignores them
  bool composed = !P.components.empty();
  for (const model::CollectiveAnnot& a : P.collectives)
    if (a.kind == model::CollectiveKind::Invariant && (!a.joint || composed))
      checkLoop(a.func, a.at, (a.joint ? "joint invariant " : "collective invariant ") + a.id,
                a.loc);
  for (const model::LoopAnnot& a : P.loops)
    if (!a.invariants.empty())
      checkLoop(a.func, a.head, "loop invariant", a.loc);
  return out;
}

LiseMonitor::LiseMonitor(exec::Executor& ex) : ex_(ex) {
  const model::Program& P = ex.program();
  // A composition (compare, seed 004 §3: parallel composition): joint
  // annotations are over all the processes of both programs, collective
  // ones over the processes of their own program (one queue per scope).
  bool composed = !P.components.empty();
  std::vector<std::string> ids;
  auto idOf = [&](const std::string& name) {
    for (uint32_t k = 0; k < ids.size(); ++k)
      if (ids[k] == name)
        return k;
    ids.push_back(name);
    return uint32_t(ids.size() - 1);
  };
  for (const model::CollectiveAnnot& a : P.collectives) {
    if (a.joint && !composed)
      continue;
    int scope = a.joint || !composed ? -1 : model::componentOfFunc(P, a.func);
    uint64_t key = (uint64_t(a.func) << 32) | a.at;
    auto it = byLoc_.find(key);
    if (it != byLoc_.end()) { // one action per location (seed 000 Def. 3)
      actions_[it->second].annots.push_back(&a);
      continue;
    }
    Action act;
    act.loop = a.kind == model::CollectiveKind::Invariant;
    act.name = std::string(a.joint ? "joint " : "collective ") +
               (act.loop ? "invariant " : "assertion ") + a.id;
    act.scope = scope;
    act.id = idOf((a.joint ? "joint " : "collective ") + a.id +
                  (scope >= 0 ? "@" + std::to_string(scope) : ""));
    act.annots.push_back(&a);
    act.func = a.func;
    act.at = a.at;
    act.loc = a.loc;
    if (act.loop) {
      act.body = model::naturalLoop(P.func(a.func), a.at);
      act.exitSlot = exitSlot(P, a.func, a.at);
    }
    byLoc_[key] = uint32_t(actions_.size());
    actions_.push_back(std::move(act));
  }
  for (const model::LoopAnnot& a : P.loops) {
    if (a.invariants.empty() || a.func >= P.funcs.size() || a.head == model::kNone)
      continue;
    uint64_t key = (uint64_t(a.func) << 32) | a.head;
    if (byLoc_.count(key))
      continue; // a collective invariant on the same loop: that one
    Action act;
    act.loop = true;
    act.local = true;
    act.name = "loop invariant at " + P.where(a.loc);
    // the id names the loop too: two annotations may share a location
    // (--infer-invariants merges each loop's candidates into one
    // annotation at the pseudo-file's line 0; with one id for both loops
    // of matrix.c a completed record popped the other loop's, and the
    // search never converged)
    act.id = idOf(act.name + " #" + std::to_string(a.func) + ":" + std::to_string(a.head));
    act.acsl = &a;
    act.func = a.func;
    act.at = a.head;
    act.loc = a.invariantLocs.empty() ? a.loc : a.invariantLocs.front();
    act.body = model::naturalLoop(P.func(a.func), a.head);
    act.exitSlot = exitSlot(P, a.func, a.head);
    byLoc_[key] = uint32_t(actions_.size());
    actions_.push_back(std::move(act));
  }
  idAction_.assign(ids.size(), 0);
  for (uint32_t k = actions_.size(); k-- > 0;)
    idAction_[actions_[k].id] = k;
}

std::string LiseMonitor::whereLoop(const Action& a) const {
  const model::Program& P = ex_.program();
  // an annotation in the source: its location; one of --infer-invariants
  // (a pseudo-file): the loop's
  if (a.loc.file < P.files.size() && !P.files[a.loc.file].empty() && P.files[a.loc.file][0] != '<')
    return P.where(a.loc);
  model::SrcLoc head;
  if (a.func < P.funcs.size() && a.at < P.func(a.func).locs.size())
    head = P.func(a.func).locs[a.at].loc;
  return (a.loop ? "the loop at " : "at ") + P.where(head.valid() ? head : a.loc);
}

const LiseMonitor::Action* LiseMonitor::actionAt(const ProcState& ps) const {
  if (ps.stack.empty())
    return nullptr;
  const state::Frame& top = ps.stack.back();
  auto it = byLoc_.find((uint64_t(top.func) << 32) | top.loc);
  return it == byLoc_.end() ? nullptr : &actions_[it->second];
}

bool LiseMonitor::over(const Action& a, int p) const {
  return a.scope < 0 || ex_.componentOf(p) == a.scope;
}

namespace {

/// currentLoopRecord(p, s) of seed 004 §2.3 and the whole loop nest of p:
/// (in queue?, index) of the records, innermost last.
std::vector<std::pair<bool, size_t>> loopNest(const GlobalState& s, int p) {
  std::vector<std::pair<bool, size_t>> T;
  auto visit = [&](const LiseRecord& r, bool inQueue, size_t i) {
    if (!r.loop || size_t(p) >= r.snaps.size() || !r.snaps[p])
      return;
    if (!T.empty()) {
      const auto& [q, k] = T.back();
      const LiseRecord& top = q ? s.liseQueue[k] : s.liseStack[k];
      if (top.id == r.id)
        T.pop_back();
    }
    if (r.isTrue)
      T.emplace_back(inQueue, i);
  };
  for (size_t i = 0; i < s.liseStack.size(); ++i)
    visit(s.liseStack[i], false, i);
  for (size_t i = 0; i < s.liseQueue.size(); ++i)
    visit(s.liseQueue[i], true, i);
  return T;
}

LiseRecord& recordAt(GlobalState& s, const std::pair<bool, size_t>& at) {
  return at.first ? s.liseQueue[at.second] : s.liseStack[at.second];
}

} // namespace

bool LiseMonitor::leavingByExit(const Action& a, const ProcState& ps) {
  if (a.exitSlot < 0 || ps.stack.empty() || size_t(a.exitSlot) >= ps.stack.back().slots.size())
    return false;
  Expr x = ps.stack.back().slots[a.exitSlot];
  return x && x->kind() == sym::Kind::NumConst && !x->isZero();
}

bool LiseMonitor::before(const GlobalState& s, int p, Prep& out) {
  const ProcState& ps = *s.procs[p];
  if (ps.terminated() || ps.callPhase != 0 || ps.collWait || ps.syncDest >= 0)
    return false;
  const Action* a = actionAt(ps);
  if (!a || !a->loop)
    return false;
  out.action = uint32_t(a - actions_.data());
  out.W.clear();
  auto nest = loopNest(s, p);
  if (!nest.empty()) {
    const LiseRecord& r0 =
        nest.back().first ? s.liseQueue[nest.back().second] : s.liseStack[nest.back().second];
    if (r0.id == a->id && size_t(p) < r0.writeset.size())
      out.W = r0.writeset[p];
  }
  // Leaving a normalized loop by an exit of its body (break, return, goto,
  // a condition evaluated in the body): the process arrives with exit
  // selector k != 0 and takes the head's false branch. That state is
  // reached by exact execution from the last havoc, so it is not havocked
  // again: the exit's own condition (i == 7 at a break) stays known after
  // the loop, as the negated condition does at an ordinary head.
  if (leavingByExit(*a, ps))
    out.W.clear();
  out.state = s;
  out.relation = out.facts = nullptr;
  if (out.W.empty())
    return true;
  std::vector<Expr> rel, facts;
  const ProcState* h = ex_.liseHavoc(ps, out.W, out.state.fresh, rel, facts);
  if (!h)
    return true;
  sym::ExprFactory& f = ex_.values().factory();
  out.state.procs[p] = h;
  out.relation = f.logicalAnd(rel);
  out.facts = facts.empty() ? nullptr : f.logicalAnd(facts);
  out.state.pc = conjoin(f, out.state.pc, conjunctsOf(out.relation));
  out.state.pc = conjoin(f, out.state.pc, facts);
  return true;
}

void LiseMonitor::after(const GlobalState& base, exec::Successor& succ, int p, const Prep* prep) {
  GlobalState& s = succ.state;
  sym::ExprFactory& f = ex_.values().factory();
  // the conjuncts this move added to the path condition
  std::vector<Expr> added;
  if (s.pc != base.pc) {
    std::vector<Expr> old = conjunctsOf(base.pc);
    std::sort(old.begin(), old.end());
    for (Expr c : conjunctsOf(s.pc))
      if (!std::binary_search(old.begin(), old.end(), c))
        added.push_back(c);
  }
  if (prep) {
    // a loop transition (Fig. 3): the branch taken from the head
    const Action& a = actions_[prep->action];
    const ProcState* ps = s.procs[p];
    bool isTrue = !ps->stack.empty() && ps->stack.size() == base.procs[p]->stack.size() &&
                  ps->stack.back().loc < a.body.size() && a.body[ps->stack.back().loc];
    std::vector<Expr> ppc = added;
    for (Expr c : conjunctsOf(prep->facts))
      ppc.push_back(c);
    arrive(s, succ, p, a, base.procs[p], isTrue, prep->W, f.logicalAnd(ppc), prep->relation);
    // the branch may land on a collective assertion: the statement right
    // after the loop (diffusion's `joint assert END`) or the first of the
    // body; it is reached by this move (was skipped: an assertion right
    // after an annotated loop was never checked, so `0 == 1` there was
    // "verified")
    if (succ.arrived)
      if (const Action* b = actionAt(*s.procs[p]); b && !b->loop)
        arrive(s, succ, p, *b, s.procs[p], false, {}, nullptr, nullptr);
    return;
  }
  // an ordinary move: the write sets of p's loop records grow by what it
  // wrote, its assumptions belong to its current loop record
  auto nest = loopNest(s, p);
  if (!nest.empty()) {
    const ProcState &from = *base.procs[p], &to = *s.procs[p];
    if (&from != &to)
      for (const auto& at : nest) {
        LiseRecord& r = recordAt(s, at);
        std::vector<uint64_t> w = ex_.writtenPlaces(from, to, r.snaps[p]->stack.size());
        if (w.empty())
          continue;
        const std::vector<uint64_t>& ws = r.writeset[p];
        if (std::includes(ws.begin(), ws.end(), w.begin(), w.end()))
          continue; // (the usual case after the first iteration: nothing new)
        std::vector<uint64_t> merged;
        std::set_union(ws.begin(), ws.end(), w.begin(), w.end(), std::back_inserter(merged));
        r.writeset.set(p, std::move(merged));
      }
    if (!added.empty()) {
      LiseRecord& r = recordAt(s, nest.back());
      r.ppc = conjoin(f, r.ppc, added);
    }
  }
  // a collective assertion (a record of the same queue)
  if (succ.arrived)
    if (const Action* a = actionAt(*s.procs[p]); a && !a->loop)
      arrive(s, succ, p, *a, s.procs[p], false, {}, nullptr, nullptr);
}

void LiseMonitor::arrive(GlobalState& s, exec::Successor& succ, int p, const Action& a,
                         const ProcState* snap, bool isTrue, const std::vector<uint64_t>& W,
                         Expr ppc, Expr relation) {
  sym::ExprFactory& f = ex_.values().factory();
  size_t n = s.procs.size();
  // the oldest record this process has not filled (Fig. 3 lines 4-8)
  size_t i1 = s.liseQueue.size();
  if (!a.local)
    for (size_t i = 0; i < s.liseQueue.size(); ++i) {
      const LiseRecord& r = s.liseQueue[i];
      const Action& ra = actions_[idAction_[r.id]];
      if (!ra.local && ra.scope == a.scope && !r.snaps[p]) {
        i1 = i;
        break;
      }
    }
  if (i1 < s.liseQueue.size()) {
    const LiseRecord& r1 = s.liseQueue[i1];
    const Action& ra = actions_[idAction_[r1.id]];
    if (r1.id != a.id) {
      // Reported at the action whose record is out of order, where the
      // process that opened the record reached it: the annotated loop that
      // p skipped or reached in another order (an --infer-invariants run
      // drops that loop's annotation). The message names both.
      int q = -1;
      for (size_t k = 0; k < n && q < 0; ++k)
        if (r1.snaps[k])
          q = int(k);
      const Action* qa = q >= 0 ? actionAt(*r1.snaps[q]) : nullptr;
      if (!qa || qa->id != r1.id)
        qa = &ra;
      detail::raise(ViolationKind::OutOfOrderArrival, qa->loc, q >= 0 ? q : p,
                    "process " + std::to_string(q >= 0 ? q : p) + " reached the " + qa->name +
                        " (" + whereLoop(*qa) + ") where process " + std::to_string(p) +
                        " reached the " + a.name + " (" + whereLoop(a) +
                        ") instead (collective actions reached in different orders)",
                    s.pc, succ.step);
    }
    if (r1.isTrue != isTrue) {
      int other = -1;
      for (size_t q = 0; q < n && other < 0; ++q)
        if (r1.snaps[q])
          other = int(q);
      detail::raise(ViolationKind::ConflictingLoopExit, a.loc, p,
                    "process " + std::to_string(p) + (isTrue ? " enters" : " leaves") +
                        " the loop of the " + a.name + " on an iteration on which process " +
                        std::to_string(other) + (isTrue ? " left it" : " entered it") +
                        " (processes leave the loop on different iterations)",
                    s.pc, succ.step);
    }
  } else {
    LiseRecord r;
    r.id = a.id;
    r.loop = a.loop;
    r.isTrue = isTrue;
    r.snaps.assign(n, nullptr);
    r.writeset.assign(n);
    s.liseQueue.push_back(std::move(r));
  }
  LiseRecord& r = s.liseQueue[i1];
  r.snaps[p] = snap;
  if (a.loop)
    r.writeset.set(p, W);
  if (ppc && !ppc->isTrue())
    r.ppc = conjoin(f, r.ppc, conjunctsOf(ppc));
  if (relation && !relation->isTrue())
    r.relation = conjoin(f, r.relation, conjunctsOf(relation));
  // complete? (Fig. 3 line 18)
  for (size_t q = 0; q < n; ++q)
    if (!r.snaps[q] && (a.local ? q == size_t(p) : over(a, int(q))))
      return;
  LiseRecord done = std::move(r);
  s.liseQueue.erase(s.liseQueue.begin() + long(i1));
  complete(s, std::move(done), succ.step);
}

std::vector<model::SrcLoc>
LiseMonitor::failingParts(const GlobalState& s, const std::vector<Expr>& cs,
                          const std::vector<std::pair<size_t, model::SrcLoc>>& whose, int& proc) {
  std::vector<model::SrcLoc> out;
  if (cs.size() < 2)
    return out;
  for (size_t i = 0; i < cs.size(); ++i) {
    const model::SrcLoc& l = whose[i].second;
    bool seen = false;
    for (const model::SrcLoc& o : out)
      seen = seen || (o.file == l.file && o.line == l.line && o.col == l.col);
    if (seen || ex_.oracle().valid(s.pc, cs[i]) == exec::Answer::Yes)
      continue;
    if (out.empty())
      proc = int(whose[i].first);
    out.push_back(l);
  }
  return out;
}

void LiseMonitor::complete(GlobalState& s, LiseRecord r, const exec::Step& step) {
  const model::Program& P = ex_.program();
  sym::ExprFactory& f = ex_.values().factory();
  const Action& a0 = actions_[idAction_[r.id]];
  size_t n = s.procs.size();
  // the claim: the conjunction of every snapshot's invariant (lines 19-21)
  std::vector<Expr> cs;
  std::vector<std::pair<size_t, model::SrcLoc>> whose; ///< per conjunct: process, annotation
  std::vector<std::string> reads;
  int first = -1;
  for (size_t q = 0; q < n; ++q) {
    if (!r.snaps[q])
      continue;
    if (first < 0)
      first = int(q);
    const Action* a = actionAt(*r.snaps[q]);
    if (!a)
      a = &a0;
    // A normalized loop left by an exit of its body: the invariant is
    // claimed at the top of each iteration, not on the way out (a
    // do-while's or a break's exit state need not satisfy it).
    if (a->loop && leavingByExit(*a, *r.snaps[q]))
      continue;
    if (a->local) {
      const model::LoopAnnot& la = *a->acsl;
      exec::LocalAnnot at;
      at.now = r.snaps[q];
      for (size_t i = 0; i < la.invariants.size(); ++i) {
        model::SrcLoc loc = i < la.invariantLocs.size() ? la.invariantLocs[i] : la.loc;
        auto v = detail::evaluate(
            ex_, [&] { return ex_.evalLocal(at, s.pc, la.invariants[i], true, loc, &reads); },
            ViolationKind::LoopInvariant, loc, int(q),
            "the 'loop invariant " + model::toString(P, la.invariants[i]) + "'", step);
        if (v) {
          cs.push_back(*v);
          whose.emplace_back(q, loc);
        }
      }
    } else {
      for (const model::CollectiveAnnot* an : a->annots) {
        ViolationKind k =
            a->loop ? ViolationKind::CollectiveInvariant : ViolationKind::CollectiveAssertion;
        auto v = detail::evaluate(
            ex_,
            [&] {
              // (a loop's claim joins the path condition once the relation
              // that may fix a quantifier's range is dropped: the range is
              // kept symbolic, else `forall k < i` taken at i == 1 would
              // be assumed as k == 0 alone for every later iteration)
              return ex_.evalAnnotation(r.snaps, int(q), s.pc, an->expr, an->loc, &reads, {},
                                        !r.loop);
            },
            k, an->loc, int(q), "the " + a->name, step);
        if (v) {
          cs.push_back(*v);
          whose.emplace_back(q, an->loc);
        }
      }
    }
  }
  Expr claim = f.logicalAnd(cs);
  if (r.loop)
    ++proofs_;
  if (!exec::trivial(claim)) {
    exec::Answer ans = claim->isFalse() ? exec::Answer::No : ex_.oracle().valid(s.pc, claim);
    if (ans == exec::Answer::No) {
      bool possible = s.liseAbstracted;
      ViolationKind k = possible   ? ViolationKind::PossibleInvariantViolation
                        : !a0.loop ? ViolationKind::CollectiveAssertion
                        : a0.local ? ViolationKind::LoopInvariant
                                   : ViolationKind::CollectiveInvariant;
      if (!r.loop && possible)
        k = ViolationKind::CollectiveAssertion;
      bool entry = true; // no record of an earlier iteration: the base case
      for (const LiseRecord& t : s.liseStack)
        entry = entry && !(t.id == r.id && size_t(first) < t.snaps.size() && t.snaps[first]);
      std::string msg = "the " + a0.name + " may not hold";
      if (r.loop && entry)
        msg += " when the loop is entered (base case)";
      else if (r.loop)
        msg += std::string(" after an iteration of the loop (inductive step") +
               (possible ? ": the invariant, assumed at the start of an arbitrary iteration, "
                           "may not hold at its end)"
                         : ")");
      if (possible)
        msg += "; possible: the counterexample starts from values the invariant admits, which "
               "no run may reach";
      exec::Step st = step;
      if (!reads.empty())
        st.effects.push_back("snapshots: " + detail::joinReads(reads));
      // the report names the first process whose part fails (a joint
      // invariant: the implementation's annotation, not the specification's)
      model::SrcLoc at = a0.loc;
      int proc = first;
      std::vector<model::SrcLoc> failing = failingParts(s, cs, whose, proc);
      if (!failing.empty())
        at = failing.front();
      // several annotations at one loop are one action (seed 004 §2.2: a
      // location is in at most one collective assertion), named by the
      // first: the message names the one that fails (was the first's name
      // with the second's location)
      for (const model::CollectiveAnnot& an : P.collectives)
        if (an.loc.file == at.file && an.loc.line == at.line && an.loc.col == at.col) {
          std::string name =
              std::string(an.joint ? "joint " : "collective ") +
              (an.kind == model::CollectiveKind::Invariant ? "invariant " : "assertion ") + an.id;
          std::string old = "the " + a0.name;
          if (name != a0.name && msg.rfind(old, 0) == 0)
            msg = "the " + name + msg.substr(old.size());
          break;
        }
      exec::ViolationError e;
      e.violation.kind = k;
      e.violation.loc = at;
      e.violation.proc = proc;
      e.violation.message = msg;
      e.violation.failing = failing.empty() ? std::vector<model::SrcLoc>{at} : failing;
      e.condition = f.logicalAnd(s.pc, f.logicalNot(claim));
      e.step = std::move(st);
      throw e;
    }
    if (ans != exec::Answer::Yes) {
      // undecided: named by the annotations the prover could not decide
      // (each location once), the claim assumed
      int proc = first;
      std::vector<model::SrcLoc> failing = failingParts(s, cs, whose, proc);
      std::string where;
      for (const model::SrcLoc& l : failing)
        where += (where.empty() ? "" : ", ") + P.where(l);
      ex_.noteUndecided(a0.name + " at " + (where.empty() ? P.where(a0.loc) : where));
      s.pc = f.logicalAnd(s.pc, claim);
    }
  }
  if (!r.loop)
    return; // a collective assertion: nothing more (its ppc and relation are true)
  // line 22: the claim joins the record's assumptions, its relation is dropped
  std::vector<Expr> drop = conjunctsOf(r.relation);
  size_t relationSize = drop.size();
  r.ppc = conjoin(f, r.ppc, conjunctsOf(claim));
  r.relation = nullptr;
  s.pc = conjoin(f, s.pc, conjunctsOf(claim)); // (implied now, not once the relation is gone)
  // lines 24-25: the previous iteration's record is forgotten
  int owner = first;
  for (size_t k = s.liseStack.size(); k-- > 0;) {
    const LiseRecord& t = s.liseStack[k];
    if (t.id == r.id && size_t(owner) < t.snaps.size() && t.snaps[owner]) {
      for (Expr c : conjunctsOf(t.ppc))
        drop.push_back(c);
      s.liseStack.erase(s.liseStack.begin() + long(k));
      break;
    }
  }
  if (r.isTrue) {
    s.liseStack.push_back(r); // line 27
  } else {
    // lines 28-31: what is remembered after the loop: the exit conditions
    // and the invariant, in the enclosing loop's record (or for good)
    for (size_t k = s.liseStack.size(); k-- > 0;) {
      LiseRecord& t = s.liseStack[k];
      if (size_t(owner) < t.snaps.size() && t.snaps[owner]) {
        t.ppc = conjoin(f, t.ppc, conjunctsOf(r.ppc));
        break;
      }
    }
  }
  // Drop from the path condition what no record holds any more: the
  // relation to the previous values, and conjuncts over fresh symbols that
  // no value of the state holds any more (the popped record's assumptions
  // on the previous iteration, unless a value still depends on them, e.g.
  // a message received from that iteration and not yet havocked). Only
  // conjuncts over the fresh symbols are forgotten: the others (conditions
  // on the inputs) may belong to the permanent part, and keeping them only
  // strengthens the path condition soundly.
  std::vector<Expr> held;
  auto hold = [&](const LiseRecord& x) {
    for (Expr e : {x.ppc, x.relation})
      for (Expr c : conjunctsOf(e))
        held.push_back(c);
  };
  for (const LiseRecord& x : s.liseQueue)
    hold(x);
  for (const LiseRecord& x : s.liseStack)
    hold(x);
  if (!r.isTrue)
    hold(r);
  std::sort(held.begin(), held.end());
  std::vector<Expr> rel = std::move(drop);
  rel.resize(relationSize);
  std::sort(rel.begin(), rel.end());
  std::vector<Expr> live = ex_.liveLiseSymbols(s);
  // (every fresh symbol of the conjunct still held by a value: a conjunct
  // relating a live symbol to a dead one, such as an inner loop's guard on
  // its previous counter against the outer counter, is dropped — keeping
  // it would grow the path condition by one conjunct per iteration)
  auto isLive = [&](Expr c) {
    for (Expr y : f.freeSymbols(c))
      if (exec::Executor::isLiseSymbol(y) && !std::binary_search(live.begin(), live.end(), y))
        return false;
    return true;
  };
  std::vector<Expr> keep, all = conjunctsOf(s.pc);
  for (Expr c : all)
    if (!mentionsLise(f, c) || std::binary_search(held.begin(), held.end(), c) ||
        (!std::binary_search(rel.begin(), rel.end(), c) && isLive(c)))
      keep.push_back(c);
  if (keep.size() < all.size()) {
    s.pc = f.logicalAnd(keep);
    s.liseAbstracted = true;
  }
}

void LiseMonitor::terminal(const GlobalState& s) const {
  if (s.liseQueue.empty())
    return;
  const LiseRecord& r = s.liseQueue.front();
  const Action& a = actions_[idAction_[r.id]];
  std::string who, missing;
  int proc = -1;
  for (size_t q = 0; q < r.snaps.size(); ++q) {
    if (r.snaps[q] && proc < 0)
      proc = int(q);
    if (!r.snaps[q])
      missing += (missing.empty() ? "" : ", ") + std::to_string(q);
  }
  exec::Step st;
  st.proc = proc;
  detail::raise(ViolationKind::CollectiveIncomplete, a.loc, proc,
                "the program terminated while the " + a.name + " was reached by process " +
                    std::to_string(proc) + " but not by process(es) " + missing,
                s.pc, st);
}

} // namespace chorus::check
