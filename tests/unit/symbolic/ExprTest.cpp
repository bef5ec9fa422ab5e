// Canonical-form identities of the expression factory.
#include "chorus/symbolic/ExprFactory.h"

#include <gtest/gtest.h>

using namespace chorus::sym;

namespace {
class ExprTest : public ::testing::Test {
protected:
  ExprFactory f;
  Type I = f.intType(), R = f.realType(), B = f.boolType();
  Expr x = f.symbol("x", I), y = f.symbol("y", I), z = f.symbol("z", I);
  Expr rx = f.symbol("rx", R), ry = f.symbol("ry", R);
  Expr c(int64_t v) { return f.intConst(v); }
  Expr rc(int64_t n, int64_t d = 1) { return f.realConst(Rational(n, d)); }
};
} // namespace

TEST_F(ExprTest, HashConsing) {
  EXPECT_EQ(f.symbol("x", I), x);
  EXPECT_NE(f.symbol("x", R), x);
  EXPECT_EQ(f.add(x, y), f.add(x, y));
  EXPECT_EQ(f.intConst(5), c(5));
  EXPECT_NE(f.intConst(5), f.realConst(5));
}

TEST_F(ExprTest, SquareOfBinomial) {
  Expr x1 = f.add(x, c(1));
  Expr lhs = f.mul(x1, x1);
  Expr rhs = f.add(f.add(f.mul(x, x), f.mul(c(2), x)), c(1));
  EXPECT_EQ(lhs, rhs) << toString(lhs) << " vs " << toString(rhs);
  EXPECT_EQ(f.pow(x1, 2), rhs);
}

TEST_F(ExprTest, CommutativityAssociativity) {
  EXPECT_EQ(f.add(x, y), f.add(y, x));
  EXPECT_EQ(f.mul(x, y), f.mul(y, x));
  EXPECT_EQ(f.add(f.add(x, y), z), f.add(x, f.add(y, z)));
  EXPECT_EQ(f.mul(f.mul(x, y), z), f.mul(x, f.mul(y, z)));
  EXPECT_EQ(f.mul(x, f.add(y, z)), f.add(f.mul(x, y), f.mul(z, x)));
}

TEST_F(ExprTest, CancellationAndFolding) {
  EXPECT_EQ(f.sub(f.add(x, y), y), x);
  EXPECT_EQ(f.sub(x, x), c(0));
  EXPECT_EQ(f.add(c(2), c(3)), c(5));
  EXPECT_EQ(f.mul(f.add(x, c(1)), c(0)), c(0));
  EXPECT_EQ(f.sub(f.mul(f.add(x, y), f.sub(x, y)), f.sub(f.mul(x, x), f.mul(y, y))), c(0));
  // Exact rationals
  EXPECT_EQ(f.add(rc(1, 3), rc(1, 6)), rc(1, 2));
  EXPECT_EQ(f.mul(f.div(rx, rc(3)), rc(3)), rx);
}

TEST_F(ExprTest, DistinctPolynomialsStayDistinct) {
  EXPECT_NE(f.mul(f.add(x, c(1)), f.add(x, c(1))), f.add(f.mul(x, x), c(1)));
  EXPECT_NE(f.add(x, y), f.add(x, z));
  EXPECT_NE(f.mul(x, y), f.add(x, y));
}

TEST_F(ExprTest, BigConstantsNoOverflow) {
  Expr big = c(int64_t(1) << 62);
  Expr p = f.mul(f.mul(big, big), x);
  Expr q = f.mul(big, f.mul(big, x));
  EXPECT_EQ(p, q);
  EXPECT_EQ(f.div(p, f.mul(big, big)), x);
}

TEST_F(ExprTest, CIntegerDivision) {
  EXPECT_EQ(f.div(c(-7), c(2)), c(-3));
  EXPECT_EQ(f.mod(c(-7), c(2)), c(-1));
  EXPECT_EQ(f.div(c(7), c(-2)), c(-3));
  EXPECT_EQ(f.mod(c(7), c(-2)), c(1));
  EXPECT_EQ(f.div(x, c(1)), x);
  EXPECT_EQ(f.div(x, c(-1)), f.neg(x));
  EXPECT_EQ(f.div(f.add(f.mul(c(6), x), c(4)), c(2)), f.add(f.mul(c(3), x), c(2)));
  EXPECT_EQ(f.mod(f.mul(c(6), x), c(3)), c(0));
  EXPECT_EQ(f.div(x, y)->kind(), Kind::IntDiv);
  EXPECT_EQ(f.div(f.add(x, c(1)), c(2))->kind(), Kind::IntDiv); // not exact
}

TEST_F(ExprTest, RealQuotients) {
  Expr q = f.div(rx, ry);
  EXPECT_EQ(q->kind(), Kind::RealDiv);
  // a/b + c/b = (a+c)/b
  EXPECT_EQ(f.add(f.div(rx, ry), f.div(rc(1), ry)), f.div(f.add(rx, rc(1)), ry));
  // (x/y) * y stays a quotient (no cancellation without y != 0)
  EXPECT_EQ(f.mul(q, ry)->kind(), Kind::RealDiv);
  // 1/(2y) = (1/2)/y, monic denominator
  Expr d = f.div(rc(1), f.mul(rc(2), ry));
  EXPECT_EQ(d, f.div(rc(1, 2), ry));
  EXPECT_EQ(f.div(rx, rc(4)), f.mul(rc(1, 4), rx));
}

TEST_F(ExprTest, RelationalAtomsNormalized) {
  // x < y  ==  x + 1 <= y  ==  !(y <= x)
  EXPECT_EQ(f.lt(x, y), f.le(f.add(x, c(1)), y));
  EXPECT_EQ(f.lt(x, y), f.logicalNot(f.le(y, x)));
  EXPECT_EQ(f.gt(y, x), f.lt(x, y));
  // 2x + 3 >= 0  ==  x + 1 >= 0 over the integers (tightening)
  EXPECT_EQ(f.ge(f.add(f.mul(c(2), x), c(3)), c(0)), f.ge(x, c(-1)));
  // 2x = 3 is unsatisfiable over the integers
  EXPECT_TRUE(f.eq(f.mul(c(2), x), c(3))->isFalse());
  EXPECT_EQ(f.eq(f.mul(c(2), x), f.mul(c(2), y)), f.eq(x, y));
  EXPECT_EQ(f.eq(x, y), f.eq(y, x));
  EXPECT_EQ(f.eq(f.mul(c(-3), x), c(3)), f.eq(x, c(-1)));
  // reals: scaled by the leading coefficient, strictness kept
  EXPECT_EQ(f.lt(f.mul(rc(2), rx), rc(1)), f.lt(rx, rc(1, 2)));
  EXPECT_NE(f.lt(rx, ry), f.le(rx, ry));
  EXPECT_EQ(f.logicalNot(f.lt(rx, ry)), f.le(ry, rx));
  EXPECT_TRUE(f.lt(c(1), c(2))->isTrue());
  EXPECT_TRUE(f.le(x, x)->isTrue());
  EXPECT_TRUE(f.lt(x, x)->isFalse());
}

TEST_F(ExprTest, BooleanFlatteningAndSorting) {
  Expr p = f.lt(x, y), q = f.lt(y, z), r = f.eq(x, z);
  EXPECT_EQ(f.logicalAnd(p, f.logicalAnd(q, r)), f.logicalAnd(f.logicalAnd(r, q), p));
  EXPECT_EQ(f.logicalAnd(p, p), p);
  EXPECT_TRUE(f.logicalAnd(p, f.logicalNot(p))->isFalse());
  EXPECT_TRUE(f.logicalOr(r, f.logicalNot(r))->isTrue());
  EXPECT_EQ(f.logicalAnd(p, f.trueExpr()), p);
  EXPECT_TRUE(f.logicalOr(p, f.trueExpr())->isTrue());
  EXPECT_EQ(f.logicalNot(f.logicalAnd(p, r)), f.logicalOr(f.logicalNot(p), f.logicalNot(r)));
  EXPECT_EQ(f.ite(p, x, x), x);
  EXPECT_EQ(f.ite(f.logicalNot(r), x, y), f.ite(r, y, x));
  Expr bsym = f.symbol("b", B);
  EXPECT_EQ(f.ite(bsym, f.trueExpr(), f.falseExpr()), bsym);
  EXPECT_EQ(f.eq(bsym, f.trueExpr()), bsym);
}

TEST_F(ExprTest, ArrayReadOverWrite) {
  Type AT = f.arrayType(I);
  Expr a = f.symbol("a", AT);
  Expr i = f.symbol("i", I), j = f.symbol("j", I), v = f.symbol("v", I);
  EXPECT_EQ(f.arrayRead(f.arrayWrite(a, i, v), i), v);
  // i+1 != i syntactically decidable
  EXPECT_EQ(f.arrayRead(f.arrayWrite(a, f.add(i, c(1)), v), i), f.arrayRead(a, i));
  EXPECT_EQ(f.arrayRead(f.arrayWrite(a, c(3), v), c(4)), f.arrayRead(a, c(4)));
  // undecidable: stays a read of the write
  Expr r = f.arrayRead(f.arrayWrite(a, i, v), j);
  EXPECT_EQ(r->kind(), Kind::ArrayRead);
  EXPECT_EQ(r->child(0)->kind(), Kind::ArrayWrite);
  // overwrite the same index
  EXPECT_EQ(f.arrayWrite(f.arrayWrite(a, i, v), i, x), f.arrayWrite(a, i, x));
  // writing back a[i]
  EXPECT_EQ(f.arrayWrite(a, i, f.arrayRead(a, i)), a);
  // literals
  Type A3 = f.arrayType(I, 3);
  Expr lit = f.arrayLit(A3, std::vector<Expr>{c(1), c(2), c(3)});
  EXPECT_EQ(f.arrayRead(lit, c(1)), c(2));
  EXPECT_EQ(f.arrayRead(f.arrayWrite(lit, c(1), x), c(1)), x);
  EXPECT_EQ(f.arrayLength(f.arrayWrite(lit, c(1), x)), c(3));
  EXPECT_EQ(f.arrayWrite(lit, c(1), c(2)), lit);
  // lambda arrays
  Expr k = f.boundVar("k", I);
  Expr sq = f.lambda(std::vector<Expr>{k}, f.mul(k, k));
  Expr la = f.arrayLambda(AT, x, sq);
  EXPECT_EQ(f.arrayRead(la, c(5)), c(25));
  EXPECT_EQ(f.arrayRead(la, y), f.mul(y, y));
  EXPECT_EQ(f.arrayLength(la), x);
}

TEST_F(ExprTest, NestedArrays) {
  Type row = f.arrayType(I);
  Type mat = f.arrayType(row);
  Expr m = f.symbol("m", mat);
  Expr i = f.symbol("i", I), j = f.symbol("j", I);
  Expr newRow = f.arrayWrite(f.arrayRead(m, i), j, c(7));
  Expr m2 = f.arrayWrite(m, i, newRow);
  EXPECT_EQ(f.arrayRead(f.arrayRead(m2, i), j), c(7));
  // The length of a row read at a symbolic index from a written matrix:
  // that of the written row where the index is the written one, of the
  // old row elsewhere; rows of a shaped matrix (lambdas of length n) all
  // have length n, so the length is n, with no `len` term left.
  Expr n = f.symbol("n", I), k = f.boundVar("k", I), l = f.boundVar("l", I);
  Expr shaped = f.arrayLambda(
      mat, n,
      f.lambda(std::vector<Expr>{k},
               f.arrayLambda(row, n,
                             f.lambda(std::vector<Expr>{l}, f.arrayRead(f.arrayRead(m, k), l)))));
  Expr w = f.arrayWrite(shaped, c(0), f.arrayWrite(f.arrayRead(shaped, c(0)), j, c(7)));
  EXPECT_EQ(f.arrayLength(f.arrayRead(w, i)), n);
  Expr w2 = f.arrayWrite(m, c(0), f.arrayLit(row, std::vector<Expr>{c(1)}));
  EXPECT_EQ(f.arrayLength(f.arrayRead(w2, i)),
            f.ite(f.eq(i, c(0)), c(1), f.arrayLength(f.arrayRead(m, i))));
}

TEST_F(ExprTest, Tuples) {
  std::vector<Type> mem{I, R};
  Type T = f.tupleType(mem, "pt");
  Expr t = f.tuple(T, std::vector<Expr>{x, rx});
  EXPECT_EQ(f.tupleRead(t, 0), x);
  EXPECT_EQ(f.tupleRead(f.tupleWrite(t, 1, ry), 1), ry);
  Expr s = f.symbol("s", T);
  EXPECT_EQ(f.tupleRead(f.tupleWrite(s, 0, y), 0), y);
  EXPECT_EQ(f.tupleRead(f.tupleWrite(s, 0, y), 1), f.tupleRead(s, 1));
  EXPECT_EQ(f.eq(t, f.tuple(T, std::vector<Expr>{y, rx})), f.eq(x, y));
}

TEST_F(ExprTest, Unions) {
  std::vector<Type> mem{I, B};
  Type U = f.unionType(mem);
  Expr u = f.unionInject(U, 0, x);
  EXPECT_TRUE(f.unionTest(u, 0)->isTrue());
  EXPECT_TRUE(f.unionTest(u, 1)->isFalse());
  EXPECT_EQ(f.unionExtract(u, 0), x);
  EXPECT_TRUE(f.eq(u, f.unionInject(U, 1, f.trueExpr()))->isFalse());
}

TEST_F(ExprTest, FunctionsAndLambdas) {
  std::vector<Type> params{I};
  Expr g = f.symbol("g", f.functionType(params, I));
  Expr a1[1] = {f.add(x, c(1))}, a2[1] = {f.add(c(1), x)};
  EXPECT_EQ(f.apply(g, a1), f.apply(g, a2));
  Expr k = f.boundVar("k", I);
  Expr lam = f.lambda(std::vector<Expr>{k}, f.add(k, y));
  Expr arg[1] = {c(2)};
  EXPECT_EQ(f.apply(lam, arg), f.add(y, c(2)));
}

TEST_F(ExprTest, QuantifiersAndSumsExpandOverConcreteRanges) {
  Type AT = f.arrayType(I);
  Expr a = f.symbol("a", AT);
  Expr k = f.boundVar("k", I);
  Expr body = f.le(c(0), f.arrayRead(a, k));
  Expr all = f.forallRange(k, c(0), c(3), body);
  Expr expect = f.logicalAnd(std::vector<Expr>{f.le(c(0), f.arrayRead(a, c(0))),
                                               f.le(c(0), f.arrayRead(a, c(1))),
                                               f.le(c(0), f.arrayRead(a, c(2)))});
  EXPECT_EQ(all, expect);
  EXPECT_TRUE(f.forallRange(k, c(3), c(3), body)->isTrue());
  EXPECT_TRUE(f.existsRange(k, c(3), c(3), body)->isFalse());
  Expr sym = f.forallRange(k, c(0), x, body);
  EXPECT_EQ(sym->kind(), Kind::Forall);
  Expr lam = f.lambda(std::vector<Expr>{k}, k);
  EXPECT_EQ(f.sum(c(0), c(5), lam), c(10));
  EXPECT_EQ(f.sum(c(0), x, lam)->kind(), Kind::Sum);
  Expr lamA = f.lambda(std::vector<Expr>{k}, f.arrayRead(a, k));
  EXPECT_EQ(f.sum(c(0), c(2), lamA), f.add(f.arrayRead(a, c(0)), f.arrayRead(a, c(1))));
}

TEST_F(ExprTest, Casts) {
  EXPECT_EQ(f.intToReal(c(3)), rc(3));
  EXPECT_EQ(f.realToInt(rc(-7, 2)), c(-3));
  EXPECT_EQ(f.realToInt(rc(7, 2)), c(3));
  EXPECT_EQ(f.realToInt(f.intToReal(x)), x);
  EXPECT_EQ(f.intToReal(f.add(x, y)), f.add(f.intToReal(x), f.intToReal(y)));
  EXPECT_EQ(f.charToInt(f.charConst('a')), c(97));
  Expr ch = f.symbol("ch", f.charType());
  EXPECT_EQ(f.intToChar(f.charToInt(ch)), ch);
  EXPECT_EQ(f.lt(ch, f.charConst('z')), f.lt(f.charToInt(ch), c('z')));
}

TEST_F(ExprTest, Substitution) {
  Expr e = f.add(f.mul(x, x), y);
  ExprMap m{{x, f.add(y, c(1))}};
  // (y+1)^2 + y = y^2 + 3y + 1
  EXPECT_EQ(f.substitute(e, m), f.add(f.add(f.mul(y, y), f.mul(c(3), y)), c(1)));
  ExprMap m2{{x, c(2)}, {y, c(3)}};
  EXPECT_EQ(f.substitute(e, m2), c(7));
  Type AT = f.arrayType(I);
  Expr a = f.symbol("a", AT);
  Expr r = f.arrayRead(f.arrayWrite(a, x, c(9)), y);
  EXPECT_EQ(f.substitute(r, ExprMap{{y, x}}), c(9));
  EXPECT_TRUE(f.substitute(f.lt(x, y), m2)->isTrue());
}

TEST_F(ExprTest, CanonicalRenaming) {
  Expr s1 = f.symbol("X7", I), s2 = f.symbol("X3", I), s3 = f.symbol("X9", I);
  Expr e1 = f.lt(s1, s2);
  Expr e2 = f.lt(s3, s1);
  Renaming r1 = f.canonicalRename(std::vector<Expr>{e1});
  Renaming r2 = f.canonicalRename(std::vector<Expr>{e2});
  ASSERT_EQ(r1.mapping.size(), 2u);
  EXPECT_EQ(r1.mapping[0].second->name(), "X0");
  EXPECT_EQ(r1.exprs[0], r2.exprs[0]) << toString(r1.exprs[0]) << " vs " << toString(r2.exprs[0]);
  // Distinct structure stays distinct.
  Renaming r3 = f.canonicalRename(std::vector<Expr>{f.le(s3, s1)});
  EXPECT_NE(r1.exprs[0], r3.exprs[0]);
  // Several expressions share one renaming.
  Renaming r4 = f.canonicalRename(std::vector<Expr>{s2, f.add(s2, f.mul(c(2), s1))});
  Renaming r5 = f.canonicalRename(std::vector<Expr>{s1, f.add(f.mul(c(2), s3), s1)});
  ASSERT_EQ(r4.mapping.size(), 2u);
  EXPECT_EQ(r4.exprs, r5.exprs);
  EXPECT_EQ(r4.exprs[0]->kind(), Kind::Symbol);
  EXPECT_NE(r4.mapping[0].second, r4.mapping[1].second);
  // Renaming twice is idempotent.
  Renaming r6 = f.canonicalRename(r4.exprs);
  EXPECT_EQ(r6.exprs, r4.exprs);
}

TEST_F(ExprTest, FreeSymbols) {
  Expr e = f.add(f.mul(x, y), f.arrayRead(f.symbol("a", f.arrayType(I)), z));
  auto s = f.freeSymbols(e);
  EXPECT_EQ(s.size(), 4u);
  EXPECT_TRUE(f.freeSymbols(c(3)).empty());
  Expr k = f.boundVar("k", I);
  EXPECT_EQ(f.freeSymbols(f.forallRange(k, c(0), x, f.lt(k, y))).size(), 2u);
}

TEST_F(ExprTest, BitOpFoldsOnTwosComplementPatterns) {
  using K = BitOpKind;
  EXPECT_EQ(f.bitOp(K::And, 32, false, c(0xf0f0), c(0xff)), c(0xf0));
  EXPECT_EQ(f.bitOp(K::Or, 32, true, c(-2), c(1)), c(-1));
  EXPECT_EQ(f.bitOp(K::Xor, 32, true, c(-1), c(2147483647)), c(-2147483648LL));
  EXPECT_EQ(f.bitOp(K::And, 8, false, c(-1), c(0x1ff)), c(255)); // patterns of 8 bits
  EXPECT_EQ(f.bitOp(K::Shl, 32, true, c(1), c(31)), c(-2147483648LL));
  EXPECT_EQ(f.bitOp(K::Shl, 32, false, c(3), c(31)), c(2147483648LL));
  EXPECT_EQ(f.bitOp(K::Shr, 32, true, c(-8), c(1)), c(-4));            // arithmetic
  EXPECT_EQ(f.bitOp(K::Shr, 32, false, c(-8), c(1)), c(2147483644LL)); // logical
  EXPECT_EQ(f.bitOp(K::Shr, 64, true, c(-1), c(63)), c(-1));
  Expr u = f.bitOp(K::And, 64, false, c(-1), c(-1));
  EXPECT_EQ(u->value().toString(), "18446744073709551615");
  // symbolic: a node, commutative operands in canonical order
  Expr a = f.bitOp(K::Xor, 32, false, x, y), b = f.bitOp(K::Xor, 32, false, y, x);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a->kind(), Kind::BitOp);
  EXPECT_EQ(ExprFactory::bitOpWidth(a), 32u);
  EXPECT_FALSE(ExprFactory::bitOpSigned(a));
  // substitution folds
  ExprMap m{{x, c(6)}, {y, c(3)}};
  EXPECT_EQ(f.substitute(a, m), c(5));
}

// An expression is a DAG: printed as a tree it may be exponentially long
// (each level below holds the previous one twice: 2^60 leaves). The cut
// rendering takes time bounded by its length (a verify run once spent
// minutes past --time-limit printing one value into a step's text).
TEST_F(ExprTest, CutRenderingOfAnExponentialTree) {
  Expr e = x;
  for (int k = 0; k < 60; ++k)
    e = f.ite(f.lt(y, c(k)), e, f.add(e, z));
  std::string s = toString(e, 200);
  EXPECT_LE(s.size(), 200u + 3 + 64);
  EXPECT_EQ(s.substr(s.size() - 3), "...");
  EXPECT_EQ(toString(f.add(x, c(1)), 200), toString(f.add(x, c(1))));
}
