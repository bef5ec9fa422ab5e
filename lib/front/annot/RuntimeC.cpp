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
//  - a quantifier over an integer range its condition bounds is a loop of
//    the checker; its variable is the checker's, usable as a rank
//    (PROC[r].x) and in arithmetic.
//  - an element of an array read at an index the rank cannot compute alone
//    (a quantified variable, `a[i]`; the reading rank's value,
//    `PROC[0].a[rank]`; another rank's value) makes the whole array a term:
//    the snapshot copies it, and the checker reads the element (remote
//    elements are asked for one by one, not the whole array).
// What needs more than the composite of these values (an index into a
// pointer or a multi-dimensional array computed by the checker, a remote
// read whose rank is another rank's value, sets) is refused with the reason
// (or, for a pointer, found at run time); `chorus cc` then warns that this
// assertion is not checked at run time.
#include "Annot.h"
#include "Ast.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace chorus::annot {

namespace {

using detail::Binder;
using detail::Node;
using detail::NodeKind;

struct Unsupported {
  std::string why;
  SourcePos pos;
};

/// Which ranks' variables a part of the expression reads.
struct Reads {
  bool bound = false;     ///< a variable bound by a quantifier (the checker's)
  bool own = false;       ///< the asserting rank's
  bool mixed = false;     ///< several ranks, or unknown
  bool anyRemote = false; ///< some remote read inside
  std::string remote;     ///< the C text of r in PROC[r], when only one other rank
  bool any() const { return own || mixed || !remote.empty(); }
};

class Translator {
public:
  RuntimeAssertion out;
  RuntimeTerms terms; ///< the label's, with this pragma's added

  std::string value(const Node& n) {
    Reads r = reads(n);
    if (!r.any()) // constants and bound variables: the checker evaluates it
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
      std::string rv = served(t, *rank);
      return "chorus_rt_remote(c, " + rv + ", " + std::to_string(t) + ")";
    }
    return joined(n);
  }

private:
  std::set<std::string> bound_; ///< variables of the enclosing quantifiers
  int quants_ = 0;

  /// Bounds of v from a conjunction of relations (lo <= v, v < hi, ...).
  struct Bounds {
    const Node* lo = nullptr;
    const Node* hi = nullptr;
    bool loStrict = false, hiIncl = false;
  };
  static bool mentions(const Node& n, const std::string& v) {
    if (n.kind == NodeKind::Name && n.text == v)
      return true;
    for (const auto& k : n.kids)
      if (mentions(*k, v))
        return true;
    return false;
  }
  static void relation(const Node& a, const std::string& op, const Node& b, const std::string& v,
                       Bounds& out) {
    bool av = a.kind == NodeKind::Name && a.text == v, bv = b.kind == NodeKind::Name && b.text == v;
    if (bv && !mentions(a, v)) { // a op v
      if (op == "<=" || op == "<")
        out.lo = &a, out.loStrict = op == "<";
      else if (op == ">=" || op == ">")
        out.hi = &a, out.hiIncl = op == ">=";
    } else if (av && !mentions(b, v)) { // v op b
      if (op == "<" || op == "<=")
        out.hi = &b, out.hiIncl = op == "<=";
      else if (op == ">" || op == ">=")
        out.lo = &b, out.loStrict = op == ">";
    }
  }
  static void bounds(const Node& n, const std::string& v, Bounds& out) {
    if (n.kind == NodeKind::Binary && n.text == "&&") {
      bounds(*n.kids[0], v, out);
      bounds(*n.kids[1], v, out);
    } else if (n.kind == NodeKind::Binary)
      relation(*n.kids[0], n.text, *n.kids[1], v, out);
    else if (n.kind == NodeKind::Chain)
      for (size_t i = 0; i < n.ops.size(); ++i)
        relation(*n.kids[i], n.ops[i], *n.kids[i + 1], v, out);
  }

  /// A quantifier over an integer range, evaluated by the checker: a loop
  /// over the range (taken from the condition, or from the antecedent of
  /// \forall's implication or the conjunction of \exists's body) that
  /// evaluates the whole condition and body at each value. It stops at the
  /// first value that decides it, unless snapshots it read are still to
  /// come (the view is then evaluated again when they are in).
  std::string quantifier(const Node& n) {
    bool forall = n.text == "forall" || n.text == "\\forall";
    if (!forall && n.text != "exists" && n.text != "\\exists")
      refuse(n, "'" + n.text + "'");
    if (n.binders.size() != 1)
      refuse(n, "a quantifier over several variables");
    const Binder& b = n.binders[0];
    if (b.type) {
      static const std::set<std::string> ints = {"int",      "long",   "short",   "char",
                                                 "unsigned", "signed", "integer", "size_t"};
      for (const std::string& w : b.type->words)
        if (!ints.count(w) || b.type->pointers)
          refuse(n, "a quantifier over a variable that is not an integer");
    }
    const Node* cond = n.kids.size() == 2 ? n.kids[0].get() : nullptr;
    const Node& body = *n.kids.back();
    Bounds r;
    if (cond)
      bounds(*cond, b.name, r);
    else if (forall && body.kind == NodeKind::Binary && body.text == "==>")
      bounds(*body.kids[0], b.name, r);
    else if (!forall)
      bounds(body, b.name, r);
    if (!r.lo || !r.hi)
      refuse(n, "a quantifier whose range of " + b.name + " is not bounded by its condition");
    std::string lo = "chorus_rt_int(c, " + value(*r.lo) + ")" + (r.loStrict ? " + 1" : "");
    std::string hi = "chorus_rt_int(c, " + value(*r.hi) + ")" + (r.hiIncl ? " + 1" : "");
    if (bound_.count(b.name))
      refuse(n, "a quantifier rebinding " + b.name);
    bound_.insert(b.name);
    std::string condC = cond ? "chorus_rt_truth(" + value(*cond) + ")" : "1";
    std::string bodyC = "chorus_rt_truth(" + value(body) + ")";
    bound_.erase(b.name);
    std::string k = std::to_string(quants_++), q = "chorus_rt_q_" + b.name;
    std::string res = "chorus_rt_r" + k, hv = "chorus_rt_hi" + k;
    return "({ int " + res + " = " + (forall ? "1" : "0") + "; long long " + hv + " = " + hi +
           "; for (long long " + q + " = " + lo + "; " + q + " < " + hv + " && chorus_rt_go(c, " +
           q + "); ++" + q + ") if (" + condC + " && " + (forall ? "!" : "") + bodyC + ") { " +
           res + " = " + (forall ? "0" : "1") +
           "; if (chorus_rt_settled(c)) break; } chorus_rt_i(" + res + "); })";
  }

  int term(const std::string& text, bool array = false) {
    auto [it, fresh] = terms.index.emplace((array ? "[]" : "") + text, int(terms.text.size()));
    if (fresh) {
      terms.text.push_back(text);
      terms.remote.push_back(false);
      terms.servers.emplace_back();
      terms.anyServer.push_back(false);
      terms.array.push_back(array);
    }
    return it->second;
  }

  /// A term read from another rank: its ranks (the servers), and the C
  /// value of the rank r in PROC[r].
  std::string served(int t, const Node& rank) {
    terms.remote[t] = true;
    if (rank.kind == NodeKind::IntLit)
      terms.servers[t].insert(std::strtoll(rank.text.c_str(), nullptr, 0));
    else
      terms.anyServer[t] = true;
    return value(rank);
  }

  /// `b[i]` where b is read by one rank and i by others (or the checker):
  /// the whole array b is a term, the checker reads its element i.
  std::optional<std::string> element(const Node& n) {
    const Node& base = *n.kids[0];
    Reads br = reads(base);
    if (br.mixed || br.bound || !br.any())
      return std::nullopt;
    std::string index = value(*n.kids[1]);
    if (br.remote.empty()) {
      int t = term(c(base), true);
      if (std::find(out.own.begin(), out.own.end(), t) == out.own.end())
        out.own.push_back(t);
      return "chorus_rt_own_elem(c, " + std::to_string(t) + ", " + index + ")";
    }
    const Node* rank = rankOf(base);
    int t = term(c(base, true), true);
    std::string r = served(t, *rank);
    return "chorus_rt_elem(c, " + r + ", " + std::to_string(t) + ", " + index + ")";
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
      if (bound_.count(n.text))
        r.bound = true;
      else
        r.own = !isBoolConstant(n); // true and false (TASS) read nothing
      return r;
    case NodeKind::Remote: {
      if (!n.fn.empty())
        refuse(n, "'PROC[...]@" + n.fn + "' (a variable of another rank's function frame)");
      Reads rk = reads(*n.kids[0]);
      if (rk.anyRemote) // the rank's own values and quantified variables are fine
        refuse(n, "a remote read whose rank is another rank's value");
      r.remote = c(*n.kids[0]);
      r.anyRemote = true;
      return r;
    }
    case NodeKind::Quant: // evaluated by the checker, over the ranks' terms
      r.mixed = true;
      return r;
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
      r.bound = r.bound || kr.bound;
      r.anyRemote = r.anyRemote || kr.anyRemote;
      r.own = r.own || kr.own;
      r.mixed = r.mixed || kr.mixed;
      if (!kr.remote.empty()) {
        if (!r.remote.empty() && r.remote != kr.remote)
          r.mixed = true;
        r.remote = kr.remote;
      }
    }
    if ((r.own || r.bound) && !r.remote.empty())
      r.mixed = true;
    if (r.own && r.bound) // e.g. a[i]: a family of values, not one term
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
      if (bound_.count(n.text))
        return "chorus_rt_q_" + n.text;
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
    case NodeKind::Quant:
      return quantifier(n);
    case NodeKind::Index:
      if (auto e = element(n))
        return *e;
      refuse(n, "an element of an array that is not one rank's (an index computed by the "
                "checker into a multi-dimensional array, or an array read from several ranks)");
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
  if (is(&b, ")") || is(&b, "]") || is(&b, ".") || is(&b, ",") || is(&b, ";") || is(a, "(") ||
      is(a, "[") || is(a, "."))
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
  size_t last = toks.size(); // a final ';' ends the pragma, others are the expression's
  while (last > 0 && toks[last - 1].kind == Token::End)
    --last;
  if (last > 0 && toks[last - 1].kind == Token::Punct && toks[last - 1].text == ";")
    --last;
  for (size_t ti = 0; ti < last; ++ti) {
    const Token& k = toks[ti];
    if (afterId) {
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

std::string runtimePointerGuard(const std::string& label, int term) {
  return "chorus_rt_pointer_" + label + "_" + std::to_string(term);
}

std::string runtimePointerGuards(const std::string& label, const RuntimeTerms& terms) {
  std::string out;
  for (size_t t = 0; t < terms.text.size(); ++t) {
    if (!terms.array[t])
      continue;
    std::string text;
    for (char ch : terms.text[t]) // inside a C string literal
      text += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
    out += "static inline long " + runtimePointerGuard(label, int(t)) +
           "(int is_pointer, const void* p, __SIZE_TYPE__ element)\n#if "
           "defined(__clang__)\n__attribute__((diagnose_if(is_pointer, \"chorus cc: collective "
           "assertion " +
           label + " reads an element of " + text +
           ", a pointer, at an index the checker computes: it is checked at run time where " +
           text +
           " points to the start of a block the program allocated (malloc, calloc, realloc); "
           "elsewhere its views are counted as not checked (`chorus verify` checks them)\", "
           "\"warning\")))\n#endif\n{ (void)is_pointer; return chorus_rt_heap_extent(p, "
           "element); }\n";
  }
  return out;
}

std::vector<std::string> runtimeSnapshot(const RuntimeAssertion& a, const RuntimeTerms& terms) {
  std::vector<std::string> init;
  for (size_t t = 0; t < terms.text.size(); ++t) {
    std::string v = terms.array[t] ? "CHORUS_RT_ARRAY(" + terms.text[t] + ", " +
                                         runtimePointerGuard(a.id, int(t)) + ")"
                                   : "CHORUS_RT_VALUE(" + terms.text[t] + ")";
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
