// Types of symbolic expressions. Types are immutable and hash-consed by the
// ExprFactory that created them: equal types are the same pointer.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace chorus::sym {

enum class TypeKind : uint8_t {
  Bool,
  Int,      // mathematical integer
  Real,     // mathematical real
  Char,     // character (a code point; converted to/from Int explicitly)
  Array,    // element type, concrete extent optional (symbolic length lives on values)
  Tuple,    // records are tuples whose members are accessed by index
  Union,    // one of the member types, with a tag
  Function, // uninterpreted functions and lambdas
  Ref,      // opaque reference (pointers); the state layer gives it meaning
};

class TypeNode;
using Type = const TypeNode*;

class TypeNode {
public:
  TypeKind kind() const { return kind_; }
  bool isBool() const { return kind_ == TypeKind::Bool; }
  bool isInt() const { return kind_ == TypeKind::Int; }
  bool isReal() const { return kind_ == TypeKind::Real; }
  bool isNumeric() const { return kind_ == TypeKind::Int || kind_ == TypeKind::Real; }
  bool isArray() const { return kind_ == TypeKind::Array; }
  bool isTuple() const { return kind_ == TypeKind::Tuple; }
  bool isUnion() const { return kind_ == TypeKind::Union; }
  bool isFunction() const { return kind_ == TypeKind::Function; }

  /// Array: element type. Function: result type.
  Type element() const { return elem_; }
  Type result() const { return elem_; }
  /// Array: concrete number of elements, if known from the type.
  std::optional<uint64_t> extent() const {
    return hasExtent_ ? std::optional<uint64_t>(extent_) : std::nullopt;
  }
  /// Tuple/Union: member types. Function: parameter types.
  std::span<const Type> members() const { return {members_, numMembers_}; }
  /// Ref/Tuple/Union: optional name ("" if none).
  const std::string& name() const { return *name_; }
  /// Creation number within the factory.
  uint32_t id() const { return id_; }
  /// Structural hash (independent of creation order).
  size_t hash() const { return hash_; }
  std::string toString() const;

private:
  friend class ExprFactory;
  friend struct TypeTableAccess;
  TypeNode() = default;
  TypeKind kind_ = TypeKind::Bool;
  bool hasExtent_ = false;
  uint32_t id_ = 0;
  uint32_t numMembers_ = 0;
  uint64_t extent_ = 0;
  Type elem_ = nullptr;
  const Type* members_ = nullptr;
  const std::string* name_ = nullptr;
  size_t hash_ = 0;
};

} // namespace chorus::sym
