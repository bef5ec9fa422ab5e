// Annotation language of chorus (Clang-free): the tokens of
// `#pragma TASS …` / `#pragma CIVL …` lines and of `/*@ … */` ACSL comments,
// parsed and lowered to model expressions and annotations.
//
// The Clang front end captures the tokens (macros already expanded, each
// token with its source position), finds what the annotation attaches to
// (the declared variable, the next statement, the loop, the function), and
// calls lowerAnnotation(). This library owns the syntax and name resolution
// of annotations, and every diagnostic about them.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/support/Diagnostics.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chorus::annot {

struct Token {
  enum Kind {
    Ident,     ///< identifiers and keywords (including `\result`, `\forall`, …)
    IntLit,    ///< C integer literal (text as written)
    RealLit,   ///< C floating literal (text as written)
    CharLit,   ///< 'c'
    StringLit, ///< "…"
    Punct,     ///< operators and punctuation: ==> <==> .. && || == != <= >= …
    End,       ///< end of the annotation
  };
  Kind kind = End;
  std::string text;
  SourcePos pos;
};

/// Lexes annotation text. `start` is the position of text[0]; positions of
/// tokens follow lines and columns of the text. For ACSL comment bodies, the
/// leading `@` of continuation lines is skipped. Reports bad characters to
/// `diags` and returns std::nullopt on error.
std::optional<std::vector<Token>> lex(std::string_view text, SourcePos start,
                                      DiagnosticSink& diags);

/// Name resolution at the annotated location, supplied by the front end.
class Scope {
public:
  virtual ~Scope() = default;
  /// The variable visible under `name` here (locals, params, globals), or kNone.
  virtual model::VarId lookupVar(const std::string& name) const = 0;
  /// The function named `name`, or kNone.
  virtual model::FuncId lookupFunc(const std::string& name) const = 0;
  /// The value of an enumeration constant (or other integer constant name).
  virtual std::optional<long long> lookupConstant(const std::string& name) const = 0;
  /// The type named by a typedef (e.g. `MPI_Comm`), or nullptr.
  virtual const model::Type* lookupTypedef(const std::string& name) const = 0;
};

enum class AnnotSource {
  TassPragma,  ///< tokens after `#pragma TASS`
  CivlPragma,  ///< tokens after `#pragma CIVL` (e.g. `ACSL`)
  AcslComment, ///< tokens of a `/*@ … */` comment body
};

/// What an annotation must be attached to; decided from its first tokens so
/// the front end knows where to look.
enum class Needs {
  Nothing,     ///< a switch such as `#pragma CIVL ACSL`
  Declaration, ///< `input` / `output`: the next variable declaration or #define
  Statement,   ///< `collective|joint assert`: the program location that follows
  Loop,        ///< `collective|joint invariant`, `loop invariant/assigns`: next loop
  Function,    ///< an ACSL function contract: the next function declaration
  Invalid,     ///< not an annotation chorus knows (diagnosed by lowerAnnotation)
};

Needs classify(AnnotSource src, const std::vector<Token>& toks);

/// The program element an annotation is attached to.
struct Target {
  model::FuncId func = model::kNone; ///< enclosing function, or the contracted one
  model::LocId loc = model::kNone;   ///< statement location or loop head
  model::VarId var = model::kNone;   ///< declared variable (input/output)
  std::string macro;                 ///< for inputs on object-like macros
  SourcePos where;                   ///< position of the annotated element
};

struct Context {
  model::Program& program;
  const Scope& scope;
  DiagnosticSink& diags;
};

/// Parses the annotation, resolves its names in `ctx.scope`, type-checks it,
/// and appends the result to ctx.program (inputs, outputs, collectives,
/// contracts, loops). Returns false after reporting diagnostics.
bool lowerAnnotation(AnnotSource src, const std::vector<Token>& toks, const Target& target,
                     Context& ctx);

/// A collective assertion turned into C for the run-time checker (`chorus
/// cc`, runtime/mpi/chorus_rt_assert.h). Each rank evaluates `terms` at the
/// pragma — the maximal parts of the expression it can evaluate alone: its
/// own variables, and each remote read `PROC[r].x…` rewritten as the same
/// read of its own variables (every rank computes what the others may read
/// of it) — and the checker evaluates `eval`, a C expression of type
/// chorus_rt_value over a `chorus_rt_ctx* c` holding all ranks' terms.
struct RuntimeAssertion {
  std::string id;                 ///< the assertion's name
  std::string text;               ///< the expression as written
  std::vector<std::string> terms; ///< C expressions evaluated at the pragma
  std::string eval;               ///< C expression over the terms of all ranks
};

/// Translates the tokens after `#pragma TASS` of a `collective assert`.
/// Returns std::nullopt with the reason in `why` (and `whyPos`) when the
/// expression uses what the run-time checker cannot evaluate (quantifiers,
/// sets, nested remote reads, ...); syntax errors go to `diags`.
std::optional<RuntimeAssertion> runtimeAssertion(const std::vector<Token>& toks,
                                                 DiagnosticSink& diags, std::string& why,
                                                 SourcePos& whyPos);

} // namespace chorus::annot
