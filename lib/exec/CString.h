// Private to lib/exec. Checked access to the characters of a C string
// argument, shared by the string models (String.cpp), the number
// conversions (Numbers.cpp) and the environment (Env.cpp). Characters may be
// symbolic: callers decide on them with Machine::choose, which forks where
// the path condition does not decide.
#pragma once

#include "Machine.h"

#include <string>

namespace chorus::exec {

/// Strings longer than this are `unknown` (the models walk them character
/// by character).
constexpr int64_t kMaxString = 4096;

/// A cursor over the characters of a string argument. Every access is a
/// checked access of the character array: past the end of its object is
/// OUT_OF_BOUNDS, an uninitialized character UNINITIALIZED_READ.
struct Cursor {
  Machine& m;
  Place pl;
  bool inArray = true; ///< the place is an element of a char array

  Cursor(Machine& m, Expr pv, const char* what) : m(m) {
    if (m.V.isUndef(pv))
      m.fail(ViolationKind::UninitializedRead, std::string(what) + " is an uninitialized pointer",
             m.pc());
    auto p = m.V.decodePointer(pv);
    if (!p)
      throw Unsupported(std::string("symbolic ") + what + " pointer at " + m.where());
    if (p->root.kind == RootKind::Null)
      m.fail(ViolationKind::NullDereference, std::string(what) + " is a null pointer", m.pc());
    pl = m.placeOfPointer(pv, m.P.types.charType(), m.me);
    inArray = !pl.path.empty() &&
              m.typeAt(m.self(), pl.root, pl.path, pl.path.size() - 1)->kind == TypeKind::Array;
  }
  /// Place of character k (k > 0 only inside an array).
  Place at(int64_t k) {
    if (k == 0)
      return pl;
    if (!inArray)
      m.fail(ViolationKind::OutOfBounds, "string access beyond a single character object", m.pc());
    Place q = pl;
    q.path.back() = m.f.add(q.path.back(), m.intc(k));
    return q;
  }
  Expr read(int64_t k) {
    Expr c = m.readPlace(at(k));
    m.checkDefined(c);
    return c;
  }
  void write(int64_t k, Expr c) {
    if (pl.root.kind == RootKind::String)
      m.fail(ViolationKind::OutOfBounds, "write into a string literal", m.pc());
    m.writePlace(at(k), c);
  }
  Expr pointer(int64_t k) { return m.pointerTo(at(k)); }
};

inline bool isNul(Machine& m, Expr c) {
  return m.choose(m.f.eq(c, m.intc(0)));
}

[[noreturn]] inline void tooLong(Machine& m) {
  throw Unsupported("string longer than " + std::to_string(kMaxString) + " characters at " +
                    m.where());
}

} // namespace chorus::exec
