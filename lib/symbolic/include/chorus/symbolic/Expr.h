// Symbolic expression nodes. Nodes are immutable, hash-consed and
// arena-allocated by an ExprFactory and live as long as the factory (never
// freed during a run): structural equality is pointer equality and hash() is
// O(1). Build nodes only through ExprFactory, whose builders canonicalize.
#pragma once

#include "chorus/symbolic/Rational.h"
#include "chorus/symbolic/Type.h"

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>

namespace chorus::sym {

/// Operations of Kind::BitOp.
enum class BitOpKind : uint8_t { And, Or, Xor, Shl, Shr };

enum class Kind : uint8_t {
  // ---- leaves
  BoolConst, // aux(): 0 or 1
  NumConst,  // value(): Int, Real or Char value
  RefConst,  // aux(): opaque reference id (type is a Ref type)
  Symbol,    // symbolic constant: name() + type(); same name and type => same node
  BoundVar,  // variable bound by Forall/Exists/Lambda
  // ---- arithmetic, canonical polynomial form (see ExprFactory.h)
  Add,       // [c0] t1 ... tn: constant first (if non-zero), terms sorted by monomial
  Mul,       // either a term (NumConst c, monomial) or a monomial f1 * ... * fn (n >= 2)
  Pow,       // child ^ aux(), aux() >= 2
  IntDiv,    // C division (truncation toward zero)
  IntMod,    // C remainder
  BitOp,     // bit-vector operation on Int operands, see ExprFactory::bitOp;
             // aux(): BitOpKind | width << 8 | isSigned << 16
  RealDiv,   // p / q, q a non-constant polynomial with leading coefficient 1
  IntToReal, // cast int -> real (only on primitive integer expressions)
  RealToInt, // cast real -> int, truncation toward zero
  CharToInt, // character code
  IntToChar, // character with the given code
  // ---- relations (canonical atoms)
  Lt, // 0 < child
  Le, // 0 <= child
  Eq, // child0 = child1 (numeric: child0 is the polynomial, child1 is 0)
  // ---- boolean
  Not,
  And, // flattened, sorted, at least two children
  Or,  // flattened, sorted, at least two children
  Ite, // cond ? then : else
  // ---- arrays
  ArrayLit,    // elements, in order
  ArrayWrite,  // array, index, value
  ArrayRead,   // array, index
  ArrayLambda, // length, lambda (Int -> elem)
  ArrayLength, // array
  // ---- tuples / records (aux(): member index)
  TupleMake,  // members
  TupleRead,  // tuple
  TupleWrite, // tuple, value
  // ---- unions (aux(): member index)
  UnionInject,  // value
  UnionTest,    // union
  UnionExtract, // union
  // ---- functions
  Lambda, // bv1 ... bvn, body
  Apply,  // function, args...
  // ---- binders
  Forall, // bv, body
  Exists, // bv, body
  Sum,    // lo, hi, lambda: sum of lambda(i) for lo <= i < hi
};

const char* kindName(Kind k);

class Node;
using Expr = const Node*;

class Node {
public:
  Kind kind() const { return kind_; }
  Type type() const { return type_; }
  /// Creation number within the factory; used as the canonical order.
  uint32_t id() const { return id_; }
  /// Structural hash (independent of creation order and pointer values).
  size_t hash() const { return hash_; }

  uint32_t numChildren() const { return numChildren_; }
  Expr child(uint32_t i) const { return childArray()[i]; }
  std::span<const Expr> children() const { return {childArray(), numChildren_}; }

  /// Small integer payload (see Kind comments).
  uint64_t aux() const { return aux_; }
  /// NumConst: the value.
  const Rational& value() const { return *static_cast<const Rational*>(payload_); }
  /// Symbol/BoundVar: the name.
  const std::string& name() const { return *static_cast<const std::string*>(payload_); }

  /// Whether a Symbol (including function symbols) occurs in the node.
  bool hasSymbols() const { return flags_ & kFlagSymbol; }
  /// Whether a RefConst occurs in the node.
  bool hasRefs() const { return flags_ & kFlagRef; }
  /// Whether a BoundVar occurs in the node.
  bool hasBoundVars() const { return flags_ & kFlagBound; }
  /// The three flags above (kFlag* bits), set at creation from the children:
  /// walks that only look for symbols, references or bound variables skip
  /// whole subexpressions without them (e.g. a large array of constants).
  uint8_t flags() const { return flags_; }
  static constexpr uint8_t kFlagSymbol = 1, kFlagRef = 2, kFlagBound = 4;

  bool isConst() const {
    return kind_ == Kind::BoolConst || kind_ == Kind::NumConst || kind_ == Kind::RefConst;
  }
  bool isTrue() const { return kind_ == Kind::BoolConst && aux_ == 1; }
  bool isFalse() const { return kind_ == Kind::BoolConst && aux_ == 0; }
  bool isZero() const { return kind_ == Kind::NumConst && value().isZero(); }

private:
  friend struct NodeAccess;
  Node() = default;
  Kind kind_ = Kind::BoolConst;
  uint8_t flags_ = 0;
  uint32_t numChildren_ = 0;
  uint32_t id_ = 0;
  Type type_ = nullptr;
  size_t hash_ = 0;
  uint64_t aux_ = 0;
  /// NumConst: its Rational; Symbol/BoundVar: its name (56-byte nodes:
  /// the factory keeps millions of them on concrete loops).
  const void* payload_ = nullptr;
  /// The children follow the node in the factory's arena.
  const Expr* childArray() const { return reinterpret_cast<const Expr*>(this + 1); }
  mutable const void* symbols_ = nullptr; // lazily computed free-symbol set
};

/// Total order used for canonical forms (creation order within a factory).
struct ExprLess {
  bool operator()(Expr a, Expr b) const { return a->id() < b->id(); }
};
struct ExprHash {
  size_t operator()(Expr e) const { return e->hash(); }
};
using ExprMap = std::unordered_map<Expr, Expr, ExprHash>;

/// Readable infix rendering, e.g. "(1 + 2*X1 + X1^2)".
std::string toString(Expr e);
/// The same cut after about maxChars characters ("..." appended), in time
/// bounded by maxChars whatever the size of the expression's tree.
std::string toString(Expr e, size_t maxChars);

} // namespace chorus::sym
