// IEEE floating point (ExecOptions::ieeeFloat, `--float ieee`, the default).
// float, double and long double are what gcc gives them on x86-64: binary32
// and binary64 (SSE) and the x87 80-bit extended format, every operation
// rounded to nearest, ties to even, in the type of its result
// (FLT_EVAL_METHOD 0). Values stay exact rationals (every finite binary
// floating-point number is one): an operation computes the exact result and
// rounds it to its type (Rational::roundBinary), which is IEEE 754's
// definition of + - * / and of the conversions.
//
// Not modelled: infinities, NaN and the sign of zero. An operation whose
// result would be infinite or NaN (an overflow, a division by zero) makes the
// verdict `unknown` naming it, never a value.
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

} // namespace

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
  if (!ieee(t))
    return v;
  v = toReal(v);
  if (v->kind() == sym::Kind::NumConst) {
    auto r = roundToType(v->value(), t);
    if (!r)
      throw Unsupported(what + " at " + where() + " overflows: its " + t->name +
                        " value is infinite (infinities and NaN are not modelled; --float real "
                        "treats floating types as reals)");
    return f.realConst(*r);
  }
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
  if (im.roundingSites.empty())
    return f.trueExpr();
  std::unordered_set<Expr> seen;
  std::vector<Expr> todo{e}, facts, roundings, consts;
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
  }
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
  std::unordered_set<Expr> seen;
  std::vector<Expr> todo{cond};
  while (!todo.empty()) {
    Expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(x).second)
      continue;
    if (isRounding(x))
      if (auto it = impl_->roundingSites.find(x); it != impl_->roundingSites.end())
        return it->second +
               ", which chorus does not compute (use --float real to treat floating types as "
               "reals)";
    for (Expr c : x->children())
      todo.push_back(c);
  }
  return {};
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
  // not modelled, so not a violation either but `unknown`
  Expr zero = f.realConst(0);
  Expr ok = f.neq(b, zero);
  if (trivial(ok))
    return;
  Answer a = ok->isFalse() && assumptions.empty() ? Answer::No : ex.oracle().valid(pc(), ok);
  if (a == Answer::Yes)
    return;
  if (a == Answer::No)
    throw Unsupported("floating-point division by zero at " + where() +
                      " (its infinite or NaN result is not modelled; --float real treats "
                      "floating types as reals)");
  if (undecided)
    undecided->push_back("floating-point division by zero at " + P.where(loc));
  gs.pc = f.logicalAnd(gs.pc, ok);
}

} // namespace chorus::exec
