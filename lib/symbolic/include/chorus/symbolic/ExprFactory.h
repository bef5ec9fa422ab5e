// ExprFactory: owns all types and expression nodes (arena, never freed until
// the factory dies) and builds them in canonical form, so that equivalent
// expressions are the same pointer as often as cheaply possible:
//  - numeric expressions are polynomials: Add(c0, c1*m1, ...) with monomials
//    m = f1^e1 * ... sorted in creation order of their primitive factors;
//    constants are exact rationals (no overflow);
//  - real expressions are quotients p/q of polynomials (RealDiv), q monic;
//  - atoms are 0 < p, 0 <= p, p = 0 (integer atoms: only 0 <= p and p = 0,
//    coefficients divided by their gcd, constant tightened);
//  - And/Or flattened, sorted, deduplicated; Not pushed into atoms;
//  - reads over writes/literals/lambdas resolved when indices are decidable;
//  - quantifiers and sums over small concrete ranges expanded.
// Not thread-safe; one factory per verification run (no globals).
#pragma once

#include "chorus/symbolic/Expr.h"

#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace chorus::sym {

struct FactoryOptions {
  /// forallRange/existsRange/sum over concrete ranges up to this size are expanded.
  uint64_t expandLimit = 64;
};

/// Result of ExprFactory::canonicalRename.
struct Renaming {
  std::vector<Expr> exprs;                    // renamed expressions, same order as input
  std::vector<std::pair<Expr, Expr>> mapping; // (old symbol, new symbol), order of first occurrence
};

class ExprFactory {
public:
  explicit ExprFactory(FactoryOptions opts = {});
  ~ExprFactory();
  ExprFactory(const ExprFactory&) = delete;
  ExprFactory& operator=(const ExprFactory&) = delete;

  // ---------------------------------------------------------------- types
  Type boolType() const { return bool_; }
  Type intType() const { return int_; }
  Type realType() const { return real_; }
  Type charType() const { return char_; }
  Type arrayType(Type elem, std::optional<uint64_t> extent = std::nullopt);
  Type tupleType(std::span<const Type> members, std::string_view name = {});
  Type unionType(std::span<const Type> members, std::string_view name = {});
  Type functionType(std::span<const Type> params, Type result);
  Type refType(std::string_view name);

  // ---------------------------------------------------------------- leaves
  Expr trueExpr() const { return true_; }
  Expr falseExpr() const { return false_; }
  Expr boolConst(bool b) const { return b ? true_ : false_; }
  Expr intConst(const Rational& v); // v must be an integer
  Expr realConst(const Rational& v);
  Expr charConst(int64_t code);
  Expr numConst(Type t, const Rational& v); // Int, Real or Char
  Expr refConst(Type refType, uint64_t id);
  /// Symbolic constant; the same (name, type) always gives the same node.
  Expr symbol(std::string_view name, Type t);
  /// Bound variable for quantifiers, lambdas and sums.
  Expr boundVar(std::string_view name, Type t);

  // ------------------------------------------------------------ arithmetic
  // Operands must have the same numeric type (Int or Real).
  Expr add(Expr a, Expr b);
  Expr add(std::span<const Expr> xs);
  Expr sub(Expr a, Expr b);
  Expr neg(Expr a);
  Expr mul(Expr a, Expr b);
  Expr mul(std::span<const Expr> xs);
  Expr pow(Expr a, uint32_t k);
  /// Int: C division (truncation toward zero). Real: exact division.
  Expr div(Expr a, Expr b);
  /// Int only: C remainder (sign of the dividend).
  Expr mod(Expr a, Expr b);
  /// Int only: a C bitwise operator or shift on `width`-bit two's-complement
  /// patterns (1 <= width <= 128): a and b are reduced modulo 2^width, the
  /// operation applied, and the result pattern read as a signed or unsigned
  /// integer of that width. Shl/Shr: b is the count, in 0 .. width-1 (the
  /// caller checks it); Shr is arithmetic when isSigned, logical otherwise.
  /// Constants are folded; the provers translate it through their
  /// bit-vector theory (int2bv / bv2int).
  Expr bitOp(BitOpKind op, unsigned width, bool isSigned, Expr a, Expr b);
  static BitOpKind bitOpKind(Expr e) { return BitOpKind(e->aux() & 0xff); }
  static unsigned bitOpWidth(Expr e) { return unsigned((e->aux() >> 8) & 0xff); }
  static bool bitOpSigned(Expr e) { return ((e->aux() >> 16) & 1) != 0; }
  Expr intToReal(Expr a);
  Expr realToInt(Expr a); // truncation toward zero
  Expr charToInt(Expr a);
  Expr intToChar(Expr a);

  // ------------------------------------------------------------- relations
  Expr lt(Expr a, Expr b);
  Expr le(Expr a, Expr b);
  Expr gt(Expr a, Expr b) { return lt(b, a); }
  Expr ge(Expr a, Expr b) { return le(b, a); }
  /// Equality of any two values of the same type.
  Expr eq(Expr a, Expr b);
  Expr neq(Expr a, Expr b) { return logicalNot(eq(a, b)); }

  // --------------------------------------------------------------- boolean
  Expr logicalNot(Expr a);
  Expr logicalAnd(Expr a, Expr b);
  Expr logicalAnd(std::span<const Expr> xs);
  Expr logicalOr(Expr a, Expr b);
  Expr logicalOr(std::span<const Expr> xs);
  Expr implies(Expr a, Expr b);
  Expr ite(Expr c, Expr a, Expr b);

  // ---------------------------------------------------------------- arrays
  Expr arrayLit(Type arrayType, std::span<const Expr> elems);
  Expr arrayWrite(Expr a, Expr index, Expr value);
  Expr arrayRead(Expr a, Expr index);
  /// Array of the given length whose element i is lambda(i).
  Expr arrayLambda(Type arrayType, Expr length, Expr lambda);
  Expr arrayLength(Expr a);

  // ---------------------------------------------------------------- tuples
  Expr tuple(Type tupleType, std::span<const Expr> members);
  Expr tupleRead(Expr t, uint32_t index);
  Expr tupleWrite(Expr t, uint32_t index, Expr value);

  // ---------------------------------------------------------------- unions
  Expr unionInject(Type unionType, uint32_t index, Expr value);
  Expr unionTest(Expr u, uint32_t index);    // Bool: is u of member `index`?
  Expr unionExtract(Expr u, uint32_t index); // the member value

  // ------------------------------------------------------------- functions
  Expr lambda(std::span<const Expr> boundVars, Expr body);
  /// Application of an uninterpreted function symbol or of a lambda (beta-reduced).
  Expr apply(Expr f, std::span<const Expr> args);

  // ----------------------------------------------------- binders and sums
  Expr forall(Expr bv, Expr body);
  Expr exists(Expr bv, Expr body);
  /// forall bv. lo <= bv < hi => body (expanded when the range is concrete and small).
  Expr forallRange(Expr bv, Expr lo, Expr hi, Expr body);
  /// exists bv. lo <= bv < hi && body (expanded when concrete and small).
  Expr existsRange(Expr bv, Expr lo, Expr hi, Expr body);
  /// sum of f(i) for lo <= i < hi; f is a unary lambda over Int.
  Expr sum(Expr lo, Expr hi, Expr f);

  // ------------------------------------------------------------- rewriting
  /// Simultaneous substitution of free occurrences (keys: symbols or any sub-expression).
  Expr substitute(Expr e, const ExprMap& map);
  /// Same operator as e over new children, re-canonicalized.
  Expr rebuild(Expr e, std::span<const Expr> children);
  /// Renames the Symbols (not function-typed ones) occurring in exprs, in order of first
  /// occurrence (depth-first, left to right), to prefix0, prefix1, ...
  Renaming canonicalRename(std::span<const Expr> exprs, std::string_view prefix = "X");
  /// Free symbols (Kind::Symbol, including function symbols) of e, sorted by id. Cached.
  std::span<const Expr> freeSymbols(Expr e);
  /// Conjuncts of e (e itself if it is not an And; nothing for true).
  static std::vector<Expr> conjuncts(Expr e);

  size_t numNodes() const;
  const FactoryOptions& options() const { return opts_; }

  struct Impl; // implementation detail (ExprFactory.cpp)

private:
  friend struct FactoryAccess;
  std::unique_ptr<Impl> impl_;
  FactoryOptions opts_;
  Type bool_ = nullptr, int_ = nullptr, real_ = nullptr, char_ = nullptr;
  Expr true_ = nullptr, false_ = nullptr;
};

} // namespace chorus::sym
