// A collective assertion turned into C for the run-time checker (Annot.h,
// RuntimeAssertion). The expression is split into terms that one rank can
// evaluate alone at the pragma and the rest, which the checker evaluates
// over the terms of all ranks:
//  - a part that reads only the asserting rank's variables (and constants)
//    is one term, evaluated where the rank stands;
//  - a part that reads only one other rank, `PROC[r].u[PROC[r].n + 1]`, is
//    a term too: with `PROC[r].` dropped it is the same C read on every rank
//    (`u[n + 1]`), so every rank computes it at the pragma and the checker
//    takes rank r's value; `r` itself is a term of the asserting rank; when
//    every such r is an integer literal only those ranks compute it (on the
//    others the read may be invalid, e.g. an array only the root allocates);
//  - all the pragmas of one label share one list of terms, so a rank at one
//    of them can read the terms of a rank at another;
//  - operators joining parts of different ranks are evaluated by the
//    checker (chorus_rt_bin and friends, runtime/mpi/chorus_rt_assert.h),
//    `&&`, `||`, `==>` and `?:` lazily, as C and the verifier do.
// What needs more than the composite of these values (quantifiers over
// remote arrays, a remote read indexed by another rank's value, sets) is
// refused with the reason; `chorus cc` then warns that this assertion is
// not checked at run time.
#include "Annot.h"
#include "Ast.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace chorus::annot {

namespace {

using detail::Node;
using detail::NodeKind;

struct Unsupported {
  std::string why;
  SourcePos pos;
};

/// Which ranks' variables a part of the expression reads.
struct Reads {
  bool own = false;   ///< the asserting rank's
  bool mixed = false; ///< several ranks, or unknown
  std::string remote; ///< the C text of r in PROC[r], when only one other rank
  bool any() const { return own || mixed || !remote.empty(); }
};

class Translator {
public:
  RuntimeAssertion out;
  RuntimeTerms terms; ///< the label's, with this pragma's added

  std::string value(const Node& n) {
    Reads r = reads(n);
    if (!r.any())
      return "CHORUS_RT_VALUE(" + c(n) + ")";
    if (!r.mixed && r.remote.empty()) {
      int t = term(c(n));
      if (std::find(out.own.begin(), out.own.end(), t) == out.own.end())
        out.own.push_back(t);
      return "chorus_rt_own(c, " + std::to_string(t) + ")";
    }
    if (!r.mixed) {
      const Node* rank = rankOf(n);
      int t = term(c(n, true));
      terms.remote[t] = true;
      if (rank->kind == NodeKind::IntLit)
        terms.servers[t].insert(std::strtoll(rank->text.c_str(), nullptr, 0));
      else
        terms.anyServer[t] = true;
      return "chorus_rt_remote(c, " + value(*rank) + ", " + std::to_string(t) + ")";
    }
    return joined(n);
  }

private:
  int term(const std::string& text) {
    auto [it, fresh] = terms.index.emplace(text, int(terms.text.size()));
    if (fresh) {
      terms.text.push_back(text);
      terms.remote.push_back(false);
      terms.servers.emplace_back();
      terms.anyServer.push_back(false);
    }
    return it->second;
  }

  static bool isBoolConstant(const Node& n) { return n.text == "true" || n.text == "false"; }

  [[noreturn]] static void refuse(const Node& n, const std::string& why) {
    throw Unsupported{why, n.pos};
  }

  /// The rank expression of the (first) remote read in n.
  static const Node* rankOf(const Node& n) {
    if (n.kind == NodeKind::Remote)
      return n.kids[0].get();
    for (const auto& k : n.kids)
      if (const Node* r = rankOf(*k))
        return r;
    return nullptr;
  }

  Reads reads(const Node& n) {
    Reads r;
    switch (n.kind) {
    case NodeKind::Name:
      r.own = !isBoolConstant(n); // true and false (TASS) read nothing
      return r;
    case NodeKind::Remote: {
      if (!n.fn.empty())
        refuse(n, "'PROC[...]@" + n.fn + "' (a variable of another rank's function frame)");
      Reads rk = reads(*n.kids[0]);
      if (rk.mixed || !rk.remote.empty())
        refuse(n, "a remote read whose rank is another rank's value");
      r.remote = c(*n.kids[0]);
      return r;
    }
    case NodeKind::Quant:
    case NodeKind::SetCompr:
    case NodeKind::SetList:
    case NodeKind::Range:
      refuse(n, "quantifiers, ranges and sets");
    case NodeKind::Spec:
      refuse(n, "'spec.' (a comparison of two programs)");
    default:
      break;
    }
    for (const auto& k : n.kids) {
      Reads kr = reads(*k);
      r.own = r.own || kr.own;
      r.mixed = r.mixed || kr.mixed;
      if (!kr.remote.empty()) {
        if (!r.remote.empty() && r.remote != kr.remote)
          r.mixed = true;
        r.remote = kr.remote;
      }
    }
    if (r.own && !r.remote.empty())
      r.mixed = true;
    if (r.mixed)
      r.remote.clear();
    return r;
  }

  /// C text of a part read by one rank; `remote`: with `PROC[r].` dropped.
  std::string c(const Node& n, bool remote = false) {
    auto k = [&](size_t i) { return c(*n.kids[i], remote); };
    switch (n.kind) {
    case NodeKind::IntLit:
    case NodeKind::RealLit:
    case NodeKind::CharLit:
    case NodeKind::StringLit:
    case NodeKind::Name:
      if (isBoolConstant(n)) // C has them only with <stdbool.h>
        return n.text == "true" ? "1" : "0";
      return n.text;
    case NodeKind::Remote:
      return n.text;
    case NodeKind::Builtin:
      if (n.text == "\\true" || n.text == "\\false")
        return n.text == "\\true" ? "1" : "0";
      refuse(n, "'" + n.text + "'");
    case NodeKind::Unary:
      return "(" + n.text + k(0) + ")";
    case NodeKind::Binary:
      if (n.text == "==>")
        return "(!" + k(0) + " || " + k(1) + ")";
      if (n.text == "<==>")
        return "(!" + k(0) + " == !" + k(1) + ")";
      return "(" + k(0) + " " + n.text + " " + k(1) + ")";
    case NodeKind::Chain: {
      std::string s = "(";
      for (size_t i = 0; i < n.ops.size(); ++i)
        s += (i ? " && (" : "(") + k(i) + " " + n.ops[i] + " " + k(i + 1) + ")";
      return s + ")";
    }
    case NodeKind::Cond:
      return "(" + k(0) + " ? " + k(1) + " : " + k(2) + ")";
    case NodeKind::Cast:
      return "((" + type(n.type) + ")" + k(0) + ")";
    case NodeKind::SizeofType:
      return "sizeof(" + type(n.type) + ")";
    case NodeKind::SizeofExpr:
      return "sizeof " + k(0);
    case NodeKind::Call: {
      std::string s = n.text + "(";
      for (size_t i = 0; i < n.kids.size(); ++i)
        s += (i ? ", " : "") + k(i);
      return s + ")";
    }
    case NodeKind::Index:
      return "(" + k(0) + "[" + k(1) + "])";
    case NodeKind::Member:
      return "(" + k(0) + "." + n.text + ")";
    case NodeKind::Arrow:
      return "(" + k(0) + "->" + n.text + ")";
    default:
      refuse(n, "this expression");
    }
  }

  static std::string type(const detail::TypeSpec& t) {
    std::string s;
    for (const std::string& w : t.words)
      s += (s.empty() ? "" : " ") + w;
    return s + std::string(t.pointers, '*');
  }

  /// Operators over parts of different ranks, evaluated by the checker.
  std::string joined(const Node& n) {
    static const std::map<std::string, std::string> ops = {
        {"+", "ADD"},  {"-", "SUB"},  {"*", "MUL"}, {"/", "DIV"},  {"%", "MOD"}, {"<<", "SHL"},
        {">>", "SHR"}, {"&", "BAND"}, {"|", "BOR"}, {"^", "BXOR"}, {"<", "LT"},  {"<=", "LE"},
        {">", "GT"},   {">=", "GE"},  {"==", "EQ"}, {"!=", "NE"}};
    auto truth = [&](const Node& k) { return "chorus_rt_truth(" + value(k) + ")"; };
    auto bin = [&](const std::string& op, const Node& a, const Node& b) {
      return "chorus_rt_bin(c, CHORUS_RT_" + ops.at(op) + ", " + value(a) + ", " + value(b) + ")";
    };
    switch (n.kind) {
    case NodeKind::Unary:
      if (n.text == "-")
        return "chorus_rt_neg(c, " + value(*n.kids[0]) + ")";
      if (n.text == "+")
        return value(*n.kids[0]);
      if (n.text == "~")
        return "chorus_rt_compl(c, " + value(*n.kids[0]) + ")";
      if (n.text == "!")
        return "chorus_rt_i(!" + truth(*n.kids[0]) + ")";
      break;
    case NodeKind::Binary: {
      const Node &a = *n.kids[0], &b = *n.kids[1];
      if (n.text == "&&")
        return "(" + truth(a) + " ? chorus_rt_i(" + truth(b) + ") : chorus_rt_i(0))";
      if (n.text == "||")
        return "(" + truth(a) + " ? chorus_rt_i(1) : chorus_rt_i(" + truth(b) + "))";
      if (n.text == "==>")
        return "(" + truth(a) + " ? chorus_rt_i(" + truth(b) + ") : chorus_rt_i(1))";
      if (n.text == "<==>")
        return "chorus_rt_i(" + truth(a) + " == " + truth(b) + ")";
      if (ops.count(n.text))
        return bin(n.text, a, b);
      break;
    }
    case NodeKind::Chain: {
      std::string s = "chorus_rt_i(";
      for (size_t i = 0; i < n.ops.size(); ++i)
        s += (i ? " && chorus_rt_truth(" : "chorus_rt_truth(") +
             bin(n.ops[i], *n.kids[i], *n.kids[i + 1]) + ")";
      return s + ")";
    }
    case NodeKind::Cond:
      return "(" + truth(*n.kids[0]) + " ? " + value(*n.kids[1]) + " : " + value(*n.kids[2]) + ")";
    default:
      break;
    }
    refuse(n, "'" + (n.text.empty() ? std::string("this operation") : n.text) +
                  "' over values of different ranks");
  }
};

/// The expression as written, for messages: C's usual spacing.
bool spaceBetween(const Token* a, const Token& b) {
  if (!a)
    return false;
  auto is = [](const Token* t, const char* s) { return t->kind == Token::Punct && t->text == s; };
  if (is(&b, ")") || is(&b, "]") || is(&b, ".") || is(&b, ",") || is(a, "(") || is(a, "[") ||
      is(a, "."))
    return false;
  if ((is(&b, "[") || is(&b, "(")) && (a->kind == Token::Ident || is(a, "]") || is(a, ")")))
    return false;
  if (is(a, "!") || is(a, "~"))
    return false;
  return true;
}

} // namespace

std::optional<RuntimeAssertion> runtimeAssertion(const std::vector<Token>& toks,
                                                 DiagnosticSink& diags, std::string& why,
                                                 SourcePos& whyPos, RuntimeTerms& terms) {
  auto parsed =
      detail::parse(AnnotSource::TassPragma, detail::normalizeTokens(toks, diags), nullptr, diags);
  if (!parsed)
    return std::nullopt;
  whyPos = parsed->pos;
  if (parsed->kind != detail::ParsedAnnot::TassCollective || parsed->invariant || parsed->joint) {
    why = "only collective assertions are checked at run time";
    return std::nullopt;
  }
  Translator t;
  t.terms = terms;
  t.out.id = parsed->id;
  bool afterId = false;
  const Token* prev = nullptr;
  for (const Token& k : toks) {
    if (afterId && k.kind != Token::End && !(k.kind == Token::Punct && k.text == ";")) {
      t.out.text += spaceBetween(prev, k) ? " " : "";
      t.out.text += k.text;
      prev = &k;
    }
    if (k.kind == Token::Ident && k.text == parsed->id && k.pos.line == parsed->idPos.line &&
        k.pos.col == parsed->idPos.col)
      afterId = true;
  }
  try {
    t.out.eval = t.value(*parsed->expr);
  } catch (const Unsupported& u) {
    why = u.why;
    whyPos = u.pos;
    return std::nullopt;
  }
  terms = std::move(t.terms);
  return std::move(t.out);
}

std::vector<std::string> runtimeSnapshot(const RuntimeAssertion& a, const RuntimeTerms& terms) {
  std::vector<std::string> init;
  for (size_t t = 0; t < terms.text.size(); ++t) {
    std::string v = "CHORUS_RT_VALUE(" + terms.text[t] + ")";
    bool own = std::find(a.own.begin(), a.own.end(), int(t)) != a.own.end();
    if (own || (terms.remote[t] && terms.anyServer[t])) {
      init.push_back(v);
      continue;
    }
    if (!terms.remote[t]) { // another pragma's own term: never read here
      init.push_back("chorus_rt_i(0)");
      continue;
    }
    std::string guard;
    for (long long r : terms.servers[t])
      guard +=
          (guard.empty() ? "" : " || ") + std::string("chorus_rt_self() == ") + std::to_string(r);
    init.push_back("(" + guard + " ? " + v + " : chorus_rt_i(0))");
  }
  return init;
}

} // namespace chorus::annot
