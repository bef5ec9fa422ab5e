// Models of GCC's integer builtins, exact on C integer values:
//
//  * bit counting: __builtin_popcount, parity, clz, ctz, ffs (suffix l and
//    ll for unsigned long and unsigned long long), __builtin_bswap16/32/64.
//    clz and ctz of 0 are undefined (GCC's manual): UNDEFINED_BEHAVIOR at
//    the call;
//  * checked arithmetic: __builtin_add/sub/mul_overflow (type-generic) and
//    the typed forms (__builtin_sadd_overflow, uaddl, smulll, ...): the
//    result is computed in infinite precision, stored into *res wrapped to
//    *res's type, and the call returns whether it did not fit;
//  * facts stated to the compiler: reaching __builtin_unreachable() and a
//    __builtin_assume(e) whose e can be false are UNDEFINED_BEHAVIOR;
//    __builtin_trap() is ABORT;
//  * `$unsequenced(msg)`, which the front end puts before a modification
//    that Clang's -Wunsequenced finds unsequenced with another access of
//    the same object (C11 6.5p2: undefined): UNDEFINED_BEHAVIOR when the
//    expression is evaluated.
//
// Symbolic arguments are spelled out in integer arithmetic on the value
// (bit k of u is (u / 2^k) % 2; clz is a chain of comparisons with powers
// of two), so the provers need no bit-vector theory for them.
#include "Library.h"

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

sym::Rational pow2(unsigned k) {
  sym::Rational r(1);
  for (unsigned i = 0; i < k; ++i)
    r = r * sym::Rational(2);
  return r;
}

/// The operand width a builtin's name gives: no suffix 32, l and ll 64.
unsigned suffixWidth(const std::string& name) {
  return name.back() == 'l' ? 64 : 32;
}

/// Argument i as an unsigned value of w bits (a signed argument, e.g. of
/// ffs, by its two's-complement pattern).
Expr unsignedArg(Machine& m, const model::Stmt& s, size_t i, unsigned w) {
  Expr v = m.arg(s, i);
  m.checkDefined(v);
  const model::Type* t = s.args[i]->type;
  if (t && t->isSigned)
    v = m.f.ite(m.f.lt(v, m.intc(0)), m.f.add(v, m.f.intConst(pow2(w))), v);
  return v;
}

/// Bit k of the nonnegative value u.
Expr bit(Machine& m, Expr u, unsigned k, unsigned w) {
  if (u->kind() == sym::Kind::NumConst)
    return m.f.mod(m.f.div(u, m.f.intConst(pow2(k))), m.intc(2));
  Expr shifted = m.f.bitOp(sym::BitOpKind::Shr, w, false, u, m.intc(k));
  return m.f.bitOp(sym::BitOpKind::And, w, false, shifted, m.intc(1));
}

Expr popcount(Machine& m, Expr u, unsigned w) {
  Expr r = m.intc(0);
  for (unsigned k = 0; k < w; ++k)
    r = m.f.add(r, bit(m, u, k, w));
  return r;
}

/// Leading zeros of u (u != 0): w-1-k for the highest set bit k.
Expr clz(Machine& m, Expr u, unsigned w) {
  Expr r = m.intc(int64_t(w) - 1);
  for (unsigned k = 1; k < w; ++k)
    r = m.f.ite(m.f.le(m.f.intConst(pow2(k)), u), m.intc(int64_t(w - 1 - k)), r);
  return r;
}

/// Trailing zeros of u (u != 0): the lowest set bit.
Expr ctz(Machine& m, Expr u, unsigned w) {
  Expr r = m.intc(int64_t(w) - 1);
  for (unsigned k = w - 1; k-- > 0;)
    r = m.f.ite(m.f.eq(bit(m, u, k, w), m.intc(1)), m.intc(int64_t(k)), r);
  return r;
}

Outcome done(Machine& m, const std::string& name, const model::Transition& t, Expr v) {
  m.setResult(t.stmt, v, declaredResult(m, name, t.stmt));
  m.advance(t);
  return Outcome::Done;
}

Outcome runBitCount(Machine& m, const std::string& name, const model::Transition& t) {
  unsigned w = suffixWidth(name);
  Expr u = unsignedArg(m, t.stmt, 0, w);
  std::string base = name.substr(0, name.find_last_not_of('l') + 1);
  if (base == "__builtin_popcount")
    return done(m, name, t, popcount(m, u, w));
  if (base == "__builtin_parity")
    return done(m, name, t, m.f.mod(popcount(m, u, w), m.intc(2)));
  Expr zero = m.f.eq(u, m.intc(0));
  if (base == "__builtin_ffs")
    return done(m, name, t, m.f.ite(zero, m.intc(0), m.f.add(ctz(m, u, w), m.intc(1))));
  m.require(m.f.logicalNot(zero), ViolationKind::UndefinedBehavior,
            name + "(0) is undefined (there is no " +
                (base == "__builtin_clz" ? "leading" : "trailing") + " one bit)");
  return done(m, name, t, base == "__builtin_clz" ? clz(m, u, w) : ctz(m, u, w));
}

Outcome runBswap(Machine& m, const std::string& name, const model::Transition& t) {
  unsigned w = unsigned(std::stoul(name.substr(std::string("__builtin_bswap").size())));
  Expr u = unsignedArg(m, t.stmt, 0, w);
  unsigned bytes = w / 8;
  Expr r = m.intc(0);
  for (unsigned i = 0; i < bytes; ++i) {
    Expr byte = m.f.mod(m.f.div(u, m.f.intConst(pow2(8 * i))), m.intc(256));
    r = m.f.add(r, m.f.mul(byte, m.f.intConst(pow2(8 * (bytes - 1 - i)))));
  }
  return done(m, name, t, r);
}

/// __builtin_{add,sub,mul}_overflow(a, b, res) and the typed forms.
Outcome runOverflow(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr a = m.arg(s, 0), b = m.arg(s, 1), res = m.arg(s, 2);
  m.checkDefined(a);
  m.checkDefined(b);
  const model::Type* rt = staticPointee(s.args[2]);
  if (!rt || !Machine::isCInt(rt))
    throw Unsupported(name + " with a result that is not an integer at " + m.where());
  bool add = name.find("add") != std::string::npos;
  bool sub = name.find("sub") != std::string::npos;
  Expr exact = add ? m.f.add(a, b) : sub ? m.f.sub(a, b) : m.f.mul(a, b);
  auto [lo, hi] = Machine::intRange(rt);
  Expr fits = m.f.logicalAnd(m.f.le(m.f.intConst(lo), exact), m.f.le(exact, m.f.intConst(hi)));
  // the operands' ranges bound the exact result: the widest C types give
  // |exact| < 2^128, which wrapInt reduces with one remainder
  sym::Rational big = pow2(128);
  Expr wrapped = m.wrapInt(exact, rt, -big, big);
  m.writePlace(m.placeOfPointer(res, rt, m.me), wrapped);
  return done(m, name, t, m.boolToInt(m.f.logicalNot(fits)));
}

Outcome runUnreachable(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::UndefinedBehavior, name + "() reached", m.pc());
}

Outcome runUnsequenced(Machine& m, const std::string&, const model::Transition& t) {
  // the argument is the decayed string literal of Clang's message
  const model::Expr* e = t.stmt.args.empty() ? nullptr : t.stmt.args[0];
  while (e && e->kind != model::ExprKind::StringLit)
    e = e->kids.empty() ? nullptr : e->kids[0];
  std::string what = e ? m.P.strings[e->str] : "unsequenced side effects";
  m.fail(ViolationKind::UndefinedBehavior, what + " (C11 6.5p2: undefined)", m.pc());
}

Outcome runAssume(Machine& m, const std::string& name, const model::Transition& t) {
  Expr c = m.arg(t.stmt, 0);
  m.checkDefined(c);
  m.require(m.f.neq(c, m.intc(0)), ViolationKind::UndefinedBehavior,
            name + "(" + m.text(t.stmt.args[0]) + ") with a false condition");
  m.advance(t);
  return Outcome::Done;
}

Outcome runTrap(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::Abort, name + "() reached", m.pc());
}

} // namespace

void registerBuiltins(LibraryRegistry& r) {
  for (const char* base : {"popcount", "parity", "clz", "ctz", "ffs"})
    for (const char* suffix : {"", "l", "ll"})
      r.add(std::string("__builtin_") + base + suffix, {runBitCount});
  r.add({"__builtin_bswap16", "__builtin_bswap32", "__builtin_bswap64"}, {runBswap});
  for (const char* op : {"add", "sub", "mul"}) {
    r.add(std::string("__builtin_") + op + "_overflow", {runOverflow});
    for (const char* sign : {"s", "u"})
      for (const char* suffix : {"", "l", "ll"})
        r.add(std::string("__builtin_") + sign + op + suffix + "_overflow", {runOverflow});
  }
  r.add("__builtin_unreachable", {runUnreachable});
  r.add("__builtin_assume", {runAssume});
  r.add("__builtin_trap", {runTrap});
  r.add("$unsequenced", {runUnsequenced});
}

} // namespace chorus::exec
