// Atomic operations (C11 <stdatomic.h> and `_Atomic` objects, the GCC
// `__atomic_*` and `__sync_*` builtins): the front end (lib/front/Lower.cpp,
// atomicCall) turns each into one call of a model below, so each is one
// transition, sequentially consistent whatever memory order the program
// names. Their reads and writes of the atomic object are recorded as atomic
// accesses (Access::atomic): two atomic accesses never race (Races.cpp), an
// atomic and a plain access to the same bytes do (C11 5.1.2.4p25), and both
// are events for parallel assertions. An atomic operation orders the
// program's other accesses as any synchronization does: under sequential
// consistency, a plain access that another thread can only reach after
// seeing an atomic's value is never enabled together with the accesses
// before that atomic (the co-enabledness check of Races.cpp).
//   $atomic_load(p)                    the value *p
//   $atomic_store(p, v)                *p = v
//   $atomic_rmw(p, v, op)              *p = *p op v; the old value (op:
//                                      0 exchange, 1 +, 2 -, 3 &, 4 |, 5 ^, 6 nand)
//   $atomic_cmpxchg(p, e, d)           if (*p == e) *p = d; the old value
//   $atomic_cas(p, ep, d, weak)        if (*p == *ep) {*p = d; 1} else {*ep = *p; 0};
//                                      a weak one may also fail when equal
//                                      (spuriously: both outcomes explored)
// A memory order weaker than seq_cst (or one known only in the run) is the
// call's one extra, last argument: the operation is still explored as
// sequentially consistent, but that is more than C11 promises (a relaxed
// store publishes nothing, acquire/release allows the store-buffering
// outcome), so the operation is noted as not checked and the verdict cannot
// be `verified` (unless no other thread runs); a violation found is real all
// the same (every sequentially consistent execution is one of the weaker
// order's).
// __VERIFIER_atomic_begin/end (chorus.h, SV-COMP): while a thread is inside
// an atomic section (LibSlot::AtomicSection), only its moves are enabled
// (Executor::moves); sections do not nest.
#include "ThreadsInternal.h"

#include "LibState.h"

#include <optional>

namespace chorus::exec::threads {

namespace {

/// The atomic object argument 0 points to (its type from the pointer's
/// static type), checked as a program access of that type.
Place atomicObject(Machine& m, const model::Transition& t) {
  Expr pv = m.arg(t.stmt, 0);
  const model::Type* ty = staticPointee(t.stmt.args[0]);
  if (!ty ||
      !(ty->kind == TypeKind::Int || ty->kind == TypeKind::Bool || ty->kind == TypeKind::Pointer))
    throw Unsupported("an atomic operation on an object that is not an integer or a pointer at " +
                      m.where());
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead,
           "use of an uninitialized pointer in an atomic operation", m.pc());
  return m.placeOfPointer(pv, ty, m.me, true);
}

struct AtomicScope {
  Machine& m;
  bool was;
  explicit AtomicScope(Machine& m) : m(m), was(m.atomicAccess) { m.atomicAccess = true; }
  ~AtomicScope() { m.atomicAccess = was; }
};

Expr atomicRead(Machine& m, const Place& pl) {
  Expr v;
  {
    AtomicScope a(m);
    v = m.readPlace(pl);
  }
  if (m.V.isUndef(v))
    m.fail(ViolationKind::UninitializedRead, "atomic read of an uninitialized object", m.pc());
  return v;
}

void atomicWrite(Machine& m, const Place& pl, Expr v) {
  AtomicScope a(m);
  m.writePlace(pl, v);
}

/// Argument i converted to the object's type.
Expr valueArg(Machine& m, const model::Transition& t, size_t i, const model::Type* ty) {
  Expr v = m.arg(t.stmt, i);
  if (m.V.isUndef(v))
    m.fail(ViolationKind::UninitializedRead, "an atomic operation stores an uninitialized value",
           m.pc());
  const model::Type* from = t.stmt.args[i]->type;
  return from && from != ty ? m.convert(v, from, ty) : v;
}

/// `a == b` of two values of the object's type.
Expr equal(Machine& m, Expr a, Expr b) {
  return m.relation(model::Op::Eq, a, b);
}

Machine::Outcome finish(Machine& m, const model::Transition& t, Expr v, const model::Type* ty,
                        const std::string& effect) {
  if (!effect.empty())
    m.step.effects.push_back(effect);
  if (v)
    m.setResult(t.stmt, v, ty);
  m.advance(t);
  return Machine::Outcome::Done;
}

/// The memory order the front end passed as argument `at` (only when it may
/// be weaker than seq_cst): noted as not checked unless it is seq_cst or the
/// thread runs alone (the threads before it are joined, the threads after
/// it are created later: each ordered by happens-before whatever the order).
void weakOrder(Machine& m, const model::Transition& t, size_t at) {
  if (t.stmt.args.size() <= at)
    return;
  int running = 0;
  for (const state::Thread& th : m.self().threads)
    running += th.status == state::Thread::Status::Running;
  if (running < 2)
    return;
  std::optional<int64_t> k = m.concreteInt(m.arg(t.stmt, at));
  if (k && *k == 5)
    return;
  static const char* const names[] = {"relaxed", "consume", "acquire", "release", "acq_rel"};
  std::string order = k && *k >= 0 && *k < 5 ? std::string("memory_order_") + names[*k]
                                             : "a memory order chosen in the run";
  m.ex.noteUnchecked("an atomic operation with " + order + " at " + m.where() +
                     ": chorus explores sequentially consistent executions only (a weaker "
                     "order allows more outcomes and orders fewer accesses)");
}

Machine::Outcome runLoad(Machine& m, const std::string&, const model::Transition& t) {
  weakOrder(m, t, 1);
  Place pl = atomicObject(m, t);
  return finish(m, t, atomicRead(m, pl), pl.type, "");
}

Machine::Outcome runStore(Machine& m, const std::string&, const model::Transition& t) {
  weakOrder(m, t, 2);
  Place pl = atomicObject(m, t);
  Expr v = valueArg(m, t, 1, pl.type);
  atomicWrite(m, pl, v);
  return finish(m, t, nullptr, pl.type, m.text(t.stmt.args[0]) + " <- " + m.show(v));
}

Machine::Outcome runRmw(Machine& m, const std::string&, const model::Transition& t) {
  weakOrder(m, t, 3);
  Place pl = atomicObject(m, t);
  Expr v = valueArg(m, t, 1, pl.type);
  int64_t op = m.requireConcrete(m.arg(t.stmt, 2), "atomic operation");
  Expr old = atomicRead(m, pl);
  Expr nv = v;
  if (op != 0) {
    if (pl.type->kind != TypeKind::Int)
      throw Unsupported("atomic arithmetic on a non-integer object at " + m.where());
    // C11 7.17.7.5p3: two's complement with silent wrap-around, no overflow
    model::Expr e;
    e.kind = ExprKind::Binary;
    e.type = pl.type;
    e.loc = t.loc;
    auto [lo, hi] = m.intRange(pl.type);
    switch (op) {
    case 1:
      nv = m.wrapInt(m.f.add(old, v), pl.type, lo + lo, hi + hi);
      break;
    case 2:
      nv = m.wrapInt(m.f.sub(old, v), pl.type, lo - hi, hi - lo);
      break;
    case 3:
    case 6:
      e.op = model::Op::BitAnd;
      nv = m.intBinary(&e, old, v);
      if (op == 6) {
        model::Expr n;
        n.kind = ExprKind::Unary;
        n.op = model::Op::BitNot;
        n.type = pl.type;
        n.loc = t.loc;
        nv = m.intUnary(&n, nv);
      }
      break;
    case 4:
      e.op = model::Op::BitOr;
      nv = m.intBinary(&e, old, v);
      break;
    case 5:
      e.op = model::Op::BitXor;
      nv = m.intBinary(&e, old, v);
      break;
    default:
      throw Unsupported("atomic operation " + std::to_string(op) + " at " + m.where());
    }
  }
  atomicWrite(m, pl, nv);
  return finish(m, t, old, pl.type, m.text(t.stmt.args[0]) + " <- " + m.show(nv));
}

Machine::Outcome runCmpxchg(Machine& m, const std::string&, const model::Transition& t) {
  weakOrder(m, t, 3);
  Place pl = atomicObject(m, t);
  Expr e = valueArg(m, t, 1, pl.type);
  Expr d = valueArg(m, t, 2, pl.type);
  Expr old = atomicRead(m, pl);
  if (m.choose(equal(m, old, e))) {
    atomicWrite(m, pl, d);
    return finish(m, t, old, pl.type, m.text(t.stmt.args[0]) + " <- " + m.show(d));
  }
  return finish(m, t, old, pl.type, "compare-and-swap fails");
}

Machine::Outcome runCas(Machine& m, const std::string&, const model::Transition& t) {
  weakOrder(m, t, 4);
  Place pl = atomicObject(m, t);
  Expr ep = m.arg(t.stmt, 1);
  if (m.V.isUndef(ep))
    m.fail(ViolationKind::UninitializedRead,
           "use of an uninitialized pointer to the expected value of a compare-and-swap", m.pc());
  Place epl = m.placeOfPointer(ep, pl.type, m.me, true);
  Expr e = m.readPlace(epl); // (a plain access of the thread)
  if (m.V.isUndef(e))
    m.fail(ViolationKind::UninitializedRead,
           "the expected value of a compare-and-swap is "
           "uninitialized",
           m.pc());
  Expr d = valueArg(m, t, 2, pl.type);
  bool weak = m.requireConcrete(m.arg(t.stmt, 3), "weak flag") != 0;
  Expr old = atomicRead(m, pl);
  if (m.choose(equal(m, old, e)) && !(weak && !m.branch())) {
    atomicWrite(m, pl, d);
    return finish(m, t, m.intc(1), m.P.types.intType(),
                  m.text(t.stmt.args[0]) + " <- " + m.show(d));
  }
  m.writePlace(epl, old);
  return finish(m, t, m.intc(0), m.P.types.intType(),
                weak ? "compare-and-swap fails (or fails spuriously: weak)"
                     : "compare-and-swap fails");
}

/// The thread inside an atomic section (__VERIFIER_atomic_begin/end of
/// chorus.h), or -1.
int sectionOwner(Machine& m) {
  Expr v = m.libState(LibSlot::AtomicSection);
  std::optional<int64_t> k = v ? m.concreteInt(v) : std::nullopt;
  return k && *k > 0 ? int(*k - 1) : -1;
}

Machine::Outcome runSectionBegin(Machine& m, const std::string&, const model::Transition& t) {
  if (sectionOwner(m) >= 0)
    m.fail(ViolationKind::LockMisuse,
           "__VERIFIER_atomic_begin inside an atomic section (they do not nest)", m.pc());
  m.setLibState(LibSlot::AtomicSection, m.intc(m.thr + 1));
  m.step.effects.push_back("atomic section begins");
  m.advance(t);
  return Machine::Outcome::Done;
}

Machine::Outcome runSectionEnd(Machine& m, const std::string&, const model::Transition& t) {
  if (sectionOwner(m) != m.thr)
    m.fail(ViolationKind::LockMisuse, "__VERIFIER_atomic_end outside an atomic section", m.pc());
  m.setLibState(LibSlot::AtomicSection, m.intc(0));
  m.step.effects.push_back("atomic section ends");
  m.advance(t);
  return Machine::Outcome::Done;
}

} // namespace

void registerAtomics(LibraryRegistry& r) {
  r.add("__VERIFIER_atomic_begin", {runSectionBegin});
  r.add("__VERIFIER_atomic_end", {runSectionEnd});
  r.add("$atomic_load", {runLoad});
  r.add("$atomic_store", {runStore});
  r.add("$atomic_rmw", {runRmw});
  r.add("$atomic_cmpxchg", {runCmpxchg});
  r.add("$atomic_cas", {runCas});
}

} // namespace chorus::exec::threads
