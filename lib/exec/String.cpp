// Models of the <string.h> string functions: strlen, strnlen, strcpy,
// strncpy, strcat, strcmp, strncmp, strcasecmp, strncasecmp (<strings.h>,
// the C locale), strchr, strrchr, memchr, strstr, strspn, strcspn, strpbrk,
// memcmp, strtok/strtok_r, strdup/strndup (a new block from malloc: the
// program frees it), strncat. Characters may be symbolic: where
// the path condition does not decide whether a character is the
// terminating NUL (or whether two characters differ), the call forks
// (Machine::choose), one branch per outcome, as a loop over the string would.
// Every access is a checked access of the character array: a string that is
// not terminated inside its object, or a destination too small, is
// OUT_OF_BOUNDS; an uninitialized character is UNINITIALIZED_READ.
// Comparisons return the difference of the first differing characters as
// unsigned char (C11 7.24.4p1; glibc's value), the case-insensitive ones of
// their lower-case forms. The searches stop at the first match, reading no
// character after it (a buffer that is not terminated after the match is
// not an error); memchr reads at most n characters of a character buffer.
// strtok keeps where it stopped in the process's library state
// (LibSlot::Strtok, shared by the process's threads as glibc's static is);
// strtok(NULL, ...) before any strtok of a string is UNDEFINED_BEHAVIOR
// (C11 7.24.5.8p3: the first call of a sequence has a string).
#include "CString.h"
#include "LibState.h"
#include "Library.h"

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

/// The character c as unsigned char: (c mod 256) in 0..255.
Expr uchar(Machine& m, Expr c) {
  if (c->type()->isBool())
    c = m.boolToInt(c);
  if (auto v = m.concreteInt(c))
    return m.intc(((*v % 256) + 256) % 256);
  Expr r = m.f.mod(c, m.intc(256));
  return m.f.ite(m.f.lt(r, m.intc(0)), m.f.add(r, m.intc(256)), r);
}

/// tolower in the C locale of an unsigned char value.
Expr lower(Machine& m, Expr u) {
  Expr upper = m.f.logicalAnd(m.f.le(m.intc('A'), u), m.f.le(u, m.intc('Z')));
  return m.f.ite(upper, m.f.add(u, m.intc('a' - 'A')), u);
}

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

/// strncat(d, s, n): at most n characters of s, then a NUL, after d's
/// string (d needs room for strlen(d) + min(n, strlen(s)) + 1).
Outcome runStrncat(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr dp = m.arg(st, 0), n = m.arg(st, 2);
  m.checkDefined(n);
  Cursor d(m, dp, "the destination"), s(m, m.arg(st, 1), "the source");
  int64_t k = length(m, d), j = 0;
  for (; m.choose(m.f.lt(m.intc(j), n)); ++j) {
    if (j >= kMaxString)
      tooLong(m);
    Expr c = s.read(j);
    if (isNul(m, c))
      break;
    d.write(k + j, c);
  }
  d.write(k + j, m.intc(0));
  return done(m, t, dp, nullptr);
}

/// strdup(s), strndup(s, n): a new block from malloc (the program's: not
/// freed, a MEMORY_LEAK) holding s (at most n characters of it) and a NUL.
Outcome runStrdup(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr n = name == "strndup" ? m.arg(st, 1) : nullptr;
  if (n)
    m.checkDefined(n);
  Cursor s(m, m.arg(st, 0), (name + "'s string").c_str());
  std::vector<Expr> cs;
  for (int64_t k = 0; !n || m.choose(m.f.lt(m.intc(k), n)); ++k) {
    if (k >= kMaxString)
      tooLong(m);
    Expr c = s.read(k);
    if (isNul(m, c))
      break;
    cs.push_back(c);
  }
  cs.push_back(m.intc(0));
  return done(m, t, charBlock(m, cs, false), nullptr);
}

/// strcmp, strncmp, strcasecmp, strncasecmp: the count of the n-forms is
/// an unsigned size_t (a negative int passed is a huge count).
Outcome runStrcmp(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  const bool counted = name == "strncmp" || name == "strncasecmp";
  const bool nocase = name == "strcasecmp" || name == "strncasecmp";
  Expr n = counted ? m.arg(st, 2) : nullptr;
  if (n)
    m.checkDefined(n);
  Cursor a(m, m.arg(st, 0), "the first string"), b(m, m.arg(st, 1), "the second string");
  for (int64_t k = 0;; ++k) {
    if (n && !m.choose(m.f.lt(m.intc(k), n)))
      break;
    if (k >= kMaxString)
      tooLong(m);
    Expr ca = uchar(m, a.read(k)), cb = uchar(m, b.read(k));
    if (nocase) {
      ca = lower(m, ca);
      cb = lower(m, cb);
    }
    if (m.choose(m.f.neq(ca, cb)))
      return done(m, t, m.f.sub(ca, cb), nullptr);
    if (isNul(m, ca))
      break;
  }
  return done(m, t, m.intc(0), nullptr);
}

/// strchr/strrchr(s, c): the first/last character equal to (char)c, the
/// terminating NUL included.
Outcome runStrchr(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Cursor s(m, m.arg(st, 0), (name + "'s string").c_str());
  Expr c = m.arg(st, 1);
  m.checkDefined(c);
  c = uchar(m, c);
  const bool last = name == "strrchr";
  Expr found = m.V.nullPointer();
  for (int64_t k = 0; k < kMaxString; ++k) {
    Expr ch = s.read(k);
    if (m.choose(m.f.eq(uchar(m, ch), c))) {
      if (!last)
        return done(m, t, s.pointer(k), nullptr);
      found = s.pointer(k);
    }
    if (isNul(m, ch))
      return done(m, t, found, nullptr);
  }
  tooLong(m);
  return Outcome::Done;
}

/// memchr(s, c, n): the first of the n characters equal to (unsigned char)c,
/// or NULL. The buffer must hold characters (else `unknown`).
Outcome runMemchr(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr pv = m.arg(st, 0), c = m.arg(st, 1), n = m.arg(st, 2);
  m.checkDefined(c);
  m.checkDefined(n);
  c = uchar(m, c);
  // a null or invalid pointer is undefined even for n = 0 (C11 7.24.1p2)
  const model::Type* et = bufferElement(m, st, 0, pv, name);
  if (et->size != 1 || !(et->kind == TypeKind::Int || et->kind == TypeKind::Bool))
    throw Unsupported("memchr of a buffer of '" + et->name + "' elements at " + m.where());
  if (!m.choose(m.f.lt(m.intc(0), n)))
    return done(m, t, m.V.nullPointer(), nullptr);
  Cursor s(m, pv, "memchr's buffer");
  for (int64_t k = 0;; ++k) {
    if (k > 0 && !m.choose(m.f.lt(m.intc(k), n)))
      return done(m, t, m.V.nullPointer(), nullptr);
    if (k >= kMaxString)
      tooLong(m);
    if (m.choose(m.f.eq(uchar(m, s.read(k)), c)))
      return done(m, t, s.pointer(k), nullptr);
  }
}

/// strnlen(s, n): the length of s, at most n; reads no character past n.
Outcome runStrnlen(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Expr n = m.arg(st, 1);
  m.checkDefined(n);
  Cursor s(m, m.arg(st, 0), "strnlen's string");
  for (int64_t k = 0;; ++k) {
    if (!m.choose(m.f.lt(m.intc(k), n)))
      return done(m, t, n, nullptr);
    if (k >= kMaxString)
      tooLong(m);
    if (isNul(m, s.read(k)))
      return done(m, t, m.intc(k), nullptr);
  }
}

/// Is character c one of the characters of the set string?
bool inSet(Machine& m, Cursor& set, Expr c) {
  for (int64_t j = 0; j < kMaxString; ++j) {
    Expr a = set.read(j);
    if (isNul(m, a))
      return false;
    if (m.choose(m.f.eq(a, c)))
      return true;
  }
  tooLong(m);
  return false;
}

/// strspn(s, accept), strcspn(s, reject): the length of the prefix of s
/// whose characters are all in (strspn) / all outside (strcspn) the set;
/// strpbrk(s, accept): a pointer to the first character of s in the set, or
/// NULL.
Outcome runStrspn(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Cursor s(m, m.arg(st, 0), "the string"), set(m, m.arg(st, 1), "the character set");
  const bool inside = name == "strspn";
  for (int64_t k = 0; k < kMaxString; ++k) {
    Expr c = s.read(k);
    if (isNul(m, c))
      return done(m, t, name == "strpbrk" ? m.V.nullPointer() : m.intc(k), nullptr);
    if (inSet(m, set, c) != inside)
      return done(m, t, name == "strpbrk" ? s.pointer(k) : m.intc(k), nullptr);
  }
  tooLong(m);
  return Outcome::Done;
}

/// strtok(s, delim), strtok_r(s, delim, saveptr): the next token of s, or
/// for s NULL of the string the previous call stopped in (strtok's own
/// saved pointer, strtok_r's *saveptr): the leading delimiters skipped, the
/// token's first delimiter overwritten by a NUL; NULL when only delimiters
/// are left.
Outcome runStrtok(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  const bool reentrant = name == "strtok_r";
  Expr start = m.arg(st, 0);
  m.checkDefined(start);
  std::optional<Place> save;
  if (reentrant)
    save = m.placeOfPointer(m.arg(st, 2), st.args[2]->type->elem, m.me);
  auto p = m.V.decodePointer(start);
  if (p && p->root.kind == RootKind::Null) {
    if (save) {
      start = m.readPlace(*save);
      m.checkDefined(start);
    } else {
      start = m.libState(LibSlot::Strtok);
      if (!start)
        m.fail(ViolationKind::UndefinedBehavior,
               "strtok(NULL, ...) with no string to continue (C11 7.24.5.8p3)", m.pc());
    }
  }
  Cursor s(m, start, (name + "'s string").c_str()), set(m, m.arg(st, 1), "the delimiters");
  auto finish = [&](Expr next, Expr result) {
    if (save)
      m.writePlace(*save, next);
    else
      m.setLibState(LibSlot::Strtok, next);
    return done(m, t, result, nullptr);
  };
  int64_t k = 0;
  for (;; ++k) {
    if (k >= kMaxString)
      tooLong(m);
    Expr c = s.read(k);
    if (isNul(m, c))
      return finish(s.pointer(k), m.V.nullPointer());
    if (!inSet(m, set, c))
      break;
  }
  const int64_t token = k;
  for (++k;; ++k) {
    if (k >= kMaxString)
      tooLong(m);
    Expr c = s.read(k);
    if (isNul(m, c))
      return finish(s.pointer(k), s.pointer(token));
    if (inSet(m, set, c)) {
      s.write(k, m.intc(0));
      return finish(s.pointer(k + 1), s.pointer(token));
    }
  }
}

/// strstr(haystack, needle): the first occurrence of needle, or NULL; an
/// empty needle is found at the start.
Outcome runStrstr(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  Cursor h(m, m.arg(st, 0), "the string"), nd(m, m.arg(st, 1), "the string searched for");
  for (int64_t i = 0; i < kMaxString; ++i) {
    for (int64_t j = 0;; ++j) {
      if (i + j >= kMaxString)
        tooLong(m);
      Expr nc = nd.read(j);
      if (isNul(m, nc))
        return done(m, t, h.pointer(i), nullptr);
      Expr hc = h.read(i + j);
      if (isNul(m, hc)) // no later occurrence fits
        return done(m, t, m.V.nullPointer(), nullptr);
      if (m.choose(m.f.neq(hc, nc)))
        break;
    }
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
  r.add("strncat", {runStrncat});
  r.add({"strdup", "strndup"}, {runStrdup});
  r.add({"strcmp", "strncmp", "strcasecmp", "strncasecmp"}, {runStrcmp});
  r.add({"strchr", "strrchr"}, {runStrchr});
  r.add("memchr", {runMemchr});
  r.add("strnlen", {runStrnlen});
  r.add({"strspn", "strcspn", "strpbrk"}, {runStrspn});
  r.add("strstr", {runStrstr});
  r.add({"strtok", "strtok_r"}, {runStrtok});
  r.add("memcmp", {runMemcmp});
}

} // namespace chorus::exec
