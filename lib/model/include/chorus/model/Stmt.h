// Statements and transitions of a function's program graph.
#pragma once

#include "chorus/model/Ids.h"

#include <vector>

namespace chorus::model {

struct Expr;

enum class StmtKind {
  Nop,     ///< only the guard matters (branches, loop heads, gotos)
  Assign,  ///< *lhs = rhs
  Call,    ///< [lhs =] callee(args...); callee is a Func expr or a pointer
  Return,  ///< return [value]; leads to the function's exit location
  Declare, ///< lifetime of `var` starts (uninitialized; VLA storage sized now)
  Kill,    ///< lifetime of `var` ends (block exit): later reads are errors
};

struct Stmt {
  StmtKind kind = StmtKind::Nop;
  const Expr* lhs = nullptr; ///< Assign target / Call result (may be null)
  const Expr* rhs = nullptr; ///< Assign value / Return value (may be null)
  const Expr* callee = nullptr;
  std::vector<const Expr*> args;
  VarId var = kNone; ///< Declare / Kill
  /// Call: how gcc sees the arguments (the lowering decides from the
  /// source): every one a constant expression (literals, casts and
  /// operators over them, sizeof, enumerators) — gcc then folds a math
  /// call at compile time, correctly rounded (lib/exec/GccFold.cpp);
  /// ConstIfFolded: constant once the nested calls among them are folded;
  /// Maybe: constant only if gcc's simplifications make them so (i * 0).
  enum class Args : unsigned char { Runtime, Constant, ConstIfFolded, Maybe };
  Args argsAre = Args::Runtime;
};

/// An edge of the program graph: enabled when `guard` (null = true) holds,
/// executes `stmt`, and moves control from `from` to `to`.
struct Transition {
  LocId from = kNone;
  LocId to = kNone;
  const Expr* guard = nullptr;
  Stmt stmt;
  SrcLoc loc;
};

} // namespace chorus::model
