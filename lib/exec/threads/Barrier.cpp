// Barriers: pthread_barrier_t {count, waiting, phase} of
// lib/front/headers/bits/pthreadtypes.h (count 0: not initialized or
// destroyed). pthread_barrier_wait is a two-phase call: the arrival counts
// the thread in; the last one to arrive opens the barrier (the phase
// advances, the count restarts) and returns PTHREAD_BARRIER_SERIAL_THREAD;
// the others wait in their second phase, remembering the barrier's phase
// (in the call phase: 1 + phase mod 200), until it has advanced, and
// return 0.
#include "ThreadsInternal.h"

namespace chorus::exec::threads {

namespace {

constexpr int64_t kSerial = -1; // PTHREAD_BARRIER_SERIAL_THREAD

Machine::Outcome runBarrierInit(Machine& m, const std::string&, const model::Transition& t) {
  Place b = objectArg(m, t.stmt, 0, "barrier");
  m.arg(t.stmt, 1);
  int64_t n = m.requireConcrete(m.arg(t.stmt, 2), "barrier count");
  if (n <= 0)
    return done(m, t, kEINVAL);
  setField(m, b, 0, n);
  setField(m, b, 1, 0);
  setField(m, b, 2, 0);
  return done(m, t, 0);
}

Machine::Outcome runBarrierDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Place b = objectArg(m, t.stmt, 0, "barrier");
  std::string name = objectName(m, t.stmt, 0);
  if (getField(m, b, 0, "barrier") == 0)
    m.fail(ViolationKind::LockMisuse, "destroy of the barrier " + name + ", not initialized",
           m.pc());
  int64_t waiting = getField(m, b, 1, "barrier");
  if (waiting > 0)
    m.fail(ViolationKind::LockMisuse,
           "destroy of the barrier " + name + ", on which " + std::to_string(waiting) +
               " thread(s) wait",
           m.pc());
  setField(m, b, 0, 0);
  return done(m, t, 0);
}

Machine::Outcome runBarrierWait(Machine& m, const std::string&, const model::Transition& t) {
  Place b = objectArg(m, t.stmt, 0, "barrier");
  std::string name = objectName(m, t.stmt, 0);
  int64_t count = getField(m, b, 0, "barrier");
  int64_t waiting = getField(m, b, 1, "barrier");
  int64_t phase = getField(m, b, 2, "barrier");
  ProcState& ps = withThreads(m);
  if (ps.callPhase == 0) { // arrival
    if (count == 0)
      m.fail(ViolationKind::LockMisuse, "wait on the barrier " + name + ", not initialized",
             m.pc());
    if (waiting + 1 == count) {
      setField(m, b, 1, 0);
      setField(m, b, 2, phase + 1);
      m.step.effects.push_back(name + " opens");
      return done(m, t, kSerial);
    }
    setField(m, b, 1, waiting + 1);
    ps.callPhase = uint8_t(1 + phase % 200);
    m.step.effects.push_back(name + ": " + std::to_string(waiting + 1) + " of " +
                             std::to_string(count) + " arrived");
    return Machine::Outcome::Stay;
  }
  if (uint8_t(1 + phase % 200) == ps.callPhase) {
    m.blockedWhy = "barrier " + name + ": " + std::to_string(waiting) + " of " +
                   std::to_string(count) + " threads arrived";
    return Machine::Outcome::Blocked;
  }
  ps.callPhase = 0;
  return done(m, t, 0);
}

} // namespace

void registerBarrier(LibraryRegistry& r) {
  r.add("pthread_barrier_init", {runBarrierInit});
  r.add("pthread_barrier_destroy", {runBarrierDestroy});
  r.add("pthread_barrier_wait", {runBarrierWait, resumeBlocked});
  r.add({"pthread_barrierattr_init", "pthread_barrierattr_destroy"}, {runIgnoredAttr});
}

} // namespace chorus::exec::threads
