// Variadic functions of the program (<stdarg.h>). The front end passes the
// arguments beyond the named ones in a record of the caller, one field per
// argument of its promoted type, and the function receives a pointer to the
// first field as its hidden last parameter `$va` (lib/front Lower.cpp,
// userVariadic). A va_list holds one pointer: to the next argument's field
// (null after va_end, or when no argument was passed). `$va_arg(ap)` is
// va_arg(ap, T): T is the type of its result.
//
// Checks (C11 7.16.1.1, undefined behaviour): va_arg with no argument left,
// and va_arg with a type that is not the argument's (after the default
// promotions; a signed/unsigned pair of one width and any two pointer types
// are accepted, as the representation is the same); a va_list used before
// va_start is an uninitialized read.
#include "Library.h"

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

/// The va_list that ap points to and where it stands.
struct Cursor {
  Place list;                       ///< the va_list's one pointer
  Root root;                        ///< the record of the arguments
  std::vector<Expr> path;           ///< path.back(): the next argument's field
  const model::Type* rec = nullptr; ///< null: none passed, or after va_end
  size_t next = 0;
};

Cursor cursorAt(Machine& m, Expr ap, const std::string& fn) {
  Cursor c;
  c.list = m.placeOfPointer(ap, nullptr, m.me);
  Expr cur = m.readPlace(c.list);
  if (!cur || m.V.isUndef(cur))
    m.fail(ViolationKind::UninitializedRead, fn + " on a va_list that va_start did not initialize",
           m.pc());
  auto p = m.V.decodePointer(cur);
  if (!p)
    throw Unsupported(fn + " on a va_list that holds no argument pointer at " + m.where());
  if (p->root.kind == RootKind::Null || p->path.empty())
    return c;
  c.root = p->root;
  c.path = p->path;
  c.rec = m.typeAt(m.self(), c.root, c.path, c.path.size() - 1);
  auto k = m.concreteInt(c.path.back());
  if (!c.rec || !c.rec->isRecord() || !k)
    throw Unsupported(fn + " on a va_list that does not point to variadic arguments at " +
                      m.where());
  c.next = size_t(*k);
  return c;
}

/// a and b are the same type for va_arg (see above): compatible for an
/// access (Machine::compatible: integers of any sign, any two pointers,
/// records by tag) and of one representation.
bool sameForVaArg(const model::Type* a, const model::Type* b) {
  if (a == b)
    return true;
  return a && b && Machine::compatible(a, b) && a->size == b->size &&
         (a->kind != TypeKind::Real || a->bits == b->bits);
}

Outcome runVaArg(Machine& m, const std::string&, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Cursor c = cursorAt(m, m.arg(s, 0), "va_arg");
  const model::Type* want = s.lhs ? s.lhs->type : nullptr;
  std::string wanted = want ? want->name : "?";
  if (!c.rec)
    m.fail(ViolationKind::UndefinedBehavior,
           "va_arg(ap, " + wanted +
               ") with no variadic argument (none was passed, or va_end was called)",
           m.pc());
  size_t n = c.rec->fields.size();
  if (c.next >= n)
    m.fail(ViolationKind::UndefinedBehavior,
           "va_arg(ap, " + wanted + ") beyond the " + std::to_string(n) +
               (n == 1 ? " variadic argument passed" : " variadic arguments passed"),
           m.pc());
  const model::Type* have = c.rec->fields[c.next].type;
  if (!sameForVaArg(have, want))
    m.fail(ViolationKind::UndefinedBehavior,
           "va_arg(ap, " + wanted + ") reads variadic argument " + std::to_string(c.next + 1) +
               ", of type " + (have ? have->name : "?"),
           m.pc());
  Place arg{c.root, c.path, have, m.me};
  Expr v = m.readPlace(arg);
  c.path.back() = m.intc(int64_t(c.next + 1));
  m.writePlace(c.list, m.V.makePointer(c.root, c.path));
  m.setResult(s, v, have);
  m.advance(t);
  return Outcome::Done;
}

} // namespace

std::vector<VarArg> remainingVarargs(Machine& m, Expr ap, const std::string& fn) {
  Cursor c = cursorAt(m, ap, fn);
  std::vector<VarArg> out;
  if (!c.rec)
    return out;
  for (size_t k = c.next; k < c.rec->fields.size(); ++k) {
    std::vector<Expr> path = c.path;
    path.back() = m.intc(int64_t(k));
    const model::Type* ft = c.rec->fields[k].type;
    out.push_back({m.readPlace(Place{c.root, path, ft, m.me}), ft,
                   "variadic argument " + std::to_string(k + 1)});
  }
  return out;
}

void registerVarargs(LibraryRegistry& r) {
  r.add("$va_arg", {runVaArg});
}

} // namespace chorus::exec
