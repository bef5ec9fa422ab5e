// Models of <math.h> and abs: fabs/abs/labs/llabs exactly (abs of the most
// negative value is SIGNED_OVERFLOW); div/ldiv/lldiv exactly (a zero divisor
// is DIVISION_BY_ZERO, the most negative value divided by -1
// SIGNED_OVERFLOW, as the operators / and % are: C11 7.22.6.2). The other functions on concrete
// arguments are computed by the C library chorus runs on (glibc's libm, as
// the program's real run on this machine): the result in the function's
// type (sqrt: double, sqrtf: float, sqrtl: long double), exactly; a call
// of constant arguments gets the value gcc computes at compile time
// (GccFold.cpp: correctly rounded). On
// symbolic arguments they are uninterpreted real functions (sqrt checks
// its argument ≥ 0; its value is ≥ 0, exp's > 0 over the reals and ≥ 0 in
// IEEE types, where it underflows to 0): nothing is known of their values but that equal
// arguments give equal results, so a violation whose execution depends on
// one is not definite — Machine::fail makes it `unknown`, naming the
// function (abstractMathIn). With IEEE types such a value is a finite
// number: the call requires its argument to lie where the function is
// finite (finiteWhere), else it is `unknown`.
#include "Library.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <unordered_map>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

Outcome runAbs(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr x = m.arg(s, 0);
  Expr zero = x->type()->isReal() ? m.f.realConst(0) : m.intc(0);
  const model::Type* rt = declaredResult(m, name, s);
  if (auto h = hostFloat(x); h && m.ieee(rt)) { // fabs(-0.0), fabs(-inf), fabs(-nan)
    m.setResult(s, m.floatValue(std::fabs(*h)), nullptr);
    m.advance(t);
    return Outcome::Done;
  }
  if (rt && Machine::isCInt(rt) && rt->isSigned && m.ex.options().overflowCheck) {
    // the most negative value has no positive counterpart: abs(INT_MIN) is
    // undefined (C11 7.22.6.1), gcc's -fsanitize reports it as an overflow
    auto [lo, hi] = Machine::intRange(rt);
    m.require(m.f.neq(x, m.f.intConst(lo)), ViolationKind::SignedOverflow,
              name + "(" + lo.toString() + ") is not representable in " + rt->name);
  }
  m.setResult(s, m.f.ite(m.f.lt(x, zero), m.f.neg(x), x), nullptr);
  m.advance(t);
  return Outcome::Done;
}

/// div(a, b), ldiv, lldiv: the struct {quot, rem} of C's / and %.
Outcome runDiv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr a = m.arg(s, 0), b = m.arg(s, 1);
  m.checkDefined(a);
  m.checkDefined(b);
  const model::Type* rt = declaredResult(m, name, s);
  if (!rt || rt->kind != TypeKind::Struct || rt->fieldIndex("quot") == model::kNone ||
      rt->fieldIndex("rem") == model::kNone)
    throw Unsupported("result type of " + name + " at " + m.where());
  const model::Type* it = rt->fields[rt->fieldIndex("quot")].type;
  m.require(m.f.neq(b, m.intc(0)), ViolationKind::DivisionByZero, name + " by zero");
  if (Machine::isCInt(it) && m.ex.options().overflowCheck) {
    auto [lo, hi] = Machine::intRange(it);
    m.require(m.f.logicalNot(m.f.logicalAnd(m.f.eq(a, m.f.intConst(lo)), m.f.eq(b, m.intc(-1)))),
              ViolationKind::SignedOverflow,
              name + "(" + lo.toString() + ", -1): the quotient is not representable in " +
                  it->name);
  }
  if (s.lhs) {
    Place pl = m.evalPlace(s.lhs);
    for (const char* field : {"quot", "rem"}) {
      Place q = pl;
      q.path.push_back(m.intc(rt->fieldIndex(field)));
      q.type = it;
      m.writePlace(q, field[0] == 'q' ? m.f.div(a, b) : m.f.mod(a, b));
    }
    m.step.effects.push_back(m.text(s.lhs) + " = {" + m.show(m.f.div(a, b)) + ", " +
                             m.show(m.f.mod(a, b)) + "}");
  }
  m.advance(t);
  return Outcome::Done;
}

constexpr const char* kMathPrefix = "libm.";

/// The exact value of a finite T (float, double, long double).
template <class T> sym::Rational exactly(T d) {
  int e = 0;
  T frac = std::frexp(d, &e); // d = frac * 2^e, 0.5 <= |frac| < 1
  constexpr int bits = std::numeric_limits<T>::digits;
  T scaled = std::ldexp(frac < 0 ? -frac : frac, bits); // an integer < 2^bits
  auto mant = static_cast<unsigned long long>(scaled);
  sym::Rational r = sym::Rational(int64_t(mant >> 32)) * sym::Rational(int64_t(1) << 32) +
                    sym::Rational(int64_t(mant & 0xffffffffULL));
  sym::Rational two(2);
  for (e -= bits; e > 0; --e)
    r *= two;
  for (; e < 0; ++e)
    r = r / two;
  return frac < 0 ? -r : r;
}

/// The <math.h> functions of floating arguments and result computed here
/// (each also with its f and l suffix).
constexpr const char* kMathBases[] = {
    "sqrt",  "exp",   "log",   "sin",   "cos",   "tan",   "pow",      "atan",      "log10",
    "floor", "ceil",  "fmin",  "fmax",  "atan2", "round", "trunc",    "rint",      "cbrt",
    "log2",  "exp2",  "expm1", "log1p", "asin",  "acos",  "sinh",     "cosh",      "tanh",
    "asinh", "acosh", "atanh", "fmod",  "hypot", "fdim",  "copysign", "remainder", "nearbyint"};

/// The function a name of a math function names without its float (f) or
/// long double (l) suffix, and the suffix ('\0' for double).
std::pair<std::string, char> baseName(const std::string& name) {
  for (const char* b : kMathBases) {
    if (name == b)
      return {name, 0};
    if (name.size() == std::strlen(b) + 1 && name.compare(0, name.size() - 1, b) == 0 &&
        (name.back() == 'f' || name.back() == 'l'))
      return {b, name.back()};
  }
  return {name, 0};
}

/// glibc's fmin (max false) or fmax of x and y, called through a pointer:
/// the compiler's built-in form of std::fmin orders -0.0 below +0.0 where
/// glibc returns either zero (fmin(-0.0, 0.0) is +0.0 in the real run).
template <class T> T libMinMax(bool max, T x, T y) {
  using F = T (*)(T, T);
  F lo, hi;
  if constexpr (std::is_same_v<T, float>)
    lo = ::fminf, hi = ::fmaxf;
  else if constexpr (std::is_same_v<T, double>)
    lo = ::fmin, hi = ::fmax;
  else
    lo = ::fminl, hi = ::fmaxl;
  F volatile fn = max ? hi : lo; // (read at run time: no built-in form)
  return fn(x, y);
}

/// f(xs) computed in T by the C library when every argument is concrete (a
/// number, or with --float ieee an infinity, a NaN or -0.0); nothing
/// otherwise. The result may be an infinity or NaN (log(0.0), sqrt(-1.0)).
template <class T>
std::optional<long double> computeIn(const std::string& base, const std::vector<Expr>& xs) {
  std::vector<T> a;
  for (Expr x : xs) {
    auto h = hostFloat(x);
    if (!h)
      return std::nullopt;
    if constexpr (std::is_same_v<T, long double>)
      a.push_back(*h);
    else if (x->kind() == sym::Kind::NumConst)
      a.push_back(T(x->value().toDouble()));
    else
      a.push_back(T(*h));
  }
  using U = T (*)(T);
  using B = T (*)(T, T);
  static const std::unordered_map<std::string, U> unary{
      {"sqrt", [](T x) { return std::sqrt(x); }},
      {"exp", [](T x) { return std::exp(x); }},
      {"log", [](T x) { return std::log(x); }},
      {"sin", [](T x) { return std::sin(x); }},
      {"cos", [](T x) { return std::cos(x); }},
      {"tan", [](T x) { return std::tan(x); }},
      {"atan", [](T x) { return std::atan(x); }},
      {"log10", [](T x) { return std::log10(x); }},
      {"floor", [](T x) { return std::floor(x); }},
      {"ceil", [](T x) { return std::ceil(x); }},
      {"round", [](T x) { return std::round(x); }},
      {"trunc", [](T x) { return std::trunc(x); }},
      {"rint", [](T x) { return std::rint(x); }},
      {"cbrt", [](T x) { return std::cbrt(x); }},
      {"log2", [](T x) { return std::log2(x); }},
      {"exp2", [](T x) { return std::exp2(x); }},
      {"expm1", [](T x) { return std::expm1(x); }},
      {"log1p", [](T x) { return std::log1p(x); }},
      {"asin", [](T x) { return std::asin(x); }},
      {"acos", [](T x) { return std::acos(x); }},
      {"sinh", [](T x) { return std::sinh(x); }},
      {"cosh", [](T x) { return std::cosh(x); }},
      {"tanh", [](T x) { return std::tanh(x); }},
      {"asinh", [](T x) { return std::asinh(x); }},
      {"acosh", [](T x) { return std::acosh(x); }},
      {"atanh", [](T x) { return std::atanh(x); }},
      {"nearbyint", [](T x) { return std::nearbyint(x); }}};
  static const std::unordered_map<std::string, B> binary{
      {"pow", [](T x, T y) { return std::pow(x, y); }},
      {"fmin", [](T x, T y) { return libMinMax(false, x, y); }},
      {"fmax", [](T x, T y) { return libMinMax(true, x, y); }},
      {"atan2", [](T x, T y) { return std::atan2(x, y); }},
      {"fmod", [](T x, T y) { return std::fmod(x, y); }},
      {"hypot", [](T x, T y) { return std::hypot(x, y); }},
      {"fdim", [](T x, T y) { return std::fdim(x, y); }},
      {"copysign", [](T x, T y) { return std::copysign(x, y); }},
      {"remainder", [](T x, T y) { return std::remainder(x, y); }}};
  T r;
  if (auto u = unary.find(base); u != unary.end() && a.size() == 1)
    r = u->second(a[0]);
  else if (auto b = binary.find(base); b != binary.end() && a.size() == 2)
    r = b->second(a[0], a[1]);
  else
    return std::nullopt;
  return r;
}

/// f(xs) in the floating type of name's suffix (sqrtf: float, sqrtl: long
/// double, sqrt: double), as the program's own libm computes it.
std::optional<long double> compute(const std::string& name, const std::vector<Expr>& xs) {
  auto [base, suffix] = baseName(name);
  if (suffix == 'f')
    return computeIn<float>(base, xs);
  if (suffix == 'l')
    return computeIn<long double>(base, xs);
  return computeIn<double>(base, xs);
}

/// The class of x as a value of the floating type of `bits` bits.
int classIn(long double x, unsigned bits) {
  if (bits <= 32)
    return std::fpclassify(float(x));
  if (bits <= 64)
    return std::fpclassify(double(x));
  return std::fpclassify(x);
}

/// Whether gcc folded the math calls nested in the arguments of call s
/// (the lowering's temporaries holding their results): a call of constant
/// arguments it leaves to run time gives an infinity, a NaN, or by
/// underflow a zero or subnormal, so a temporary holding a normal number
/// was folded (a zero or subnormal may have been: not known, false).
bool nestedFolded(Machine& m, const model::Stmt& s) {
  std::vector<const model::Expr*> todo(s.args.begin(), s.args.end());
  while (!todo.empty()) {
    const model::Expr* e = todo.back();
    todo.pop_back();
    if (!e)
      continue;
    if (e->kind == model::ExprKind::Var && m.P.vars[e->var].kind == model::VarKind::Temp) {
      const model::Type* t = m.P.vars[e->var].type;
      auto h = hostFloat(m.evalValue(e));
      if (!h || !t || t->kind != TypeKind::Real || classIn(*h, t->bits) != FP_NORMAL)
        return false;
    }
    todo.insert(todo.end(), e->kids.begin(), e->kids.end());
  }
  return true;
}

/// The value of a call `name` of constant arguments xs (the lowering says
/// gcc sees constants) whose library value is v: gcc's compile-time value
/// (correctly rounded) when gcc folds it. Arguments holding nested calls
/// are constants only if gcc folded those: when that matters (the two
/// values differ) it is `unknown`.
long double foldedByGcc(Machine& m, const std::string& name, const model::Stmt& s,
                        const std::vector<Expr>& xs, long double v) {
  auto [base, suffix] = baseName(name);
  std::vector<long double> hs;
  for (Expr x : xs)
    hs.push_back(*hostFloat(x));
  auto g = gccFold(base, suffix, hs);
  if (!g)
    return v;
  bool differ = *g != v || std::signbit(*g) != std::signbit(v);
  if (s.argsAre == model::Stmt::Args::ConstIfFolded && differ && !nestedFolded(m, s))
    throw Unsupported("the value of " + name + " at " + m.where() +
                      ": its arguments hold calls gcc may compute at compile time (correctly "
                      "rounded) or at run time (by the C library), which differ here");
  if (s.argsAre == model::Stmt::Args::Maybe && differ)
    throw Unsupported("the value of " + name + " at " + m.where() +
                      ": gcc computes it at compile time (correctly rounded) if its "
                      "simplifications make the arguments constants, else the C library does, "
                      "and the two differ here");
  return *g;
}

/// The largest finite value of the floating type of `bits` bits.
long double largest(unsigned bits) {
  return bits <= 32   ? std::numeric_limits<float>::max()
         : bits <= 64 ? std::numeric_limits<double>::max()
                      : std::numeric_limits<long double>::max();
}

/// Where base(xs) in the IEEE type of `bits` bits is a finite number (the
/// values the uninterpreted function stands for: not a NaN out of the
/// function's domain, not an infinity at a pole or by overflow), with its
/// description in `where`; the bounds near overflow are conservative (exp:
/// x <= 709 for double, where it overflows above 709.78). Null when it
/// always is.
Expr finiteWhere(Machine& m, const std::string& base, const std::vector<Expr>& xs, unsigned bits,
                 std::string& where) {
  auto& f = m.f;
  for (Expr x : xs)
    if (auto h = hostFloat(x); h && !std::isfinite(*h)) {
      where = "an argument an infinity or NaN";
      return f.falseExpr();
    }
  const long double big = largest(bits);
  auto num = [&](long double v) { return f.realConst(sym::Rational::fromLongDouble(v)); };
  auto within = [&](Expr x, long double b) { // |x| <= b
    return f.logicalAnd(f.le(x, num(b)), f.le(num(-b), x));
  };
  // (bounds a little inside the overflow threshold: 1 - 2^-20 of it)
  const long double in = 1 - std::ldexp(1.0L, -20), out = 1 + std::ldexp(1.0L, -20);
  Expr x = xs[0];
  if (base == "log" || base == "log2" || base == "log10") {
    where = "x > 0: NaN below 0, -inf at 0";
    return f.lt(f.realConst(0), x);
  }
  if (base == "log1p") {
    where = "x > -1: NaN below -1, -inf at -1";
    return f.lt(f.realConst(-1), x);
  }
  if (base == "asin" || base == "acos") {
    where = "-1 <= x <= 1: NaN outside";
    return within(x, 1);
  }
  if (base == "acosh") {
    where = "x >= 1: NaN below";
    return f.le(f.realConst(1), x);
  }
  if (base == "atanh") {
    where = "-1 < x < 1: NaN outside, an infinity at -1 and 1";
    return f.logicalAnd(f.lt(f.realConst(-1), x), f.lt(x, f.realConst(1)));
  }
  if (base == "exp" || base == "expm1" || base == "sinh" || base == "cosh" || base == "exp2") {
    long double b = std::floor(base == "exp2" ? std::log2(big) : std::log(big));
    where = (base == "cosh" || base == "sinh" ? "|x| <= " : "x <= ") + std::to_string(int64_t(b)) +
            ": an infinity above (overflow)";
    return base == "cosh" || base == "sinh" ? within(x, b) : f.le(x, num(b));
  }
  if (base == "fmod" || base == "remainder") {
    where = "y != 0: NaN for 0";
    return f.neq(xs[1], f.realConst(0));
  }
  if (base == "hypot" || base == "fdim") {
    where = "|x|, |y| <= half the largest value: an infinity beyond (overflow)";
    return f.logicalAnd(within(x, big / 2), within(xs[1], big / 2));
  }
  if (base == "pow") {
    auto hx = hostFloat(x), hy = hostFloat(xs[1]);
    where = "the arguments where pow is finite (no NaN for a negative base, no infinity by "
            "overflow or for 0 to a negative power)";
    if (hy) { // x^y for a constant y: |x| below (y < 0: above) max^(1/y)
      long double y = *hy;
      if (y == 0)
        return nullptr;
      long double b = std::pow(big, 1 / y) * (y > 0 ? in : out);
      Expr ok = y > 0 ? f.le(x, num(b)) : f.le(num(b), x);
      if (y == std::trunc(y))
        return y > 0 ? within(x, b) : f.logicalOr(ok, f.le(x, num(-b)));
      // (a negative base with a fractional power is NaN)
      return y > 0 ? f.logicalAnd(f.le(f.realConst(0), x), ok) : ok;
    }
    if (hx && *hx > 0) { // b^y for a constant b > 0: y below (b < 1: above) log_b(max)
      long double b = *hx;
      if (b == 1)
        return nullptr;
      long double e = std::log(big) / std::log(b) * in;
      return b > 1 ? f.le(xs[1], num(e)) : f.le(num(e), xs[1]);
    }
    return f.falseExpr();
  }
  return nullptr; // sin, cos, tan, atan, atan2, sinh, tanh, asinh, cbrt, floor, ...
}

Outcome runUninterpreted(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::vector<Expr> xs;
  std::vector<sym::Type> ts;
  for (size_t i = 0; i < s.args.size(); ++i) {
    xs.push_back(m.toReal(m.arg(s, i)));
    ts.push_back(m.f.realType());
  }
  const std::string base = baseName(name).first;
  const model::Type* rt = declaredResult(m, name, s);
  if (!rt || rt->kind != TypeKind::Real)
    rt = m.P.types.doubleType();
  auto v = compute(name, xs);
  if (v && m.ieee(rt) && s.argsAre != model::Stmt::Args::Runtime)
    v = foldedByGcc(m, name, s, xs, *v);
  if (base == "sqrt" && !(v && m.ieee(rt))) {
    Expr ok = m.f.le(m.f.realConst(0), xs[0]);
    if (!m.ieee(rt))
      m.require(ok, ViolationKind::Assertion, name + " of a negative number");
    else if (Expr c = m.pc(), neg = m.f.logicalNot(ok);
             m.ex.oracle().valid(c, neg) == Answer::Yes ||
             m.ex.oracle().valid(m.f.logicalAnd(c, m.roundingFacts(m.f.logicalAnd(c, neg))), neg) ==
                 Answer::Yes)
      v = -std::numeric_limits<long double>::quiet_NaN(); // (always negative: x86's NaN)
    else // (IEEE: a NaN, not modelled for a symbolic argument that may be negative)
      m.floatDomain(ok, name + " of a negative number");
  }
  if (!v && m.ieee(rt) && base != "sqrt") {
    // the uninterpreted value stands for a finite number: only where it is
    std::string where;
    if (Expr ok = finiteWhere(m, base, xs, rt->bits, where))
      m.floatDomain(ok, name + " of an argument where it may be an infinity or NaN (finite for " +
                            where + ")");
  }
  Expr r;
  if (v && m.ieee(rt))
    r = m.floatValue(*v); // (an infinity or NaN too: log(0.0), sqrt(-1.0))
  else if (v && std::isfinite(*v))
    r = m.f.realConst(exactly(*v));
  else {
    r = m.f.apply(m.f.symbol(kMathPrefix + name, m.f.functionType(ts, m.f.realType())), xs);
    // the ranges the functions are known by (an IEEE exp underflows to 0)
    if (base == "sqrt")
      m.gs.pc = m.f.logicalAnd(m.gs.pc, m.f.le(m.f.realConst(0), r));
    else if (base == "exp")
      m.gs.pc = m.f.logicalAnd(m.gs.pc, m.ieee(rt) ? m.f.le(m.f.realConst(0), r)
                                                   : m.f.lt(m.f.realConst(0), r));
  }
  m.setResult(s, r, rt);
  m.advance(t);
  return Outcome::Done;
}

/// __builtin_inf, __builtin_huge_val, __builtin_nan (f, l; INFINITY,
/// HUGE_VAL, NAN): an infinity or a quiet NaN (--float ieee; the payload
/// nan("...") selects is not kept: printf shows none).
Outcome runSpecialConst(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (!m.ex.options().ieeeFloat)
    throw Unsupported(name + " at " + m.where() +
                      " (--float real: floating types are reals, without infinities and NaN)");
  bool nan = name.find("nan") != std::string::npos;
  m.setResult(s,
              m.floatValue(nan ? std::numeric_limits<long double>::quiet_NaN()
                               : std::numeric_limits<long double>::infinity()),
              nullptr);
  m.advance(t);
  return Outcome::Done;
}

/// isnan, isinf (__builtin_isinf_sign: -1, 1 or 0), isfinite, isnormal,
/// signbit and fpclassify (its five class values first) of <math.h>, as
/// gcc -O0 on x86-64 computes them: signbit is 1 for a double, the sign bit
/// of a float's bits (INT_MIN) and 512 for a long double (x87's C1 flag).
/// A symbolic argument is finite (kFiniteFloats).
Outcome runClassify(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool classify = name == "__builtin_fpclassify";
  size_t xi = classify ? 5 : 0;
  if (s.args.size() != xi + 1)
    throw Unsupported(name + " with " + std::to_string(s.args.size()) + " arguments at " +
                      m.where());
  Expr x = m.arg(s, xi);
  m.checkDefined(x);
  x = m.toReal(x);
  const model::Type* xt = s.args[xi]->type;
  unsigned bits = xt && xt->kind == TypeKind::Real ? xt->bits : 64;
  std::string what = name.substr(std::strlen("__builtin_"));
  if (what.rfind("signbit", 0) == 0)
    what = "signbit";
  int64_t negSign = bits <= 32 ? INT32_MIN : bits <= 64 ? 1 : 512;
  Expr r;
  if (auto h = hostFloat(x)) {
    int c = classIn(*h, bits);
    int64_t v = 0;
    if (what == "isnan")
      v = c == FP_NAN;
    else if (what == "isinf")
      v = c == FP_INFINITE;
    else if (what == "isinf_sign")
      v = c == FP_INFINITE ? (std::signbit(*h) ? -1 : 1) : 0;
    else if (what == "isfinite")
      v = c != FP_NAN && c != FP_INFINITE;
    else if (what == "isnormal")
      v = c == FP_NORMAL;
    else if (what == "signbit")
      v = std::signbit(*h) ? negSign : 0;
    if (classify) {
      size_t k = c == FP_NAN         ? 0
                 : c == FP_INFINITE  ? 1
                 : c == FP_NORMAL    ? 2
                 : c == FP_SUBNORMAL ? 3
                                     : 4;
      r = m.arg(s, k);
    } else {
      r = m.intc(v);
    }
  } else {
    // a symbolic value is finite (and its zero is +0.0)
    m.ex.noteAssumption(kFiniteFloats);
    long double least = bits <= 32   ? std::numeric_limits<float>::min()
                        : bits <= 64 ? std::numeric_limits<double>::min()
                                     : std::numeric_limits<long double>::min();
    Expr zero = m.f.realConst(0), lo = m.f.realConst(sym::Rational::fromLongDouble(least));
    Expr normal = m.f.logicalOr(m.f.le(lo, x), m.f.le(x, m.f.neg(lo)));
    if (what == "isfinite")
      r = m.intc(1);
    else if (what == "isnormal")
      r = m.f.ite(normal, m.intc(1), m.intc(0));
    else if (what == "signbit")
      r = m.f.ite(m.f.lt(x, zero), m.intc(negSign), m.intc(0));
    else if (classify)
      r = m.f.ite(m.f.eq(x, zero), m.arg(s, 4), m.f.ite(normal, m.arg(s, 2), m.arg(s, 3)));
    else
      r = m.intc(0); // isnan, isinf, isinf_sign
  }
  m.setResult(s, r, nullptr);
  m.advance(t);
  return Outcome::Done;
}

/// isgreater, isgreaterequal, isless, islessequal, islessgreater,
/// isunordered of <math.h> (__builtin_...): the comparison, false when an
/// argument is a NaN (isunordered: true then).
Outcome runCompare(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (s.args.size() != 2)
    throw Unsupported(name + " with " + std::to_string(s.args.size()) + " arguments at " +
                      m.where());
  Expr x = m.arg(s, 0), y = m.arg(s, 1);
  m.checkDefined(x);
  m.checkDefined(y);
  std::string what = name.substr(std::strlen("__builtin_"));
  Expr r;
  if (what == "islessgreater")
    r = m.f.logicalOr(m.relation(Op::Lt, x, y), m.relation(Op::Gt, x, y));
  else if (what == "isunordered") // (x != x: a NaN; a symbolic value is finite)
    r = m.f.logicalOr(m.relation(Op::Ne, x, x), m.relation(Op::Ne, y, y));
  else
    r = m.relation(what == "isgreater"        ? Op::Gt
                   : what == "isgreaterequal" ? Op::Ge
                   : what == "isless"         ? Op::Lt
                                              : Op::Le,
                   x, y);
  m.setResult(s, m.f.ite(r, m.intc(1), m.intc(0)), nullptr);
  m.advance(t);
  return Outcome::Done;
}

} // namespace

namespace {

/// A range fact runUninterpreted added (0 <= sqrt(..), 0 < exp(..)): true
/// of the real function, so it admits no execution the program cannot have.
bool isRangeFact(Expr c) {
  if ((c->kind() != sym::Kind::Le && c->kind() != sym::Kind::Lt) || c->numChildren() != 1)
    return false;
  Expr a = c->child(0);
  if (a->kind() != sym::Kind::Apply || a->child(0)->kind() != sym::Kind::Symbol)
    return false;
  const std::string& n = a->child(0)->name();
  if (n.rfind(kMathPrefix, 0) != 0)
    return false;
  std::string base = baseName(n.substr(std::strlen(kMathPrefix))).first;
  return base == "sqrt" || base == "exp";
}

} // namespace

sym::Rational exactReal(long double d) {
  return exactly(d);
}

std::string abstractMathIn(sym::ExprFactory& f, Expr e) {
  std::vector<Expr> parts;
  if (e->kind() == sym::Kind::And)
    parts.assign(e->children().begin(), e->children().end());
  else
    parts.push_back(e);
  for (Expr c : parts) {
    if (isRangeFact(c))
      continue;
    for (Expr s : f.freeSymbols(c))
      if (s->type()->isFunction() && s->name().rfind(kMathPrefix, 0) == 0)
        return "the value of " + s->name().substr(std::string(kMathPrefix).size()) +
               " for a symbolic argument, which chorus does not compute";
  }
  return {};
}

void registerMath(LibraryRegistry& r) {
  r.add({"fabs", "fabsf", "fabsl", "abs", "labs", "llabs", "__builtin_abs", "__builtin_labs",
         "__builtin_llabs", "__builtin_fabs"},
        {runAbs});
  r.add({"div", "ldiv", "lldiv"}, {runDiv});
  for (const char* c : {"inf", "huge_val", "nan"})
    for (const char* suffix : {"", "f", "l"})
      r.add(std::string("__builtin_") + c + suffix, {runSpecialConst});
  r.add({"__builtin_isnan", "__builtin_isinf", "__builtin_isinf_sign", "__builtin_isfinite",
         "__builtin_isnormal", "__builtin_signbit", "__builtin_signbitf", "__builtin_signbitl",
         "__builtin_fpclassify"},
        {runClassify});
  r.add({"__builtin_isgreater", "__builtin_isgreaterequal", "__builtin_isless",
         "__builtin_islessequal", "__builtin_islessgreater", "__builtin_isunordered"},
        {runCompare});
  for (const char* f : kMathBases)
    for (const char* suffix : {"", "f", "l"})
      r.add(std::string(f) + suffix, {runUninterpreted});
}

} // namespace chorus::exec
