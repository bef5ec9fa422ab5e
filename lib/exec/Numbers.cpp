// Models of the <stdlib.h> conversions of strings to numbers: strtol,
// strtoll, strtoul, strtoull, strtod, strtof, atoi, atol, atoll, atof.
//
// The string is read character by character through a checked Cursor
// (CString.h), as glibc's implementation reads it: leading white space
// (isspace in the "C" locale), an optional sign, for the integer forms an
// optional 0x/0X prefix (base 16 or 0) or 0 (base 0: octal), then the
// digits of the base. Characters may be symbolic: each test on one (is it
// a digit, a sign, ...) is a Machine::choose, so the call forks into one
// run per shape of the string and the value is a linear expression of the
// digit characters.
//
// Results as glibc gives them: strtol/strtoll saturate at LONG_MAX/LONG_MIN
// and strtoul/strtoull at ULONG_MAX (a negative number is negated as
// unsigned), and consume every digit; with no digits the result is 0 and
// *endptr is the string itself ("0x" without a hex digit converts the 0);
// atoi(s) is (int)strtol(s, NULL, 10), atol/atoll strtol, atof
// strtod(s, NULL). A base other than 0 or 2..36 gives 0 without touching
// *endptr. errno is not modelled (a program reading it gets `unknown`: its
// accessor __errno_location is not modelled).
//
// strtod/strtof give the value of the decimal string rounded to the result
// type as glibc rounds it (--float ieee; Float.cpp; with --float real the
// exact decimal, a real); "inf"/"infinity"/"nan"/"nan(chars)" are
// infinities and NaN and "-0" is -0.0 with --float ieee (with --float real
// "inf"/"nan" are `unknown`); a value beyond the type's range is an
// infinity, one below it a zero or subnormal, rounded as glibc does (--float
// ieee: "1e400" is HUGE_VAL; glibc's ERANGE is not modelled: errno is not);
// hexadecimal floating constants, a symbolic exponent digit, with --float
// real a value whose magnitude may exceed the type's largest finite value
// or be below its smallest positive one, and with symbolic digits a
// magnitude that may be beyond the range are `unknown`.
#include "CString.h"
#include "Library.h"

#include <cctype>
#include <limits>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

bool charIs(Machine& m, Expr c, char x) {
  return m.choose(m.f.eq(c, m.intc(x)));
}

bool charIn(Machine& m, Expr c, int64_t lo, int64_t hi) {
  return m.choose(m.f.logicalAnd(m.f.le(m.intc(lo), c), m.f.le(c, m.intc(hi))));
}

/// isspace in the "C" locale: ' ', '\t', '\n', '\v', '\f', '\r'.
bool isSpace(Machine& m, Expr c) {
  return m.choose(m.f.logicalOr(m.f.eq(c, m.intc(' ')),
                                m.f.logicalAnd(m.f.le(m.intc(9), c), m.f.le(c, m.intc(13)))));
}

/// The value of digit character c in `base` (2..36), or null when c is not
/// one.
Expr digitValue(Machine& m, Expr c, int64_t base) {
  if (charIn(m, c, '0', '0' + std::min<int64_t>(base, 10) - 1))
    return m.f.sub(c, m.intc('0'));
  if (base > 10) {
    if (charIn(m, c, 'a', 'a' + base - 11))
      return m.f.sub(c, m.intc('a' - 10));
    if (charIn(m, c, 'A', 'A' + base - 11))
      return m.f.sub(c, m.intc('A' - 10));
  }
  return nullptr;
}

/// Leading white space and sign: the index of the first character after
/// them; neg set for '-'.
int64_t skipSpaceSign(Machine& m, Cursor& s, bool& neg) {
  int64_t k = 0;
  while (isSpace(m, s.read(k)))
    if (++k >= kMaxString)
      tooLong(m);
  neg = false;
  Expr c = s.read(k);
  if (charIs(m, c, '-')) {
    neg = true;
    ++k;
  } else if (charIs(m, c, '+')) {
    ++k;
  }
  return k;
}

/// An integer conversion: the magnitude of the digits (not saturated), the
/// sign, and the index of the first character not converted (0: none).
struct IntScan {
  Expr magnitude;
  bool neg = false;
  int64_t end = 0;
  sym::Rational bound{0}; ///< magnitude <= bound on every path
};

IntScan scanInt(Machine& m, Cursor& s, int64_t base) {
  IntScan r{m.intc(0), false, 0};
  bool neg;
  int64_t k = skipSpaceSign(m, s, neg);
  if ((base == 0 || base == 16) && charIs(m, s.read(k), '0')) {
    Expr x = s.read(k + 1);
    if (charIs(m, x, 'x') || charIs(m, x, 'X')) {
      if (!digitValue(m, s.read(k + 2), 16)) { // "0x" without a hex digit: the 0
        r.neg = neg;
        r.end = k + 1;
        return r;
      }
      base = 16;
      k += 2;
    } else if (base == 0) {
      base = 8;
    }
  }
  if (base == 0)
    base = 10;
  Expr acc = m.intc(0);
  sym::Rational bound(0);
  bool any = false;
  for (;; ++k) {
    if (k >= kMaxString)
      tooLong(m);
    Expr d = digitValue(m, s.read(k), base);
    if (!d)
      break;
    acc = m.f.add(m.f.mul(acc, m.intc(base)), d);
    auto dv = m.concreteInt(d);
    bound = bound * sym::Rational(base) + sym::Rational(dv ? *dv : base - 1);
    any = true;
  }
  if (!any)
    return r;
  r.magnitude = acc;
  r.bound = bound;
  r.neg = neg;
  r.end = k;
  return r;
}

sym::Rational power(int64_t b, int64_t e) {
  sym::Rational r(1);
  for (int64_t i = 0; i < (e < 0 ? -e : e); ++i)
    r *= sym::Rational(b);
  return e < 0 ? sym::Rational(1) / r : r;
}

/// The saturated result of an integer conversion to a type of `bits` bits.
Expr intResult(Machine& m, const IntScan& r, bool isSigned, unsigned bits) {
  Expr v = r.magnitude;
  if (isSigned) {
    Expr max = m.f.intConst(power(2, bits - 1) - sym::Rational(1));
    Expr lim = m.f.intConst(power(2, bits - 1));
    bool fits = r.bound < power(2, bits - 1);
    if (r.neg)
      return fits ? m.f.neg(v) : m.f.ite(m.f.lt(lim, v), m.f.neg(lim), m.f.neg(v));
    return fits ? v : m.f.ite(m.f.lt(max, v), max, v);
  }
  Expr umax = m.f.intConst(power(2, bits) - sym::Rational(1));
  Expr val = r.neg ? m.f.ite(m.f.eq(v, m.intc(0)), v, m.f.sub(m.f.intConst(power(2, bits)), v)) : v;
  return r.bound < power(2, bits) ? val : m.f.ite(m.f.lt(umax, v), umax, val);
}

/// v (in the range of a 64-bit long) converted to int as gcc does: modulo 2^32.
Expr toInt32(Machine& m, Expr v) {
  Expr span = m.f.intConst(power(2, 32));
  Expr r = m.f.mod(v, span); // C remainder: the sign of v
  Expr half = m.f.intConst(power(2, 31));
  return m.f.ite(m.f.le(half, r), m.f.sub(r, span),
                 m.f.ite(m.f.lt(r, m.f.neg(half)), m.f.add(r, span), r));
}

/// Writes s + end to *endptr (argument i) unless endptr is null.
void setEnd(Machine& m, const model::Stmt& st, size_t i, Cursor& s, int64_t end) {
  Expr ep = m.arg(st, i);
  if (m.V.isUndef(ep))
    m.fail(ViolationKind::UninitializedRead, "endptr is an uninitialized pointer", m.pc());
  auto p = m.V.decodePointer(ep);
  if (p && p->root.kind == RootKind::Null)
    return;
  const model::Type* pt = staticPointee(st.args[i]);
  m.writePlace(m.placeOfPointer(ep, pt, m.me), s.pointer(end));
}

Outcome runStrtol(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  bool ato = name[0] == 'a';
  const model::Type* rt = declaredResult(m, name, st);
  int64_t base = 10;
  if (!ato) {
    Expr b = m.arg(st, 2);
    m.checkDefined(b);
    base = m.requireConcrete(b, "base");
  }
  if (base != 0 && (base < 2 || base > 36)) { // glibc: EINVAL, 0, endptr untouched
    m.step.effects.push_back(name + ": invalid base " + std::to_string(base));
    m.setResult(st, m.intc(0), rt);
    m.advance(t);
    return Outcome::Done;
  }
  Cursor s(m, m.arg(st, 0), (name + "'s string").c_str());
  IntScan r = scanInt(m, s, base);
  bool isSigned = name != "strtoul" && name != "strtoull";
  Expr v = intResult(m, r, isSigned, 64);
  if (name == "atoi" && !(r.bound < power(2, 31)))
    v = toInt32(m, v);
  if (!ato)
    setEnd(m, st, 1, s, r.end);
  m.setResult(st, v, rt);
  m.advance(t);
  return Outcome::Done;
}

/// strtod/strtof/atof: the value of the decimal string (see the file
/// comment) and the index of the first character not converted.
Expr scanReal(Machine& m, Cursor& s, const std::string& name, bool isFloat, int64_t& end) {
  end = 0;
  bool neg;
  int64_t k = skipSpaceSign(m, s, neg);
  Expr c = s.read(k);
  // "inf", "infinity", "nan", "nan(chars)" (any case): values with --float
  // ieee, not of the reals
  for (const char* word : {"infinity", "inf", "nan"}) {
    int64_t j = 0;
    while (word[j] && (charIs(m, s.read(k + j), word[j]) ||
                       charIs(m, s.read(k + j), char(word[j] - 'a' + 'A'))))
      ++j;
    if (word[j])
      continue;
    if (!m.ex.options().ieeeFloat)
      throw Unsupported(name + " of \"" + word +
                        "\" (--float real: floating types are reals, without infinities and "
                        "NaN) at " +
                        m.where());
    end = k + j;
    if (word[0] == 'n' && charIs(m, s.read(end), '(')) // nan(n-char-sequence)
      for (int64_t e = end + 1; e < end + 64; ++e) {
        auto ch = m.concreteInt(s.read(e));
        if (ch && *ch == ')') {
          end = e + 1;
          break;
        }
        if (!ch || !(std::isalnum(int(*ch)) || *ch == '_'))
          break;
      }
    long double x = word[0] == 'n' ? std::numeric_limits<long double>::quiet_NaN()
                                   : std::numeric_limits<long double>::infinity();
    return m.floatValue(neg ? -x : x);
  }
  if (charIs(m, c, '0')) {
    Expr x = s.read(k + 1);
    if (charIs(m, x, 'x') || charIs(m, x, 'X')) {
      Expr y = s.read(k + 2);
      if (digitValue(m, y, 16) || (charIs(m, y, '.') && digitValue(m, s.read(k + 3), 16)))
        throw Unsupported(name + " of a hexadecimal floating constant at " + m.where());
    }
  }
  Expr acc = m.intc(0);
  int64_t digits = 0, frac = 0;
  auto mantissa = [&](bool fraction) {
    for (;; ++k) {
      if (k >= kMaxString)
        tooLong(m);
      Expr d = digitValue(m, s.read(k), 10);
      if (!d)
        return;
      acc = m.f.add(m.f.mul(acc, m.intc(10)), d);
      ++digits;
      frac += fraction ? 1 : 0;
    }
  };
  mantissa(false);
  if (charIs(m, s.read(k), '.')) {
    ++k;
    mantissa(true);
  }
  if (digits == 0)
    return m.f.realConst(0);
  int64_t exp = 0;
  Expr e = s.read(k);
  if (charIs(m, e, 'e') || charIs(m, e, 'E')) {
    int64_t j = k + 1;
    bool eneg = false;
    Expr c2 = s.read(j);
    if (charIs(m, c2, '-')) {
      eneg = true;
      ++j;
    } else if (charIs(m, c2, '+')) {
      ++j;
    }
    int64_t ev = 0;
    bool any = false;
    for (;; ++j) {
      if (j >= kMaxString)
        tooLong(m);
      Expr d = digitValue(m, s.read(j), 10);
      if (!d)
        break;
      auto dv = m.concreteInt(d);
      if (!dv)
        throw Unsupported(name + " of a string with a symbolic exponent digit at " + m.where());
      if (ev < 100000)
        ev = ev * 10 + *dv;
      any = true;
    }
    if (any) { // else the 'e' is not part of the number
      exp = eneg ? -ev : ev;
      k = j;
    }
  }
  end = k;
  // magnitude: acc * 10^(exp - frac), 0 <= acc < 10^digits
  int64_t scale = exp - frac;
  sym::Rational maxFinite = isFloat ? (power(2, 24) - sym::Rational(1)) * power(2, 104)
                                    : (power(2, 53) - sym::Rational(1)) * power(2, 971);
  sym::Rational minPositive = isFloat ? power(2, -149) : power(2, -1074);
  auto big = [&](int64_t e10) { // 10^e10 > maxFinite, without computing huge powers
    return e10 > 400 || power(10, e10) > maxFinite;
  };
  auto tiny = [&](int64_t e10) { return e10 < -400 || power(10, e10) < minPositive; };
  if (auto a = m.concreteInt(acc)) {
    if (*a != 0) {
      sym::Rational mag = sym::Rational(*a);
      bool ieee = m.ex.options().ieeeFloat;
      // --float ieee: beyond the range an infinity, below it a zero (glibc
      // sets ERANGE: errno is not modelled); a magnitude in between is
      // rounded by the caller (to the largest finite value or an infinity,
      // to a subnormal or zero)
      if (ieee && (scale + digits - 1 > 400 || scale + digits < -800)) {
        long double x = scale > 0 ? std::numeric_limits<long double>::infinity() : 0.0L;
        return m.floatValue(neg ? -x : x);
      }
      if (!ieee && (big(scale + digits) || tiny(scale - 1))) {
        if (scale > 400 || scale < -800)
          throw Unsupported(name + ": the value is out of the range of its type at " + m.where());
        mag *= power(10, scale);
        if (mag > maxFinite || mag < minPositive)
          throw Unsupported(name + ": the value is out of the range of its type at " + m.where());
      }
    }
  } else if (big(scale + digits) || tiny(scale)) {
    throw Unsupported(name + ": the value may be out of the range of its type at " + m.where());
  }
  if (neg && acc->isZero() && m.ex.options().ieeeFloat)
    return m.floatValue(-0.0L); // "-0": glibc's negative zero
  Expr v = m.f.mul(m.f.intToReal(acc), m.f.realConst(power(10, scale)));
  return neg ? m.f.neg(v) : v;
}

Outcome runStrtod(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& st = t.stmt;
  const model::Type* rt = declaredResult(m, name, st);
  Cursor s(m, m.arg(st, 0), (name + "'s string").c_str());
  int64_t end = 0;
  Expr v = scanReal(m, s, name, name == "strtof", end);
  // --float ieee: glibc's correctly rounded value of the decimal
  v = m.roundFloat(v, rt ? rt : m.P.types.doubleType(), name + "'s value");
  if (name != "atof")
    setEnd(m, st, 1, s, end);
  m.setResult(st, v, rt);
  m.advance(t);
  return Outcome::Done;
}

} // namespace

void registerNumbers(LibraryRegistry& r) {
  r.add({"strtol", "strtoll", "strtoul", "strtoull", "atoi", "atol", "atoll"}, {runStrtol});
  r.add({"strtod", "strtof", "atof"}, {runStrtod});
}

} // namespace chorus::exec
