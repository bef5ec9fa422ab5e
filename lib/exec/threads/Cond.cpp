// Condition variables: pthread_cond_t {state} (0 initialized, -1
// destroyed); the waiting threads are recorded in their Thread entries
// (waitOn: the condition variable's address, signalled: picked by a signal
// or a broadcast). pthread_cond_wait runs in two phases of its call: the
// first releases the mutex and starts waiting, the second wakes up — when
// signalled, or spuriously at any time (POSIX allows it; such a move is
// Successor::spurious, not progress: a state where every thread only has
// spurious wake-ups is a deadlock) — and takes the mutex again.
// pthread_cond_timedwait may also time out whenever it waits (ETIMEDOUT).
#include "ThreadsInternal.h"

namespace chorus::exec::threads {

namespace {

using Status = state::Thread::Status;

struct Cond {
  Place obj;
  Expr addr;
  std::string name;
};

Cond condArg(Machine& m, const model::Stmt& s) {
  Cond c;
  c.obj = objectArg(m, s, 0, "condition variable");
  c.addr = m.pointerTo(c.obj);
  c.name = objectName(m, s, 0);
  if (getField(m, c.obj, 0, "condition variable") == -1)
    m.fail(ViolationKind::LockMisuse, "use of the destroyed condition variable " + c.name, m.pc());
  return c;
}

Machine::Outcome wait(Machine& m, const model::Transition& t, bool timed) {
  const model::Stmt& s = t.stmt;
  if (m.self().callPhase != 1)
    if (auto o = cancellationPoint(m, t)) // (at the call, the mutex held)
      return *o;
  Cond c = condArg(m, s);
  Place mx = objectArg(m, s, 1, "mutex");
  std::string mname = objectName(m, s, 1);
  int64_t state = getField(m, mx, 0, "mutex"), kind = getField(m, mx, 1, "mutex");
  if (timed)
    m.arg(s, 2);
  ProcState& ps = withThreads(m);
  if (ps.callPhase == 0) { // release the mutex and wait
    if (state == -1)
      m.fail(ViolationKind::LockMisuse, "use of the destroyed mutex " + mname, m.pc());
    if (state - 1 != m.thr) {
      if (kind != 0)
        return done(m, t, kEPERM);
      m.fail(ViolationKind::LockMisuse,
             "wait on " + c.name + " with the mutex " + mname + ", which the thread does not hold",
             m.pc());
    }
    setField(m, mx, 0, 0);
    setField(m, mx, 2, 0);
    state::Thread& th = ps.threads.at(size_t(m.thr));
    th.waitOn = c.addr;
    th.signalled = false;
    ps.callPhase = 1;
    m.step.effects.push_back("waits on " + c.name + ", " + mname + " unlocked");
    return Machine::Outcome::Stay;
  }
  // woken (signalled, spuriously, or timed out): take the mutex again
  if (state != 0) {
    m.waitsFor = int(state - 1);
    m.blockedWhy =
        "to take the mutex " + mname + " again, held by thread " + std::to_string(state - 1);
    return Machine::Outcome::Blocked;
  }
  state::Thread& th = ps.threads.at(size_t(m.thr));
  if (cancelDue(m)) {
    // cancelled while waiting: the mutex is taken again, then the cleanup
    // handlers run (POSIX pthread_cond_wait)
    th.waitOn = nullptr;
    th.signalled = false;
    ps.callPhase = 0;
    setField(m, mx, 0, m.thr + 1);
    setField(m, mx, 2, 1);
    m.step.effects.push_back(mname + " locked");
    return actOnCancel(m, t);
  }
  int64_t result = 0;
  if (!th.signalled) {
    if (timed) {
      result = kETIMEDOUT;
      m.step.effects.push_back("timed out");
    } else {
      m.spurious = true;
      m.unsafe = true;
      m.step.effects.push_back("spurious wake-up");
    }
  }
  th.waitOn = nullptr;
  th.signalled = false;
  ps.callPhase = 0;
  setField(m, mx, 0, m.thr + 1);
  setField(m, mx, 2, 1);
  m.step.effects.push_back(mname + " locked");
  return done(m, t, result);
}

Machine::Outcome runWait(Machine& m, const std::string&, const model::Transition& t) {
  return wait(m, t, false);
}

Machine::Outcome runTimedwait(Machine& m, const std::string&, const model::Transition& t) {
  return wait(m, t, true);
}

/// The threads waiting on c and not yet picked.
std::vector<size_t> waiters(Machine& m, const Cond& c, bool all) {
  std::vector<size_t> out;
  const ProcState& ps = m.self();
  for (size_t k = 0; k < ps.threads.size(); ++k)
    if (ps.threads[k].waitOn == c.addr && (all || !ps.threads[k].signalled))
      out.push_back(k);
  return out;
}

Machine::Outcome runSignal(Machine& m, const std::string& name, const model::Transition& t) {
  Cond c = condArg(m, t.stmt);
  std::vector<size_t> ws = waiters(m, c, false);
  if (ws.empty()) {
    m.step.effects.push_back(c.name + ": no thread waits");
    return done(m, t, 0);
  }
  bool broadcast = name == "pthread_cond_broadcast";
  size_t pick = ws.size() - 1;
  if (!broadcast) // which waiter wakes: every choice is explored
    for (size_t i = 0; i + 1 < ws.size(); ++i)
      if (m.branch()) {
        pick = i;
        break;
      }
  ProcState& ps = m.self();
  for (size_t i = 0; i < ws.size(); ++i)
    if (broadcast || i == pick) {
      ps.threads[ws[i]].signalled = true;
      m.step.effects.push_back("thread " + std::to_string(ws[i]) + " woken");
    }
  return done(m, t, 0);
}

Machine::Outcome runCondInit(Machine& m, const std::string&, const model::Transition& t) {
  Place obj = objectArg(m, t.stmt, 0, "condition variable");
  if (t.stmt.args.size() > 1)
    m.arg(t.stmt, 1);
  setField(m, obj, 0, 0);
  return done(m, t, 0);
}

Machine::Outcome runCondDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Cond c = condArg(m, t.stmt);
  std::vector<size_t> ws = waiters(m, c, true);
  if (!ws.empty())
    m.fail(ViolationKind::LockMisuse,
           "destroy of the condition variable " + c.name + ", on which thread " +
               std::to_string(ws[0]) + " waits",
           m.pc());
  setField(m, c.obj, 0, -1);
  return done(m, t, 0);
}

} // namespace

void registerCond(LibraryRegistry& r) {
  r.add("pthread_cond_wait", {runWait, resumeBlocked});
  r.add("pthread_cond_timedwait", {runTimedwait, resumeBlocked});
  r.add({"pthread_cond_signal", "pthread_cond_broadcast"}, {runSignal});
  r.add("pthread_cond_init", {runCondInit});
  r.add("pthread_cond_destroy", {runCondDestroy});
  r.add({"pthread_condattr_init", "pthread_condattr_destroy", "pthread_condattr_setpshared"},
        {runIgnoredAttr});
}

} // namespace chorus::exec::threads
