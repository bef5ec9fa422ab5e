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
