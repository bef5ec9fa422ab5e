#include "chorus/model/Type.h"

#include <stdexcept>

namespace chorus::model {

uint32_t Type::fieldIndex(const std::string& n) const {
  for (uint32_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == n)
      return i;
  return kNone;
}

/// C spelling of an array type: `int[3][4]` for an array of 3 `int[4]`.
static std::string arrayName(const Type* elem, const std::string& dim) {
  size_t b = elem->kind == TypeKind::Array ? elem->name.find('[') : std::string::npos;
  if (b == std::string::npos)
    return elem->name + dim;
  return elem->name.substr(0, b) + dim + elem->name.substr(b);
}

TypeTable::TypeTable() {
  Type v;
  v.kind = TypeKind::Void;
  v.name = "void";
  void_ = make(v);
  Type b;
  b.kind = TypeKind::Bool;
  b.name = "_Bool";
  b.bits = 8;
  b.size = 1;
  b.isSigned = false;
  bool_ = make(b);
  byKey_["_Bool"] = bool_;
  int_ = integer("int", 32, true);
  char_ = integer("char", 8, true, true);
  double_ = real("double", 64);
  size_ = integer("unsigned long", 64, false);
}

Type* TypeTable::make(Type t) {
  types_.push_back(std::move(t));
  return &types_.back();
}

const Type* TypeTable::integer(const std::string& name, unsigned bits, bool isSigned, bool isChar) {
  auto it = byKey_.find(name);
  if (it != byKey_.end())
    return it->second;
  Type t;
  t.kind = TypeKind::Int;
  t.name = name;
  t.bits = bits;
  t.size = bits / 8;
  t.isSigned = isSigned;
  t.isChar = isChar;
  return byKey_[name] = make(std::move(t));
}

const Type* TypeTable::bitField(const Type* declared, unsigned width) {
  std::string key = declared->name + " : " + std::to_string(width);
  bool made = !byKey_.count(key);
  const Type* t = integer(key, width, declared->isSigned);
  if (made) { // (the table owns its types: types_)
    Type* bf = const_cast<Type*>(t);
    bf->size = declared->size;
    bf->bitField = true;
  }
  return t;
}

const Type* TypeTable::enumType(const std::string& name, bool isSigned) {
  std::string key = "enum:" + name;
  auto it = byKey_.find(key);
  if (it != byKey_.end())
    return it->second;
  Type t;
  t.kind = TypeKind::Int;
  t.name = name;
  t.bits = 32;
  t.size = 4;
  t.isEnum = true;
  t.isSigned = isSigned;
  return byKey_[key] = make(std::move(t));
}

const Type* TypeTable::real(const std::string& name, unsigned bits) {
  auto it = byKey_.find(name);
  if (it != byKey_.end())
    return it->second;
  Type t;
  t.kind = TypeKind::Real;
  t.name = name;
  t.bits = bits;
  t.size = bits / 8;
  return byKey_[name] = make(std::move(t));
}

const Type* TypeTable::pointer(const Type* elem) {
  std::string key = "ptr:" + std::to_string(reinterpret_cast<uintptr_t>(elem));
  auto it = byKey_.find(key);
  if (it != byKey_.end())
    return it->second;
  Type t;
  t.kind = TypeKind::Pointer;
  t.elem = elem;
  t.size = 8;
  t.bits = 64;
  if (elem->kind == TypeKind::Function)
    t.name = elem->ret->name + " (*)(...)";
  else
    t.name = elem->name + "*";
  return byKey_[key] = make(std::move(t));
}

const Type* TypeTable::array(const Type* elem, std::optional<uint64_t> length) {
  std::string key = "arr:" + std::to_string(reinterpret_cast<uintptr_t>(elem)) + ":" +
                    (length ? std::to_string(*length) : std::string("?"));
  auto it = byKey_.find(key);
  if (it != byKey_.end())
    return it->second;
  Type t;
  t.kind = TypeKind::Array;
  t.elem = elem;
  t.length = length;
  t.size = length && elem->size ? *length * elem->size : 0;
  t.name = arrayName(elem, "[" + (length ? std::to_string(*length) : std::string()) + "]");
  return byKey_[key] = make(std::move(t));
}

const Type* TypeTable::vla(const Type* elem, VarId lengthVar) {
  Type t;
  t.kind = TypeKind::Array;
  t.elem = elem;
  t.lengthVar = lengthVar;
  t.name = arrayName(elem, "[*]");
  return make(std::move(t));
}

const Type* TypeTable::function(const Type* ret, std::vector<const Type*> params, bool variadic) {
  std::string key = "fn:" + std::to_string(reinterpret_cast<uintptr_t>(ret));
  for (auto* p : params)
    key += "," + std::to_string(reinterpret_cast<uintptr_t>(p));
  key += variadic ? ",..." : "";
  auto it = byKey_.find(key);
  if (it != byKey_.end())
    return it->second;
  Type t;
  t.kind = TypeKind::Function;
  t.ret = ret;
  t.params = std::move(params);
  t.variadic = variadic;
  t.name = ret->name + "(";
  for (size_t i = 0; i < t.params.size(); ++i)
    t.name += (i ? ", " : "") + t.params[i]->name;
  if (variadic)
    t.name += t.params.empty() ? "..." : ", ...";
  t.name += ")";
  return byKey_[key] = make(std::move(t));
}

Type* TypeTable::record(TypeKind kind, const std::string& tag) {
  if (kind != TypeKind::Struct && kind != TypeKind::Union)
    throw std::logic_error("TypeTable::record: not a record kind");
  std::string prefix = kind == TypeKind::Struct ? "struct " : "union ";
  if (!tag.empty()) {
    auto it = byKey_.find(prefix + tag);
    if (it != byKey_.end())
      return const_cast<Type*>(it->second);
  }
  Type t;
  t.kind = kind;
  t.tag = tag;
  t.name = prefix + (tag.empty() ? "<anonymous>" : tag);
  Type* r = make(std::move(t));
  if (!tag.empty())
    byKey_[prefix + tag] = r;
  return r;
}

void TypeTable::complete(Type* record, std::vector<Field> fields, uint64_t size) {
  record->fields = std::move(fields);
  record->size = size;
  record->complete = true;
}

} // namespace chorus::model
