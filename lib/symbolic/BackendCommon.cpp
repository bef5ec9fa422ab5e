// Translation helpers shared by the Z3 and cvc5 backends.
#include "Backend.h"

#include <algorithm>
#include <unordered_set>

namespace chorus::sym {

bool containsArray(Type t) {
  switch (t->kind()) {
  case TypeKind::Array:
    return true;
  case TypeKind::Tuple:
  case TypeKind::Union:
    return std::any_of(t->members().begin(), t->members().end(),
                       [](Type m) { return containsArray(m); });
  default:
    return false;
  }
}

Expr structuralEq(ExprFactory& f, Expr a, Expr b) {
  Type t = a->type();
  if (!containsArray(t))
    return nullptr;
  switch (t->kind()) {
  case TypeKind::Array: {
    Expr la = f.arrayLength(a), lb = f.arrayLength(b);
    Expr k =
        f.boundVar("aeq!" + std::to_string(a->id()) + "_" + std::to_string(b->id()), f.intType());
    Expr elems = f.forallRange(k, f.intConst(0), la, f.eq(f.arrayRead(a, k), f.arrayRead(b, k)));
    return f.logicalAnd(f.eq(la, lb), elems);
  }
  case TypeKind::Tuple: {
    std::vector<Expr> cs;
    for (uint32_t i = 0; i < t->members().size(); ++i)
      cs.push_back(f.eq(f.tupleRead(a, i), f.tupleRead(b, i)));
    return f.logicalAnd(cs);
  }
  case TypeKind::Union: {
    std::vector<Expr> ds;
    for (uint32_t i = 0; i < t->members().size(); ++i) {
      Expr both[3] = {f.unionTest(a, i), f.unionTest(b, i),
                      f.eq(f.unionExtract(a, i), f.unionExtract(b, i))};
      ds.push_back(f.logicalAnd(both));
    }
    return f.logicalOr(ds);
  }
  default:
    return nullptr;
  }
}

namespace {
void collectFree(Expr e, std::vector<Expr>& scope, size_t baseScope,
                 std::unordered_set<Expr>& seenAtBase, std::vector<Expr>& out) {
  if (e->kind() == Kind::BoundVar) {
    if (std::find(scope.begin(), scope.end(), e) == scope.end() &&
        std::find(out.begin(), out.end(), e) == out.end())
      out.push_back(e);
    return;
  }
  if (e->numChildren() == 0)
    return;
  if (scope.size() == baseScope && !seenAtBase.insert(e).second)
    return;
  size_t bound = 0;
  if (e->kind() == Kind::Forall || e->kind() == Kind::Exists)
    bound = 1;
  else if (e->kind() == Kind::Lambda)
    bound = e->numChildren() - 1;
  for (size_t i = 0; i < bound; ++i)
    scope.push_back(e->child(uint32_t(i)));
  for (uint32_t i = uint32_t(bound); i < e->numChildren(); ++i)
    collectFree(e->child(i), scope, baseScope, seenAtBase, out);
  scope.resize(scope.size() - bound);
}
} // namespace

std::vector<Expr> freeBoundVars(Expr e) {
  std::vector<Expr> scope, out;
  std::unordered_set<Expr> seen;
  collectFree(e, scope, 0, seen, out);
  return out;
}

} // namespace chorus::sym
