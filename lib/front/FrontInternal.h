// Private interface between the parts of the Clang front end: the driver
// (ClangFrontend.cpp: Clang invocation, diagnostics, annotation capture,
// thru/passert rewriting) and the AST lowering (Lower.cpp).
#pragma once

#include "annot/Annot.h"
#include "chorus/model/Program.h"
#include "chorus/support/Diagnostics.h"

#include <clang/Basic/SourceLocation.h>

#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class MacroInfo;
class Preprocessor;
} // namespace clang

namespace chorus::front {

/// Names of the C spelling that the thru/passert rewrite produces; they are
/// defined by the predefines buffer injected into the preprocessor.
inline constexpr const char* kThruFn = "__chorus_thru";
inline constexpr const char* kPassertFn = "__chorus_passert";

/// An annotation captured by the preprocessor: a `#pragma TASS|CIVL` line or a
/// `/*@ … */` comment, with its tokens (macros expanded).
struct CapturedAnnot {
  annot::AnnotSource src = annot::AnnotSource::TassPragma;
  std::vector<annot::Token> toks;
  annot::Needs needs = annot::Needs::Nothing;
  clang::SourceLocation start; ///< the `#` of the pragma / the `/*` of the comment
  clang::SourceLocation end;   ///< end of the pragma line / of the comment
  /// Raw encoding of the (file) location of the first C token after the
  /// annotation (skipping other pragmas and comments); 0 = end of file.
  unsigned next = 0;
  /// When the next thing is `#define NAME …`: NAME.
  std::string macroName;
  bool done = false;
};

/// An object-like macro declared an input: uses of it become the variable.
struct InputMacro {
  std::string name;
  std::string body; ///< spelling of the replacement list
  const clang::MacroInfo* mi = nullptr;
  std::string typeName; ///< from `[type]` of the pragma ("" = infer)
  model::VarId var = model::kNone;
};

/// Everything the preprocessing stage hands to the lowering.
struct FrontState {
  std::vector<CapturedAnnot> annots;
  /// Object-like macros defined in the main file: name -> (name location raw
  /// encoding, MacroInfo).
  std::map<std::string, std::pair<unsigned, const clang::MacroInfo*>> mainMacros;
  std::map<std::string, InputMacro> inputMacros;
  /// Names of macros defined right after a `#pragma TASS input` line: inside
  /// later annotations they stay names (they denote the input variable).
  std::set<std::string> inputMacroNames;
  std::string mainFile; ///< path as given on the command line
  /// Clang's -Wunsequenced findings (Sema's SequenceChecker: two unsequenced
  /// modifications of one object, or a modification and an unsequenced
  /// read, C11 6.5p2): raw encoding of the modification's location (an
  /// assignment or ++/--) -> Clang's message. The lowering makes evaluating
  /// that modification UNDEFINED_BEHAVIOR (Lower.cpp, unsequencedCheck).
  std::map<unsigned, std::string> unsequenced;
};

/// What the translation units of one program share while they are lowered
/// into the same model (linking: `chorus verify main.c util.c`): functions
/// and globals of external linkage by name, where each was defined, and the
/// initializer function ($init) that every unit continues.
struct LinkState {
  std::map<std::string, model::FuncId> externFuncs;
  std::map<std::string, model::VarId> externVars;
  std::set<model::FuncId> internalFuncs;
  std::set<model::VarId> internalVars;
  /// Definitions of external symbols (functions and globals): name -> where.
  std::map<std::string, SourcePos> definedAt;
  model::FuncId init = model::kNone;
  model::LocId initCur = model::kNone; ///< where the next unit's initialization goes
  /// Functions with __attribute__((constructor)): priority (65535 when not
  /// given), order of definition, function, where.
  std::vector<std::tuple<int, size_t, model::FuncId, model::SrcLoc>> constructors;
  /// Functions with __attribute__((destructor)): priority (65535 when not
  /// given), order of definition, function.
  std::vector<std::tuple<int, size_t, model::FuncId>> destructors;
};

/// Lowers the parsed translation unit into `prog`. Returns false after
/// reporting diagnostics.
bool lowerTranslationUnit(clang::ASTContext& ctx, clang::Preprocessor& pp, FrontState& st,
                          model::Program& prog, DiagnosticSink& diags, LinkState& link);
/// After the last unit: closes $init and gives static functions and globals
/// whose names other units use the name `NAME@FILE` (FILE without folders).
void finishLink(LinkState& link, model::Program& prog);

/// Parses and lowers one annotation at `target` with names resolved in
/// `scope` (wraps the annotation library).
bool applyAnnotation(const CapturedAnnot& a, const annot::Target& target, const annot::Scope& scope,
                     model::Program& prog, DiagnosticSink& diags);

/// Classifies an annotation (wraps the annotation library).
annot::Needs classifyAnnotation(annot::AnnotSource src, const std::vector<annot::Token>& toks);

} // namespace chorus::front
