// Frame conditions of ACSL `assigns` and `loop assigns` (Executor::
// frameObligations): the locations of the clause are evaluated to sets of
// places (a root and a path whose steps are single indices or ranges
// `lo .. hi`), then every location of the earlier process state that holds a
// different value in the later one gives the obligation "unchanged, or in
// one of the sets". Values are compared structurally: arrays of at most
// kMaxElements concrete elements element by element, longer or symbolic ones
// with one quantified obligation over a bound index.
#include "AnnotEval.h"

#include "chorus/model/Printer.h"

namespace chorus::exec {

namespace {

constexpr int64_t kMaxElements = 256;

bool sameSite(model::SrcLoc a, model::SrcLoc b) {
  return a.file == b.file && a.line == b.line && a.col == b.col;
}

/// A set of locations: a root and a path of steps [lo, hi].
struct LocSet {
  Root root;
  std::vector<std::pair<Expr, Expr>> steps;
};

class FrameCheck {
public:
  FrameCheck(Machine& m, LocalHook& hook) : m(m), hook(hook) {}

  void locations(const model::Expr* e, std::vector<LocSet>& out) {
    switch (e->kind) {
    case ExprKind::SetOf:
      if (!e->bound.empty())
        throw Unsupported("set comprehension '" + m.text(e) + "' in an assigns clause at " +
                          m.where());
      for (const model::Expr* k : e->kids)
        locations(k, out);
      return;
    case ExprKind::Var: {
      Place pl = m.evalPlace(e);
      out.push_back(LocSet{pl.root, {}});
      return;
    }
    case ExprKind::Member: {
      std::vector<LocSet> base;
      locations(e->kids[0], base);
      for (LocSet& s : base) {
        s.steps.push_back({m.intc(e->field), m.intc(e->field)});
        out.push_back(std::move(s));
      }
      return;
    }
    case ExprKind::Index: {
      std::vector<LocSet> base;
      locations(e->kids[0], base);
      auto [lo, hi] = range(e->kids[1]);
      for (LocSet& s : base) {
        s.steps.push_back({lo, hi});
        out.push_back(std::move(s));
      }
      return;
    }
    case ExprKind::Deref:
      for (const PtrSet& ps : hook.pointerSets(m, e->kids[0])) {
        Place pl = m.placeOfPointer(ps.ptr, ps.elem ? ps.elem : e->type, m.me);
        LocSet s{pl.root, {}};
        for (Expr st : pl.path)
          s.steps.push_back({st, st});
        if (ps.lo && !s.steps.empty()) {
          Expr last = s.steps.back().first;
          s.steps.back() = {m.f.add(last, ps.lo), m.f.add(last, ps.hi)};
        }
        out.push_back(std::move(s));
      }
      return;
    default:
      throw Unsupported("location '" + m.text(e) + "' in an assigns clause at " + m.where());
    }
  }

  std::pair<Expr, Expr> range(const model::Expr* i) {
    if (i->kind == ExprKind::Binary && i->op == Op::Range)
      return {m.evalValue(i->kids[0]), m.evalValue(i->kids[1])};
    Expr v = m.evalValue(i);
    return {v, v};
  }

  /// Obligations for the value `b` (earlier) / `a` (later) of C type t at
  /// `path` under root `root`; `vars`/`ranges`: the bound indices of the
  /// enclosing quantified arrays.
  void diff(const std::string& what, const model::Type* t, Expr b, Expr a, std::vector<Expr>& path,
            const std::vector<const LocSet*>& sets, std::vector<FrameObligation>& out) {
    if (b == a || !b || !a)
      return;
    if (t->kind == TypeKind::Array) {
      Expr len = m.lengthOf(b, t);
      auto n = m.concreteInt(len);
      if (n && *n <= kMaxElements) {
        for (int64_t k = 0; k < *n; ++k) {
          Expr idx = m.intc(k);
          path.push_back(idx);
          diff(what + "[" + std::to_string(k) + "]", t->elem, m.f.arrayRead(b, idx),
               m.f.arrayRead(a, idx), path, sets, out);
          path.pop_back();
        }
        return;
      }
      // one obligation per leaf, for every index j of the array
      Expr j = m.f.boundVar("j!" + std::to_string(path.size()), m.f.intType());
      std::vector<FrameObligation> inner;
      path.push_back(j);
      diff(what + "[j]", t->elem, m.f.arrayRead(b, j), m.f.arrayRead(a, j), path, sets, inner);
      path.pop_back();
      Expr in = m.f.logicalAnd(m.f.le(m.intc(0), j), m.f.lt(j, len));
      for (FrameObligation& o : inner) {
        o.ok = m.f.forall(j, m.f.implies(in, o.ok));
        o.what += " for some index j";
        o.before = o.after = nullptr;
        out.push_back(std::move(o));
      }
      return;
    }
    if (t->isRecord()) {
      for (uint32_t k = 0; k < t->fields.size(); ++k) {
        path.push_back(m.intc(k));
        diff(what + "." + t->fields[k].name, t->fields[k].type, m.f.tupleRead(b, k),
             m.f.tupleRead(a, k), path, sets, out);
        path.pop_back();
      }
      return;
    }
    std::vector<Expr> covered;
    for (const LocSet* s : sets) {
      if (s->steps.size() > path.size())
        continue;
      std::vector<Expr> cs;
      for (size_t i = 0; i < s->steps.size(); ++i)
        cs.push_back(m.f.logicalAnd(m.f.le(s->steps[i].first, path[i]),
                                    m.f.le(path[i], s->steps[i].second)));
      covered.push_back(m.f.logicalAnd(cs));
    }
    Expr same = m.f.eq(b, a);
    out.push_back(FrameObligation{what, m.f.logicalOr(m.f.logicalOr(covered), same), b, a});
  }

  Machine& m;
  LocalHook& hook;
};

} // namespace

std::vector<FrameObligation>
Executor::frameObligations(const ProcState* before, const ProcState* after, size_t frames,
                           const std::vector<const model::Expr*>& assigns, const LocalAnnot& setAt,
                           Expr pc, model::SrcLoc loc, const ProcState* entry,
                           const std::vector<Access>* written) {
  Machine m(*this, *impl_, localState(setAt.now, setAt.old, pc), 0, opts_.syncSends, setAt.thread);
  if (setAt.old)
    m.twin = 1;
  m.undecided = &undecided_;
  m.loc = loc;
  m.step.loc = loc;
  LocalHook hook;
  hook.oldProc = setAt.old ? 1 : -1;
  hook.paramsOld = setAt.paramsOld;
  const std::vector<Frame>& setStack = setAt.now->stackOf(size_t(setAt.thread));
  hook.func = setStack.empty() ? model::kNone : setStack.back().func;
  hook.mpiRank = setAt.mpiRank;
  hook.mpiSize = setAt.mpiSize;
  m.annot = &hook;
  FrameCheck fc(m, hook);
  std::vector<LocSet> sets;
  for (const model::Expr* e : assigns)
    fc.locations(e, sets);
  if (!m.schedule.empty())
    throw Unsupported("an assigns clause whose locations need a case split at " + m.where());

  std::vector<FrameObligation> out;
  auto root = [&](Root r, const std::string& what, const model::Type* t, Expr b, Expr a) {
    if (b == a || !b || !a || !t)
      return;
    if (written) { // (an object the move wrote as program data)
      bool w = false;
      for (const Access& x : *written)
        w = w || (x.write && !x.sync && x.root == r);
      if (!w)
        return;
    }
    std::vector<const LocSet*> mine;
    for (const LocSet& s : sets)
      if (s.root == r)
        mine.push_back(&s);
    // a whole object in the set: nothing to check
    for (const LocSet* s : mine)
      if (s->steps.empty())
        return;
    std::vector<Expr> path;
    fc.diff(what, t, b, a, path, mine, out);
  };
  for (uint32_t g = 0; g < before->globals.size() && g < after->globals.size(); ++g)
    root(Root{RootKind::Global, 0, g}, prog_.var(prog_.globals[g]).name,
         prog_.var(prog_.globals[g]).type, before->globalValue(g, f_), after->globalValue(g, f_));
  for (uint32_t h = 0; h < before->heap.size() && h < after->heap.size(); ++h) {
    const state::HeapObj &b = before->heap[h], &a = after->heap[h];
    if (b.freed || a.freed || !a.elem || (b.elem && b.elem != a.elem))
      continue;
    // (one move of a thread: an object allocated since the entry is not in
    // the frame, as in the sequential comparison from the entry)
    if (entry &&
        (h >= entry->heap.size() || entry->heap[h].freed || !sameSite(entry->heap[h].site, b.site)))
      continue;
    const model::Type* at = impl_->arrayOf(a.elem, std::nullopt);
    Expr bv = b.value;
    if (!b.elem) { // untyped then: its value as its first typed access made it (Machine::typeHeap)
      if (a.elem->size == 0)
        continue;
      Expr len = f_.div(b.bytes, f_.intConst(int64_t(a.elem->size)));
      bv = b.value && b.value->isZero() ? values_.zero(at, len) : values_.undef(at, len);
    }
    root(Root{RootKind::Heap, 0, h}, "the heap object allocated at " + prog_.where(b.site), at, bv,
         a.value);
  }
  // the frames below the function's (or the loop's); with `entry`, every
  // thread's: the moving thread's below `frames`, the others' all
  size_t nthreads = entry ? std::min(before->numThreads(), after->numThreads()) : 1;
  for (size_t t = 0; t < nthreads; ++t) {
    const std::vector<Frame>& bs = entry ? before->stackOf(t) : before->stack;
    const std::vector<Frame>& as = entry ? after->stackOf(t) : after->stack;
    bool mover = entry && int(t) == setAt.thread;
    size_t lim = !entry || mover ? frames : bs.size();
    for (uint32_t fi = 0; fi < lim && fi < bs.size() && fi < as.size(); ++fi) {
      const Frame &b = bs[fi], &a = as[fi];
      if (b.func != a.func)
        continue;
      // (the moving thread's variables not live at the entry, e.g. those
      // of a loop's body, are not in the frame: the sequential comparison
      // from the entry does not see them either)
      const Frame* e = nullptr;
      if (mover && fi < entry->stackOf(t).size() && entry->stackOf(t)[fi].func == b.func)
        e = &entry->stackOf(t)[fi];
      const auto& slots = impl_->slotVar[b.func];
      for (uint32_t k = 0; k < b.slots.size() && k < a.slots.size() && k < slots.size(); ++k) {
        const model::Variable& v = prog_.var(slots[k]);
        if (v.kind == model::VarKind::Temp)
          continue; // the front end's temporaries are not C locations
        if (e && (k >= e->slots.size() || !e->slots[k]))
          continue;
        std::string who =
            " (of " + prog_.func(b.func).name +
            (entry && before->numThreads() > 1 ? ", thread " + std::to_string(t) : "") + ")";
        root(entry ? state::localRoot(uint32_t(t), fi, k) : Root{RootKind::Local, fi, k},
             v.name + who, v.type, b.slots[k], a.slots[k]);
      }
    }
  }
  return out;
}

} // namespace chorus::exec
