// Loop-invariant symbolic execution (seed 004 §2.3-2.4), the engine's part:
// which places a move of a process wrote (the write sets of the loop records
// grow by them), and the havoc of a write set at a loop head (fresh symbols
// for the values, with the relation to the old ones). The records, the queue
// and the checks are lib/check/LiseMonitor.
#include "ExecutorImpl.h"
#include "Machine.h"

namespace chorus::exec {

using model::TypeKind;

namespace {

constexpr uint64_t kGlobal = 0, kLocal = 1, kHeap = 2;

uint64_t enc(uint64_t kind, uint64_t a, uint64_t b = 0) {
  return kind << 60 | a << 24 | b;
}
uint64_t kindOf(uint64_t w) {
  return w >> 60;
}
uint64_t aOf(uint64_t w) {
  return (w >> 24) & ((uint64_t(1) << 36) - 1);
}
uint64_t bOf(uint64_t w) {
  return w & ((uint64_t(1) << 24) - 1);
}

bool holdsPointer(const model::Type* t) {
  if (!t)
    return true;
  switch (t->kind) {
  case TypeKind::Pointer:
    return true;
  case TypeKind::Array:
    return holdsPointer(t->elem);
  case TypeKind::Struct:
  case TypeKind::Union:
    for (const model::Field& fl : t->fields)
      if (holdsPointer(fl.type))
        return true;
    return false;
  default:
    return false;
  }
}

bool variableLength(const model::Type* t) {
  for (; t && t->kind == TypeKind::Array; t = t->elem)
    if (t->lengthVar != model::kNone || !t->length)
      return true;
  return false;
}

} // namespace

bool Executor::isLiseSymbol(Expr e) {
  return e->kind() == sym::Kind::Symbol && e->name().rfind("lise.Y", 0) == 0;
}

std::vector<uint64_t> Executor::writtenPlaces(const ProcState& a, const ProcState& b,
                                              size_t frames) const {
  std::vector<uint64_t> out;
  for (size_t i = 0; i < a.globals.size() && i < b.globals.size(); ++i)
    if ((a.globals[i] != b.globals[i] && b.globals[i]) ||
        (a.packedAt(i) != b.packedAt(i) && b.packedAt(i))) // (a packed copy: maybe written)
      out.push_back(enc(kGlobal, i));
  for (size_t fi = 0; fi < frames && fi < a.stack.size() && fi < b.stack.size(); ++fi) {
    const state::Frame &fa = a.stack[fi], &fb = b.stack[fi];
    if (fa.func != fb.func)
      break;
    const auto& vars = impl_->slotVar[fa.func];
    for (size_t k = 0; k < fa.slots.size() && k < fb.slots.size(); ++k)
      if (fa.slots[k] != fb.slots[k] && fb.slots[k] && fa.slots[k] &&
          !(k < vars.size() && prog_.var(vars[k]).loopExitSelector)) // concrete at the head
        out.push_back(enc(kLocal, fi, k));
  }
  for (size_t h = 0; h < b.heap.size(); ++h)
    if (h >= a.heap.size() || a.heap[h].value != b.heap[h].value)
      out.push_back(enc(kHeap, h));
  std::sort(out.begin(), out.end());
  return out;
}

std::string Executor::placeName(const ProcState& ps, uint64_t w) const {
  switch (kindOf(w)) {
  case kGlobal:
    return aOf(w) < prog_.globals.size() ? prog_.var(prog_.globals[aOf(w)]).name : "a global";
  case kLocal:
    if (aOf(w) < ps.stack.size()) {
      const auto& vars = impl_->slotVar[ps.stack[aOf(w)].func];
      if (bOf(w) < vars.size())
        return prog_.var(vars[bOf(w)]).name;
    }
    return "a local variable";
  default:
    return "heap object " + std::to_string(aOf(w));
  }
}

Expr Executor::vlaLength(const ProcState& ps, uint64_t w, const model::Type* t) const {
  if (!t || t->kind != TypeKind::Array || t->lengthVar == model::kNone)
    return nullptr;
  model::VarId lv = t->lengthVar;
  if (kindOf(w) == kLocal && aOf(w) < ps.stack.size()) {
    const state::Frame& fr = ps.stack[aOf(w)];
    auto it = impl_->slotOf[fr.func].find(lv);
    if (it != impl_->slotOf[fr.func].end() && it->second < fr.slots.size())
      return fr.slots[it->second];
  }
  auto g = impl_->globalIndex.find(lv);
  if (g != impl_->globalIndex.end() && g->second < ps.globals.size())
    return ps.globalValue(g->second, f_);
  return nullptr;
}

std::vector<Expr> Executor::vlaLengths(const ProcState& ps, uint64_t w,
                                       const model::Type* t) const {
  std::vector<Expr> lens;
  for (; t && t->kind == TypeKind::Array; t = t->elem) {
    if (t->lengthVar == model::kNone) {
      if (!t->length)
        return {};
      continue;
    }
    Expr len = vlaLength(ps, w, t);
    if (!len)
      return {};
    lens.push_back(len);
  }
  return lens;
}

const ProcState* Executor::liseHavoc(const ProcState& ps, const std::vector<uint64_t>& W,
                                     uint32_t& fresh, std::vector<Expr>& relation,
                                     std::vector<Expr>& facts) {
  ProcState q = ps;
  bool changed = false;
  for (uint64_t w : W) {
    Expr* slot = nullptr;
    const model::Type* t = nullptr;
    switch (kindOf(w)) {
    case kGlobal:
      if (aOf(w) < q.globals.size() && aOf(w) < prog_.globals.size()) {
        if (q.packedAt(aOf(w))) // havocked: as an expression
          q.setGlobal(aOf(w), q.globalValue(aOf(w), f_));
        slot = &q.globals[aOf(w)];
        t = prog_.var(prog_.globals[aOf(w)]).type;
      }
      break;
    case kLocal:
      if (aOf(w) < q.stack.size()) {
        state::Frame& fr = q.stack[aOf(w)];
        const auto& vars = impl_->slotVar[fr.func];
        if (bOf(w) < fr.slots.size() && bOf(w) < vars.size()) {
          slot = &fr.slots[bOf(w)];
          t = prog_.var(vars[bOf(w)]).type;
        }
      }
      break;
    default:
      if (aOf(w) < q.heap.size() && q.heap[aOf(w)].value) {
        slot = &q.heap[aOf(w)].value;
        const model::Type* et = q.heap[aOf(w)].elem;
        if (holdsPointer(et))
          throw Unsupported("LISE: the loop body writes a heap object holding pointers");
        // the block: an array of its element type, of its current length
        Expr old = *slot;
        Expr y = f_.symbol("lise.Y" + std::to_string(fresh++), old->type());
        relation.push_back(f_.eq(y, old));
        *slot = y;
        changed = true;
        continue;
      }
      break;
    }
    if (!slot || !*slot)
      continue; // not live here (declared in the body, or dead)
    if (holdsPointer(t))
      throw Unsupported("LISE: the loop body writes '" + placeName(ps, w) +
                        "', which holds a pointer (only values without pointers are havocked)");
    Expr old = *slot;
    if (variableLength(t)) {
      // A variable-length array (`double u[n]`): a fresh array of the same
      // length, the length read from the VLA's length variable (fixed at
      // its declaration, so free of fresh symbols: the fact survives the
      // relation). Its elements must have a fixed size.
      if (variableLength(t->elem)) {
        // `double c[N][N]`: a fresh array shaped as rows of the lengths of
        // its levels (read from their length variables, free of fresh
        // symbols as above)
        std::vector<Expr> lens = vlaLengths(q, w, t);
        if (lens.empty())
          throw Unsupported("LISE: the loop body writes the multi-dimensional variable-length "
                            "array '" +
                            placeName(ps, w) + "' whose lengths are not known here");
        for (Expr len : lens)
          for (Expr y : f_.freeSymbols(len))
            if (isLiseSymbol(y))
              throw Unsupported("LISE: a length of the variable-length array '" + placeName(ps, w) +
                                "' changes in the loop");
        Expr y = f_.symbol("lise.Y" + std::to_string(fresh++), old->type());
        Expr shaped = shapedArray(y, t, lens);
        relation.push_back(f_.eq(shaped, old));
        *slot = shaped;
        changed = true;
        continue;
      }
      Expr len = vlaLength(q, w, t);
      if (!len)
        len = f_.arrayLength(old);
      for (Expr y : f_.freeSymbols(len))
        if (isLiseSymbol(y))
          throw Unsupported("LISE: the length of the variable-length array '" + placeName(ps, w) +
                            "' changes in the loop");
      Expr y = f_.symbol("lise.Y" + std::to_string(fresh++), old->type());
      relation.push_back(f_.eq(y, old));
      facts.push_back(f_.eq(f_.arrayLength(y), len));
      *slot = y;
      changed = true;
      continue;
    }
    Expr y = f_.symbol("lise.Y" + std::to_string(fresh++), values_.symType(t));
    relation.push_back(f_.eq(y, old));
    if (t->kind == TypeKind::Int && t->bits >= 1 && t->bits <= 128) {
      auto [lo, hi] = Machine::intRange(t);
      facts.push_back(f_.le(f_.intConst(lo), y));
      facts.push_back(f_.le(y, f_.intConst(hi)));
    } else if (t->kind == TypeKind::Bool) {
      facts.push_back(f_.le(f_.intConst(0), y));
      facts.push_back(f_.le(y, f_.intConst(1)));
    }
    *slot = y;
    changed = true;
  }
  if (!changed)
    return nullptr;
  return interner_.intern(std::move(q));
}

std::vector<Expr> Executor::liveLiseSymbols(const GlobalState& s) {
  std::vector<Expr> out;
  auto add = [&](Expr e) {
    if (e)
      for (Expr y : f_.freeSymbols(e))
        if (isLiseSymbol(y))
          out.push_back(y);
  };
  std::vector<const ProcState*> seen;
  auto proc = [&](const ProcState* ps) {
    if (!ps || std::find(seen.begin(), seen.end(), ps) != seen.end())
      return;
    seen.push_back(ps);
    for (Expr e : ps->globals)
      add(e);
    for (const state::Frame& fr : ps->stack)
      for (Expr e : fr.slots)
        add(e);
    for (const state::HeapObj& o : ps->heap)
      add(o.value);
    for (Expr e : ps->mpiObj)
      add(e);
    for (Expr e : ps->libObj)
      add(e);
  };
  for (const ProcState* ps : s.procs)
    proc(ps);
  for (const state::Message& m : s.msgs) {
    add(m.data);
    add(m.tag);
    add(m.count);
  }
  for (Expr e : s.coll.contrib)
    add(e);
  for (const auto* rs : {&s.liseQueue, &s.liseStack})
    for (const state::LiseRecord& r : *rs) {
      for (const ProcState* ps : r.snaps)
        proc(ps);
      add(r.ppc);
      add(r.relation);
    }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

} // namespace chorus::exec
