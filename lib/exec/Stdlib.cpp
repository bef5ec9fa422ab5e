// Models of <stdlib.h>, <string.h> memory functions and <assert.h>:
// assert, assume, malloc/calloc/realloc/free, posix_memalign/aligned_alloc, memset (any
// byte)/memcpy/ memmove (concrete or symbolic byte counts; memcpy of overlapping objects is
// UNDEFINED_BEHAVIOR), nondeterministic values (chorus_nondet_T, __VERIFIER_nondet_T,
// chorus_choose_int), abort (exit: Exit.cpp).
#include "Library.h"
#include "chorus/model/Printer.h"

#include <cerrno>

namespace chorus::exec {

void freeValue(Machine& m, Expr pv) {
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead, "free of an uninitialized pointer", m.pc());
  auto p = m.V.decodePointer(pv);
  if (!p)
    throw Unsupported("free of a symbolic pointer at " + m.where());
  if (p->root.kind == RootKind::Null)
    return;
  if (p->root.kind != RootKind::Heap)
    m.fail(ViolationKind::InvalidFree, "free of memory not allocated by malloc", m.pc());
  HeapObj& o = m.self().heap.at(p->root.b);
  if (o.external)
    m.fail(ViolationKind::InvalidFree, "free of memory owned by the C library", m.pc());
  if (o.freed)
    m.fail(ViolationKind::DoubleFree, "memory freed twice", m.pc());
  if (p->path.size() != 1)
    m.fail(ViolationKind::InvalidFree, "free of a pointer into the middle of a block", m.pc());
  m.require(m.f.eq(p->path[0], m.intc(0)), ViolationKind::InvalidFree,
            "free of a pointer into the middle of a block");
  o.freed = true;
  o.value = nullptr;
  m.step.effects.push_back("free " + m.show(pv));
}

namespace {

using Outcome = Machine::Outcome;

Outcome runAssert(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr c = m.truth(m.arg(s, 0));
  std::string text = s.args.empty() ? "" : model::toString(m.P, s.args[0]);
  m.require(c, ViolationKind::Assertion, "assertion '" + text + "' may fail");
  m.advance(t);
  return Outcome::Done;
}

Outcome runAssume(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr c = m.truth(m.arg(s, 0));
  if (c->isFalse())
    return Outcome::Infeasible;
  if (!c->isTrue()) {
    if (m.ex.oracle().valid(m.gs.pc, m.f.logicalNot(c)) == Answer::Yes)
      return Outcome::Infeasible;
    m.gs.pc = m.f.logicalAnd(m.gs.pc, c);
  }
  m.advance(t);
  return Outcome::Done;
}

/// Ends an allocating call: appends `o` to the process's heap, assigns a
/// pointer to its start to the call's left-hand side and advances.
Outcome allocated(Machine& m, const model::Transition& t, HeapObj o) {
  ProcState& ps = m.self();
  ps.heap.push_back(std::move(o));
  Expr p = m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)});
  m.setResult(t.stmt, p, nullptr);
  m.advance(t);
  return Outcome::Done;
}

Outcome runMalloc(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr bytes = m.arg(s, 0);
  if (name == "calloc")
    bytes = m.f.mul(bytes, m.arg(s, 1));
  m.require(m.f.le(m.intc(0), bytes), ViolationKind::OutOfBounds, "allocation of negative size");
  HeapObj o;
  o.bytes = bytes;
  o.site = m.loc;
  o.value = name == "calloc" ? m.intc(0) : nullptr;
  return allocated(m, t, std::move(o));
}

/// posix_memalign(&p, alignment, size), aligned_alloc(alignment, size):
/// malloc's block (addresses are not modelled: any alignment holds).
/// posix_memalign with an alignment that is not a power of two multiple
/// of sizeof(void *) gives EINVAL and leaves p as it is; aligned_alloc's
/// alignment must be a power of two (else `unknown`: glibc versions treat
/// others differently).
Outcome runAligned(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  const bool posix = name == "posix_memalign";
  int64_t align = m.requireConcrete(m.arg(s, posix ? 1 : 0), "alignment");
  const bool pow2 = align > 0 && (align & (align - 1)) == 0;
  HeapObj o;
  o.bytes = m.arg(s, posix ? 2 : 1);
  o.site = m.loc;
  if (!posix) {
    if (!pow2)
      throw Unsupported(name + " with the alignment " + std::to_string(align) + " at " + m.where());
    return allocated(m, t, std::move(o));
  }
  const model::Type* pt = staticPointee(s.args[0]);
  if (!pt || pt->kind != TypeKind::Pointer)
    throw Unsupported(name + "'s result pointer at " + m.where());
  Place out = m.placeOfPointer(m.arg(s, 0), pt, m.me);
  if (!pow2 || align % 8) {
    m.step.effects.push_back(name + ": EINVAL (alignment " + std::to_string(align) + ")");
    m.setResult(s, m.intc(EINVAL), nullptr);
    m.advance(t);
    return Outcome::Done;
  }
  ProcState& ps = m.self();
  ps.heap.push_back(std::move(o));
  m.writePlace(out,
               m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)}));
  m.setResult(s, m.intc(0), nullptr);
  m.advance(t);
  return Outcome::Done;
}

Outcome runFree(Machine& m, const std::string&, const model::Transition& t) {
  freeValue(m, m.arg(t.stmt, 0));
  m.advance(t);
  return Outcome::Done;
}

/// The value of an object of type t all of whose bytes are `b` (0..255),
/// as memset leaves it.
Expr byteFill(Machine& m, const model::Type* t, int64_t b) {
  if (b == 0)
    return m.V.zero(t);
  switch (t->kind) {
  case TypeKind::Bool:
    if (b == 1)
      return m.intc(1);
    break;
  case TypeKind::Int: {
    if (t->bitField) { // (its bits depend on its bit offset unless all are one)
      if (b != 255)
        break;
      auto [lo, hi] = Machine::intRange(t);
      return m.f.intConst(t->isSigned ? sym::Rational(-1) : hi);
    }
    sym::Rational u(0), scale(1), span(1);
    for (uint64_t k = 0; k < t->size; ++k) {
      u += sym::Rational(b) * scale;
      scale *= sym::Rational(256);
    }
    span = scale; // 2^(8 size)
    if (t->isSigned && u >= span / sym::Rational(2))
      u -= span;
    return m.f.intConst(u);
  }
  case TypeKind::Array: {
    if (!t->length)
      break;
    std::vector<Expr> es(size_t(*t->length), byteFill(m, t->elem, b));
    return m.f.arrayLit(m.V.symType(t), es);
  }
  case TypeKind::Struct:
  case TypeKind::Union: {
    std::vector<Expr> ms;
    for (const auto& fl : t->fields)
      ms.push_back(byteFill(m, fl.type, b));
    return m.f.tuple(m.V.symType(t), ms);
  }
  default:
    break;
  }
  throw Unsupported("memset of " + t->name + " memory with the non-zero byte " + std::to_string(b) +
                    " at " + m.where());
}

} // namespace

/// The pointee type the program gives a buffer argument (through casts to
/// void*), to type untyped heap blocks; null when only void* is known.
model::FuncId pointedFunction(Machine& m, Expr fp, const std::string& name,
                              const std::string& what) {
  if (m.V.isUndef(fp))
    m.fail(ViolationKind::UninitializedRead, name + " with an uninitialized " + what + " pointer",
           m.pc());
  auto p = m.V.decodePointer(fp);
  if (p && p->root.kind == RootKind::Null)
    m.fail(ViolationKind::NullDereference, name + " with a null " + what, m.pc());
  if (!p || p->root.kind != RootKind::Function)
    throw Unsupported(name + " with a " + what + " that is not a known function at " + m.where());
  return p->root.b;
}

const model::Type* staticPointee(const model::Expr* e) {
  while (e) {
    if (e->type && e->type->kind == TypeKind::Pointer && e->type->elem &&
        e->type->elem->kind != TypeKind::Void)
      return e->type->elem;
    if (e->type && e->type->kind == TypeKind::Array)
      return e->type->elem;
    if (e->kind != ExprKind::Cast || e->kids.empty())
      return nullptr;
    e = e->kids[0];
  }
  return nullptr;
}

/// Element type of the buffer at argument i, typing an untyped heap block
/// from the argument's static type.
const model::Type* bufferElement(Machine& m, const model::Stmt& s, size_t i, Expr pv,
                                 const std::string& name) {
  auto p = m.V.decodePointer(pv);
  if (p && p->root.kind == RootKind::Heap && p->root.b < m.self().heap.size() &&
      !m.self().heap[p->root.b].elem && !m.self().heap[p->root.b].freed) {
    const model::Type* st = staticPointee(s.args[i]);
    if (!st)
      st = m.P.types.charType();    // untyped bytes: treat as char
    m.placeOfPointer(pv, st, m.me); // types the block
  }
  const model::Type* et = m.elementTypeOf(pv);
  if (!et || et->size == 0)
    throw Unsupported(name + " on memory of unknown element type at " + m.where());
  return et;
}

/// A pointer to a new library-owned block holding the C string s.
Expr charBlock(Machine& m, const std::vector<Expr>& cs, bool external) {
  const model::Type* ct = m.P.types.charType();
  HeapObj o;
  o.value = m.f.arrayLit(m.V.symType(m.im.arrayOf(ct, cs.size())), cs);
  o.elem = ct;
  o.bytes = m.intc(int64_t(cs.size()));
  o.site = m.loc;
  o.external = external;
  ProcState& ps = m.self();
  ps.heap.push_back(std::move(o));
  return m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)});
}

Expr libraryString(Machine& m, const std::string& s) {
  std::vector<Expr> cs;
  for (unsigned char c : s)
    cs.push_back(m.intc(c));
  cs.push_back(m.intc(0));
  return charBlock(m, cs, true);
}

const model::Type* declaredResult(Machine& m, const std::string& name, const model::Stmt& s) {
  if (const model::Function* fn = m.P.findFunc(name); fn && fn->type && fn->type->ret)
    return fn->type->ret;
  return s.lhs ? s.lhs->type : nullptr;
}

Expr freshValue(Machine& m, const std::string& prefix, const model::Type* t) {
  uint32_t k = m.gs.fresh++;
  Expr v = m.f.symbol(prefix + std::to_string(k), m.V.symType(t));
  if (m.ieee(t)) { // a finite value of t (Float.cpp)
    m.ex.noteAssumption(kFiniteFloats);
    m.im.floatInputs.emplace(v, t);
  }
  if (t->kind == TypeKind::Int && t->bits > 0 && t->bits <= 64) {
    sym::Rational lo(0), hi(1);
    for (unsigned b = 0; b < t->bits - (t->isSigned ? 1 : 0); ++b)
      hi *= sym::Rational(2);
    if (t->isSigned)
      lo = -hi;
    hi -= sym::Rational(1);
    m.gs.pc = m.f.logicalAnd(
        m.gs.pc, m.f.logicalAnd(m.f.le(m.f.intConst(lo), v), m.f.le(v, m.f.intConst(hi))));
  } else if (t->kind == TypeKind::Bool) {
    m.gs.pc = m.f.logicalAnd(m.gs.pc, m.f.logicalAnd(m.f.le(m.intc(0), v), m.f.le(v, m.intc(1))));
  }
  return v;
}

namespace {

/// A pointer into an array: the array's place and the element index.
bool arrayAt(Machine& m, Expr pv, const model::Type* et, Place& arr, Expr& off) {
  Place pl = m.placeOfPointer(pv, et, m.me);
  if (pl.path.empty())
    return false;
  const model::Type* ct = m.typeAt(m.self(), pl.root, pl.path, pl.path.size() - 1);
  if (ct->kind != TypeKind::Array)
    return false;
  off = pl.path.back();
  pl.path.pop_back();
  pl.type = ct;
  arr = pl;
  return true;
}

/// memcpy's objects must not overlap (C11 7.24.2.1p2; memmove allows it):
/// checked where both pointers address one object (`count` elements of et
/// from each), by byte offsets in it (rows of a nest of arrays, members of
/// a structure), else where both address elements of one array.
void checkOverlap(Machine& m, Expr dst, Expr src, const model::Type* et, Expr count) {
  const char* what = "memcpy of overlapping objects (C11 7.24.2.1p2; memmove allows it)";
  auto dp = m.V.decodePointer(dst), sp = m.V.decodePointer(src);
  if (dp && sp && dp->root == sp->root && m.hasLayout(dp->root))
    if (Expr dOff = m.byteOffsetExpr(*dp), sOff = dOff ? m.byteOffsetExpr(*sp) : nullptr; sOff) {
      Expr n = m.f.mul(count, m.intc(int64_t(et->size)));
      m.require(m.f.logicalOr(m.f.le(m.f.add(dOff, n), sOff), m.f.le(m.f.add(sOff, n), dOff)),
                ViolationKind::UndefinedBehavior, what);
      return;
    }
  Place da, sa;
  Expr doff, soff;
  if (!arrayAt(m, dst, et, da, doff) || !arrayAt(m, src, et, sa, soff) || !(da.root == sa.root) ||
      da.path != sa.path)
    return;
  m.require(m.f.logicalOr(m.f.le(m.f.add(doff, count), soff), m.f.le(m.f.add(soff, count), doff)),
            ViolationKind::UndefinedBehavior, what);
}

Outcome runMemFill(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr n = m.arg(s, 2);
  Expr dst = m.arg(s, 0);
  m.require(m.f.le(m.intc(0), n), ViolationKind::OutOfBounds, name + " of a negative size");
  if (n->isZero()) {
    m.setResult(s, dst, nullptr);
    m.advance(t);
    return Outcome::Done;
  }
  const model::Type* et = bufferElement(m, s, 0, dst, name);
  Expr src = name == "memset" ? nullptr : m.arg(s, 1);
  // memcpy/memmove copy bytes; objects hold values: elements of another
  // type are copied only between integers of one width (their bytes are
  // the value modulo 2^w: converted), anything else (a float's bytes into
  // an integer, two ints into a long) is unknown, never a value of the
  // wrong type
  const model::Type* se = src ? bufferElement(m, s, 1, src, name) : nullptr;
  bool convertInts = false;
  if (se && se != et) {
    if (!(Machine::isCInt(se) && Machine::isCInt(et) && se->size == et->size))
      throw Unsupported(name + " from '" + se->name + "' elements to '" + et->name +
                        "' elements (a reinterpretation of bytes) at " + m.where());
    convertInts = true;
  }
  // memset's value: the byte (unsigned char)c
  Expr fill = nullptr;
  if (name == "memset") {
    Expr c = m.arg(s, 1);
    if (auto cv = m.concreteInt(c)) {
      fill = byteFill(m, et, ((*cv % 256) + 256) % 256);
    } else if (et->size == 1 && et->kind == TypeKind::Int &&
               m.ex.oracle().valid(m.pc(), m.f.logicalAnd(m.f.le(m.intc(0), c),
                                                          m.f.lt(c, m.intc(128)))) == Answer::Yes) {
      fill = c; // a symbolic character known to be in 0..127
    } else {
      throw Unsupported("memset with a symbolic value at " + m.where());
    }
  }
  auto bytes = m.concreteInt(n);
  if (bytes) {
    if (*bytes % int64_t(et->size))
      throw Unsupported(name + " of a partial element at " + m.where());
    int64_t count = *bytes / int64_t(et->size);
    if (name == "memcpy" && se == et)
      checkOverlap(m, dst, src, et, m.intc(count));
    std::vector<Expr> data;
    if (fill)
      data.assign(size_t(count), fill);
    else
      data = m.readElements(src, count, se);
    if (convertInts)
      for (Expr& d : data)
        if (!m.V.isUndef(d))
          d = m.convertInt(d, se, et);
    m.writeElements(dst, data, et);
  } else {
    // A symbolic size: the destination array becomes
    //   \i. off <= i < off + count ? new(i) : old(i)
    // (source elements read through a lambda over the source array).
    Expr count = m.f.div(n, m.intc(int64_t(et->size)));
    m.require(m.f.eq(m.f.mul(count, m.intc(int64_t(et->size))), n), ViolationKind::OutOfBounds,
              name + " of a partial element");
    Place da;
    Expr doff;
    if (!arrayAt(m, dst, et, da, doff))
      throw Unsupported(name + " of a symbolic size outside an array at " + m.where());
    Expr old = m.readPlace(da);
    Expr len = m.lengthOf(old, da.type);
    m.require(m.f.le(m.f.add(doff, count), len), ViolationKind::OutOfBounds,
              name + " beyond the end of the destination");
    Expr i = m.f.boundVar("i", m.f.intType());
    Expr nv = fill;
    if (!fill) {
      Place sa;
      Expr soff;
      if (!arrayAt(m, src, se, sa, soff))
        throw Unsupported(name + " of a symbolic size outside an array at " + m.where());
      Expr sarr = m.readPlace(sa);
      m.require(m.f.le(m.f.add(soff, count), m.lengthOf(sarr, sa.type)), ViolationKind::OutOfBounds,
                name + " beyond the end of the source");
      nv = m.f.arrayRead(sarr, m.f.add(m.f.sub(i, doff), soff));
      if (convertInts)
        nv = m.convertInt(nv, se, et);
    }
    if (name == "memcpy" && se == et)
      checkOverlap(m, dst, src, et, count);
    Expr in = m.f.logicalAnd(m.f.le(doff, i), m.f.lt(i, m.f.add(doff, count)));
    Expr body = m.f.ite(in, nv, m.f.arrayRead(old, i));
    Expr bvs[1] = {i};
    m.writePlace(da, m.f.arrayLambda(old->type(), len, m.f.lambda(bvs, body)));
  }
  m.setResult(s, dst, nullptr);
  m.step.effects.push_back(name + " " + m.show(n) + " bytes at " + m.show(dst));
  m.advance(t);
  return Outcome::Done;
}

/// realloc(p, n): a new block of n bytes holding the old block's elements
/// (as many as fit; the rest uninitialized); the old block is freed.
Outcome runRealloc(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr pv = m.arg(s, 0);
  Expr bytes = m.arg(s, 1);
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead, "realloc of an uninitialized pointer", m.pc());
  auto p = m.V.decodePointer(pv);
  if (!p)
    throw Unsupported("realloc of a symbolic pointer at " + m.where());
  m.require(m.f.le(m.intc(0), bytes), ViolationKind::OutOfBounds, "allocation of negative size");
  ProcState& ps = m.self();
  HeapObj o;
  o.bytes = bytes;
  o.site = m.loc;
  if (p->root.kind != RootKind::Null) {
    if (p->root.kind != RootKind::Heap)
      m.fail(ViolationKind::InvalidFree, "realloc of memory not allocated by malloc", m.pc());
    if (ps.heap.at(p->root.b).external)
      m.fail(ViolationKind::InvalidFree, "realloc of memory owned by the C library", m.pc());
    if (ps.heap.at(p->root.b).freed)
      m.fail(ViolationKind::DoubleFree, "realloc of memory already freed", m.pc());
    if (p->path.size() != 1)
      m.fail(ViolationKind::InvalidFree, "realloc of a pointer into the middle of a block", m.pc());
    m.require(m.f.eq(p->path[0], m.intc(0)), ViolationKind::InvalidFree,
              "realloc of a pointer into the middle of a block");
    HeapObj& old = ps.heap.at(p->root.b);
    if (old.elem) {
      const model::Type* et = old.elem;
      if (et->flexibleMember() || !et->size)
        throw Unsupported("realloc of a block of '" + et->name +
                          (et->size ? "' (a structure with a flexible array member)" : "'") +
                          " at " + m.where());
      Expr nlen = m.f.div(bytes, m.intc(int64_t(et->size)));
      Expr olen = m.f.arrayLength(old.value);
      const model::Type* at = m.im.arrayOf(et, std::nullopt);
      auto nl = m.concreteInt(nlen), ol = m.concreteInt(olen);
      if (nl && ol && *nl <= 4096) {
        std::vector<Expr> es;
        for (int64_t k = 0; k < *nl; ++k)
          es.push_back(k < *ol ? m.f.arrayRead(old.value, m.intc(k)) : m.V.undef(et));
        o.value = m.f.arrayLit(m.V.symType(at), es);
      } else {
        Expr i = m.f.boundVar("i", m.f.intType());
        Expr body = m.f.ite(m.f.lt(i, olen), m.f.arrayRead(old.value, i), m.V.undef(et));
        Expr bvs[1] = {i};
        o.value = m.f.arrayLambda(m.V.symType(at), nlen, m.f.lambda(bvs, body));
      }
      o.elem = et;
    } else if (old.value && old.value->isZero()) {
      // an untyped calloc'ed block stays zero when it shrinks
      if (m.ex.oracle().valid(m.pc(), m.f.le(bytes, old.bytes)) == Answer::Yes)
        o.value = m.intc(0);
    }
    old.freed = true;
    old.value = nullptr;
  }
  return allocated(m, t, std::move(o));
}

/// chorus_nondet_T() / __VERIFIER_nondet_T(): a fresh unconstrained symbol
/// (within the range of T for integer types).
Outcome runNondet(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  const model::Type* rt = declaredResult(m, name, s);
  if (!rt || rt->kind == TypeKind::Void)
    throw Unsupported("result type of " + name + " at " + m.where());
  if (rt->kind == TypeKind::Pointer)
    throw Unsupported(name + ": nondeterministic pointers at " + m.where());
  m.setResult(s, freshValue(m, "nondet", rt), rt);
  m.advance(t);
  return Outcome::Done;
}

/// chorus_choose_int(lo, hi): a value in [lo, hi] chosen nondeterministically
/// (a fresh int constrained to the range, every value explored); an empty
/// range is an ASSERTION violation (the call cannot return a value).
Outcome runChooseInt(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr lo = m.arg(s, 0), hi = m.arg(s, 1);
  m.require(m.f.le(lo, hi), ViolationKind::Assertion,
            name + " with an empty range (its lower bound exceeds its upper bound)");
  const model::Type* rt = declaredResult(m, name, s);
  if (!rt || rt->kind == TypeKind::Void)
    throw Unsupported("result type of " + name + " at " + m.where());
  Expr x = freshValue(m, "choice", rt);
  m.gs.pc = m.f.logicalAnd(m.gs.pc, m.f.logicalAnd(m.f.le(lo, x), m.f.le(x, hi)));
  m.setResult(s, x, rt);
  m.advance(t);
  return Outcome::Done;
}

/// __VERIFIER_error() / reach_error(): reaching it is an assertion failure
/// (SV-COMP's convention).
Outcome runVerifierError(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::Assertion, name + "() reached", m.pc());
}

Outcome runAbort(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::Abort, "abort() called", m.pc());
}

} // namespace

void registerStdlib(LibraryRegistry& r) {
  r.add({"assert", "__assert", "chorus_assert"}, {runAssert});
  r.add({"chorus_assume", "__VERIFIER_assume", "assume", "$assume"}, {runAssume});
  r.add({"malloc", "calloc"}, {runMalloc});
  r.add({"posix_memalign", "aligned_alloc"}, {runAligned});
  r.add("realloc", {runRealloc});
  for (const char* pre : {"chorus_nondet_", "__VERIFIER_nondet_"})
    for (const char* ty : {"int", "uint", "long", "ulong", "longlong", "short", "char", "uchar",
                           "bool", "float", "double", "unsigned", "ushort", "size_t"})
      r.add(std::string(pre) + ty, {runNondet});
  r.add("chorus_choose_int", {runChooseInt});
  r.add("free", {runFree});
  r.add({"memset", "memcpy", "memmove"}, {runMemFill});
  r.add("abort", {runAbort});
  r.add({"__VERIFIER_error", "reach_error"}, {runVerifierError});
}

} // namespace chorus::exec
