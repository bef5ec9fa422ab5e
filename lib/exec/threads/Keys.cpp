// Thread-specific data (POSIX keys): pthread_key_create/delete,
// pthread_setspecific/getspecific. The data lives in hidden globals the
// front end makes when a program names one of these functions
// (lib/front/Lower.cpp, ensureTsd): `$tsd_values`, a thread-local array of
// model::kTsdKeys pointers (so a thread in a reused slot starts with NULL
// everywhere, as POSIX requires, by the copy at pthread_create), and the
// keys' state and destructors. The models read and write them as
// synchronization fields (Machine::syncAccess): they are no program
// accesses, and one thread's values are never another's. At the end of a
// thread, the destructors of its keys run as POSIX prescribes
// (pthread_key_create): each non-NULL value whose key has a destructor is
// set to NULL and the destructor called with it, in every order (POSIX
// leaves it unspecified); values set again by destructors get another
// iteration, at most PTHREAD_DESTRUCTOR_ITERATIONS (4, as glibc stops);
// what is left then is dropped.
#include "ThreadsInternal.h"

namespace chorus::exec::threads {

Place tsdPlace(Machine& m, const char* name, std::vector<Expr> path) {
  uint32_t gi = 0;
  bool found = false;
  for (uint32_t i = 0; i < m.P.globals.size() && !found; ++i)
    if (m.P.var(m.P.globals[i]).name == name) {
      gi = i;
      found = true;
    }
  if (!found)
    throw Unsupported(std::string("thread-specific data without its storage (") + name + ") at " +
                      m.where());
  const model::Type* t = m.P.var(m.P.globals[gi]).type;
  for (size_t k = 0; k < path.size(); ++k)
    t = t->elem;
  return Place{Root{RootKind::Global, 0, gi}, std::move(path), t, m.me};
}

namespace {

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

/// The key argument (argument i), or -1 when it names no key.
int64_t keyArg(Machine& m, const model::Transition& t, size_t i) {
  Expr kv = m.arg(t.stmt, i);
  if (m.V.isUndef(kv))
    m.fail(ViolationKind::UninitializedRead, "use of an uninitialized pthread_key_t", m.pc());
  int64_t k = m.requireConcrete(kv, "key");
  return k >= 0 && uint64_t(k) < model::kTsdKeys ? k : -1;
}

int64_t keyState(Machine& m, int64_t k) {
  return m.requireConcrete(syncRead(m, tsdPlace(m, "$tsd_state", {m.intc(k)})), "key state");
}

/// The moving thread's element of `$tsd_values` for key k.
Place valuePlace(Machine& m, int64_t k) {
  if (uint64_t(m.thr) + 1 >= model::kThreadLocalSlots)
    throw Unsupported("thread-specific data of thread " + std::to_string(m.thr) + " (at most " +
                      std::to_string(model::kThreadLocalSlots - 1) +
                      " threads have their own) at " + m.where());
  return tsdPlace(m, "$tsd_values", {m.intc(m.thr), m.intc(k)});
}

Machine::Outcome runKeyCreate(Machine& m, const std::string&, const model::Transition& t) {
  Expr kp = m.arg(t.stmt, 0);
  Expr dtor = m.arg(t.stmt, 1);
  if (m.V.isUndef(kp))
    m.fail(ViolationKind::UninitializedRead, "pthread_key_create with an uninitialized pointer",
           m.pc());
  int64_t k = 0;
  while (uint64_t(k) < model::kTsdKeys && keyState(m, k) != 0)
    ++k;
  if (uint64_t(k) == model::kTsdKeys)
    return done(m, t, 11); // EAGAIN: no key left
  syncWrite(m, tsdPlace(m, "$tsd_state", {m.intc(k)}), m.intc(1));
  syncWrite(m, tsdPlace(m, "$tsd_dtors", {m.intc(k)}), dtor);
  const model::Type* kt = staticPointee(t.stmt.args[0]);
  if (!kt || kt->kind != TypeKind::Int)
    throw Unsupported("pthread_key_create: the key argument is not a pthread_key_t * at " +
                      m.where());
  m.writePlace(m.placeOfPointer(kp, kt, m.me, true), m.intc(k));
  m.step.effects.push_back("key " + std::to_string(k) + " created");
  return done(m, t, 0);
}

Machine::Outcome runKeyDelete(Machine& m, const std::string&, const model::Transition& t) {
  int64_t k = keyArg(m, t, 0);
  if (k < 0 || keyState(m, k) != 1)
    return done(m, t, kEINVAL);
  syncWrite(m, tsdPlace(m, "$tsd_state", {m.intc(k)}), m.intc(2));
  return done(m, t, 0);
}

Machine::Outcome runSetSpecific(Machine& m, const std::string&, const model::Transition& t) {
  int64_t k = keyArg(m, t, 0);
  Expr v = m.arg(t.stmt, 1);
  if (k < 0 || keyState(m, k) != 1)
    return done(m, t, kEINVAL);
  if (m.V.isUndef(v))
    m.fail(ViolationKind::UninitializedRead, "pthread_setspecific of an uninitialized value",
           m.pc());
  syncWrite(m, valuePlace(m, k), v);
  return done(m, t, 0);
}

Machine::Outcome runGetSpecific(Machine& m, const std::string&, const model::Transition& t) {
  int64_t k = keyArg(m, t, 0);
  Expr v = k < 0 || keyState(m, k) != 1 ? m.V.nullPointer() : syncRead(m, valuePlace(m, k));
  m.setResult(t.stmt, v, t.stmt.lhs ? t.stmt.lhs->type : nullptr);
  m.advance(t);
  return Machine::Outcome::Done;
}

} // namespace

bool tsdThreadEnd(Machine& m, Expr& v, bool byExit) {
  bool any = false;
  for (uint32_t gi : m.P.globals)
    any = any || m.P.var(gi).name == "$tsd_values";
  if (!any || uint64_t(m.thr) + 1 >= model::kThreadLocalSlots)
    return false;
  state::Thread& th = m.self().threads.at(size_t(m.thr));
  if (th.tsdExit == 0) { // the start routine returned, or pthread_exit
    th.result = v;
    th.tsdExit = 1u << 8;
  } else if (byExit) {
    throw Unsupported("pthread_exit in a destructor of thread-specific data at " + m.where());
  } // else: a destructor returned
  auto isNull = [&](Expr e) {
    auto p = m.V.decodePointer(e);
    return m.V.isUndef(e) || (p && p->root.kind == RootKind::Null);
  };
  constexpr unsigned kIterations = 4; // PTHREAD_DESTRUCTOR_ITERATIONS (lib/front/headers/pthread.h)
  for (;;) {
    unsigned iter = th.tsdExit >> 8, visited = th.tsdExit & 0xffu;
    // the keys of this iteration still to visit that hold a value and have
    // a destructor (a value set again by a destructor after its key's
    // visit waits for the next iteration)
    std::vector<std::pair<int64_t, Expr>> due;
    for (uint64_t k = 0; k < model::kTsdKeys; ++k) {
      if ((visited >> k) & 1u || keyState(m, int64_t(k)) != 1)
        continue;
      Expr d = syncRead(m, tsdPlace(m, "$tsd_dtors", {m.intc(int64_t(k))}));
      Expr val = syncRead(m, valuePlace(m, int64_t(k)));
      if (!isNull(d) && !isNull(val))
        due.emplace_back(int64_t(k), d);
    }
    if (due.empty()) {
      if (visited != 0 && iter < kIterations) { // another iteration
        th.tsdExit = uint16_t((iter + 1) << 8);
        continue;
      }
      break;
    }
    // POSIX leaves the order of the destructor calls unspecified: every
    // order is explored (one branch per key due)
    size_t pick = 0;
    while (pick + 1 < due.size() && !m.branch())
      ++pick;
    auto [k, d] = due[pick];
    th.tsdExit = uint16_t((iter << 8) | visited | (1u << k));
    Place vp = valuePlace(m, k);
    Expr val = syncRead(m, vp);
    syncWrite(m, vp, m.V.nullPointer());
    auto fp = m.V.decodePointer(d);
    if (!fp || fp->root.kind != RootKind::Function)
      throw Unsupported("destructor of key " + std::to_string(k) +
                        " that is not a function, at the end of thread " + std::to_string(m.thr) +
                        " at " + m.where());
    const model::Function& fn = m.P.func(fp->root.b);
    m.step.effects.push_back("key " + std::to_string(k) + ": destructor " + fn.name + "(" +
                             m.show(val) + ")");
    if (!fn.defined && fn.name == "free") { // pthread_key_create(&k, free)
      freeValue(m, val);
      continue;
    }
    m.callModel(fp->root.b, {val}, 1); // back here when it returns (Machine::doReturn)
    return true;
  }
  th.tsdExit = 0;
  v = th.result;
  th.result = nullptr;
  // the values left (set again in the last iteration) die with the thread
  // (what only they pointed to leaks)
  for (uint64_t k = 0; k < model::kTsdKeys; ++k)
    syncWrite(m, valuePlace(m, int64_t(k)), m.V.nullPointer());
  return false;
}

void registerKeys(LibraryRegistry& r) {
  r.add("pthread_key_create", {runKeyCreate});
  r.add("pthread_key_delete", {runKeyDelete});
  r.add("pthread_setspecific", {runSetSpecific});
  r.add("pthread_getspecific", {runGetSpecific});
}

} // namespace chorus::exec::threads
