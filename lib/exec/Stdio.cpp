// Models of <stdio.h> output: printf/fprintf/sprintf/snprintf, their
// va_list forms vprintf/vfprintf/vsprintf/vsnprintf (Varargs.cpp),
// puts/fputs/putchar/fputc/putc/fflush. Output is recorded in the trace (concrete values
// formatted as C would, symbolic ones shown as expressions), marked with its
// stream ("output:" for stdout, "stderr:" for stderr). The streams are the C
// library's stdout and stderr (Executor::initial gives the extern variables
// stdin/stdout/stderr a value that names them) or a file opened for writing
// (File.cpp: shown as "file NAME:", not written); a null stream is
// NULL_DEREFERENCE, a closed one USE_AFTER_FREE, stdin `unknown`. The format is checked against
// the arguments: a missing or extra argument, an argument whose type does
// not fit its conversion (class and size: %d needs an int, %ld a long, %f a
// double, %s a char pointer, %p a pointer), an unknown conversion, are
// PRINTF_FORMAT violations (undefined behaviour in C; extra arguments are
// legal C but reported, as gcc -Wformat-extra-args does).
#include "Library.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

struct Formatted {
  std::string text;
  bool concrete = true; ///< every converted value was concrete
};

/// The argument's type class for format checking.
enum class ArgClass { Integer, Real, CharPointer, Pointer, Other };

ArgClass classOf(const model::Type* t, unsigned& bits) {
  bits = 0;
  if (!t)
    return ArgClass::Other;
  switch (t->kind) {
  case TypeKind::Bool:
    bits = 8;
    return ArgClass::Integer;
  case TypeKind::Int:
    bits = t->bits ? t->bits : unsigned(t->size * 8);
    return ArgClass::Integer;
  case TypeKind::Real:
    bits = t->bits ? t->bits : unsigned(t->size * 8);
    return ArgClass::Real;
  case TypeKind::Pointer:
  case TypeKind::Array: {
    const model::Type* e = t->elem;
    if (e && e->kind == TypeKind::Int && (e->isChar || e->size == 1))
      return ArgClass::CharPointer;
    return ArgClass::Pointer;
  }
  default:
    return ArgClass::Other;
  }
}

std::string ordinal(size_t i) {
  return "argument " + std::to_string(i + 1);
}

/// An integer's two's-complement bits modulo 2^64 (nullopt when it lies
/// outside -2^63 .. 2^64-1, which no C integer type holds).
std::optional<uint64_t> intBits(const sym::Rational& r) {
  if (auto i = r.toInt64())
    return uint64_t(*i);
  sym::Rational half = sym::Rational(INT64_MAX) + sym::Rational(1);
  if (auto i = (r - half - half).toInt64(); i && r.sign() > 0)
    return uint64_t(*i);
  return std::nullopt;
}

/// A rational as a double (for %f/%e/%g of concrete reals).
double toDouble(const sym::Rational& r) {
  return r.toDouble();
}

/// The arguments of call s from index `from` on, evaluated (as C does
/// before the call).
std::vector<VarArg> callArgs(Machine& m, const model::Stmt& s, size_t from) {
  std::vector<VarArg> out;
  for (size_t i = from; i < s.args.size(); ++i)
    out.push_back({m.arg(s, i), s.args[i]->type, m.text(s.args[i])});
  return out;
}

/// printf's formatting of `args` by the format string at s's argument fi;
/// the arguments are those of the call after the format, or (vprintf and
/// the like) those a va_list has left.
Formatted format(Machine& m, const model::Stmt& s, size_t fi, const std::string& fn,
                 const std::vector<VarArg>& args) {
  std::string fmt = m.readString(m.arg(s, fi));
  Formatted out;
  size_t ai = 0;
  auto bad = [&](const std::string& msg) {
    m.fail(ViolationKind::Format, fn + ": " + msg, m.pc());
  };
  auto nextArg = [&](const std::string& conv) -> size_t {
    if (ai >= args.size())
      bad("too few arguments for the format (conversion '" + conv + "' has none)");
    return ai++;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out.text += fmt[i];
      continue;
    }
    size_t start = i++;
    std::string spec = "%";
    while (i < fmt.size() && std::strchr("-+ #0", fmt[i]))
      spec += fmt[i++];
    // width and precision, possibly '*' (an int argument)
    auto field = [&]() {
      if (i < fmt.size() && fmt[i] == '*') {
        ++i;
        size_t a = nextArg("*");
        unsigned bits;
        if (classOf(args[a].type, bits) != ArgClass::Integer || bits > 32)
          bad(ordinal(a) + " for '*' must be an int");
        Expr v = args[a].value;
        m.checkDefined(v);
        auto c = m.concreteInt(v);
        if (c)
          spec += std::to_string(*c);
        else
          out.concrete = false;
        return;
      }
      while (i < fmt.size() && std::isdigit((unsigned char)fmt[i]))
        spec += fmt[i++];
    };
    field();
    if (i < fmt.size() && fmt[i] == '.') {
      spec += fmt[i++];
      field();
    }
    std::string len;
    while (i < fmt.size() && std::strchr("hljztLq", fmt[i]))
      len += fmt[i++];
    if (i >= fmt.size())
      bad("the format ends inside a conversion ('" + fmt.substr(start) + "')");
    char c = fmt[i];
    std::string conv = fmt.substr(start, i + 1 - start);
    if (c == '%') {
      out.text += '%';
      continue;
    }
    if (!(len.empty() || len == "hh" || len == "h" || len == "l" || len == "ll" || len == "j" ||
          len == "z" || len == "t" || len == "L" || len == "q"))
      bad("invalid length modifier in '" + conv + "'");
    if (c == 'n')
      throw Unsupported(fn + " with %n at " + m.where());
    if (!std::strchr("diouxXcsfFeEgGaAp", c))
      bad("unknown conversion '" + conv + "'");
    size_t a = nextArg(conv);
    const VarArg& ae = args[a];
    unsigned bits = 0;
    ArgClass k = classOf(ae.type, bits);
    std::string tn = ae.type ? ae.type->name : "?";
    std::string who = ordinal(a) + " ('" + ae.text + "', of type " + tn + ")";
    bool wide = len == "l" || len == "ll" || len == "j" || len == "z" || len == "t" || len == "q";
    switch (c) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
      if (k != ArgClass::Integer)
        bad(who + " does not match '" + conv + "', which needs an integer");
      if (wide && bits != 64)
        bad(who + " does not match '" + conv + "', which needs a 64-bit integer");
      if (!wide && bits > 32)
        bad(who + " does not match '" + conv + "', which needs an int (use the l modifier)");
      if (len == "L")
        bad("the L modifier does not apply to '" + conv + "'");
      break;
    case 'c':
      if (k != ArgClass::Integer || bits > 32)
        bad(who + " does not match '" + conv + "', which needs an int (a character)");
      break;
    case 's':
      if (len == "l")
        throw Unsupported(fn + " with wide strings at " + m.where());
      if (k != ArgClass::CharPointer)
        bad(who + " does not match '" + conv + "', which needs a char pointer");
      break;
    case 'p':
      if (k != ArgClass::Pointer && k != ArgClass::CharPointer)
        bad(who + " does not match '" + conv + "', which needs a pointer");
      break;
    default: // f F e E g G a A
      if (k != ArgClass::Real)
        bad(who + " does not match '" + conv + "', which needs a double");
      if (len == "L" ? bits <= 64 : bits > 64)
        bad(who + " does not match '" + conv + "'" +
            (len == "L" ? ", which needs a long double" : " (long double needs the L modifier)"));
      if (!len.empty() && len != "L" && len != "l")
        bad("invalid length modifier in '" + conv + "'");
      break;
    }
    Expr v = ae.value;
    char buf[512];
    if (c == 's') {
      // the width pads, the precision bounds what is read (C11 7.21.6.1p4)
      size_t dot = spec.find('.');
      size_t max = 4096;
      if (dot != std::string::npos)
        max = std::min<size_t>(max, std::strtoul(spec.c_str() + dot + 1, nullptr, 10));
      std::string str = m.readString(v, max);
      int n = std::snprintf(buf, sizeof buf, (spec + "s").c_str(), str.c_str());
      if (n >= 0 && size_t(n) < sizeof buf) {
        out.text += buf;
      } else {
        std::vector<char> big(size_t(std::max(n, 0)) + 1);
        std::snprintf(big.data(), big.size(), (spec + "s").c_str(), str.c_str());
        out.text += big.data();
      }
      continue;
    }
    m.checkDefined(v);
    if (c == 'p') {
      // glibc's forms where the pointer has an address: NULL "(nil)", a
      // pointer made from an integer its hexadecimal value; objects have no
      // modelled address (the text names the object)
      auto p = m.V.decodePointer(v);
      if (p && p->root.kind == RootKind::Null) {
        out.text += "(nil)";
      } else if (p && p->root.kind == RootKind::Address && p->path.empty()) {
        std::snprintf(buf, sizeof buf, "%#llx",
                      static_cast<unsigned long long>(state::addressOf(p->root)));
        out.text += buf;
      } else {
        out.text += m.show(v);
      }
      continue;
    }
    if (k == ArgClass::Real && isSpecialFloat(v)) { // inf, -nan, -0.000000 as glibc
      std::string sp = spec + len + c;
      if (len == "L")
        std::snprintf(buf, sizeof buf, sp.c_str(), *hostFloat(v));
      else
        std::snprintf(buf, sizeof buf, sp.c_str(), double(*hostFloat(v)));
      out.text += buf;
      continue;
    }
    if (v->kind() != sym::Kind::NumConst) {
      out.text += m.show(v);
      out.concrete = false;
      continue;
    }
    if (k == ArgClass::Integer) {
      // the argument converted as the conversion reads it (C11 7.21.6.1p7-8):
      // %d of the length's signed type, %u %o %x of its unsigned type
      // (printf("%x", -1) is ffffffff), %c an unsigned char
      auto iv = intBits(v->value());
      if (!iv) {
        out.text += v->value().toString();
        continue;
      }
      unsigned w = c == 'c' ? 8 : wide ? 64 : len == "hh" ? 8 : len == "h" ? 16 : 32;
      uint64_t u = w == 64 ? *iv : *iv & ((uint64_t(1) << w) - 1);
      if (c == 'c') {
        std::snprintf(buf, sizeof buf, (spec + c).c_str(), int(u));
      } else if (c == 'd' || c == 'i') {
        int64_t sv = w < 64 && (u >> (w - 1)) ? int64_t(u) - (int64_t(1) << w) : int64_t(u);
        std::snprintf(buf, sizeof buf, (spec + "ll" + c).c_str(), (long long)sv);
      } else {
        std::snprintf(buf, sizeof buf, (spec + "ll" + c).c_str(), (unsigned long long)u);
      }
    } else {
      std::string sp = spec + len + c;
      if (len == "L") // a long double's every digit (x87 extended)
        std::snprintf(buf, sizeof buf, sp.c_str(), v->value().toLongDouble());
      else
        std::snprintf(buf, sizeof buf, sp.c_str(), toDouble(v->value()));
    }
    out.text += buf;
  }
  if (ai < args.size())
    bad("more arguments than conversions in the format (" + ordinal(ai) + " '" + args[ai].text +
        "' is not used)");
  return out;
}

/// The arguments the format at s's argument fi converts: the call's own
/// after it, or for the v-forms those their va_list has left.
std::vector<VarArg> printfArgs(Machine& m, const model::Stmt& s, size_t fi,
                               const std::string& name) {
  if (name[0] != 'v')
    return callArgs(m, s, fi + 1);
  if (s.args.size() != fi + 2)
    throw Unsupported(name + " with " + std::to_string(s.args.size()) + " arguments at " +
                      m.where());
  return remainingVarargs(m, m.arg(s, fi + 1), name);
}

/// Writes `text` and a NUL into the char buffer at pv (bounds-checked).
void writeChars(Machine& m, Expr pv, const std::string& text) {
  Place pl = m.placeOfPointer(pv, m.P.types.charType(), m.me);
  for (size_t k = 0; k <= text.size(); ++k) {
    Place q = pl;
    if (k > 0) {
      if (q.path.empty())
        m.fail(ViolationKind::OutOfBounds, "output beyond a single character object", m.pc());
      q.path.back() = m.f.add(q.path.back(), m.intc(int64_t(k)));
    }
    m.writePlace(q, m.intc(k < text.size() ? (unsigned char)text[k] : 0));
  }
}

/// A character argument as C converts it for output: (unsigned char)c.
std::string charOut(Machine& m, Expr c) {
  m.checkDefined(c);
  if (c->type()->isBool())
    c = m.boolToInt(c);
  int64_t v = m.requireConcrete(c, "character");
  return std::string(1, char(((v % 256) + 256) % 256));
}

Outcome runPrintf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::string out;
  OutStream os{OutStream::Stdout, "stdout"};
  if (name == "putchar") {
    out = charOut(m, m.arg(s, 0));
  } else if (name == "fputc" || name == "putc") {
    out = charOut(m, m.arg(s, 0));
    os = outputStream(m, s, 1, name);
  } else if (name == "puts") {
    out = m.readString(m.arg(s, 0)) + "\n";
  } else if (name == "fputs") {
    out = m.readString(m.arg(s, 0));
    os = outputStream(m, s, 1, name);
  } else if (name == "sprintf" || name == "snprintf" || name == "vsprintf" || name == "vsnprintf") {
    const bool sized = name == "snprintf" || name == "vsnprintf";
    size_t fi = sized ? 2 : 1;
    Formatted fo = format(m, s, fi, name, printfArgs(m, s, fi, name));
    if (!fo.concrete)
      throw Unsupported(name + " of a symbolic value at " + m.where());
    std::string text = fo.text;
    if (sized) {
      int64_t n = m.requireConcrete(m.arg(s, 1), "snprintf size");
      if (n < 0)
        m.fail(ViolationKind::OutOfBounds, name + " with a negative size", m.pc());
      if (n > 0)
        writeChars(m, m.arg(s, 0), text.substr(0, size_t(n - 1)));
    } else {
      writeChars(m, m.arg(s, 0), text);
    }
    m.step.effects.push_back(name + ": \"" + text + "\"");
    m.setResult(s, m.intc(int64_t(fo.text.size())), nullptr);
    m.advance(t);
    return Outcome::Done;
  } else if (name == "fflush") {
    // fflush(NULL) flushes every stream
    Expr v = m.arg(s, 0);
    auto p = m.V.decodePointer(v);
    if (!(p && p->root.kind == RootKind::Null))
      outputStream(m, s, 0, name);
  } else { // printf, fprintf, vprintf, vfprintf
    const bool stream = name == "fprintf" || name == "vfprintf";
    if (stream)
      os = outputStream(m, s, 0, name);
    out = format(m, s, stream ? 1 : 0, name, printfArgs(m, s, stream ? 1 : 0, name)).text;
  }
  if (name != "fflush") {
    if (os.kind == OutStream::Stdout)
      m.step.output += out; // standard output only (verify --print-output)
    std::string shown = out;
    while (!shown.empty() && shown.back() == '\n')
      shown.pop_back();
    m.step.effects.push_back((os.kind == OutStream::Stdout   ? "output: "
                              : os.kind == OutStream::Stderr ? "stderr: "
                                                             : "file " + os.name + ": ") +
                             shown);
  }
  // putchar/fputc/putc give the character written, fputs/puts a non-negative
  // number, fflush 0, the printf family the number of characters
  int64_t res = int64_t(out.size());
  if (name == "putchar" || name == "fputc" || name == "putc")
    res = (unsigned char)out[0];
  else if (name == "fflush")
    res = 0;
  m.setResult(s, m.intc(res), nullptr);
  m.advance(t);
  return Outcome::Done;
}

} // namespace

void registerStdio(LibraryRegistry& r) {
  r.add({"printf", "puts", "fputs", "putchar", "fputc", "putc", "fprintf", "sprintf", "snprintf",
         "fflush", "vprintf", "vfprintf", "vsprintf", "vsnprintf"},
        {runPrintf});
}

} // namespace chorus::exec
