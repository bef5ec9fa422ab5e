#include "chorus/model/Expr.h"

namespace chorus::model {

const char* opSpelling(Op op) {
  switch (op) {
  case Op::None:
    return "";
  case Op::Neg:
    return "-";
  case Op::Plus:
    return "+";
  case Op::LogNot:
    return "!";
  case Op::BitNot:
    return "~";
  case Op::Add:
    return "+";
  case Op::Sub:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Div:
    return "/";
  case Op::Rem:
    return "%";
  case Op::Shl:
    return "<<";
  case Op::Shr:
    return ">>";
  case Op::BitAnd:
    return "&";
  case Op::BitOr:
    return "|";
  case Op::BitXor:
    return "^";
  case Op::PtrAdd:
    return "+p";
  case Op::PtrDiff:
    return "-p";
  case Op::Lt:
    return "<";
  case Op::Gt:
    return ">";
  case Op::Le:
    return "<=";
  case Op::Ge:
    return ">=";
  case Op::Eq:
    return "==";
  case Op::Ne:
    return "!=";
  case Op::LogAnd:
    return "&&";
  case Op::LogOr:
    return "||";
  case Op::Implies:
    return "==>";
  case Op::Equiv:
    return "<==>";
  case Op::Range:
    return "..";
  case Op::Forall:
    return "\\forall";
  case Op::Exists:
    return "\\exists";
  case Op::Lambda:
    return "\\lambda";
  case Op::Sum:
    return "\\sum";
  }
  return "?";
}

} // namespace chorus::model
