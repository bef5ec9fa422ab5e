#include "chorus/check/LoopMonitor.h"

#include "Obligations.h"

#include "chorus/model/Loops.h"
#include "chorus/model/Printer.h"

#include <optional>

namespace chorus::check {

using exec::Expr;
using state::Mark;

LoopMonitor::LoopMonitor(exec::Executor& ex, bool skipInvariants)
    : ex_(ex), skipInvariants_(skipInvariants) {
  const model::Program& P = ex.program();
  for (const model::LoopAnnot& a : P.loops) {
    if (a.func >= P.funcs.size() || a.head == model::kNone)
      continue;
    uint64_t key = (uint64_t(a.func) << 32) | a.head;
    if (byHead_.count(key))
      continue; // (one loop annotation per loop: the front end merges them)
    byHead_[key] = loops_.size();
    loops_.push_back(Loop{&a, model::naturalLoop(P.func(a.func), a.head)});
  }
  for (const model::Function& fn : P.funcs)
    for (const model::Transition& t : fn.trans)
      if (t.stmt.kind == model::StmtKind::Call && t.stmt.callee &&
          t.stmt.callee->kind == model::ExprKind::Func &&
          P.func(t.stmt.callee->func).name == "pthread_create")
        threaded_ = true;
}

const LoopMonitor::Loop* LoopMonitor::loopAt(model::FuncId f, model::LocId l) const {
  auto it = byHead_.find((uint64_t(f) << 32) | l);
  return it == byHead_.end() ? nullptr : &loops_[it->second];
}

void LoopMonitor::after(const exec::GlobalState& from, exec::Successor& succ, int p) {
  // A violation in a process with threads names the thread.
  const size_t thr = size_t(succ.step.thread);
  try {
    afterThread(from, succ, p, thr);
  } catch (exec::ViolationError& e) {
    if (e.violation.thread < 0 &&
        (!succ.state.procs[p]->threads.empty() || !from.procs[p]->threads.empty()))
      e.violation.thread = int(thr);
    throw;
  }
}

void LoopMonitor::frameMove(const exec::GlobalState& from, exec::Successor& succ, int p,
                            size_t thr) {
  const state::ProcState* before = from.procs[p];
  const state::ProcState* after = succ.state.procs[p];
  if (before->terminated() || after->terminated() || thr >= before->numThreads() ||
      thr >= after->numThreads() || before == after)
    return;
  const model::Program& P = ex_.program();
  const std::vector<state::Frame>& st = before->stackOf(thr);
  for (size_t j = 0; j < st.size(); ++j) {
    const state::Frame& fr = st[j];
    for (const Mark& mk : fr.marks) {
      if (mk.kind != Mark::Kind::LoopEntry || !mk.ps)
        continue;
      const Loop* l = loopAt(fr.func, mk.at);
      if (!l || !l->annot->assignsLoc.valid())
        continue;
      // a move of the loop: from its body (or from a call made there); a
      // move that returns out of the loop's function writes the caller's
      if (j + 1 == st.size() && (fr.loc >= l->body.size() || !l->body[fr.loc]))
        continue;
      if (after->stackOf(thr).size() <= j)
        continue;
      const model::LoopAnnot& a = *l->annot;
      std::string clause = "'loop assigns ";
      for (size_t i = 0; i < a.assigns.size(); ++i)
        clause += (i ? ", " : "") + model::toString(P, a.assigns[i]);
      if (a.assigns.empty())
        clause += "\\nothing";
      clause += "' (" + P.where(a.assignsLoc) + "; a write of thread " + std::to_string(thr) +
                " in the loop)";
      // (the locations are evaluated at the loop's entry, in its frame)
      exec::LocalAnnot at;
      at.now = mk.ps;
      at.thread = int(thr);
      exec::GlobalState& s = succ.state;
      bool own = succ.step.proc == p;
      detail::checkFrame(
          ex_, s,
          [&] {
            return ex_.frameObligations(before, after, j + 1, a.assigns, at, s.pc, a.assignsLoc,
                                        mk.ps, own ? &succ.accesses : nullptr);
          },
          nullptr, own ? succ.step.loc : a.assignsLoc, p, clause, succ.step);
    }
  }
}

void LoopMonitor::afterThread(const exec::GlobalState& from, exec::Successor& succ, int p,
                              size_t thr) {
  if (threaded_)
    frameMove(from, succ, p, thr);
  exec::GlobalState& s = succ.state;
  const state::ProcState* ps = s.procs[p];
  // the moving thread's frames (with threads, each thread's loops are
  // checked at its own arrivals, reading shared memory as it is then)
  if (ps->terminated() || thr >= ps->numThreads() || ps->stackOf(thr).empty())
    return;
  const model::Program& P = ex_.program();
  const std::vector<state::Frame>& stack = ps->stackOf(thr);
  size_t d = stack.size() - 1;
  const state::Frame& top = stack.back();
  // The marks of loops the top frame has left.
  bool stale = false;
  for (const Mark& m : top.marks)
    if (m.kind != Mark::Kind::CallEntry) {
      const Loop* l = loopAt(top.func, m.at);
      stale = stale || !l || top.loc >= l->body.size() || !l->body[top.loc];
    }
  std::vector<Mark> marks = top.marks;
  if (stale) {
    std::erase_if(marks, [&](const Mark& m) {
      if (m.kind == Mark::Kind::CallEntry)
        return false;
      const Loop* l = loopAt(top.func, m.at);
      return !l || top.loc >= l->body.size() || !l->body[top.loc];
    });
  }
  const Loop* loop =
      succ.arrived && !exec::insideCall(*ps, thr) ? loopAt(top.func, top.loc) : nullptr;
  if (loop) {
    const model::LoopAnnot& a = *loop->annot;
    sym::ExprFactory& f = ex_.values().factory();
    const Mark* entered = nullptr;
    const Mark* prev = nullptr;
    for (const Mark& m : marks)
      if (m.at == a.head && m.kind == Mark::Kind::LoopEntry)
        entered = &m;
      else if (m.at == a.head && m.kind == Mark::Kind::LoopPrev)
        prev = &m;
    bool first = !entered;
    exec::LocalAnnot at;
    at.now = ps;
    at.thread = int(thr);
    std::vector<std::string> reads;
    auto step = [&]() {
      exec::Step st = succ.step;
      if (!reads.empty())
        st.effects.push_back("loop annotation: " + detail::joinReads(reads));
      return st;
    };
    for (size_t i = 0; i < a.invariants.size() && !skipInvariants_; ++i) {
      model::SrcLoc loc = i < a.invariantLocs.size() ? a.invariantLocs[i] : a.loc;
      std::string what = "'loop invariant " + model::toString(P, a.invariants[i]) + "'";
      reads.clear();
      auto v = detail::evaluate(
          ex_, [&] { return ex_.evalLocal(at, s.pc, a.invariants[i], true, loc, &reads); },
          ViolationKind::LoopInvariant, loc, p, "the " + what, succ.step);
      if (!v)
        continue;
      detail::discharge(
          ex_, s, *v, ViolationKind::LoopInvariant, loc, p,
          [&] {
            return "the " + what +
                   (first ? " may not hold when the loop is entered"
                          : " may not be preserved by an iteration of the loop");
          },
          step());
    }
    if (!first && entered->ps && a.assignsLoc.valid() && !threaded_) {
      std::string clause = "'loop assigns ";
      for (size_t i = 0; i < a.assigns.size(); ++i)
        clause += (i ? ", " : "") + model::toString(P, a.assigns[i]);
      if (a.assigns.empty())
        clause += "\\nothing";
      clause += "' (" + P.where(a.assignsLoc) + ")";
      detail::checkFrame(
          ex_, s,
          [&] {
            return ex_.frameObligations(entered->ps, ps, d + 1, a.assigns, at, s.pc, a.assignsLoc);
          },
          nullptr, a.assignsLoc, p, clause, succ.step);
    }
    Expr variant = nullptr;
    if (a.variant) {
      std::string what =
          "'loop variant " + model::toString(P, a.variant) + "' (" + P.where(a.variantLoc) + ")";
      reads.clear();
      auto v = detail::evaluate(
          ex_, [&] { return ex_.evalLocal(at, s.pc, a.variant, false, a.variantLoc, &reads); },
          ViolationKind::LoopVariant, a.variantLoc, p, "the " + what, succ.step);
      if (v && (*v)->type()->isInt()) {
        variant = *v;
        if (prev && prev->value) {
          Expr old = prev->value;
          detail::discharge(
              ex_, s, f.le(f.intConst(0), old), ViolationKind::LoopVariant, a.variantLoc, p,
              [&] { return "the " + what + " may be negative at the start of an iteration"; },
              step());
          detail::discharge(
              ex_, s, f.lt(variant, old), ViolationKind::LoopVariant, a.variantLoc, p,
              [&] { return "the " + what + " may not decrease in an iteration of the loop"; },
              step());
        }
      } else if (v) {
        ex_.noteUnchecked("the " + what + " (not an integer value)");
      }
    }
    // record the entry (and the variant of this arrival)
    if (first)
      marks.push_back(Mark{Mark::Kind::LoopEntry, a.head,
                           a.assignsLoc.valid() ? detail::withoutMarks(ex_, ps) : nullptr,
                           nullptr});
    if (a.variant) {
      std::erase_if(
          marks, [&](const Mark& m) { return m.kind == Mark::Kind::LoopPrev && m.at == a.head; });
      marks.push_back(Mark{Mark::Kind::LoopPrev, a.head, nullptr, variant});
    }
  }
  if (marks != top.marks) {
    state::ProcState q = *ps;
    (thr == 0 ? q.stack : q.threads[thr].stack).back().marks = std::move(marks);
    s.procs[p] = ex_.interner().intern(std::move(q));
  }
}

} // namespace chorus::check
