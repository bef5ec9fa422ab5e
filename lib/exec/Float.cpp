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
  return r;
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
