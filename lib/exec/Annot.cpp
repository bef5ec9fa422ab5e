// Evaluation of annotation expressions (AnnotEval.h): the common hook, the
// hook of collective assertions over a composite state (seed 000 §3: a
// GlobalState whose processes are the snapshots; PROC[e].x / PROC[e]@f.x
// read in the snapshot of process e), and the hook of ACSL annotations of one
// process (\old and the parameters of `ensures` in the pre-state, \result).
#include "AnnotEval.h"

#include "chorus/model/Compose.h"
#include "chorus/model/Printer.h"

#include <algorithm>

namespace chorus::exec {

namespace {

constexpr int64_t kMaxQuantRange = 4096;
/// Body evaluations of one enumerated quantifier nest (beyond: Unsupported).
constexpr int64_t kMaxQuantSteps = 1 << 16;
constexpr size_t kMaxReads = 24;
/// Terms of a \\sum over l..hi with a symbolic hi bounded by the path
/// condition, expanded as guarded terms (EvalHook::sum); beyond, a Sum.
constexpr int64_t kMaxSumTerms = 64;

bool isBoundVar(const model::Expr* x, model::VarId i) {
  while (x->kind == ExprKind::Cast)
    x = x->kids[0];
  return x->kind == ExprKind::Var && x->var == i;
}

/// Whether e mentions one of the variables `vs`.
bool mentions(const model::Expr* e, const std::vector<model::VarId>& vs) {
  if (!e)
    return false;
  if (e->kind == ExprKind::Var && std::find(vs.begin(), vs.end(), e->var) != vs.end())
    return true;
  for (const model::Expr* k : e->kids)
    if (mentions(k, vs))
      return true;
  return false;
}

/// Collects the lo <= i / i < hi style conjuncts of a quantifier's
/// restriction (bounds that do not mention the variables `later`).
void rangeOf(const model::Expr* c, model::VarId i, const std::vector<model::VarId>& later,
             std::vector<std::pair<const model::Expr*, int>>& lo,
             std::vector<std::pair<const model::Expr*, int>>& hi) {
  if (c->kind == ExprKind::Binary && c->op == Op::LogAnd) {
    rangeOf(c->kids[0], i, later, lo, hi);
    rangeOf(c->kids[1], i, later, lo, hi);
    return;
  }
  if (c->kind != ExprKind::Binary)
    return;
  const model::Expr *a = c->kids[0], *b = c->kids[1];
  auto add = [&](auto& v, const model::Expr* x, int adj) {
    if (!mentions(x, later) && !isBoundVar(x, i))
      v.push_back({x, adj});
  };
  switch (c->op) {
  case Op::Eq: // i == e (App. B: \forall int i; i == \mpi_comm_rank ==> ...)
    if (isBoundVar(a, i)) {
      add(lo, b, 0);
      add(hi, b, 0);
    } else if (isBoundVar(b, i)) {
      add(lo, a, 0);
      add(hi, a, 0);
    }
    break;
  case Op::Le: // a <= i  |  i <= b
    if (isBoundVar(b, i))
      add(lo, a, 0);
    else if (isBoundVar(a, i))
      add(hi, b, 0);
    break;
  case Op::Lt:
    if (isBoundVar(a, i))
      add(hi, b, -1);
    else if (isBoundVar(b, i))
      add(lo, a, 1);
    break;
  case Op::Ge:
    if (isBoundVar(a, i))
      add(lo, b, 0);
    else if (isBoundVar(b, i))
      add(hi, a, 0);
    break;
  case Op::Gt:
    if (isBoundVar(b, i))
      add(hi, a, -1);
    else if (isBoundVar(a, i))
      add(lo, b, 1);
    break;
  default:
    break;
  }
}

} // namespace

// ============================================================ common hook

std::optional<Place> EvalHook::place(Machine&, const model::Expr*) {
  return std::nullopt;
}

Expr EvalHook::value(Machine& m, const model::Expr* e) {
  switch (e->kind) {
  case ExprKind::Var: {
    auto it = bound.find(e->var);
    if (it != bound.end())
      return it->second;
    return read(m, e);
  }
  case ExprKind::Remote:
  case ExprKind::SpecVar:
  case ExprKind::Index:
  case ExprKind::Member:
  case ExprKind::Deref:
    if (isMpiType(e->type))
      throw Unsupported("the MPI term '" + m.text(e) + "' where a number is needed at " +
                        m.where());
    return read(m, e);
  case ExprKind::Quant:
    return quant(m, e);
  case ExprKind::Builtin:
    return builtin(m, e);
  case ExprKind::Result:
    return result(m, e);
  case ExprKind::Old:
    return old(m, e);
  case ExprKind::SetOf:
    throw Unsupported("a set '" + m.text(e) + "' where one value is needed at " + m.where());
  case ExprKind::Binary:
    if (e->op == Op::Range)
      throw Unsupported("a range '" + m.text(e) + "' where one value is needed at " + m.where());
    if ((e->op == Op::Eq || e->op == Op::Ne) && isMpiType(e->kids[0]->type)) {
      Expr eq = mpiEqual(m, mpiValue(m, e->kids[0]), mpiValue(m, e->kids[1]));
      return m.boolToInt(e->op == Op::Eq ? eq : m.f.logicalNot(eq));
    }
    if (isMpiType(e->type))
      throw Unsupported("the MPI term '" + m.text(e) + "' where a number is needed at " +
                        m.where());
    return nullptr;
  default:
    return nullptr;
  }
}

Expr EvalHook::result(Machine& m, const model::Expr*) {
  throw Unsupported("\\result outside the postcondition of a function at " + m.where());
}

Expr EvalHook::old(Machine& m, const model::Expr*) {
  throw Unsupported("\\old outside the postcondition of a function at " + m.where());
}

std::optional<int64_t> EvalHook::concreteBound(Machine& m, Expr v, bool) {
  return m.concreteInt(v);
}

Expr EvalHook::read(Machine& m, const model::Expr* e) {
  if (e->type && e->type->kind == TypeKind::Array)
    return nullptr; // arrays decay: the machine handles it
  ++depth_;
  Place pl = m.evalPlace(e);
  Expr v = m.readPlace(pl);
  if (e->type && e->type->isScalar())
    m.checkDefined(v);
  --depth_;
  noteRead(m, e, v);
  return v;
}

void EvalHook::noteRead(Machine& m, const model::Expr* e, Expr v) {
  if (reads && depth_ == 0 && reads->size() < kMaxReads) {
    std::string t = model::toString(m.P, e), b;
    for (const auto& [vid, val] : bound)
      if (t.find(m.P.var(vid).name) != std::string::npos)
        b += (b.empty() ? " (" : ", ") + m.P.var(vid).name + "=" + m.show(val);
    if (!b.empty())
      b += ")";
    std::string r = t + b + " = " + m.show(v);
    if (std::find(reads->begin(), reads->end(), r) == reads->end())
      reads->push_back(std::move(r));
  }
}

Expr EvalHook::quant(Machine& m, const model::Expr* e) {
  if (e->op == Op::Sum)
    return sum(m, e);
  if (e->op != Op::Forall && e->op != Op::Exists)
    throw Unsupported("'" + m.text(e) + "' (\\lambda outside \\sum) at " + m.where());
  steps_ = 0;
  Expr r = quantify(m, e, 0, e->op == Op::Forall);
  for (model::VarId v : e->bound)
    bound.erase(v);
  return m.boolToInt(r);
}

/// Binds e->bound[k..] and evaluates restriction ==> body (forall) or
/// restriction && body (exists): enumerated over a concrete range, else over
/// a bound symbol.
Expr EvalHook::quantify(Machine& m, const model::Expr* e, size_t k, bool all) {
  const model::Expr* restr = e->kids[0];
  const model::Expr* body = e->kids[1];
  if (k == e->bound.size()) {
    if (++steps_ > kMaxQuantSteps)
      throw Unsupported("quantifier '" + m.text(e) + "' ranges over more than " +
                        std::to_string(kMaxQuantSteps) + " values at " + m.where());
    Expr c = m.evalCond(restr);
    if (c->isFalse())
      return m.f.boolConst(all);
    m.assumptions.push_back(c);
    Expr b = m.evalCond(body);
    m.assumptions.pop_back();
    return all ? m.f.logicalOr(m.f.logicalNot(c), b) : m.f.logicalAnd(c, b);
  }
  model::VarId iv = e->bound[k];
  const model::Variable& var = m.P.var(iv);
  std::vector<model::VarId> later(e->bound.begin() + long(k) + 1, e->bound.end());
  std::optional<int64_t> lo, hi;
  if (var.type && var.type->kind != TypeKind::Real) {
    std::vector<std::pair<const model::Expr*, int>> los, his;
    rangeOf(restr, iv, later, los, his);
    for (auto [x, adj] : los) {
      auto b = concreteBound(m, m.evalValue(x), false);
      if (b && (!lo || *b + adj > *lo))
        lo = *b + adj;
    }
    for (auto [x, adj] : his) {
      auto b = concreteBound(m, m.evalValue(x), true);
      if (b && (!hi || *b + adj < *hi))
        hi = *b + adj;
    }
  }
  std::vector<Expr> parts;
  if (lo && hi && *hi - *lo <= kMaxQuantRange) {
    for (int64_t v = *lo; v <= *hi; ++v) {
      bound[iv] = m.intc(v);
      parts.push_back(quantify(m, e, k + 1, all));
    }
    bound.erase(iv);
    return all ? m.f.logicalAnd(parts) : m.f.logicalOr(parts);
  }
  if (!symbolicQuantifiers())
    throw Unsupported("quantifier range of '" + var.name + "' is not bounded at " + m.where());
  bool real = var.type && var.type->kind == TypeKind::Real;
  Expr bv =
      m.f.boundVar(var.name + "!" + std::to_string(iv), real ? m.f.realType() : m.f.intType());
  bound[iv] = bv;
  Expr inner = quantify(m, e, k + 1, all);
  bound.erase(iv);
  return all ? m.f.forall(bv, inner) : m.f.exists(bv, inner);
}

Expr EvalHook::sum(Machine& m, const model::Expr* e) {
  model::VarId iv = e->bound.at(0);
  Expr lo = m.evalValue(e->kids[0]), hi = m.evalValue(e->kids[1]);
  const model::Expr* body = e->kids[2];
  bool real = e->type && e->type->kind == TypeKind::Real;
  auto term = [&]() {
    Expr t = m.evalValue(body);
    if (t->type()->isBool())
      t = m.boolToInt(t);
    return real ? m.toReal(t) : t;
  };
  auto l = m.concreteInt(lo), h = m.concreteInt(hi);
  if (l && h && *h - *l <= kMaxQuantRange) {
    std::vector<Expr> ts;
    for (int64_t v = *l; v <= *h; ++v) {
      bound[iv] = m.intc(v);
      ts.push_back(term());
    }
    bound.erase(iv);
    Expr zero = real ? m.f.realConst(0) : m.intc(0);
    if (ts.empty())
      return zero;
    return m.f.add(ts);
  }
  // A symbolic upper end the path condition keeps below a small bound H
  // (a length 0 <= n <= 2 when the states of the lengths' paths were
  // merged): the sum is that of ite(v <= hi, term(v), 0) for l <= v <= H,
  // each term evaluated where it counts (v <= hi assumed), instead of a
  // sum over a symbolic range (a recursive function the provers seldom
  // decide once other sums' ranges are symbolic too).
  if (l && !h)
    if (auto H = concreteBound(m, hi, true); H && *H - *l < kMaxSumTerms) {
      std::vector<Expr> ts;
      Expr zero = real ? m.f.realConst(0) : m.intc(0);
      for (int64_t v = *l; v <= *H; ++v) {
        Expr in = m.f.le(m.intc(v), hi);
        if (in->isFalse())
          continue;
        bound[iv] = m.intc(v);
        m.assumptions.push_back(in);
        Expr t = term();
        m.assumptions.pop_back();
        ts.push_back(m.f.ite(in, t, zero));
      }
      bound.erase(iv);
      if (ts.empty())
        return zero;
      return m.f.add(ts);
    }
  Expr bv = m.f.boundVar(m.P.var(iv).name + "!" + std::to_string(iv), m.f.intType());
  bound[iv] = bv;
  // the terms are evaluated for every k of the range (obligations inside
  // hold under lo <= k <= hi)
  m.assumptions.push_back(m.f.logicalAnd(m.f.le(lo, bv), m.f.le(bv, hi)));
  Expr t = term();
  m.assumptions.pop_back();
  bound.erase(iv);
  Expr bvs[1] = {bv};
  return m.f.sum(lo, m.f.add(hi, m.intc(1)), m.f.lambda(bvs, t));
}

Expr EvalHook::pointerValue(Machine& m, const model::Expr* e) {
  while (e->kind == ExprKind::Cast && e->type && e->type->kind == TypeKind::Pointer &&
         e->kids[0]->type && e->kids[0]->type->kind == TypeKind::Pointer)
    e = e->kids[0];
  if (e->type && e->type->kind == TypeKind::Array) {
    Place pl = m.evalPlace(e);
    pl.path.push_back(m.intc(0));
    return m.pointerTo(pl);
  }
  return m.evalValue(e);
}

std::vector<PtrSet> EvalHook::pointerSets(Machine& m, const model::Expr* e) {
  while (e->kind == ExprKind::Cast && e->type && e->type->kind == TypeKind::Pointer)
    e = e->kids[0];
  if (e->kind == ExprKind::Deref && isMpiType(e->kids[0]->type))
    return bufferSets(m, mpiValue(m, e->kids[0])); // *b: the locations of buffer b
  if (isMpiType(e->type) && e->kind != ExprKind::SetOf)
    return bufferSets(m, mpiValue(m, e));
  if (e->kind == ExprKind::SetOf && !e->bound.empty() && !mentions(e->kids[0], e->bound) &&
      (e->kids.size() < 2 || !mentions(e->kids[1], e->bound))) {
    // { x | int i; c } with neither x nor c about i: x when c holds
    // (App. B: { SBUF | int i; sbuf != MPI_IN_PLACE })
    Expr c = e->kids.size() > 1 ? m.evalCond(e->kids[1]) : m.f.trueExpr();
    if (m.ex.oracle().valid(m.pc(), c) == Answer::Yes)
      return pointerSets(m, e->kids[0]);
    if (m.ex.oracle().valid(m.pc(), m.f.logicalNot(c)) == Answer::Yes)
      return {};
    throw Unsupported("the set '" + m.text(e) +
                      "' whose condition the path condition does not "
                      "decide at " +
                      m.where());
  }
  if (e->kind == ExprKind::SetOf) {
    if (!e->bound.empty())
      throw Unsupported("set comprehension '" + m.text(e) + "' as memory locations at " +
                        m.where());
    std::vector<PtrSet> out;
    for (const model::Expr* k : e->kids)
      for (PtrSet& s : pointerSets(m, k))
        out.push_back(s);
    return out;
  }
  if (e->kind == ExprKind::Binary && (e->op == Op::PtrAdd || e->op == Op::Add) && e->type &&
      e->type->kind == TypeKind::Pointer) {
    const model::Expr *p = e->kids[0], *k = e->kids[1];
    if (p->type && p->type->kind != TypeKind::Pointer && p->type->kind != TypeKind::Array)
      std::swap(p, k);
    std::vector<PtrSet> bases = pointerSets(m, p);
    Expr lo, hi;
    if (k->kind == ExprKind::Binary && k->op == Op::Range) {
      lo = m.evalValue(k->kids[0]);
      hi = m.evalValue(k->kids[1]);
    } else {
      lo = hi = m.evalValue(k);
    }
    for (PtrSet& b : bases) {
      b.lo = b.lo ? m.f.add(b.lo, lo) : lo;
      b.hi = b.hi ? m.f.add(b.hi, hi) : hi;
    }
    return bases;
  }
  return {PtrSet{pointerValue(m, e), nullptr, nullptr}};
}

Expr EvalHook::validity(Machine& m, const model::Expr* e, bool write) {
  std::vector<Expr> all;
  for (const PtrSet& s : pointerSets(m, e)) {
    Expr lo = s.lo ? s.lo : m.intc(0), hi = s.hi ? s.hi : m.intc(0);
    Expr empty = m.f.lt(hi, lo);
    auto p = m.V.decodePointer(s.ptr);
    if (m.V.isUndef(s.ptr))
      m.fail(ViolationKind::UninitializedRead, "use of an uninitialized pointer", m.pc());
    if (!p)
      throw Unsupported("\\valid of a symbolic pointer at " + m.where());
    const ProcState& ps = *m.gs.procs[m.me];
    bool live = true;
    switch (p->root.kind) {
    case RootKind::Null:
    case RootKind::Function:
    case RootKind::Address:
      live = false;
      break;
    case RootKind::String:
      live = !write;
      break;
    case RootKind::Heap:
      live = p->root.b < ps.heap.size() && !ps.heap[p->root.b].freed;
      break;
    case RootKind::Local:
      live = m.localFrame(ps, p->root) && m.localFrame(ps, p->root)->slots.at(p->root.b);
      break;
    case RootKind::Global:
      live = true;
      break;
    }
    if (!live) {
      all.push_back(empty);
      continue;
    }
    // the offsets apply to the last step of the path when it indexes an array
    Expr len = nullptr, at = nullptr;
    if (!p->path.empty()) {
      std::vector<Expr> prefix(p->path.begin(), p->path.end() - 1);
      const model::Type* ct = nullptr;
      if (p->root.kind == RootKind::Heap && !ps.heap[p->root.b].elem) {
        // an untyped block: its length in elements of the pointee type
        const model::Type* pt = s.elem                                          ? s.elem
                                : e->type && e->type->kind == TypeKind::Pointer ? e->type->elem
                                                                                : nullptr;
        if (!pt || pt->size == 0 || !prefix.empty())
          throw Unsupported("\\valid of untyped heap memory at " + m.where());
        len = m.f.div(ps.heap[p->root.b].bytes, m.intc(int64_t(pt->size)));
      } else {
        ct = m.typeAt(ps, p->root, prefix, prefix.size());
        if (ct->kind == TypeKind::Array) {
          Expr arr =
              m.readPath(m.rootValue(ps, p->root), m.rootType(ps, p->root), prefix, 0, nullptr);
          len = m.lengthOf(arr, ct);
        }
      }
      if (len)
        at = p->path.back();
    }
    Expr ok;
    if (len)
      ok = m.f.logicalAnd(m.f.le(m.intc(0), m.f.add(at, lo)), m.f.lt(m.f.add(at, hi), len));
    else // a whole object or a member: only offset 0
      ok = m.f.logicalAnd(m.f.eq(lo, m.intc(0)), m.f.eq(hi, m.intc(0)));
    all.push_back(m.f.logicalOr(empty, ok));
  }
  return m.f.logicalAnd(all);
}

Expr EvalHook::separated(Machine& m, const model::Expr* e) {
  struct Loc {
    state::Root root;
    std::vector<Expr> path;
    Expr lo, hi; // offsets of the last step
  };
  std::vector<std::vector<Loc>> groups;
  for (const model::Expr* k : e->kids) {
    std::vector<Loc> g;
    for (const PtrSet& s : pointerSets(m, k)) {
      auto p = m.V.decodePointer(s.ptr);
      if (!p)
        throw Unsupported("\\separated of a symbolic pointer at " + m.where());
      g.push_back(Loc{p->root, p->path, s.lo ? s.lo : m.intc(0), s.hi ? s.hi : m.intc(0)});
    }
    groups.push_back(std::move(g));
  }
  auto overlap = [&](const Loc& a, const Loc& b) -> Expr {
    if (!(a.root == b.root) || a.root.kind == RootKind::Null)
      return m.f.falseExpr();
    Expr nonempty = m.f.logicalAnd(m.f.le(a.lo, a.hi), m.f.le(b.lo, b.hi));
    size_t n = std::min(a.path.size(), b.path.size());
    if (n == 0)
      return nonempty;
    std::vector<Expr> cs{nonempty};
    for (size_t i = 0; i + 1 < n; ++i)
      cs.push_back(m.f.eq(a.path[i], b.path[i]));
    // step n-1: a range on the side(s) whose path ends there
    Expr al = a.path[n - 1], ah = a.path[n - 1], bl = b.path[n - 1], bh = b.path[n - 1];
    if (a.path.size() == n) {
      al = m.f.add(al, a.lo);
      ah = m.f.add(ah, a.hi);
    }
    if (b.path.size() == n) {
      bl = m.f.add(bl, b.lo);
      bh = m.f.add(bh, b.hi);
    }
    cs.push_back(m.f.le(al, bh));
    cs.push_back(m.f.le(bl, ah));
    return m.f.logicalAnd(cs);
  };
  std::vector<Expr> sep;
  for (size_t i = 0; i < groups.size(); ++i)
    for (size_t j = i + 1; j < groups.size(); ++j)
      for (const Loc& a : groups[i])
        for (const Loc& b : groups[j])
          sep.push_back(m.f.logicalNot(overlap(a, b)));
  return m.f.logicalAnd(sep);
}

Expr EvalHook::builtin(Machine& m, const model::Expr* e) {
  const std::string& b = e->name;
  if (b == "\\valid" || b == "\\valid_read")
    return m.boolToInt(validity(m, e->kids.at(0), b == "\\valid"));
  if (b == "\\separated")
    return m.boolToInt(separated(m, e));
  if (b == "\\abs" || b == "\\min" || b == "\\max") {
    std::vector<Expr> vs;
    bool real = false;
    for (const model::Expr* k : e->kids) {
      Expr v = m.evalValue(k);
      if (v->type()->isBool())
        v = m.boolToInt(v);
      real = real || v->type()->isReal();
      vs.push_back(v);
    }
    if (real)
      for (Expr& v : vs)
        v = m.toReal(v);
    if (b == "\\abs") {
      Expr zero = real ? m.f.realConst(0) : m.intc(0);
      return m.f.ite(m.f.lt(vs[0], zero), m.f.neg(vs[0]), vs[0]);
    }
    Expr less = m.f.lt(vs[0], vs[1]);
    return b == "\\min" ? m.f.ite(less, vs[0], vs[1]) : m.f.ite(less, vs[1], vs[0]);
  }
  if (b == "\\mpi_reduce")
    return m.boolToInt(mpiReduce(m, e));
  if (b == "\\mpi_extent")
    return mpiDatatypeFact(m, e);
  if (b == "\\mpi_nonoverlapping")
    return m.boolToInt(mpiDatatypeFact(m, e));
  if (b.rfind("\\mpi_", 0) == 0)
    throw Unsupported("'" + b + "' at " + m.where() +
                      " (\\mpi_on, \\mpi_agree, \\mpi_comm_rank and \\mpi_comm_size are "
                      "evaluated in collective contracts and ACSL contracts of MPI programs; "
                      "buffers and signatures where a value sequence or a location is expected)");
  throw Unsupported("'" + b + "' in an annotation at " + m.where());
}

// ================================================== collective assertions

namespace {

class CompositeHook : public EvalHook {
public:
  /// The thread of each process's snapshot (empty: all main).
  std::vector<int> threads;
  /// Quantifier ranges made concrete by the path condition (not only by
  /// the bounds' own values).
  bool pcRanges = true;

  /// The process whose memory a pointer-valued annotation expression refers
  /// to: that of PROC[e] when its base is a remote variable, else -1.
  int baseProc(Machine& m, const model::Expr* e) {
    switch (e->kind) {
    case ExprKind::Remote:
      return remoteProc(m, e);
    case ExprKind::Binary:
      if (e->op == Op::PtrAdd)
        return baseProc(m, e->kids[0]);
      return -1;
    case ExprKind::Cast:
    case ExprKind::Member:
    case ExprKind::Index:
      return baseProc(m, e->kids[0]);
    case ExprKind::AddrOf:
      return baseProc(m, e->kids[0]);
    default:
      return -1;
    }
  }

  /// A pointer into the memory of process r (pointer arithmetic there).
  Expr remotePointer(Machine& m, const model::Expr* e, int r) {
    if (e->kind == ExprKind::Binary && e->op == Op::PtrAdd) {
      Expr base = remotePointer(m, e->kids[0], r);
      Expr k = m.evalValue(e->kids[1]);
      return m.ptrAddIn(base, k, r);
    }
    return m.evalValue(e);
  }

  /// PROC[e]: process e of the asserting process's program (in a
  /// composition, ranks are relative to its component).
  int remoteProc(Machine& m, const model::Expr* e) {
    int comp = m.ex.componentOf(m.me);
    int base = m.ex.componentBase(comp), size = m.ex.componentSize(comp);
    return base + remoteRank(m, e, size);
  }

  int remoteRank(Machine& m, const model::Expr* e, int size) {
    Expr iv = m.evalValue(e->kids[0]);
    auto r = m.concreteInt(iv);
    if (!r) {
      // a symbolic rank determined by the path condition
      for (int k = 0; k < size && !r; ++k)
        if (m.ex.oracle().valid(m.pc(), m.f.eq(iv, m.intc(k))) == Answer::Yes)
          r = k;
      if (!r)
        throw Unsupported("symbolic process index in PROC[" + model::toString(m.P, e->kids[0]) +
                          "] at " + m.where());
    }
    if (*r < 0 || *r >= size)
      m.fail(ViolationKind::OutOfBounds,
             "PROC[" + std::to_string(*r) + "]: no such process (there are " +
                 std::to_string(size) + ")",
             m.pc());
    return int(*r);
  }

  /// The thread whose frames process r's snapshot is read in: the thread
  /// that took it (main for a process without threads).
  uint32_t threadOf(int r) const {
    return size_t(r) < threads.size() ? uint32_t(threads[size_t(r)]) : 0;
  }

  /// The call stack of process r's snapshot, in the thread that took it
  /// (r is not the asserting process: its state is not swapped).
  const std::vector<Frame>& snapStack(Machine& m, int r) {
    return m.gs.procs[r]->stackOf(threadOf(r));
  }

  /// The variable `name` of process r's snapshot: a live variable of frame
  /// fi of the snapshot's thread, else a global of r's program.
  std::optional<Place> byName(Machine& m, int r, size_t fi, const std::string& name) {
    const Frame& fr = snapStack(m, r)[fi];
    const auto& slots = m.im.slotVar[fr.func];
    for (size_t s = 0; s < slots.size(); ++s) {
      const model::Variable& v = m.P.var(slots[s]);
      if (v.name == name && fr.slots[s])
        return Place{state::localRoot(threadOf(r), uint32_t(fi), uint32_t(s)), {}, v.type, r};
    }
    int comp = m.ex.componentOf(r);
    for (const auto& [vid, gi] : m.im.globalIndex) {
      const model::Variable& v = m.P.var(vid);
      if (v.name == name && v.kind == model::VarKind::Global &&
          model::componentOfGlobal(m.P, gi) == comp)
        return Place{Root{RootKind::Global, 0, gi}, {}, v.type, r};
    }
    return std::nullopt;
  }

  std::optional<Place> place(Machine& m, const model::Expr* e) override {
    if (e->kind == ExprKind::Remote) {
      int r = remoteProc(m, e);
      const std::vector<Frame>& stack = snapStack(m, r);
      if (stack.empty())
        throw Unsupported("PROC[" + std::to_string(r) + "]." + e->name +
                          ": the snapshot has no frame");
      size_t fi = stack.size() - 1;
      if (!e->fn.empty()) {
        bool found = false;
        for (size_t k = stack.size(); k-- > 0;)
          if (m.P.func(stack[k].func).name == e->fn) {
            fi = k;
            found = true;
            break;
          }
        if (!found)
          m.fail(ViolationKind::Assertion,
                 "PROC[" + std::to_string(r) + "]@" + e->fn + "." + e->name + ": function '" +
                     e->fn + "' is not on the call stack of process " + std::to_string(r),
                 m.pc());
      }
      if (auto pl = byName(m, r, fi, e->name))
        return pl;
      m.fail(ViolationKind::Assertion,
             "PROC[" + std::to_string(r) + "]." + e->name + ": no variable '" + e->name +
                 "' in scope in the snapshot of process " + std::to_string(r),
             m.pc());
    }
    if (e->kind == ExprKind::Deref) {
      int r = baseProc(m, e->kids[0]);
      if (r >= 0)
        return m.placeOfPointer(remotePointer(m, e->kids[0], r), e->type, r);
    }
    if (e->kind == ExprKind::SpecVar) {
      if (m.P.components.empty())
        throw Unsupported("spec." + e->name + " outside a comparison at " + m.where());
      // seed 000 §4.2: x in the snapshot of the specification's process 0
      int r = m.ex.componentBase(0);
      if (!m.gs.procs[r] || m.ex.componentOf(m.me) == 0)
        throw Unsupported("spec." + e->name +
                          " outside a joint assertion of the implementation at " + m.where());
      if (!snapStack(m, r).empty())
        if (auto pl = byName(m, r, snapStack(m, r).size() - 1, e->name))
          return pl;
      m.fail(ViolationKind::Assertion,
             "spec." + e->name + ": no variable '" + e->name +
                 "' in scope in the snapshot of the specification's process 0",
             m.pc());
    }
    return std::nullopt;
  }

protected:
  /// A concrete bound of `v` under the path condition: v itself when
  /// concrete, else the least (upper) or greatest (lower) k in a window
  /// (PROC[i] needs a concrete i).
  std::optional<int64_t> concreteBound(Machine& m, Expr v, bool upper) override {
    if (auto c = m.concreteInt(v))
      return c;
    if (!pcRanges)
      return std::nullopt;
    // none in the window (a bound over an unbounded input, as under --lise):
    // one query instead of the whole walk
    Expr inWindow = upper ? m.f.le(v, m.intc(kMaxQuantRange)) : m.f.ge(v, m.intc(-1));
    Expr ctx = m.boundsPc();
    if (m.ex.oracle().valid(ctx, inWindow) != Answer::Yes)
      return std::nullopt;
    for (int64_t k = upper ? -1 : kMaxQuantRange; upper ? k <= kMaxQuantRange : k >= -1;
         k += upper ? 1 : -1) {
      Expr claim = upper ? m.f.le(v, m.intc(k)) : m.f.ge(v, m.intc(k));
      if (m.ex.oracle().valid(ctx, claim) == Answer::Yes)
        return k;
      if (k > 64 && k < kMaxQuantRange - 64)
        k = upper ? kMaxQuantRange - 64 : 64; // coarse jump
    }
    return std::nullopt;
  }
};

/// Evaluation in an annotation machine must not split the move.
void noChoices(Machine& m) {
  if (!m.schedule.empty())
    throw Unsupported("an annotation whose value needs a case split (a conditional choice "
                      "between pointers or a symbolic string) at " +
                      m.where());
}

} // namespace

Expr Executor::evalAnnotation(const std::vector<const ProcState*>& snaps, int me, Expr pc,
                              const model::Expr* e, model::SrcLoc loc,
                              std::vector<std::string>* reads, const std::vector<int>& threads,
                              bool pcRanges) {
  GlobalState g;
  g.procs = snaps;
  g.pc = pc;
  // A snapshot taken by a thread other than main: its frames are read (the
  // Machine's moving thread is swapped into the process's current stack),
  // and PROC[r].x reads process r's snapshot in the frames of the thread
  // that took it (CompositeHook::threadOf).
  int thr = size_t(me) < threads.size() ? threads[size_t(me)] : 0;
  Machine m(*this, *impl_, g, me, opts_.syncSends, thr);
  m.undecided = &undecided_;
  m.loc = loc;
  m.step.loc = loc;
  CompositeHook hook;
  hook.reads = reads;
  hook.threads = threads;
  hook.pcRanges = pcRanges;
  m.annot = &hook;
  Expr r = m.evalCond(e);
  noChoices(m);
  return r;
}

// ============================================== ACSL annotations (one process)

std::optional<Place> LocalHook::place(Machine& m, const model::Expr* e) {
  // the parameters of the contracted function mean their pre-state values
  // in a postcondition (ACSL)
  if (paramsOld && !inOld_ && oldProc >= 0 && e->kind == ExprKind::Var) {
    const model::Variable& v = m.P.var(e->var);
    if (v.kind == model::VarKind::Param && v.func == func) {
      int save = m.me;
      m.me = oldProc;
      inOld_ = true;
      Place pl = m.evalPlace(e);
      inOld_ = false;
      m.me = save;
      return pl;
    }
  }
  return std::nullopt;
}

Expr LocalHook::value(Machine& m, const model::Expr* e) {
  if (mpiRank >= 0 && e->kind == ExprKind::Builtin) {
    if (e->name == "\\mpi_comm_rank")
      return m.intc(mpiRank);
    if (e->name == "\\mpi_comm_size")
      return m.intc(mpiSize);
  }
  return EvalHook::value(m, e);
}

Expr LocalHook::result(Machine& m, const model::Expr* e) {
  if (!res)
    return EvalHook::result(m, e);
  if (e->type && e->type->isScalar())
    m.checkDefined(res);
  noteRead(m, e, res);
  return res;
}

Expr LocalHook::old(Machine& m, const model::Expr* e) {
  if (oldProc < 0)
    return EvalHook::old(m, e);
  if (inOld_)
    return m.evalValue(e->kids[0]);
  int save = m.me;
  m.me = oldProc;
  inOld_ = true;
  ++depth_;
  Expr v;
  try {
    v = m.evalValue(e->kids[0]);
  } catch (...) {
    --depth_;
    inOld_ = false;
    m.me = save;
    throw;
  }
  --depth_;
  inOld_ = false;
  m.me = save;
  noteRead(m, e, v);
  return v;
}

GlobalState localState(const ProcState* now, const ProcState* old, Expr pc) {
  GlobalState g;
  g.procs.push_back(now);
  if (old)
    g.procs.push_back(old);
  g.pc = pc;
  return g;
}

Expr Executor::evalLocal(const LocalAnnot& at, Expr pc, const model::Expr* e, bool cond,
                         model::SrcLoc loc, std::vector<std::string>* reads) {
  Machine m(*this, *impl_, localState(at.now, at.old, pc), 0, opts_.syncSends, at.thread);
  if (at.old)
    m.twin = 1; // (\old reads the moving thread's frames of the pre-state too)
  m.undecided = &undecided_;
  m.loc = loc;
  m.step.loc = loc;
  LocalHook hook;
  hook.reads = reads;
  hook.oldProc = at.old ? 1 : -1;
  hook.paramsOld = at.paramsOld;
  const std::vector<Frame>& st = at.now->stackOf(size_t(at.thread));
  hook.func = st.empty() ? model::kNone : st.back().func;
  hook.res = at.result;
  hook.mpiRank = at.mpiRank;
  hook.mpiSize = at.mpiSize;
  m.annot = &hook;
  Expr r = cond ? m.evalCond(e) : m.evalValue(e);
  noChoices(m);
  return r;
}

} // namespace chorus::exec
