// Models of <ctype.h>: the character classes (isalnum ... isxdigit,
// isblank) and the case mappings (toupper, tolower) of the "C" locale, as
// glibc computes them. The front end defines __NO_CTYPE (ClangFrontend.cpp)
// so that glibc's header declares them as functions instead of macros
// reading its locale tables through __ctype_b_loc().
//
// A class test returns glibc's mask bit for the class (isdigit('7') is 2048,
// isalpha('a') 1024), 0 outside it; the case mappings return the character
// mapped or unchanged. Symbolic characters give the same value as an
// if-then-else over ranges. C11 7.4p1: the argument must be EOF or a value
// of unsigned char; glibc's tables also cover the negative values of a
// signed char (-128 .. -2: no class, mapped to the unsigned char value,
// toupper(-56) is 200), any other value is UNDEFINED_BEHAVIOR (glibc
// indexes outside its table).
#include "Library.h"

#include <vector>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

struct Range {
  int lo, hi;
};

/// A class: its glibc mask bit (<ctype.h>, little-endian) and its ranges of
/// characters in the "C" locale.
struct CharClass {
  const char* name;
  int mask;
  std::vector<Range> ranges;
};

const std::vector<CharClass>& classes() {
  static const std::vector<CharClass> cs = {
      {"isupper", 1 << 8, {{'A', 'Z'}}},
      {"islower", 1 << 9, {{'a', 'z'}}},
      {"isalpha", 1 << 10, {{'A', 'Z'}, {'a', 'z'}}},
      {"isdigit", 1 << 11, {{'0', '9'}}},
      {"isxdigit", 1 << 12, {{'0', '9'}, {'A', 'F'}, {'a', 'f'}}},
      {"isspace", 1 << 13, {{'\t', '\r'}, {' ', ' '}}},
      {"isprint", 1 << 14, {{' ', '~'}}},
      {"isgraph", 1 << 15, {{'!', '~'}}},
      {"isblank", 1 << 0, {{'\t', '\t'}, {' ', ' '}}},
      {"iscntrl", 1 << 1, {{0, 31}, {127, 127}}},
      {"ispunct", 1 << 2, {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}},
      {"isalnum", 1 << 3, {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}}},
  };
  return cs;
}

Expr inRange(Machine& m, Expr c, int lo, int hi) {
  if (lo == hi)
    return m.f.eq(c, m.intc(lo));
  return m.f.logicalAnd(m.f.le(m.intc(lo), c), m.f.le(c, m.intc(hi)));
}

Outcome runCtype(Machine& m, const std::string& name, const model::Transition& t) {
  Expr c = m.arg(t.stmt, 0);
  m.checkDefined(c);
  if (c->type()->isBool())
    c = m.boolToInt(c);
  m.require(inRange(m, c, -128, 255), ViolationKind::UndefinedBehavior,
            name + "(" + m.text(t.stmt.args[0]) +
                ") of a value that is neither EOF nor an unsigned char (C11 7.4p1)");
  Expr r;
  if (name == "toupper" || name == "tolower") {
    bool up = name == "toupper";
    Expr from = up ? inRange(m, c, 'a', 'z') : inRange(m, c, 'A', 'Z');
    r = m.f.ite(from, m.f.add(c, m.intc(up ? 'A' - 'a' : 'a' - 'A')), c);
    // glibc's tables map a negative signed char to its unsigned char value
    r = m.f.ite(inRange(m, c, -128, -2), m.f.add(c, m.intc(256)), r);
  } else {
    for (const CharClass& cc : classes()) {
      if (name != cc.name)
        continue;
      Expr in = m.f.boolConst(false);
      for (const Range& rg : cc.ranges)
        in = m.f.logicalOr(in, inRange(m, c, rg.lo, rg.hi));
      r = m.f.ite(in, m.intc(cc.mask), m.intc(0));
    }
  }
  m.setResult(t.stmt, r, declaredResult(m, name, t.stmt));
  m.advance(t);
  return Outcome::Done;
}

} // namespace

void registerCtype(LibraryRegistry& r) {
  for (const CharClass& cc : classes())
    r.add(cc.name, {runCtype});
  r.add({"toupper", "tolower"}, {runCtype});
}

} // namespace chorus::exec
