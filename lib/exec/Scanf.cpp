// Models of formatted input: sscanf and vsscanf over a concrete string (a
// string with a symbolic character is `unknown`, naming the call); fscanf
// and vfscanf use the same scanner on a file's contents (File.cpp).
//
// The format is executed as C11 7.21.6.2 describes and glibc does it:
// white space in the format skips any white space of the input (none
// included); an ordinary character must be the next input character; a
// conversion (after skipping white space, except for %c, %[ and %n) reads
// the longest prefix of the input that can begin its subject sequence, at
// most `width` characters: %d %i %u %o %x %X integers (as strtol/strtoul
// read them), %f %e %g %a (and upper case) decimal floating numbers, %s a
// word, %c `width` characters (1 by default), %[...] characters of a set
// (a leading ^ negates it, a leading ] belongs to it, a-z is a range as in
// glibc), %n the number of characters read so far, %% a '%'. `*` reads
// without assigning. The result is the number of assignments made, or EOF
// (-1) when the input ended before the first assignment (glibc's rule; %n
// and `*` conversions do not count).
//
// As glibc: a prefix that cannot be completed is consumed and converted as
// far as it goes ("0x" is 0, "1e+" is 1) — C11 would make it a matching
// failure; a sign without digits is a matching failure.
//
// Checks: the arguments against the format, whether or not the input
// reaches the conversion (as gcc -Wformat does): too few or too many
// arguments, a conversion whose argument is not a pointer to the type its
// length modifier names (%d: int*, %ld: long*, %hhd: signed char*, %f:
// float*, %lf: double*, %Lf: long double*, %s %c %[: char*), an unknown or
// malformed conversion: PRINTF_FORMAT. A string or %c written past the end
// of its buffer is OUT_OF_BOUNDS (the classic unbounded %s), through a null
// pointer NULL_DEREFERENCE. A number that the object cannot represent
// (strtol's value of the digits, strtoul's for %u %o %x: "-1" with %u is
// ULONG_MAX) is UNDEFINED_BEHAVIOR (C11 7.21.6.2p10; glibc truncates it).
// Floating input (--float ieee) is rounded as glibc's strtod: "inf",
// "infinity", "nan" (any case, signed; glibc's scanf reads no "(...)"
// after "nan", and "infin" is a matching failure) are infinities and NaN,
// a value beyond the type's range an infinity, one below it a zero.
// `unknown`: %p, wide characters (%lc %ls %l[), hexadecimal floating
// input, with --float real infinities, NaN, a value beyond 10^5000 and a
// negative floating zero (the reals have no
// -0.0; with --float ieee it is -0.0), %Nc with fewer than N but more than 0
// characters left (glibc assigns them and counts the conversion, C11 makes it an input failure).
#include "CString.h"
#include "Library.h"

#include <cctype>
#include <cstring>
#include <limits>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

bool space(int c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}

sym::Rational power2(int k) {
  sym::Rational r(1);
  for (int i = 0; i < k; ++i)
    r *= sym::Rational(2);
  return r;
}

/// One execution of a scanf format (see the file comment).
class Scanner {
public:
  Scanner(Machine& m, const std::string& in, size_t& pos, const std::vector<VarArg>& args,
          const std::string& fn)
      : m(m), in(in), pos(pos), args(args), fn(fn), start(pos) {}

  int64_t run(const std::string& fmt);
  bool sawEnd = false; ///< a read was tried at the end of the input

private:
  Machine& m;
  const std::string& in;
  size_t& pos;
  const std::vector<VarArg>& args;
  const std::string& fn;
  size_t start;
  size_t ai = 0;
  int64_t count = 0;
  bool stopped = false; ///< a failure ended the input: the rest is only checked
  bool eof = false;     ///< the failure was an input failure

  [[noreturn]] void bad(const std::string& msg) {
    m.fail(ViolationKind::Format, fn + ": " + msg, m.pc());
  }
  int peek() {
    if (pos < in.size())
      return (unsigned char)in[pos];
    sawEnd = true;
    return -1;
  }
  /// A character of the current item at pos, within `limit` (the input's
  /// end, or its width's); reaching the input's end first is noted.
  bool more(size_t limit, size_t widthEnd) {
    if (pos >= in.size() && pos < widthEnd)
      sawEnd = true;
    return pos < limit;
  }
  void skipSpace() {
    while (peek() >= 0 && space(peek()))
      ++pos;
  }
  void inputFailure() { stopped = eof = true; }
  void matchingFailure() { stopped = true; }
  /// The start of a number: skips white space and reads its sign; `limit`
  /// ends what its width lets it read. False when a failure came before or
  /// the input has ended (an input failure).
  bool numberStart(int width, size_t& limit, size_t& widthEnd, bool& neg) {
    if (stopped)
      return false;
    skipSpace();
    if (peek() < 0) {
      inputFailure();
      return false;
    }
    widthEnd = width > 0 ? pos + size_t(width) : SIZE_MAX;
    limit = std::min(in.size(), widthEnd);
    neg = false;
    if (pos < limit && (in[pos] == '-' || in[pos] == '+'))
      neg = in[pos++] == '-';
    return true;
  }

  /// The argument of conversion `conv`, checked to point to `want` (a
  /// description) when `fits` holds of its pointee type.
  const VarArg& target(const std::string& conv, const std::string& want,
                       bool (*fits)(const model::Type*, int), int size) {
    if (ai >= args.size())
      bad("too few arguments for the format (conversion '" + conv + "' has none)");
    const VarArg& a = args[ai++];
    const model::Type* t = a.type;
    const model::Type* e = t && t->kind == TypeKind::Pointer ? t->elem : nullptr;
    if (!e || !fits(e, size))
      bad("argument " + std::to_string(ai) + " ('" + a.text + "', of type " +
          (t ? t->name : std::string("?")) + ") does not match '" + conv + "', which needs " +
          want);
    return a;
  }
  Place placeOf(const VarArg& a) {
    m.checkDefined(a.value);
    return m.placeOfPointer(a.value, a.type->elem, m.me);
  }

  void integer(const std::string& conv, char c, int width, bool suppress, int size);
  void real(const std::string& conv, int width, bool suppress, const std::string& len);
  void chars(const std::string& conv, char c, int width, bool suppress, const std::string& set,
             bool negate);
};

bool intOfSize(const model::Type* t, int size) {
  return t->kind == TypeKind::Int && int(t->size) == size;
}
bool realOfSize(const model::Type* t, int size) {
  return t->kind == TypeKind::Real && int(t->bits ? t->bits : t->size * 8) == size;
}
bool charType(const model::Type* t, int) {
  return t->kind == TypeKind::Int && t->size == 1;
}

void Scanner::integer(const std::string& conv, char c, int width, bool suppress, int size) {
  const VarArg* a = nullptr;
  if (!suppress)
    a = &target(conv, "a pointer to an integer of " + std::to_string(size) + " bytes", intOfSize,
                size);
  size_t limit, widthEnd;
  bool neg;
  if (!numberStart(width, limit, widthEnd, neg))
    return;
  auto avail = [&]() { return more(limit, widthEnd); };
  int base = c == 'd' || c == 'u' ? 10 : c == 'o' ? 8 : c == 'i' ? 0 : 16;
  bool digits = false;
  if ((base == 16 || base == 0) && avail() && in[pos] == '0') {
    ++pos;
    digits = true; // the 0 is a digit ("0x" alone is 0, as glibc)
    if (avail() && (in[pos] == 'x' || in[pos] == 'X')) {
      ++pos;
      base = 16;
    } else if (base == 0) {
      base = 8;
    }
  }
  if (base == 0)
    base = 10;
  sym::Rational v(0);
  for (; avail(); ++pos) {
    int ch = std::tolower((unsigned char)in[pos]);
    int d = std::isdigit(ch) ? ch - '0' : std::isalpha(ch) ? ch - 'a' + 10 : 99;
    if (d >= base)
      break;
    v = v * sym::Rational(base) + sym::Rational(d);
    digits = true;
  }
  if (!digits)
    return matchingFailure();
  if (suppress)
    return;
  const model::Type* t = a->type->elem;
  int bits = int(t->size * 8);
  sym::Rational span = power2(bits), half = power2(bits - 1);
  sym::Rational r = neg ? -v : v;
  bool fits;
  if (c == 'd' || c == 'i') {
    fits = -half <= r && r < half;
  } else { // strtoul's value: a negative number negated modulo 2^64
    sym::Rational top = power2(64);
    if (v >= top)
      r = top - sym::Rational(1);
    else if (neg && v.sign() != 0)
      r = top - v;
    fits = r < span;
  }
  if (!fits)
    m.fail(ViolationKind::UndefinedBehavior,
           fn + ": the value " + r.toString() + " read by '" + conv + "' does not fit in " +
               t->name + " (C11 7.21.6.2p10)",
           m.pc());
  // (the other signedness of the same size: the value modulo 2^bits)
  if (t->isSigned && r >= half)
    r -= span;
  else if (!t->isSigned && r.sign() < 0)
    r += span;
  m.writePlace(placeOf(*a), m.f.intConst(r));
  ++count;
}

void Scanner::real(const std::string& conv, int width, bool suppress, const std::string& len) {
  const VarArg* a = nullptr;
  int size = len == "L" ? 80 : len == "l" ? 64 : 32;
  if (!suppress)
    a = &target(conv,
                len == "L"   ? "a pointer to long double"
                : len == "l" ? "a pointer to double"
                             : "a pointer to float",
                realOfSize, size);
  size_t limit, widthEnd;
  bool neg;
  if (!numberStart(width, limit, widthEnd, neg))
    return;
  auto avail = [&]() { return more(limit, widthEnd); };
  auto at = [&](char x) { return avail() && std::tolower((unsigned char)in[pos]) == x; };
  if (at('i') || at('n')) { // "inf", "infinity", "nan" (any case; "nan(...)" stops at '(')
    bool inf = at('i');
    std::string word = inf ? "inf" : "nan";
    if (inf && pos + 3 < limit && pos + 3 < in.size() &&
        std::tolower((unsigned char)in[pos + 3]) == 'i')
      word = "infinity"; // (glibc: begun, it must be complete)
    for (char w : word) {
      if (!at(w))
        return matchingFailure();
      ++pos;
    }
    if (suppress)
      return;
    const model::Type* t = a->type->elem;
    if (!m.ieee(t))
      throw Unsupported(fn + " of an infinity or NaN at " + m.where() +
                        " (--float real: floating types are reals, without infinities and NaN)");
    long double x = inf ? std::numeric_limits<long double>::infinity()
                        : std::numeric_limits<long double>::quiet_NaN();
    m.writePlace(placeOf(*a), m.floatValue(neg ? -x : x));
    ++count;
    return;
  }
  if (at('0') && pos + 1 < limit && pos + 1 < in.size() &&
      std::tolower((unsigned char)in[pos + 1]) == 'x')
    throw Unsupported(fn + " of a hexadecimal floating number at " + m.where());
  sym::Rational mant(0);
  int64_t digits = 0, frac = 0;
  auto mantissa = [&](bool fraction) {
    for (; avail() && std::isdigit((unsigned char)in[pos]); ++pos) {
      mant = mant * sym::Rational(10) + sym::Rational(in[pos] - '0');
      ++digits;
      frac += fraction;
    }
  };
  mantissa(false);
  if (at('.')) {
    ++pos;
    mantissa(true);
  }
  if (digits == 0)
    return matchingFailure();
  int64_t exp = 0;
  if (at('e')) { // consumed with its sign even without digits, as glibc
    ++pos;
    bool eneg = false;
    if (avail() && (in[pos] == '-' || in[pos] == '+'))
      eneg = in[pos++] == '-';
    for (; avail() && std::isdigit((unsigned char)in[pos]); ++pos)
      if (exp < 100000)
        exp = exp * 10 + (in[pos] - '0');
    exp = eneg ? -exp : exp;
  }
  if (suppress)
    return;
  if (neg && mant.sign() == 0) { // -0.0 (--float ieee; the reals have none)
    if (!m.ieee(a->type->elem))
      throw Unsupported(fn + " of a negative zero at " + m.where());
    m.writePlace(placeOf(*a), m.floatValue(-0.0L));
    ++count;
    return;
  }
  int64_t scale = exp - frac;
  if (mant.sign() != 0 && (scale + digits > 5000 || scale + digits < -5000)) {
    if (!m.ieee(a->type->elem))
      throw Unsupported(fn + ": the value read is out of the range of its type at " + m.where());
    // (an infinity or a zero of the sign read, as glibc's strtod with ERANGE)
    long double x = scale > 0 ? std::numeric_limits<long double>::infinity() : 0.0L;
    m.writePlace(placeOf(*a), m.floatValue(neg ? -x : x));
    ++count;
    return;
  }
  sym::Rational v = mant, ten(10);
  for (int64_t k = 0; k < (scale < 0 ? -scale : scale); ++k)
    v = scale < 0 ? v / ten : v * ten;
  const model::Type* t = a->type->elem;
  Expr x = m.roundFloat(m.f.realConst(neg ? -v : v), t, fn + "'s value for '" + conv + "'");
  m.writePlace(placeOf(*a), x);
  ++count;
}

void Scanner::chars(const std::string& conv, char c, int width, bool suppress,
                    const std::string& set, bool negate) {
  const VarArg* a = nullptr;
  if (!suppress)
    a = &target(conv, "a pointer to char", charType, 1);
  if (stopped)
    return;
  if (c == 's')
    skipSpace();
  if (peek() < 0)
    return inputFailure();
  std::string got;
  if (c == 'c') {
    size_t n = width > 0 ? size_t(width) : 1;
    if (in.size() - pos < n)
      throw Unsupported(fn + ": '" + conv + "' with fewer characters left than its width at " +
                        m.where());
    got = in.substr(pos, n);
  } else {
    size_t widthEnd = width > 0 ? pos + size_t(width) : SIZE_MAX;
    for (size_t k = pos; k < widthEnd; ++k) {
      if (k >= in.size()) {
        sawEnd = true;
        break;
      }
      char ch = in[k];
      bool member = c == 's' ? !space((unsigned char)ch) : (set.find(ch) != std::string::npos);
      if (c == '[' && negate)
        member = !member;
      if (!member)
        break;
      got += ch;
    }
    if (got.empty())
      return matchingFailure();
  }
  pos += got.size();
  if (suppress)
    return;
  Cursor d(m, a->value, "the buffer");
  for (size_t k = 0; k < got.size(); ++k)
    d.write(int64_t(k), m.intc(int64_t((unsigned char)got[k])));
  if (c != 'c')
    d.write(int64_t(got.size()), m.intc(0));
  ++count;
}

int64_t Scanner::run(const std::string& fmt) {
  for (size_t i = 0; i < fmt.size(); ++i) {
    unsigned char f = fmt[i];
    if (space(f)) {
      while (i + 1 < fmt.size() && space((unsigned char)fmt[i + 1]))
        ++i;
      if (!stopped)
        skipSpace();
      continue;
    }
    if (f != '%') {
      if (stopped)
        continue;
      if (peek() < 0)
        inputFailure();
      else if (peek() != f)
        matchingFailure();
      else
        ++pos;
      continue;
    }
    size_t s0 = i++;
    bool suppress = i < fmt.size() && fmt[i] == '*';
    if (suppress)
      ++i;
    int width = 0;
    bool hasWidth = false;
    for (; i < fmt.size() && std::isdigit((unsigned char)fmt[i]); ++i) {
      hasWidth = true;
      width = std::min(width * 10 + (fmt[i] - '0'), 1 << 20);
    }
    std::string len;
    while (i < fmt.size() && std::strchr("hljztLq", fmt[i]))
      len += fmt[i++];
    if (i >= fmt.size())
      bad("the format ends inside a conversion ('" + fmt.substr(s0) + "')");
    char c = fmt[i];
    std::string conv = fmt.substr(s0, i + 1 - s0);
    if (hasWidth && width == 0)
      bad("a width of 0 in '" + conv + "'");
    if (!(len.empty() || len == "hh" || len == "h" || len == "l" || len == "ll" || len == "j" ||
          len == "z" || len == "t" || len == "L" || len == "q"))
      bad("invalid length modifier in '" + conv + "'");
    int isize = len == "hh" ? 1 : len == "h" ? 2 : len.empty() ? 4 : len == "L" ? 0 : 8;
    switch (c) {
    case '%':
      if (suppress || hasWidth || !len.empty())
        bad("invalid conversion '" + conv + "'");
      if (stopped)
        break;
      skipSpace();
      if (peek() < 0)
        inputFailure();
      else if (peek() != '%')
        matchingFailure();
      else
        ++pos;
      break;
    case 'd':
    case 'i':
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      if (isize == 0)
        bad("the L modifier does not apply to '" + conv + "'");
      integer(conv, c == 'X' ? 'x' : c, width, suppress, isize);
      break;
    case 'a':
    case 'A':
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      if (!(len.empty() || len == "l" || len == "L"))
        bad("invalid length modifier in '" + conv + "'");
      real(conv, width, suppress, len);
      break;
    case 'n': {
      if (suppress || hasWidth || isize == 0)
        bad("invalid conversion '" + conv + "'");
      const VarArg& a = target(conv, "a pointer to an integer", intOfSize, isize);
      if (!stopped)
        m.writePlace(placeOf(a), m.intc(int64_t(pos - start)));
      break;
    }
    case 's':
    case 'c':
    case '[': {
      if (!len.empty())
        throw Unsupported(fn + " with '" + conv + "' (wide characters) at " + m.where());
      std::string set;
      bool negate = false;
      if (c == '[') {
        size_t j = i + 1;
        if (j < fmt.size() && fmt[j] == '^') {
          negate = true;
          ++j;
        }
        size_t first = j;
        for (; j < fmt.size() && (fmt[j] != ']' || j == first); ++j) {
          if (fmt[j] == '-' && j > first && j + 1 < fmt.size() && fmt[j + 1] != ']' &&
              (unsigned char)fmt[j - 1] <= (unsigned char)fmt[j + 1]) {
            for (int x = (unsigned char)fmt[j - 1] + 1; x <= (unsigned char)fmt[j + 1]; ++x)
              set += char(x);
            ++j;
            continue;
          }
          set += fmt[j];
        }
        if (j >= fmt.size())
          bad("the scan set of '" + fmt.substr(s0) + "' has no closing ']'");
        conv = fmt.substr(s0, j + 1 - s0);
        i = j;
      }
      chars(conv, c, width, suppress, set, negate);
      break;
    }
    case 'p':
      throw Unsupported(fn + " with %p at " + m.where());
    default:
      bad("unknown conversion '" + conv + "'");
    }
  }
  if (ai < args.size())
    bad("more arguments than conversions in the format (argument " + std::to_string(ai + 1) + " '" +
        args[ai].text + "' is not used)");
  return eof && count == 0 ? -1 : count;
}

/// The characters of the string at pv, which must be concrete.
std::string concreteString(Machine& m, Expr pv, const std::string& fn) {
  Cursor s(m, pv, (fn + "'s string").c_str());
  std::string out;
  for (int64_t k = 0;; ++k) {
    if (k >= kMaxString)
      tooLong(m);
    auto c = m.concreteInt(s.read(k));
    if (!c)
      throw Unsupported(fn + " of a string with symbolic characters at " + m.where());
    if (*c == 0)
      return out;
    out += char(*c);
  }
}

} // namespace

std::vector<VarArg> scanArgs(Machine& m, const model::Stmt& s, const std::string& name, size_t fi) {
  std::vector<VarArg> args;
  if (name[0] == 'v') {
    if (s.args.size() != fi + 2)
      throw Unsupported(name + " with " + std::to_string(s.args.size()) + " arguments at " +
                        m.where());
    return remainingVarargs(m, m.arg(s, fi + 1), name);
  }
  for (size_t i = fi + 1; i < s.args.size(); ++i)
    args.push_back({m.arg(s, i), s.args[i]->type, m.text(s.args[i])});
  return args;
}

namespace {

Outcome runSscanf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::string input = concreteString(m, m.arg(s, 0), name);
  std::vector<VarArg> args = scanArgs(m, s, name);
  size_t pos = 0;
  int64_t n = scanInput(m, input, pos, m.readString(m.arg(s, 1)), args, name);
  m.step.effects.push_back(name + ": " + std::to_string(n));
  m.setResult(s, m.intc(n), nullptr);
  m.advance(t);
  return Outcome::Done;
}

} // namespace

int64_t scanInput(Machine& m, const std::string& input, size_t& pos, const std::string& fmt,
                  const std::vector<VarArg>& args, const std::string& fn, bool* sawEnd) {
  Scanner sc(m, input, pos, args, fn);
  int64_t r = sc.run(fmt);
  if (sawEnd)
    *sawEnd = sc.sawEnd;
  return r;
}

void registerScanf(LibraryRegistry& r) {
  r.add({"sscanf", "vsscanf"}, {runSscanf});
}

} // namespace chorus::exec
