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

#include <map>
#include <optional>
#include <set>
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

/// The terms of the collective assertions of one name (a label) in a unit,
/// for the run-time checker (`chorus cc`, runtime/mpi/chorus_rt_assert.h):
/// the maximal parts of the expressions one rank can evaluate alone at a
/// pragma. Every pragma of the label snapshots this one list (a rank reads
/// another's terms by index, and the other may stand at another pragma of
/// the label, as the root and the workers of seed 000's wildcard gather do).
struct RuntimeTerms {
  std::vector<std::string> text; ///< C expressions
  /// a remote term: a read `PROC[r].x…` rewritten as the same read of the
  /// serving rank's own variables (every rank computes what the others may
  /// read of it)
  std::vector<bool> remote;
  /// of a remote term: the ranks r, when every r is an integer literal (only
  /// they evaluate it: on the others the read may be invalid)
  std::vector<std::set<long long>> servers;
  std::vector<bool> anyServer; ///< of a remote term: some r is not a literal
  /// an array term: the whole array is copied into the snapshot (its
  /// elements are read at an index the checker computes: a quantified
  /// variable, or the reading rank's value, as in `PROC[0].a[rank]`)
  std::vector<bool> array;
  std::map<std::string, int> index;
};

/// One pragma of a collective assertion turned into C: `eval`, a C
/// expression of type chorus_rt_value over a `chorus_rt_ctx* c` holding the
/// terms of all ranks, and the terms of its label it evaluates itself.
struct RuntimeAssertion {
  std::string id;       ///< the assertion's name (its label)
  std::string text;     ///< the expression as written
  std::vector<int> own; ///< the terms read from the asserting rank
  std::string eval;     ///< C expression over the terms of all ranks
};

/// Translates the tokens after `#pragma TASS` of a `collective assert`,
/// adding its terms to `terms` (its label's). Returns std::nullopt with the
/// reason in `why` (and `whyPos`), leaving `terms` unchanged, when the
/// expression uses what the run-time checker cannot evaluate (quantifiers,
/// sets, nested remote reads, ...); syntax errors go to `diags`.
std::optional<RuntimeAssertion> runtimeAssertion(const std::vector<Token>& toks,
                                                 DiagnosticSink& diags, std::string& why,
                                                 SourcePos& whyPos, RuntimeTerms& terms);

/// The C initializers of the snapshot at the pragma of `a`, one per term of
/// its label: a term is evaluated where it is needed (the pragma's own
/// terms; remote terms on the ranks that serve them) and 0 elsewhere.
std::vector<std::string> runtimeSnapshot(const RuntimeAssertion& a, const RuntimeTerms& terms);

/// The C definitions, for the top of the unit, of the functions the array
/// terms of label `label` call when the array is a pointer: each warns at
/// compile time (clang's diagnose_if) that the assertion is not checked at
/// run time, naming the label and the pointer.
std::string runtimePointerGuards(const std::string& label, const RuntimeTerms& terms);
/// The name of that function for term `term` of `label`.
std::string runtimePointerGuard(const std::string& label, int term);

} // namespace chorus::annot
