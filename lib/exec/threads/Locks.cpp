// Read-write locks, spin locks and pthread_once.
//   pthread_rwlock_t {readers, writer}: readers holding it, 1 + the thread
//     writing (0: none). A writer waits for no readers and no writer, a
//     reader for no writer (no preference between them: every order is
//     explored). Unlock of a lock the thread does not hold is LOCK_MISUSE
//     (the readers are counted, not named: an unlock by a thread that holds
//     no read lock while others do is not detected).
//   pthread_spinlock_t (an int): 0 free, 1 + the holder; a thread spinning
//     on a held lock is blocked until it is free (the spinning itself is
//     not a state change).
//   pthread_once_t (an int): 0 not run, 1 running, 2 done; the first caller
//     runs the routine (Machine::callModel), the others wait until it is
//     done.
#include "ThreadsInternal.h"

namespace chorus::exec::threads {

namespace {

Machine::Outcome blocked(Machine& m, int waitsFor, std::string why) {
  m.waitsFor = waitsFor;
  m.blockedWhy = std::move(why);
  return Machine::Outcome::Blocked;
}

// ---- read-write locks
Machine::Outcome runRwInit(Machine& m, const std::string&, const model::Transition& t) {
  Place l = objectArg(m, t.stmt, 0, "read-write lock");
  if (t.stmt.args.size() > 1)
    m.arg(t.stmt, 1);
  setField(m, l, 0, 0);
  setField(m, l, 1, 0);
  return done(m, t, 0);
}

Machine::Outcome runRwLock(Machine& m, const std::string& name, const model::Transition& t) {
  Place l = objectArg(m, t.stmt, 0, "read-write lock");
  std::string ln = objectName(m, t.stmt, 0);
  int64_t readers = getField(m, l, 0, "read-write lock");
  int64_t writer = getField(m, l, 1, "read-write lock");
  if (readers < 0)
    m.fail(ViolationKind::LockMisuse, "use of the destroyed read-write lock " + ln, m.pc());
  bool write = name.find("wrlock") != std::string::npos;
  bool tryOnly = name.find("try") != std::string::npos;
  if (writer - 1 == m.thr)
    return done(m, t, kEDEADLK);
  if (write ? (readers == 0 && writer == 0) : writer == 0) {
    if (write)
      setField(m, l, 1, m.thr + 1);
    else
      setField(m, l, 0, readers + 1);
    m.step.effects.push_back(ln + (write ? " write-locked" : " read-locked"));
    return done(m, t, 0);
  }
  if (tryOnly)
    return done(m, t, kEBUSY);
  return blocked(m, writer > 0 ? int(writer - 1) : -1,
                 "read-write lock " + ln +
                     (writer > 0 ? " written by thread " + std::to_string(writer - 1)
                                 : " read by " + std::to_string(readers) + " thread(s)"));
}

Machine::Outcome runRwUnlock(Machine& m, const std::string&, const model::Transition& t) {
  Place l = objectArg(m, t.stmt, 0, "read-write lock");
  std::string ln = objectName(m, t.stmt, 0);
  int64_t readers = getField(m, l, 0, "read-write lock");
  int64_t writer = getField(m, l, 1, "read-write lock");
  if (writer - 1 == m.thr) {
    setField(m, l, 1, 0);
  } else if (writer == 0 && readers > 0) {
    setField(m, l, 0, readers - 1);
  } else {
    m.fail(ViolationKind::LockMisuse,
           writer > 0
               ? "unlock of the read-write lock " + ln + " by thread " + std::to_string(m.thr) +
                     ", but thread " + std::to_string(writer - 1) + " writes it"
               : "unlock of the read-write lock " + ln + ", which is not locked",
           m.pc());
  }
  m.step.effects.push_back(ln + " unlocked");
  return done(m, t, 0);
}

Machine::Outcome runRwDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Place l = objectArg(m, t.stmt, 0, "read-write lock");
  std::string ln = objectName(m, t.stmt, 0);
  int64_t readers = getField(m, l, 0, "read-write lock");
  int64_t writer = getField(m, l, 1, "read-write lock");
  if (readers > 0 || writer > 0)
    m.fail(ViolationKind::LockMisuse, "destroy of the read-write lock " + ln + ", which is held",
           m.pc());
  setField(m, l, 0, -1);
  return done(m, t, 0);
}

// ---- spin locks (the object is an int)
Place spinArg(Machine& m, const model::Stmt& s) {
  Expr pv = m.arg(s, 0);
  const model::Type* t = staticPointee(s.args[0]);
  if (!t || t->kind != TypeKind::Int)
    throw Unsupported("the spin lock argument is not a pthread_spinlock_t * at " + m.where());
  return m.placeOfPointer(pv, t, m.me);
}

int64_t spinValue(Machine& m, const Place& p) {
  bool was = m.syncAccess;
  m.syncAccess = true;
  Expr v = m.readPlace(p);
  m.syncAccess = was;
  if (m.V.isUndef(v))
    m.fail(ViolationKind::LockMisuse, "use of an uninitialized spin lock", m.pc());
  return m.requireConcrete(v, "spin lock");
}

void setSpin(Machine& m, const Place& p, int64_t v) {
  bool was = m.syncAccess;
  m.syncAccess = true;
  m.writePlace(p, m.intc(v));
  m.syncAccess = was;
}

Machine::Outcome runSpinInit(Machine& m, const std::string&, const model::Transition& t) {
  Place p = spinArg(m, t.stmt);
  m.arg(t.stmt, 1);
  setSpin(m, p, 0);
  return done(m, t, 0);
}

Machine::Outcome runSpinLock(Machine& m, const std::string& name, const model::Transition& t) {
  Place p = spinArg(m, t.stmt);
  std::string ln = objectName(m, t.stmt, 0);
  int64_t v = spinValue(m, p);
  if (v == 0) {
    setSpin(m, p, m.thr + 1);
    return done(m, t, 0);
  }
  if (name == "pthread_spin_trylock")
    return done(m, t, kEBUSY);
  if (v - 1 == m.thr)
    m.fail(ViolationKind::LockMisuse,
           "relock of the spin lock " + ln + " by the thread that holds it (it spins forever)",
           m.pc());
  return blocked(m, int(v - 1), "spin lock " + ln + " held by thread " + std::to_string(v - 1));
}

Machine::Outcome runSpinUnlock(Machine& m, const std::string&, const model::Transition& t) {
  Place p = spinArg(m, t.stmt);
  std::string ln = objectName(m, t.stmt, 0);
  int64_t v = spinValue(m, p);
  if (v - 1 != m.thr)
    m.fail(ViolationKind::LockMisuse,
           v == 0 ? "unlock of the spin lock " + ln + ", which is not locked"
                  : "unlock of the spin lock " + ln + " by thread " + std::to_string(m.thr) +
                        ", but thread " + std::to_string(v - 1) + " holds it",
           m.pc());
  setSpin(m, p, 0);
  return done(m, t, 0);
}

Machine::Outcome runSpinDestroy(Machine& m, const std::string&, const model::Transition& t) {
  Place p = spinArg(m, t.stmt);
  std::string ln = objectName(m, t.stmt, 0);
  int64_t v = spinValue(m, p);
  if (v > 0)
    m.fail(ViolationKind::LockMisuse,
           "destroy of the spin lock " + ln + ", which thread " + std::to_string(v - 1) + " holds",
           m.pc());
  return done(m, t, 0);
}

// ---- pthread_once
Machine::Outcome runOnce(Machine& m, const std::string&, const model::Transition& t) {
  Place p = spinArg(m, t.stmt);
  std::string cn = objectName(m, t.stmt, 0);
  ProcState& ps = withThreads(m);
  if (ps.callPhase == 1) { // the routine returned
    setSpin(m, p, 2);
    ps.callPhase = 0;
    return done(m, t, 0);
  }
  int64_t v = spinValue(m, p);
  if (v == 2)
    return done(m, t, 0);
  if (v == 1)
    return blocked(m, -1, "pthread_once of " + cn + ", whose routine another thread runs");
  Expr fv = m.arg(t.stmt, 1);
  auto fp = m.V.decodePointer(fv);
  if (!fp || fp->root.kind != RootKind::Function)
    throw Unsupported("pthread_once with a routine that is not a function at " + m.where());
  setSpin(m, p, 1);
  return m.callModel(fp->root.b, {}, 1);
}

} // namespace

void registerLocks(LibraryRegistry& r) {
  r.add("pthread_rwlock_init", {runRwInit});
  r.add({"pthread_rwlock_rdlock", "pthread_rwlock_wrlock"}, {runRwLock, resumeBlocked});
  r.add({"pthread_rwlock_tryrdlock", "pthread_rwlock_trywrlock"}, {runRwLock});
  r.add("pthread_rwlock_unlock", {runRwUnlock});
  r.add("pthread_rwlock_destroy", {runRwDestroy});
  r.add("pthread_spin_init", {runSpinInit});
  r.add("pthread_spin_lock", {runSpinLock, resumeBlocked});
  r.add("pthread_spin_trylock", {runSpinLock});
  r.add("pthread_spin_unlock", {runSpinUnlock});
  r.add("pthread_spin_destroy", {runSpinDestroy});
  r.add("pthread_once", {runOnce, resumeBlocked});
}

} // namespace chorus::exec::threads
