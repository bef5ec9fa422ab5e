#include "chorus/symbolic/Rational.h"

#include <gmpxx.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

namespace chorus::sym {

struct Rational::Big {
  mpq_class q;
};

using i128 = __int128;
using u128 = unsigned __int128;

static constexpr int64_t kSmallLimit = int64_t(1) << 62;

static inline bool fitsSmall(i128 v) {
  return v <= kSmallLimit && v >= -kSmallLimit;
}

static u128 gcdU128(u128 a, u128 b) {
  while (b != 0) {
    u128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static inline uint64_t gcdU64(uint64_t a, uint64_t b) {
  while (b != 0) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

struct RationalAccess {
  static mpq_class toMpq(const Rational& r) {
    if (r.big_)
      return r.big_->q;
    mpq_class q;
    mpz_set_si(q.get_num_mpz_t(), r.num_);
    mpz_set_si(q.get_den_mpz_t(), r.den_);
    return q; // already canonical
  }
  static Rational fromMpq(mpq_class q) {
    // q must be canonical.
    Rational r;
    if (mpz_fits_slong_p(q.get_num_mpz_t()) && mpz_fits_slong_p(q.get_den_mpz_t())) {
      long n = mpz_get_si(q.get_num_mpz_t()), d = mpz_get_si(q.get_den_mpz_t());
      if (fitsSmall(n) && fitsSmall(d)) {
        r.num_ = n;
        r.den_ = d;
        return r;
      }
    }
    r.big_ = new Rational::Big();
    r.big_->q = std::move(q);
    return r;
  }
  // Builds n/d from 128-bit values (d != 0), normalizing.
  static Rational from128(i128 n, i128 d) {
    if (d < 0) {
      n = -n;
      d = -d;
    }
    u128 an = n < 0 ? u128(-n) : u128(n);
    u128 g = gcdU128(an, u128(d));
    if (g > 1) {
      n /= i128(g);
      d /= i128(g);
    }
    if (fitsSmall(n) && fitsSmall(d)) {
      Rational r;
      r.num_ = int64_t(n);
      r.den_ = int64_t(d);
      return r;
    }
    return fromMpq(mpqFrom128(n, d));
  }
  static mpz_class mpzFrom128(i128 v) {
    bool neg = v < 0;
    u128 a = neg ? u128(-v) : u128(v);
    mpz_class hi(static_cast<unsigned long>(uint64_t(a >> 64)));
    mpz_class lo(static_cast<unsigned long>(uint64_t(a)));
    mpz_class r = (hi << 64) + lo;
    return neg ? mpz_class(-r) : r;
  }
  static mpq_class mpqFrom128(i128 n, i128 d) {
    mpq_class q(mpzFrom128(n), mpzFrom128(d));
    q.canonicalize();
    return q;
  }
  static bool small(const Rational& r) { return !r.big_; }
  static int64_t num(const Rational& r) { return r.num_; }
  static int64_t den(const Rational& r) { return r.den_; }
};

using RA = RationalAccess;

Rational::Rational(int64_t v) {
  if (fitsSmall(v)) {
    num_ = v;
  } else {
    big_ = new Big();
    mpz_set_si(big_->q.get_num_mpz_t(), v);
  }
}

Rational::Rational(int64_t num, int64_t den) {
  *this = RA::from128(num, den);
}

void Rational::copyBig(const Rational& o) {
  big_ = new Big(*o.big_);
}
void Rational::freeBig() {
  delete big_;
  big_ = nullptr;
}

Rational& Rational::operator=(const Rational& o) {
  if (this == &o)
    return *this;
  num_ = o.num_;
  den_ = o.den_;
  if (big_)
    freeBig();
  if (o.big_)
    copyBig(o);
  return *this;
}

std::optional<Rational> Rational::parse(std::string_view s) {
  std::string str(s);
  if (str.empty())
    return std::nullopt;
  auto dot = str.find('.');
  mpq_class q;
  if (dot != std::string::npos) {
    std::string intPart = str.substr(0, dot), frac = str.substr(dot + 1);
    bool neg = !intPart.empty() && intPart[0] == '-';
    if (neg)
      intPart = intPart.substr(1);
    if (intPart.empty())
      intPart = "0";
    mpz_class ip, fp, den = 1;
    if (ip.set_str(intPart, 10) != 0)
      return std::nullopt;
    if (!frac.empty() && fp.set_str(frac, 10) != 0)
      return std::nullopt;
    for (size_t i = 0; i < frac.size(); ++i)
      den *= 10;
    q = mpq_class(ip * den + fp, den);
    if (neg)
      q = -q;
  } else if (q.set_str(str, 10) != 0) {
    return std::nullopt;
  }
  if (q.get_den() == 0)
    return std::nullopt;
  q.canonicalize();
  return RA::fromMpq(std::move(q));
}

bool Rational::isInteger() const {
  return big_ ? big_->q.get_den() == 1 : den_ == 1;
}

int Rational::sign() const {
  if (big_)
    return sgn(big_->q);
  return num_ > 0 ? 1 : (num_ < 0 ? -1 : 0);
}

std::optional<int64_t> Rational::toInt64() const {
  if (!isInteger())
    return std::nullopt;
  if (!big_)
    return num_;
  if (mpz_fits_slong_p(big_->q.get_num_mpz_t()))
    return int64_t(mpz_get_si(big_->q.get_num_mpz_t()));
  return std::nullopt;
}

double Rational::toDouble() const {
  return big_ ? big_->q.get_d() : double(num_) / double(den_);
}

/// (neg ? -1 : 1) * m * 2^e.
static Rational signedPow2(const mpz_class& m, long e, bool neg) {
  mpq_class q(m);
  if (e >= 0)
    mpq_mul_2exp(q.get_mpq_t(), q.get_mpq_t(), mp_bitcnt_t(e));
  else
    mpq_div_2exp(q.get_mpq_t(), q.get_mpq_t(), mp_bitcnt_t(-e));
  q.canonicalize();
  if (neg)
    q = -q;
  return RA::fromMpq(q);
}

std::optional<Rational> Rational::roundBinary(int precision, int minExp, int maxExp) const {
  if (isZero())
    return *this;
  mpq_class q = RA::toMpq(*this);
  bool neg = sgn(q) < 0;
  mpz_class n = q.get_num(), d = q.get_den();
  mpz_abs(n.get_mpz_t(), n.get_mpz_t());
  // e = floor(log2 |q|): 2^e <= n/d < 2^(e+1)
  long e = long(mpz_sizeinbase(n.get_mpz_t(), 2)) - long(mpz_sizeinbase(d.get_mpz_t(), 2));
  auto below = [&](long k) { // n/d < 2^k
    mpz_class a = n, b = d;
    if (k >= 0)
      b <<= mp_bitcnt_t(k);
    else
      a <<= mp_bitcnt_t(-k);
    return a < b;
  };
  if (below(e))
    --e;
  // the ulp is 2^u; the significand t = |q| / 2^u rounded to an integer
  long u = std::max(e, long(minExp)) - (precision - 1);
  mpz_class a = n, b = d;
  if (u >= 0)
    b <<= mp_bitcnt_t(u);
  else
    a <<= mp_bitcnt_t(-u);
  mpz_class t, rem;
  mpz_fdiv_qr(t.get_mpz_t(), rem.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
  int c = cmp(mpz_class(rem << 1), b);
  if (c > 0 || (c == 0 && mpz_odd_p(t.get_mpz_t())))
    ++t;
  // the largest finite value is (2^precision - 1) * 2^(maxExp - precision + 1)
  if (u + long(mpz_sizeinbase(t.get_mpz_t(), 2)) > long(maxExp) + 1)
    return std::nullopt;
  return signedPow2(t, u, neg);
}

long double Rational::toLongDouble() const {
  auto r = roundBinary(64, -16382, 16383);
  if (!r)
    return sign() < 0 ? -HUGE_VALL : HUGE_VALL;
  mpq_class q = RA::toMpq(*r);
  // the numerator has at most 64 significant bits and the denominator is a
  // power of two: both convert exactly, limb by limb
  long double x = 0;
  mpz_class n = q.get_num();
  mpz_abs(n.get_mpz_t(), n.get_mpz_t());
  for (long i = long(mpz_size(n.get_mpz_t())) - 1; i >= 0; --i)
    x = std::ldexp(x, 64) + (long double)mpz_getlimbn(n.get_mpz_t(), mp_size_t(i));
  x = std::ldexp(x, -int(mpz_sizeinbase(q.get_den_mpz_t(), 2) - 1));
  return sgn(q) < 0 ? -x : x;
}

Rational Rational::fromLongDouble(long double v) {
  int e = 0;
  long double frac = std::frexp(v, &e); // v = frac * 2^e, 0.5 <= |frac| < 1
  bool neg = frac < 0;
  auto mant = static_cast<unsigned long long>(std::ldexp(neg ? -frac : frac, 64));
  mpz_class m(static_cast<unsigned long>(mant >> 32));
  m = (m << 32) + static_cast<unsigned long>(mant & 0xffffffffULL);
  return signedPow2(m, long(e) - 64, neg);
}

std::string Rational::toString() const {
  if (big_)
    return big_->q.get_str();
  if (den_ == 1)
    return std::to_string(num_);
  return std::to_string(num_) + "/" + std::to_string(den_);
}

size_t Rational::hash() const {
  if (!big_)
    return std::hash<int64_t>()(num_) * 0x9E3779B97F4A7C15ull ^ std::hash<int64_t>()(den_);
  // Big values never equal small ones (normalization), so any hash works.
  return std::hash<std::string>()(big_->q.get_str());
}

Rational Rational::numerator() const {
  if (!big_)
    return Rational(num_);
  return RA::fromMpq(mpq_class(big_->q.get_num()));
}

Rational Rational::denominator() const {
  if (!big_)
    return Rational(den_);
  return RA::fromMpq(mpq_class(big_->q.get_den()));
}

Rational Rational::floor() const {
  if (!big_) {
    if (den_ == 1)
      return *this;
    int64_t q = num_ / den_;
    if (num_ < 0)
      --q;
    return Rational(q);
  }
  mpz_class r;
  mpz_fdiv_q(r.get_mpz_t(), big_->q.get_num_mpz_t(), big_->q.get_den_mpz_t());
  return RA::fromMpq(mpq_class(r));
}

Rational Rational::ceil() const {
  return -(-*this).floor();
}

Rational Rational::operator-() const {
  if (!big_) {
    Rational r;
    r.num_ = -num_;
    r.den_ = den_;
    return r;
  }
  return RA::fromMpq(mpq_class(-big_->q));
}

Rational operator+(const Rational& a, const Rational& b) {
  if (RA::small(a) && RA::small(b)) {
    if (a.den_ == 1 && b.den_ == 1) {
      i128 s = i128(a.num_) + b.num_;
      if (fitsSmall(s))
        return Rational(int64_t(s));
    }
    return RA::from128(i128(a.num_) * b.den_ + i128(b.num_) * a.den_, i128(a.den_) * b.den_);
  }
  return RA::fromMpq(mpq_class(RA::toMpq(a) + RA::toMpq(b)));
}

Rational operator-(const Rational& a, const Rational& b) {
  return a + (-b);
}

Rational operator*(const Rational& a, const Rational& b) {
  if (RA::small(a) && RA::small(b)) {
    if (a.den_ == 1 && b.den_ == 1) {
      i128 p = i128(a.num_) * b.num_;
      if (fitsSmall(p))
        return Rational(int64_t(p));
    }
    return RA::from128(i128(a.num_) * b.num_, i128(a.den_) * b.den_);
  }
  return RA::fromMpq(mpq_class(RA::toMpq(a) * RA::toMpq(b)));
}

Rational operator/(const Rational& a, const Rational& b) {
  if (b.isZero())
    std::abort();
  if (RA::small(a) && RA::small(b))
    return RA::from128(i128(a.num_) * b.den_, i128(a.den_) * b.num_);
  return RA::fromMpq(mpq_class(RA::toMpq(a) / RA::toMpq(b)));
}

Rational Rational::truncDiv(const Rational& a, const Rational& b) {
  if (RA::small(a) && RA::small(b) && a.den_ == 1 && b.den_ == 1)
    return Rational(a.num_ / b.num_);
  mpz_class r;
  mpz_tdiv_q(r.get_mpz_t(), RA::toMpq(a).get_num_mpz_t(), RA::toMpq(b).get_num_mpz_t());
  return RA::fromMpq(mpq_class(r));
}

Rational Rational::truncMod(const Rational& a, const Rational& b) {
  if (RA::small(a) && RA::small(b) && a.den_ == 1 && b.den_ == 1)
    return Rational(a.num_ % b.num_);
  mpz_class r;
  mpz_tdiv_r(r.get_mpz_t(), RA::toMpq(a).get_num_mpz_t(), RA::toMpq(b).get_num_mpz_t());
  return RA::fromMpq(mpq_class(r));
}

Rational Rational::gcd(const Rational& a, const Rational& b) {
  if (RA::small(a) && RA::small(b))
    return Rational(int64_t(gcdU64(uint64_t(std::llabs(a.num_)), uint64_t(std::llabs(b.num_)))));
  mpz_class r;
  mpz_gcd(r.get_mpz_t(), RA::toMpq(a).get_num_mpz_t(), RA::toMpq(b).get_num_mpz_t());
  return RA::fromMpq(mpq_class(r));
}

int compare(const Rational& a, const Rational& b) {
  if (RA::small(a) && RA::small(b)) {
    if (a.den_ == b.den_)
      return a.num_ < b.num_ ? -1 : (a.num_ > b.num_ ? 1 : 0);
    i128 l = i128(a.num_) * b.den_, r = i128(b.num_) * a.den_;
    return l < r ? -1 : (l > r ? 1 : 0);
  }
  int c = cmp(RA::toMpq(a), RA::toMpq(b));
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

bool operator==(const Rational& a, const Rational& b) {
  if (RA::small(a) != RA::small(b))
    return false; // normalization: big values never fit the small range
  if (RA::small(a))
    return a.num_ == b.num_ && a.den_ == b.den_;
  return a.big_->q == b.big_->q;
}

} // namespace chorus::sym
