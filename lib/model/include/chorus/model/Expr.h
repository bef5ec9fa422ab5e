// Side-effect-free expressions of the model. C expressions with side effects
// are lowered by the front end into statements; what remains here is pure,
// except that evaluation may fail (division by zero, bad pointer), which is
// why && || ?: stay lazy operators.
//
// Expressions are allocated by Program::expr() and never freed or mutated
// after construction.
#pragma once

#include "chorus/model/Ids.h"

#include <string>
#include <vector>

namespace chorus::model {

struct Type;

enum class ExprKind {
  // --- C expressions -------------------------------------------------------
  IntLit,    ///< `text` holds the exact decimal value; `ival` when it fits
  RealLit,   ///< `text` holds the exact decimal (or hex) value without suffix
  StringLit, ///< `str` indexes Program::strings; type char[N]
  NullPtr,   ///< a null pointer constant of pointer type `type`
  Var,       ///< variable `var`
  Func,      ///< function designator `func` (decays to a function pointer)
  Unary,     ///< `op` applied to kids[0]
  Binary,    ///< kids[0] `op` kids[1]
  Cond,      ///< kids[0] ? kids[1] : kids[2] (lazy)
  Cast,      ///< kids[0] converted to `type`
  AddrOf,    ///< &kids[0] (kids[0] is an lvalue)
  Deref,     ///< *kids[0]
  Member,    ///< kids[0].fields[`field`] (kids[0] is a struct/union value)
  Index,     ///< kids[0][kids[1]], kids[0] of array type (pointers use Deref)

  // --- annotation-only expressions ----------------------------------------
  Remote,  ///< PROC[kids[0]].name or PROC[kids[0]]@fn.name; `var` when resolved
  SpecVar, ///< spec.name (joint annotations; resolved by the comparison)
  Quant,   ///< `op` Forall/Exists/Lambda/Sum over `bound`; kids: see QuantLayout
  Builtin, ///< annotation function `name` (e.g. "\\valid", "\\mpi_agree",
           ///< "LW", "HASOCCURRED") applied to kids
  Result,  ///< \result
  Old,     ///< \old(kids[0])
  SetOf,   ///< set comprehension { kids[0] | bound; kids[1] } or range/list
};

enum class Op {
  None,
  // unary
  Neg,
  Plus,
  LogNot,
  BitNot,
  // binary arithmetic
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  BitAnd,
  BitOr,
  BitXor,
  // pointer arithmetic (front end distinguishes them from integer arithmetic)
  PtrAdd,  ///< pointer + integer (in elements)
  PtrDiff, ///< pointer - pointer (in elements)
  // relations
  Lt,
  Gt,
  Le,
  Ge,
  Eq,
  Ne,
  // logic (lazy)
  LogAnd,
  LogOr,
  Implies, ///< annotations: ==>
  Equiv,   ///< annotations: <==>
  // annotation sets/ranges: lo .. hi
  Range,
  // quantifier kinds (ExprKind::Quant)
  Forall,
  Exists,
  Lambda,
  Sum,
};

const char* opSpelling(Op op);

/// Layout of kids for ExprKind::Quant:
///   Forall/Exists: kids[0] = restriction (range condition), kids[1] = body
///   Lambda:        kids[0] = body
///   Sum:           kids[0] = low, kids[1] = high, kids[2] = lambda body
/// Bound variables are Variables of kind VarKind::Bound listed in `bound`.

struct Expr {
  ExprKind kind = ExprKind::IntLit;
  Op op = Op::None;
  const Type* type = nullptr;
  SrcLoc loc;
  std::vector<const Expr*> kids;
  long long ival = 0;       ///< IntLit value when `fitsInt64`
  bool fitsInt64 = true;    ///< IntLit: false for values beyond long long
  std::string macro;        ///< IntLit: object-like macro it was written as (display only)
  std::string text;         ///< literal text (IntLit/RealLit)
  std::string name;         ///< Remote/SpecVar/Builtin name; Remote: variable
  std::string fn;           ///< Remote: the function of PROC[e]@fn.x
  VarId var = kNone;        ///< Var; Remote/SpecVar when resolved
  FuncId func = kNone;      ///< Func
  uint32_t field = kNone;   ///< Member
  StringId str = kNone;     ///< StringLit
  std::vector<VarId> bound; ///< Quant/SetOf bound variables

  bool isLvalueKind() const {
    return kind == ExprKind::Var || kind == ExprKind::Deref || kind == ExprKind::Member ||
           kind == ExprKind::Index;
  }
};

} // namespace chorus::model
