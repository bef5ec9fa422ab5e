// Parallel assertions (seed 003 §III-IV; DESIGN-NOTES.md "Parallel
// assertions"). The front end brackets a region `thru { ... } passert(e)`
// with `$passert_begin(k)` before it and `$passert_end(k)` on every way out
// of it. BEGIN adds a Pending instance to the thread (latches false); it is
// Live from the thread's next move on, so no event of another thread falls
// between BEGIN and the thread's first statement in the region. After every
// move of any thread of the process, every Live instance's condition is
// evaluated once per event of the move (each read or write of the program,
// in order; once when the move has none), in the frame of the region's
// function, with that event's observation (LW/RW/LR/RR: the event's place
// overlaps the argument's, by the instance's thread or another) and the
// HASOCCURRED latches updated first (H := H or theta now). When the move
// leaves the instance's thread right before the region's END, the instance
// is Ended: the events after its last statement are not checked, and END
// removes it.
#include "ThreadsInternal.h"

#include "chorus/model/Printer.h"

namespace chorus::exec {

using state::PassertInstance;
using Phase = state::PassertInstance::Phase;

namespace threads {

namespace {

int64_t markArg(Machine& m, const model::Transition& t) {
  return m.requireConcrete(m.arg(t.stmt, 0), "parallel assertion index");
}

/// The HASOCCURRED operators of e, in pre-order.
void hasOccurred(const model::Expr* e, std::vector<const model::Expr*>& out) {
  if (!e)
    return;
  if (e->kind == ExprKind::Builtin && e->name == "HASOCCURRED")
    out.push_back(e);
  for (const model::Expr* k : e->kids)
    hasOccurred(k, out);
}

Machine::Outcome runBegin(Machine& m, const std::string&, const model::Transition& t) {
  int64_t k = markArg(m, t);
  if (k < 0 || size_t(k) >= m.P.passerts.size())
    throw Unsupported("unknown parallel assertion at " + m.where());
  ProcState& ps = withThreads(m);
  PassertInstance pi;
  pi.id = uint32_t(k);
  pi.frame = uint32_t(ps.stack.size() - 1);
  std::vector<const model::Expr*> hs;
  hasOccurred(m.P.passerts[size_t(k)].expr, hs);
  pi.latches.assign(hs.size(), m.f.falseExpr());
  ps.threads.at(size_t(m.thr)).passerts.push_back(std::move(pi));
  m.step.effects.push_back("parallel assertion at " + m.P.where(m.P.passerts[size_t(k)].loc) +
                           " begins");
  m.advance(t);
  return Machine::Outcome::Done;
}

Machine::Outcome runEnd(Machine& m, const std::string&, const model::Transition& t) {
  int64_t k = markArg(m, t);
  ProcState& ps = withThreads(m);
  auto& v = ps.threads.at(size_t(m.thr)).passerts;
  uint32_t frame = uint32_t(ps.stack.size() - 1);
  for (size_t i = v.size(); i-- > 0;)
    if (v[i].id == uint32_t(k) && v[i].frame == frame) {
      v.erase(v.begin() + long(i));
      break;
    }
  m.step.effects.push_back("parallel assertion at " + m.P.where(m.P.passerts.at(size_t(k)).loc) +
                           " ends");
  m.advance(t);
  return Machine::Outcome::Done;
}

/// Evaluation of a condition for one instance and one event.
struct PassertHook : AnnotHook {
  int owner = 0;
  uint32_t frame = 0;
  model::FuncId func = model::kNone;
  const Access* event = nullptr; ///< null: no event
  int eventThread = -1;
  std::vector<Expr>* latches = nullptr;
  std::vector<const model::Expr*> hs; ///< the HASOCCURRED operators
  bool latchesFixed = false;          ///< HASOCCURRED reads the latches

  std::optional<Place> place(Machine& m, const model::Expr* e) override {
    if (e->kind != ExprKind::Var || m.P.var(e->var).isGlobalStorage())
      return std::nullopt;
    auto it = m.im.slotOf[func].find(e->var);
    if (it == m.im.slotOf[func].end())
      throw Unsupported("variable '" + m.P.var(e->var).name +
                        "' of a parallel assertion is not in its function at " + m.where());
    return Place{state::localRoot(uint32_t(owner), frame, it->second), {}, e->type, m.me};
  }

  Expr value(Machine& m, const model::Expr* e) override {
    if (e->kind != ExprKind::Builtin)
      return nullptr;
    if (e->name == "HASOCCURRED") {
      size_t i = size_t(std::find(hs.begin(), hs.end(), e) - hs.begin());
      if (!latchesFixed) { // H := H or theta, then H
        Expr th = m.truth(m.evalValue(e->kids.at(0)));
        (*latches).at(i) = m.f.logicalOr((*latches)[i], th);
      }
      return m.boolToInt(latches->at(i));
    }
    bool local = e->name == "LW" || e->name == "LR";
    bool write = e->name == "LW" || e->name == "RW";
    if (!local && e->name != "RW" && e->name != "RR")
      return nullptr;
    Place pl = m.evalPlace(e->kids.at(0));
    if (!event || event->write != write || (eventThread == owner) != local ||
        !(event->root == pl.root))
      return m.intc(0);
    std::vector<Expr> eqs;
    for (size_t k = 0; k < pl.path.size() && k < event->path.size(); ++k)
      eqs.push_back(m.f.eq(pl.path[k], event->path[k]));
    return m.boolToInt(m.f.logicalAnd(eqs));
  }
};

} // namespace

void registerPassert(LibraryRegistry& r) {
  r.add("$passert_begin", {runBegin});
  r.add("$passert_end", {runEnd});
}

} // namespace threads

void Executor::checkPasserts(const GlobalState& s, int p, Successor& sc) {
  const ProcState& ps0 = *sc.state.procs[size_t(p)];
  bool any = false;
  for (const state::Thread& th : ps0.threads)
    any = any || !th.passerts.empty();
  if (!any)
    return;
  ProcState q = ps0;
  int mover = sc.step.thread;
  if (size_t(mover) < q.threads.size())
    for (PassertInstance& pi : q.threads[size_t(mover)].passerts)
      if (pi.phase == Phase::Pending)
        pi.phase = Phase::Live;
  GlobalState gs = sc.state;
  gs.procs[size_t(p)] = interner_.intern(ProcState(q));
  std::vector<const Access*> events;
  for (const Access& a : sc.accesses)
    if (!a.sync) // (a synchronization object's own fields are not events)
      events.push_back(&a);
  if (events.empty())
    events.push_back(nullptr);
  // event by event (the timeline), every live instance after each
  for (const Access* ev : events)
    for (size_t t = 0; t < q.threads.size(); ++t)
      for (PassertInstance& pi : q.threads[t].passerts) {
        if (pi.phase != Phase::Live)
          continue;
        const model::ParallelAssert& pa = prog_.passerts.at(pi.id);
        threads::PassertHook hook;
        hook.owner = int(t);
        hook.frame = pi.frame;
        hook.func = pa.func;
        hook.event = ev;
        hook.eventThread = mover;
        hook.latches = &pi.latches;
        threads::hasOccurred(pa.expr, hook.hs);
        Machine m(*this, *impl_, gs, p, opts_.syncSends, 0);
        m.undecided = &undecided_;
        m.annot = &hook;
        m.loc = pa.loc;
        // the latches first (every HASOCCURRED, whatever the condition reads)
        for (const model::Expr* h : hook.hs)
          m.evalValue(h);
        hook.latchesFixed = true;
        Expr ok = m.evalCond(pa.expr);
        Answer a = ok->isTrue()    ? Answer::Yes
                   : ok->isFalse() ? Answer::No
                                   : oracle_.valid(m.pc(), ok);
        if (a == Answer::Yes)
          continue;
        if (a == Answer::Maybe) {
          undecided_.push_back("PARALLEL_ASSERTION: the parallel assertion at " +
                               prog_.where(pa.loc) + " (thread " + std::to_string(t) + ")");
          continue;
        }
        ViolationError e;
        e.violation.kind = check::ViolationKind::ParallelAssertion;
        e.violation.loc = pa.loc;
        e.violation.proc = p;
        e.violation.thread = int(t);
        std::string what = ev ? std::string(ev->write ? "write" : "read") + " of " +
                                    threads::accessName(prog_, *impl_, q, *ev)
                              : std::string("move");
        e.violation.message = "parallel assertion '" + model::toString(prog_, pa.expr) +
                              "' of thread " + std::to_string(t) + " fails after the " + what +
                              " by thread " + std::to_string(mover) + " at " +
                              prog_.where(sc.step.loc);
        e.condition = f_.logicalAnd(m.pc(), f_.logicalNot(ok));
        e.step = sc.step;
        throw e;
      }
  // the region's last statement done: END follows, nothing more is checked
  if (size_t(mover) < q.threads.size() && !q.threads[size_t(mover)].passerts.empty()) {
    const std::vector<Frame>& st = q.stackOf(size_t(mover));
    if (!st.empty()) {
      const model::Function& fn = prog_.func(st.back().func);
      const auto& outs = fn.locs.at(st.back().loc).out;
      if (outs.size() == 1) {
        const model::Stmt& s2 = fn.trans.at(outs[0]).stmt;
        if (s2.kind == StmtKind::Call && s2.callee && s2.callee->kind == ExprKind::Func &&
            prog_.func(s2.callee->func).name == "$passert_end" && !s2.args.empty() &&
            s2.args[0]->kind == ExprKind::IntLit) {
          uint32_t id = uint32_t(s2.args[0]->ival);
          auto& v = q.threads[size_t(mover)].passerts;
          for (size_t i = v.size(); i-- > 0;)
            if (v[i].id == id && v[i].frame == st.size() - 1) {
              v[i].phase = Phase::Ended;
              break;
            }
        }
      }
    }
  }
  (void)s;
  sc.state.procs[size_t(p)] = interner_.intern(std::move(q));
}

} // namespace chorus::exec
