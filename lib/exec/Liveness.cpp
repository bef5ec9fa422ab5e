// Liveness of frame slots per function over its program graph, for
// dropping dead values from canonical keys (Executor::canonical).
//
// A slot is live at a location when some path from there reads it before
// writing it as a whole. Reads: every variable in a guard, a right-hand
// side, call arguments and callee, return value, index and pointer
// subexpressions of a left-hand side, the base variable of a partial write
// (a[i] = v keeps the rest of a), the length variable of a VLA declaration.
// Whole writes: `x = e`, `x = f(...)`, `declare x`, `kill x`. Slots that are
// never dropped (pinned): variables whose address is taken (&x, an array
// decaying to a pointer: reads through pointers are invisible here),
// variables whose type contains a pointer (they may keep heap blocks
// reachable: dropping them would change leak detection), and variables
// named by any annotation (collective assertions and invariants read them
// at their own points; contracts; parallel assertions).
#include "ExecutorImpl.h"

#include <functional>
#include <set>

namespace chorus::exec {

namespace {

using model::ExprKind;

bool pointerFree(const model::Type* t, int depth = 0) {
  if (!t || depth > 16)
    return false;
  switch (t->kind) {
  case model::TypeKind::Bool:
  case model::TypeKind::Int:
  case model::TypeKind::Real:
    return true;
  case model::TypeKind::Array:
    return pointerFree(t->elem, depth + 1);
  case model::TypeKind::Struct:
  case model::TypeKind::Union:
    for (const auto& f : t->fields)
      if (!pointerFree(f.type, depth + 1))
        return false;
    return t->complete || !t->fields.empty();
  default:
    return false;
  }
}

/// Variables and names mentioned by an annotation expression.
void annotVars(const model::Expr* e, std::set<model::VarId>& ids, std::set<std::string>& names) {
  if (!e)
    return;
  if (e->var != model::kNone)
    ids.insert(e->var);
  if (!e->name.empty())
    names.insert(e->name);
  for (const model::Expr* k : e->kids)
    annotVars(k, ids, names);
}

} // namespace

void Executor::Impl::computeLiveness(const model::Program& p) {
  // variables pinned program-wide: named by an annotation
  std::set<model::VarId> annIds;
  std::set<std::string> annNames;
  for (const auto& c : p.collectives)
    annotVars(c.expr, annIds, annNames);
  for (const auto& c : p.contracts)
    for (const auto& b : c.blocks) {
      annotVars(b.comm, annIds, annNames);
      for (const auto& cl : b.clauses)
        for (const model::Expr* e : cl.exprs)
          annotVars(e, annIds, annNames);
      for (const auto& bh : b.behaviors)
        for (const auto& cl : bh.clauses)
          for (const model::Expr* e : cl.exprs)
            annotVars(e, annIds, annNames);
    }
  for (const auto& l : p.loops) {
    for (const model::Expr* e : l.invariants)
      annotVars(e, annIds, annNames);
    for (const model::Expr* e : l.assigns)
      annotVars(e, annIds, annNames);
    annotVars(l.variant, annIds, annNames);
  }
  for (const auto& pa : p.passerts)
    annotVars(pa.expr, annIds, annNames);

  dead.assign(p.funcs.size(), {});
  for (const model::Function& fn : p.funcs) {
    if (!fn.defined || fn.locs.empty())
      continue;
    const auto& slots = slotOf[fn.id];
    size_t n = slotVar[fn.id].size();
    if (n == 0)
      continue;
    std::vector<uint8_t> pinned(n, 0);
    for (size_t k = 0; k < n; ++k) {
      const model::Variable& v = p.var(slotVar[fn.id][k]);
      if (!pointerFree(v.type) || annIds.count(v.id) || annNames.count(v.name))
        pinned[k] = 1;
    }
    auto slot = [&](model::VarId v) -> int {
      auto it = slots.find(v);
      return it == slots.end() ? -1 : int(it->second);
    };
    // the length variables of the variable-length levels of type t: read
    // wherever an object of type t is (sizeof, indexing, its declaration),
    // also through pointers (`double (*u)[n]`: the first access through u
    // types a malloc'd block by n, Machine::typeHeap)
    auto lengthsOf = [&](const model::Type* t, std::vector<uint8_t>& out) {
      for (; t && (t->kind == model::TypeKind::Array || t->kind == model::TypeKind::Pointer);
           t = t->elem)
        if (t->kind == model::TypeKind::Array && t->lengthVar != model::kNone)
          if (int s = slot(t->lengthVar); s >= 0)
            out[size_t(s)] = 1;
    };
    // reads of an expression (rvalue), marking address-taken variables
    std::function<void(const model::Expr*, std::vector<uint8_t>&)> reads =
        [&](const model::Expr* e, std::vector<uint8_t>& out) {
          if (!e)
            return;
          if (e->kind == ExprKind::AddrOf ||
              (e->kind == ExprKind::Cast && e->type && e->type->kind == model::TypeKind::Pointer &&
               !e->kids.empty() && e->kids[0]->type &&
               e->kids[0]->type->kind == model::TypeKind::Array)) {
            // the base variable of &x, &x.f, &a[i], or an array decaying
            const model::Expr* b = e->kids.empty() ? nullptr : e->kids[0];
            while (b && (b->kind == ExprKind::Member || b->kind == ExprKind::Index))
              b = b->kids[0];
            if (b && b->kind == ExprKind::Var)
              if (int s = slot(b->var); s >= 0)
                pinned[size_t(s)] = 1;
          }
          if (e->kind == ExprKind::Var)
            if (int s = slot(e->var); s >= 0)
              out[size_t(s)] = 1;
          if (e->kind == ExprKind::Var)
            lengthsOf(e->type, out);
          for (const model::Expr* k : e->kids)
            reads(k, out);
        };
    // per transition: use and def sets
    struct UD {
      std::vector<uint8_t> use;
      int def = -1;
    };
    std::vector<UD> ud(fn.trans.size());
    for (size_t ti = 0; ti < fn.trans.size(); ++ti) {
      const model::Transition& t = fn.trans[ti];
      UD& u = ud[ti];
      u.use.assign(n, 0);
      reads(t.guard, u.use);
      const model::Stmt& s = t.stmt;
      reads(s.rhs, u.use);
      reads(s.callee, u.use);
      for (const model::Expr* a : s.args)
        reads(a, u.use);
      if (s.lhs) {
        if (s.lhs->kind == ExprKind::Var && slot(s.lhs->var) >= 0)
          u.def = slot(s.lhs->var);
        else
          reads(s.lhs, u.use); // a partial write reads the rest of the object
      }
      if (s.kind == model::StmtKind::Declare || s.kind == model::StmtKind::Kill) {
        u.def = slot(s.var);
        if (s.kind == model::StmtKind::Declare) {
          lengthsOf(p.var(s.var).type, u.use);
        }
      }
    }
    // backward fixpoint: live(L) = U_{t: L->L'} use(t) + (live(L') - def(t))
    std::vector<std::vector<uint8_t>> live(fn.locs.size(), std::vector<uint8_t>(n, 0));
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t li = fn.locs.size(); li-- > 0;) {
        std::vector<uint8_t>& L = live[li];
        for (model::TransId tid : fn.locs[li].out) {
          const model::Transition& t = fn.trans[tid];
          const UD& u = ud[tid];
          const std::vector<uint8_t>& out = live[t.to];
          for (size_t k = 0; k < n; ++k) {
            uint8_t v = u.use[k] | (int(k) == u.def ? 0 : out[k]);
            if (v && !L[k]) {
              L[k] = 1;
              changed = true;
            }
          }
        }
      }
    }
    auto& dl = dead[fn.id];
    dl.assign(fn.locs.size(), {});
    for (size_t li = 0; li < fn.locs.size(); ++li) {
      std::vector<uint8_t> mask(n, 0);
      bool any = false;
      for (size_t k = 0; k < n; ++k)
        if (!live[li][k] && !pinned[k]) {
          mask[k] = 1;
          any = true;
        }
      if (any)
        dl[li] = std::move(mask);
    }
    // variables read by a pending call's left-hand side (a[i] = f(...):
    // i is read when f returns, in the caller's frame)
    for (size_t ti = 0; ti < fn.trans.size(); ++ti) {
      const model::Stmt& s = fn.trans[ti].stmt;
      if (s.kind != model::StmtKind::Call || !s.lhs || s.lhs->kind == ExprKind::Var)
        continue;
      std::vector<uint8_t> use(n, 0);
      reads(s.lhs, use);
      lhsReads[s.lhs] = use;
    }
  }
}

} // namespace chorus::exec
