// Mutexes: pthread_mutex_t {state, kind, count} of
// lib/front/headers/bits/pthreadtypes.h: state 0 unlocked, 1 + k locked by
// thread k, -1 destroyed; kind NORMAL (0), RECURSIVE (1), ERRORCHECK (2);
// count the recursion depth. A zeroed object (static storage,
// PTHREAD_MUTEX_INITIALIZER) is an unlocked normal mutex, as in glibc.
// Misuse the standard leaves undefined is LOCK_MISUSE; what it defines (the
// error returns of error-checking and recursive mutexes) is returned.
#include "ThreadsInternal.h"

namespace chorus::exec::threads {

namespace {

constexpr int64_t kNormal = 0, kRecursive = 1, kErrorCheck = 2;
constexpr int64_t kDestroyed = -1;

struct Mutex {
  Place obj;
  int64_t state, kind, count;
  std::string name;
};

Mutex mutexArg(Machine& m, const model::Stmt& s, size_t i = 0) {
  Mutex mx;
  mx.obj = objectArg(m, s, i, "mutex");
  mx.state = getField(m, mx.obj, 0, "mutex");
  mx.kind = getField(m, mx.obj, 1, "mutex");
  mx.count = getField(m, mx.obj, 2, "mutex");
  mx.name = objectName(m, s, i);
  if (mx.state == kDestroyed)
    m.fail(ViolationKind::LockMisuse, "use of the destroyed mutex " + mx.name, m.pc());
  return mx;
}

/// Takes mutex mx for the moving thread; Blocked when another holds it
/// (`tryOnly`: EBUSY instead).
Machine::Outcome lock(Machine& m, const model::Transition& t, Mutex& mx, bool tryOnly, bool timed) {
  int64_t owner = mx.state - 1;
  if (mx.state == 0) {
    setField(m, mx.obj, 0, m.thr + 1);
    setField(m, mx.obj, 2, 1);
    m.step.effects.push_back(mx.name + " locked");
    return done(m, t, 0);
  }
  if (owner == m.thr) {
    if (mx.kind == kRecursive) {
      setField(m, mx.obj, 2, mx.count + 1);
      return done(m, t, 0);
    }
    if (tryOnly)
      return done(m, t, kEBUSY);
    if (mx.kind == kErrorCheck)
      return done(m, t, kEDEADLK);
    m.fail(ViolationKind::LockMisuse,
           "relock of the normal mutex " + mx.name + " by the thread that holds it (it deadlocks)",
           m.pc());
  }
  if (tryOnly)
    return done(m, t, kEBUSY);
  if (timed)
    return done(m, t, kETIMEDOUT); // it may also wait: then it is taken once free
  m.waitsFor = int(owner);
  m.blockedWhy = "mutex " + mx.name + " held by thread " + std::to_string(owner);
  return Machine::Outcome::Blocked;
}

Machine::Outcome runLock(Machine& m, const std::string&, const model::Transition& t) {
  Mutex mx = mutexArg(m, t.stmt);
  return lock(m, t, mx, false, false);
}

Machine::Outcome runTrylock(Machine& m, const std::string&, const model::Transition& t) {
  Mutex mx = mutexArg(m, t.stmt);
  return lock(m, t, mx, true, false);
}

Machine::Outcome runTimedlock(Machine& m, const std::string&, const model::Transition& t) {
  Mutex mx = mutexArg(m, t.stmt);
  m.arg(t.stmt, 1);
  return lock(m, t, mx, false, true);
}

Machine::Outcome runUnlock(Machine& m, const std::string&, const model::Transition& t) {
  Mutex mx = mutexArg(m, t.stmt);
  int64_t owner = mx.state - 1;
  if (mx.state == 0 || owner != m.thr) {
    if (mx.kind == kErrorCheck || mx.kind == kRecursive)
      return done(m, t, kEPERM);
    m.fail(ViolationKind::LockMisuse,
           mx.state == 0
               ? "unlock of the mutex " + mx.name + ", which is not locked"
               : "unlock of the mutex " + mx.name + " by thread " + std::to_string(m.thr) +
                     ", but thread " + std::to_string(owner) + " holds it",
           m.pc());
  }
  if (mx.kind == kRecursive && mx.count > 1) {
    setField(m, mx.obj, 2, mx.count - 1);
    return done(m, t, 0);
  }
  setField(m, mx.obj, 0, 0);
  setField(m, mx.obj, 2, 0);
  m.step.effects.push_back(mx.name + " unlocked");
  return done(m, t, 0);
}

Machine::Outcome runMutexInit(Machine& m, const std::string&, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Place obj = objectArg(m, s, 0, "mutex");
  int64_t kind = kNormal;
  Expr attr = m.arg(s, 1);
  if (auto ap = m.V.decodePointer(attr); ap && ap->root.kind != RootKind::Null)
    kind = getField(m, objectArg(m, s, 1, "mutex attribute"), 0, "mutex attribute");
  else if (m.V.isUndef(attr))
    m.fail(ViolationKind::UninitializedRead, "use of an uninitialized mutex attribute pointer",
           m.pc());
  // re-initializing a locked mutex is undefined
  Place st = obj;
  st.path.push_back(m.intc(0));
  st.type = obj.type->fields.at(0).type;
  bool was = m.syncAccess;
  m.syncAccess = true;
  Expr old = m.readPlace(st);
  m.syncAccess = was;
  if (auto o = m.concreteInt(old); o && *o > 0)
    m.fail(ViolationKind::LockMisuse,
           "initialization of the mutex " + objectName(m, s, 0) + ", which thread " +
               std::to_string(*o - 1) + " holds",
           m.pc());
  setField(m, obj, 0, 0);
  setField(m, obj, 1, kind);
  setField(m, obj, 2, 0);
  return done(m, t, 0);
}

Machine::Outcome runMutexDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Mutex mx = mutexArg(m, t.stmt);
  if (mx.state > 0)
    m.fail(ViolationKind::LockMisuse,
           "destroy of the mutex " + mx.name + ", which thread " + std::to_string(mx.state - 1) +
               " holds",
           m.pc());
  setField(m, mx.obj, 0, kDestroyed);
  return done(m, t, 0);
}

// ---- mutex attributes: {kind, pshared}
Machine::Outcome runMattrInit(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "mutex attribute");
  setField(m, a, 0, kNormal);
  setField(m, a, 1, 0);
  return done(m, t, 0);
}

Machine::Outcome runMattrDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "mutex attribute");
  getField(m, a, 0, "mutex attribute");
  return done(m, t, 0);
}

Machine::Outcome runMattrSettype(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "mutex attribute");
  int64_t k = m.requireConcrete(m.arg(t.stmt, 1), "mutex type");
  getField(m, a, 0, "mutex attribute");
  if (k < kNormal || k > kErrorCheck)
    return done(m, t, kEINVAL);
  setField(m, a, 0, k);
  return done(m, t, 0);
}

Machine::Outcome runMattrGettype(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "mutex attribute");
  int64_t k = getField(m, a, 0, "mutex attribute");
  Expr out = m.arg(t.stmt, 1);
  m.writePlace(m.placeOfPointer(out, m.P.types.intType(), m.me), m.intc(k));
  return done(m, t, 0);
}

Machine::Outcome runMattrPshared(Machine& m, const std::string&, const model::Transition& t) {
  Place a = objectArg(m, t.stmt, 0, "mutex attribute");
  int64_t v = m.requireConcrete(m.arg(t.stmt, 1), "process-shared flag");
  getField(m, a, 0, "mutex attribute");
  setField(m, a, 1, v);
  return done(m, t, 0);
}

} // namespace

void registerMutex(LibraryRegistry& r) {
  r.add("pthread_mutex_lock", {runLock, resumeBlocked});
  r.add("pthread_mutex_trylock", {runTrylock});
  r.add("pthread_mutex_timedlock", {runTimedlock});
  r.add("pthread_mutex_unlock", {runUnlock});
  r.add("pthread_mutex_init", {runMutexInit});
  r.add("pthread_mutex_destroy", {runMutexDestroy});
  r.add("pthread_mutexattr_init", {runMattrInit});
  r.add("pthread_mutexattr_destroy", {runMattrDestroy});
  r.add("pthread_mutexattr_settype", {runMattrSettype});
  r.add("pthread_mutexattr_gettype", {runMattrGettype});
  r.add("pthread_mutexattr_setpshared", {runMattrPshared});
}

} // namespace chorus::exec::threads
