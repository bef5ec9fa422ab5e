// Memory: roots and paths of places, reads and writes through paths with
// bounds checks, typing of heap blocks, pointer decoding and arithmetic,
// element-wise buffer access and C strings.
#include "Machine.h"
#include "Module.h"

namespace chorus::exec {

const model::Type* Machine::rootType(const ProcState& ps, Root r) {
  switch (r.kind) {
  case RootKind::Global:
    return P.var(P.globals.at(r.b)).type;
  case RootKind::Local: {
    const Frame& fr = stackOf(ps, r.thread()).at(r.frame());
    return P.var(im.slotVar[fr.func].at(r.b)).type;
  }
  case RootKind::Heap: {
    const HeapObj& o = ps.heap.at(r.b);
    if (!o.elem) // callers type a block before its first access (typeHeap)
      throw Unsupported("access to heap memory of unknown type at " + where());
    return im.arrayOf(o.elem, std::nullopt);
  }
  case RootKind::String:
    return im.arrayOf(P.types.charType(), P.strings.at(r.b).size() + 1);
  case RootKind::Address:
    throw Unsupported("access through the pointer (void *)" + std::to_string(state::addressOf(r)) +
                      ", made from an integer, at " + where());
  default:
    throw Unsupported("access through an invalid pointer at " + where());
  }
}

Expr Machine::stringValue(uint32_t id) {
  const std::string& s = P.strings.at(id);
  std::vector<Expr> cs;
  for (unsigned char c : s)
    cs.push_back(intc(c));
  cs.push_back(intc(0));
  return f.arrayLit(V.symType(im.arrayOf(P.types.charType(), s.size() + 1)), cs);
}

Expr Machine::rootValue(const ProcState& ps, Root r) {
  switch (r.kind) {
  case RootKind::Global:
    return ps.globalValue(r.b, f);
  case RootKind::Local:
    return stackOf(ps, r.thread()).at(r.frame()).slots.at(r.b);
  case RootKind::Heap:
    return ps.heap.at(r.b).value;
  case RootKind::String:
    return stringValue(r.b);
  default:
    throw Unsupported("access through an invalid pointer at " + where());
  }
}

void Machine::setRoot(ProcState& ps, Root r, Expr v) {
  switch (r.kind) {
  case RootKind::Global:
    ps.setGlobal(r.b, v);
    return;
  case RootKind::Local:
    stackOf(ps, r.thread()).at(r.frame()).slots.at(r.b) = v;
    return;
  case RootKind::Heap:
    ps.heap.at(r.b).value = v;
    return;
  case RootKind::String: // C11 6.4.5p7; gcc puts literals in read-only memory (SIGSEGV)
    fail(ViolationKind::OutOfBounds, "write into a string literal", pc()); // (as CString.h)
  default:
    throw Unsupported("write through an invalid pointer at " + where());
  }
}

Expr Machine::lengthOf(Expr arr, const model::Type* t) {
  if (t->length)
    return intc(int64_t(*t->length));
  return f.arrayLength(arr);
}

/// "array index 5 out of bounds (the array has 5 elements)": the report
/// of an access out of bounds, with what of it is concrete.
static std::string boundsText(const char* what, std::optional<int64_t> i,
                              std::optional<int64_t> n) {
  std::string s = what;
  if (i)
    s += " " + std::to_string(*i);
  s += " out of bounds";
  if (n)
    s += " (the array has " + std::to_string(*n) + (*n == 1 ? " element)" : " elements)");
  return s;
}

/// The note of an access past a row of a multi-dimensional array (the
/// flat indexing of `&a[0][0]` that real codes use).
static std::string rowText(const model::Type* outer) {
  if (!outer || outer->kind != TypeKind::Array)
    return "";
  return "; the array is a row of '" + outer->name +
         "', and C11 (6.5.6, J.2) makes an index past a row undefined even where the whole "
         "array extends";
}

void Machine::checkIndex(Expr idx, Expr len, const model::Type* outer) {
  Expr ok = f.logicalAnd(f.le(intc(0), idx), f.lt(idx, len));
  if (trivial(ok))
    return;
  require(ok, ViolationKind::OutOfBounds,
          boundsText("array index", concreteInt(idx), concreteInt(len)) + rowText(outer));
}

namespace {

/// Whether a union member of type b read after a write of a member of type
/// a has the written value, converted: the same type, or integers of the
/// same width (`int` and an enum, `long` and `unsigned long`: two's
/// complement, the conversion reinterprets the bits).
bool sameRepresentation(const model::Type* a, const model::Type* b) {
  if (a == b)
    return true;
  return a->kind == TypeKind::Int && b->kind == TypeKind::Int && a->size == b->size && a->size != 0;
}

/// Whether every array in t has a constant length (a union member's type).
bool fixedLayout(const model::Type* t) {
  if (t->kind == TypeKind::Array)
    return t->length && fixedLayout(t->elem);
  if (t->isRecord())
    for (const auto& fl : t->fields)
      if (!fixedLayout(fl.type))
        return false;
  return true;
}

} // namespace

// Unions are tuples of their members, and a write of member k sets every
// other member (C11 6.2.6.1p7: they take unspecified values, the bytes they
// share with k being k's): a member of the same representation gets the
// value written, another one is uninitialized. Reading an uninitialized
// member while another member of the union holds a value is type punning
// (C11 6.5.2.3p3 footnote 95: the bytes reinterpreted), which the model does
// not represent: `unknown`, not an UNINITIALIZED_READ the real run does not
// have (lib/exec/DESIGN-NOTES.md, "Value encoding").
Expr Machine::writeUnionMember(Expr u, const model::Type* t, const std::vector<Expr>& path,
                               size_t i, Expr nv) {
  uint32_t k = uint32_t(requireConcrete(path[i], "field"));
  const model::Type* tk = t->fields.at(k).type;
  Expr oldk = f.tupleRead(u, k);
  Expr nk = writePath(oldk, tk, path, i + 1, nv);
  u = f.tupleWrite(u, k, nk);
  bool whole = i + 1 == path.size();
  for (uint32_t j = 0; j < t->fields.size(); ++j) {
    const model::Type* tj = t->fields[j].type;
    if (j == k || !fixedLayout(tj))
      continue;
    Expr uj = f.tupleRead(u, j);
    if (tj == tk) { // the same part of a member of the same type
      u = f.tupleWrite(u, j, writePath(uj, tj, path, i + 1, nv));
      continue;
    }
    if (whole && sameRepresentation(tk, tj)) {
      u = f.tupleWrite(u, j, V.isUndef(nk) || tk == tj ? nk : convertInt(nk, tk, tj));
      continue;
    }
    if (tj->size && tj->size <= tk->size && nk == V.zero(tk)) { // all its bytes are zero
      u = f.tupleWrite(u, j, V.zero(tj));
      continue;
    }
    // a part of k over bytes another member wrote (all-zero bytes, as a
    // static union's, are known to both)
    Expr undef = V.undef(tj);
    if (!whole && uj != undef && !(uj == V.zero(tj) && oldk == V.zero(tk)))
      throw Unsupported("a write to part of member '" + t->fields[k].name + "' of " + t->name +
                        " after member '" + t->fields[j].name +
                        "' was written (type punning through a union) at " + where());
    u = f.tupleWrite(u, j, undef);
  }
  return u;
}

void Machine::checkUnionRead(Expr u, const model::Type* t, uint32_t k) {
  for (uint32_t j = 0; j < t->fields.size(); ++j) {
    const model::Type* tj = t->fields[j].type;
    if (j != k && fixedLayout(tj) && f.tupleRead(u, j) != V.undef(tj))
      throw Unsupported("a read of member '" + t->fields[k].name + "' of " + t->name +
                        " after member '" + t->fields[j].name +
                        "' was written (type punning through a union) at " + where());
  }
}

Expr Machine::readPath(Expr v, const model::Type* t, const std::vector<Expr>& path, size_t from,
                       const model::Type** outType) {
  // the innermost union the path crosses, its value and member (see above)
  const model::Type* ut = nullptr;
  Expr uv = nullptr;
  uint32_t uk = 0;
  const model::Type* outer = nullptr;
  for (size_t i = from; i < path.size(); ++i) {
    if (!v)
      fail(ViolationKind::UninitializedRead, "read of a variable outside its lifetime", pc());
    if (t->kind == TypeKind::Array) {
      checkIndex(path[i], lengthOf(v, t), outer);
      v = f.arrayRead(v, path[i]);
      outer = t;
      t = t->elem;
    } else if (t->isRecord()) {
      outer = nullptr;
      uint32_t k = uint32_t(requireConcrete(path[i], "field"));
      if (t->kind == TypeKind::Union) {
        ut = t;
        uv = v;
        uk = k;
      }
      v = f.tupleRead(v, k);
      t = t->fields.at(k).type;
    } else {
      throw Unsupported("pointer does not match the object it points to at " + where());
    }
  }
  if (ut && V.isUndef(v))
    checkUnionRead(uv, ut, uk);
  if (outType)
    *outType = t;
  return v;
}

Expr Machine::writePath(Expr v, const model::Type* t, const std::vector<Expr>& path, size_t i,
                        Expr nv, const model::Type* outer) {
  if (i == path.size())
    return nv;
  if (!v)
    fail(ViolationKind::UninitializedRead, "write to a variable outside its lifetime", pc());
  if (t->kind == TypeKind::Array) {
    checkIndex(path[i], lengthOf(v, t), outer);
    if (i + 1 == path.size()) // the element itself: its old value is not needed
      return f.arrayWrite(v, path[i], nv);
    Expr old = f.arrayRead(v, path[i]);
    return f.arrayWrite(v, path[i], writePath(old, t->elem, path, i + 1, nv, t));
  }
  if (t->isRecord()) {
    if (t->kind == TypeKind::Union)
      return writeUnionMember(v, t, path, i, nv);
    uint32_t k = uint32_t(requireConcrete(path[i], "field"));
    Expr old = f.tupleRead(v, k);
    return f.tupleWrite(v, k, writePath(old, t->fields.at(k).type, path, i + 1, nv));
  }
  throw Unsupported("pointer does not match the object it points to at " + where());
}

namespace {

/// The modules' access hooks (Module.h), run before every read and write.
void accessHooks(Machine& m, const Place& pl, bool write) {
  static const std::vector<void (*)(Machine&, const Place&, bool)> hooks = [] {
    std::vector<void (*)(Machine&, const Place&, bool)> h;
    for (const Module& mod : modules())
      if (mod.onAccess)
        h.push_back(mod.onAccess);
    return h;
  }();
  for (auto* h : hooks)
    h(m, pl, write);
}

} // namespace

/// The element of a packed global array at a concrete index (null when the
/// access is not one: then the packed array is read as an expression).
static std::optional<uint64_t> packedIndex(Machine& m, const state::PackedArray& pa,
                                           const Place& pl) {
  if (pl.path.size() != 1)
    return std::nullopt;
  Expr idx = pl.path[0];
  if (idx->kind() != sym::Kind::NumConst)
    return std::nullopt;
  auto k = idx->value().toInt64();
  if (k && *k >= 0 && uint64_t(*k) < pa.size())
    return uint64_t(*k);                         // in bounds (no node built for the check)
  m.checkIndex(idx, m.intc(int64_t(pa.size()))); // reports it
  return std::nullopt;
}

Expr Machine::readPlace(const Place& pl) {
  const ProcState& ps = view(pl.proc);
  accessHooks(*this, pl, false);
  if (pl.root.kind == RootKind::Global)
    if (const state::PackedArray* pa = ps.packedAt(pl.root.b))
      if (auto k = packedIndex(*this, *pa, pl))
        return intc(pa->get(*k));
  Expr rv = rootValue(ps, pl.root);
  if (!rv) {
    if (pl.root.kind == RootKind::Local)
      fail(ViolationKind::UninitializedRead,
           "read of '" + P.var(im.slotVar[localFrame(ps, pl.root)->func][pl.root.b]).name +
               "' outside its lifetime",
           pc());
    fail(ViolationKind::UninitializedRead, "read of an uninitialized object", pc());
  }
  Expr v = readPath(rv, rootType(ps, pl.root), pl.path, 0, nullptr);
  if (pl.object && !V.isUndef(v))
    return convertInt(v, pl.object, pl.type);
  // A pointer stored as `c ? p : q` (main's argv elements, Args.cpp) is
  // chosen when it is read: pointer values are never ites (see Values.h).
  while (v->kind() == sym::Kind::Ite && v->type() == V.ptrType())
    v = choose(v->child(0)) ? v->child(1) : v->child(2);
  return v;
}

void Machine::writePlace(const Place& pl, Expr v) {
  ProcState& ps = proc(pl.proc);
  if (pl.object && !V.isUndef(v))
    v = convertInt(v, pl.type, pl.object);
  accessHooks(*this, pl, true);
  if (pl.root.kind == RootKind::Global && v->kind() == sym::Kind::NumConst &&
      v->type() == f.intType())
    if (const state::PackedArray* pa = ps.packedAt(pl.root.b))
      if (auto k = packedIndex(*this, *pa, pl))
        if (auto n = v->value().toInt64()) {
          if (pa->get(*k) != *n)
            ps.ownPacked(pl.root.b).set(*k, *n);
          return;
        }
  Expr rv = rootValue(ps, pl.root);
  const model::Type* rt = rootType(ps, pl.root);
  if (!rv) {
    if (!pl.path.empty())
      rv = V.undef(rt);
    else {
      setRoot(ps, pl.root, v);
      return;
    }
  }
  setRoot(ps, pl.root, writePath(rv, rt, pl.path, 0, v));
}

const model::Type* Machine::typeAt(const ProcState& ps, Root r, const std::vector<Expr>& path,
                                   size_t upto) {
  const model::Type* t = rootType(ps, r);
  for (size_t i = 0; i < upto; ++i) {
    if (isOnePastStep(path[i]))
      throw Unsupported("use of a pointer one past a non-array object at " + where());
    if (t->kind == TypeKind::Array)
      t = t->elem;
    else if (t->isRecord())
      t = t->fields.at(uint32_t(requireConcrete(path[i], "field"))).type;
    else
      throw Unsupported("pointer does not match the object it points to at " + where());
  }
  return t;
}

bool Machine::compatible(const model::Type* a, const model::Type* b) {
  if (a == b)
    return true;
  if (a->kind != b->kind)
    return (a->kind == TypeKind::Int || a->kind == TypeKind::Bool) &&
           (b->kind == TypeKind::Int || b->kind == TypeKind::Bool);
  if (a->kind == TypeKind::Array)
    return compatible(a->elem, b->elem);
  if (a->isRecord())
    return a->name == b->name;
  return true;
}

void Machine::typeHeap(ProcState& ps, uint32_t h, const model::Type* t) {
  HeapObj& o = ps.heap.at(h);
  if (o.elem)
    return;
  bool vla = t && t->kind == TypeKind::Array && t->lengthVar != model::kNone && &ps == &self();
  if (!t || t->kind == TypeKind::Void || t->kind == TypeKind::Function || (t->size == 0 && !vla))
    throw Unsupported("access to heap memory through a pointer to " +
                      std::string(t ? "'" + t->name + "'" : "an unknown type") + " at " + where());
  bool zero = o.value && o.value->isZero();
  const model::Type* at = im.arrayOf(t, std::nullopt);
  if (vla) {
    // Rows of a variable-length array type: `double (*u)[n] =
    // malloc(sizeof(double[m][n]))`; the lengths of t's variable levels are
    // the values their variables hold in the function making the access
    // (as at a declaration, Executor.cpp Declare), the number of rows is
    // bytes / (the row's size).
    std::vector<Expr> lens{nullptr};
    Expr rowBytes = intc(1);
    const model::Type* e = t;
    for (; e->kind == TypeKind::Array; e = e->elem) {
      Expr len;
      if (e->lengthVar != model::kNone) {
        model::Expr ve;
        ve.kind = ExprKind::Var;
        ve.var = e->lengthVar;
        ve.type = P.var(e->lengthVar).type;
        len = evalValue(&ve);
        lens.push_back(len);
      } else if (e->length) {
        len = intc(int64_t(*e->length));
      } else {
        break;
      }
      rowBytes = f.mul(rowBytes, len);
    }
    if (e->kind == TypeKind::Array || !e->size)
      throw Unsupported("access to heap memory through a pointer to '" + t->name + "' at " +
                        where());
    rowBytes = f.mul(rowBytes, intc(int64_t(e->size)));
    lens[0] = f.div(o.bytes, rowBytes);
    o.elem = t;
    o.value = zero ? V.zero(at, lens) : V.undef(at, lens);
    return;
  }
  if (const model::Field* fam = t->flexibleMember()) {
    // A structure with a flexible array member (C11 6.7.2.1p18): the block
    // is one structure whose last member has as many elements as fit.
    auto bytes = concreteInt(o.bytes);
    int64_t es = int64_t(fam->type->elem->size);
    if (!bytes || fam->offset < 0 || !es)
      throw Unsupported("a structure with a flexible array member ('" + t->name + "." + fam->name +
                        "') in a block of symbolic size at " + where());
    Expr lens[2] = {intc(1), intc(*bytes > fam->offset ? (*bytes - fam->offset) / es : 0)};
    o.elem = t;
    o.value = zero ? V.zero(at, lens) : V.undef(at, lens);
    return;
  }
  Expr len = f.div(o.bytes, intc(int64_t(t->size)));
  o.elem = t;
  o.value = zero ? V.zero(at, len) : V.undef(at, len);
}

void Machine::heapAccess(ProcState& ps, uint32_t h, const model::Type* t) {
  if (h >= ps.heap.size())
    throw Unsupported("dangling heap reference at " + where());
  if (ps.heap[h].freed)
    fail(ViolationKind::UseAfterFree, "use of heap memory after free", pc());
  if (!ps.heap[h].elem)
    typeHeap(ps, h, t);
}

Machine::Place Machine::placeOfPointer(Expr pv, const model::Type* pointee, int procIdx,
                                       bool checkType) {
  if (V.isUndef(pv))
    fail(ViolationKind::UninitializedRead, "use of an uninitialized pointer", pc());
  auto p = V.decodePointer(pv);
  if (!p) {
    if (pv->kind() == sym::Kind::Ite)
      throw Unsupported("pointer with a symbolic target at " + where());
    throw Unsupported("unrecognized pointer value at " + where());
  }
  if (p->root.kind == RootKind::Null)
    fail(ViolationKind::NullDereference, "dereference of a null pointer", pc());
  if (p->root.kind == RootKind::Function)
    throw Unsupported("dereference of a function pointer at " + where());
  ProcState& ps = proc(procIdx);
  if (p->root.kind == RootKind::Heap)
    heapAccess(ps, p->root.b, pointee);
  if (p->root.kind == RootKind::Local && !localFrame(ps, p->root))
    fail(ViolationKind::UseAfterFree, "use of a local variable of a returned function", pc());
  if (onePast(*p))
    fail(ViolationKind::OutOfBounds, "dereference of a pointer one past a non-array object", pc());
  Place pl{p->root, p->path, pointee, procIdx};
  if (pointee && pointee->kind != TypeKind::Void) {
    // A pointer to an array used as a pointer to its (innermost) elements:
    // `&a`, `(void *)&a` and `&a[0]` of `int a[4]`, or `d` of `int d[2][3]`,
    // as an int buffer all address a[0] / d[0][0].
    // A pointer to a structure converted to a pointer to its initial
    // member's type addresses that member (C11 6.7.2.1p15): `(int *)&s` of
    // `struct { int a; double d; } s` is &s.a, at any depth of nesting.
    const model::Type* at = typeAt(ps, pl.root, pl.path, pl.path.size());
    size_t depth = 0;
    for (const model::Type* e = at;
         !compatible(e, pointee) &&
         (e->kind == TypeKind::Array || (e->kind == TypeKind::Struct && !e->fields.empty()));) {
      e = e->kind == TypeKind::Array ? e->elem : e->fields[0].type;
      ++depth;
      if (compatible(e, pointee)) {
        at = e;
        pl.path.insert(pl.path.end(), depth, intc(0));
        break;
      }
    }
    // Reinterpreting the bytes of an object (an int read through a char
    // pointer) is not modelled: objects hold values, not bytes.
    if (checkType && !compatible(at, pointee) && (at->isRecord() || pointee->isRecord()))
      throw Unsupported("access to an object of type '" + at->name + "' through a pointer to '" +
                        pointee->name + "' at " + where());
    if (checkType && at->isArithmetic() && pointee->isArithmetic() &&
        (at->size != pointee->size ||
         (at->kind == TypeKind::Real) != (pointee->kind == TypeKind::Real)))
      throw Unsupported("access to an object of type '" + at->name + "' through a pointer to '" +
                        pointee->name + "' at " + where());
    if (checkType && at != pointee && isCInt(at) && isCInt(pointee) && !at->bitField &&
        at->isSigned != pointee->isSigned)
      pl.object = at;
  }
  return pl;
}

Expr Machine::ptrAdd(Expr pv, Expr k, const model::Type* pointee) {
  if (k->type()->isBool())
    k = boolToInt(k);
  if (V.isUndef(pv))
    fail(ViolationKind::UninitializedRead, "use of an uninitialized pointer", pc());
  auto p = V.decodePointer(pv);
  if (!p)
    throw Unsupported("arithmetic on a symbolic pointer at " + where());
  if (k->isZero())
    return pv;
  if (p->root.kind == RootKind::Null)
    fail(ViolationKind::NullDereference, "arithmetic on a null pointer", pc());
  if (p->root.kind == RootKind::Function)
    throw Unsupported("arithmetic on a function pointer at " + where());
  ProcState& ps = self();
  if (p->root.kind == RootKind::Heap) // the first typed use of a block may be `p + k`
    heapAccess(ps, p->root.b, pointee);
  if (onePast(*p)) { // back to the object (k = -1) or beyond it
    auto kk = concreteInt(k);
    if (!kk)
      throw Unsupported("a symbolic offset from a pointer one past a non-array object at " +
                        where());
    p->path.pop_back();
    const model::Type* ot = typeAt(ps, p->root, p->path, p->path.size());
    bool bytes = pointee && (pointee->kind == TypeKind::Void ||
                             (pointee->isArithmetic() && pointee->size == 1));
    if (bytes && ot->size != 1) // (char *)(&s + 1) - 1: the last byte of s
      return bytePtrAdd(*p, intc(*kk + int64_t(ot->size)));
    if (pointee && !bytes && !compatible(pointee, ot)) {
      p->path.push_back(intc(kOnePast));
      if (Expr r = layoutPtrAdd(*p, *kk, pointee)) // ((int *)(&s + 1) - 1)
        return r;
      throw Unsupported("arithmetic through a pointer to '" + pointee->name +
                        "' one past an object of type '" + ot->name + "' at " + where());
    }
    if (*kk != -1)
      fail(ViolationKind::OutOfBounds, "pointer arithmetic beyond a non-array object", pc());
    return V.makePointer(p->root, p->path);
  }
  const model::Type* container =
      p->path.empty() ? nullptr : typeAt(ps, p->root, p->path, p->path.size() - 1);
  if (pointee &&
      (pointee->kind == TypeKind::Void || (pointee->isArithmetic() && pointee->size == 1))) {
    const model::Type* at = typeAt(ps, p->root, p->path, p->path.size());
    if (at->size != 1 || (container && container->isRecord()))
      return bytePtrAdd(*p, k);
  }
  // A structure viewed through a pointer to a member's type: gcc's layout
  // (`(int *)&s + 1` of `struct { int a, b; } s` is &s.b)
  if (pointee && (container ? container->kind == TypeKind::Struct ||
                                  (container->kind == TypeKind::Array &&
                                   container->elem->kind == TypeKind::Struct &&
                                   !compatible(pointee, container->elem))
                            : typeAt(ps, p->root, p->path, 0)->kind == TypeKind::Struct)) {
    auto kk = concreteInt(k);
    // a symbolic offset (`p[i]` over `struct { double x, y, z; }`): inside
    // the object, then one branch per value
    if (Expr base = !kk && pointee->size && hasLayout(p->root) ? byteOffsetExpr(*p) : nullptr;
        base && concreteInt(base) && rootType(ps, p->root)->size) {
      Expr off = f.add(base, f.mul(k, intc(int64_t(pointee->size))));
      require(
          f.logicalAnd(f.le(intc(0), off), f.le(off, intc(int64_t(rootType(ps, p->root)->size)))),
          ViolationKind::OutOfBounds, "pointer arithmetic beyond the object");
      kk = requireConcrete(k, "offset");
      k = intc(*kk);
    }
    if (kk)
      if (Expr r = layoutPtrAdd(*p, *kk, pointee))
        return r;
  }
  if (!container || container->kind != TypeKind::Array) {
    // (a non-array object is an array of one element: C11 6.5.6p7)
    if (auto kk = concreteInt(k);
        kk && *kk == 1 &&
        (!pointee || compatible(pointee, typeAt(ps, p->root, p->path, p->path.size())))) {
      p->path.push_back(intc(kOnePast));
      return V.makePointer(p->root, p->path);
    }
    require(f.eq(k, intc(0)), ViolationKind::OutOfBounds,
            "pointer arithmetic beyond a non-array object");
    return pv;
  }
  // (elements of a variable-length type have no static size: compared by type)
  if (pointee && pointee->kind != TypeKind::Void && pointee->size &&
      (container->elem->size ? pointee->size != container->elem->size
                             : !compatible(pointee, container->elem)))
    throw Unsupported("pointer arithmetic through a pointer to '" + pointee->name +
                      "' inside an array of '" + container->elem->name + "' at " + where());
  std::vector<Expr> prefix(p->path.begin(), p->path.end() - 1);
  Expr arr = readPath(rootValue(ps, p->root), rootType(ps, p->root), prefix, 0, nullptr);
  Expr ni = f.add(p->path.back(), k);
  Expr len = lengthOf(arr, container);
  Expr ok = f.logicalAnd(f.le(intc(0), ni), f.le(ni, len));
  if (!trivial(ok))
    require(ok, ViolationKind::OutOfBounds,
            boundsText("pointer arithmetic to element", concreteInt(ni), concreteInt(len)) +
                rowText(p->path.size() >= 2 ? typeAt(ps, p->root, p->path, p->path.size() - 2)
                                            : nullptr));
  p->path.back() = ni;
  return V.makePointer(p->root, p->path);
}

std::optional<int64_t> Machine::onePastDistance(const state::Pointer& a, const state::Pointer& b) {
  size_t na = a.path.size() - (onePast(a) ? 1 : 0), nb = b.path.size() - (onePast(b) ? 1 : 0);
  if (!(a.root == b.root) || na != nb)
    return std::nullopt;
  for (size_t i = 0; i < na; ++i)
    if (a.path[i] != b.path[i])
      return std::nullopt;
  return int64_t(onePast(a)) - int64_t(onePast(b));
}

int64_t Machine::byteOffset(const state::Pointer& p) {
  const model::Type* t = rootType(self(), p.root);
  int64_t off = 0;
  for (const Expr& step : p.path) {
    if (t->kind == TypeKind::Array) {
      auto i = concreteInt(step);
      if (!i || !t->elem->size)
        throw Unsupported("a byte offset past a symbolic index at " + where());
      off += *i * int64_t(t->elem->size);
      t = t->elem;
      continue;
    }
    const model::Field& fd = t->fields.at(uint32_t(requireConcrete(step, "field")));
    if (t->kind == TypeKind::Struct && fd.offset < 0)
      throw Unsupported("a byte offset into '" + t->name + "' at " + where());
    off += t->kind == TypeKind::Union ? 0 : fd.offset;
    t = fd.type;
  }
  return off;
}

bool Machine::hasLayout(const Root& r) {
  ProcState& ps = self();
  switch (r.kind) {
  case RootKind::Global:
  case RootKind::String:
    return true;
  case RootKind::Local:
    return localFrame(ps, r) != nullptr;
  case RootKind::Heap:
    return r.b < ps.heap.size() && ps.heap[r.b].elem;
  default:
    return false;
  }
}

Expr Machine::byteOffsetExpr(const state::Pointer& p) {
  const model::Type* t = rootType(self(), p.root);
  Expr off = intc(0);
  for (const Expr& step : p.path) {
    if (isOnePastStep(step)) // (the last step)
      return t->size ? f.add(off, intc(int64_t(t->size))) : nullptr;
    if (t->kind == TypeKind::Array) {
      if (!t->elem->size)
        return nullptr;
      off = f.add(off, f.mul(step, intc(int64_t(t->elem->size))));
      t = t->elem;
      continue;
    }
    auto i = concreteInt(step);
    if (!t->isRecord() || !i || *i < 0 || size_t(*i) >= t->fields.size())
      return nullptr;
    const model::Field& fd = t->fields[size_t(*i)];
    if (t->kind == TypeKind::Struct) {
      if (fd.offset < 0)
        return nullptr;
      off = f.add(off, intc(fd.offset));
    }
    t = fd.type;
  }
  return off;
}

Expr Machine::layoutPtrAdd(const state::Pointer& p, int64_t k, const model::Type* t) {
  if (!t || !t->size || t->kind == TypeKind::Void || t->kind == TypeKind::Function)
    return nullptr;
  ProcState& ps = self();
  const model::Type* rt = rootType(ps, p.root);
  Expr base = rt->size ? byteOffsetExpr(p) : nullptr;
  auto b = base ? concreteInt(base) : std::nullopt;
  if (!b)
    return nullptr;
  int64_t off = *b + k * int64_t(t->size);
  if (off < 0 || uint64_t(off) > rt->size)
    return nullptr;
  if (uint64_t(off) == rt->size) // one past the whole object
    return rt->kind == TypeKind::Struct || (rt->kind != TypeKind::Array && compatible(t, rt))
               ? V.makePointer(p.root, {intc(kOnePast)})
               : nullptr;
  std::vector<Expr> path;
  for (const model::Type* c = rt;;) {
    if (off == 0 && compatible(c, t) && c->size == t->size && !c->bitField)
      return V.makePointer(p.root, path);
    if (c->kind == TypeKind::Array) {
      int64_t es = int64_t(c->elem->size);
      if (!es || !c->length || off / es >= int64_t(*c->length))
        return nullptr;
      path.push_back(intc(off / es));
      off %= es;
      c = c->elem;
      continue;
    }
    if (c->kind != TypeKind::Struct)
      return nullptr;
    const model::Field* in = nullptr;
    for (const model::Field& fd : c->fields)
      if (fd.offset >= 0 && !fd.type->bitField && fd.offset <= off &&
          off < fd.offset + int64_t(fd.type->size))
        in = &fd;
    if (!in)
      return nullptr; // (padding)
    path.push_back(intc(int64_t(in - c->fields.data())));
    off -= in->offset;
    c = in->type;
  }
}

bool Machine::divergeInStruct(const state::Pointer& a, const state::Pointer& b) {
  if (!(a.root == b.root))
    return false;
  size_t n = std::min(a.path.size(), b.path.size()), i = 0;
  while (i < n && a.path[i] == b.path[i] && !isOnePastStep(a.path[i]))
    ++i;
  if (i == a.path.size() && i == b.path.size())
    return false;
  const model::Type* c = typeAt(self(), a.root, a.path, i);
  return c->kind == TypeKind::Struct;
}

Expr Machine::bytePtrAdd(const state::Pointer& p, Expr k) {
  auto kk = concreteInt(k);
  if (!kk)
    throw Unsupported("a symbolic byte offset into an object at " + where());
  ProcState& ps = self();
  const model::Type* rt = rootType(ps, p.root);
  int64_t off = byteOffset(p) + *kk;
  const model::Type* t = rt;
  // The outermost place at byte `off` of the root.
  std::vector<Expr> path;
  t = rt;
  Expr rootLen = t->kind == TypeKind::Array ? lengthOf(rootValue(ps, p.root), t) : nullptr;
  if (off < 0 || (t->kind != TypeKind::Array && t->size && uint64_t(off) > t->size))
    fail(ViolationKind::OutOfBounds,
         "pointer arithmetic beyond the object (byte offset " + std::to_string(off) + " of '" +
             t->name + "')",
         pc());
  if (t->kind != TypeKind::Array && t->size && uint64_t(off) == t->size) // one past it
    return V.makePointer(p.root, {intc(kOnePast)});
  while (off != 0) {
    if (t->kind == TypeKind::Array) {
      int64_t es = int64_t(t->elem->size);
      if (!es)
        throw Unsupported("a byte offset into '" + t->name + "' at " + where());
      Expr idx = intc(off / es);
      Expr len = path.empty() ? rootLen : t->length ? intc(int64_t(*t->length)) : nullptr;
      if (!len)
        throw Unsupported("a byte offset into '" + t->name + "' at " + where());
      Expr ok = f.le(idx, len);
      if (!trivial(ok))
        require(ok, ViolationKind::OutOfBounds,
                boundsText("pointer arithmetic to element", concreteInt(idx), concreteInt(len)));
      path.push_back(idx);
      off %= es;
      t = t->elem;
      continue;
    }
    if (t->kind == TypeKind::Struct) {
      const model::Field* in = nullptr;
      for (const model::Field& fd : t->fields)
        if (fd.offset >= 0 && fd.offset <= off && off < fd.offset + int64_t(fd.type->size) &&
            (!in || fd.offset > in->offset))
          in = &fd;
      if (in) {
        path.push_back(intc(int64_t(in - t->fields.data())));
        off -= in->offset;
        t = in->type;
        continue;
      }
    }
    throw Unsupported("a pointer to byte " + std::to_string(off) + " inside '" + t->name +
                      "' (its bytes are not modelled) at " + where());
  }
  return V.makePointer(p.root, path);
}

std::string Machine::readString(Expr pv, size_t max) {
  Place pl = placeOfPointer(pv, P.types.charType(), me);
  std::string r;
  for (size_t k = 0; k < max; ++k) {
    // a checked read: past the object OUT_OF_BOUNDS (readPlace), an
    // uninitialized character UNINITIALIZED_READ, as the real call reads it
    Expr c = readPlace(pl);
    checkDefined(c);
    auto v = concreteInt(c);
    if (!v)
      throw Unsupported("symbolic string at " + where());
    if (*v == 0)
      return r;
    r += char(*v);
    if (k + 1 == max)
      break;
    if (pl.path.empty())
      fail(ViolationKind::OutOfBounds, "string beyond a single character object", pc());
    pl.path.back() = f.add(pl.path.back(), intc(1));
  }
  return r;
}

const model::Type* Machine::elementTypeOf(Expr pv, int procIdx) {
  if (procIdx < 0)
    procIdx = me;
  if (V.isUndef(pv))
    fail(ViolationKind::UninitializedRead, "use of an uninitialized pointer", pc());
  auto p = V.decodePointer(pv);
  if (!p)
    throw Unsupported("buffer pointer at " + where());
  if (p->root.kind == RootKind::Null)
    fail(ViolationKind::NullDereference, "null buffer pointer", pc());
  if (p->root.kind == RootKind::Function)
    throw Unsupported("function pointer used as a buffer at " + where());
  ProcState& ps = proc(procIdx);
  if (p->root.kind == RootKind::Heap) {
    if (p->root.b >= ps.heap.size())
      throw Unsupported("dangling heap reference at " + where());
    if (ps.heap[p->root.b].freed)
      fail(ViolationKind::UseAfterFree, "use of heap memory after free", pc());
    if (!ps.heap[p->root.b].elem)
      return nullptr; // untyped: the caller types it
  }
  if (p->root.kind == RootKind::Local && !localFrame(ps, p->root))
    fail(ViolationKind::UseAfterFree, "use of a local variable of a returned function", pc());
  const model::Type* t = typeAt(ps, p->root, p->path, p->path.size());
  while (t->kind == TypeKind::Array)
    t = t->elem;
  return t;
}

Machine::Place Machine::elementPlace(Expr pv, int64_t k, const model::Type* et, int procIdx) {
  Place pl = placeOfPointer(pv, et, procIdx);
  if (k == 0)
    return pl;
  // Element k of a buffer is k elements further in memory order: the last
  // index moves, carrying into the enclosing arrays of a nest (a library
  // call addresses bytes: `&d[0][0]` with 6 elements covers both rows of
  // `int d[2][3]`). Symbolic positions move the last index only; the read
  // or write checks the bounds.
  if (pl.path.empty())
    fail(ViolationKind::OutOfBounds, "buffer beyond a non-array object", pc());
  ProcState& ps = proc(procIdx);
  size_t lvl = pl.path.size() - 1;
  Expr carry = intc(k);
  for (;;) {
    const model::Type* ct = typeAt(ps, pl.root, pl.path, lvl);
    if (ct->kind != TypeKind::Array)
      fail(ViolationKind::OutOfBounds, "buffer beyond a non-array object", pc());
    Expr idx = f.add(pl.path[lvl], carry);
    auto ci = concreteInt(idx);
    // a row of a variable-length array has the length its value has
    std::optional<int64_t> rowLen;
    if (ct->length)
      rowLen = int64_t(*ct->length);
    else if (ci && lvl > 0) {
      std::vector<Expr> prefix(pl.path.begin(), pl.path.begin() + lvl);
      rowLen = concreteInt(lengthOf(
          readPath(rootValue(ps, pl.root), rootType(ps, pl.root), prefix, 0, nullptr), ct));
    }
    if (ci && rowLen && *rowLen > 0 && *ci >= *rowLen && lvl > 0 &&
        typeAt(ps, pl.root, pl.path, lvl - 1)->kind == TypeKind::Array) {
      int64_t len = *rowLen;
      pl.path[lvl] = intc(*ci % len);
      carry = intc(*ci / len);
      --lvl;
      continue;
    }
    pl.path[lvl] = idx;
    return pl;
  }
}

Expr Machine::ptrAddIn(Expr pv, Expr k, int procIdx, const model::Type* pointee) {
  if (procIdx == me)
    return ptrAdd(pv, k, pointee);
  int save = me;
  me = procIdx;
  Expr r = ptrAdd(pv, k, pointee);
  me = save;
  return r;
}

std::vector<Expr> Machine::readElements(Expr pv, int64_t count, const model::Type* et,
                                        int procIdx) {
  if (procIdx < 0)
    procIdx = me;
  std::vector<Expr> out;
  for (int64_t k = 0; k < count; ++k)
    out.push_back(readPlace(elementPlace(pv, k, et, procIdx)));
  return out;
}

void Machine::writeElements(Expr pv, const std::vector<Expr>& data, const model::Type* et,
                            int procIdx) {
  if (procIdx < 0)
    procIdx = me;
  for (size_t k = 0; k < data.size(); ++k)
    writePlace(elementPlace(pv, int64_t(k), et, procIdx), data[k]);
}

} // namespace chorus::exec
