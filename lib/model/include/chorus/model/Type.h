// C types as the model sees them. Types are interned by TypeTable and compared
// by pointer.
#pragma once

#include "chorus/model/Ids.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace chorus::model {

struct Expr;

enum class TypeKind {
  Void,
  Bool,     // _Bool
  Int,      // char, short, int, long, long long, signed/unsigned, enums
  Real,     // float, double, long double: mathematical reals
  Pointer,  // to `elem`
  Array,    // of `elem`; fixed `length` or variable (`lengthVar`)
  Struct,   // `fields`
  Union,    // `fields`
  Function, // `ret`, `params`, `variadic`
};

struct Field {
  std::string name;
  const struct Type* type = nullptr;
  /// Byte offset in the record as C's offsetof on x86-64; -1 when not known
  /// (records the model makes itself).
  int64_t offset = -1;
};

struct Type {
  TypeKind kind = TypeKind::Void;
  /// C spelling, e.g. "unsigned long", "struct point", "double[4]".
  std::string name;

  // Int / Real
  bool isSigned = true;
  bool isChar = false;
  bool isEnum = false;
  unsigned bits = 0; ///< width in bits of the C type (for sizeof, ranges)
  /// A bit-field member's type (`unsigned a : 3`): an integer type of that
  /// width (values wrap to it as gcc does); `size` is its declared type's.
  bool bitField = false;

  // Pointer / Array: element type
  const Type* elem = nullptr;
  // Array: exactly one of `length` (fixed) or `lengthVar` (VLA: a variable,
  // assigned before the declaration, that holds the number of elements) or
  // neither (incomplete array, e.g. `int a[]` parameter or extern).
  std::optional<uint64_t> length;
  VarId lengthVar = kNone;

  // Struct / Union
  std::string tag;
  std::vector<Field> fields;
  bool complete = false;

  // Function
  const Type* ret = nullptr;
  std::vector<const Type*> params;
  bool variadic = false;

  /// Size in bytes as C's sizeof on x86-64, 0 when not a compile-time constant.
  uint64_t size = 0;

  bool isScalar() const {
    return kind == TypeKind::Bool || kind == TypeKind::Int || kind == TypeKind::Real ||
           kind == TypeKind::Pointer;
  }
  bool isArithmetic() const {
    return kind == TypeKind::Bool || kind == TypeKind::Int || kind == TypeKind::Real;
  }
  bool isRecord() const { return kind == TypeKind::Struct || kind == TypeKind::Union; }
  /// The flexible array member of a structure (its last member, an array of
  /// unspecified length: `double v[];`), or null.
  const Field* flexibleMember() const {
    if (kind != TypeKind::Struct || fields.empty())
      return nullptr;
    const Field& l = fields.back();
    return l.type && l.type->kind == TypeKind::Array && !l.type->length &&
                   l.type->lengthVar == kNone
               ? &l
               : nullptr;
  }
  /// Index of the field named `n`, or kNone.
  uint32_t fieldIndex(const std::string& n) const;
};

/// Owns and interns all types of a program.
class TypeTable {
public:
  TypeTable();
  const Type* voidType() const { return void_; }
  const Type* boolType() const { return bool_; }
  const Type* intType() const { return int_; }
  const Type* charType() const { return char_; }
  const Type* doubleType() const { return double_; }
  const Type* sizeType() const { return size_; }

  const Type* integer(const std::string& name, unsigned bits, bool isSigned, bool isChar = false);
  const Type* real(const std::string& name, unsigned bits);
  const Type* pointer(const Type* elem);
  const Type* array(const Type* elem, std::optional<uint64_t> length);
  /// Variable-length array; every VLA type is distinct.
  const Type* vla(const Type* elem, VarId lengthVar);
  const Type* function(const Type* ret, std::vector<const Type*> params, bool variadic);
  /// Creates (or finds, by tag, when `tag` is non-empty) a record type; fill it
  /// with complete() once its fields are known (recursive types need this).
  Type* record(TypeKind kind, const std::string& tag);
  void complete(Type* record, std::vector<Field> fields, uint64_t size);
  /// An enum type: an integer type with its own name, 32 bits, signed or
  /// unsigned as its compatible integer type (gcc: unsigned int when no
  /// enumerator is negative).
  const Type* enumType(const std::string& name, bool isSigned = true);
  /// The type of a bit-field of `width` bits declared with integer type
  /// `declared` (named e.g. "unsigned int : 3").
  const Type* bitField(const Type* declared, unsigned width);

  const std::deque<Type>& all() const { return types_; }

private:
  Type* make(Type t);
  std::deque<Type> types_;
  std::map<std::string, const Type*> byKey_;
  const Type *void_, *bool_, *int_, *char_, *double_, *size_;
};

} // namespace chorus::model
