#include "chorus/state/Values.h"

#include <stdexcept>

namespace chorus::state {

using model::TypeKind;

uint64_t encodeRoot(Root r) {
  return (uint64_t(r.kind) << 56) | (uint64_t(r.a & 0xfffffff) << 28) | uint64_t(r.b & 0xfffffff);
}

Root decodeRoot(uint64_t id) {
  Root r;
  r.kind = RootKind(id >> 56);
  r.a = uint32_t((id >> 28) & 0xfffffff);
  r.b = uint32_t(id & 0xfffffff);
  return r;
}

std::optional<Root> addressRoot(int64_t v) {
  uint64_t mag = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
  if (v == 0 || mag >> 55)
    return std::nullopt;
  Root r;
  r.kind = RootKind::Address;
  r.a = uint32_t((mag >> 28) | (v < 0 ? 1u << 27 : 0u));
  r.b = uint32_t(mag & 0xfffffff);
  return r;
}

int64_t addressOf(Root r) {
  int64_t mag = int64_t((uint64_t(r.a & 0x7ffffff) << 28) | r.b);
  return (r.a >> 27) & 1 ? -mag : mag;
}

Values::Values(const model::Program& p, sym::ExprFactory& f) : p_(p), f_(f) {
  ref_ = f_.refType("obj");
  path_ = f_.arrayType(f_.intType());
  sym::Type ms[2] = {ref_, path_};
  ptr_ = f_.tupleType(ms, "ptr");
}

sym::Type Values::symType(const model::Type* t) {
  auto it = types_.find(t);
  if (it != types_.end())
    return it->second;
  sym::Type r = nullptr;
  switch (t->kind) {
  case TypeKind::Void:
  case TypeKind::Bool:
  case TypeKind::Int:
  case TypeKind::Function:
    r = f_.intType();
    break;
  case TypeKind::Real:
    r = f_.realType();
    break;
  case TypeKind::Pointer:
    r = ptr_;
    break;
  case TypeKind::Array:
    r = f_.arrayType(symType(t->elem), t->length);
    break;
  case TypeKind::Struct:
  case TypeKind::Union: {
    std::vector<sym::Type> ms;
    for (const auto& fl : t->fields)
      ms.push_back(symType(fl.type));
    r = f_.tupleType(ms, t->name);
    break;
  }
  }
  types_[t] = r;
  return r;
}

Expr Values::undefScalar(sym::Type t) {
  auto it = undefs_.find(t);
  if (it != undefs_.end())
    return it->second;
  sym::Type ps[1] = {f_.intType()};
  Expr fn = f_.symbol("$undef", f_.functionType(ps, t));
  undefFns_.insert(fn);
  Expr args[1] = {f_.intConst(0)};
  Expr u = f_.apply(fn, args);
  undefs_[t] = u;
  return u;
}

bool Values::isUndef(Expr e) const {
  return e->kind() == sym::Kind::Apply && undefFns_.count(e->child(0));
}

bool Values::containsUndef(Expr e) {
  if (isUndef(e))
    return true;
  if (e->numChildren() == 0)
    return false;
  auto it = containsUndef_.find(e);
  if (it != containsUndef_.end())
    return it->second;
  bool r = false;
  for (Expr c : e->children())
    if (containsUndef(c)) {
      r = true;
      break;
    }
  containsUndef_[e] = r;
  return r;
}

namespace {
constexpr uint64_t kMaxLiteralArray = 4096;
}

Expr Values::filled(const model::Type* t, sym::Type at, Expr e, Expr length) {
  Expr len = length ? length : (t->length ? f_.intConst(int64_t(*t->length)) : nullptr);
  if (!len)
    throw std::runtime_error("array of unknown length: " + t->name);
  if (len->kind() == sym::Kind::NumConst && len->value() <= int64_t(kMaxLiteralArray) &&
      len->value().sign() >= 0) {
    std::vector<Expr> els(size_t(*len->value().toInt64()), e);
    return f_.arrayLit(at, els);
  }
  Expr bv = f_.boundVar("i", f_.intType());
  Expr bvs[1] = {bv};
  return f_.arrayLambda(at, len, f_.lambda(bvs, e));
}

Expr Values::undef(const model::Type* t, std::span<const Expr> lengths) {
  switch (t->kind) {
  case TypeKind::Array: {
    sym::Type at = symType(t);
    // a variable-length level consumes one entry of `lengths`
    bool variable = !t->length && !lengths.empty();
    Expr length = variable ? lengths.front() : nullptr;
    Expr e = undef(t->elem, variable ? lengths.subspan(1) : lengths);
    if (t->length && *t->length <= kMaxLiteralArray) {
      std::vector<Expr> els(*t->length, e);
      return f_.arrayLit(at, els);
    }
    return filled(t, at, e, length);
  }
  case TypeKind::Struct:
  case TypeKind::Union: {
    // a flexible array member consumes the remaining `lengths`
    const model::Field* fam = lengths.empty() ? nullptr : t->flexibleMember();
    std::vector<Expr> ms;
    for (const auto& fl : t->fields)
      ms.push_back(&fl == fam ? undef(fl.type, lengths) : undef(fl.type));
    return f_.tuple(symType(t), ms);
  }
  default:
    return undefScalar(symType(t));
  }
}

Expr Values::zero(const model::Type* t, std::span<const Expr> lengths) {
  switch (t->kind) {
  case TypeKind::Array: {
    sym::Type at = symType(t);
    bool variable = !t->length && !lengths.empty();
    Expr e = zero(t->elem, variable ? lengths.subspan(1) : lengths);
    return filled(t, at, e, variable ? lengths.front() : nullptr);
  }
  case TypeKind::Struct:
  case TypeKind::Union: {
    const model::Field* fam = lengths.empty() ? nullptr : t->flexibleMember();
    std::vector<Expr> ms;
    for (const auto& fl : t->fields)
      ms.push_back(&fl == fam ? zero(fl.type, lengths) : zero(fl.type));
    return f_.tuple(symType(t), ms);
  }
  case TypeKind::Real:
    return f_.realConst(0);
  case TypeKind::Pointer:
    return nullPointer();
  default:
    return f_.intConst(0);
  }
}

Expr Values::makePointer(Root r, const std::vector<Expr>& path) {
  Expr ms[2] = {f_.refConst(ref_, encodeRoot(r)), f_.arrayLit(path_, path)};
  return f_.tuple(ptr_, ms);
}

Expr Values::nullPointer() {
  return makePointer(Root{}, {});
}

bool Values::isPointer(Expr e) const {
  return e->kind() == sym::Kind::TupleMake && e->type() == ptr_ &&
         e->child(0)->kind() == sym::Kind::RefConst && e->child(1)->kind() == sym::Kind::ArrayLit;
}

std::optional<Pointer> Values::decodePointer(Expr e) const {
  if (!isPointer(e))
    return std::nullopt;
  Pointer p;
  p.root = decodeRoot(e->child(0)->aux());
  for (Expr s : e->child(1)->children())
    p.path.push_back(s);
  return p;
}

} // namespace chorus::state
