// Fast moves (Executor::fastMoves): the concrete integer moves of a chain
// of moves run directly on the moving process's scratch state, without a
// Machine, a GlobalState copy, a Successor or a step per move, with the
// scalars they write held as machine integers (unboxed) until the run ends.
//
// A move is fast when Executor::moves would make it as the process's only
// move, in place, with exactly the same result:
//  - the process is single-threaded, at rest (no call phase, not inside a
//    collective or a synchronous send), not in a contract or composition
//    run, and the modules' access hooks cannot see its accesses
//    (Module::plainAccesses: no MPI request in use);
//  - every transition at its location is a no-op or an assignment, and the
//    guards evaluate to concrete truth values: exactly one holds;
//  - the guards, the right-hand side and the index of the left-hand side
//    are integer expressions over literals, scalar integer variables of the
//    top frame and globals holding constants, and elements of packed
//    arrays (state/Packed.h) at concrete indices in bounds, with + - * / %,
//    relations, ! && || and conversions between integer types, where no
//    violation is possible (no signed overflow, no division by zero, no
//    value out of the range of a conversion's target, no uninitialized or
//    dead variable);
//  - the left-hand side is such a variable or such an element;
//  - the target location is not a function's end and no variable becomes
//    dead there (Liveness.cpp: those moves clear slots, Executor::dropDeadIn).
// Anything else ends the run (nothing of the move that was not fast is
// done); the caller makes that move with moves(), which reports what has
// to be reported. Guards are evaluated before anything is written.
//
// Why the chain may take these moves without asking the search (lib/search
// chain(): only after a move that changed nothing of the other processes,
// the messages, the collective slot or the path condition): the chain chose
// that process (Dfs::chainMove: the first process whose moves are safe, or
// the preferred one), so the processes tried before it had unsafe moves,
// and still have the same ones; a fast move changes only the mover's own
// values and location, which no other process's move set depends on, and
// it is safe and the only move of its process: chainMove would choose the
// same process again after each one.
#include "Machine.h"
#include "Module.h"

#include "chorus/support/Fatal.h"

#include <cstdlib>

namespace chorus::exec {

namespace {

using I128 = __int128;

/// A scalar the run read or wrote: a local slot of the top frame or a
/// global, with its value (dirty: written, not yet stored in the state).
struct Unboxed {
  bool global = false;
  uint32_t index = 0;
  int64_t value = 0;
  bool dirty = false;
};

class FastRun {
public:
  FastRun(Executor::Impl& im, const model::Program& P, sym::ExprFactory& f, ProcState& ps,
          bool overflowCheck, bool dropDead)
      : im(im), P(P), f(f), ps(ps), overflowCheck(overflowCheck), dropDead(dropDead) {}

  /// One fast move, or false (nothing done).
  bool step();
  /// Stores the written scalars in the state (each as its constant).
  void writeBack();

private:
  Executor::Impl& im;
  const model::Program& P;
  sym::ExprFactory& f;
  ProcState& ps;
  bool overflowCheck;
  bool dropDead;
  std::vector<Unboxed> vars;

  /// A pending write of an assignment (done once the move is known fast).
  struct Write {
    enum { Slot, Global, Packed } kind = Slot;
    uint32_t index = 0;
    uint64_t element = 0;
    int64_t value = 0;
  };

  Frame& top() { return ps.stack.back(); }

  static bool intLike(const model::Type* t) {
    return t && ((t->kind == TypeKind::Int && t->bits >= 1 && t->bits <= 64) ||
                 t->kind == TypeKind::Bool);
  }
  /// The values of integer type t (bits <= 64), as Machine::intRange.
  static std::pair<I128, I128> range(const model::Type* t) {
    if (t->kind == TypeKind::Bool)
      return {0, 1};
    if (t->isSigned)
      return {-(I128(1) << (t->bits - 1)), (I128(1) << (t->bits - 1)) - 1};
    return {0, (I128(1) << t->bits) - 1};
  }
  static bool fits64(I128 v) { return v >= I128(INT64_MIN) && v <= I128(INT64_MAX); }

  /// Where variable `var` lives: (global?, index), or false.
  bool locate(model::VarId var, bool& global, uint32_t& index) {
    const model::Variable& v = P.var(var);
    if (v.threadLocal)
      return false;
    if (v.isGlobalStorage()) {
      auto it = im.globalIndex.find(var);
      if (it == im.globalIndex.end())
        return false;
      global = true;
      index = it->second;
      return true;
    }
    const auto& slots = im.slotOf[top().func];
    auto it = slots.find(var);
    if (it == slots.end())
      return false;
    global = false;
    index = it->second;
    return true;
  }
  Unboxed* cached(bool global, uint32_t index) {
    for (Unboxed& u : vars)
      if (u.global == global && u.index == index)
        return &u;
    return nullptr;
  }
  /// The value of a scalar variable (a constant integer in the state).
  std::optional<int64_t> read(bool global, uint32_t index) {
    if (Unboxed* u = cached(global, index))
      return u->value;
    Expr e = nullptr;
    if (global) {
      if (index >= ps.globals.size() || ps.packedAt(index))
        return std::nullopt;
      e = ps.globals[index];
    } else {
      if (index >= top().slots.size())
        return std::nullopt;
      e = top().slots[index];
    }
    // (null: outside its lifetime; the undef marker and symbolic values are
    // not constants)
    if (!e || e->kind() != sym::Kind::NumConst || e->type() != f.intType())
      return std::nullopt;
    std::optional<int64_t> v = e->value().toInt64();
    if (v)
      vars.push_back(Unboxed{global, index, *v, false});
    return v;
  }
  /// The packed array and in-bounds element `e` (an Index) names.
  const state::PackedArray* element(const model::Expr* e, uint32_t& g, uint64_t& k) {
    const model::Expr* base = e->kids[0];
    if (base->kind != ExprKind::Var)
      return nullptr;
    bool global = false;
    if (!locate(base->var, global, g) || !global)
      return nullptr;
    const state::PackedArray* pa = ps.packedAt(g);
    if (!pa)
      return nullptr;
    std::optional<int64_t> i = value(e->kids[1]);
    if (!i || *i < 0 || uint64_t(*i) >= pa->size())
      return nullptr;
    k = uint64_t(*i);
    return pa;
  }
  /// v converted from type `from` to `to` when the conversion keeps it
  /// (Machine::convert: a value in the range of its target is unchanged;
  /// to _Bool: 0 or 1).
  std::optional<int64_t> convert(int64_t v, const model::Type* from, const model::Type* to) {
    if (!intLike(from) || !intLike(to))
      return std::nullopt;
    if (to->kind == TypeKind::Bool)
      return from->kind == TypeKind::Bool ? v : int64_t(v != 0);
    auto [lo, hi] = range(to);
    if (v < lo || v > hi)
      return std::nullopt;
    return v;
  }
  std::optional<int64_t> value(const model::Expr* e);
  std::optional<bool> cond(const model::Expr* e);
  std::optional<int64_t> arith(const model::Expr* e);
  bool assignment(const model::Stmt& s, Write& w);
};

std::optional<int64_t> FastRun::value(const model::Expr* e) {
  switch (e->kind) {
  case ExprKind::IntLit:
    if (!e->fitsInt64 || !intLike(e->type))
      return std::nullopt;
    return int64_t(e->ival);
  case ExprKind::Var: {
    if (!intLike(e->type))
      return std::nullopt;
    bool global = false;
    uint32_t index = 0;
    if (!locate(e->var, global, index))
      return std::nullopt;
    return read(global, index);
  }
  case ExprKind::Index: {
    if (!intLike(e->type))
      return std::nullopt;
    uint32_t g = 0;
    uint64_t k = 0;
    const state::PackedArray* pa = element(e, g, k);
    if (!pa)
      return std::nullopt;
    return pa->get(k);
  }
  case ExprKind::Unary:
    switch (e->op) {
    case Op::Plus:
      return value(e->kids[0]);
    case Op::LogNot: {
      std::optional<bool> c = cond(e->kids[0]);
      if (!c)
        return std::nullopt;
      return int64_t(!*c);
    }
    case Op::Neg: {
      if (!intLike(e->type) || e->type->kind != TypeKind::Int || !e->type->isSigned)
        return std::nullopt;
      std::optional<int64_t> a = value(e->kids[0]);
      if (!a)
        return std::nullopt;
      I128 r = -I128(*a);
      auto [lo, hi] = range(e->type);
      if ((overflowCheck && (r < lo || r > hi)) || !fits64(r))
        return std::nullopt;
      return int64_t(r);
    }
    default:
      return std::nullopt;
    }
  case ExprKind::Binary:
    switch (e->op) {
    case Op::LogAnd:
    case Op::LogOr:
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne: {
      std::optional<bool> c = cond(e);
      if (!c)
        return std::nullopt;
      return int64_t(*c);
    }
    default:
      return arith(e);
    }
  case ExprKind::Cast: {
    std::optional<int64_t> v = value(e->kids[0]);
    if (!v)
      return std::nullopt;
    return convert(*v, e->kids[0]->type, e->type);
  }
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> FastRun::arith(const model::Expr* e) {
  // Machine::intBinary on constants: exact, then checked (signed) or
  // reduced (unsigned: only results already in range are taken here)
  const model::Type* t = e->type;
  if (!t || t->kind != TypeKind::Int || t->bits < 1 || t->bits > 64)
    return std::nullopt;
  if (!intLike(e->kids[0]->type) || !intLike(e->kids[1]->type))
    return std::nullopt;
  std::optional<int64_t> a = value(e->kids[0]);
  if (!a)
    return std::nullopt;
  std::optional<int64_t> b = value(e->kids[1]);
  if (!b)
    return std::nullopt;
  I128 x = *a, y = *b, r = 0;
  auto [lo, hi] = range(t);
  switch (e->op) {
  case Op::Add:
    r = x + y;
    break;
  case Op::Sub:
    r = x - y;
    break;
  case Op::Mul:
    r = x * y;
    break;
  case Op::Div:
  case Op::Rem:
    if (y == 0 || (t->isSigned && overflowCheck && x == lo && y == -1))
      return std::nullopt;
    r = e->op == Op::Div ? x / y : x % y; // truncation toward zero, as C
    return fits64(r) ? std::optional<int64_t>(int64_t(r)) : std::nullopt;
  default:
    return std::nullopt;
  }
  if (t->isSigned) {
    if (overflowCheck && (r < lo || r > hi))
      return std::nullopt; // SIGNED_OVERFLOW: reported by the ordinary move
  } else if (r < lo || r > hi) {
    return std::nullopt; // wraps: left to the ordinary move
  }
  return fits64(r) ? std::optional<int64_t>(int64_t(r)) : std::nullopt;
}

std::optional<bool> FastRun::cond(const model::Expr* e) {
  if (e->kind == ExprKind::Binary) {
    switch (e->op) {
    case Op::LogAnd:
    case Op::LogOr: {
      std::optional<bool> a = cond(e->kids[0]);
      if (!a)
        return std::nullopt;
      if (*a == (e->op == Op::LogOr))
        return *a; // (lazy: the right operand is not evaluated)
      return cond(e->kids[1]);
    }
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne: {
      if (!intLike(e->kids[0]->type) || !intLike(e->kids[1]->type))
        return std::nullopt;
      std::optional<int64_t> a = value(e->kids[0]);
      if (!a)
        return std::nullopt;
      std::optional<int64_t> b = value(e->kids[1]);
      if (!b)
        return std::nullopt;
      switch (e->op) {
      case Op::Lt:
        return *a < *b;
      case Op::Gt:
        return *a > *b;
      case Op::Le:
        return *a <= *b;
      case Op::Ge:
        return *a >= *b;
      case Op::Eq:
        return *a == *b;
      default:
        return *a != *b;
      }
    }
    default:
      break;
    }
  }
  if (e->kind == ExprKind::Unary && e->op == Op::LogNot) {
    std::optional<bool> c = cond(e->kids[0]);
    if (!c)
      return std::nullopt;
    return !*c;
  }
  if (!intLike(e->type))
    return std::nullopt;
  std::optional<int64_t> v = value(e);
  if (!v)
    return std::nullopt;
  return *v != 0;
}

bool FastRun::assignment(const model::Stmt& s, Write& w) {
  // Machine::stmt: the right-hand side, converted, then the place
  if (!intLike(s.lhs->type) || !intLike(s.rhs->type))
    return false;
  std::optional<int64_t> v = value(s.rhs);
  if (!v)
    return false;
  v = convert(*v, s.rhs->type, s.lhs->type);
  if (!v)
    return false;
  w.value = *v;
  if (s.lhs->kind == ExprKind::Var) {
    bool global = false;
    if (!locate(s.lhs->var, global, w.index))
      return false;
    if (global && (w.index >= ps.globals.size() || ps.packedAt(w.index)))
      return false;
    if (!global && w.index >= top().slots.size())
      return false;
    w.kind = global ? Write::Global : Write::Slot;
    return true;
  }
  if (s.lhs->kind == ExprKind::Index) {
    if (!element(s.lhs, w.index, w.element))
      return false;
    w.kind = Write::Packed;
    return true;
  }
  return false;
}

bool FastRun::step() {
  if (ps.stack.empty())
    return false;
  Frame& fr = top();
  const model::Function& fn = P.func(fr.func);
  if (fr.loc >= fn.locs.size())
    return false;
  const std::vector<model::TransId>& out = fn.locs[fr.loc].out;
  if (out.empty())
    return false;
  // the taken transition: the one whose guard holds (Machine::run)
  const model::Transition* taken = nullptr;
  for (model::TransId tid : out) {
    const model::Transition& t = fn.trans.at(tid);
    if (t.stmt.kind != StmtKind::Nop && t.stmt.kind != StmtKind::Assign)
      return false;
    bool holds = true;
    if (t.guard) {
      std::optional<bool> c = cond(t.guard);
      if (!c)
        return false;
      holds = *c;
    }
    if (holds) {
      if (taken)
        return false; // two successors: not a move of a chain
      taken = &t;
    }
  }
  if (!taken)
    return false; // (the process is stuck: left to moves())
  Write w;
  bool writes = taken->stmt.kind == StmtKind::Assign;
  if (writes && !assignment(taken->stmt, w))
    return false;
  // the target: no function ends there (Machine::popFinished) and no
  // variable becomes dead (Executor::dropDeadIn would clear it)
  model::LocId to = taken->to;
  if (to == fn.exit || to >= fn.locs.size() || fn.locs[to].out.empty())
    return false;
  if (dropDead && fr.func < im.dead.size() && to < im.dead[fr.func].size()) {
    const std::vector<uint8_t>& mask = im.dead[fr.func][to];
    for (size_t k = 0; k < mask.size() && k < fr.slots.size(); ++k)
      if (mask[k] && (fr.slots[k] || cached(false, uint32_t(k)) ||
                      (writes && w.kind == Write::Slot && w.index == k)))
        return false;
  }
  if (taken->loc.valid() && taken->loc.file < P.files.size())
    noteExecuting(&P.files[taken->loc.file], taken->loc.line, taken->loc.col);
  // the move
  if (writes) {
    if (w.kind == Write::Packed) {
      if (ps.packedAt(w.index)->get(w.element) != w.value)
        ps.ownPacked(w.index).set(w.element, w.value);
    } else {
      bool global = w.kind == Write::Global;
      if (Unboxed* u = cached(global, w.index)) {
        u->dirty = u->dirty || u->value != w.value;
        u->value = w.value;
      } else {
        vars.push_back(Unboxed{global, w.index, w.value, true});
      }
    }
  }
  fr.loc = to;
  return true;
}

void FastRun::writeBack() {
  for (const Unboxed& u : vars) {
    if (!u.dirty)
      continue;
    Expr v = f.intConst(u.value);
    if (u.global)
      ps.setGlobal(u.index, v);
    else
      top().slots[u.index] = v;
  }
  vars.clear();
}

} // namespace

size_t Executor::fastMoves(GlobalState& s, int p, size_t budget) {
  if (budget == 0 || !opts_.fastMoves || opts_.contract || !opts_.componentProcs.empty())
    return 0;
  static const bool faults = std::getenv("CHORUS_TEST_FAULT") != nullptr;
  if (faults) // (an injected fault names a line: every move goes through moves())
    return 0;
  const ProcState* cur = s.procs.at(size_t(p));
  if (!cur->scratch || !cur->threads.empty() || cur->terminated() || cur->collWait ||
      cur->syncDest >= 0 || cur->callPhase != 0)
    return 0;
  for (const Module& mod : modules())
    if (mod.onAccess && (!mod.plainAccesses || !mod.plainAccesses(*cur)))
      return 0;
  // --check-fast-moves: the same moves made by moves(), from a copy
  GlobalState ref;
  if (opts_.checkFastMoves) {
    ref = s;
    ref.procs[size_t(p)] = interner_.intern(ProcState(*cur));
  }
  std::unique_ptr<ProcState> own = interner_.release(cur);
  if (!own)
    return 0;
  size_t n = 0;
  {
    FastRun run(*impl_, prog_, f_, *own, opts_.overflowCheck, opts_.dropDeadValues);
    try {
      while (n < budget && run.step())
        ++n;
    } catch (...) {
      s.procs[size_t(p)] = interner_.intern(std::move(own));
      throw;
    }
    run.writeBack();
  }
  s.procs[size_t(p)] = interner_.intern(std::move(own));
  if (opts_.checkFastMoves && n > 0) {
    bool inPlace = inPlace_;
    inPlace_ = false;
    for (size_t k = 0; k < n; ++k) {
      ProcMoves pm = moves(ref, p);
      if (pm.succs.size() != 1 || !pm.safe)
        throw InternalError("fast move " + std::to_string(k + 1) + " of process " +
                            std::to_string(p) + " is not the only move of its state");
      GlobalState next = std::move(pm.succs[0].state);
      ref = std::move(next);
    }
    inPlace_ = inPlace;
    if (!(*ref.procs[size_t(p)] == *s.procs[size_t(p)]) || ref.pc != s.pc ||
        ref.msgs.size() != s.msgs.size())
      throw InternalError("fast moves of process " + std::to_string(p) +
                          " reached another state than the same moves made by moves()");
  }
  return n;
}

} // namespace chorus::exec
