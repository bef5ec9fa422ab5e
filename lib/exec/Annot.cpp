// Evaluation of collective-assertion expressions on a composite state
// (seed 000 §3): a GlobalState whose processes are the snapshots, evaluated
// by a Machine with an AnnotHook that resolves PROC[e].x / PROC[e]@f.x in
// the snapshot of process e, quantifier-bound variables, and forall/exists
// over bounded integer ranges.
#include "Machine.h"

#include "chorus/model/Compose.h"
#include "chorus/model/Printer.h"

#include <algorithm>
#include <map>

namespace chorus::exec {

namespace {

constexpr int64_t kMaxQuantRange = 4096;
constexpr size_t kMaxReads = 24;

class CompositeHook : public AnnotHook {
public:
  std::map<model::VarId, Expr> bound;
  std::vector<std::string>* reads = nullptr;
  int depth = 0;

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
        throw Unsupported("symbolic process index in PROC[" +
                          model::toString(m.P, e->kids[0]) + "] at " + m.where());
    }
    if (*r < 0 || *r >= size)
      m.fail(ViolationKind::OutOfBounds,
             "PROC[" + std::to_string(*r) + "]: no such process (there are " +
                 std::to_string(size) + ")",
             m.pc());
    return int(*r);
  }

  /// The variable `name` of process r's snapshot: a live variable of frame
  /// fi, else a global of r's program.
  std::optional<Place> byName(Machine& m, int r, size_t fi, const std::string& name) {
    const ProcState& ps = *m.gs.procs[r];
    const Frame& fr = ps.stack[fi];
    const auto& slots = m.im.slotVar[fr.func];
    for (size_t s = 0; s < slots.size(); ++s) {
      const model::Variable& v = m.P.var(slots[s]);
      if (v.name == name && fr.slots[s])
        return Place{Root{RootKind::Local, uint32_t(fi), uint32_t(s)}, {}, v.type, r};
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
      const ProcState& ps = *m.gs.procs[r];
      if (ps.stack.empty())
        throw Unsupported("PROC[" + std::to_string(r) + "]." + e->name +
                          ": the snapshot has no frame");
      size_t fi = ps.stack.size() - 1;
      if (!e->fn.empty()) {
        bool found = false;
        for (size_t k = ps.stack.size(); k-- > 0;)
          if (m.P.func(ps.stack[k].func).name == e->fn) {
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
        throw Unsupported("spec." + e->name + " outside a joint assertion of the implementation at " +
                          m.where());
      const ProcState& ps = *m.gs.procs[r];
      if (!ps.stack.empty())
        if (auto pl = byName(m, r, ps.stack.size() - 1, e->name))
          return pl;
      m.fail(ViolationKind::Assertion,
             "spec." + e->name + ": no variable '" + e->name +
                 "' in scope in the snapshot of the specification's process 0",
             m.pc());
    }
    return std::nullopt;
  }

  Expr value(Machine& m, const model::Expr* e) override {
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
      return read(m, e);
    case ExprKind::Quant:
      return quant(m, e);
    default:
      return nullptr;
    }
  }

  Expr read(Machine& m, const model::Expr* e) {
    if (e->type && e->type->kind == TypeKind::Array)
      return nullptr; // arrays decay: the machine handles it
    ++depth;
    Place pl = m.evalPlace(e);
    Expr v = m.readPlace(pl);
    if (e->type && e->type->isScalar())
      m.checkDefined(v);
    --depth;
    if (reads && depth == 0 && reads->size() < kMaxReads) {
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
    return v;
  }

  /// A concrete bound of `v` under the path condition: v itself when
  /// concrete, else the least (upper) or greatest (lower) k in a window.
  std::optional<int64_t> concreteBound(Machine& m, Expr v, bool upper) {
    if (auto c = m.concreteInt(v))
      return c;
    for (int64_t k = upper ? -1 : kMaxQuantRange; upper ? k <= kMaxQuantRange : k >= -1;
         k += upper ? 1 : -1) {
      Expr claim = upper ? m.f.le(v, m.intc(k)) : m.f.ge(v, m.intc(k));
      if (m.ex.oracle().valid(m.pc(), claim) == Answer::Yes)
        return k;
      if (k > 64 && k < kMaxQuantRange - 64)
        k = upper ? kMaxQuantRange - 64 : 64; // coarse jump
    }
    return std::nullopt;
  }

  /// Collects lo <= i / i < hi style conjuncts of the restriction.
  void rangeOf(const model::Expr* c, model::VarId i,
               std::vector<std::pair<const model::Expr*, int>>& lo,
               std::vector<std::pair<const model::Expr*, int>>& hi) {
    if (c->kind == ExprKind::Binary && c->op == Op::LogAnd) {
      rangeOf(c->kids[0], i, lo, hi);
      rangeOf(c->kids[1], i, lo, hi);
      return;
    }
    if (c->kind != ExprKind::Binary)
      return;
    auto isI = [&](const model::Expr* x) {
      while (x->kind == ExprKind::Cast)
        x = x->kids[0];
      return x->kind == ExprKind::Var && x->var == i;
    };
    const model::Expr *a = c->kids[0], *b = c->kids[1];
    switch (c->op) {
    case Op::Le: // a <= i  |  i <= b
      if (isI(b))
        lo.push_back({a, 0});
      else if (isI(a))
        hi.push_back({b, 0});
      break;
    case Op::Lt:
      if (isI(a))
        hi.push_back({b, -1});
      else if (isI(b))
        lo.push_back({a, 1});
      break;
    case Op::Ge:
      if (isI(a))
        lo.push_back({b, 0});
      else if (isI(b))
        hi.push_back({a, 0});
      break;
    case Op::Gt:
      if (isI(b))
        hi.push_back({a, -1});
      else if (isI(a))
        lo.push_back({b, 1});
      break;
    default:
      break;
    }
  }

  Expr quant(Machine& m, const model::Expr* e) {
    if ((e->op != Op::Forall && e->op != Op::Exists) || e->bound.size() != 1)
      throw Unsupported("quantifier form in a collective assertion at " + m.where() +
                        " (only forall/exists over one int variable)");
    model::VarId iv = e->bound[0];
    const model::Expr* restr = e->kids[0];
    const model::Expr* body = e->kids[1];
    std::vector<std::pair<const model::Expr*, int>> los;
    std::vector<std::pair<const model::Expr*, int>> his;
    rangeOf(restr, iv, los, his);
    std::optional<int64_t> lo, hi;
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
    if (!lo || !hi || *hi - *lo > kMaxQuantRange)
      throw Unsupported("quantifier range of '" + m.P.var(iv).name + "' is not bounded at " +
                        m.where());
    std::vector<Expr> parts;
    bool all = e->op == Op::Forall;
    for (int64_t k = *lo; k <= *hi; ++k) {
      bound[iv] = m.intc(k);
      Expr c = m.evalCond(restr);
      if (c->isFalse())
        continue;
      m.assumptions.push_back(c);
      Expr b = m.evalCond(body);
      m.assumptions.pop_back();
      parts.push_back(all ? m.f.logicalOr(m.f.logicalNot(c), b) : m.f.logicalAnd(c, b));
    }
    bound.erase(iv);
    Expr r = all ? m.f.logicalAnd(parts) : m.f.logicalOr(parts);
    return m.boolToInt(r);
  }
};

} // namespace

Expr Executor::evalAnnotation(const std::vector<const ProcState*>& snaps, int me, Expr pc,
                              const model::Expr* e, model::SrcLoc loc,
                              std::vector<std::string>* reads) {
  GlobalState g;
  g.procs = snaps;
  g.pc = pc;
  Machine m(*this, *impl_, g, me, opts_.syncSends);
  m.undecided = &undecided_;
  m.loc = loc;
  m.step.loc = loc;
  CompositeHook hook;
  hook.reads = reads;
  m.annot = &hook;
  return m.evalCond(e);
}

} // namespace chorus::exec
