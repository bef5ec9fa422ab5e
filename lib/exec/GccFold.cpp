// The value gcc gives a call of a <math.h> function whose arguments are
// constant expressions: its front end folds the call at compile time, even
// at -O0, computing it with MPFR correctly rounded in the function's type
// (gcc's fold-const-call), where the C library (glibc's libm) computing
// the same call at run time may differ in the last bit (atanh(0.5):
// 0.54930614433405489 folded, 0.54930614433405478 from libm). gcc folds
// only a finite result of finite arguments in the function's domain (sqrt
// of x >= 0, log of x > 0, asin/acos/atanh of -1 <= x <= 1, ...), without
// MPFR's overflow or underflow, and representable exactly in the type (a
// result that would round again to a subnormal is left to run time).
// Built without MPFR (CHORUS_HAVE_MPFR unset), such a call is `unknown`.
#include "Library.h"

#include <cmath>
#include <limits>
#include <type_traits>
#include <unordered_map>

#ifdef CHORUS_HAVE_MPFR
#include <mpfr.h>
#endif

namespace chorus::exec {

namespace {

/// The functions gcc computes with MPFR (the others it folds, floor, ceil,
/// round, trunc, fabs and copysign, are exact: libm gives the same value).
bool foldedByMpfr(const std::string& base) {
  static const char* const names[] = {
      "sqrt",  "cbrt", "asin",  "acos",  "atan", "asinh",     "acosh", "atanh", "sin",  "cos",
      "tan",   "sinh", "cosh",  "tanh",  "exp",  "exp2",      "expm1", "log",   "log2", "log10",
      "log1p", "pow",  "atan2", "hypot", "fmod", "remainder", "fdim",  "fmin",  "fmax"};
  for (const char* n : names)
    if (base == n)
      return true;
  return false;
}

/// gcc's domain condition for folding base(x) (the result is computed
/// only there).
bool inDomain(const std::string& base, long double x) {
  if (base == "sqrt")
    return x >= 0;
  if (base == "asin" || base == "acos" || base == "atanh")
    return x >= -1 && x <= 1;
  if (base == "acosh")
    return x >= 1;
  if (base == "log" || base == "log2" || base == "log10")
    return x > 0;
  if (base == "log1p")
    return x > -1;
  return true;
}

#ifdef CHORUS_HAVE_MPFR
using Unary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using Binary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/// MPFR's correctly rounded base(xs) at `prec` bits, in T when gcc keeps
/// it (a finite number, no overflow or underflow, T holds it exactly).
template <class T>
std::optional<long double> mpfrIn(const std::string& base, const std::vector<long double>& xs) {
  static const std::unordered_map<std::string, Unary> unary{
      {"sqrt", mpfr_sqrt},   {"cbrt", mpfr_cbrt},   {"asin", mpfr_asin},   {"acos", mpfr_acos},
      {"atan", mpfr_atan},   {"asinh", mpfr_asinh}, {"acosh", mpfr_acosh}, {"atanh", mpfr_atanh},
      {"sin", mpfr_sin},     {"cos", mpfr_cos},     {"tan", mpfr_tan},     {"sinh", mpfr_sinh},
      {"cosh", mpfr_cosh},   {"tanh", mpfr_tanh},   {"exp", mpfr_exp},     {"exp2", mpfr_exp2},
      {"expm1", mpfr_expm1}, {"log", mpfr_log},     {"log2", mpfr_log2},   {"log10", mpfr_log10},
      {"log1p", mpfr_log1p}};
  static const std::unordered_map<std::string, Binary> binary{
      {"pow", mpfr_pow},  {"atan2", mpfr_atan2},         {"hypot", mpfr_hypot}, {"fmod", mpfr_fmod},
      {"fdim", mpfr_dim}, {"remainder", mpfr_remainder}, {"fmin", mpfr_min},    {"fmax", mpfr_max}};
  const mpfr_prec_t prec = std::numeric_limits<T>::digits;
  mpfr_t a, b;
  mpfr_inits2(prec, a, b, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_ld(a, T(xs[0]), MPFR_RNDN); // (exact: values of T)
  if (xs.size() > 1)
    mpfr_set_ld(b, T(xs[1]), MPFR_RNDN);
  mpfr_clear_flags();
  bool known = false;
  if (auto u = unary.find(base); u != unary.end() && xs.size() == 1) {
    u->second(a, a, MPFR_RNDN);
    known = true;
  } else if (auto f = binary.find(base); f != binary.end() && xs.size() == 2) {
    f->second(a, a, b, MPFR_RNDN);
    known = true;
  }
  std::optional<long double> r;
  if (known && mpfr_number_p(a) && !mpfr_overflow_p() && !mpfr_underflow_p()) {
    T v;
    if constexpr (std::is_same_v<T, float>)
      v = mpfr_get_flt(a, MPFR_RNDN);
    else if constexpr (std::is_same_v<T, double>)
      v = mpfr_get_d(a, MPFR_RNDN);
    else
      v = mpfr_get_ld(a, MPFR_RNDN);
    if (std::isfinite(v) && mpfr_cmp_ld(a, v) == 0 && (v == 0) == (mpfr_zero_p(a) != 0))
      r = v;
  }
  mpfr_clears(a, b, static_cast<mpfr_ptr>(nullptr));
  return r;
}
#endif

} // namespace

std::optional<long double> gccFold(const std::string& base, char suffix,
                                   const std::vector<long double>& xs) {
  if (!foldedByMpfr(base) || xs.empty())
    return std::nullopt;
  for (long double x : xs)
    if (!std::isfinite(x))
      return std::nullopt;
  if (xs.size() == 1 && !inDomain(base, xs[0]))
    return std::nullopt;
#ifdef CHORUS_HAVE_MPFR
  if (suffix == 'f')
    return mpfrIn<float>(base, xs);
  if (suffix == 'l')
    return mpfrIn<long double>(base, xs);
  return mpfrIn<double>(base, xs);
#else
  (void)suffix;
  throw Unsupported("the value gcc computes at compile time for a call of " + base +
                    " with constant arguments (correctly rounded; chorus was built without MPFR)");
#endif
}

} // namespace chorus::exec
