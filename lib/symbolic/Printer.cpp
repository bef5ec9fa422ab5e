// Readable rendering of expressions (for diagnostics and tests).
#include "chorus/symbolic/Expr.h"

#include <sstream>

namespace chorus::sym {

const char* kindName(Kind k) {
  switch (k) {
    // clang-format off
#define K(x) case Kind::x: return #x;
    K(BoolConst)
    K(NumConst)
    K(RefConst)
    K(Symbol)
    K(BoundVar)
    K(Add)
    K(Mul)
    K(Pow)
    K(IntDiv)
    K(IntMod)
    K(BitOp)
    K(RealDiv)
    K(IntToReal)
    K(RealToInt)
    K(CharToInt)
    K(IntToChar)
    K(Lt)
    K(Le)
    K(Eq)
    K(Not)
    K(And)
    K(Or)
    K(Ite)
    K(ArrayLit)
    K(ArrayWrite)
    K(ArrayRead)
    K(ArrayLambda)
    K(ArrayLength)
    K(TupleMake)
    K(TupleRead)
    K(TupleWrite)
    K(UnionInject)
    K(UnionTest)
    K(UnionExtract)
    K(Lambda)
    K(Apply)
    K(Forall)
    K(Exists)
    K(Sum)
#undef K
    // clang-format on
  }
  return "?";
}

namespace {
/// toString's limit: past this many characters, print() adds nothing (an
/// expression is a DAG: printed as a tree it may be exponentially long).
thread_local std::streamoff gPrintLimit = -1;
} // namespace

static void print(std::ostream& os, Expr e) {
  if (gPrintLimit >= 0 && os.tellp() > gPrintLimit)
    return;
  auto list = [&](const char* open, const char* sep, const char* close, size_t from = 0) {
    os << open;
    for (size_t i = from; i < e->numChildren(); ++i) {
      if (i > from)
        os << sep;
      print(os, e->child(uint32_t(i)));
    }
    os << close;
  };
  switch (e->kind()) {
  case Kind::BoolConst:
    os << (e->isTrue() ? "true" : "false");
    return;
  case Kind::NumConst:
    if (e->type()->kind() == TypeKind::Char)
      os << "'" << e->value().toString() << "'";
    else
      os << e->value().toString();
    return;
  case Kind::RefConst:
    os << "&" << e->aux();
    return;
  case Kind::Symbol:
  case Kind::BoundVar:
    os << e->name();
    return;
  case Kind::Add:
    list("(", " + ", ")");
    return;
  case Kind::Mul:
    list("", "*", "");
    return;
  case Kind::Pow:
    print(os, e->child(0));
    os << "^" << e->aux();
    return;
  case Kind::IntDiv:
  case Kind::RealDiv:
    list("(", " / ", ")");
    return;
  case Kind::IntMod:
    list("(", " % ", ")");
    return;
  case Kind::BitOp: {
    static const char* ops[] = {" & ", " | ", " ^ ", " << ", " >> "};
    unsigned k = unsigned(e->aux() & 0xff);
    list("(", k < 5 ? ops[k] : " ? ", ")");
    return;
  }
  case Kind::Lt:
    os << "0 < ";
    print(os, e->child(0));
    return;
  case Kind::Le:
    os << "0 <= ";
    print(os, e->child(0));
    return;
  case Kind::Eq:
    list("", " = ", "");
    return;
  case Kind::Not:
    os << "!(";
    print(os, e->child(0));
    os << ")";
    return;
  case Kind::And:
    list("(", " && ", ")");
    return;
  case Kind::Or:
    list("(", " || ", ")");
    return;
  case Kind::Ite:
    os << "(";
    print(os, e->child(0));
    os << " ? ";
    print(os, e->child(1));
    os << " : ";
    print(os, e->child(2));
    os << ")";
    return;
  case Kind::ArrayLit:
    list("{", ", ", "}");
    return;
  case Kind::ArrayWrite:
    print(os, e->child(0));
    os << "[";
    print(os, e->child(1));
    os << ":=";
    print(os, e->child(2));
    os << "]";
    return;
  case Kind::ArrayRead:
    print(os, e->child(0));
    os << "[";
    print(os, e->child(1));
    os << "]";
    return;
  case Kind::TupleRead:
    print(os, e->child(0));
    os << "." << e->aux();
    return;
  case Kind::TupleWrite:
    print(os, e->child(0));
    os << "[." << e->aux() << ":=";
    print(os, e->child(1));
    os << "]";
    return;
  case Kind::Apply:
    print(os, e->child(0));
    list("(", ", ", ")", 1);
    return;
  default:
    os << kindName(e->kind());
    if (e->kind() == Kind::TupleMake || e->aux() != 0 || e->kind() == Kind::UnionInject ||
        e->kind() == Kind::UnionTest || e->kind() == Kind::UnionExtract)
      if (e->kind() != Kind::TupleMake)
        os << "#" << e->aux();
    list("(", ", ", ")");
    return;
  }
}

std::string toString(Expr e) {
  std::ostringstream os;
  print(os, e);
  return os.str();
}

std::string toString(Expr e, size_t maxChars) {
  std::ostringstream os;
  std::streamoff save = gPrintLimit;
  gPrintLimit = std::streamoff(maxChars);
  print(os, e);
  gPrintLimit = save;
  std::string s = os.str();
  if (s.size() > maxChars)
    s = s.substr(0, maxChars) + "...";
  return s;
}

} // namespace chorus::sym
