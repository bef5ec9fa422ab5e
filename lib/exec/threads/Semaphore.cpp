// POSIX unnamed semaphores: sem_t {value, state} of
// lib/front/headers/semaphore.h (state 0 not initialized, 1 initialized,
// -1 destroyed). sem_wait of a zero count blocks until a sem_post; the
// trying and timed forms fail with -1 instead (errno is not modelled).
#include "ThreadsInternal.h"

namespace chorus::exec::threads {

namespace {

struct Sem {
  Place obj;
  int64_t value;
  std::string name;
};

Sem semArg(Machine& m, const model::Transition& t) {
  Sem s;
  s.obj = objectArg(m, t.stmt, 0, "semaphore");
  s.name = objectName(m, t.stmt, 0);
  int64_t state = getField(m, s.obj, 1, "semaphore");
  if (state == 0)
    m.fail(ViolationKind::LockMisuse, "use of the semaphore " + s.name + ", not initialized",
           m.pc());
  if (state == -1)
    m.fail(ViolationKind::LockMisuse, "use of the destroyed semaphore " + s.name, m.pc());
  s.value = getField(m, s.obj, 0, "semaphore");
  return s;
}

Machine::Outcome runSemInit(Machine& m, const std::string&, const model::Transition& t) {
  Place obj = objectArg(m, t.stmt, 0, "semaphore");
  m.arg(t.stmt, 1);
  int64_t v = m.requireConcrete(m.arg(t.stmt, 2), "semaphore value");
  if (v < 0 || v > 2147483647)
    return done(m, t, -1);
  setField(m, obj, 0, v);
  setField(m, obj, 1, 1);
  return done(m, t, 0);
}

Machine::Outcome runSemDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Sem s = semArg(m, t);
  setField(m, s.obj, 1, -1);
  return done(m, t, 0);
}

Machine::Outcome runSemWait(Machine& m, const std::string& name, const model::Transition& t) {
  if (name != "sem_trywait")
    if (auto o = cancellationPoint(m, t))
      return *o;
  Sem s = semArg(m, t);
  if (name == "sem_timedwait")
    m.arg(t.stmt, 1);
  if (s.value > 0) {
    setField(m, s.obj, 0, s.value - 1);
    m.step.effects.push_back(s.name + " = " + std::to_string(s.value - 1));
    return done(m, t, 0);
  }
  if (name != "sem_wait")
    return done(m, t, -1); // EAGAIN / ETIMEDOUT
  m.blockedWhy = "semaphore " + s.name + " is 0";
  return Machine::Outcome::Blocked;
}

Machine::Outcome runSemPost(Machine& m, const std::string&, const model::Transition& t) {
  Sem s = semArg(m, t);
  setField(m, s.obj, 0, s.value + 1);
  m.step.effects.push_back(s.name + " = " + std::to_string(s.value + 1));
  return done(m, t, 0);
}

Machine::Outcome runSemGetvalue(Machine& m, const std::string&, const model::Transition& t) {
  Sem s = semArg(m, t);
  Expr out = m.arg(t.stmt, 1);
  m.writePlace(m.placeOfPointer(out, m.P.types.intType(), m.me), m.intc(s.value));
  return done(m, t, 0);
}

} // namespace

void registerSemaphore(LibraryRegistry& r) {
  r.add("sem_init", {runSemInit});
  r.add("sem_destroy", {runSemDestroy});
  r.add("sem_wait", {runSemWait, resumeBlocked});
  r.add({"sem_trywait", "sem_timedwait"}, {runSemWait});
  r.add("sem_post", {runSemPost});
  r.add("sem_getvalue", {runSemGetvalue});
}

} // namespace chorus::exec::threads
