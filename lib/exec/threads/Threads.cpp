// The threads module (Module.h): pthread_create/join/exit/self/equal/detach,
// thread attributes, the end of a thread, and the description of a process
// whose threads all wait (with the cycle of waits, if any).
#include "ThreadsInternal.h"

#include "Module.h"

#include "chorus/model/Printer.h"

#include <algorithm>

namespace chorus::exec {

using state::Thread;
using Status = state::Thread::Status;

namespace threads {

state::ProcState& withThreads(Machine& m) {
  ProcState& ps = m.self();
  if (ps.threads.empty()) {
    ps.threads.resize(1);
    ps.threads[0].status = Status::Running;
  }
  return ps;
}

Place objectArg(Machine& m, const model::Stmt& s, size_t i, const char* what) {
  Expr pv = m.arg(s, i);
  const model::Type* t = staticPointee(s.args[i]);
  if (!t || !t->isRecord())
    throw Unsupported(std::string("the ") + what + " argument of '" + m.text(s.callee) +
                      "' has no pthread type at " + m.where());
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead,
           std::string("use of an uninitialized pointer to a ") + what, m.pc());
  return m.placeOfPointer(pv, t, m.me);
}

int64_t getField(Machine& m, const Place& obj, uint32_t k, const char* what) {
  Place f = obj;
  f.path.push_back(m.intc(k));
  f.type = obj.type->fields.at(k).type;
  bool was = m.syncAccess;
  m.syncAccess = true;
  Expr v = m.readPlace(f);
  m.syncAccess = was;
  if (m.V.isUndef(v) || m.V.containsUndef(v))
    m.fail(ViolationKind::LockMisuse, std::string("use of an uninitialized ") + what, m.pc());
  return m.requireConcrete(v, what);
}

void setField(Machine& m, const Place& obj, uint32_t k, int64_t v) {
  Place f = obj;
  f.path.push_back(m.intc(k));
  f.type = obj.type->fields.at(k).type;
  bool was = m.syncAccess;
  m.syncAccess = true;
  m.writePlace(f, m.intc(v));
  m.syncAccess = was;
}

std::string objectName(Machine& m, const model::Stmt& s, size_t i) {
  return i < s.args.size() ? m.text(s.args[i]) : std::string("?");
}

Machine::Outcome runIgnoredAttr(Machine& m, const std::string&, const model::Transition& t) {
  for (size_t i = 0; i < t.stmt.args.size(); ++i)
    m.arg(t.stmt, i);
  return done(m, t, 0);
}

void resumeBlocked(Machine&, const std::string&, const model::Transition&, const MachineMaker&,
                   std::vector<Successor>&) {}

Machine::Outcome done(Machine& m, const model::Transition& t, int64_t result) {
  m.setResult(t.stmt, m.intc(result), m.P.types.intType());
  m.advance(t);
  return Machine::Outcome::Done;
}

namespace {

/// The thread named by pthread_t value `v` (argument of join/detach), or -1.
int targetThread(Machine& m, Expr v) {
  if (m.V.isUndef(v))
    m.fail(ViolationKind::UninitializedRead, "use of an uninitialized pthread_t", m.pc());
  int k = threadIndex(m.requireConcrete(v, "thread id"));
  const ProcState& ps = m.self();
  if (k < 0 || (k > 0 && size_t(k) >= ps.threads.size()))
    return -1;
  return k;
}

Machine::Outcome runCreate(Machine& m, const std::string&, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr tp = m.arg(s, 0);
  Expr attr = m.arg(s, 1);
  Expr fnv = m.arg(s, 2);
  Expr argv = m.arg(s, 3);
  if (m.V.isUndef(fnv))
    m.fail(ViolationKind::UninitializedRead, "pthread_create with an uninitialized start routine",
           m.pc());
  auto fp = m.V.decodePointer(fnv);
  if (!fp || fp->root.kind != RootKind::Function) {
    if (fp && fp->root.kind == RootKind::Null)
      m.fail(ViolationKind::NullDereference, "pthread_create with a null start routine", m.pc());
    throw Unsupported("pthread_create with a symbolic start routine at " + m.where());
  }
  model::FuncId fid = fp->root.b;
  const model::Function& fn = m.P.func(fid);
  if (!fn.defined)
    throw Unsupported("thread start routine '" + fn.name + "' has no body at " + m.where());
  bool detached = false;
  if (auto ap = m.V.decodePointer(attr); ap && ap->root.kind != RootKind::Null)
    detached = getField(m, objectArg(m, s, 1, "thread attribute"), 0, "thread attribute") ==
               1; // PTHREAD_CREATE_DETACHED
  ProcState& ps = withThreads(m);
  size_t k = 1;
  while (k < ps.threads.size() && ps.threads[k].status != Status::Free)
    ++k;
  if (k > 255)
    throw Unsupported("more than 255 threads at " + m.where());
  if (k == ps.threads.size())
    ps.threads.emplace_back();
  m.recordAccesses = true; // (the process has threads from now on)
  m.threadMark(Machine::kThreadTable, true);
  m.threadMark(Machine::threadStatus(int(k)), true);
  Thread& nt = ps.threads[k];
  nt = Thread{};
  nt.status = Status::Running;
  nt.detached = detached;
  Frame fr;
  fr.func = fid;
  fr.loc = fn.entry;
  fr.slots.assign(m.im.slotVar[fid].size(), nullptr);
  if (!fn.params.empty()) {
    const model::Type* pt = m.P.var(fn.params[0]).type;
    fr.slots[m.im.slotOf[fid].at(fn.params[0])] =
        m.convert(argv, s.args.size() > 3 ? s.args[3]->type : nullptr, pt);
  }
  for (size_t i = 1; i < fn.params.size(); ++i)
    fr.slots[m.im.slotOf[fid].at(fn.params[i])] = m.V.undef(m.P.var(fn.params[i]).type);
  nt.stack.push_back(std::move(fr));
  // its `_Thread_local` objects start with their initial values (kept in
  // the last element: model::kThreadLocalSlots)
  for (uint32_t gi = 0; gi < m.P.globals.size(); ++gi) {
    const model::Variable& v = m.P.var(m.P.globals[gi]);
    if (!v.threadLocal)
      continue;
    if (k + 1 >= model::kThreadLocalSlots)
      throw Unsupported("thread " + std::to_string(k) + " with _Thread_local variables (at most " +
                        std::to_string(model::kThreadLocalSlots - 1) +
                        " threads have their own) at " + m.where());
    Place from{Root{RootKind::Global, 0, gi},
               {m.intc(int64_t(model::kThreadLocalSlots - 1))},
               v.type->elem,
               m.me};
    Place to = from;
    to.path[0] = m.intc(int64_t(k));
    bool was = m.syncAccess;
    m.syncAccess = true; // (the thread's own object: no program access)
    m.writePlace(to, m.readPlace(from));
    m.syncAccess = was;
  }
  // the id, written through the first argument
  const model::Type* idt = staticPointee(s.args[0]);
  if (!idt || idt->kind != TypeKind::Int)
    throw Unsupported("pthread_create: the thread id argument is not a pthread_t * at " +
                      m.where());
  m.writePlace(m.placeOfPointer(tp, idt, m.me, true), m.intc(threadId(int(k))));
  m.step.effects.push_back("thread " + std::to_string(k) + " created: " + fn.name + "(" +
                           m.show(argv) + ")" + (detached ? ", detached" : ""));
  return done(m, t, 0);
}

/// Frees thread slot k (joined, or finished detached); drops the table when
/// only main is left, so that the state is that of a one-thread process.
void release(ProcState& ps, size_t k) {
  ps.threads[k] = Thread{};
  while (ps.threads.size() > 1 && ps.threads.back().status == Status::Free &&
         ps.threads.back().stack.empty())
    ps.threads.pop_back();
  Thread mainOnly;
  mainOnly.status = Status::Running;
  if (ps.threads.size() == 1 && ps.threads[0] == mainOnly)
    ps.threads.clear();
}

Machine::Outcome runJoin(Machine& m, const std::string&, const model::Transition& t) {
  if (auto o = cancellationPoint(m, t))
    return *o;
  const model::Stmt& s = t.stmt;
  Expr idv = m.arg(s, 0);
  Expr retp = s.args.size() > 1 ? m.arg(s, 1) : m.V.nullPointer();
  int k = targetThread(m, idv);
  if (k < 0 || (k > 0 && m.self().threads[size_t(k)].status == Status::Free))
    m.fail(ViolationKind::JoinMisuse,
           "pthread_join of " + objectName(m, s, 0) +
               ", a thread that was already joined (or never created)",
           m.pc());
  if (k == m.thr)
    return done(m, t, kEDEADLK);
  ProcState& ps = withThreads(m);
  Thread& th = ps.threads[size_t(k)];
  if (th.detached)
    m.fail(ViolationKind::JoinMisuse,
           "pthread_join of " + objectName(m, s, 0) + " (thread " + std::to_string(k) +
               "), a detached thread",
           m.pc());
  m.threadMark(Machine::threadStatus(k), false);
  if (th.status == Status::Running) { // (main: until it ends by pthread_exit)
    m.waitsFor = k;
    m.blockedWhy = "waits for thread " + std::to_string(k) + " to end";
    return Machine::Outcome::Blocked;
  }
  Expr result = th.result;
  if (auto rp = m.V.decodePointer(retp); rp && rp->root.kind != RootKind::Null) {
    const model::Type* rt = staticPointee(s.args[1]);
    if (!rt || rt->kind != TypeKind::Pointer)
      throw Unsupported("pthread_join: the result argument is not a void ** at " + m.where());
    m.writePlace(m.placeOfPointer(retp, rt, m.me, true), result ? result : m.V.undef(rt));
  } else if (m.V.isUndef(retp)) {
    m.fail(ViolationKind::UninitializedRead, "pthread_join with an uninitialized result pointer",
           m.pc());
  }
  m.threadMark(Machine::threadStatus(k), true);
  m.threadMark(Machine::kThreadTable, true);
  if (k == 0) // main's slot stays (its stack is parked); joined once more is not detected
    th.result = nullptr;
  else
    release(ps, size_t(k));
  m.step.effects.push_back("thread " + std::to_string(k) + " joined" +
                           (result ? " (result " + m.show(result) + ")" : ""));
  return done(m, t, 0);
}

void resumeNothing(Machine&, const std::string&, const model::Transition&, const MachineMaker&,
                   std::vector<Successor>&) {
  // still blocked: the call's run() decides again once the state changed
}

Machine::Outcome runExit(Machine& m, const std::string&, const model::Transition& t) {
  Expr v = m.arg(t.stmt, 0);
  if (m.thr == 0)
    return mainExit(m, t, v);
  if (m.self().callPhase != kUnwindPhase) {
    m.step.effects.push_back("pthread_exit(" + m.show(v) + ")");
    // (no cancellation acts while its cleanup handlers run)
    m.self().threads.at(size_t(m.thr)).cancel |= state::Thread::kCancelActing;
  }
  return unwind(m, t, v); // its cleanup handlers, then its end (Cancel.cpp)
}

} // namespace

/// pthread_exit in main (POSIX pthread_exit: "The process shall exit with
/// an exit status of 0 after the last thread has been terminated"): main's
/// cleanup handlers run; then main is Finished, its stack parked at the
/// call (a process whose stack is empty has ended: ProcState::terminated),
/// and its objects' lifetime is over — an access of another thread to a
/// local of main is USE_AFTER_FREE (Races.cpp). The process ends, as by
/// `exit(0)`, when its last thread does (Machine::threadEnd).
Machine::Outcome mainExit(Machine& m, const model::Transition& t, Expr v) {
  for (uint32_t gi : m.P.globals)
    if (m.P.var(gi).name == "$tsd_values")
      throw Unsupported("pthread_exit in the main thread of a program with thread-specific data "
                        "at " +
                        m.where() + " (the destructors of main's values are not modelled)");
  ProcState& ps = withThreads(m);
  if (ps.callPhase != kUnwindPhase) {
    m.step.effects.push_back("pthread_exit(" + m.show(v) + ") in main");
    ps.threads[0].cancel |= state::Thread::kCancelActing;
  }
  if (auto o = runHandlers(m))
    return *o;
  ProcState& p2 = m.self();
  p2.callPhase = 0;
  state::Thread& th = p2.threads[0];
  th.status = Status::Finished;
  th.result = v;
  m.threadMark(Machine::threadStatus(0), true);
  m.globalMove = true;
  bool others = false;
  for (size_t k = 1; k < p2.threads.size(); ++k)
    others = others || p2.threads[k].status == Status::Running;
  if (!others) {
    m.step.effects.push_back("the last thread ended: the process exits with status 0");
    m.terminate(true);
  }
  (void)t;
  return Machine::Outcome::Done;
}

namespace {

Machine::Outcome runSelf(Machine& m, const std::string&, const model::Transition& t) {
  m.setResult(t.stmt, m.intc(threadId(m.thr)), declaredResult(m, "pthread_self", t.stmt));
  m.advance(t);
  return Machine::Outcome::Done;
}

Machine::Outcome runEqual(Machine& m, const std::string&, const model::Transition& t) {
  Expr a = m.arg(t.stmt, 0), b = m.arg(t.stmt, 1);
  m.checkDefined(a);
  m.checkDefined(b);
  m.setResult(t.stmt, m.boolToInt(m.f.eq(a, b)), m.P.types.intType());
  m.advance(t);
  return Machine::Outcome::Done;
}

Machine::Outcome runDetach(Machine& m, const std::string&, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int k = targetThread(m, m.arg(s, 0));
  if (k < 0 || (k > 0 && m.self().threads[size_t(k)].status == Status::Free))
    m.fail(ViolationKind::JoinMisuse,
           "pthread_detach of " + objectName(m, s, 0) + ", a thread already joined", m.pc());
  ProcState& ps = withThreads(m);
  Thread& th = ps.threads[size_t(k)];
  if (th.detached)
    m.fail(ViolationKind::JoinMisuse,
           "pthread_detach of " + objectName(m, s, 0) + ", a thread already detached", m.pc());
  if (th.status == Status::Finished)
    release(ps, size_t(k));
  else
    th.detached = true;
  return done(m, t, 0);
}

// ---- thread attributes: {detachstate, reserved}
Machine::Outcome runAttrInit(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "thread attribute");
  setField(m, a, 0, 0);
  setField(m, a, 1, 0);
  return done(m, t, 0);
}

Machine::Outcome runAttrDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "thread attribute");
  getField(m, a, 0, "thread attribute");
  return done(m, t, 0);
}

Machine::Outcome runAttrSetDetach(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "thread attribute");
  int64_t v = m.requireConcrete(m.arg(t.stmt, 1), "detach state");
  if (v != 0 && v != 1)
    return done(m, t, kEINVAL);
  getField(m, a, 0, "thread attribute");
  setField(m, a, 0, v);
  return done(m, t, 0);
}

Machine::Outcome runAttrGetDetach(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "thread attribute");
  int64_t v = getField(m, a, 0, "thread attribute");
  Expr out = m.arg(t.stmt, 1);
  m.writePlace(m.placeOfPointer(out, m.P.types.intType(), m.me), m.intc(v));
  return done(m, t, 0);
}

/// Accepted and ignored (stack size, scope, scheduling: no effect on the
/// interleavings explored).
Machine::Outcome runAttrIgnored(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "thread attribute");
  getField(m, a, 0, "thread attribute");
  for (size_t i = 1; i < t.stmt.args.size(); ++i)
    m.arg(t.stmt, i);
  return done(m, t, 0);
}

} // namespace

void registerThreadFunctions(LibraryRegistry& r) {
  r.add("pthread_create", {runCreate});
  r.add("pthread_join", {runJoin, resumeNothing});
  r.add("pthread_exit", {runExit});
  r.add("pthread_self", {runSelf});
  r.add("pthread_equal", {runEqual});
  r.add("pthread_detach", {runDetach});
  r.add("pthread_attr_init", {runAttrInit});
  r.add("pthread_attr_destroy", {runAttrDestroy});
  r.add("pthread_attr_setdetachstate", {runAttrSetDetach});
  r.add("pthread_attr_getdetachstate", {runAttrGetDetach});
  r.add({"pthread_attr_setstacksize", "pthread_attr_setscope"}, {runAttrIgnored});
}

namespace {

void registerThreads(LibraryRegistry& r) {
  registerThreadFunctions(r);
  registerMutex(r);
  registerCond(r);
  registerPassert(r);
  registerBarrier(r);
  registerSemaphore(r);
  registerLocks(r);
  registerAtomics(r);
  registerKeys(r);
  registerCancel(r);
}

} // namespace

} // namespace threads

void Machine::threadEnd(Expr v, bool byExit) {
  // (thread `thr` is swapped in: only its non-stack fields are touched)
  if (threads::tsdThreadEnd(*this, v, byExit))
    return; // it runs a destructor first
  // its `_Thread_local` objects end: back to the initial value (so what
  // only they pointed to becomes unreachable, a leak; states match again)
  if (uint64_t(thr) + 1 < model::kThreadLocalSlots)
    for (uint32_t gi = 0; gi < P.globals.size(); ++gi) {
      const model::Variable& v = P.var(P.globals[gi]);
      if (!v.threadLocal || v.name == "$tsd_values")
        continue;
      Place from{Root{RootKind::Global, 0, gi},
                 {intc(int64_t(model::kThreadLocalSlots - 1))},
                 v.type->elem,
                 me};
      Place to = from;
      to.path[0] = intc(thr);
      bool was = syncAccess;
      syncAccess = true;
      writePlace(to, readPlace(from));
      syncAccess = was;
    }
  Thread& th = self().threads.at(size_t(thr));
  threadMark(threadStatus(thr), true);
  if (th.detached)
    threadMark(kThreadTable, true);
  th.waitOn = nullptr;
  th.passerts.clear();
  th.signalled = false;
  if (th.detached) {
    th.status = Status::Free;
    th.detached = false;
    th.result = nullptr;
  } else {
    th.status = Status::Finished;
    th.result = v;
  }
  // main ended by pthread_exit and this was the last thread: the process
  // exits with status 0 (POSIX pthread_exit)
  const ProcState& ps = self();
  if (ps.threads[0].status != Status::Finished)
    return;
  for (size_t k = 1; k < ps.threads.size(); ++k)
    if (ps.threads[k].status == Status::Running)
      return;
  step.effects.push_back("the last thread ended: the process exits with status 0");
  terminate(true);
}

std::string Executor::threadsBlocked(const GlobalState& s, int p,
                                     const std::vector<std::pair<int, ProcMoves>>& blocked,
                                     int* culprit) {
  std::string out;
  std::vector<int> waits(s.procs[size_t(p)]->threads.size(), -1);
  for (const auto& [t, pm] : blocked) {
    // (a wait after posting reads "in a collective operation", "in a send
    // ...": no second "in")
    const std::string& at = pm.blockedAt.empty() ? "?" : pm.blockedAt;
    out +=
        "; thread " + std::to_string(t) + " waits " + (at.rfind("in ", 0) == 0 ? "" : "in ") + at;
    if (size_t(t) < waits.size())
      waits[size_t(t)] = pm.waitsFor;
  }
  // a cycle of waits (lock owners, joined threads), from the first thread on one
  for (const auto& [t0, pm0] : blocked) {
    std::vector<int> path;
    int t = t0;
    while (t >= 0 && size_t(t) < waits.size() &&
           std::find(path.begin(), path.end(), t) == path.end()) {
      path.push_back(t);
      t = waits[size_t(t)];
    }
    if (t < 0 || size_t(t) >= waits.size())
      continue;
    auto from = std::find(path.begin(), path.end(), t);
    std::string cyc;
    int first = *from;
    for (auto it = from; it != path.end(); ++it) {
      cyc += "thread " + std::to_string(*it) + " -> ";
      first = std::min(first, *it);
    }
    if (culprit)
      *culprit = first;
    return "with every thread waiting: cycle of waits " + cyc + "thread " + std::to_string(t) + out;
  }
  // no cycle: the end of a chain of waits (a thread that waits for no thread)
  for (const auto& [t, pm] : blocked)
    if (pm.waitsFor < 0) {
      if (culprit)
        *culprit = t;
      break;
    }
  return "with every thread waiting" + out;
}

Module threadsModule() {
  Module m;
  m.name = "threads";
  m.registerFunctions = threads::registerThreads;
  m.onAccess = threads::recordAccess;
  m.interruptMoves = threads::interruptMoves;
  m.onLibraryCall = threads::asyncUnsafeCall;
  m.plainAccesses = [](const ProcState& ps) { return ps.threads.empty(); };
  return m;
}

} // namespace chorus::exec
