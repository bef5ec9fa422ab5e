// Recursive-descent parser of TASS/CIVL pragmas and ACSL comment bodies.
// Stops at the first syntax error; recursion depth is bounded.
#include "Ast.h"

#include <map>
#include <set>

namespace chorus::annot::detail {

std::optional<BuiltinShape> builtinShape(const std::string& name) {
  static const std::map<std::string, BuiltinShape> table = {
      {"\\result", BuiltinShape::Constant},
      {"\\true", BuiltinShape::Constant},
      {"\\false", BuiltinShape::Constant},
      {"\\null", BuiltinShape::Constant},
      {"\\mpi_comm_rank", BuiltinShape::Constant},
      {"\\mpi_comm_size", BuiltinShape::Constant},
      {"\\nothing", BuiltinShape::Nothing},
      {"\\forall", BuiltinShape::Binder},
      {"\\exists", BuiltinShape::Binder},
      {"\\lambda", BuiltinShape::Binder},
      {"\\old", BuiltinShape::Function},
      {"\\mpi_on", BuiltinShape::Function},
      {"\\mpi_agree", BuiltinShape::Function},
      {"\\mpi_buf", BuiltinShape::Function},
      {"\\mpi_sig", BuiltinShape::Function},
      {"\\mpi_extent", BuiltinShape::Function},
      {"\\mpi_nonoverlapping", BuiltinShape::Function},
      {"\\mpi_reduce", BuiltinShape::Function},
      {"\\valid", BuiltinShape::Function},
      {"\\valid_read", BuiltinShape::Function},
      {"\\separated", BuiltinShape::Function},
      {"\\sum", BuiltinShape::Function},
      {"\\abs", BuiltinShape::Function},
      {"\\min", BuiltinShape::Function},
      {"\\max", BuiltinShape::Function},
  };
  auto it = table.find(name);
  if (it == table.end())
    return std::nullopt;
  return it->second;
}

std::vector<Token> normalizeTokens(const std::vector<Token>& in, DiagnosticSink& diags) {
  std::vector<Token> out;
  out.reserve(in.size() + 1);
  for (size_t i = 0; i < in.size(); ++i) {
    const Token& t = in[i];
    if (t.kind == Token::End)
      break;
    if ((t.kind == Token::IntLit || t.kind == Token::RealLit) &&
        t.text.find("..") != std::string::npos) {
      DiagnosticSink local;
      if (auto re = lex(t.text, t.pos, local)) {
        for (auto& r : *re)
          if (r.kind != Token::End)
            out.push_back(r);
        continue;
      }
    }
    // A lone `\` or `==` `>` is never valid otherwise, so the pieces are joined
    // even when not adjacent (tokens of a macro expansion share a position).
    if (!out.empty() && t.kind == Token::Ident && out.back().kind == Token::Punct &&
        out.back().text == "\\") {
      out.back().kind = Token::Ident;
      out.back().text += t.text;
      continue;
    }
    if (!out.empty() && t.kind == Token::Punct && out.back().kind == Token::Punct) {
      std::string joined = out.back().text + t.text;
      if (joined == "==>" || joined == "<==" || joined == "<==>" || joined == "..") {
        out.back().text = joined;
        continue;
      }
    }
    out.push_back(t);
  }
  // A "<==" that was not completed to "<==>" is "<=" "=": leave it, the
  // parser reports it.
  Token end;
  end.kind = Token::End;
  if (!in.empty())
    end.pos = in.back().pos;
  if (!in.empty() && in.back().kind != Token::End) {
    end.pos.col += static_cast<unsigned>(in.back().text.size());
  }
  out.push_back(end);
  (void)diags;
  return out;
}

namespace {

const std::set<std::string> kTypeKeywords = {"void",  "char",     "short",  "int",      "long",
                                             "float", "double",   "signed", "unsigned", "_Bool",
                                             "const", "volatile", "struct", "union",    "enum"};
const std::set<std::string> kLogicTypes = {"integer", "real", "boolean"};

class Parser {
public:
  Parser(AnnotSource src, const std::vector<Token>& toks, const Scope* scope, DiagnosticSink& diags)
      : src_(src), scope_(scope), diags_(diags) {
    toks_ = normalizeTokens(toks, diags);
  }

  std::optional<ParsedAnnot> run() {
    ParsedAnnot a;
    a.pos = tok().pos;
    bool ok = false;
    switch (src_) {
    case AnnotSource::TassPragma:
      ok = tass(a);
      break;
    case AnnotSource::CivlPragma:
      ok = civl(a);
      break;
    case AnnotSource::AcslComment:
      ok = acsl(a);
      break;
    }
    if (!ok || failed_)
      return std::nullopt;
    return a;
  }

private:
  // --- token access ----------------------------------------------------------
  const Token& tok(size_t k = 0) const {
    size_t i = pos_ + k;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  bool at(const char* text) const {
    return (tok().kind == Token::Punct || tok().kind == Token::Ident) && tok().text == text;
  }
  bool atPunct(const char* text, size_t k = 0) const {
    return tok(k).kind == Token::Punct && tok(k).text == text;
  }
  bool atIdent(const char* text, size_t k = 0) const {
    return tok(k).kind == Token::Ident && tok(k).text == text;
  }
  bool atEnd() const { return tok().kind == Token::End; }
  void next() {
    if (pos_ + 1 < toks_.size())
      ++pos_;
  }
  static std::string describe(const Token& t) {
    switch (t.kind) {
    case Token::End:
      return "end of annotation";
    case Token::StringLit:
      return "string literal";
    case Token::CharLit:
      return "character literal";
    default:
      return "'" + t.text + "'";
    }
  }

  // --- diagnostics -----------------------------------------------------------
  std::nullptr_t fail(const SourcePos& p, const std::string& msg) {
    if (!failed_)
      diags_.error(p, msg);
    failed_ = true;
    return nullptr;
  }
  std::nullptr_t expected(const std::string& what) {
    return fail(tok().pos, "expected " + what + ", found " + describe(tok()));
  }
  bool expectPunct(const char* p, const std::string& what) {
    if (atPunct(p)) {
      next();
      return true;
    }
    expected(what);
    return false;
  }
  bool expectClose(const char* close, const Token& open, const std::string& what) {
    if (atPunct(close)) {
      next();
      return true;
    }
    if (!failed_) {
      expected(what);
      diags_.note(open.pos, std::string("to match this '") + open.text + "'");
    }
    return false;
  }

  struct DepthGuard {
    Parser& p;
    bool ok;
    explicit DepthGuard(Parser& p) : p(p), ok(++p.depth_ <= kMaxDepth) {
      if (!ok)
        p.fail(p.tok().pos, "annotation nested too deeply");
    }
    ~DepthGuard() { --p.depth_; }
  };

  NodePtr node(NodeKind k, const SourcePos& p, std::string text = {}) {
    auto n = std::make_unique<Node>();
    n->kind = k;
    n->pos = p;
    n->text = std::move(text);
    return n;
  }

  // --- names and types -------------------------------------------------------
  bool isBoundName(const std::string& n) const {
    for (auto& b : bound_)
      if (b == n)
        return true;
    return false;
  }
  bool isVarName(const std::string& n) const {
    return isBoundName(n) || (scope_ && scope_->lookupVar(n) != model::kNone);
  }
  bool isTypeStart(size_t k = 0) const {
    const Token& t = tok(k);
    if (t.kind != Token::Ident)
      return false;
    if (kTypeKeywords.count(t.text))
      return true;
    if (isVarName(t.text))
      return false;
    if (kLogicTypes.count(t.text))
      return true;
    return scope_ && scope_->lookupTypedef(t.text) != nullptr;
  }

  std::optional<TypeSpec> type() {
    TypeSpec ts;
    ts.pos = tok().pos;
    bool base = false;
    while (tok().kind == Token::Ident) {
      const std::string& w = tok().text;
      if (w == "const" || w == "volatile") {
        next();
        continue;
      }
      if (w == "struct" || w == "union" || w == "enum") {
        if (base)
          break;
        ts.words.push_back(w);
        next();
        if (tok().kind != Token::Ident) {
          expected("a tag name after '" + w + "'");
          return std::nullopt;
        }
        ts.words.push_back(tok().text);
        next();
        base = true;
        continue;
      }
      if (kTypeKeywords.count(w)) {
        ts.words.push_back(w);
        next();
        base = true;
        continue;
      }
      if (!base && isTypeStart()) {
        ts.words.push_back(w);
        next();
        base = true;
        continue;
      }
      break;
    }
    if (ts.words.empty()) {
      expected("a type");
      return std::nullopt;
    }
    while (true) {
      if (atPunct("*"))
        ++ts.pointers, next();
      else if (atIdent("const") || atIdent("volatile"))
        next();
      else
        break;
    }
    return ts;
  }

  /// `type name (, name)* (, type name (, name)*)*` as in ACSL binders.
  bool binders(std::vector<Binder>& out, bool typeOptional) {
    std::optional<TypeSpec> cur;
    while (true) {
      if (isTypeStart()) {
        cur = type();
        if (!cur)
          return false;
      } else if (!cur && !typeOptional) {
        expected("a type for the bound variable");
        return false;
      }
      if (tok().kind != Token::Ident) {
        expected("a name for the bound variable");
        return false;
      }
      Binder b;
      b.type = cur;
      b.name = tok().text;
      b.pos = tok().pos;
      out.push_back(std::move(b));
      next();
      if (!atPunct(","))
        return true;
      next();
    }
  }

  // --- expressions ------------------------------------------------------------
  NodePtr expr() {
    DepthGuard g(*this);
    if (!g.ok)
      return nullptr;
    NodePtr lhs = ternary();
    if (!lhs)
      return nullptr;
    if (atPunct("..")) {
      auto r = node(NodeKind::Range, tok().pos, "..");
      next();
      NodePtr rhs = ternary();
      if (!rhs)
        return nullptr;
      r->kids.push_back(std::move(lhs));
      r->kids.push_back(std::move(rhs));
      return r;
    }
    return lhs;
  }

  NodePtr ternary() {
    DepthGuard g(*this);
    if (!g.ok)
      return nullptr;
    NodePtr c = equiv();
    if (!c || !atPunct("?"))
      return c;
    auto n = node(NodeKind::Cond, tok().pos, "?");
    next();
    NodePtr t = ternary();
    if (!t)
      return nullptr;
    if (!atPunct(":"))
      return expected("':' in conditional expression");
    next();
    NodePtr e = ternary();
    if (!e)
      return nullptr;
    n->kids.push_back(std::move(c));
    n->kids.push_back(std::move(t));
    n->kids.push_back(std::move(e));
    return n;
  }

  NodePtr binary(NodePtr lhs, const Token& op, NodePtr rhs) {
    auto n = node(NodeKind::Binary, op.pos, op.text);
    n->kids.push_back(std::move(lhs));
    n->kids.push_back(std::move(rhs));
    return n;
  }

  /// Left-associative levels, from `<==>` down to `*`.
  NodePtr level(int l) {
    static const std::vector<std::vector<const char*>> ops = {
        {"<==>"},     {"==>"},    {"||"},         {"&&"},
        {"|"},        {"^"},      {"&"},          {}, // relations: chain()
        {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
    if (l >= static_cast<int>(ops.size()))
      return unary();
    if (l == 7)
      return chain();
    NodePtr lhs = level(l + 1);
    if (!lhs)
      return nullptr;
    while (true) {
      bool match = false;
      for (const char* o : ops[l])
        if (atPunct(o))
          match = true;
      if (!match || (l == 4 && noBitOr_))
        return lhs;
      Token op = tok();
      next();
      if (l == 1) { // ==> is right-associative
        DepthGuard g(*this);
        if (!g.ok)
          return nullptr;
        NodePtr rhs = level(l);
        if (!rhs)
          return nullptr;
        return binary(std::move(lhs), op, std::move(rhs));
      }
      NodePtr rhs = level(l + 1);
      if (!rhs)
        return nullptr;
      lhs = binary(std::move(lhs), op, std::move(rhs));
    }
  }
  NodePtr equiv() { return level(0); }

  bool atRelation() const {
    return atPunct("<") || atPunct("<=") || atPunct(">") || atPunct(">=") || atPunct("==") ||
           atPunct("!=");
  }

  NodePtr chain() {
    NodePtr first = level(8);
    if (!first || !atRelation())
      return first;
    auto c = node(NodeKind::Chain, tok().pos);
    c->kids.push_back(std::move(first));
    while (atRelation()) {
      c->ops.push_back(tok().text);
      c->opPos.push_back(tok().pos);
      next();
      NodePtr rhs = level(8);
      if (!rhs)
        return nullptr;
      c->kids.push_back(std::move(rhs));
    }
    if (c->ops.size() == 1) {
      auto b = node(NodeKind::Binary, c->opPos[0], c->ops[0]);
      b->kids = std::move(c->kids);
      return b;
    }
    // ACSL chains: all in one direction; `!=` does not chain.
    bool up = false, down = false;
    for (size_t i = 0; i < c->ops.size(); ++i) {
      const std::string& o = c->ops[i];
      if (o == "!=")
        return fail(c->opPos[i], "'!=' cannot be chained with other comparisons");
      if (o == "<" || o == "<=")
        up = true;
      if (o == ">" || o == ">=")
        down = true;
      if (up && down)
        return fail(c->opPos[i], "comparison chain mixes '<' and '>' directions");
    }
    return c;
  }

  NodePtr sideEffect() {
    return fail(tok().pos, "'" + tok().text + "' has side effects, which annotations cannot have");
  }

  NodePtr unary() {
    DepthGuard g(*this);
    if (!g.ok)
      return nullptr;
    const Token& t = tok();
    if (t.kind == Token::Punct && (t.text == "-" || t.text == "+" || t.text == "!" ||
                                   t.text == "~" || t.text == "*" || t.text == "&")) {
      auto n = node(NodeKind::Unary, t.pos, t.text);
      next();
      NodePtr k = unary();
      if (!k)
        return nullptr;
      n->kids.push_back(std::move(k));
      return n;
    }
    if (atPunct("++") || atPunct("--"))
      return sideEffect();
    if (atPunct("(") && isTypeStart(1)) {
      auto n = node(NodeKind::Cast, t.pos);
      Token open = t;
      next();
      auto ts = type();
      if (!ts)
        return nullptr;
      if (!expectClose(")", open, "')' after the type of a cast"))
        return nullptr;
      n->type = *ts;
      NodePtr k = unary();
      if (!k)
        return nullptr;
      n->kids.push_back(std::move(k));
      return n;
    }
    if (atIdent("sizeof")) {
      SourcePos p = t.pos;
      next();
      if (atPunct("(") && isTypeStart(1)) {
        Token open = tok();
        next();
        auto ts = type();
        if (!ts)
          return nullptr;
        if (!expectClose(")", open, "')' after the type in 'sizeof'"))
          return nullptr;
        auto n = node(NodeKind::SizeofType, p);
        n->type = *ts;
        return n;
      }
      auto n = node(NodeKind::SizeofExpr, p);
      NodePtr k = unary();
      if (!k)
        return nullptr;
      n->kids.push_back(std::move(k));
      return n;
    }
    return postfix();
  }

  bool args(std::vector<NodePtr>& out, const Token& open) {
    bool saved = noBitOr_;
    noBitOr_ = false;
    if (!atPunct(")")) {
      while (true) {
        NodePtr a = expr();
        if (!a)
          return false;
        out.push_back(std::move(a));
        if (!atPunct(","))
          break;
        next();
      }
    }
    noBitOr_ = saved;
    return expectClose(")", open, "')' after argument list");
  }

  NodePtr postfix() {
    NodePtr p = primary();
    if (!p)
      return nullptr;
    while (true) {
      if (atPunct("[")) {
        Token open = tok();
        auto n = node(NodeKind::Index, open.pos, "[]");
        next();
        bool saved = noBitOr_;
        noBitOr_ = false;
        NodePtr i = expr();
        noBitOr_ = saved;
        if (!i || !expectClose("]", open, "']' after subscript"))
          return nullptr;
        n->kids.push_back(std::move(p));
        n->kids.push_back(std::move(i));
        p = std::move(n);
      } else if (atPunct(".") || atPunct("->")) {
        bool arrow = atPunct("->");
        SourcePos op = tok().pos;
        next();
        if (tok().kind != Token::Ident)
          return expected(std::string("a member name after '") + (arrow ? "->" : ".") + "'");
        auto n = node(arrow ? NodeKind::Arrow : NodeKind::Member, op, tok().text);
        next();
        n->kids.push_back(std::move(p));
        p = std::move(n);
      } else if (atPunct("(")) {
        if (p->kind != NodeKind::Name)
          return fail(tok().pos, "called object is not a function");
        Token open = tok();
        next();
        auto n = node(NodeKind::Call, p->pos, p->text);
        if (!args(n->kids, open))
          return nullptr;
        p = std::move(n);
      } else if (atPunct("++") || atPunct("--")) {
        return sideEffect();
      } else if (atPunct("=") || atPunct("+=") || atPunct("-=") || atPunct("*=") || atPunct("/=") ||
                 atPunct("%=") || atPunct("<<=") || atPunct(">>=") || atPunct("&=") ||
                 atPunct("|=") || atPunct("^=")) {
        return sideEffect();
      } else {
        return p;
      }
    }
  }

  bool collectiveContext() const { return src_ == AnnotSource::TassPragma && collective_; }

  NodePtr primary() {
    const Token t = tok();
    switch (t.kind) {
    case Token::IntLit:
      next();
      return node(NodeKind::IntLit, t.pos, t.text);
    case Token::RealLit:
      next();
      return node(NodeKind::RealLit, t.pos, t.text);
    case Token::CharLit:
      next();
      return node(NodeKind::CharLit, t.pos, t.text);
    case Token::StringLit:
      next();
      return node(NodeKind::StringLit, t.pos, t.text);
    case Token::End:
      return expected("expression");
    case Token::Punct:
      if (t.text == "(") {
        next();
        bool saved = noBitOr_;
        noBitOr_ = false;
        NodePtr e = expr();
        noBitOr_ = saved;
        if (!e || !expectClose(")", t, "')'"))
          return nullptr;
        return e;
      }
      if (t.text == "{")
        return set();
      return expected("expression");
    case Token::Ident:
      break;
    }
    const std::string& w = t.text;
    if (w[0] == '\\')
      return backslash();
    if (collectiveContext() && w == "PROC" && atPunct("[", 1) && !isBoundName(w))
      return remote();
    if (collectiveContext() && w == "spec" && atPunct(".", 1) && !isBoundName(w)) {
      if (!joint_)
        return fail(t.pos, "'spec." + tok(2).text +
                               "' can only be used in a joint assertion or invariant");
      next();
      next();
      if (tok().kind != Token::Ident)
        return expected("a variable name after 'spec.'");
      auto n = node(NodeKind::Spec, t.pos, tok().text);
      next();
      return n;
    }
    if (src_ == AnnotSource::TassPragma && (w == "forall" || w == "exists") && atPunct("{", 1) &&
        !isBoundName(w))
      return tassQuant();
    if (kTypeKeywords.count(w) || w == "sizeof")
      return expected("expression");
    next();
    return node(NodeKind::Name, t.pos, w);
  }

  NodePtr remote() {
    auto n = node(NodeKind::Remote, tok().pos);
    next(); // PROC
    Token open = tok();
    next(); // [
    bool saved = noBitOr_;
    noBitOr_ = false;
    NodePtr r = expr();
    noBitOr_ = saved;
    if (!r || !expectClose("]", open, "']' after the process rank"))
      return nullptr;
    n->kids.push_back(std::move(r));
    if (atPunct("@")) {
      next();
      if (tok().kind != Token::Ident)
        return expected("a function name after '@'");
      n->fn = tok().text;
      next();
    }
    if (!atPunct("."))
      return expected(n->fn.empty() ? "'.' or '@' after 'PROC[...]'"
                                    : "'.' after 'PROC[...]@" + n->fn + "'");
    next();
    if (tok().kind != Token::Ident)
      return expected("a variable name after 'PROC[...].'");
    n->text = tok().text;
    next();
    return n;
  }

  NodePtr tassQuant() {
    auto n = node(NodeKind::Quant, tok().pos, tok().text);
    next(); // forall
    Token open = tok();
    next(); // {
    if (!binders(n->binders, true))
      return nullptr;
    if (!atPunct("|"))
      return expected("'|' after the bound variables");
    next();
    size_t mark = bound_.size();
    for (auto& b : n->binders)
      bound_.push_back(b.name);
    NodePtr cond = expr();
    if (!cond || !expectClose("}", open, "'}' after the range condition"))
      return nullptr;
    NodePtr body = expr();
    bound_.resize(mark);
    if (!body)
      return nullptr;
    n->kids.push_back(std::move(cond));
    n->kids.push_back(std::move(body));
    return n;
  }

  NodePtr backslash() {
    const Token t = tok();
    auto shape = builtinShape(t.text);
    if (!shape)
      return fail(t.pos, "unknown annotation keyword '" + t.text + "'");
    switch (*shape) {
    case BuiltinShape::Nothing:
      return fail(t.pos, "'\\nothing' is only allowed as the whole of an 'assigns' or "
                         "'waitsfor' clause");
    case BuiltinShape::Constant: {
      next();
      if (atPunct("("))
        return fail(tok().pos, "'" + t.text + "' is not a function; remove the '('");
      return node(NodeKind::Builtin, t.pos, t.text);
    }
    case BuiltinShape::Function: {
      next();
      if (!atPunct("("))
        return expected("'(' after '" + t.text + "'");
      Token open = tok();
      next();
      auto n = node(NodeKind::Builtin, t.pos, t.text);
      n->called = true;
      if (!args(n->kids, open))
        return nullptr;
      return n;
    }
    case BuiltinShape::Binder: {
      next();
      auto n = node(NodeKind::Quant, t.pos, t.text);
      if (!binders(n->binders, false))
        return nullptr;
      if (!atPunct(";"))
        return expected("';' after the bound variables of '" + t.text + "'");
      next();
      size_t mark = bound_.size();
      for (auto& b : n->binders)
        bound_.push_back(b.name);
      bool saved = noBitOr_;
      noBitOr_ = false;
      NodePtr body = expr();
      noBitOr_ = saved;
      bound_.resize(mark);
      if (!body)
        return nullptr;
      n->kids.push_back(std::move(body));
      return n;
    }
    }
    return nullptr;
  }

  /// `{ e | binders; cond }` or `{ e1, e2, ... }`.
  NodePtr set() {
    Token open = tok();
    next();
    bool saved = noBitOr_;
    noBitOr_ = true;
    NodePtr first = expr();
    if (!first)
      return nullptr;
    if (atPunct("|")) {
      auto n = node(NodeKind::SetCompr, open.pos);
      next();
      if (!binders(n->binders, false))
        return nullptr;
      if (!atPunct(";"))
        return expected("';' after the bound variables of the set comprehension");
      next();
      // The element may use the bound variables: it was parsed before they
      // were known, which only matters for telling casts apart.
      size_t mark = bound_.size();
      for (auto& b : n->binders)
        bound_.push_back(b.name);
      noBitOr_ = false;
      NodePtr cond = expr();
      bound_.resize(mark);
      noBitOr_ = saved;
      if (!cond || !expectClose("}", open, "'}' at end of set comprehension"))
        return nullptr;
      n->kids.push_back(std::move(first));
      n->kids.push_back(std::move(cond));
      return n;
    }
    auto n = node(NodeKind::SetList, open.pos);
    n->kids.push_back(std::move(first));
    while (atPunct(",")) {
      next();
      NodePtr e = expr();
      if (!e)
        return nullptr;
      n->kids.push_back(std::move(e));
    }
    noBitOr_ = saved;
    if (!expectClose("}", open, "',' or '}' in set"))
      return nullptr;
    return n;
  }

  // --- annotations --------------------------------------------------------------
  bool endOf(const std::string& what) {
    if (atPunct(";"))
      next();
    if (!atEnd()) {
      expected("end of " + what);
      return false;
    }
    return true;
  }

  bool tass(ParsedAnnot& a) {
    if (tok().kind != Token::Ident) {
      expected("'input', 'output', 'collective' or 'joint' after '#pragma TASS'");
      return false;
    }
    std::string w = tok().text;
    if (w == "input") {
      a.kind = ParsedAnnot::TassInput;
      next();
      if (atPunct("{")) {
        Token open = tok();
        next();
        a.cond = expr();
        if (!a.cond || !expectClose("}", open, "'}' after the input condition"))
          return false;
      }
      if (!atEnd() && !atPunct(";")) {
        if (!isTypeStart()) {
          expected("a type or end of '#pragma TASS input'");
          return false;
        }
        a.type = type();
        if (!a.type)
          return false;
      }
      return endOf("'#pragma TASS input'");
    }
    if (w == "output") {
      a.kind = ParsedAnnot::TassOutput;
      next();
      return endOf("'#pragma TASS output'");
    }
    if (w == "collective" || w == "joint") {
      a.kind = ParsedAnnot::TassCollective;
      a.joint = w == "joint";
      next();
      if (atIdent("assert"))
        a.invariant = false;
      else if (atIdent("invariant"))
        a.invariant = true;
      else {
        expected("'assert' or 'invariant' after '" + w + "'");
        return false;
      }
      std::string what = "'" + w + (a.invariant ? " invariant'" : " assert'");
      next();
      if (tok().kind != Token::Ident || tok().text[0] == '\\') {
        expected("an identifier naming the " + what);
        return false;
      }
      a.id = tok().text;
      a.idPos = tok().pos;
      next();
      if (atPunct("==") || atPunct("!=") || atPunct("<") || atPunct(">") || atPunct("<=") ||
          atPunct(">=") || atPunct("&&") || atPunct("||") || atPunct("[") || atPunct(".") ||
          atPunct("/") || atPunct("%")) {
        fail(a.idPos, "expected an identifier naming the " + what + " before the expression");
        return false;
      }
      collective_ = true;
      joint_ = a.joint;
      a.expr = expr();
      if (!a.expr)
        return false;
      return endOf("the " + what);
    }
    fail(tok().pos,
         "unknown TASS pragma '" + w + "'; expected 'input', 'output', 'collective' or 'joint'");
    return false;
  }

  bool civl(ParsedAnnot& a) {
    if (atIdent("ACSL")) {
      a.kind = ParsedAnnot::CivlAcsl;
      next();
      return endOf("'#pragma CIVL ACSL'");
    }
    if (atEnd())
      expected("'ACSL' after '#pragma CIVL'");
    else
      fail(tok().pos, "unknown CIVL pragma '" + tok().text + "'; expected 'ACSL'");
    return false;
  }

  bool clauseEnd(const std::string& kw) {
    if (atPunct(";")) {
      next();
      return true;
    }
    expected("';' at end of '" + kw + "' clause");
    return false;
  }

  /// A list of terms, or \nothing when allowed.
  bool termList(AcslItem& it, const std::string& kw, bool allowNothing) {
    if (allowNothing && atIdent("\\nothing") && (atPunct(";", 1) || tok(1).kind == Token::End)) {
      it.nothing = true;
      next();
      return clauseEnd(kw);
    }
    while (true) {
      NodePtr e = expr();
      if (!e)
        return false;
      it.exprs.push_back(std::move(e));
      if (!atPunct(","))
        break;
      next();
    }
    return clauseEnd(kw);
  }

  bool names(AcslItem& it) {
    while (tok().kind == Token::Ident && tok().text[0] != '\\') {
      it.names.push_back(tok().text);
      it.namePos.push_back(tok().pos);
      next();
      if (!atPunct(","))
        break;
      next();
      if (tok().kind != Token::Ident) {
        expected("a behavior name");
        return false;
      }
    }
    return true;
  }

  bool acsl(ParsedAnnot& a) {
    a.kind = ParsedAnnot::Acsl;
    while (!atEnd()) {
      AcslItem it;
      it.pos = tok().pos;
      const std::string w = tok().kind == Token::Ident ? tok().text : std::string();
      static const std::map<std::string, ItemKind> single = {
          {"requires", ItemKind::Requires},   {"ensures", ItemKind::Ensures},
          {"assumes", ItemKind::Assumes},     {"terminates", ItemKind::Terminates},
          {"decreases", ItemKind::Decreases},
      };
      auto s = single.find(w);
      if (s != single.end()) {
        it.kind = s->second;
        next();
        NodePtr e = expr();
        if (!e)
          return false;
        it.exprs.push_back(std::move(e));
        if (!clauseEnd(w))
          return false;
      } else if (w == "assigns" || w == "waitsfor") {
        it.kind = w == "assigns" ? ItemKind::Assigns : ItemKind::WaitsFor;
        next();
        if (!termList(it, w, true))
          return false;
      } else if (w == "behavior") {
        it.kind = ItemKind::Behavior;
        next();
        if (tok().kind != Token::Ident || tok().text[0] == '\\') {
          expected("a behavior name after 'behavior'");
          return false;
        }
        it.name = tok().text;
        it.namePos.push_back(tok().pos);
        next();
        if (!expectPunct(":", "':' after behavior name"))
          return false;
      } else if (w == "complete" || w == "disjoint") {
        it.kind = w == "complete" ? ItemKind::Complete : ItemKind::Disjoint;
        next();
        if (!atIdent("behaviors")) {
          expected("'behaviors' after '" + w + "'");
          return false;
        }
        next();
        if (!names(it) || !clauseEnd(w + " behaviors"))
          return false;
      } else if (w == "mpi") {
        next();
        if (atIdent("uses")) {
          it.kind = ItemKind::MpiUses;
          next();
          if (!termList(it, "mpi uses", false))
            return false;
        } else if (atIdent("collective")) {
          it.kind = ItemKind::Collective;
          next();
          if (!atPunct("(")) {
            expected("'(' after 'mpi collective'");
            return false;
          }
          Token open = tok();
          next();
          NodePtr c = expr();
          if (!c || !expectClose(")", open, "')' after the communicator"))
            return false;
          it.exprs.push_back(std::move(c));
          if (!expectPunct(":", "':' after 'mpi collective(...)'"))
            return false;
        } else {
          expected("'uses' or 'collective' after 'mpi'");
          return false;
        }
      } else if (w == "loop") {
        next();
        if (atIdent("invariant")) {
          it.kind = ItemKind::LoopInvariant;
          next();
          NodePtr e = expr();
          if (!e || !clauseEnd("loop invariant"))
            return false;
          it.exprs.push_back(std::move(e));
        } else if (atIdent("assigns")) {
          it.kind = ItemKind::LoopAssigns;
          next();
          if (!termList(it, "loop assigns", true))
            return false;
        } else if (atIdent("variant")) {
          it.kind = ItemKind::LoopVariant;
          next();
          NodePtr e = expr();
          if (!e || !clauseEnd("loop variant"))
            return false;
          it.exprs.push_back(std::move(e));
        } else {
          expected("'invariant', 'assigns' or 'variant' after 'loop'");
          return false;
        }
      } else {
        expected("an ACSL clause ('requires', 'ensures', 'assigns', 'behavior', 'mpi', "
                 "'loop', ...)");
        return false;
      }
      a.items.push_back(std::move(it));
    }
    return true;
  }

  AnnotSource src_;
  const Scope* scope_;
  DiagnosticSink& diags_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  unsigned depth_ = 0;
  bool failed_ = false;
  bool noBitOr_ = false;    ///< inside `{ e | ...}`: `|` ends the element
  bool collective_ = false; ///< PROC[...] and spec. are recognized
  bool joint_ = false;
  std::vector<std::string> bound_;
};

} // namespace

std::optional<ParsedAnnot> parse(AnnotSource src, const std::vector<Token>& toks,
                                 const Scope* scope, DiagnosticSink& diags) {
  return Parser(src, toks, scope, diags).run();
}

} // namespace chorus::annot::detail
