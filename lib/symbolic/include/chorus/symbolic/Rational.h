// Exact arbitrary-precision rational numbers with a fast path for small
// values (both numerator and denominator fit in 62 bits); larger values are
// kept in a GMP mpq_t behind a pointer. Always normalized: gcd(num, den) = 1,
// den > 0.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace chorus::sym {

class Rational {
public:
  Rational() = default;
  Rational(int64_t v); // NOLINT: implicit from integers is convenient
  Rational(int64_t num, int64_t den);
  Rational(const Rational& o) : num_(o.num_), den_(o.den_) {
    if (o.big_)
      copyBig(o);
  }
  Rational(Rational&& o) noexcept : num_(o.num_), den_(o.den_), big_(o.big_) { o.big_ = nullptr; }
  Rational& operator=(const Rational& o);
  Rational& operator=(Rational&& o) noexcept {
    std::swap(num_, o.num_);
    std::swap(den_, o.den_);
    std::swap(big_, o.big_);
    return *this;
  }
  ~Rational() {
    if (big_)
      freeBig();
  }

  /// Parses "123", "-7/3" or a decimal like "1.25"; nullopt on bad input.
  static std::optional<Rational> parse(std::string_view s);

  bool isZero() const { return !big_ && num_ == 0; }
  bool isOne() const { return !big_ && num_ == 1 && den_ == 1; }
  bool isInteger() const;
  int sign() const;
  /// Value as int64 when it is an integer that fits.
  std::optional<int64_t> toInt64() const;
  double toDouble() const;
  /// The binary floating-point number nearest to this value, IEEE 754's
  /// rounding to nearest, ties to even: `precision` significant bits,
  /// normal exponents down to `minExp` (below it subnormal: the ulp stays
  /// 2^(minExp - precision + 1)) and up to `maxExp`. nullopt when the
  /// rounded value exceeds the largest finite number (an overflow to
  /// infinity). float is (24, -126, 127), double (53, -1022, 1023), x87's
  /// long double (64, -16382, 16383).
  std::optional<Rational> roundBinary(int precision, int minExp, int maxExp) const;
  /// The value as a long double, rounded to nearest (exact for the values
  /// roundBinary(64, -16382, 16383) gives); ±infinity beyond its range.
  long double toLongDouble() const;
  /// The exact value of a finite long double (double, float).
  static Rational fromLongDouble(long double v);
  std::string toString() const; // "n" or "n/d"
  size_t hash() const;

  Rational numerator() const;
  Rational denominator() const;
  Rational floor() const;
  Rational ceil() const;
  Rational abs() const { return sign() < 0 ? -*this : *this; }

  Rational operator-() const;
  friend Rational operator+(const Rational& a, const Rational& b);
  friend Rational operator-(const Rational& a, const Rational& b);
  friend Rational operator*(const Rational& a, const Rational& b);
  /// Exact division; b must be non-zero.
  friend Rational operator/(const Rational& a, const Rational& b);
  Rational& operator+=(const Rational& b) { return *this = *this + b; }
  Rational& operator-=(const Rational& b) { return *this = *this - b; }
  Rational& operator*=(const Rational& b) { return *this = *this * b; }

  /// C integer division (truncation toward zero); both integers, b != 0.
  static Rational truncDiv(const Rational& a, const Rational& b);
  /// C remainder: a - b * truncDiv(a, b).
  static Rational truncMod(const Rational& a, const Rational& b);
  /// gcd of two integers (non-negative result; gcd(0,0) = 0).
  static Rational gcd(const Rational& a, const Rational& b);

  friend int compare(const Rational& a, const Rational& b);
  friend bool operator==(const Rational& a, const Rational& b);
  friend bool operator<(const Rational& a, const Rational& b) { return compare(a, b) < 0; }
  friend bool operator<=(const Rational& a, const Rational& b) { return compare(a, b) <= 0; }
  friend bool operator>(const Rational& a, const Rational& b) { return compare(a, b) > 0; }
  friend bool operator>=(const Rational& a, const Rational& b) { return compare(a, b) >= 0; }

  struct Big; // GMP representation (private)

private:
  int64_t num_ = 0, den_ = 1; // valid when big_ == nullptr
  Big* big_ = nullptr;        // owned
  void copyBig(const Rational& o);
  void freeBig();
  friend struct RationalAccess;
};

} // namespace chorus::sym
