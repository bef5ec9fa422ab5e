// Thread cancellation (deferred) and cleanup handlers: pthread_cancel,
// pthread_setcancelstate, pthread_setcanceltype, pthread_testcancel,
// pthread_cleanup_push/pop (the macros of lib/front/headers/pthread.h call
// __chorus_cleanup_push/pop), and the unwinding that pthread_exit and an
// acted-upon cancellation share: the cleanup handlers pushed and not popped
// run, last pushed first, each a call on the thread's stack (its frames are
// still there: a handler may use their variables), then the thread ends
// (Machine::threadEnd: its keys' destructors, then its exit value).
//
// POSIX (XSH 2.9.5 "Thread Cancellation"): a cancellation request is acted
// upon when the target thread, with cancelability enabled, reaches a
// cancellation point; the thread then behaves as if it called
// pthread_exit(PTHREAD_CANCELED). Cancellation points modelled:
// pthread_testcancel, pthread_join, pthread_cond_wait, pthread_cond_timedwait,
// sem_wait, sem_timedwait (all of these are on POSIX's list; the I/O
// functions on it, which the models do not block in, are not). A thread
// blocked in one of them with a request pending acts upon it; in a
// condition wait it first takes the mutex again ("a side-effect of acting
// upon a cancellation request while in a condition wait is that the mutex
// is (in effect) re-acquired before calling the first cancellation cleanup
// handler", pthread_cond_wait). The main thread acting on a cancellation
// ends as by pthread_exit in main (Threads.cpp, mainExit).
//
// Asynchronous cancellation (pthread_setcanceltype
// PTHREAD_CANCEL_ASYNCHRONOUS; XSH 2.9.5: "the thread can be canceled at
// any time"): while the type is asynchronous, cancelability is enabled and a
// request is pending, the thread may act upon it before any of its moves —
// an extra move (interruptMoves, Module::interruptMoves) besides its
// statement's, so acting at every point and later are all explored. The
// handlers run as calls on its stack; when one returns, the thread is at
// the interrupted statement in kUnwindPhase with kCancelInterrupted set,
// and its only move goes on unwinding. POSIX: "only functions that are
// cancel-safe may be called from a thread with asynchronous cancelability
// enabled" (pthread_cancel, pthread_setcancelstate, pthread_setcanceltype):
// a call of any other library function then is LOCK_MISUSE
// (asyncUnsafeCall, checked by Machine::library; chorus's own verification
// calls and atomics excepted).
//
// State: Thread::cancel (pending, disabled, acting, asynchronous) and the hidden
// thread-local globals `$cleanup_fn`, `$cleanup_arg` (kCleanupHandlers
// entries each) and `$cleanup_n` the front end makes (Lower.cpp,
// ensureCleanup), read and written as synchronization fields.
#include "ThreadsInternal.h"

#include "chorus/model/Variable.h"

namespace chorus::exec::threads {

namespace {

using Status = state::Thread::Status;
using state::Thread;

bool haveCleanup(Machine& m) {
  for (uint32_t gi : m.P.globals)
    if (m.P.var(gi).name == "$cleanup_n")
      return true;
  return false;
}

Expr syncRead(Machine& m, const Place& pl) {
  bool was = m.syncAccess;
  m.syncAccess = true;
  Expr v = m.readPlace(pl);
  m.syncAccess = was;
  return v;
}

void syncWrite(Machine& m, const Place& pl, Expr v) {
  bool was = m.syncAccess;
  m.syncAccess = true;
  m.writePlace(pl, v);
  m.syncAccess = was;
}

void checkSlot(Machine& m) {
  if (uint64_t(m.thr) + 1 >= model::kThreadLocalSlots)
    throw Unsupported("cleanup handlers in thread " + std::to_string(m.thr) + " (at most " +
                      std::to_string(model::kThreadLocalSlots - 1) + " threads have them) at " +
                      m.where());
}

int64_t handlerCount(Machine& m) {
  if (!haveCleanup(m))
    return 0;
  checkSlot(m);
  return m.requireConcrete(syncRead(m, tsdPlace(m, "$cleanup_n", {m.intc(m.thr)})),
                           "cleanup handler count");
}

/// Pops the top handler of the moving thread: its routine and argument.
std::pair<Expr, Expr> popHandler(Machine& m, int64_t n) {
  Place np = tsdPlace(m, "$cleanup_n", {m.intc(m.thr)});
  syncWrite(m, np, m.intc(n - 1));
  Expr fn = syncRead(m, tsdPlace(m, "$cleanup_fn", {m.intc(m.thr), m.intc(n - 1)}));
  Expr arg = syncRead(m, tsdPlace(m, "$cleanup_arg", {m.intc(m.thr), m.intc(n - 1)}));
  syncWrite(m, tsdPlace(m, "$cleanup_fn", {m.intc(m.thr), m.intc(n - 1)}), m.V.nullPointer());
  syncWrite(m, tsdPlace(m, "$cleanup_arg", {m.intc(m.thr), m.intc(n - 1)}), m.V.nullPointer());
  return {fn, arg};
}

/// Calls handler `fn(arg)` on the moving thread's stack; the call `t` runs
/// again in phase `resume` when it returns.
Machine::Outcome callHandler(Machine& m, Expr fn, Expr arg, uint8_t resume) {
  auto fp = m.V.decodePointer(fn);
  if (!fp || fp->root.kind != RootKind::Function)
    throw Unsupported("a cleanup handler that is not a function at " + m.where());
  const model::Function& f = m.P.func(fp->root.b);
  m.step.effects.push_back("cleanup handler " + f.name + "(" + m.show(arg) + ")");
  if (!f.defined) {
    if (f.name == "free") {
      freeValue(m, arg);
      return Machine::Outcome::Stay; // (the caller goes on at once)
    }
    throw Unsupported("cleanup handler '" + f.name + "' has no body at " + m.where());
  }
  return m.callModel(fp->root.b, {arg}, resume);
}

Machine::Outcome runPush(Machine& m, const std::string&, const model::Transition& t) {
  Expr fn = m.arg(t.stmt, 0);
  Expr arg = m.arg(t.stmt, 1);
  m.checkDefined(fn);
  checkSlot(m);
  int64_t n = handlerCount(m);
  if (uint64_t(n) >= model::kCleanupHandlers)
    throw Unsupported("more than " + std::to_string(model::kCleanupHandlers) +
                      " cleanup handlers pushed at once at " + m.where());
  syncWrite(m, tsdPlace(m, "$cleanup_fn", {m.intc(m.thr), m.intc(n)}), fn);
  syncWrite(m, tsdPlace(m, "$cleanup_arg", {m.intc(m.thr), m.intc(n)}), arg);
  syncWrite(m, tsdPlace(m, "$cleanup_n", {m.intc(m.thr)}), m.intc(n + 1));
  m.advance(t);
  return Machine::Outcome::Done;
}

Machine::Outcome runPop(Machine& m, const std::string&, const model::Transition& t) {
  ProcState& ps = m.self();
  if (ps.callPhase == 1) { // the handler returned
    ps.callPhase = 0;
    m.advance(t);
    return Machine::Outcome::Done;
  }
  int64_t e = m.requireConcrete(m.arg(t.stmt, 0), "pthread_cleanup_pop argument");
  int64_t n = handlerCount(m);
  if (n <= 0)
    throw Unsupported("pthread_cleanup_pop without a handler pushed at " + m.where());
  auto [fn, arg] = popHandler(m, n);
  size_t depth = ps.stack.size();
  if (e != 0 && callHandler(m, fn, arg, 1) == Machine::Outcome::Stay &&
      m.self().stack.size() > depth)
    return Machine::Outcome::Stay; // the handler runs; back here in phase 1
  m.advance(t);
  return Machine::Outcome::Done;
}

Machine::Outcome runCancel(Machine& m, const std::string&, const model::Transition& t) {
  Expr idv = m.arg(t.stmt, 0);
  if (m.V.isUndef(idv))
    m.fail(ViolationKind::UninitializedRead, "use of an uninitialized pthread_t", m.pc());
  int k = threadIndex(m.requireConcrete(idv, "thread id"));
  ProcState& ps = withThreads(m);
  if (k < 0 || size_t(k) >= ps.threads.size() || ps.threads[size_t(k)].status == Status::Free)
    return done(m, t, kESRCH);
  Thread& th = ps.threads[size_t(k)];
  if (th.status == Status::Running)
    th.cancel |= Thread::kCancelPending;
  m.step.effects.push_back("cancellation of thread " + std::to_string(k) + " requested");
  return done(m, t, 0);
}

Machine::Outcome runSetState(Machine& m, const std::string&, const model::Transition& t) {
  int64_t v = m.requireConcrete(m.arg(t.stmt, 0), "cancel state");
  Expr oldp = m.arg(t.stmt, 1);
  if (v != 0 && v != 1) // PTHREAD_CANCEL_ENABLE, PTHREAD_CANCEL_DISABLE
    return done(m, t, kEINVAL);
  ProcState& ps = withThreads(m);
  Thread& th = ps.threads.at(size_t(m.thr));
  int64_t old = (th.cancel & Thread::kCancelDisabled) ? 1 : 0;
  if (auto op = m.V.decodePointer(oldp); op && op->root.kind != RootKind::Null)
    m.writePlace(m.placeOfPointer(oldp, m.P.types.intType(), m.me), m.intc(old));
  if (v)
    th.cancel |= Thread::kCancelDisabled;
  else
    th.cancel &= uint8_t(~Thread::kCancelDisabled);
  return done(m, t, 0);
}

Machine::Outcome runSetType(Machine& m, const std::string&, const model::Transition& t) {
  int64_t v = m.requireConcrete(m.arg(t.stmt, 0), "cancel type");
  Expr oldp = m.arg(t.stmt, 1);
  if (v != 0 && v != 1)
    return done(m, t, kEINVAL);
  ProcState& ps = withThreads(m);
  Thread& th = ps.threads.at(size_t(m.thr));
  int64_t old = (th.cancel & Thread::kCancelAsync) ? 1 : 0;
  if (v)
    th.cancel |= Thread::kCancelAsync;
  else
    th.cancel &= uint8_t(~Thread::kCancelAsync);
  if (auto op = m.V.decodePointer(oldp); op && op->root.kind != RootKind::Null)
    m.writePlace(m.placeOfPointer(oldp, m.P.types.intType(), m.me), m.intc(old));
  return done(m, t, 0);
}

Machine::Outcome runTestCancel(Machine& m, const std::string&, const model::Transition& t) {
  if (auto o = cancellationPoint(m, t))
    return *o;
  m.advance(t);
  return Machine::Outcome::Done;
}

} // namespace

Expr canceledValue(Machine& m) {
  // PTHREAD_CANCELED, ((void *)-1) in pthread.h: the integer -1 as a pointer
  // (as Machine::convert makes it: a pointer to no object, an Address root)
  if (auto r = state::addressRoot(-1))
    return m.V.makePointer(*r, {});
  throw Unsupported("PTHREAD_CANCELED as a pointer at " + m.where());
}

std::optional<Machine::Outcome> runHandlers(Machine& m) {
  for (;;) {
    int64_t n = handlerCount(m);
    if (n <= 0)
      return std::nullopt;
    auto [fn, arg] = popHandler(m, n);
    ProcState& ps = m.self();
    size_t depth = ps.stack.size();
    Machine::Outcome o = callHandler(m, fn, arg, kUnwindPhase);
    if (o == Machine::Outcome::Stay && m.self().stack.size() > depth)
      return o; // the handler runs; the call comes back in kUnwindPhase
  }
}

Machine::Outcome unwind(Machine& m, const model::Transition& t, Expr v) {
  // (thread `thr` is not main: callers check)
  if (auto o = runHandlers(m))
    return *o;
  (void)t;
  m.self().callPhase = 0;
  m.endFrames(0, &v); // (pthread_exit(&x) of a local x: a dangling value)
  m.self().stack.clear();
  m.threadEnd(v, true);
  return Machine::Outcome::Done;
}

std::optional<Machine::Outcome> cancellationPoint(Machine& m, const model::Transition& t) {
  ProcState& ps = m.self();
  if (ps.threads.empty())
    return std::nullopt;
  Thread& th = ps.threads.at(size_t(m.thr));
  if (ps.callPhase == kUnwindPhase && (th.cancel & Thread::kCancelActing)) // a handler returned
    return m.thr == 0 ? mainExit(m, t, canceledValue(m)) : unwind(m, t, canceledValue(m));
  if (!cancelDue(m))
    return std::nullopt;
  return actOnCancel(m, t);
}

bool cancelDue(Machine& m) {
  const ProcState& ps = m.self();
  if (ps.threads.empty())
    return false;
  uint8_t c = ps.threads.at(size_t(m.thr)).cancel;
  return (c & Thread::kCancelPending) && !(c & (Thread::kCancelDisabled | Thread::kCancelActing));
}

Machine::Outcome actOnCancel(Machine& m, const model::Transition& t) {
  Thread& th = m.self().threads.at(size_t(m.thr));
  th.cancel = uint8_t((th.cancel & ~Thread::kCancelPending) | Thread::kCancelActing);
  m.globalMove = true;
  m.self().callPhase = 0;
  m.step.effects.push_back("thread " + std::to_string(m.thr) + " acts on its cancellation");
  if (m.thr == 0) // as pthread_exit in main (Threads.cpp)
    return mainExit(m, t, canceledValue(m));
  return unwind(m, t, canceledValue(m));
}

bool interruptMoves(const ProcState& ps, int thr, const model::Transition& t,
                    const std::function<Machine()>& fresh, std::vector<Successor>& out) {
  if (size_t(thr) >= ps.threads.size())
    return false;
  const Thread& th = ps.threads[size_t(thr)];
  uint8_t c = th.cancel;
  if ((c & Thread::kCancelInterrupted) && ps.phaseOf(size_t(thr)) == kUnwindPhase) {
    // a cleanup handler returned to the interrupted statement: go on unwinding
    Machine m = fresh();
    m.step.stmt = "(asynchronous cancellation: unwinding)";
    m.globalMove = true;
    Machine::Outcome o =
        m.thr == 0 ? mainExit(m, t, canceledValue(m)) : unwind(m, t, canceledValue(m));
    if (o == Machine::Outcome::Done || o == Machine::Outcome::Stay)
      out.push_back(m.successor());
    return true;
  }
  if (!(c & Thread::kCancelAsync) || !(c & Thread::kCancelPending) ||
      (c & (Thread::kCancelDisabled | Thread::kCancelActing)) || ps.phaseOf(size_t(thr)) != 0 ||
      th.tsdExit != 0)
    return false;
  Machine m = fresh();
  m.step.stmt = "(asynchronous cancellation)";
  m.self().threads.at(size_t(thr)).cancel |= Thread::kCancelInterrupted;
  Machine::Outcome o = actOnCancel(m, t);
  if (o == Machine::Outcome::Done || o == Machine::Outcome::Stay)
    out.push_back(m.successor());
  return false;
}

void asyncUnsafeCall(Machine& m, const std::string& name) {
  const ProcState& ps = m.self();
  if (ps.threads.empty() || size_t(m.thr) >= ps.threads.size())
    return;
  uint8_t c = ps.threads[size_t(m.thr)].cancel;
  if (!(c & Thread::kCancelAsync) || (c & (Thread::kCancelDisabled | Thread::kCancelActing)))
    return;
  if (name == "pthread_cancel" || name == "pthread_setcancelstate" ||
      name == "pthread_setcanceltype" || name.rfind("$", 0) == 0 ||
      name.rfind("__VERIFIER_", 0) == 0 || name.rfind("__chorus_", 0) == 0)
    return;
  m.fail(ViolationKind::LockMisuse,
         name + " called with asynchronous cancelability enabled (POSIX XSH 2.9.5: only "
                "pthread_cancel, pthread_setcancelstate and pthread_setcanceltype are "
                "async-cancel-safe)",
         m.pc());
}

void registerCancel(LibraryRegistry& r) {
  r.add("pthread_cancel", {runCancel});
  r.add("pthread_setcancelstate", {runSetState});
  r.add("pthread_setcanceltype", {runSetType});
  r.add("pthread_testcancel", {runTestCancel});
  r.add("__chorus_cleanup_push", {runPush});
  r.add("__chorus_cleanup_pop", {runPop});
}

} // namespace chorus::exec::threads
