// Annotations attached to the program: inputs and outputs, collective and
// joint assertions and invariants (seeds 000, 004), ACSL contracts with the
// MPI extension (seed 002), loop annotations, and parallel assertions (003).
#pragma once

#include "chorus/model/Ids.h"

#include <string>
#include <vector>

namespace chorus::model {

struct Expr;
struct Type;

/// `#pragma TASS input {cond} [type]` on a variable or object-like macro, or
/// a parameter of main. The engine gives the variable a fresh symbolic value
/// satisfying `cond` (null = unconstrained).
struct InputDecl {
  VarId var = kNone;
  const Expr* cond = nullptr;
  std::string macro; ///< the macro name when the input was a #define
  SrcLoc loc;
};

/// `#pragma TASS output` on a variable.
struct OutputDecl {
  VarId var = kNone;
  SrcLoc loc;
};

enum class CollectiveKind { Assert, Invariant };

/// `#pragma TASS collective|joint assert|invariant ID expr`: checked when the
/// process reaches `loc` of `func` (for invariants: the loop head).
struct CollectiveAnnot {
  CollectiveKind kind = CollectiveKind::Assert;
  bool joint = false;
  std::string id;
  const Expr* expr = nullptr;
  FuncId func = kNone;
  LocId at = kNone;
  SrcLoc loc;
};

/// One clause of an ACSL contract. `Terminates` (a predicate) and
/// `Decreases` (an integer measure) are kept so that the engine can name
/// them when it does not check them.
enum class ClauseKind {
  Requires,
  Ensures,
  Assigns,
  WaitsFor,
  Assumes,
  MpiUses,
  Terminates,
  Decreases
};

struct Clause {
  ClauseKind kind = ClauseKind::Requires;
  std::vector<const Expr*> exprs; ///< one predicate, or a list (assigns, waitsfor, uses)
  bool nothing = false;           ///< `assigns \nothing`, `waitsfor \nothing`
  SrcLoc loc;
};

struct Behavior {
  std::string name;
  std::vector<Clause> clauses;
  SrcLoc loc;
};

/// The local part of a contract (comm == null) or one
/// `mpi collective(comm): …` block.
struct ContractBlock {
  const Expr* comm = nullptr;
  std::vector<Clause> clauses;
  std::vector<Behavior> behaviors;
  std::vector<std::vector<std::string>> completeBehaviors;
  std::vector<std::vector<std::string>> disjointBehaviors;
  std::vector<SrcLoc> completeLocs; ///< of each `complete behaviors` clause
  std::vector<SrcLoc> disjointLocs; ///< of each `disjoint behaviors` clause
  SrcLoc loc;
};

struct Contract {
  FuncId func = kNone;
  std::vector<ContractBlock> blocks; ///< blocks[0] is the local part
  SrcLoc loc;
};

/// `/*@ loop invariant …; loop assigns …; loop variant …; */` before a loop.
struct LoopAnnot {
  FuncId func = kNone;
  LocId head = kNone;
  std::vector<const Expr*> invariants;
  std::vector<SrcLoc> invariantLocs; ///< of each `loop invariant` clause
  std::vector<const Expr*> assigns;
  bool assignsNothing = false; ///< `loop assigns \nothing`
  SrcLoc assignsLoc;           ///< of the first `loop assigns` clause (invalid: none)
  const Expr* variant = nullptr;
  SrcLoc variantLoc;
  SrcLoc loc;
};

/// `thru { … } passert(e)`: the block runs from `begin` to `end`, then `e` is
/// asserted over the timeline of the block.
struct ParallelAssert {
  FuncId func = kNone;
  LocId begin = kNone;
  LocId end = kNone;
  const Expr* expr = nullptr;
  SrcLoc loc;
};

} // namespace chorus::model
