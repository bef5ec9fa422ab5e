// Data races (DESIGN-NOTES.md "Threads: data races"). Each move of a thread
// of a process with threads records the places it reads and writes
// (Machine::accesses; the fields of synchronization objects read by their
// models excepted). At every state, the enabled moves of two different
// threads that access overlapping places, one of them writing, are a data
// race: under sequential consistency, two conflicting accesses are unordered
// by happens-before in some execution exactly when some reachable state has
// both enabled at once — locks, joins, creations, condition variables make
// the second one wait or not yet exist. The search visits every such state
// (it expands all threads of a process together), so every race is found.
#include "ThreadsInternal.h"

#include "chorus/model/Printer.h"

#include <algorithm>

namespace chorus::exec {

namespace threads {

void recordAccess(Machine& m, const Place& pl, bool write) {
  if (!m.recordAccesses || pl.proc != m.me)
    return;
  if (pl.root.kind != RootKind::Global && pl.root.kind != RootKind::Local &&
      pl.root.kind != RootKind::Heap)
    return;
  if (pl.root.kind == RootKind::Local && pl.root.thread() == 0 && m.thr != 0) {
    const ProcState& ps = m.self();
    if (!ps.threads.empty() && ps.threads[0].status == state::Thread::Status::Finished)
      m.fail(ViolationKind::UseAfterFree,
             std::string(write ? "write to" : "read of") +
                 " a local variable of main after main ended by pthread_exit",
             m.pc());
  }
  // (a synchronization object's field, read or written by its model, is
  // recorded as `sync`: a dependency for the DPOR, not program data)
  for (const Access& a : m.accesses)
    if (a.root == pl.root && a.path == pl.path && a.atomic == m.atomicAccess &&
        a.sync == m.syncAccess) {
      if (write && !a.write)
        break;
      return; // already recorded
    }
  m.accesses.push_back(Access{pl.root, pl.path, write, m.atomicAccess, m.syncAccess});
}

} // namespace threads

namespace {

/// May paths a and b name overlapping objects (one a prefix of the other,
/// with equal steps)? Symbolic steps: unless the path condition `pc` refutes
/// their equality.
bool mayOverlap(const std::vector<Expr>& a, const std::vector<Expr>& b, Expr pc,
                sym::ExprFactory& f, Oracle& oracle) {
  size_t n = std::min(a.size(), b.size());
  for (size_t k = 0; k < n; ++k) {
    if (a[k] == b[k])
      continue;
    if (a[k]->kind() == sym::Kind::NumConst && b[k]->kind() == sym::Kind::NumConst)
      return false;
    if (oracle.valid(pc, f.logicalNot(f.eq(a[k], b[k]))) == Answer::Yes)
      return false;
  }
  return true;
}

} // namespace

std::string threads::accessName(const model::Program& P, const Executor::Impl& im,
                                const ProcState& ps, const Access& a) {
  std::string s;
  switch (a.root.kind) {
  case RootKind::Global:
    s = P.var(P.globals.at(a.root.b)).name;
    break;
  case RootKind::Local: {
    uint32_t t = a.root.thread(), fi = a.root.frame();
    const std::vector<Frame>& st = ps.stackOf(t < ps.numThreads() ? t : 0);
    s = fi < st.size() ? P.var(im.slotVar[st[fi].func].at(a.root.b)).name +
                             " (a local variable of thread " + std::to_string(t) + ")"
                       : "a local variable";
    break;
  }
  case RootKind::Heap:
    s = a.root.b < ps.heap.size()
            ? "the heap object allocated at " + P.where(ps.heap[a.root.b].site)
            : "a heap object";
    break;
  default:
    s = "?";
  }
  for (Expr k : a.path)
    s += "[" + sym::toString(k) + "]";
  return s;
}

namespace {

/// Marks the variable at the base of lvalue e (through fields and array
/// elements, not through pointers).
void markBase(const model::Expr* e, std::vector<uint8_t>& taken) {
  while (e && (e->kind == ExprKind::Index || e->kind == ExprKind::Member) && !e->kids.empty())
    e = e->kids[0];
  if (e && e->kind == ExprKind::Var && e->var < taken.size())
    taken[e->var] = 1;
}

void scanAddrOf(const model::Expr* e, std::vector<uint8_t>& taken) {
  if (!e)
    return;
  if (e->kind == ExprKind::AddrOf && !e->kids.empty())
    markBase(e->kids[0], taken);
  for (const model::Expr* k : e->kids)
    scanAddrOf(k, taken);
}

} // namespace

bool Executor::escapes(model::VarId v) const {
  Impl& im = *impl_;
  if (!im.addressTakenDone) {
    im.addressTaken.assign(prog_.vars.size(), 0);
    for (const model::Function& fn : prog_.funcs)
      for (const model::Transition& t : fn.trans) {
        scanAddrOf(t.guard, im.addressTaken);
        scanAddrOf(t.stmt.lhs, im.addressTaken);
        scanAddrOf(t.stmt.rhs, im.addressTaken);
        scanAddrOf(t.stmt.callee, im.addressTaken);
        for (const model::Expr* a : t.stmt.args)
          scanAddrOf(a, im.addressTaken);
      }
    im.addressTakenDone = true;
  }
  return v < im.addressTaken.size() && im.addressTaken[v];
}

bool Executor::frameEscapes(model::FuncId f) const {
  if (f >= impl_->slotVar.size())
    return true;
  for (model::VarId v : impl_->slotVar[f])
    if (escapes(v))
      return true;
  return false;
}

bool Executor::localMoves(const ProcState& ps, int thr, const ProcMoves& tm) const {
  // A move is local when it is not a library call, does not end the thread
  // (its bottom frame returning) and accesses only variables of the
  // thread's own frames whose address is never taken: no other thread can
  // read or write them, so it commutes with every move of the others and
  // stays enabled (DESIGN-NOTES.md "Threads: local moves").
  if (tm.succs.empty())
    return false;
  const std::vector<Frame>& stack = ps.stackOf(size_t(thr));
  if (stack.empty())
    return false;
  const Frame& top = stack.back();
  const model::Function& fn = prog_.func(top.func);
  for (model::TransId tid : fn.locs.at(top.loc).out) {
    const model::Stmt& st = fn.trans.at(tid).stmt;
    if (st.kind == StmtKind::Call &&
        (st.callee->kind != ExprKind::Func || !prog_.func(st.callee->func).defined))
      return false; // a library call (or through a pointer)
    if (st.kind == StmtKind::Return && stack.size() == 1)
      return false; // the thread ends
  }
  if (ps.phaseOf(size_t(thr)) != 0)
    return false;
  // An annotation checked where the thread arrives (a collective assertion
  // or invariant, an annotated loop's head) reads shared memory then: the
  // arrival is an observation, ordered against the other threads' writes.
  auto observed = [&](model::FuncId f, model::LocId l) {
    for (const model::CollectiveAnnot& a : prog_.collectives)
      if (a.func == f && a.at == l)
        return true;
    for (const model::LoopAnnot& a : prog_.loops)
      if (a.func == f && a.head == l)
        return true;
    return false;
  };
  for (const Successor& sc : tm.succs) {
    if (sc.spurious || sc.global || sc.step.thread != thr)
      return false; // (global: it may free memory another thread points to)
    const ProcState& after = *sc.state.procs[size_t(tm.succs[0].step.proc)];
    if (size_t(thr) >= after.numThreads() || after.stackOf(size_t(thr)).empty())
      return false;
    const Frame& to = after.stackOf(size_t(thr)).back();
    if (observed(to.func, to.loc))
      return false;
    for (const Access& a : sc.accesses) {
      if (a.root.kind != RootKind::Local || a.root.thread() != uint32_t(thr))
        return false;
      const std::vector<Frame>& fs = ps.stackOf(size_t(thr));
      uint32_t fi = a.root.frame();
      // (a callee's frame pushed by this move is new: its parameters)
      if (fi >= fs.size())
        continue;
      if (a.sync || escapes(impl_->slotVar[fs[fi].func].at(a.root.b)))
        return false;
    }
  }
  return true;
}

void Executor::checkRaces(const GlobalState& s, int p, const std::vector<Successor>& succs) {
  for (size_t j = 0; j < succs.size(); ++j)
    for (size_t i = 0; i < j; ++i) {
      const Successor &x = succs[i], &y = succs[j];
      if (x.step.thread == y.step.thread)
        continue;
      for (const Access& a : x.accesses)
        for (const Access& b : y.accesses) {
          // (two atomic operations never race: C11 5.1.2.4p25)
          if ((!a.write && !b.write) || (a.atomic && b.atomic) || a.sync || b.sync ||
              !(a.root == b.root))
            continue;
          Expr pc = f_.logicalAnd(x.state.pc, y.state.pc);
          if (!mayOverlap(a.path, b.path, pc, f_, oracle_))
            continue;
          const ProcState& ps = *s.procs[size_t(p)];
          ViolationError e;
          e.violation.kind = check::ViolationKind::DataRace;
          e.violation.loc = y.step.loc;
          e.violation.proc = p;
          e.violation.thread = y.step.thread;
          e.violation.message = "data race on " + threads::accessName(prog_, *impl_, ps, b) +
                                ": thread " + std::to_string(y.step.thread) +
                                (b.atomic ? " atomically" : "") + (b.write ? " writes" : " reads") +
                                " it here and thread " + std::to_string(x.step.thread) +
                                (a.atomic ? " atomically" : "") + (a.write ? " writes" : " reads") +
                                " it at " + prog_.where(x.step.loc) +
                                ", unordered by happens-before";
          e.condition = pc;
          e.step = y.step;
          // --ignore DATA_RACE: recorded as not checked (the verdict is never
          // verified) and the interleavings go on, so that the bugs a race
          // leads to (a failing assertion, a parallel assertion) are found
          const std::vector<check::ViolationKind>& ig = opts_.ignore;
          if (std::find(ig.begin(), ig.end(), check::ViolationKind::DataRace) != ig.end()) {
            noteUnchecked("DATA_RACE at " + prog_.where(e.violation.loc) + " (process " +
                          std::to_string(p) + ", thread " + std::to_string(y.step.thread) +
                          "): " + e.violation.message + " (--ignore)");
            return;
          }
          throw e;
        }
    }
}

} // namespace chorus::exec
