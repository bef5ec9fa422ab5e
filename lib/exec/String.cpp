// Models of the <string.h> string functions: strlen, strcpy, strncpy,
// strcat, strcmp, strncmp, strchr, memcmp. Characters may be symbolic: where
// the path condition does not decide whether a character is the
// terminating NUL (or whether two characters differ), the call forks
// (Machine::choose), one branch per outcome, as a loop over the string would.
// Every access is a checked access of the character array: a string that is
// not terminated inside its object, or a destination too small, is
// OUT_OF_BOUNDS; an uninitialized character is UNINITIALIZED_READ.
// Comparisons return the difference of the first differing characters (as
// the values the program stored; C compares them as unsigned char).
#include "CString.h"
#include "Library.h"

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

int64_t length(Machine& m, Cursor& s) {
  for (int64_t k = 0; k < kMaxString; ++k)
    if (isNul(m, s.read(k)))
      return k;
  tooLong(m);
  return 0;
}

Outcome done(Machine& m, const model::Transition& t, Expr result, const model::Type* rt) {
  m.setResult(t.stmt, result, rt);
  m.advance(t);
  return Outcome::Done;
}

Outcome runStrlen(Machine& m, const std::string& name, const model::Transition& t) {
  Cursor s(m, m.arg(t.stmt, 0), "strlen's argument");
  return done(m, t, m.intc(length(m, s)), nullptr);
}

Outcome runStrcpy(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr dp = m.arg(st, 0);
  Cursor d(m, dp, "the destination"), s(m, m.arg(st, 1), "the source");
  int64_t k = 0;
  if (name == "strcat")
    k = length(m, d);
  for (int64_t j = 0;; ++j) {
    if (j >= kMaxString)
      tooLong(m);
    Expr c = s.read(j);
    d.write(k + j, c);
    if (isNul(m, c))
      break;
  }
  return done(m, t, dp, nullptr);
}

Outcome runStrncpy(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr dp = m.arg(st, 0);
  int64_t n = m.requireConcrete(m.arg(st, 2), "strncpy count");
  if (n < 0)
    m.fail(ViolationKind::OutOfBounds, "strncpy with a negative count", m.pc());
  if (n > kMaxString)
    tooLong(m);
  Cursor d(m, dp, "the destination"), s(m, m.arg(st, 1), "the source");
  bool ended = false;
  for (int64_t j = 0; j < n; ++j) {
    Expr c = m.intc(0);
    if (!ended) {
      c = s.read(j);
      ended = isNul(m, c);
    }
    d.write(j, c);
  }
  return done(m, t, dp, nullptr);
}

Outcome runStrcmp(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  int64_t n = kMaxString;
  if (name == "strncmp") {
    n = m.requireConcrete(m.arg(st, 2), "strncmp count");
    if (n < 0)
      m.fail(ViolationKind::OutOfBounds, "strncmp with a negative count", m.pc());
  }
  Cursor a(m, m.arg(st, 0), "the first string"), b(m, m.arg(st, 1), "the second string");
  for (int64_t k = 0; k < n; ++k) {
    if (k >= kMaxString)
      tooLong(m);
    Expr ca = a.read(k), cb = b.read(k);
    if (m.choose(m.f.neq(ca, cb)))
      return done(m, t, m.f.sub(ca, cb), nullptr);
    if (isNul(m, ca))
      break;
  }
  return done(m, t, m.intc(0), nullptr);
}

Outcome runStrchr(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Cursor s(m, m.arg(st, 0), "strchr's string");
  Expr c = m.arg(st, 1);
  if (c->type()->isBool())
    c = m.boolToInt(c);
  for (int64_t k = 0; k < kMaxString; ++k) {
    Expr ch = s.read(k);
    if (m.choose(m.f.eq(ch, c)))
      return done(m, t, s.pointer(k), nullptr);
    if (isNul(m, ch))
      return done(m, t, m.V.nullPointer(), nullptr);
  }
  tooLong(m);
  return Outcome::Done;
}

/// memcmp(a, b, n) over the elements of the two buffers (n a whole number of
/// elements). Equal buffers give 0; otherwise the sign compares the first
/// differing elements (by value, not by byte order).
Outcome runMemcmp(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr pa = m.arg(st, 0), pb = m.arg(st, 1);
  int64_t bytes = m.requireConcrete(m.arg(st, 2), "memcmp size");
  if (bytes < 0)
    m.fail(ViolationKind::OutOfBounds, "memcmp of a negative size", m.pc());
  if (bytes == 0)
    return done(m, t, m.intc(0), nullptr);
  const model::Type* ea = m.elementTypeOf(pa);
  const model::Type* eb = m.elementTypeOf(pb);
  if (!ea || !eb || ea->size == 0 || ea->size != eb->size || !ea->isScalar() || !eb->isScalar())
    throw Unsupported("memcmp of buffers of different or unknown element types at " + m.where());
  if (bytes % int64_t(ea->size))
    throw Unsupported("memcmp of a partial element at " + m.where());
  int64_t count = bytes / int64_t(ea->size);
  std::vector<Expr> xa = m.readElements(pa, count, ea), xb = m.readElements(pb, count, eb);
  for (int64_t k = 0; k < count; ++k) {
    m.checkDefined(xa[size_t(k)]);
    m.checkDefined(xb[size_t(k)]);
    Expr x = xa[size_t(k)], y = xb[size_t(k)];
    if (m.V.isPointer(x) || m.V.isPointer(y))
      throw Unsupported("memcmp of pointers at " + m.where());
    if (x->type() != y->type()) {
      x = m.toReal(x);
      y = m.toReal(y);
    }
    if (m.choose(m.f.neq(x, y)))
      return done(m, t, m.f.ite(m.f.lt(x, y), m.intc(-1), m.intc(1)), nullptr);
  }
  return done(m, t, m.intc(0), nullptr);
}

} // namespace

void registerStrings(LibraryRegistry& r) {
  r.add("strlen", {runStrlen});
  r.add({"strcpy", "strcat"}, {runStrcpy});
  r.add("strncpy", {runStrncpy});
  r.add({"strcmp", "strncmp"}, {runStrcmp});
  r.add("strchr", {runStrchr});
  r.add("memcmp", {runMemcmp});
}

} // namespace chorus::exec
