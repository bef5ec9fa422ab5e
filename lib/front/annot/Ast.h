// Private: the syntax tree of one annotation, produced by the Parser and
// consumed by the lowering. Not part of the library interface.
#pragma once

#include "Annot.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chorus::annot::detail {

/// Deepest parser recursion (about three per nested parenthesis) and deepest
/// syntax tree the lowering walks; deeper annotations get "annotation nested
/// too deeply".
inline constexpr unsigned kMaxDepth = 256;
inline constexpr unsigned kMaxLowerDepth = 2000;

enum class NodeKind {
  IntLit,
  RealLit,
  CharLit,
  StringLit,
  Name,    ///< identifier `text`
  Builtin, ///< backslash keyword `text`; `kids` are the arguments when `called`
  Unary,   ///< `text` is the operator
  Binary,  ///< kids[0] `text` kids[1]
  Chain,   ///< relations: kids[0] ops[0] kids[1] ops[1] kids[2] ...
  Cond,    ///< kids[0] ? kids[1] : kids[2]
  Range,   ///< kids[0] .. kids[1]
  Cast,    ///< (type) kids[0]
  SizeofType,
  SizeofExpr,
  Call,     ///< text(kids...) for a C identifier
  Index,    ///< kids[0][kids[1]]
  Member,   ///< kids[0].text
  Arrow,    ///< kids[0]->text
  Remote,   ///< PROC[kids[0]]@fn.text
  Spec,     ///< spec.text
  Quant,    ///< `text` in \forall \exists \lambda forall exists; see Node::kids
  SetCompr, ///< { kids[0] | binders; kids[1] }
  SetList,  ///< { kids... }
};

struct TypeSpec {
  std::vector<std::string> words; ///< e.g. {"unsigned", "long"}, {"struct", "s"}, {"MPI_Comm"}
  unsigned pointers = 0;
  SourcePos pos;
};

struct Binder {
  std::optional<TypeSpec> type; ///< absent in TASS `forall {i | ...}` (int)
  std::string name;
  SourcePos pos;
};

struct Node {
  NodeKind kind = NodeKind::IntLit;
  SourcePos pos; ///< the operator, keyword, or first token
  std::string text;
  std::string fn; ///< Remote: PROC[e]@fn.x
  std::vector<std::unique_ptr<Node>> kids;
  std::vector<std::string> ops; ///< Chain
  std::vector<SourcePos> opPos; ///< Chain
  TypeSpec type;                ///< Cast, SizeofType
  /// Quant: bound variables. Kids: TASS forall/exists: [cond, body];
  /// \forall \exists \lambda: [body]. SetCompr: [element, condition].
  std::vector<Binder> binders;
  bool called = false; ///< Builtin: has an argument list
};
using NodePtr = std::unique_ptr<Node>;

enum class ItemKind {
  Requires,
  Ensures,
  Assigns,
  WaitsFor,
  Assumes,
  MpiUses,
  Terminates,
  Decreases,
  Behavior,   ///< behavior `name`:
  Complete,   ///< complete behaviors `names`;
  Disjoint,   ///< disjoint behaviors `names`;
  Collective, ///< mpi collective(exprs[0]):
  LoopInvariant,
  LoopAssigns,
  LoopVariant,
};

struct AcslItem {
  ItemKind kind = ItemKind::Requires;
  SourcePos pos;
  std::vector<NodePtr> exprs;
  bool nothing = false;
  std::string name;
  std::vector<std::string> names;
  std::vector<SourcePos> namePos;
};

struct ParsedAnnot {
  enum Kind { CivlAcsl, TassInput, TassOutput, TassCollective, Acsl } kind = Acsl;
  SourcePos pos; ///< first token
  // TassInput
  NodePtr cond;
  std::optional<TypeSpec> type;
  // TassCollective
  bool joint = false;
  bool invariant = false;
  std::string id;
  SourcePos idPos;
  NodePtr expr;
  // Acsl
  std::vector<AcslItem> items;
};

/// Parses an annotation; reports the first syntax error to `diags` and
/// returns std::nullopt. `scope` (may be null) tells typedef names apart.
std::optional<ParsedAnnot> parse(AnnotSource src, const std::vector<Token>& toks,
                                 const Scope* scope, DiagnosticSink& diags);

/// Joins tokens that another lexer (Clang's) splits differently from ours:
/// `\` + identifier, `==` `>`, `<=` `=` `>`, `.` `.`, numbers holding `..`.
std::vector<Token> normalizeTokens(const std::vector<Token>& toks, DiagnosticSink& diags);

/// Backslash keywords: what the parser must know about each.
enum class BuiltinShape { Constant, Function, Binder, Nothing };
std::optional<BuiltinShape> builtinShape(const std::string& name);

} // namespace chorus::annot::detail
