#include "chorus/symbolic/Rational.h"

#include <gtest/gtest.h>

using chorus::sym::Rational;

TEST(Rational, NormalizesAndPrints) {
  EXPECT_EQ(Rational(6, -4).toString(), "-3/2");
  EXPECT_EQ(Rational(0, 5).toString(), "0");
  EXPECT_TRUE(Rational(4, 2).isInteger());
  EXPECT_EQ(Rational(1, 3) + Rational(1, 6), Rational(1, 2));
}

TEST(Rational, NoOverflowBeyond64Bits) {
  Rational big(int64_t(1) << 62);
  Rational p = big * big * big; // 2^186
  EXPECT_EQ(p.toString(), "98079714615416886934934209737619787751599303819750539264");
  EXPECT_EQ(p / big / big, big);
  EXPECT_FALSE(p.toInt64().has_value());
  Rational q = p + Rational(1);
  EXPECT_NE(q, p);
  EXPECT_EQ(q - p, Rational(1));
  EXPECT_TRUE((p - p).isZero());
  EXPECT_LT(p, q);
  EXPECT_EQ(Rational(INT64_MAX) + Rational(INT64_MAX) - Rational(INT64_MAX), Rational(INT64_MAX));
}

TEST(Rational, CDivisionTruncatesTowardZero) {
  EXPECT_EQ(Rational::truncDiv(7, 2), Rational(3));
  EXPECT_EQ(Rational::truncDiv(-7, 2), Rational(-3));
  EXPECT_EQ(Rational::truncDiv(7, -2), Rational(-3));
  EXPECT_EQ(Rational::truncDiv(-7, -2), Rational(3));
  EXPECT_EQ(Rational::truncMod(-7, 2), Rational(-1));
  EXPECT_EQ(Rational::truncMod(7, -2), Rational(1));
  EXPECT_EQ(Rational(-7, 2).floor(), Rational(-4));
  EXPECT_EQ(Rational(-7, 2).ceil(), Rational(-3));
}

TEST(Rational, Parse) {
  EXPECT_EQ(*Rational::parse("-14/4"), Rational(-7, 2));
  EXPECT_EQ(*Rational::parse("1.25"), Rational(5, 4));
  EXPECT_EQ(*Rational::parse("-0.5"), Rational(-1, 2));
  EXPECT_FALSE(Rational::parse("abc").has_value());
  EXPECT_FALSE(Rational::parse("1/0").has_value());
}

// IEEE rounding (lib/exec/Float.cpp): every result equals the host's
// float/double/long double arithmetic on the same values.
TEST(Rational, RoundBinaryIsTheHostsRounding) {
  auto dbl = [](const Rational& r) { return r.roundBinary(53, -1022, 1023); };
  auto flt = [](const Rational& r) { return r.roundBinary(24, -126, 127); };
  auto ext = [](const Rational& r) { return r.roundBinary(64, -16382, 16383); };
  Rational tenth(1, 10);
  EXPECT_EQ(*dbl(tenth), Rational::fromLongDouble(0.1));
  EXPECT_EQ(*flt(tenth), Rational::fromLongDouble(0.1f));
  EXPECT_EQ(*ext(tenth), Rational::fromLongDouble(0.1L));
  // 0.1 + 0.2 rounded up; the sum of ten 0.1 is not 1
  Rational a = *dbl(tenth), b = *dbl(Rational(1, 5));
  EXPECT_EQ(*dbl(a + b), Rational::fromLongDouble(0.1 + 0.2));
  Rational s(0);
  double hs = 0;
  for (int i = 0; i < 10; ++i) {
    s = *dbl(s + a);
    hs += 0.1;
  }
  EXPECT_EQ(s, Rational::fromLongDouble(hs));
  EXPECT_FALSE(s == Rational(1));
  // ties to even: 2^24 + 1 in float is 2^24, 2^24 + 3 is 2^24 + 4
  EXPECT_EQ(*flt(Rational(16777217)), Rational(16777216));
  EXPECT_EQ(*flt(Rational(16777219)), Rational(16777220));
  EXPECT_EQ(*flt(Rational(-16777217)), Rational(-16777216));
  // subnormals: half the smallest double rounds to 0 (even), 3/4 of it up
  Rational tiny = Rational::fromLongDouble(4.9406564584124654e-324);
  EXPECT_EQ(*dbl(tiny / Rational(2)), Rational(0));
  EXPECT_EQ(*dbl(tiny * Rational(3, 4)), tiny);
  EXPECT_EQ(*dbl(tiny * Rational(3, 2)), tiny * Rational(2));
  // the largest finite values; beyond them an overflow (nullopt)
  Rational dmax = Rational::fromLongDouble(1.7976931348623157e308);
  EXPECT_EQ(*dbl(dmax), dmax);
  EXPECT_FALSE(dbl(dmax * Rational(2)).has_value());
  EXPECT_FALSE(flt(Rational::fromLongDouble(1e30) * Rational::fromLongDouble(1e30)).has_value());
  EXPECT_TRUE(ext(dmax * Rational(2)).has_value());
  // exact conversions both ways
  for (long double x : {0.1L, -2.5L, 1e-4000L, 1e4000L, 3.0L / 7})
    EXPECT_EQ(Rational::fromLongDouble(x).toLongDouble(), x);
  EXPECT_EQ(Rational(1, 3).toLongDouble(), 1.0L / 3);
}
