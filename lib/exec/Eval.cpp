// Evaluation of model expressions: values and places (lvalues), lazy
// conditions with assumptions, relations, arithmetic, conversions, and the
// checks for uninitialized reads.
#include "Machine.h"

#include "chorus/model/Printer.h"

#include <cmath>
#include <cstdlib>

namespace chorus::exec {

void Machine::checkDefined(Expr v) {
  if (V.isUndef(v)) {
    if (assumptions.empty())
      fail(ViolationKind::UninitializedRead, "read of an uninitialized value", pc());
    // the right operand of a lazy `&&`, `||` or `?:`: a violation only where
    // the left operand lets the read happen
    require(f.falseExpr(), ViolationKind::UninitializedRead, "read of an uninitialized value");
  }
  if (!V.containsUndef(v))
    return;
  Expr c = undefCond(v);
  require(f.logicalNot(c), ViolationKind::UninitializedRead,
          "read of a possibly uninitialized value");
}

Expr Machine::undefCond(Expr v) {
  if (V.isUndef(v))
    return f.trueExpr();
  if (!V.containsUndef(v))
    return f.falseExpr();
  switch (v->kind()) {
  case sym::Kind::Ite:
    return f.ite(v->child(0), undefCond(v->child(1)), undefCond(v->child(2)));
  case sym::Kind::ArrayRead:
    return undefAt(v->child(0), v->child(1));
  case sym::Kind::TupleRead:
    if (v->child(0)->kind() == sym::Kind::TupleMake)
      return undefCond(v->child(0)->child(uint32_t(v->aux())));
    return f.trueExpr();
  case sym::Kind::ArrayLit:
  case sym::Kind::ArrayWrite:
  case sym::Kind::ArrayLambda:
  case sym::Kind::Lambda:
  case sym::Kind::TupleMake:
  case sym::Kind::TupleWrite:
    return f.trueExpr(); // conservatively: may be undefined
  default: {
    // A value computed from others (arithmetic, relations, function
    // applications) is undefined when one of its operands may be.
    std::vector<Expr> cs;
    for (Expr c : v->children())
      cs.push_back(undefCond(c));
    return f.logicalOr(cs);
  }
  }
}

Expr Machine::undefAt(Expr a, Expr i) {
  if (!V.containsUndef(a))
    return f.falseExpr();
  switch (a->kind()) {
  case sym::Kind::ArrayLit: {
    std::vector<Expr> cs;
    for (uint32_t j = 0; j < a->numChildren(); ++j) {
      Expr c = undefCond(a->child(j));
      if (!c->isFalse())
        cs.push_back(f.logicalAnd(f.eq(i, intc(j)), c));
    }
    return f.logicalOr(cs);
  }
  case sym::Kind::ArrayWrite:
    return f.ite(f.eq(i, a->child(1)), undefCond(a->child(2)), undefAt(a->child(0), i));
  case sym::Kind::ArrayLambda: {
    Expr args[1] = {i};
    return undefCond(f.apply(a->child(1), args));
  }
  default:
    return f.trueExpr();
  }
}

Expr Machine::convert(Expr v, const model::Type* from, const model::Type* to) {
  if (!to || !from || from == to)
    return v;
  switch (to->kind) {
  case TypeKind::Bool:
    if (v->type()->isInt() && from->kind == TypeKind::Bool)
      return v;
    return boolToInt(truth(v));
  case TypeKind::Int:
    if (v->type()->isReal())
      return floatToInt(v, to);
    if (v->type()->isInt())
      return isCInt(to) ? convertInt(v, from, to) : v;
    if (v->type()->isBool())
      return boolToInt(v);
    if (auto p = V.decodePointer(v)) {
      // integers made pointers convert back; addresses of objects are not
      // modelled
      if (p->root.kind == RootKind::Null)
        return intc(0);
      if (p->root.kind == RootKind::Address && p->path.empty())
        return intc(state::addressOf(p->root));
    }
    throw Unsupported("conversion of a pointer to an object to an integer at " + where());
  case TypeKind::Real: {
    if (v->type()->isBool())
      return f.intToReal(boolToInt(v));
    // --float ieee: rounded to `to` unless every value of `from` is one of
    // `to` (int to double, float to double); a number always (it may come
    // from a wider type)
    bool exact = !ieee(to) || (from && from->kind == TypeKind::Bool);
    if (v->type()->isInt()) {
      exact = exact || (from && from->kind == TypeKind::Int &&
                        from->bits <= (to->bits <= 32   ? 24u
                                       : to->bits <= 64 ? 53u
                                                        : 64u));
      v = f.intToReal(v);
    } else {
      exact = exact || !from || (from->kind == TypeKind::Real && from->bits <= to->bits);
    }
    if (exact && v->kind() != sym::Kind::NumConst)
      return v;
    return roundFloat(v, to, "the conversion to " + to->name);
  }
  case TypeKind::Pointer:
    if (V.isPointer(v) || V.isUndef(v))
      return v;
    if (v->type()->isInt()) {
      if (v->isZero())
        return V.nullPointer();
      // a non-zero integer: a pointer to no object (Address root), which
      // converts back to the integer; symbolic integers are not supported
      if (auto n = concreteInt(v))
        if (auto r = state::addressRoot(*n))
          return V.makePointer(*r, {});
      throw Unsupported("conversion of the integer " + shorten(sym::toString(v)) +
                        " to a pointer at " + where());
    }
    return v;
  default:
    return v;
  }
}

void Machine::assumeInRange(Expr v, const model::Type* t) {
  // an element of a symbolic array (an input) is a value of its C type
  Expr base = v;
  while (base->kind() == sym::Kind::ArrayRead || base->kind() == sym::Kind::TupleRead)
    base = base->child(0);
  if (base->kind() != sym::Kind::Symbol)
    return;
  auto [lo, hi] = intRange(t);
  Expr cs[3] = {gs.pc, f.le(f.intConst(lo), v), f.le(v, f.intConst(hi))};
  gs.pc = f.logicalAnd(cs);
}

Machine::Place Machine::evalPlace(const model::Expr* e) {
  if (annot)
    if (std::optional<Place> pl = annot->place(*this, e))
      return *pl;
  switch (e->kind) {
  case ExprKind::Var: {
    const model::Variable& v = P.var(e->var);
    if (v.isGlobalStorage()) {
      auto it = im.globalIndex.find(e->var);
      if (it == im.globalIndex.end())
        throw Unsupported("unknown global '" + v.name + "'");
      return Place{Root{RootKind::Global, 0, it->second}, {}, v.type, me};
    }
    const ProcState& ps = view(me);
    const Frame& fr = ps.stack.back();
    auto it = im.slotOf[fr.func].find(e->var);
    if (it == im.slotOf[fr.func].end())
      throw Unsupported("variable '" + v.name + "' not in the current function at " + where());
    return Place{
        state::localRoot(uint32_t(thr), uint32_t(ps.stack.size() - 1), it->second), {}, v.type, me};
  }
  case ExprKind::Deref: {
    Expr pv = evalValue(e->kids[0]);
    return placeOfPointer(pv, e->type, me, true);
  }
  case ExprKind::Member: {
    Place b = evalPlace(e->kids[0]);
    b.path.push_back(intc(e->field));
    b.type = e->type;
    return b;
  }
  case ExprKind::Index: {
    Place b = evalPlace(e->kids[0]);
    Expr i = evalValue(e->kids[1]);
    if (i->type()->isReal())
      throw Unsupported("real-valued array index at " + where());
    b.path.push_back(i);
    b.type = e->type;
    return b;
  }
  case ExprKind::StringLit:
    return Place{Root{RootKind::String, 0, e->str}, {}, e->type, me};
  default:
    throw Unsupported("unsupported lvalue '" + model::toString(P, e) + "' at " + where());
  }
}

Expr Machine::evalCond(const model::Expr* e) {
  if (e->kind == ExprKind::Binary) {
    switch (e->op) {
    case Op::LogAnd: {
      Expr a = evalCond(e->kids[0]);
      if (a->isFalse())
        return a;
      assumptions.push_back(a);
      Expr b = evalCond(e->kids[1]);
      assumptions.pop_back();
      return f.logicalAnd(a, b);
    }
    case Op::LogOr: {
      Expr a = evalCond(e->kids[0]);
      if (a->isTrue())
        return a;
      assumptions.push_back(f.logicalNot(a));
      Expr b = evalCond(e->kids[1]);
      assumptions.pop_back();
      return f.logicalOr(a, b);
    }
    case Op::Implies: { // annotations: a ==> b, b evaluated under a
      Expr a = evalCond(e->kids[0]);
      if (a->isFalse())
        return f.trueExpr();
      assumptions.push_back(a);
      Expr b = evalCond(e->kids[1]);
      assumptions.pop_back();
      return f.logicalOr(f.logicalNot(a), b);
    }
    case Op::Equiv: { // annotations: a <==> b
      Expr a = evalCond(e->kids[0]);
      Expr b = evalCond(e->kids[1]);
      return f.logicalOr(f.logicalAnd(a, b), f.logicalAnd(f.logicalNot(a), f.logicalNot(b)));
    }
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne:
      // annotations: equality of MPI signatures and value sequences (the hook's)
      if (annot)
        if (Expr v = annot->value(*this, e))
          return truth(v);
      return relation(e->op, evalValue(e->kids[0]), evalValue(e->kids[1]));
    default:
      break;
    }
  }
  if (e->kind == ExprKind::Unary && e->op == Op::LogNot)
    return f.logicalNot(evalCond(e->kids[0]));
  return truth(evalValue(e));
}

Expr Machine::pointerEq(const state::Pointer& a, const state::Pointer& b) {
  if (a.root == b.root) {
    // gcc's layout: `&s.a + 1 == &s.b`, `t[0] + 2 == t[1]`, `(void *)&s ==
    // (void *)&s.a`
    Expr oa = hasLayout(a.root) ? byteOffsetExpr(a) : nullptr,
         ob = oa ? byteOffsetExpr(b) : nullptr;
    if (ob && concreteInt(oa) && concreteInt(ob))
      return f.boolConst(*concreteInt(oa) == *concreteInt(ob));
    if (ob && (a.path.size() != b.path.size() || onePast(a) || onePast(b)))
      return f.eq(oa, ob);
    if (a.path.size() != b.path.size())
      return f.falseExpr();
    std::vector<Expr> cs;
    for (size_t i = 0; i < a.path.size(); ++i)
      cs.push_back(f.eq(a.path[i], b.path[i]));
    return f.logicalAnd(cs);
  }
  // A pointer one past the end of one object equals a pointer to another
  // object that follows it in memory (C11 6.5.9p6): where gcc places two
  // statics or two locals (`&g + 1 == &h` is 1 at -O0, 0 at -O2) is not
  // modelled: unknown. (A heap block is preceded by its allocator header.)
  auto region = [](RootKind k) { return k == RootKind::String ? RootKind::Global : k; };
  if (region(a.root.kind) == region(b.root.kind) && a.root.kind != RootKind::Heap &&
      hasLayout(a.root) && hasLayout(b.root)) {
    ProcState& ps = self();
    Expr oa = byteOffsetExpr(a), ob = oa ? byteOffsetExpr(b) : nullptr;
    uint64_t sa = rootType(ps, a.root)->size, sb = rootType(ps, b.root)->size;
    if (ob && sa && sb) {
      Expr adj = f.logicalOr(f.logicalAnd(f.eq(oa, intc(int64_t(sa))), f.eq(ob, intc(0))),
                             f.logicalAnd(f.eq(ob, intc(int64_t(sb))), f.eq(oa, intc(0))));
      if (!adj->isFalse() &&
          (adj->isTrue() || ex.oracle().valid(pc(), f.logicalNot(adj)) != Answer::Yes))
        throw Unsupported("comparison of " + show(V.makePointer(a.root, a.path)) + " and " +
                          show(V.makePointer(b.root, b.path)) +
                          ": a pointer one past the end of one object may equal a pointer to "
                          "another that follows it in memory (gcc's layout decides) at " +
                          where());
    }
  }
  return f.falseExpr();
}

Expr Machine::relation(Op op, Expr a, Expr b) {
  if (V.isPointer(a) || V.isPointer(b)) {
    auto pa = V.decodePointer(a), pb = V.decodePointer(b);
    if (!pa || !pb)
      throw Unsupported("comparison of symbolic pointers at " + where());
    if (op == Op::Eq || op == Op::Ne) {
      // Two string literals may share storage when one's characters end
      // the other's ("ab" and "ab"; "b" and "ab" + 1): C11 6.4.5p7 leaves
      // it unspecified and gcc merges them (the linker also merges tails)
      if (pa->root.kind == RootKind::String && pb->root.kind == RootKind::String &&
          !(pa->root == pb->root)) {
        const std::string& x = P.strings.at(pa->root.b);
        const std::string& y = P.strings.at(pb->root.b);
        const std::string& lo = x.size() <= y.size() ? x : y;
        const std::string& hi = x.size() <= y.size() ? y : x;
        if (hi.compare(hi.size() - lo.size(), lo.size(), lo) == 0)
          throw Unsupported("comparison of pointers into two string literals \"" + x + "\" and \"" +
                            y + "\" (whether they share storage is unspecified) at " + where());
      }
      Expr eq = pointerEq(*pa, *pb);
      return op == Op::Eq ? eq : f.logicalNot(eq);
    }
    if (pa->root == pb->root && hasLayout(pa->root))
      if (Expr oa = byteOffsetExpr(*pa), ob = oa ? byteOffsetExpr(*pb) : nullptr; ob)
        if (concreteInt(oa) && concreteInt(ob)) // (gcc's layout: `r < (int *)(&s + 1)`)
          return relation(op, oa, ob);
    if (onePast(*pa) || onePast(*pb)) { // (&g < &g + 1)
      auto d = onePastDistance(*pa, *pb);
      if (!d)
        throw Unsupported("ordering of pointers into different objects at " + where());
      return relation(op, intc(*d), intc(0));
    }
    if (!(pa->root == pb->root) || pa->path.empty() || pa->path.size() != pb->path.size())
      throw Unsupported("ordering of pointers into different objects at " + where());
    a = pa->path.back();
    b = pb->path.back();
  }
  if (a->type()->isBool())
    a = boolToInt(a);
  if (b->type()->isBool())
    b = boolToInt(b);
  if (a->type() != b->type()) {
    a = toReal(a);
    b = toReal(b);
  }
  if (Expr r = floatRelation(op, a, b)) // (an infinity, a NaN, -0.0)
    return r;
  switch (op) {
  case Op::Lt:
    return f.lt(a, b);
  case Op::Gt:
    return f.gt(a, b);
  case Op::Le:
    return f.le(a, b);
  case Op::Ge:
    return f.ge(a, b);
  case Op::Eq:
    return f.eq(a, b);
  default:
    return f.neq(a, b);
  }
}

Expr Machine::evalValue(const model::Expr* e) {
  if (annot)
    if (Expr v = annot->value(*this, e))
      return v;
  switch (e->kind) {
  case ExprKind::Builtin:
    // the moving thread's slot: the element of a `_Thread_local` variable
    // (lib/front: x[$thread]; model::kThreadLocalSlots)
    if (e->name == "$thread") {
      if (uint64_t(thr) + 1 >= model::kThreadLocalSlots)
        throw Unsupported("a _Thread_local variable used by thread " + std::to_string(thr) +
                          " (at most " + std::to_string(model::kThreadLocalSlots - 1) +
                          " threads have their own) at " + where());
      return intc(thr);
    }
    throw Unsupported("expression '" + model::toString(P, e) + "' at " + where());
  case ExprKind::IntLit: {
    if (e->fitsInt64)
      return intc(e->ival);
    auto r = parseNumber(e->text);
    if (!r)
      throw Unsupported("integer literal " + e->text);
    return f.intConst(*r);
  }
  case ExprKind::RealLit: {
    auto r = parseNumber(e->text);
    if (!r && ieee(e->type) && !annot && e->text.find_first_of("xX") != std::string::npos) {
      // a hexadecimal constant: its value as glibc reads it (exact up to
      // 64 significant bits)
      char* end = nullptr;
      long double x = std::strtold(e->text.c_str(), &end);
      if (end && !*end && std::isfinite(x))
        r = sym::Rational::fromLongDouble(x);
    }
    if (!r)
      throw Unsupported("real literal " + e->text + " at " + where());
    // the constant's value in its type (0.1 is the double nearest to 1/10);
    // annotations are mathematical (ACSL's reals)
    if (annot)
      return f.realConst(*r);
    LocAt at(loc, e->loc);
    return roundFloat(f.realConst(*r), e->type, "the constant " + e->text);
  }
  case ExprKind::StringLit:
    return readPlace(evalPlace(e));
  case ExprKind::NullPtr:
    return V.nullPointer();
  case ExprKind::Func:
    return V.makePointer(Root{RootKind::Function, 0, e->func}, {});
  case ExprKind::Var:
  case ExprKind::Deref:
  case ExprKind::Member:
  case ExprKind::Index: {
    Place pl = evalPlace(e);
    Expr v = readPlace(pl);
    if (e->type && e->type->isScalar())
      checkDefined(v);
    if (isCInt(e->type) && v->kind() == sym::Kind::ArrayRead)
      assumeInRange(v, e->type);
    return v;
  }
  case ExprKind::AddrOf: {
    const model::Expr* k = e->kids[0];
    if (k->kind == ExprKind::Deref)
      return evalValue(k->kids[0]);
    if (k->kind == ExprKind::Func)
      return evalValue(k);
    return pointerTo(evalPlace(k));
  }
  case ExprKind::Unary: {
    switch (e->op) {
    case Op::LogNot:
      return boolToInt(evalCond(e));
    case Op::Neg:
    case Op::BitNot: {
      Expr a = evalValue(e->kids[0]);
      if (a->type()->isBool())
        a = boolToInt(a);
      if (a->type()->isInt() && isCInt(e->type) && !annot)
        return intUnary(e, a);
      if (e->op == Op::BitNot)
        return f.sub(f.neg(a), intc(1));
      if (ieee(e->type) && !annot)
        if (auto x = hostFloat(a)) // (-0.0, -inf, the sign of NaN)
          return floatValue(-*x);
      return f.neg(a);
    }
    case Op::Plus:
      return evalValue(e->kids[0]);
    default:
      throw Unsupported("operator at " + where());
    }
  }
  case ExprKind::Binary:
    return binary(e);
  case ExprKind::Cond: {
    Expr c = evalCond(e->kids[0]);
    if (c->isTrue())
      return evalValue(e->kids[1]);
    if (c->isFalse())
      return evalValue(e->kids[2]);
    // Pointers cannot be merged into one value (a pointer is a root and a
    // path): the move forks on the condition.
    if (e->type && e->type->kind == TypeKind::Pointer)
      return evalValue(e->kids[choose(c) ? 1 : 2]);
    assumptions.push_back(c);
    Expr a = evalValue(e->kids[1]);
    assumptions.back() = f.logicalNot(c);
    Expr b = evalValue(e->kids[2]);
    assumptions.pop_back();
    if (V.isPointer(a) || V.isPointer(b))
      throw Unsupported("conditional expression choosing between pointers at " + where());
    if (a->type() != b->type()) {
      a = toReal(a);
      b = toReal(b);
    }
    return f.ite(c, a, b);
  }
  case ExprKind::Cast: {
    const model::Expr* k = e->kids[0];
    if (e->type->kind == TypeKind::Pointer && k->type && k->type->kind == TypeKind::Array) {
      Place pl = evalPlace(k);
      pl.path.push_back(intc(0));
      return pointerTo(pl);
    }
    if (e->type->kind == TypeKind::Pointer && k->type && k->type->kind == TypeKind::Function)
      return evalValue(k);
    if (e->type->kind == TypeKind::Void) {
      evalValue(k);
      return intc(0);
    }
    Expr v = evalValue(k);
    LocAt at(loc, e->loc); // (a rounding, an integer out of range: at the cast)
    return convert(v, k->type, e->type);
  }
  default:
    throw Unsupported("expression '" + model::toString(P, e) + "' at " + where());
  }
}

Expr Machine::binary(const model::Expr* e) {
  switch (e->op) {
  case Op::LogAnd:
  case Op::LogOr:
  case Op::Implies:
  case Op::Equiv:
  case Op::Lt:
  case Op::Gt:
  case Op::Le:
  case Op::Ge:
  case Op::Eq:
  case Op::Ne:
    return boolToInt(evalCond(e));
  case Op::PtrAdd: {
    // p - n is lowered as p + (-n): for an unsigned n (a size_t) the
    // negation is the mathematical one, not -n modulo 2^w (C11 6.5.6p8:
    // the pointer moves back n elements).
    const model::Expr* k = e->kids[1];
    Expr pv = evalValue(e->kids[0]);
    if (k->kind == ExprKind::Unary && k->op == Op::Neg && k->type && !k->type->isSigned) {
      Expr n = evalValue(k->kids[0]);
      return ptrAdd(pv, f.neg(n->type()->isBool() ? boolToInt(n) : n), pointeeOf(e->type));
    }
    return ptrAdd(pv, evalValue(k), pointeeOf(e->type));
  }
  case Op::PtrDiff: {
    auto pa = V.decodePointer(evalValue(e->kids[0]));
    auto pb = V.decodePointer(evalValue(e->kids[1]));
    if (!pa || !pb)
      throw Unsupported("pointer difference at " + where());
    if (!(pa->root == pb->root))
      fail(ViolationKind::OutOfBounds, "subtraction of pointers into different objects", pc());
    if (pa->path.empty() && pb->path.empty())
      return intc(0); // &x - &x
    // Pointers into one structure through a pointer to T: gcc's layout
    // (`&s.b - &s.a`, `(int *)(&s + 1) - (int *)&s` of `struct { int a, b;
    // } s`): the byte distance in elements of T
    if (const model::Type* et = pointeeOf(e->kids[0]->type);
        et && et->size > 1 && et->kind != TypeKind::Void && hasLayout(pa->root) &&
        divergeInStruct(*pa, *pb))
      if (Expr oa = byteOffsetExpr(*pa), ob = oa ? byteOffsetExpr(*pb) : nullptr; ob)
        if (auto x = concreteInt(oa), y = concreteInt(ob);
            x && y && (*x - *y) % int64_t(et->size) == 0)
          return intc((*x - *y) / int64_t(et->size));
    if (onePast(*pa) || onePast(*pb)) { // (&x + 1) - &x: 1, in bytes sizeof x
      auto d = onePastDistance(*pa, *pb);
      const model::Type* et = pointeeOf(e->kids[0]->type);
      int64_t scale = 1;
      if (d && et && (et->kind == TypeKind::Void || (et->isArithmetic() && et->size == 1)))
        scale = int64_t(
            typeAt(self(), pb->root, pb->path, pb->path.size() - (onePast(*pb) ? 1 : 0))->size);
      if (!d || !scale)
        throw Unsupported("subtraction of a pointer one past a non-array object at " + where());
      return intc(*d * scale);
    }
    bool samePrefix = pa->path.size() == pb->path.size() && !pa->path.empty() &&
                      std::equal(pa->path.begin(), pa->path.end() - 1, pb->path.begin());
    // Character pointers into one object subtract byte offsets (C11
    // 6.3.2.3p7: its bytes): (char *)&s.tag - (char *)&s is offsetof.
    ProcState& ps = self();
    bool inRecord = samePrefix && typeAt(ps, pa->root, pa->path, pa->path.size() - 1)->isRecord();
    const model::Type* et = pointeeOf(e->kids[0]->type);
    if (et && (et->kind == TypeKind::Void || (et->isArithmetic() && et->size == 1)) &&
        (!samePrefix || inRecord || typeAt(ps, pa->root, pa->path, pa->path.size())->size != 1 ||
         typeAt(ps, pb->root, pb->path, pb->path.size())->size != 1))
      return intc(byteOffset(*pa) - byteOffset(*pb));
    if (!samePrefix || inRecord) // (two members of a structure are two objects)
      fail(ViolationKind::OutOfBounds, "subtraction of pointers into different objects", pc());
    return f.sub(pa->path.back(), pb->path.back());
  }
  default:
    break;
  }
  Expr a = evalValue(e->kids[0]);
  Expr b = evalValue(e->kids[1]);
  if (a->type()->isBool())
    a = boolToInt(a);
  if (b->type()->isBool())
    b = boolToInt(b);
  if (V.isPointer(a) || V.isPointer(b)) {
    if (e->op == Op::Add)
      return V.isPointer(a) ? ptrAdd(a, b, pointeeOf(e->type)) : ptrAdd(b, a, pointeeOf(e->type));
    if (e->op == Op::Sub && V.isPointer(a) && !V.isPointer(b))
      return ptrAdd(a, f.neg(b), pointeeOf(e->type));
    throw Unsupported("arithmetic on pointers at " + where());
  }
  bool real = e->type && e->type->kind == TypeKind::Real;
  if (!real && a->type()->isInt() && b->type()->isInt() && isCInt(e->type) && !annot)
    return intBinary(e, a, b);
  if (real || a->type() != b->type()) {
    a = toReal(a);
    b = toReal(b);
  }
  if (real && ieee(e->type) && !annot) {
    // IEEE: the exact result rounded to the type (Float.cpp), at the operator
    LocAt at(loc, e->loc);
    const char* what = e->op == Op::Add   ? "the sum"
                       : e->op == Op::Sub ? "the difference"
                       : e->op == Op::Mul ? "the product"
                                          : "the quotient";
    if (Expr r = floatArith(e->op, a, b, e->type))
      return r; // (concrete operands: the host computes it)
    switch (e->op) {
    case Op::Add:
      return roundFloat(f.add(a, b), e->type, what);
    case Op::Sub:
      return roundFloat(f.sub(a, b), e->type, what);
    case Op::Mul:
      return roundFloat(f.mul(a, b), e->type, what);
    case Op::Div:
      floatDivisor(b);
      return roundFloat(f.div(a, b), e->type, what);
    default:
      break;
    }
  }
  switch (e->op) {
  case Op::Add:
    return f.add(a, b);
  case Op::Sub:
    return f.sub(a, b);
  case Op::Mul:
    return f.mul(a, b);
  case Op::Div:
  case Op::Rem: {
    Expr zero = b->type()->isReal() ? f.realConst(0) : intc(0);
    require(f.neq(b, zero), ViolationKind::DivisionByZero,
            e->op == Op::Div ? "division by zero" : "modulus by zero");
    if (e->op == Op::Div)
      return f.div(a, b);
    return f.mod(a, b);
  }
  default: {
    auto x = concreteInt(a), y = concreteInt(b);
    if (!x || !y)
      throw Unsupported(std::string("bitwise operator '") + model::opSpelling(e->op) +
                        "' on symbolic operands at " + where());
    int64_t r = 0;
    switch (e->op) {
    case Op::Shl:
      r = *x << *y;
      break;
    case Op::Shr:
      r = *x >> *y;
      break;
    case Op::BitAnd:
      r = *x & *y;
      break;
    case Op::BitOr:
      r = *x | *y;
      break;
    case Op::BitXor:
      r = *x ^ *y;
      break;
    default:
      throw Unsupported("operator at " + where());
    }
    return intc(r);
  }
  }
}

} // namespace chorus::exec
