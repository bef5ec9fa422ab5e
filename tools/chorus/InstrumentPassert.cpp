// `chorus cc`'s rewriting of parallel assertions (Instrument.h; seed 003
// §V; runtime/threads/README.md). Each `thru { body } passert(e);` of a
// unit becomes, on the same lines,
//
//   { <pointers to the variables e's locations are made of>
//     chorus_rt_pa_scope s __attribute__((cleanup(chorus_rt_pa_end))) =
//         chorus_rt_pa_begin(&site, ^(void** a) { a[k] = &(location k); ... },
//                            sizes, kinds);
//     { body } }
//
// so BEGIN comes before the region's first statement and END after its
// last one on every way out (C runs the cleanup on break, return and goto
// too); the block re-computes the locations from the current values of the
// variables (the asserting thread calls it at its accesses). When the text
// of every location shows all the memory its address is read from (no name
// in capitals, indices of variables, numbers and arithmetic), the block
// names that memory too -- `^int(void** a, const void** d, unsigned long* l)`
// passed to chorus_rt_pa_begin_d: a pointer that is indexed or followed
// (`p[i]`, `p->m`, `*p`) and the index variables -- so that the runtime
// need not record its reads. A variable e
// uses only as an index value and the region cannot change (mayChange) gets
// no pointer: the block names it, capturing a local's value at BEGIN. e becomes
// `eval`, a function of the end of the unit over the observation
// variables, the HASOCCURRED latches and the locations' values. What e may
// be: `!`, `&&`, `||`, `==>` and parentheses over LW/RW/LR/RR(location),
// HASOCCURRED(e) and comparisons (==, !=, <, <=, >, >=) of locations and
// constants (numbers, characters, names in capitals such as NULL); a
// location is a variable followed by `[index]`, `.member`, `->member`, or
// `*location`. Anything else is named in a warning and the region runs
// unchecked (thru and passert removed), never silently.
#include "CString.h"
#include "Instrument.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <vector>

namespace chorus::driver {
namespace {

struct Tok {
  enum Kind { Ident, Number, Char, Punct, End } kind = End;
  std::string text;
};

/// Tokens of e (comments are already blanks).
bool lexExpr(const std::string& s, std::vector<Tok>& out, std::string& why) {
  static const char* puncts[] = {"->", "&&", "||", "==>", "==", "!=", "<=", ">=", "<<", ">>"};
  for (size_t i = 0; i < s.size();) {
    unsigned char c = (unsigned char)s[i];
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    Tok t;
    if (std::isalpha(c) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '_'))
        ++j;
      t = {Tok::Ident, s.substr(i, j - i)};
      i = j;
    } else if (std::isdigit(c) ||
               (c == '.' && i + 1 < s.size() && std::isdigit((unsigned char)s[i + 1]))) {
      size_t j = i;
      while (j < s.size() &&
             (std::isalnum((unsigned char)s[j]) || s[j] == '.' ||
              ((s[j] == '+' || s[j] == '-') &&
               (s[j - 1] == 'e' || s[j - 1] == 'E' || s[j - 1] == 'p' || s[j - 1] == 'P'))))
        ++j;
      t = {Tok::Number, s.substr(i, j - i)};
      i = j;
    } else if (c == '\'') {
      size_t j = i + 1;
      while (j < s.size() && s[j] != '\'')
        j += s[j] == '\\' ? 2 : 1;
      if (j >= s.size()) {
        why = "an unterminated character constant";
        return false;
      }
      t = {Tok::Char, s.substr(i, j + 1 - i)};
      i = j + 1;
    } else if (c == '"') {
      why = "a string literal";
      return false;
    } else {
      t.kind = Tok::Punct;
      for (const char* p : puncts)
        if (s.compare(i, std::string(p).size(), p) == 0 && std::string(p).size() > t.text.size())
          t.text = p;
      if (t.text.empty())
        t.text = std::string(1, char(c));
      i += t.text.size();
    }
    out.push_back(t);
  }
  out.push_back(Tok{});
  return true;
}

bool allCaps(const std::string& s) {
  bool letter = false;
  for (char ch : s) {
    if (std::islower((unsigned char)ch))
      return false;
    letter = letter || std::isupper((unsigned char)ch);
  }
  return letter;
}

/// e translated for the run-time checker.
class Translator {
public:
  /// An lvalue whose bytes a location's address is computed from (read
  /// while computing it); `ifPointer`: only when it is a pointer (`p[i]`
  /// reads p, `a[i]` of an array a does not).
  struct Dep {
    std::string located;
    bool ifPointer = false;
  };
  struct Loc {
    std::string text;    ///< as written
    std::string located; ///< the C lvalue over the captured variable pointers
    bool value = false;  ///< e compares its value
    /// what the address is computed from, when the text shows it all (no
    /// name in capitals, which may be a macro reading memory, and indices
    /// of variables, numbers and arithmetic only); otherwise the runtime
    /// records the reads of the `locate` block
    std::vector<Dep> deps;
    bool depsKnown = true;
  };
  std::vector<Loc> locs;
  std::vector<std::string> latches;            ///< theta of each HASOCCURRED, inner first
  std::map<std::string, std::string> captures; ///< variable -> its pointer's name
  /// captured variables that e uses other than as a whole index value
  /// (`a[i]`, `a[i + 1]`): a location's variable, or `i[...]`, `i.m`,
  /// `i->m`, `&i` inside an index
  std::set<std::string> notIndex;
  std::string why;

  Translator(std::vector<Tok> toks, int site) : t_(std::move(toks)), site_(site) {}

  bool run(std::string& out) {
    try {
      out = orExpr();
      if (peek().kind != Tok::End)
        fail("'" + peek().text +
             "' (the run-time checker evaluates !, &&, ||, ==>, comparisons of locations and "
             "constants, LW/RW/LR/RR and HASOCCURRED)");
      if (locs.size() > 64)
        fail("more than 64 locations");
      return true;
    } catch (const std::string& w) {
      why = w;
      return false;
    }
  }

private:
  std::vector<Tok> t_;
  size_t p_ = 0;
  int site_;

  const Tok& peek(size_t k = 0) const { return t_[std::min(p_ + k, t_.size() - 1)]; }
  bool is(const char* s, size_t k = 0) const {
    return peek(k).kind == Tok::Punct && peek(k).text == s;
  }
  void expect(const char* s) {
    if (!is(s))
      fail("'" + peek().text + "' where '" + s + "' was expected");
    ++p_;
  }
  [[noreturn]] static void fail(const std::string& what) { throw std::string(what); }

  std::string orExpr() {
    std::string a = implExpr();
    while (is("||")) {
      ++p_;
      a = "(" + a + " || " + implExpr() + ")";
    }
    return a;
  }
  std::string implExpr() {
    std::string a = andExpr();
    if (is("==>")) {
      ++p_;
      return "(!" + a + " || " + implExpr() + ")";
    }
    return a;
  }
  std::string andExpr() {
    std::string a = unary();
    while (is("&&")) {
      ++p_;
      a = "(" + a + " && " + unary() + ")";
    }
    return a;
  }
  std::string unary() {
    if (is("!")) {
      ++p_;
      return "(!" + unary() + ")";
    }
    if (is("(")) {
      ++p_;
      std::string a = orExpr();
      expect(")");
      if (!relop().empty())
        fail("a comparison of a parenthesized expression");
      return "(" + a + ")";
    }
    const Tok& k = peek();
    static const std::map<std::string, std::string> obs = {{"LW", "CHORUS_RT_PA_LW"},
                                                           {"RW", "CHORUS_RT_PA_RW"},
                                                           {"LR", "CHORUS_RT_PA_LR"},
                                                           {"RR", "CHORUS_RT_PA_RR"}};
    if (k.kind == Tok::Ident && is("(", 1) && obs.count(k.text)) {
      std::string which = obs.at(k.text);
      p_ += 2;
      int l = location(false);
      expect(")");
      return "chorus_rt_pa_obs(c, " + which + ", " + std::to_string(l) + ")";
    }
    if (k.kind == Tok::Ident && k.text == "HASOCCURRED" && is("(", 1)) {
      p_ += 2;
      std::string theta = orExpr();
      expect(")");
      latches.push_back(theta);
      return "chorus_rt_pa_h(c, " + std::to_string(latches.size() - 1) + ")";
    }
    std::string a = operand();
    if (std::string op = relop(); !op.empty()) {
      ++p_;
      std::string b = operand();
      return "chorus_rt_pa_cmp(CHORUS_RT_PA_" + op + ", " + a + ", " + b + ")";
    }
    return "chorus_rt_pa_truth(" + a + ")";
  }
  std::string relop() const {
    static const std::map<std::string, std::string> ops = {
        {"==", "EQ"}, {"!=", "NE"}, {"<", "LT"}, {"<=", "LE"}, {">", "GT"}, {">=", "GE"}};
    if (peek().kind == Tok::Punct && ops.count(peek().text))
      return ops.at(peek().text);
    return "";
  }
  std::string operand() {
    const Tok& k = peek();
    if (is("-") && (peek(1).kind == Tok::Number)) {
      std::string n = peek(1).text;
      p_ += 2;
      return "CHORUS_RT_PA_CONST(-" + n + ")";
    }
    if (k.kind == Tok::Number || k.kind == Tok::Char ||
        (k.kind == Tok::Ident && allCaps(k.text) && !is("(", 1))) {
      ++p_;
      return "CHORUS_RT_PA_CONST(" + k.text + ")";
    }
    return "chorus_rt_pa_val(c, " + std::to_string(location(true)) + ")";
  }

  std::string capture(const std::string& name) {
    auto it = captures.find(name);
    if (it == captures.end())
      it = captures
               .emplace(name, "chorus_rt_v" + std::to_string(site_) + "_" +
                                  std::to_string(captures.size()))
               .first;
    return "(*" + it->second + ")";
  }

  /// A location; its index.
  int location(bool value) {
    std::string text, located;
    std::string post; // the postfix expression so far (located)
    std::vector<Dep> deps;
    bool known = true;
    auto add = [&](const std::string& t, const std::string& l) {
      bool word = !t.empty() && (std::isalnum((unsigned char)t[0]) || t[0] == '_');
      bool prevWord =
          !text.empty() && (std::isalnum((unsigned char)text.back()) || text.back() == '_');
      text += (word && prevWord ? " " : "") + t;
      located += " " + l;
    };
    int stars = 0;
    while (is("*")) {
      ++p_;
      add("*", "*");
      ++stars;
    }
    if (is("("))
      fail("a parenthesized location");
    if (peek().kind != Tok::Ident || allCaps(peek().text) || is("(", 1))
      fail("'" + peek().text + "' where a location (a variable) was expected");
    add(peek().text, capture(peek().text));
    post = capture(peek().text);
    notIndex.insert(peek().text);
    ++p_;
    for (;;) {
      if (is(".") || is("->")) {
        std::string op = peek().text;
        ++p_;
        if (peek().kind != Tok::Ident)
          fail("'" + peek().text + "' after '" + op + "'");
        add(op, op);
        add(peek().text, peek().text);
        if (op == "->")
          deps.push_back({post});
        post = "(" + post + op + peek().text + ")";
        ++p_;
      } else if (is("[")) {
        ++p_;
        add("[", "[");
        deps.push_back({post, true});
        std::string index;
        int depth = 1;
        while (depth) {
          const Tok& k = peek();
          if (k.kind == Tok::End)
            fail("an unterminated '['");
          if (is("["))
            ++depth;
          if (is("]") && --depth == 0)
            break;
          bool member = p_ > 0 && (t_[p_ - 1].text == "." || t_[p_ - 1].text == "->");
          bool operand = p_ > 0 && (t_[p_ - 1].kind == Tok::Ident ||
                                    t_[p_ - 1].kind == Tok::Number || t_[p_ - 1].text == ")");
          if (k.kind == Tok::Ident && !member && !allCaps(k.text) && !is("(", 1) &&
              k.text != "sizeof") {
            add(k.text, capture(k.text));
            index += " " + capture(k.text);
            deps.push_back({capture(k.text)});
            if (is("[", 1) || is(".", 1) || is("->", 1) || (p_ > 0 && t_[p_ - 1].text == "&"))
              notIndex.insert(k.text);
          } else {
            add(k.text, k.text);
            index += " " + k.text;
            // a value read only through the variables above: numbers and
            // arithmetic (a `*` only between operands)
            static const std::set<std::string> arith = {"+", "-", "/", "%", "(", ")", "<<", ">>"};
            bool ok = k.kind == Tok::Number || k.kind == Tok::Char ||
                      (k.kind == Tok::Punct && (arith.count(k.text) || (k.text == "*" && operand)));
            known = known && ok;
          }
          ++p_;
        }
        ++p_;
        add("]", "]");
        post = "(" + post + "[" + index + "])";
      } else
        break;
    }
    // `*x`: the address is x's value
    for (int s = 0; s < stars; ++s) {
      deps.push_back({post});
      post = "(*" + post + ")";
    }
    for (size_t i = 0; i < locs.size(); ++i)
      if (locs[i].text == text) {
        locs[i].value = locs[i].value || value;
        return int(i);
      }
    locs.push_back({text, located, value, deps, known});
    return int(locs.size() - 1);
  }
};

/// Positions of s that are code (not in a comment, string or character
/// constant); comments are blanked in `blank`.
std::vector<bool> codeMask(const std::string& s) {
  std::vector<bool> code(s.size(), true);
  for (size_t i = 0; i < s.size();) {
    if (s.compare(i, 2, "/*") == 0) {
      size_t j = s.find("*/", i + 2);
      j = j == std::string::npos ? s.size() : j + 2;
      for (size_t k = i; k < j; ++k)
        code[k] = false;
      i = j;
    } else if (s.compare(i, 2, "//") == 0) {
      size_t j = s.find('\n', i);
      j = j == std::string::npos ? s.size() : j;
      for (size_t k = i; k < j; ++k)
        code[k] = false;
      i = j;
    } else if (s[i] == '"' || s[i] == '\'') {
      char q = s[i];
      size_t j = i + 1;
      while (j < s.size() && s[j] != q && s[j] != '\n')
        j += s[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, s.size());
      for (size_t k = i; k < j; ++k)
        code[k] = false;
      i = j;
    } else
      ++i;
  }
  return code;
}

bool identAt(const std::string& s, const std::vector<bool>& code, size_t i, const char* w) {
  size_t n = std::string(w).size();
  if (!code[i] || s.compare(i, n, w) != 0)
    return false;
  auto isId = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
  return (i == 0 || !isId(s[i - 1])) && (i + n >= s.size() || !isId(s[i + n]));
}

size_t skipSpace(const std::string& s, const std::vector<bool>& code, size_t i) {
  while (i < s.size() && (!code[i] || std::isspace((unsigned char)s[i])))
    ++i;
  return i;
}

/// The position of the bracket closing the one at i (code only), or npos.
size_t matching(const std::string& s, const std::vector<bool>& code, size_t i) {
  char open = s[i], close = open == '{' ? '}' : ')';
  int depth = 0;
  for (size_t j = i; j < s.size(); ++j) {
    if (!code[j])
      continue;
    if (s[j] == open)
      ++depth;
    else if (s[j] == close && --depth == 0)
      return j;
  }
  return std::string::npos;
}

/// The names of the function-like macros the unit defines (`#define F(`).
std::set<std::string> unitMacros(const std::string& s, const std::vector<bool>& code) {
  std::set<std::string> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!code[i] || s[i] != '#' ||
        (i > 0 && s[i - 1] != '\n' && !std::isspace((unsigned char)s[i - 1])))
      continue;
    size_t j = skipSpace(s, code, i + 1);
    if (s.compare(j, 6, "define") != 0)
      continue;
    j = skipSpace(s, code, j + 6);
    size_t k = j;
    while (k < s.size() && (std::isalnum((unsigned char)s[k]) || s[k] == '_'))
      ++k;
    if (k > j && k < s.size() && s[k] == '(')
      out.insert(s.substr(j, k - j));
  }
  return out;
}

/// Whether the variable `name` may change while the region [from, to) of
/// the unit runs, as far as the text shows: its address is taken anywhere
/// in the unit (`&name`: a pointer may write it), or inside the region it
/// is assigned, incremented or decremented, an element or member of it is
/// (`name[`, `name.`, `name->`), or it is an argument of a macro (a name in
/// capitals, or one the unit defines). Otherwise the region cannot change a
/// local variable, and the `locate` block may capture its value.
bool mayChange(const std::string& s, const std::vector<bool>& code, size_t from, size_t to,
               const std::string& name, const std::set<std::string>& macros) {
  auto prevCode = [&](size_t i) -> size_t { // the code position before i, or npos
    while (i > 0) {
      --i;
      if (code[i] && !std::isspace((unsigned char)s[i]))
        return i;
    }
    return std::string::npos;
  };
  auto identBefore = [&](size_t i) { // the identifier ending just before position i
    size_t e = prevCode(i);
    if (e == std::string::npos || !(std::isalnum((unsigned char)s[e]) || s[e] == '_'))
      return std::string();
    size_t b = e;
    while (b > 0 && (std::isalnum((unsigned char)s[b - 1]) || s[b - 1] == '_'))
      --b;
    return s.substr(b, e + 1 - b);
  };
  for (size_t i = 0; i < s.size(); ++i) {
    if (!identAt(s, code, i, name.c_str()))
      continue;
    size_t p = prevCode(i);
    if (p != std::string::npos && s[p] == '&' && (p == 0 || s[p - 1] != '&'))
      return true; // address taken (or a bitwise and: either way, not sure)
    if (i < from || i >= to)
      continue;
    if (p != std::string::npos && p > 0 && (s[p] == '+' || s[p] == '-') && s[p - 1] == s[p])
      return true; // ++name, --name
    size_t n = skipSpace(s, code, i + name.size());
    if (n < s.size()) {
      char c = s[n], d = n + 1 < s.size() ? s[n + 1] : 0, e = n + 2 < s.size() ? s[n + 2] : 0;
      if (c == '[' || c == '.' || (c == '-' && d == '>'))
        return true;
      if ((c == '=' && d != '=') || ((c == '+' || c == '-') && d == c))
        return true;
      if (std::strchr("+-*/%&|^", c) && d == '=')
        return true;
      if ((c == '<' || c == '>') && d == c && e == '=')
        return true;
    }
    // an argument of a macro: the callee of each enclosing parenthesis
    int depth = 0;
    for (size_t j = i; j > from;) {
      --j;
      if (!code[j])
        continue;
      if (s[j] == ')')
        ++depth;
      else if (s[j] == '(' && depth-- == 0) {
        depth = 0;
        std::string callee = identBefore(j);
        if (!callee.empty() && (allCaps(callee) || macros.count(callee)))
          return true;
      }
    }
  }
  return false;
}

} // namespace

PassertRewrite rewritePasserts(std::string& text, const std::string& file) {
  PassertRewrite out;
  std::vector<bool> code = codeMask(text);
  const std::set<std::string> macros = unitMacros(text, code);
  struct Edit {
    size_t pos, len;
    std::string with;
  };
  std::vector<Edit> edits;
  std::ostringstream tail;
  auto lineCol = [&](size_t pos, unsigned& line, unsigned& col) {
    line = 1;
    size_t bol = 0;
    for (size_t i = 0; i < pos; ++i)
      if (text[i] == '\n') {
        ++line;
        bol = i + 1;
      }
    col = unsigned(pos - bol + 1);
  };
  auto blanks = [&](size_t from, size_t to) {
    std::string b;
    for (size_t i = from; i < to; ++i)
      b += text[i] == '\n' ? '\n' : ' ';
    return b;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (!identAt(text, code, i, "thru"))
      continue;
    size_t open = skipSpace(text, code, i + 4);
    if (open >= text.size() || text[open] != '{')
      continue;
    size_t close = matching(text, code, open);
    if (close == std::string::npos)
      continue;
    size_t pa = skipSpace(text, code, close + 1);
    if (!identAt(text, code, pa, "passert"))
      continue;
    size_t lp = skipSpace(text, code, pa + 7);
    if (lp >= text.size() || text[lp] != '(')
      continue;
    size_t rp = matching(text, code, lp);
    if (rp == std::string::npos)
      continue;
    size_t end = skipSpace(text, code, rp + 1);
    end = end < text.size() && text[end] == ';' ? end + 1 : rp + 1;
    unsigned line, col;
    lineCol(i, line, col);
    // e, comments blanked, as written (whitespace runs as one blank)
    std::string e, shown;
    for (size_t k = lp + 1; k < rp; ++k)
      e += code[k] ? text[k] : ' ';
    for (char ch : e)
      if (!std::isspace((unsigned char)ch))
        shown += ch;
      else if (!shown.empty() && shown.back() != ' ')
        shown += ' ';
    while (!shown.empty() && shown.back() == ' ')
      shown.pop_back();
    int k = out.count;
    std::vector<Tok> toks;
    std::string why, eval;
    Translator tr({}, k);
    bool ok = lexExpr(e, toks, why);
    if (ok) {
      tr = Translator(toks, k);
      ok = tr.run(eval);
      why = tr.why;
    }
    if (!ok) {
      std::cerr << file << ":" << line << ":" << col
                << ": warning: chorus cc: this parallel assertion is not checked at run time: "
                << why << " (`chorus verify` checks it)\n";
      edits.push_back({i, 4, "    "});
      edits.push_back({close + 1, end - close - 1, blanks(close + 1, end)});
      continue;
    }
    ++out.count;
    std::string id = std::to_string(k);
    std::string begin = "{";
    // a variable used only as an index that the region cannot change is
    // read by its name: the block captures a local's value at BEGIN (not
    // its address, which would make every access to it an instrumented
    // one) and reads a global where it is
    for (const auto& [name, ptr] : tr.captures) {
      if (!tr.notIndex.count(name) && !mayChange(text, code, open, close, name, macros)) {
        auto byName = [&](std::string& s) {
          for (size_t at; (at = s.find("(*" + ptr + ")")) != std::string::npos;)
            s.replace(at, ptr.size() + 3, "(" + name + ")");
        };
        for (auto& l : tr.locs) {
          byName(l.located);
          for (auto& d : l.deps)
            byName(d.located);
        }
        continue;
      }
      begin += " __typeof__(" + name + ") *" + ptr + " = &(" + name + ");";
    }
    // the memory the locations are computed from: named by the block
    // itself when the text shows it all (chorus_rt_pa_begin_d), else
    // recorded by the runtime while the block runs
    size_t ndeps = 0;
    bool depsKnown = true;
    for (const auto& l : tr.locs) {
      ndeps += l.deps.size();
      depsKnown = depsKnown && l.depsKnown;
    }
    depsKnown = depsKnown && ndeps <= 16; // RT_DEPS (runtime/threads)
    // the locations' sizes and kinds: static arrays, so that BEGIN does not
    // build them each time, unless a location's size is not a constant (a
    // variable-length array: then compound literals, built at BEGIN)
    std::string sizes, kinds, constant, z = "chorus_rt_pa_z" + id, kk = "chorus_rt_pa_k" + id;
    for (size_t l = 0; l < tr.locs.size(); ++l) {
      std::string size = "sizeof(" + tr.locs[l].text + ")";
      std::string isConstant = "__builtin_constant_p(" + size + ")";
      sizes += (l ? ", " : "") + ("__builtin_choose_expr(" + isConstant + ", " + size + ", 0)");
      kinds += (l ? ", " : "") + (tr.locs[l].value ? "CHORUS_RT_PA_KIND(" + tr.locs[l].text + ")"
                                                   : std::string("CHORUS_RT_PA_OTHER"));
      constant += (l ? " && " : "") + isConstant;
    }
    if (tr.locs.empty()) {
      sizes = kinds = "0";
      constant = "1";
    }
    begin += " static const unsigned long " + z + "[] = {" + sizes +
             "}; static const unsigned char " + kk + "[] = {" + kinds + "};";
    begin +=
        " chorus_rt_pa_scope chorus_rt_pa_s" + id +
        " __attribute__((cleanup(chorus_rt_pa_end))) = chorus_rt_pa_begin" +
        (depsKnown ? "_d" : "") + "(&chorus_rt_pa_" + id +
        (depsKnown
             ? ", ^int(void** chorus_rt_a, const void** chorus_rt_d, unsigned long* chorus_rt_l) {"
             : ", ^(void** chorus_rt_a) {");
    for (size_t l = 0; l < tr.locs.size(); ++l)
      begin += " chorus_rt_a[" + std::to_string(l) + "] = (void*)&(" + tr.locs[l].located + ");";
    if (depsKnown) {
      begin += " int chorus_rt_n = 0;";
      for (const auto& l : tr.locs)
        for (const auto& d : l.deps) {
          std::string one = "{ chorus_rt_d[chorus_rt_n] = &(" + d.located +
                            "); chorus_rt_l[chorus_rt_n++] = sizeof(" + d.located + "); }";
          begin += d.ifPointer ? " if (__builtin_types_compatible_p(__typeof__(" + d.located +
                                     "), __typeof__(&(" + d.located + ")[0]))) " + one
                               : " " + one;
        }
      begin += " return chorus_rt_n;";
    }
    begin += " }, __builtin_choose_expr(" + constant + ", " + z + ", (const unsigned long[]){";
    for (size_t l = 0; l < tr.locs.size(); ++l)
      begin += (l ? ", sizeof(" : "sizeof(") + tr.locs[l].text + ")";
    if (tr.locs.empty())
      begin += "0";
    begin += "}), __builtin_choose_expr(" + constant + ", " + kk + ", (const unsigned char[]){" +
             kinds + "}));";
    // never run: names each location's address and value in the region's
    // frame for the static filter (PassertFilter.cpp), which reads them
    // from the IR
    begin += " if (chorus_rt_pa_never) chorus_rt_pa_probe(" + id;
    for (const auto& l : tr.locs)
      begin += ", &(" + l.text + "), (" + l.text + ")";
    begin += "); ";
    edits.push_back({i, 4, begin});
    edits.push_back({close + 1, end - close - 1, " }" + blanks(close + 1, end)});
    out.prologue += "static const chorus_rt_pa_site chorus_rt_pa_" + id + ";\n";
    tail << "static const char* const chorus_rt_pa_locs" << id << "[] = {";
    for (size_t l = 0; l < tr.locs.size(); ++l)
      tail << (l ? ", " : "") << cString(tr.locs[l].text);
    if (tr.locs.empty())
      tail << "0";
    tail << "};\nstatic int chorus_rt_pa_eval" << id << "(chorus_rt_pa_ctx* c) {\n";
    for (size_t h = 0; h < tr.latches.size(); ++h)
      tail << "  chorus_rt_pa_latch(c, " << h << ", " << tr.latches[h] << ");\n";
    tail << "  return " << eval << ";\n}\n"
         << "static const chorus_rt_pa_site chorus_rt_pa_" << id << " = {" << cString(file) << ", "
         << line << ", " << col << ", " << cString(shown) << ", " << tr.locs.size()
         << ", chorus_rt_pa_locs" << id << ", " << tr.latches.size() << ", chorus_rt_pa_eval" << id
         << "};\n";
  }
  // right to left, so that earlier positions stay valid (edits never overlap)
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.pos > b.pos; });
  for (const Edit& ed : edits)
    text.replace(ed.pos, ed.len, ed.with);
  out.tail = tail.str();
  out.rewritten = !edits.empty();
  return out;
}

} // namespace chorus::driver
