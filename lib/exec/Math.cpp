// Models of <math.h> and abs: fabs/abs/labs/llabs exactly (abs of the most
// negative value is SIGNED_OVERFLOW), the others as
// uninterpreted real functions (sqrt checks its argument ≥ 0).
#include "Library.h"

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

Outcome runAbs(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr x = m.arg(s, 0);
  Expr zero = x->type()->isReal() ? m.f.realConst(0) : m.intc(0);
  const model::Type* rt = declaredResult(m, name, s);
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

Outcome runUninterpreted(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::vector<Expr> xs;
  std::vector<sym::Type> ts;
  for (size_t i = 0; i < s.args.size(); ++i) {
    xs.push_back(m.toReal(m.arg(s, i)));
    ts.push_back(m.f.realType());
  }
  Expr fn = m.f.symbol(name, m.f.functionType(ts, m.f.realType()));
  Expr r = m.f.apply(fn, xs);
  if (name == "sqrt") {
    m.require(m.f.le(m.f.realConst(0), xs[0]), ViolationKind::Assertion,
              "sqrt of a negative number");
  }
  m.setResult(s, r, m.P.types.doubleType());
  m.advance(t);
  return Outcome::Done;
}

} // namespace

void registerMath(LibraryRegistry& r) {
  r.add({"fabs", "abs", "labs", "llabs", "__builtin_abs", "__builtin_labs", "__builtin_llabs",
         "__builtin_fabs"},
        {runAbs});
  r.add({"sqrt", "exp", "log", "sin", "cos", "tan", "pow", "atan", "log10", "floor", "ceil", "fmin",
         "fmax", "atan2"},
        {runUninterpreted});
}

} // namespace chorus::exec
