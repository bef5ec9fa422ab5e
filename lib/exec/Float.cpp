// IEEE floating point (ExecOptions::ieeeFloat, `--float ieee`, the default).
// float, double and long double are what gcc gives them on x86-64: binary32
// and binary64 (SSE) and the x87 80-bit extended format, every operation
// rounded to nearest, ties to even, in the type of its result
// (FLT_EVAL_METHOD 0). Values stay exact rationals (every finite binary
// floating-point number is one): an operation computes the exact result and
// rounds it to its type (Rational::roundBinary), which is IEEE 754's
// definition of + - * / and of the conversions.
//
// Infinities, NaN and -0.0 are values of concrete computations: special
// constants (nullary real symbols `ieee.inf`, `ieee.-inf`, `ieee.nan`,
// `ieee.-nan`, `ieee.-0`; NaN payloads are not kept, only the sign printf
// shows). An operation on concrete operands is computed by the host's
// floating-point unit in the operation's type (SSE for float and double,
// x87 for long double, as gcc -O0 compiles it), so overflow, 1/0.0, 0.0/0.0
// (-nan on x86-64), the sign of zero and NaN's propagation are the real
// run's. Comparisons with NaN are false (!= true). A special value meeting a
// symbolic one: -0.0 is 0 (the sign of a symbolic zero is not modelled), an
// infinity is beyond every (finite) symbolic value in a comparison, and an
// arithmetic operation is `unknown` naming it.
//
// A symbolic input ranges over the finite values of its type
// (Executor::Impl::floatInputs; roundingFacts states it to the prover).
//
// On symbolic operands the rounded result is an uninterpreted function
// `fp.TYPE` (one per floating type) of the exact result: nothing is known of
// it but that equal values round alike (c = a + b; assert(c == a + b) is
// proved), so no proof can rely on real arithmetic, and a violation whose
// condition depends on it is `unknown` naming the first location that made
// the rounding (Machine::fail, roundingIn).
#include "ExecutorImpl.h"
#include "Machine.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <unordered_set>

namespace chorus::exec {

namespace {

struct Format {
  int precision, minExp, maxExp;
};

Format formatOf(const model::Type* t) {
  if (t->bits <= 32)
    return {24, -126, 127};
  if (t->bits <= 64)
    return {53, -1022, 1023};
  return {64, -16382, 16383}; // x87 extended (long double, 16 bytes)
}

/// v is a rounding of a symbolic value (`fp.T` applied).
bool isRounding(Expr v) {
  return v->kind() == sym::Kind::Apply && v->child(0)->kind() == sym::Kind::Symbol &&
         v->child(0)->name().rfind(kRoundingPrefix, 0) == 0;
}

/// op (+ - * /) computed in the host type T (the operands are values of T).
template <class T> long double hostOp(Op op, long double x, long double y) {
  volatile T a = T(x), b = T(y); // (volatile: computed at run time, in T)
  T r;
  switch (op) {
  case Op::Add:
    r = a + b;
    break;
  case Op::Sub:
    r = a - b;
    break;
  case Op::Mul:
    r = a * b;
    break;
  default:
    r = a / b;
    break;
  }
  return r;
}

/// A subexpression of e (e too) that satisfies `pred`, or nullptr.
template <class Pred> Expr findIn(Expr e, Pred pred) {
  std::unordered_set<Expr> seen;
  std::vector<Expr> todo{e};
  while (!todo.empty()) {
    Expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(x).second)
      continue;
    if (pred(x))
      return x;
    for (Expr c : x->children())
      todo.push_back(c);
  }
  return nullptr;
}

/// e holds a special floating value.
bool holdsSpecial(Expr e) {
  return findIn(e, [](Expr x) { return isSpecialFloat(x); }) != nullptr;
}

} // namespace

bool isSpecialFloat(Expr v) {
  return v->kind() == sym::Kind::Symbol && v->type()->isReal() &&
         v->name().rfind(kSpecialPrefix, 0) == 0;
}

std::optional<long double> hostFloat(Expr v) {
  if (v->kind() == sym::Kind::NumConst)
    return v->value().toLongDouble();
  if (!isSpecialFloat(v))
    return std::nullopt;
  std::string n = v->name().substr(std::strlen(kSpecialPrefix));
  bool neg = n[0] == '-';
  if (neg)
    n = n.substr(1);
  long double x = n == "inf"   ? std::numeric_limits<long double>::infinity()
                  : n == "nan" ? std::numeric_limits<long double>::quiet_NaN()
                               : 0.0L;
  return neg ? -x : x;
}

Expr Machine::floatValue(long double x) {
  const char* n = nullptr;
  if (std::isnan(x))
    n = std::signbit(x) ? "-nan" : "nan";
  else if (std::isinf(x))
    n = x < 0 ? "-inf" : "inf";
  else if (x == 0 && std::signbit(x))
    n = "-0";
  if (!n)
    return f.realConst(sym::Rational::fromLongDouble(x));
  if (!ex.options().ieeeFloat) {
    if (x == 0)
      return f.realConst(0);
    throw Unsupported(std::string("an infinite or NaN value at ") + where() +
                      " (--float real: floating types are reals)");
  }
  im.floatSpecials = true;
  return f.symbol(std::string(kSpecialPrefix) + n, f.realType());
}

Expr Machine::floatArith(Op op, Expr& a, Expr& b, const model::Type* t) {
  if (a->kind() == sym::Kind::NumConst && b->kind() == sym::Kind::NumConst &&
      !(op == Op::Div && b->isZero())) {
    // two numbers (the common case): the exact result rounded, when that is
    // a number other than zero (a zero's sign and an overflow: the host's)
    Expr exact = op == Op::Add   ? f.add(a, b)
                 : op == Op::Sub ? f.sub(a, b)
                 : op == Op::Mul ? f.mul(a, b)
                                 : f.div(a, b);
    if (exact->kind() == sym::Kind::NumConst)
      if (auto r = roundToType(exact->value(), t); r && r->sign() != 0)
        return f.realConst(*r);
  }
  auto x = hostFloat(a), y = hostFloat(b);
  if (!x || !y) {
    // a symbolic operand: -0.0 is 0 for it; an infinity or NaN is not
    // modelled with symbolic values
    for (Expr* v : {&a, &b})
      if (isSpecialFloat(*v)) {
        if (*hostFloat(*v) != 0)
          throw Unsupported(std::string("an infinity or NaN as an operand of '") +
                            model::opSpelling(op) + "' with a symbolic operand at " + where() +
                            " (not modelled)");
        *v = f.realConst(0);
      }
    return nullptr;
  }
  // (a number that is no value of t, as an integer too large for it, is
  // rounded from the exact result: Machine::roundFloat)
  for (Expr v : {a, b})
    if (v->kind() == sym::Kind::NumConst)
      if (auto r = roundToType(v->value(), t); !r || !(*r == v->value()))
        return nullptr;
  int p = formatOf(t).precision;
  long double r = p == 24   ? hostOp<float>(op, *x, *y)
                  : p == 53 ? hostOp<double>(op, *x, *y)
                            : hostOp<long double>(op, *x, *y);
  return floatValue(r);
}

void Machine::noSpecialIn(Expr v, const std::string& what) {
  if (im.floatSpecials && v->kind() != sym::Kind::NumConst && v->type()->isReal() &&
      holdsSpecial(v))
    throw Unsupported(what + " at " + where() +
                      " combines an infinity or NaN with symbolic values (not modelled)");
}

Expr Machine::floatRelation(Op op, Expr a, Expr b) {
  if (!isSpecialFloat(a) && !isSpecialFloat(b)) {
    noSpecialIn(a, "the comparison");
    noSpecialIn(b, "the comparison");
    return nullptr;
  }
  auto x = hostFloat(a), y = hostFloat(b);
  if (!x || !y) {
    // the other operand is symbolic, so finite: an infinity is beyond it,
    // NaN unordered with it, -0.0 equal to 0 (compared as 0 by the prover)
    long double s = x ? *x : *y;
    if (s == 0)
      return relation(op, isSpecialFloat(a) ? f.realConst(0) : a,
                      isSpecialFloat(b) ? f.realConst(0) : b);
    ex.noteAssumption(kFiniteFloats);
    if (!x)
      x = 0.0L;
    if (!y)
      y = 0.0L;
  }
  bool r;
  switch (op) {
  case Op::Lt:
    r = *x < *y;
    break;
  case Op::Gt:
    r = *x > *y;
    break;
  case Op::Le:
    r = *x <= *y;
    break;
  case Op::Ge:
    r = *x >= *y;
    break;
  case Op::Eq:
    r = *x == *y;
    break;
  default:
    r = !(*x == *y);
    break;
  }
  return f.boolConst(r);
}

std::optional<sym::Rational> roundToType(const sym::Rational& r, const model::Type* t) {
  Format fm = formatOf(t);
  return r.roundBinary(fm.precision, fm.minExp, fm.maxExp);
}

bool holdsFloat(const model::Type* t) {
  if (!t)
    return false;
  if (t->kind == TypeKind::Real)
    return true;
  if (t->kind == TypeKind::Array)
    return holdsFloat(t->elem);
  if (t->isRecord())
    return std::any_of(t->fields.begin(), t->fields.end(),
                       [](const model::Field& fd) { return holdsFloat(fd.type); });
  return false;
}

bool Machine::ieee(const model::Type* t) const {
  return ex.options().ieeeFloat && t && t->kind == TypeKind::Real;
}

Expr Machine::roundFloat(Expr v, const model::Type* t, const std::string& what) {
  if (!ieee(t) || isSpecialFloat(v)) // (an infinity, a NaN, -0.0: values of every type)
    return v;
  v = toReal(v);
  if (v->kind() == sym::Kind::NumConst) {
    const sym::Rational& exact = v->value();
    auto r = roundToType(exact, t);
    if (!r) // round to nearest overflows to an infinity
      return floatValue(exact.sign() < 0 ? -std::numeric_limits<long double>::infinity()
                                         : std::numeric_limits<long double>::infinity());
    if (r->sign() == 0 && exact.sign() < 0) // (an underflow keeps the sign)
      return floatValue(-0.0L);
    return f.realConst(*r);
  }
  noSpecialIn(v, what);
  // (an infinity or NaN is not a value of the model: the verdict says so)
  ex.noteAssumption(kFiniteFloats);
  sym::Type real = f.realType();
  Expr fn = f.symbol(std::string(kRoundingPrefix) + t->name,
                     f.functionType(std::span<const sym::Type>(&real, 1), real));
  if (isRounding(v) && v->child(0) == fn)
    return v; // (a value of t already)
  Expr r = f.apply(fn, std::span<const Expr>(&v, 1));
  im.roundingSites.emplace(r, "the floating-point rounding of symbolic values at " + where());
  im.roundingTypes.emplace(fn, t);
  return r;
}

Expr Machine::roundingFacts(Expr e) {
  if (im.roundingSites.empty() && im.floatInputs.empty())
    return f.trueExpr();
  std::unordered_set<Expr> seen;
  std::vector<Expr> todo{e}, facts, roundings, consts, inputs;
  while (!todo.empty()) {
    Expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(x).second)
      continue;
    for (Expr c : x->children())
      todo.push_back(c);
    if (x->kind() == sym::Kind::NumConst && x->type()->isReal())
      consts.push_back(x);
    // (one rounding to a type; not the reductions of unorderedFloat, whose
    // value depends on an order of several roundings)
    if (isRounding(x) && im.roundingTypes.count(x->child(0)))
      roundings.push_back(x);
    if (x->kind() == sym::Kind::Symbol && im.floatInputs.count(x))
      inputs.push_back(x);
  }
  // a value of T (an input, a rounding) is never strictly between the two
  // neighbours in T of a constant T does not represent (x != 0.1 for a
  // float x), and an input is finite and on T's grid
  auto valueOf = [&](Expr x, const model::Type* t) {
    for (Expr c : consts) {
      auto r = roundToType(c->value(), t);
      if (!r || *r == c->value())
        continue;
      long double h = r->toLongDouble(), inf = std::numeric_limits<long double>::infinity();
      long double g = *r < c->value() ? inf : -inf; // (toward c)
      int p = formatOf(t).precision;
      long double n = p == 24   ? std::nextafter(float(h), float(g))
                      : p == 53 ? std::nextafter(double(h), double(g))
                                : std::nextafter(h, g);
      if (std::isinf(n))
        continue; // (beyond the largest finite value: the input's range says it)
      Expr a = f.realConst(*r), b = f.realConst(sym::Rational::fromLongDouble(n));
      if (!(*r < c->value()))
        std::swap(a, b);
      facts.push_back(f.logicalOr(f.le(x, a), f.le(b, x)));
    }
  };
  for (Expr x : inputs) {
    const model::Type* t = im.floatInputs.at(x);
    valueOf(x, t);
    Format fm = formatOf(t);
    sym::Rational max =
        *roundToType(sym::Rational::fromLongDouble(
                         fm.precision == 24   ? std::numeric_limits<float>::max()
                         : fm.precision == 53 ? std::numeric_limits<double>::max()
                                              : std::numeric_limits<long double>::max()),
                     t);
    facts.push_back(f.le(f.realConst(-max), x));
    facts.push_back(f.le(x, f.realConst(max)));
    if (fm.precision <= 53) { // an integer multiple of the smallest subnormal
      sym::Rational step(1), two(2);
      for (int k = 0; k < fm.precision - 1 - fm.minExp; ++k)
        step = step * two;
      Expr q = f.mul(f.realConst(step), x);
      facts.push_back(f.eq(f.intToReal(f.realToInt(q)), q));
    }
  }
  for (Expr x : roundings)
    valueOf(x, im.roundingTypes.at(x->child(0)));
  // rounding is monotone and leaves a value of its type as it is: between
  // two roundings to one type, and between a rounding and a constant of
  // the query that its type represents
  for (size_t i = 0; i < roundings.size(); ++i) {
    Expr x = roundings[i], v = x->child(1);
    for (size_t j = i + 1; j < roundings.size(); ++j)
      if (roundings[j]->child(0) == x->child(0)) {
        Expr y = roundings[j], w = y->child(1);
        facts.push_back(f.implies(f.le(v, w), f.le(x, y)));
        facts.push_back(f.implies(f.le(w, v), f.le(y, x)));
      }
    const model::Type* t = im.roundingTypes.at(x->child(0));
    for (Expr c : consts)
      if (auto r = roundToType(c->value(), t); r && *r == c->value()) {
        facts.push_back(f.implies(f.le(c, v), f.le(c, x)));
        facts.push_back(f.implies(f.le(v, c), f.le(x, c)));
      }
  }
  for (Expr x : roundings) {
    Expr v = x->child(1);
    Expr zero = f.realConst(0);
    Expr nonneg = f.le(zero, v), nonpos = f.le(v, zero);
    const model::Type* t = im.roundingTypes.at(x->child(0));
    if (formatOf(t).precision > 53) { // x87 extended: the sign
      facts.push_back(f.implies(nonneg, f.le(zero, x)));
      facts.push_back(f.implies(nonpos, f.le(x, zero)));
      continue;
    }
    // round to nearest: |x - v| <= u |v| + eta, u = 2^-p, eta = 2^(minExp-p)
    // (half an ulp, relative in the normal range, absolute below it)
    sym::Rational u(1), eta(1), half(1, 2);
    Format fm = formatOf(t);
    for (int k = 0; k < fm.precision; ++k)
      u = u * half;
    eta = u;
    for (int k = 0; k < -fm.minExp; ++k)
      eta = eta * half;
    Expr up = f.realConst(sym::Rational(1) + u), down = f.realConst(sym::Rational(1) - u);
    Expr err = f.realConst(eta);
    auto within = [&](Expr lo, Expr hi) {
      Expr both[2] = {f.le(f.sub(lo, err), x), f.le(x, f.add(hi, err))};
      return f.logicalAnd(both);
    };
    Expr pos[2] = {f.le(zero, x), within(f.mul(down, v), f.mul(up, v))};
    Expr neg[2] = {f.le(x, zero), within(f.mul(up, v), f.mul(down, v))};
    facts.push_back(f.implies(nonneg, f.logicalAnd(pos)));
    facts.push_back(f.implies(nonpos, f.logicalAnd(neg)));
    // and x is on T's grid: an integer multiple of the smallest subnormal
    Expr q = f.mul(f.realConst(sym::Rational(1) / (eta * sym::Rational(2))), x);
    facts.push_back(f.eq(f.intToReal(f.realToInt(q)), q));
  }
  return f.logicalAnd(facts);
}

std::string Executor::uninterpretedIn(Expr cond) {
  if (!cond)
    return {};
  if (std::string fn = abstractMathIn(f_, cond); !fn.empty())
    return fn;
  if (impl_->roundingSites.empty())
    return {};
  const auto& sites = impl_->roundingSites;
  Expr r = findIn(cond, [&](Expr x) { return isRounding(x) && sites.count(x); });
  if (!r)
    return {};
  return sites.at(r) +
         ", which chorus does not compute (use --float real to treat floating types as reals)";
}

Expr Machine::unorderedFloat(Expr exact, const model::Type* t) {
  ex.noteAssumption(kFiniteFloats);
  sym::Type ts[2] = {f.realType(), f.intType()};
  Expr fn =
      f.symbol(std::string(kRoundingPrefix) + "mpi." + t->name, f.functionType(ts, f.realType()));
  Expr args[2] = {toReal(exact), intc(gs.fresh++)}; // (fresh: no two reductions alike)
  Expr r = f.apply(fn, args);
  im.roundingSites.emplace(
      r,
      "the order in which MPI combines the floating contributions of the reduction at " + where());
  return r;
}

Expr Machine::floatToInt(Expr v, const model::Type* to) {
  if (isSpecialFloat(v)) {
    if (*hostFloat(v) == 0)
      return intc(0);
    // C11 6.3.1.4p1 (x86-64 gives the "integer indefinite" value)
    fail(ViolationKind::UndefinedBehavior,
         "conversion of " + show(v) + " to " + (to ? to->name : std::string("an integer")), pc());
  }
  Expr r = f.realToInt(v);
  if (!ex.options().ieeeFloat || !isCInt(to))
    return r;
  // C11 6.3.1.4p1: the truncated value must be representable in `to`
  auto [lo, hi] = intRange(to);
  Expr cs[2] = {f.le(f.intConst(lo), r), f.le(r, f.intConst(hi))};
  require(f.logicalAnd(cs), ViolationKind::UndefinedBehavior,
          "conversion of a floating value out of the range of " + to->name);
  return r;
}

void Machine::floatDivisor(Expr b) {
  // IEEE division by zero gives an infinity or NaN (no trap on x86-64):
  // with a symbolic operand not modelled, so not a violation either but
  // `unknown`
  floatDomain(f.neq(b, f.realConst(0)), "floating-point division by zero");
}

void Machine::floatDomain(Expr ok, const std::string& what) {
  if (trivial(ok))
    return;
  Expr c = pc();
  Answer a = ok->isFalse() && assumptions.empty() ? Answer::No : ex.oracle().valid(c, ok);
  if (a == Answer::Yes)
    return;
  // (over roundings of symbolic values: what every rounding satisfies)
  if (Expr facts = roundingFacts(f.logicalAnd(c, ok));
      !facts->isTrue() && ex.oracle().valid(f.logicalAnd(c, facts), ok) == Answer::Yes)
    return;
  if (a == Answer::No)
    throw Unsupported(what + " at " + where() +
                      " (its infinite or NaN result is not modelled with symbolic values; "
                      "--float real treats floating types as reals)");
  if (undecided)
    undecided->push_back(what + " at " + P.where(loc));
  gs.pc = f.logicalAnd(gs.pc, ok);
}

} // namespace chorus::exec
