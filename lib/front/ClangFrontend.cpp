// The Clang 16 front end driver: runs Clang on the C file (our model headers
// first on the include path), turns Clang's errors into chorus diagnostics,
// captures annotations (`#pragma TASS|CIVL …`, `/*@ … */`), rewrites
// `thru { … } passert(e)` into C before parsing, and hands the AST to the
// lowering (Lower.cpp).
//
// thru/passert: Clang's raw lexer scans the main file; `thru` (followed by
// `{`) becomes the same-length identifier `_Thr` and the matching `passert`
// becomes `_Passrt`, so every other token keeps its line and column. A
// predefines buffer defines
//   #define _Thr __chorus_thru();
//   #define _Passrt __chorus_passert
// and declares LW RW LR RR HASOCCURRED, and the lowering recognizes the
// statement triple `__chorus_thru(); { … } __chorus_passert(e);`.
//
// Input macros: `#pragma TASS input …` followed by `#define N 10` keeps the
// macro for Clang (so N stays a constant expression and `#if N` works) and
// makes a global variable N; every expression that is exactly an expansion
// of N is lowered to that variable, and arrays declared with size N become
// variable-length arrays of length N.
#include "FrontInternal.h"
#include "chorus/front/Frontend.h"
#include "chorus/support/Fatal.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <set>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace chorus::front {

// ----------------------------------------------------------------------------
// The annotation library, or a stand-in while it is not built.
// ----------------------------------------------------------------------------
#ifdef CHORUS_HAVE_ANNOT
annot::Needs classifyAnnotation(annot::AnnotSource src, const std::vector<annot::Token>& toks) {
  return annot::classify(src, toks);
}
bool applyAnnotation(const CapturedAnnot& a, const annot::Target& target, const annot::Scope& scope,
                     model::Program& prog, DiagnosticSink& diags) {
  annot::Context ctx{prog, scope, diags};
  return annot::lowerAnnotation(a.src, a.toks, target, ctx);
}
static std::optional<std::vector<annot::Token>> lexAnnot(std::string_view text, SourcePos start,
                                                         DiagnosticSink& diags) {
  return annot::lex(text, start, diags);
}
#else
annot::Needs classifyAnnotation(annot::AnnotSource src, const std::vector<annot::Token>& toks) {
  auto at = [&](size_t i) { return i < toks.size() ? toks[i].text : std::string(); };
  if (src == annot::AnnotSource::CivlPragma)
    return annot::Needs::Nothing;
  if (src == annot::AnnotSource::TassPragma) {
    if (at(0) == "input" || at(0) == "output")
      return annot::Needs::Declaration;
    if ((at(0) == "collective" || at(0) == "joint") && at(1) == "assert")
      return annot::Needs::Statement;
    if ((at(0) == "collective" || at(0) == "joint") && at(1) == "invariant")
      return annot::Needs::Loop;
    return annot::Needs::Invalid;
  }
  if (at(0) == "loop")
    return annot::Needs::Loop;
  return annot::Needs::Function;
}
bool applyAnnotation(const CapturedAnnot&, const annot::Target&, const annot::Scope&,
                     model::Program&, DiagnosticSink&) {
  return true; // the annotation library is not built in: annotations are ignored
}
static std::optional<std::vector<annot::Token>> lexAnnot(std::string_view text, SourcePos start,
                                                         DiagnosticSink&) {
  std::vector<annot::Token> out;
  unsigned line = start.line, col = start.col;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      col = 1;
      ++i;
      continue;
    }
    if (isspace((unsigned char)c) || c == '@') {
      ++col;
      ++i;
      continue;
    }
    size_t j = i + 1;
    annot::Token t;
    t.kind = annot::Token::Punct;
    if (isalnum((unsigned char)c) || c == '_' || c == '\\') {
      while (j < text.size() && (isalnum((unsigned char)text[j]) || text[j] == '_'))
        ++j;
      t.kind = isdigit((unsigned char)c) ? annot::Token::IntLit : annot::Token::Ident;
    }
    t.text = std::string(text.substr(i, j - i));
    t.pos = {start.file, line, col};
    out.push_back(t);
    col += j - i;
    i = j;
  }
  annot::Token end;
  end.pos = {start.file, line, col};
  out.push_back(end);
  return out;
}
#endif

namespace {

using namespace clang;

SourcePos presumedPos(const SourceManager& sm, SourceLocation l) {
  if (l.isInvalid())
    return {};
  l = sm.getExpansionLoc(l);
  PresumedLoc p = sm.getPresumedLoc(l);
  if (p.isInvalid())
    return {};
  return {p.getFilename(), p.getLine(), p.getColumn()};
}

// ----------------------------------------------------------------------------
// Diagnostics
// ----------------------------------------------------------------------------
/// The error for a directive of a programming model chorus does not model
/// (UnmodelledPragma).
std::string unmodelledDirective(const std::string& model, const std::string& text) {
  return model + " directive '" + text + "' is not supported by chorus: it models MPI " +
         "processes and pthreads, not " + model +
         " (verifying the program without the directive would miss what it does)";
}

class DiagCollector : public DiagnosticConsumer {
public:
  /// showWarnings false: the user's -w (warnings are still collected where
  /// they mean something, see FrontState::unsequenced).
  DiagCollector(DiagnosticSink& sink, FrontState& st, bool showWarnings)
      : sink_(sink), st_(st), showWarnings_(showWarnings) {}
  void HandleDiagnostic(DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    // (The base class is not called: it counts warnings, and Clang would then
    // print "N warnings generated.")
    if (level == DiagnosticsEngine::Ignored || level == DiagnosticsEngine::Remark) {
      lastKept_ = false;
      return;
    }
    if (level == DiagnosticsEngine::Note && !lastKept_)
      return;
    llvm::SmallString<256> msg;
    info.FormatDiagnostic(msg);
    SourcePos pos;
    if (info.hasSourceManager() && info.getLocation().isValid())
      pos = presumedPos(info.getSourceManager(), info.getLocation());
    if (level == DiagnosticsEngine::Note) {
      sink_.note(pos, msg.str().str());
    } else if (level == DiagnosticsEngine::Warning &&
               DiagnosticIDs::getWarningOptionForDiag(info.getID()) == "source-uses-openmp") {
      // `#pragma omp` without -fopenmp: Clang drops it; chorus refuses it
      // (UnmodelledPragma)
      sink_.error(pos, unmodelledDirective("OpenMP", "#pragma omp ..."));
      lastKept_ = true;
      ++errors_;
    } else if (level == DiagnosticsEngine::Warning) {
      // gcc's leniency (see kGccCompatFlags): shown, not fatal
      std::string text = msg.str().str();
      llvm::StringRef opt = DiagnosticIDs::getWarningOptionForDiag(info.getID());
      if (opt == "unsequenced" && info.getLocation().isValid())
        st_.unsequenced.emplace(info.getLocation().getRawEncoding(), text);
      if (!showWarnings_) {
        lastKept_ = false;
        return;
      }
      if (!opt.empty())
        text += " [-W" + opt.str() + "]";
      sink_.warning(pos, text);
      lastKept_ = true;
    } else {
      std::string text = msg.str().str();
      // a GNU C nested function, which gcc compiles and Clang never parses
      if (text == "function definition is not allowed here")
        text = "a function defined inside another function (a GNU C nested function) is not "
               "supported by chorus: define it at file scope and pass what it uses from the "
               "enclosing function as arguments";
      sink_.error(pos, text);
      lastKept_ = true;
      ++errors_;
    }
  }
  unsigned errors() const { return errors_; }

private:
  DiagnosticSink& sink_;
  FrontState& st_;
  bool showWarnings_;
  bool lastKept_ = false;
  unsigned errors_ = 0;
};

// ----------------------------------------------------------------------------
// Annotation capture
// ----------------------------------------------------------------------------
annot::Token convertToken(Preprocessor& pp, const Token& t) {
  annot::Token r;
  r.text = pp.getSpelling(t);
  r.pos = presumedPos(pp.getSourceManager(), t.getLocation());
  if (t.getIdentifierInfo())
    r.kind = annot::Token::Ident;
  else if (t.is(tok::numeric_constant)) {
    bool hex = r.text.size() > 1 && r.text[0] == '0' && (r.text[1] == 'x' || r.text[1] == 'X');
    bool real = r.text.find('.') != std::string::npos ||
                (hex ? r.text.find_first_of("pP") != std::string::npos
                     : r.text.find_first_of("eE") != std::string::npos);
    r.kind = real ? annot::Token::RealLit : annot::Token::IntLit;
  } else if (tok::isStringLiteral(t.getKind()))
    r.kind = annot::Token::StringLit;
  else if (t.isOneOf(tok::char_constant, tok::wide_char_constant, tok::utf8_char_constant,
                     tok::utf16_char_constant, tok::utf32_char_constant))
    r.kind = annot::Token::CharLit;
  else
    r.kind = annot::Token::Punct;
  return r;
}

/// C's lexer splits annotation operators; glue `==>`, `<==>` and `..` back
/// when their pieces are adjacent.
void glue(std::vector<annot::Token>& ts, const std::vector<unsigned>& offs,
          const std::vector<unsigned>& lens) {
  std::vector<annot::Token> out;
  std::vector<unsigned> outEnd;
  for (size_t i = 0; i < ts.size(); ++i) {
    bool adjacent = !out.empty() && outEnd.back() == offs[i] &&
                    out.back().kind == annot::Token::Punct && ts[i].kind == annot::Token::Punct;
    if (adjacent) {
      std::string g = out.back().text + ts[i].text;
      if (g == "==>" || g == "<==" || g == "<==>" || g == "..") {
        out.back().text = g;
        outEnd.back() = offs[i] + lens[i];
        continue;
      }
    }
    out.push_back(ts[i]);
    outEnd.push_back(offs[i] + lens[i]);
  }
  ts = std::move(out);
}

/// The input macro whose replacement list spelled the token at `loc`, or "".
std::string inputMacroOf(Preprocessor& pp, const FrontState& st, SourceLocation loc) {
  if (!loc.isMacroID() || st.inputMacroNames.empty())
    return {};
  const SourceManager& sm = pp.getSourceManager();
  SourceLocation sp = sm.getSpellingLoc(loc);
  for (const std::string& n : st.inputMacroNames) {
    const MacroInfo* mi = pp.getMacroInfo(pp.getIdentifierInfo(n));
    if (!mi)
      continue;
    SourceLocation b = mi->getDefinitionLoc(), e = mi->getDefinitionEndLoc();
    if (sm.getFileID(sp) == sm.getFileID(b) && !sm.isBeforeInTranslationUnit(sp, b) &&
        !sm.isBeforeInTranslationUnit(e, sp))
      return n;
  }
  return {};
}

/// `#pragma acc …` (and `#pragma omp …`, which Clang itself drops with
/// its -Wsource-uses-openmp warning: DiagCollector turns that into this
/// error): OpenACC and OpenMP directives make the code they precede run in
/// threads or on a device. chorus models MPI processes and pthreads only;
/// verifying the program as if compiled without -fopenmp would miss what
/// the directives do (the races of a `parallel for`), so a directive is an
/// unsupported construct (exit 3), never silently ignored as a compiler
/// without the option would.
class UnmodelledPragma : public PragmaHandler {
public:
  UnmodelledPragma(const char* name, const char* what) : PragmaHandler(name), what_(what) {}
  void HandlePragma(Preprocessor& pp, PragmaIntroducer intro, Token& first) override {
    std::string text = "#pragma " + std::string(getName());
    Token t;
    for (pp.Lex(t), text += " "; !t.isOneOf(tok::eod, tok::eof); pp.Lex(t))
      text += (t.hasLeadingSpace() && text.back() != ' ' ? " " : "") + pp.getSpelling(t);
    DiagnosticsEngine& d = pp.getDiagnostics();
    d.Report(first.getLocation(), d.getCustomDiagID(DiagnosticsEngine::Error, "%0"))
        << unmodelledDirective(what_, text);
  }

private:
  const char* what_;
};

class AnnotPragma : public PragmaHandler {
public:
  AnnotPragma(const char* name, annot::AnnotSource src, FrontState& st)
      : PragmaHandler(name), src_(src), st_(st) {}
  void HandlePragma(Preprocessor& pp, PragmaIntroducer intro, Token& first) override {
    CapturedAnnot a;
    a.src = src_;
    a.start = intro.Loc;
    std::vector<annot::Token> toks;
    std::vector<unsigned> offs, lens;
    const SourceManager& sm = pp.getSourceManager();
    Token t;
    SourceLocation lastInputExp;
    for (;;) {
      pp.Lex(t);
      if (t.isOneOf(tok::eod, tok::eof))
        break;
      // A token of an input macro's expansion: the macro's name instead.
      if (std::string im = inputMacroOf(pp, st_, t.getLocation()); !im.empty()) {
        SourceLocation exp = sm.getImmediateExpansionRange(t.getLocation()).getBegin();
        if (exp == lastInputExp)
          continue;
        lastInputExp = exp;
        annot::Token n;
        n.kind = annot::Token::Ident;
        n.text = im;
        n.pos = presumedPos(sm, t.getLocation());
        toks.push_back(n);
        offs.push_back(~0u - 1);
        lens.push_back(0);
        continue;
      }
      toks.push_back(convertToken(pp, t));
      SourceLocation fl = sm.getFileLoc(t.getLocation());
      offs.push_back(sm.getFileOffset(fl));
      lens.push_back(t.getLength());
    }
    glue(toks, offs, lens);
    annot::Token end;
    end.kind = annot::Token::End;
    end.pos = presumedPos(sm, t.getLocation());
    toks.push_back(end);
    a.end = t.getLocation();
    a.toks = std::move(toks);
    a.needs = classifyAnnotation(a.src, a.toks);
    st_.annots.push_back(std::move(a));
  }

private:
  annot::AnnotSource src_;
  FrontState& st_;
};

class AcslComments : public CommentHandler {
public:
  AcslComments(FrontState& st, DiagnosticSink& diags) : st_(st), diags_(diags) {}
  bool HandleComment(Preprocessor& pp, SourceRange r) override {
    const SourceManager& sm = pp.getSourceManager();
    if (sm.isInSystemHeader(r.getBegin()))
      return false;
    bool invalid = false;
    const char* p = sm.getCharacterData(r.getBegin(), &invalid);
    if (invalid)
      return false;
    unsigned len = sm.getFileOffset(r.getEnd()) - sm.getFileOffset(r.getBegin());
    std::string_view text(p, len);
    std::string_view body;
    if (text.substr(0, 3) == "/*@" && text.size() >= 5)
      body = text.substr(3, text.size() - 5);
    else if (text.substr(0, 3) == "//@")
      body = text.substr(3);
    else
      return false;
    SourcePos start = presumedPos(sm, r.getBegin());
    start.col += 3;
    auto toks = lexAnnot(body, start, diags_);
    if (!toks)
      return false;
    CapturedAnnot a;
    a.src = annot::AnnotSource::AcslComment;
    a.start = r.getBegin();
    a.end = r.getEnd();
    std::set<std::string> active;
    expand(pp, *toks, a.toks, active);
    a.needs = classifyAnnotation(a.src, a.toks);
    st_.annots.push_back(std::move(a));
    return false;
  }

private:
  /// Expands macros (as C would, without # and ##) in the comment's tokens.
  void expand(Preprocessor& pp, const std::vector<annot::Token>& in, std::vector<annot::Token>& out,
              std::set<std::string>& active) {
    for (size_t i = 0; i < in.size(); ++i) {
      const annot::Token& t = in[i];
      if (t.kind == annot::Token::Ident && !t.text.empty() && t.text[0] != '\\' &&
          !active.count(t.text) && !st_.inputMacroNames.count(t.text)) {
        IdentifierInfo* ii = pp.getIdentifierInfo(t.text);
        const MacroInfo* mi = ii ? pp.getMacroInfo(ii) : nullptr;
        if (mi && !mi->isBuiltinMacro() &&
            (mi->isObjectLike() || (i + 1 < in.size() && in[i + 1].text == "("))) {
          std::vector<std::vector<annot::Token>> args;
          if (mi->isFunctionLike()) {
            // Collect the arguments: balanced parentheses, split at top-level commas.
            size_t j = i + 2;
            int depth = 0;
            args.emplace_back();
            for (; j < in.size() && in[j].kind != annot::Token::End; ++j) {
              const std::string& x = in[j].text;
              if (in[j].kind == annot::Token::Punct && x == ")" && depth == 0)
                break;
              if (in[j].kind == annot::Token::Punct && (x == "(" || x == "[" || x == "{"))
                ++depth;
              if (in[j].kind == annot::Token::Punct && (x == ")" || x == "]" || x == "}"))
                --depth;
              if (in[j].kind == annot::Token::Punct && x == "," && depth == 0) {
                args.emplace_back();
                continue;
              }
              args.back().push_back(in[j]);
            }
            if (j >= in.size() || in[j].text != ")") {
              out.push_back(t);
              continue;
            }
            if (args.size() == 1 && args[0].empty() && mi->getNumParams() == 0)
              args.clear();
            i = j;
          }
          std::vector<annot::Token> body;
          for (const Token& bt : mi->tokens()) {
            if (mi->isFunctionLike() && bt.getIdentifierInfo()) {
              int idx = mi->getParameterNum(bt.getIdentifierInfo());
              if (idx >= 0) {
                if ((size_t)idx < args.size()) {
                  std::vector<annot::Token> ex;
                  expand(pp, args[idx], ex, active);
                  body.insert(body.end(), ex.begin(), ex.end());
                }
                continue;
              }
            }
            annot::Token c = convertToken(pp, bt);
            c.pos = t.pos;
            body.push_back(c);
          }
          active.insert(t.text);
          expand(pp, body, out, active);
          active.erase(t.text);
          continue;
        }
      }
      out.push_back(t);
    }
  }
  FrontState& st_;
  DiagnosticSink& diags_;
};

class MacroRecorder : public PPCallbacks {
public:
  MacroRecorder(const SourceManager& sm, FrontState& st) : sm_(sm), st_(st) {}
  void MacroDefined(const Token& name, const MacroDirective* md) override {
    const MacroInfo* mi = md->getMacroInfo();
    if (!mi || !mi->isObjectLike() || !sm_.isInMainFile(name.getLocation()))
      return;
    std::string n = name.getIdentifierInfo()->getName().str();
    st_.mainMacros[n] = {name.getLocation().getRawEncoding(), mi};
    // The first definition after `#pragma TASS input …` (only directives
    // between, such as `#ifndef N`, as findNextTokens decides for the C
    // code)? Then later annotations keep the name.
    if (!st_.annots.empty()) {
      const CapturedAnnot& a = st_.annots.back();
      if (a.src == annot::AnnotSource::TassPragma && a.needs == annot::Needs::Declaration &&
          !a.toks.empty() && a.toks[0].text == "input" && a.end.isFileID() &&
          sm_.getFileID(a.end) == sm_.getFileID(name.getLocation()) &&
          onlyDirectivesBetween(a.end, name.getLocation()))
        st_.inputMacroNames.insert(n);
    }
  }

private:
  /// Whether every line from the one after `from` to the one of `to` (a
  /// macro's name in its `#define`) is blank, a comment or a directive.
  bool onlyDirectivesBetween(SourceLocation from, SourceLocation to) const {
    FileID fid = sm_.getFileID(from);
    bool invalid = false;
    llvm::StringRef buf = sm_.getBufferData(fid, &invalid);
    unsigned off = sm_.getFileOffset(from), stop = sm_.getFileOffset(to);
    if (invalid || stop <= off)
      return false;
    LangOptions lo;
    Lexer lex(sm_.getLocForStartOfFile(fid), lo, buf.begin(), buf.begin() + off, buf.end());
    Token t;
    lex.LexFromRawLexer(t);
    while (!t.is(tok::eof) && sm_.getFileOffset(t.getLocation()) < stop) {
      if (!t.is(tok::hash) || !t.isAtStartOfLine())
        return false; // C code between: the definition is not the input's
      do
        lex.LexFromRawLexer(t);
      while (!t.is(tok::eof) && !t.isAtStartOfLine() && sm_.getFileOffset(t.getLocation()) < stop);
    }
    return true;
  }

  const SourceManager& sm_;
  FrontState& st_;
};

// ----------------------------------------------------------------------------
// Finding what follows each annotation
// ----------------------------------------------------------------------------
void findNextTokens(ASTContext& ctx, FrontState& st) {
  SourceManager& sm = ctx.getSourceManager();
  for (CapturedAnnot& a : st.annots) {
    if (a.end.isInvalid() || a.end.isMacroID())
      continue;
    FileID fid = sm.getFileID(a.end);
    bool invalid = false;
    llvm::StringRef buf = sm.getBufferData(fid, &invalid);
    if (invalid)
      continue;
    unsigned off = sm.getFileOffset(a.end);
    Lexer lex(sm.getLocForStartOfFile(fid), ctx.getLangOpts(), buf.begin(), buf.begin() + off,
              buf.end());
    Token t;
    lex.LexFromRawLexer(t);
    for (;;) {
      if (t.is(tok::eof))
        break;
      if (t.is(tok::hash) && t.isAtStartOfLine()) {
        Token d;
        lex.LexFromRawLexer(d);
        if (d.is(tok::raw_identifier) && d.getRawIdentifier() == "define") {
          Token n;
          lex.LexFromRawLexer(n);
          if (n.is(tok::raw_identifier)) {
            a.macroName = n.getRawIdentifier().str();
            a.next = t.getLocation().getRawEncoding();
          }
          break;
        }
        // Another directive (e.g. the next pragma): skip its line.
        t = d;
        while (!t.is(tok::eof) && !t.isAtStartOfLine())
          lex.LexFromRawLexer(t);
        continue;
      }
      a.next = t.getLocation().getRawEncoding();
      break;
    }
  }
}

// ----------------------------------------------------------------------------
// The Clang action
// ----------------------------------------------------------------------------
const char* kThruPrelude = "#define _Thr __chorus_thru();\n"
                           "#define _Passrt __chorus_passert\n"
                           "void __chorus_thru(void);\n"
                           "void __chorus_passert();\n"
                           "int LW(); int RW(); int LR(); int RR(); int HASOCCURRED();\n";

class LowerConsumer : public ASTConsumer {
public:
  LowerConsumer(CompilerInstance& ci, FrontState& st, model::Program& prog, DiagnosticSink& diags,
                LinkState& link, bool& ok)
      : ci_(ci), st_(st), prog_(prog), diags_(diags), link_(link), ok_(ok) {}
  void HandleTranslationUnit(ASTContext& ctx) override {
    if (ci_.getDiagnostics().hasErrorOccurred() || diags_.hasErrors()) {
      ok_ = false;
      return;
    }
    findNextTokens(ctx, st_);
    ok_ = lowerTranslationUnit(ctx, ci_.getPreprocessor(), st_, prog_, diags_, link_);
  }

private:
  CompilerInstance& ci_;
  FrontState& st_;
  model::Program& prog_;
  DiagnosticSink& diags_;
  LinkState& link_;
  bool& ok_;
};

class LowerAction : public ASTFrontendAction {
public:
  LowerAction(FrontState& st, model::Program& prog, DiagnosticSink& diags, LinkState& link,
              bool thru, bool& ok)
      : st_(st), prog_(prog), diags_(diags), link_(link), thru_(thru), ok_(ok) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
    Preprocessor& pp = ci.getPreprocessor();
    pp.AddPragmaHandler(new AnnotPragma("TASS", annot::AnnotSource::TassPragma, st_));
    pp.AddPragmaHandler(new AnnotPragma("CIVL", annot::AnnotSource::CivlPragma, st_));
    pp.AddPragmaHandler(new UnmodelledPragma("acc", "OpenACC"));
    comments_ = std::make_unique<AcslComments>(st_, diags_);
    pp.addCommentHandler(comments_.get());
    pp.addPPCallbacks(std::make_unique<MacroRecorder>(ci.getSourceManager(), st_));
    if (thru_)
      pp.setPredefines(pp.getPredefines() + kThruPrelude);
    return std::make_unique<LowerConsumer>(ci, st_, prog_, diags_, link_, ok_);
  }
  void EndSourceFileAction() override {
    if (comments_)
      getCompilerInstance().getPreprocessor().removeCommentHandler(comments_.get());
  }

private:
  FrontState& st_;
  model::Program& prog_;
  DiagnosticSink& diags_;
  LinkState& link_;
  bool thru_;
  bool& ok_;
  std::unique_ptr<AcslComments> comments_;
};

// ----------------------------------------------------------------------------
// thru { … } passert(e) → C with the same token positions
// ----------------------------------------------------------------------------
bool rewriteThru(std::string& text, const std::string& file, DiagnosticSink& diags, bool& changed) {
  if (text.find("thru") == std::string::npos)
    return true;
  SourceManagerForFile smf(file, text);
  SourceManager& sm = smf.get();
  FileID fid = sm.getMainFileID();
  LangOptions lo;
  lo.C11 = 1;
  Lexer lex(fid, sm.getBufferOrFake(fid), sm, lo);
  std::vector<Token> toks;
  Token t;
  do {
    lex.LexFromRawLexer(t);
    toks.push_back(t);
  } while (!t.is(tok::eof));
  auto isIdent = [&](size_t i, const char* s) {
    return i < toks.size() && toks[i].is(tok::raw_identifier) && toks[i].getRawIdentifier() == s;
  };
  std::vector<int> open; // brace depths of open thru blocks
  int depth = 0;
  bool ok = true;
  for (size_t i = 0; i < toks.size(); ++i) {
    if (isIdent(i, "thru") && i + 1 < toks.size() && toks[i + 1].is(tok::l_brace)) {
      text.replace(sm.getFileOffset(toks[i].getLocation()), 4, "_Thr");
      changed = true;
      open.push_back(depth);
    } else if (toks[i].is(tok::l_brace)) {
      ++depth;
    } else if (toks[i].is(tok::r_brace)) {
      --depth;
      if (!open.empty() && open.back() == depth) {
        open.pop_back();
        if (isIdent(i + 1, "passert") && i + 2 < toks.size() && toks[i + 2].is(tok::l_paren)) {
          text.replace(sm.getFileOffset(toks[i + 1].getLocation()), 7, "_Passrt");
        } else {
          diags.error(presumedPos(sm, i + 1 < toks.size() ? toks[i + 1].getLocation()
                                                          : toks[i].getLocation()),
                      "expected 'passert(...)' after the 'thru' block");
          ok = false;
        }
      }
    }
  }
  return ok;
}

} // namespace

// The language of Debian's gcc 12 (the compiler behind Open MPI's mpicc):
// GNU C17 by default, and what gcc only warns about stays a warning where
// Clang 16 makes it an error by default: calls of undeclared functions
// (implicit declarations), int <-> pointer conversions without a cast,
// implicit int (`main()`, `static x;`), `return;` in a non-void function
// and `return e;` in a void one, incompatible function pointer types.
// `void main()` is accepted with a warning in GNU mode. K&R definitions are
// C that gcc accepts silently (-Wdeprecated-non-prototype is Clang's).
// A -std= or -W flag given by the user comes later and wins.
const char* const kGccCompatFlags[] = {"-std=gnu17",
                                       "-Wno-error=implicit-function-declaration",
                                       "-Wno-error=int-conversion",
                                       "-Wno-error=implicit-int",
                                       "-Wno-error=return-type",
                                       "-Wno-error=incompatible-function-pointer-types",
                                       "-Wno-deprecated-non-prototype"};

std::string modelHeaderDir() {
  return CHORUS_HEADER_DIR;
}

namespace {

/// Parses one translation unit and lowers it into `prog` (linked through
/// `link`); false after reporting errors.
bool parseUnit(const SourceFile& src, const FrontendOptions& opts, model::Program& prog,
               LinkState& link, DiagnosticSink& diags) {
  const std::string& file = src.path;
  struct stat sb;
  if (stat(file.c_str(), &sb) != 0) {
    diags.error({}, "cannot open '" + file + "': " + std::strerror(errno));
    return false;
  }
  if (S_ISDIR(sb.st_mode)) {
    diags.error({}, "cannot open '" + file + "': is a directory");
    return false;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    diags.error({}, "cannot open '" + file + "': " + std::strerror(errno));
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  bool thru = false;
  if (!rewriteThru(text, file, diags, thru))
    return false;

  std::vector<std::string> args = {"clang", "-fsyntax-only", "-xc"};
  args.insert(args.end(), std::begin(kGccCompatFlags), std::end(kGccCompatFlags));
  args.insert(args.end(),
              {"-resource-dir", CHORUS_CLANG_RESOURCE_DIR, "-I", CHORUS_HEADER_DIR,
               "-ferror-limit=20",
               // glibc's <ctype.h> then declares isdigit, toupper, ... as
               // functions, which lib/exec/Ctype.cpp models, instead of
               // macros reading its locale tables (__ctype_b_loc)
               "-D__NO_CTYPE",
               "-fbracket-depth=100000",                           // gcc has no limit
               "-fno-color-diagnostics", "-Wsource-uses-openmp"}); // an error (DiagCollector)
  // the unit's own flags (compile_commands.json), then the command line's
  args.insert(args.end(), src.clangArgs.begin(), src.clangArgs.end());
  args.insert(args.end(), opts.clangArgs.begin(), opts.clangArgs.end());
  // Unsequenced side effects are undefined behaviour that chorus checks
  // (FrontState::unsequenced): Clang must report them whatever the user's
  // flags say; -w then only hides the warnings.
  auto kept = std::remove(args.begin(), args.end(), "-w");
  bool showWarnings = kept == args.end();
  args.erase(kept, args.end());
  args.push_back("-Wunsequenced");
  args.push_back(file);

  auto overlay =
      llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  if (thru) {
    auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    overlay->pushOverlay(mem);
    auto cwd = llvm::vfs::getRealFileSystem()->getCurrentWorkingDirectory();
    if (cwd)
      overlay->setCurrentWorkingDirectory(*cwd);
    mem->addFile(file, sb.st_mtime, llvm::MemoryBuffer::getMemBufferCopy(text, file));
  }
  auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), overlay);

  FrontState st;
  st.mainFile = file;
  bool ok = false;
  DiagCollector collector(diags, st, showWarnings);
  clang::tooling::ToolInvocation inv(
      args, std::make_unique<LowerAction>(st, prog, diags, link, thru, ok), files.get());
  inv.setDiagnosticConsumer(&collector);
  bool ran = inv.run();
  if (!ran && !diags.hasErrors())
    diags.error({file, 0, 0}, "the C front end failed");
  return ran && ok && !diags.hasErrors();
}

} // namespace

std::unique_ptr<model::Program> loadProgram(const std::vector<SourceFile>& files,
                                            const FrontendOptions& opts, DiagnosticSink& diags) {
  std::string file = files.empty() ? std::string() : files.front().path;
  try {
    if (files.empty()) {
      diags.error({}, "no input file");
      return nullptr;
    }
    auto prog = std::make_unique<model::Program>();
    LinkState link;
    for (const SourceFile& f : files) {
      file = f.path;
      if (!parseUnit(f, opts, *prog, link, diags))
        return nullptr;
    }
    finishLink(link, *prog);
    return prog;
  } catch (const InternalError&) {
    throw;
  } catch (const std::exception& e) {
    // a defect of chorus, not of the input (Fatal.h)
    throw InternalError(std::string(e.what()) + " in the front end, reading " + file);
  } catch (...) {
    throw InternalError("unknown exception in the front end, reading " + file);
  }
}

std::unique_ptr<model::Program> loadProgram(const std::string& file, const FrontendOptions& opts,
                                            DiagnosticSink& diags) {
  return loadProgram(std::vector<SourceFile>{SourceFile{file, {}}}, opts, diags);
}

} // namespace chorus::front
