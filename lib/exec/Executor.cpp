// Symbolic execution of model transitions (see DESIGN-NOTES.md).
#include "chorus/exec/Executor.h"

#include "chorus/model/Printer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <unordered_map>

namespace chorus::exec {

using check::ViolationKind;
using model::ExprKind;
using model::Op;
using model::StmtKind;
using model::TypeKind;
using state::Frame;
using state::HeapObj;
using state::Message;
using state::Pointer;
using state::Root;
using state::RootKind;

namespace {

// MPI handle values of lib/front/headers/mpi.h: (kind << 24) | index.
constexpr int64_t mpiHandle(int kind, int index) {
  return (int64_t(kind) << 24) | index;
}
constexpr int64_t kCommWorld = mpiHandle(1, 1);
constexpr int64_t kCommSelf = mpiHandle(1, 2);
constexpr int64_t kAnySource = -1;
constexpr int64_t kAnyTag = -1;
constexpr int64_t kProcNull = -2;

enum class ElemClass { Int, Real, Other };

ElemClass datatypeClass(int64_t dt) {
  if ((dt >> 24) != 3)
    return ElemClass::Other;
  int i = int(dt & 0xffffff);
  if (i == 13 || i == 14 || i == 15 || i == 43)
    return ElemClass::Real;
  if ((i >= 1 && i <= 12) || (i >= 16 && i <= 25))
    return ElemClass::Int;
  return ElemClass::Other;
}

uint64_t datatypeSize(int64_t dt) {
  switch (dt & 0xffffff) {
  case 1:
  case 2:
  case 3:
  case 4:
  case 18:
  case 22:
    return 1;
  case 5:
  case 6:
  case 19:
  case 23:
    return 2;
  case 7:
  case 8:
  case 13:
  case 20:
  case 24:
  case 17:
    return 4;
  default:
    return 8;
  }
}

std::string shorten(std::string s) {
  if (s.size() > 160)
    s = s.substr(0, 157) + "...";
  return s;
}

std::optional<sym::Rational> parseNumber(const std::string& text) {
  if (auto r = sym::Rational::parse(text))
    return r;
  // decimal with exponent: mantissa[eE]exp
  auto e = text.find_first_of("eE");
  if (e == std::string::npos || text.find_first_of("xX") != std::string::npos)
    return std::nullopt;
  auto m = sym::Rational::parse(text.substr(0, e));
  if (!m)
    return std::nullopt;
  long ex = std::strtol(text.c_str() + e + 1, nullptr, 10);
  sym::Rational p(1);
  for (long k = 0; k < std::labs(ex); ++k)
    p *= sym::Rational(10);
  return ex >= 0 ? *m * p : *m / p;
}

} // namespace

struct Executor::Impl {
  std::unordered_map<model::VarId, uint32_t> globalIndex;
  std::vector<std::unordered_map<model::VarId, uint32_t>> slotOf;
  std::vector<std::vector<model::VarId>> slotVar;
  std::deque<model::Type> synth;
  std::map<std::pair<const model::Type*, int64_t>, const model::Type*> synthByKey;
  model::FuncId mainF = model::kNone, initF = model::kNone;

  const model::Type* arrayOf(const model::Type* elem, std::optional<uint64_t> len) {
    auto key = std::make_pair(elem, len ? int64_t(*len) : int64_t(-1));
    auto it = synthByKey.find(key);
    if (it != synthByKey.end())
      return it->second;
    model::Type t;
    t.kind = TypeKind::Array;
    t.elem = elem;
    t.length = len;
    t.name = elem->name + "[]";
    synth.push_back(t);
    synthByKey[key] = &synth.back();
    return &synth.back();
  }
};

/// One move in the making: a working copy of the global state, the process
/// that moves, and the trace step being recorded.
class Machine {
public:
  Machine(Executor& ex, Executor::Impl& im, const GlobalState& s, int me, bool syncSends)
      : ex(ex), im(im), f(ex.values().factory()), V(ex.values()), P(ex.program()), gs(s), me(me),
        syncSends(syncSends), mods(s.procs.size()) {
    step.proc = me;
  }

  Executor& ex;
  Executor::Impl& im;
  sym::ExprFactory& f;
  state::Values& V;
  const model::Program& P;
  GlobalState gs;
  int me;
  bool syncSends;
  std::vector<std::unique_ptr<ProcState>> mods;
  std::vector<Expr> assumptions;
  Step step;
  model::SrcLoc loc;
  bool unsafe = false; // this move does not commute (wildcard receive, synchronous send)
  std::vector<std::string>* undecided = nullptr;

  enum class Outcome { Done, Blocked, Stay, Infeasible };

  ProcState& proc(int i) {
    if (!mods[i])
      mods[i] = std::make_unique<ProcState>(*gs.procs[i]);
    return *mods[i];
  }
  ProcState& self() { return proc(me); }
  int nprocs() const { return int(gs.procs.size()); }

  GlobalState finish() {
    for (size_t i = 0; i < mods.size(); ++i)
      if (mods[i])
        gs.procs[i] = ex.interner().intern(std::move(*mods[i]));
    mods.clear();
    return std::move(gs);
  }

  // ------------------------------------------------------------ obligations
  Expr pc() {
    if (assumptions.empty())
      return gs.pc;
    std::vector<Expr> cs = assumptions;
    cs.push_back(gs.pc);
    return f.logicalAnd(cs);
  }

  [[noreturn]] void fail(ViolationKind k, const std::string& msg, Expr cond) {
    ViolationError e;
    e.violation.kind = k;
    e.violation.loc = loc;
    e.violation.proc = me;
    e.violation.message = msg;
    e.condition = cond;
    e.step = step;
    throw e;
  }

  /// `ok` must hold on every path through here.
  void require(Expr ok, ViolationKind k, const std::string& msg) {
    if (ok->isTrue())
      return;
    Expr c = pc();
    Answer a = ok->isFalse() ? Answer::No : ex.oracle().valid(c, ok);
    if (a == Answer::Yes)
      return;
    if (a == Answer::No)
      fail(k, msg, f.logicalAnd(c, f.logicalNot(ok)));
    if (undecided)
      undecided->push_back(std::string(check::kindName(k)) + ": " + msg + " at " + P.where(loc));
    gs.pc = f.logicalAnd(gs.pc, ok);
  }

  std::string where() const { return P.where(loc); }

  // ---------------------------------------------------------------- values
  Expr intc(int64_t v) { return f.intConst(v); }

  std::optional<int64_t> concreteInt(Expr e) {
    if (e->kind() == sym::Kind::NumConst)
      return e->value().toInt64();
    return std::nullopt;
  }

  int64_t requireConcrete(Expr e, const char* what) {
    auto v = concreteInt(e);
    if (!v)
      throw Unsupported(std::string("symbolic ") + what + " at " + where() + " (" +
                        sym::toString(e) + ")");
    return *v;
  }

  Expr toReal(Expr e) { return e->type()->isReal() ? e : f.intToReal(e); }

  Expr truth(Expr v) {
    if (v->type()->isBool())
      return v;
    if (v->type()->isInt())
      return f.neq(v, intc(0));
    if (v->type()->isReal())
      return f.neq(v, f.realConst(0));
    if (auto p = V.decodePointer(v))
      return f.boolConst(p->root.kind != RootKind::Null);
    throw Unsupported("condition on a value of this type at " + where());
  }

  Expr boolToInt(Expr b) { return f.ite(b, intc(1), intc(0)); }

  void checkDefined(Expr v) {
    if (V.isUndef(v))
      fail(ViolationKind::UninitializedRead, "read of an uninitialized value", pc());
    if (!V.containsUndef(v))
      return;
    Expr c = undefCond(v);
    require(f.logicalNot(c), ViolationKind::UninitializedRead,
            "read of a possibly uninitialized value");
  }

  /// Condition under which scalar v is the undef marker.
  Expr undefCond(Expr v) {
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

  Expr undefAt(Expr a, Expr i) {
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

  /// Converts v (of C type `from`) to C type `to`.
  Expr convert(Expr v, const model::Type* from, const model::Type* to) {
    if (!to || !from || from == to)
      return v;
    switch (to->kind) {
    case TypeKind::Bool:
      if (v->type()->isInt() && from->kind == TypeKind::Bool)
        return v;
      return boolToInt(truth(v));
    case TypeKind::Int:
      if (v->type()->isReal())
        return f.realToInt(v);
      if (v->type()->isInt())
        return v;
      if (v->type()->isBool())
        return boolToInt(v);
      throw Unsupported("conversion of a pointer to an integer at " + where());
    case TypeKind::Real:
      if (v->type()->isInt())
        return f.intToReal(v);
      if (v->type()->isBool())
        return f.intToReal(boolToInt(v));
      return v;
    case TypeKind::Pointer:
      if (V.isPointer(v) || V.isUndef(v))
        return v;
      if (v->type()->isInt()) {
        if (v->isZero())
          return V.nullPointer();
        throw Unsupported("conversion of an integer to a pointer at " + where());
      }
      return v;
    default:
      return v;
    }
  }

  // ---------------------------------------------------------------- places
  struct Place {
    Root root;
    std::vector<Expr> path;
    const model::Type* type = nullptr;
    int proc = 0;
  };

  const model::Type* rootType(const ProcState& ps, Root r) {
    switch (r.kind) {
    case RootKind::Global:
      return P.var(P.globals.at(r.b)).type;
    case RootKind::Local: {
      const Frame& fr = ps.stack.at(r.a);
      return P.var(im.slotVar[fr.func].at(r.b)).type;
    }
    case RootKind::Heap: {
      const HeapObj& o = ps.heap.at(r.b);
      return im.arrayOf(o.elem, std::nullopt);
    }
    case RootKind::String:
      return im.arrayOf(P.types.charType(), P.strings.at(r.b).size() + 1);
    default:
      throw Unsupported("access through an invalid pointer at " + where());
    }
  }

  Expr stringValue(uint32_t id) {
    const std::string& s = P.strings.at(id);
    std::vector<Expr> cs;
    for (unsigned char c : s)
      cs.push_back(intc(c));
    cs.push_back(intc(0));
    return f.arrayLit(V.symType(im.arrayOf(P.types.charType(), s.size() + 1)), cs);
  }

  Expr rootValue(const ProcState& ps, Root r) {
    switch (r.kind) {
    case RootKind::Global:
      return ps.globals.at(r.b);
    case RootKind::Local:
      return ps.stack.at(r.a).slots.at(r.b);
    case RootKind::Heap:
      return ps.heap.at(r.b).value;
    case RootKind::String:
      return stringValue(r.b);
    default:
      throw Unsupported("access through an invalid pointer at " + where());
    }
  }

  void setRoot(ProcState& ps, Root r, Expr v) {
    switch (r.kind) {
    case RootKind::Global:
      ps.globals.at(r.b) = v;
      return;
    case RootKind::Local:
      ps.stack.at(r.a).slots.at(r.b) = v;
      return;
    case RootKind::Heap:
      ps.heap.at(r.b).value = v;
      return;
    case RootKind::String:
      throw Unsupported("write to a string literal at " + where());
    default:
      throw Unsupported("write through an invalid pointer at " + where());
    }
  }

  Expr lengthOf(Expr arr, const model::Type* t) {
    if (t->length)
      return intc(int64_t(*t->length));
    return f.arrayLength(arr);
  }

  void checkIndex(Expr idx, Expr len) {
    require(f.logicalAnd(f.le(intc(0), idx), f.lt(idx, len)), ViolationKind::OutOfBounds,
            "array index out of bounds");
  }

  /// Value at `path[from..]` of v (of C type t), with bounds checks.
  Expr readPath(Expr v, const model::Type* t, const std::vector<Expr>& path, size_t from,
                const model::Type** outType) {
    for (size_t i = from; i < path.size(); ++i) {
      if (!v)
        fail(ViolationKind::UninitializedRead, "read of a variable outside its lifetime", pc());
      if (t->kind == TypeKind::Array) {
        checkIndex(path[i], lengthOf(v, t));
        v = f.arrayRead(v, path[i]);
        t = t->elem;
      } else if (t->isRecord()) {
        uint32_t k = uint32_t(requireConcrete(path[i], "field"));
        v = f.tupleRead(v, k);
        t = t->fields.at(k).type;
      } else {
        throw Unsupported("pointer does not match the object it points to at " + where());
      }
    }
    if (outType)
      *outType = t;
    return v;
  }

  Expr writePath(Expr v, const model::Type* t, const std::vector<Expr>& path, size_t i, Expr nv) {
    if (i == path.size())
      return nv;
    if (!v)
      fail(ViolationKind::UninitializedRead, "write to a variable outside its lifetime", pc());
    if (t->kind == TypeKind::Array) {
      checkIndex(path[i], lengthOf(v, t));
      Expr old = f.arrayRead(v, path[i]);
      return f.arrayWrite(v, path[i], writePath(old, t->elem, path, i + 1, nv));
    }
    if (t->isRecord()) {
      uint32_t k = uint32_t(requireConcrete(path[i], "field"));
      Expr old = f.tupleRead(v, k);
      return f.tupleWrite(v, k, writePath(old, t->fields.at(k).type, path, i + 1, nv));
    }
    throw Unsupported("pointer does not match the object it points to at " + where());
  }

  Expr readPlace(const Place& pl) {
    ProcState& ps = proc(pl.proc);
    Expr rv = rootValue(ps, pl.root);
    if (!rv) {
      if (pl.root.kind == RootKind::Local)
        fail(ViolationKind::UninitializedRead,
             "read of '" + P.var(im.slotVar[ps.stack[pl.root.a].func][pl.root.b]).name +
                 "' outside its lifetime",
             pc());
      fail(ViolationKind::UninitializedRead, "read of an uninitialized object", pc());
    }
    return readPath(rv, rootType(ps, pl.root), pl.path, 0, nullptr);
  }

  void writePlace(const Place& pl, Expr v) {
    ProcState& ps = proc(pl.proc);
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

  /// C type of the object at the end of a path (no checks).
  const model::Type* typeAt(const ProcState& ps, Root r, const std::vector<Expr>& path,
                            size_t upto) {
    const model::Type* t = rootType(ps, r);
    for (size_t i = 0; i < upto; ++i) {
      if (t->kind == TypeKind::Array)
        t = t->elem;
      else if (t->isRecord())
        t = t->fields.at(uint32_t(requireConcrete(path[i], "field"))).type;
      else
        throw Unsupported("pointer does not match the object it points to at " + where());
    }
    return t;
  }

  static bool compatible(const model::Type* a, const model::Type* b) {
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

  /// Gives an untyped heap block the element type `t`.
  void typeHeap(ProcState& ps, uint32_t h, const model::Type* t) {
    HeapObj& o = ps.heap.at(h);
    if (o.elem)
      return;
    if (t->kind == TypeKind::Void || t->size == 0)
      throw Unsupported("access to heap memory through a pointer to void at " + where());
    bool zero = o.value && o.value->isZero();
    Expr len = f.div(o.bytes, intc(int64_t(t->size)));
    o.elem = t;
    const model::Type* at = im.arrayOf(t, std::nullopt);
    o.value = zero ? V.zero(at, len) : V.undef(at, len);
  }

  Place placeOfPointer(Expr pv, const model::Type* pointee, int procIdx) {
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
    if (p->root.kind == RootKind::Heap) {
      if (p->root.b >= ps.heap.size())
        throw Unsupported("dangling heap reference at " + where());
      if (ps.heap[p->root.b].freed)
        fail(ViolationKind::UseAfterFree, "use of heap memory after free", pc());
      if (!ps.heap[p->root.b].elem)
        typeHeap(ps, p->root.b, pointee);
    }
    if (p->root.kind == RootKind::Local && p->root.a >= ps.stack.size())
      fail(ViolationKind::UseAfterFree, "use of a local variable of a returned function", pc());
    Place pl{p->root, p->path, pointee, procIdx};
    if (pointee && pointee->kind != TypeKind::Void) {
      const model::Type* at = typeAt(ps, pl.root, pl.path, pl.path.size());
      if (!compatible(at, pointee) && at->kind == TypeKind::Array && compatible(at->elem, pointee))
        pl.path.push_back(intc(0));
    }
    return pl;
  }

  Place evalPlace(const model::Expr* e) {
    switch (e->kind) {
    case ExprKind::Var: {
      const model::Variable& v = P.var(e->var);
      if (v.isGlobalStorage()) {
        auto it = im.globalIndex.find(e->var);
        if (it == im.globalIndex.end())
          throw Unsupported("unknown global '" + v.name + "'");
        return Place{Root{RootKind::Global, 0, it->second}, {}, v.type, me};
      }
      ProcState& ps = self();
      const Frame& fr = ps.stack.back();
      auto it = im.slotOf[fr.func].find(e->var);
      if (it == im.slotOf[fr.func].end())
        throw Unsupported("variable '" + v.name + "' not in the current function at " + where());
      return Place{
          Root{RootKind::Local, uint32_t(ps.stack.size() - 1), it->second}, {}, v.type, me};
    }
    case ExprKind::Deref: {
      Expr pv = evalValue(e->kids[0]);
      return placeOfPointer(pv, e->type, me);
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

  Expr pointerTo(const Place& pl) { return V.makePointer(pl.root, pl.path); }

  // ------------------------------------------------------------ expressions
  Expr evalCond(const model::Expr* e) {
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
      case Op::Lt:
      case Op::Gt:
      case Op::Le:
      case Op::Ge:
      case Op::Eq:
      case Op::Ne:
        return relation(e->op, evalValue(e->kids[0]), evalValue(e->kids[1]));
      default:
        break;
      }
    }
    if (e->kind == ExprKind::Unary && e->op == Op::LogNot)
      return f.logicalNot(evalCond(e->kids[0]));
    return truth(evalValue(e));
  }

  Expr relation(Op op, Expr a, Expr b) {
    if (V.isPointer(a) || V.isPointer(b)) {
      auto pa = V.decodePointer(a), pb = V.decodePointer(b);
      if (!pa || !pb)
        throw Unsupported("comparison of symbolic pointers at " + where());
      if (op == Op::Eq || op == Op::Ne) {
        Expr eq;
        if (!(pa->root == pb->root) || pa->path.size() != pb->path.size())
          eq = f.falseExpr();
        else {
          std::vector<Expr> cs;
          for (size_t i = 0; i < pa->path.size(); ++i)
            cs.push_back(f.eq(pa->path[i], pb->path[i]));
          eq = f.logicalAnd(cs);
        }
        return op == Op::Eq ? eq : f.logicalNot(eq);
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

  Expr evalValue(const model::Expr* e) {
    switch (e->kind) {
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
      if (!r)
        throw Unsupported("real literal " + e->text + " at " + where());
      return f.realConst(*r);
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
      case Op::Neg: {
        Expr a = evalValue(e->kids[0]);
        return f.neg(a->type()->isBool() ? boolToInt(a) : a);
      }
      case Op::Plus:
        return evalValue(e->kids[0]);
      case Op::BitNot: {
        Expr a = evalValue(e->kids[0]);
        return f.sub(f.neg(a), intc(1));
      }
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
      return convert(evalValue(k), k->type, e->type);
    }
    default:
      throw Unsupported("expression '" + model::toString(P, e) + "' at " + where());
    }
  }

  Expr binary(const model::Expr* e) {
    switch (e->op) {
    case Op::LogAnd:
    case Op::LogOr:
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne:
      return boolToInt(evalCond(e));
    case Op::PtrAdd:
      return ptrAdd(evalValue(e->kids[0]), evalValue(e->kids[1]));
    case Op::PtrDiff: {
      auto pa = V.decodePointer(evalValue(e->kids[0]));
      auto pb = V.decodePointer(evalValue(e->kids[1]));
      if (!pa || !pb)
        throw Unsupported("pointer difference at " + where());
      if (!(pa->root == pb->root) || pa->path.size() != pb->path.size() || pa->path.empty())
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
        return V.isPointer(a) ? ptrAdd(a, b) : ptrAdd(b, a);
      if (e->op == Op::Sub && V.isPointer(a) && !V.isPointer(b))
        return ptrAdd(a, f.neg(b));
      throw Unsupported("arithmetic on pointers at " + where());
    }
    bool real = e->type && e->type->kind == TypeKind::Real;
    if (real || a->type() != b->type()) {
      a = toReal(a);
      b = toReal(b);
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

  Expr ptrAdd(Expr pv, Expr k) {
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
    ProcState& ps = self();
    const model::Type* container =
        p->path.empty() ? nullptr : typeAt(ps, p->root, p->path, p->path.size() - 1);
    if (!container || container->kind != TypeKind::Array) {
      require(f.eq(k, intc(0)), ViolationKind::OutOfBounds,
              "pointer arithmetic beyond a non-array object");
      return pv;
    }
    std::vector<Expr> prefix(p->path.begin(), p->path.end() - 1);
    Expr arr = readPath(rootValue(ps, p->root), rootType(ps, p->root), prefix, 0, nullptr);
    Expr ni = f.add(p->path.back(), k);
    require(f.logicalAnd(f.le(intc(0), ni), f.le(ni, lengthOf(arr, container))),
            ViolationKind::OutOfBounds, "pointer arithmetic out of bounds");
    p->path.back() = ni;
    return V.makePointer(p->root, p->path);
  }

  // ------------------------------------------------------------- statements
  std::string show(Expr v) {
    if (V.isUndef(v))
      return "(uninitialized)";
    if (auto p = V.decodePointer(v)) {
      std::string s;
      switch (p->root.kind) {
      case RootKind::Null:
        return "NULL";
      case RootKind::Global:
        s = "&" + P.var(P.globals[p->root.b]).name;
        break;
      case RootKind::Local: {
        const ProcState& ps = self();
        if (p->root.a < ps.stack.size())
          s = "&" + P.var(im.slotVar[ps.stack[p->root.a].func][p->root.b]).name;
        else
          s = "&(dead local)";
        break;
      }
      case RootKind::Heap:
        s = "&heap" + std::to_string(p->root.b);
        break;
      case RootKind::Function:
        return "&" + P.func(p->root.b).name;
      case RootKind::String:
        s = "&\"...\"";
        break;
      }
      for (Expr st : p->path)
        s += "[" + sym::toString(st) + "]";
      return s;
    }
    return shorten(sym::toString(v));
  }

  /// Executes transition `t` of the moving process.
  Outcome run(const model::Transition& t) {
    loc = t.loc.valid() ? t.loc : loc;
    step.loc = loc;
    step.stmt = model::toString(P, t.stmt);
    if (t.guard) {
      std::string g = model::toString(P, t.guard);
      step.stmt = step.stmt.empty() || t.stmt.kind == StmtKind::Nop ? "[" + g + "]"
                                                                    : "[" + g + "] " + step.stmt;
      Expr c = evalCond(t.guard);
      if (c->isFalse())
        return Outcome::Infeasible;
      if (!c->isTrue()) {
        Answer a = ex.oracle().valid(gs.pc, c);
        if (a != Answer::Yes) {
          Answer b = ex.oracle().valid(gs.pc, f.logicalNot(c));
          if (b == Answer::Yes)
            return Outcome::Infeasible;
          gs.pc = f.logicalAnd(gs.pc, c);
        }
      }
    }
    Outcome o = stmt(t);
    if (o == Outcome::Done)
      popFinished();
    return o;
  }

  void advance(const model::Transition& t) { self().stack.back().loc = t.to; }

  Outcome stmt(const model::Transition& t) {
    const model::Stmt& s = t.stmt;
    switch (s.kind) {
    case StmtKind::Nop:
      advance(t);
      return Outcome::Done;
    case StmtKind::Assign: {
      Expr v = evalValue(s.rhs);
      v = convert(v, s.rhs->type, s.lhs->type);
      Place pl = evalPlace(s.lhs);
      writePlace(pl, v);
      step.effects.push_back(model::toString(P, s.lhs) + " = " + show(v));
      advance(t);
      return Outcome::Done;
    }
    case StmtKind::Declare: {
      const model::Variable& v = P.var(s.var);
      advance(t);
      if (v.isGlobalStorage())
        return Outcome::Done;
      ProcState& ps = self();
      Frame& fr = ps.stack.back();
      auto it = im.slotOf[fr.func].find(s.var);
      if (it == im.slotOf[fr.func].end())
        throw Unsupported("declaration of unknown variable '" + v.name + "'");
      Expr len = nullptr;
      if (v.type->kind == TypeKind::Array && v.type->lengthVar != model::kNone) {
        model::Expr ve;
        ve.kind = ExprKind::Var;
        ve.var = v.type->lengthVar;
        ve.type = P.var(v.type->lengthVar).type;
        len = evalValue(&ve);
        require(f.lt(intc(0), len), ViolationKind::OutOfBounds,
                "variable-length array of non-positive length");
      }
      ps.stack.back().slots[it->second] = V.undef(v.type, len);
      return Outcome::Done;
    }
    case StmtKind::Kill: {
      advance(t);
      const model::Variable& v = P.var(s.var);
      if (v.isGlobalStorage())
        return Outcome::Done;
      Frame& fr = self().stack.back();
      auto it = im.slotOf[fr.func].find(s.var);
      if (it != im.slotOf[fr.func].end())
        fr.slots[it->second] = nullptr;
      return Outcome::Done;
    }
    case StmtKind::Return: {
      Expr v = nullptr;
      ProcState& ps = self();
      const model::Function& fn = P.func(ps.stack.back().func);
      if (s.rhs) {
        v = evalValue(s.rhs);
        const model::Type* rt = fn.type ? fn.type->ret : nullptr;
        v = convert(v, s.rhs->type, rt);
      }
      advance(t);
      doReturn(v);
      return Outcome::Done;
    }
    case StmtKind::Call:
      return call(t);
    }
    return Outcome::Done;
  }

  void doReturn(Expr v) {
    ProcState& ps = self();
    const model::Expr* lhs = ps.stack.back().retLhs;
    ps.stack.pop_back();
    if (ps.stack.empty()) {
      terminate(true);
      return;
    }
    if (lhs) {
      if (!v)
        v = V.undef(lhs->type);
      writePlace(evalPlace(lhs), convert(v, nullptr, nullptr));
      step.effects.push_back(model::toString(P, lhs) + " = " + show(v));
    }
  }

  /// Functions that reached their exit location without a return statement.
  void popFinished() {
    for (;;) {
      ProcState& ps = self();
      if (ps.stack.empty())
        return;
      const Frame& fr = ps.stack.back();
      const model::Function& fn = P.func(fr.func);
      if (fr.loc != fn.exit && !fn.locs.at(fr.loc).out.empty())
        return;
      doReturn(nullptr);
    }
  }

  void terminate(bool normal) {
    ProcState& ps = self();
    ps.stack.clear();
    if (!normal)
      return;
    if (ps.mpi == state::MpiPhase::Initialized)
      fail(ViolationKind::MpiUsage, "process terminated without calling MPI_Finalize", pc());
    for (const HeapObj& o : ps.heap)
      if (!o.freed) {
        loc = o.site;
        fail(ViolationKind::MemoryLeak, "memory allocated here is never freed", pc());
      }
  }

  void pushFrame(model::FuncId fid, const std::vector<Expr>& args, const model::Expr* retLhs) {
    const model::Function& fn = P.func(fid);
    Frame fr;
    fr.func = fid;
    fr.loc = fn.entry;
    fr.retLhs = retLhs;
    fr.slots.assign(im.slotVar[fid].size(), nullptr);
    if (args.size() < fn.params.size())
      throw Unsupported("call of '" + fn.name + "' with too few arguments at " + where());
    for (size_t i = 0; i < fn.params.size(); ++i)
      fr.slots[im.slotOf[fid].at(fn.params[i])] = args[i];
    self().stack.push_back(std::move(fr));
  }

  Outcome call(const model::Transition& t) {
    const model::Stmt& s = t.stmt;
    model::FuncId fid = model::kNone;
    if (s.callee->kind == ExprKind::Func)
      fid = s.callee->func;
    else {
      Expr pv = evalValue(s.callee);
      if (V.isUndef(pv))
        fail(ViolationKind::UninitializedRead, "call through an uninitialized pointer", pc());
      auto p = V.decodePointer(pv);
      if (!p || p->root.kind != RootKind::Function) {
        if (p && p->root.kind == RootKind::Null)
          fail(ViolationKind::NullDereference, "call through a null pointer", pc());
        throw Unsupported("call through a symbolic pointer at " + where());
      }
      fid = p->root.b;
    }
    const model::Function& fn = P.func(fid);
    if (fn.defined) {
      std::vector<Expr> args;
      for (size_t i = 0; i < s.args.size(); ++i) {
        Expr v = evalValue(s.args[i]);
        const model::Type* pt = i < fn.params.size() ? P.var(fn.params[i]).type : nullptr;
        args.push_back(convert(v, s.args[i]->type, pt));
      }
      advance(t);
      pushFrame(fid, args, s.lhs);
      return Outcome::Done;
    }
    return library(fn.name, t);
  }

  void setResult(const model::Stmt& s, Expr v, const model::Type* vt) {
    if (!s.lhs)
      return;
    v = convert(v, vt, s.lhs->type);
    writePlace(evalPlace(s.lhs), v);
    step.effects.push_back(model::toString(P, s.lhs) + " = " + show(v));
  }

  Expr arg(const model::Stmt& s, size_t i) {
    if (i >= s.args.size())
      throw Unsupported("library call with too few arguments at " + where());
    return evalValue(s.args[i]);
  }

  // -------------------------------------------------------------- library
  Outcome library(const std::string& name, const model::Transition& t) {
    const model::Stmt& s = t.stmt;
    if (name.rfind("MPI_", 0) == 0)
      return mpi(name, t);
    if (name == "assert" || name == "__assert" || name == "chorus_assert") {
      Expr c = truth(arg(s, 0));
      std::string text = s.args.empty() ? "" : model::toString(P, s.args[0]);
      require(c, ViolationKind::Assertion, "assertion '" + text + "' may fail");
      advance(t);
      return Outcome::Done;
    }
    if (name == "chorus_assume" || name == "__VERIFIER_assume" || name == "assume" ||
        name == "$assume") {
      Expr c = truth(arg(s, 0));
      if (c->isFalse())
        return Outcome::Infeasible;
      if (!c->isTrue()) {
        if (ex.oracle().valid(gs.pc, f.logicalNot(c)) == Answer::Yes)
          return Outcome::Infeasible;
        gs.pc = f.logicalAnd(gs.pc, c);
      }
      advance(t);
      return Outcome::Done;
    }
    if (name == "malloc" || name == "calloc") {
      Expr bytes = arg(s, 0);
      if (name == "calloc")
        bytes = f.mul(bytes, arg(s, 1));
      require(f.le(intc(0), bytes), ViolationKind::OutOfBounds, "allocation of negative size");
      ProcState& ps = self();
      HeapObj o;
      o.bytes = bytes;
      o.site = loc;
      o.value = name == "calloc" ? intc(0) : nullptr;
      ps.heap.push_back(o);
      Expr p = V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {intc(0)});
      setResult(s, p, nullptr);
      advance(t);
      return Outcome::Done;
    }
    if (name == "free") {
      Expr pv = arg(s, 0);
      if (V.isUndef(pv))
        fail(ViolationKind::UninitializedRead, "free of an uninitialized pointer", pc());
      auto p = V.decodePointer(pv);
      if (!p)
        throw Unsupported("free of a symbolic pointer at " + where());
      if (p->root.kind != RootKind::Null) {
        if (p->root.kind != RootKind::Heap)
          fail(ViolationKind::InvalidFree, "free of memory not allocated by malloc", pc());
        HeapObj& o = self().heap.at(p->root.b);
        if (o.freed)
          fail(ViolationKind::DoubleFree, "memory freed twice", pc());
        if (p->path.size() != 1)
          fail(ViolationKind::InvalidFree, "free of a pointer into the middle of a block", pc());
        require(f.eq(p->path[0], intc(0)), ViolationKind::InvalidFree,
                "free of a pointer into the middle of a block");
        o.freed = true;
        o.value = nullptr;
        step.effects.push_back("free " + show(pv));
      }
      advance(t);
      return Outcome::Done;
    }
    if (name == "memset" || name == "memcpy" || name == "memmove") {
      Expr n = arg(s, 2);
      int64_t bytes = requireConcrete(n, "byte count");
      Expr dst = arg(s, 0);
      const model::Type* et = elementTypeOf(dst);
      if (!et || et->size == 0)
        throw Unsupported(name + " on memory of unknown element type at " + where());
      if (bytes % int64_t(et->size))
        throw Unsupported(name + " of a partial element at " + where());
      int64_t count = bytes / int64_t(et->size);
      std::vector<Expr> data;
      if (name == "memset") {
        Expr c = arg(s, 1);
        if (!c->isZero())
          throw Unsupported("memset with a non-zero value at " + where());
        for (int64_t k = 0; k < count; ++k)
          data.push_back(V.zero(et));
      } else {
        data = readElements(arg(s, 1), count, et);
      }
      writeElements(dst, data, et);
      setResult(s, dst, nullptr);
      advance(t);
      return Outcome::Done;
    }
    if (name == "printf" || name == "puts" || name == "putchar" || name == "fprintf" ||
        name == "sprintf" || name == "fflush") {
      if (name == "sprintf")
        throw Unsupported("sprintf at " + where());
      size_t fi = name == "fprintf" ? 1 : 0;
      std::string out;
      if (name == "putchar")
        out = std::string(1, char(requireConcrete(arg(s, 0), "character")));
      else if (name != "fflush")
        out = format(s, fi, name == "puts");
      if (name != "fflush")
        step.effects.push_back("output: " + out);
      setResult(s, intc(int64_t(out.size())), nullptr);
      advance(t);
      return Outcome::Done;
    }
    if (name == "abort")
      fail(ViolationKind::Abort, "abort() called", pc());
    if (name == "exit" || name == "_Exit") {
      arg(s, 0);
      step.effects.push_back("exit");
      terminate(false);
      return Outcome::Done;
    }
    static const char* kMath[] = {"sqrt", "exp",   "log",   "sin",  "cos",  "tan",  "pow",
                                  "atan", "log10", "floor", "ceil", "fmin", "fmax", "atan2"};
    if (name == "fabs" || name == "abs" || name == "labs") {
      Expr x = arg(s, 0);
      Expr zero = x->type()->isReal() ? f.realConst(0) : intc(0);
      setResult(s, f.ite(f.lt(x, zero), f.neg(x), x), nullptr);
      advance(t);
      return Outcome::Done;
    }
    for (const char* m : kMath)
      if (name == m) {
        std::vector<Expr> xs;
        std::vector<sym::Type> ts;
        for (size_t i = 0; i < s.args.size(); ++i) {
          xs.push_back(toReal(arg(s, i)));
          ts.push_back(f.realType());
        }
        Expr fn = f.symbol(name, f.functionType(ts, f.realType()));
        Expr r = f.apply(fn, xs);
        if (name == "sqrt") {
          require(f.le(f.realConst(0), xs[0]), ViolationKind::Assertion,
                  "sqrt of a negative number");
        }
        setResult(s, r, P.types.doubleType());
        advance(t);
        return Outcome::Done;
      }
    throw Unsupported("library function '" + name + "' is not modelled (called at " + where() +
                      ")");
  }

  std::string format(const model::Stmt& s, size_t fi, bool newline) {
    std::string fmt = readString(arg(s, fi));
    std::string out;
    size_t ai = fi + 1;
    for (size_t i = 0; i < fmt.size(); ++i) {
      if (fmt[i] != '%' || i + 1 >= fmt.size()) {
        out += fmt[i];
        continue;
      }
      size_t j = i + 1;
      while (j < fmt.size() && std::strchr("-+ #0123456789.lhzjt", fmt[j]))
        ++j;
      if (j >= fmt.size())
        break;
      char c = fmt[j];
      i = j;
      if (c == '%') {
        out += '%';
        continue;
      }
      if (ai >= s.args.size()) {
        fail(ViolationKind::Format, "printf: too few arguments for the format", pc());
      }
      Expr v = arg(s, ai++);
      if (c == 's')
        out += readString(v);
      else {
        checkDefined(v);
        out += show(v);
      }
    }
    if (newline)
      out += "\n";
    while (!out.empty() && out.back() == '\n')
      out.pop_back();
    return out;
  }

  std::string readString(Expr pv) {
    Place pl = placeOfPointer(pv, P.types.charType(), me);
    std::string r;
    for (int k = 0; k < 4096; ++k) {
      Expr c = readPlace(pl);
      auto v = concreteInt(c);
      if (!v)
        throw Unsupported("symbolic string at " + where());
      if (*v == 0)
        return r;
      r += char(*v);
      pl.path.back() = f.add(pl.path.back(), intc(1));
    }
    return r;
  }

  /// Element type of the object a buffer pointer points at.
  const model::Type* elementTypeOf(Expr pv, int procIdx = -1) {
    if (procIdx < 0)
      procIdx = me;
    auto p = V.decodePointer(pv);
    if (!p)
      throw Unsupported("buffer pointer at " + where());
    if (p->root.kind == RootKind::Null)
      fail(ViolationKind::NullDereference, "null buffer pointer", pc());
    ProcState& ps = proc(procIdx);
    if (p->root.kind == RootKind::Heap) {
      if (p->root.b < ps.heap.size() && ps.heap[p->root.b].freed)
        fail(ViolationKind::UseAfterFree, "use of heap memory after free", pc());
      return ps.heap.at(p->root.b).elem;
    }
    const model::Type* t = typeAt(ps, p->root, p->path, p->path.size());
    while (t->kind == TypeKind::Array)
      t = t->elem;
    return t;
  }

  /// The places of `count` consecutive elements starting at pv.
  Place elementPlace(Expr pv, int64_t k, const model::Type* et, int procIdx) {
    Expr q = k == 0 ? pv : ptrAddIn(pv, intc(k), procIdx);
    return placeOfPointer(q, et, procIdx);
  }

  Expr ptrAddIn(Expr pv, Expr k, int procIdx) {
    if (procIdx == me)
      return ptrAdd(pv, k);
    int save = me;
    me = procIdx;
    Expr r = ptrAdd(pv, k);
    me = save;
    return r;
  }

  std::vector<Expr> readElements(Expr pv, int64_t count, const model::Type* et, int procIdx = -1) {
    if (procIdx < 0)
      procIdx = me;
    std::vector<Expr> out;
    for (int64_t k = 0; k < count; ++k)
      out.push_back(readPlace(elementPlace(pv, k, et, procIdx)));
    return out;
  }

  void writeElements(Expr pv, const std::vector<Expr>& data, const model::Type* et,
                     int procIdx = -1) {
    if (procIdx < 0)
      procIdx = me;
    for (size_t k = 0; k < data.size(); ++k)
      writePlace(elementPlace(pv, int64_t(k), et, procIdx), data[k]);
  }

  // ------------------------------------------------------------------ MPI
  const model::Type* ctypeOf(int64_t dt) {
    switch (datatypeClass(dt)) {
    case ElemClass::Int:
      return P.types.intType();
    case ElemClass::Real:
      return P.types.doubleType();
    default:
      throw Unsupported("MPI datatype " + std::to_string(dt) + " at " + where());
    }
  }

  bool isSpecial(Expr pv, const char* global) {
    auto p = V.decodePointer(pv);
    if (!p || p->root.kind != RootKind::Global)
      return false;
    return P.var(P.globals.at(p->root.b)).name == global;
  }

  /// Checks that the buffer at pv holds elements of the class of dt.
  const model::Type* bufferType(Expr pv, int64_t dt, ViolationKind k, int procIdx = -1) {
    const model::Type* want = ctypeOf(dt);
    auto p = V.decodePointer(pv);
    if (p && p->root.kind == RootKind::Heap) {
      ProcState& ps = proc(procIdx < 0 ? me : procIdx);
      if (p->root.b < ps.heap.size() && !ps.heap[p->root.b].elem && !ps.heap[p->root.b].freed)
        typeHeap(ps, p->root.b, want);
    }
    const model::Type* et = elementTypeOf(pv, procIdx);
    bool ok = et && ((datatypeClass(dt) == ElemClass::Real) == (et->kind == TypeKind::Real)) &&
              et->isArithmetic();
    if (!ok)
      fail(k,
           "buffer of type '" + (et ? et->name : std::string("?")) +
               "' does not match the MPI datatype",
           pc());
    return et;
  }

  void requireInit(const std::string& name) {
    ProcState& ps = self();
    if (ps.mpi == state::MpiPhase::Before)
      fail(ViolationKind::MpiUsage, name + " called before MPI_Init", pc());
    if (ps.mpi == state::MpiPhase::Finalized)
      fail(ViolationKind::MpiUsage, name + " called after MPI_Finalize", pc());
  }

  void requireWorld(Expr comm) {
    int64_t c = requireConcrete(comm, "communicator");
    if (c != kCommWorld)
      throw Unsupported("communicator other than MPI_COMM_WORLD at " + where());
  }

  int64_t commSize(Expr comm) {
    int64_t c = requireConcrete(comm, "communicator");
    if (c == kCommWorld)
      return nprocs();
    if (c == kCommSelf)
      return 1;
    throw Unsupported("communicator other than MPI_COMM_WORLD at " + where());
  }

  void send(Expr buf, Expr countE, int64_t dt, Expr destE, Expr tagE, bool sync) {
    int64_t dest = requireConcrete(destE, "destination rank");
    if (dest == kProcNull)
      return;
    if (dest < 0 || dest >= nprocs())
      fail(ViolationKind::MpiUsage, "invalid destination rank " + std::to_string(dest), pc());
    int64_t count = requireConcrete(countE, "message count");
    if (count < 0)
      fail(ViolationKind::MpiUsage, "negative message count", pc());
    requireConcrete(tagE, "tag");
    const model::Type* et = count > 0 ? bufferType(buf, dt, ViolationKind::MpiUsage) : ctypeOf(dt);
    std::vector<Expr> data = readElements(buf, count, et);
    Message m;
    m.src = me;
    m.dst = int(dest);
    m.comm = int(kCommWorld);
    m.tag = tagE;
    m.count = countE;
    m.datatype = int(dt);
    m.data = f.arrayLit(f.arrayType(V.symType(et)), data);
    m.sync = sync;
    gs.msgs.push_back(m);
    if (sync)
      self().syncDest = int(dest);
    std::string d;
    for (size_t i = 0; i < data.size() && i < 8; ++i)
      d += (i ? ", " : "") + show(data[i]);
    if (data.size() > 8)
      d += ", ...";
    step.effects.push_back("send {" + d + "} to " + std::to_string(dest) + " tag " +
                           sym::toString(tagE) + (sync ? " (synchronous)" : ""));
  }

  /// Indices in gs.msgs of the messages a receive may match (one per source).
  std::vector<size_t> matches(int64_t source, int64_t tag) {
    std::vector<size_t> out;
    std::vector<uint8_t> seenSrc(gs.procs.size(), 0);
    for (size_t i = 0; i < gs.msgs.size(); ++i) {
      const Message& m = gs.msgs[i];
      if (m.dst != me || seenSrc[m.src])
        continue;
      if (source != kAnySource && m.src != source)
        continue;
      if (tag != kAnyTag) {
        int64_t mt = requireConcrete(m.tag, "tag");
        if (mt != tag)
          continue;
      }
      seenSrc[m.src] = 1;
      out.push_back(i);
    }
    return out;
  }

  void receive(size_t mi, Expr buf, Expr countE, int64_t dt, Expr status) {
    Message m = gs.msgs[mi];
    gs.msgs.erase(gs.msgs.begin() + long(mi));
    if (m.sync)
      proc(m.src).syncDest = -1;
    if (datatypeClass(m.datatype) != datatypeClass(dt))
      fail(ViolationKind::MpiRecvMismatch,
           "received message of an incompatible datatype from process " + std::to_string(m.src),
           pc());
    require(f.le(m.count, countE), ViolationKind::MpiRecvMismatch,
            "receive buffer too small for the message from process " + std::to_string(m.src));
    std::vector<Expr> data(m.data->children().begin(), m.data->children().end());
    if (!data.empty()) {
      const model::Type* et = bufferType(buf, dt, ViolationKind::MpiRecvMismatch);
      writeElements(buf, data, et);
    }
    if (!isSpecial(status, "chorus_mpi_status_ignore_") &&
        !isSpecial(status, "chorus_mpi_statuses_ignore_")) {
      Place st = placeOfPointer(status, nullptr, me);
      const model::Type* stt = typeAt(self(), st.root, st.path, st.path.size());
      if (!stt->isRecord() || stt->fields.size() < 4)
        throw Unsupported("MPI_Status of unexpected shape at " + where());
      Expr vals[4] = {intc(m.src), m.tag, intc(0),
                      f.mul(m.count, intc(int64_t(datatypeSize(m.datatype))))};
      for (uint32_t k = 0; k < 4; ++k) {
        Place fp = st;
        fp.path.push_back(intc(k));
        writePlace(fp, vals[k]);
      }
    }
    std::string d;
    for (size_t i = 0; i < data.size() && i < 8; ++i)
      d += (i ? ", " : "") + show(data[i]);
    if (data.size() > 8)
      d += ", ...";
    step.effects.push_back("receive {" + d + "} from " + std::to_string(m.src) + " tag " +
                           sym::toString(m.tag));
  }

  Outcome mpi(const std::string& name, const model::Transition& t) {
    const model::Stmt& s = t.stmt;
    ProcState& ps = self();
    auto done = [&](Expr result = nullptr) {
      setResult(s, result ? result : intc(0), nullptr);
      advance(t);
      return Outcome::Done;
    };
    if (name == "MPI_Init") {
      if (ps.mpi == state::MpiPhase::Initialized)
        fail(ViolationKind::MpiUsage, "MPI_Init called twice", pc());
      if (ps.mpi == state::MpiPhase::Finalized)
        fail(ViolationKind::MpiUsage, "MPI_Init called after MPI_Finalize", pc());
      ps.mpi = state::MpiPhase::Initialized;
      return done();
    }
    if (name == "MPI_Initialized" || name == "MPI_Finalized") {
      bool v = name == "MPI_Initialized" ? ps.mpi != state::MpiPhase::Before
                                         : ps.mpi == state::MpiPhase::Finalized;
      writePlace(placeOfPointer(arg(s, 0), P.types.intType(), me), intc(v));
      return done();
    }
    requireInit(name);
    if (name == "MPI_Finalize") {
      self().mpi = state::MpiPhase::Finalized;
      return done();
    }
    if (name == "MPI_Comm_rank" || name == "MPI_Comm_size") {
      int64_t n = commSize(arg(s, 0));
      Expr v = intc(name == "MPI_Comm_rank" ? (n == 1 ? 0 : me) : n);
      writePlace(placeOfPointer(arg(s, 1), P.types.intType(), me), v);
      step.effects.push_back(model::toString(P, s.args[1]) + " <- " + show(v));
      return done();
    }
    if (name == "MPI_Send" || name == "MPI_Ssend" || name == "MPI_Bsend" || name == "MPI_Rsend") {
      requireWorld(arg(s, 5));
      bool sync = name == "MPI_Ssend" || (name != "MPI_Bsend" && syncSends);
      if (sync)
        unsafe = true;
      send(arg(s, 0), arg(s, 1), requireConcrete(arg(s, 2), "datatype"), arg(s, 3), arg(s, 4),
           sync);
      return done();
    }
    if (name == "MPI_Recv") {
      requireWorld(arg(s, 5));
      int64_t source = requireConcrete(arg(s, 3), "source rank");
      requireConcrete(arg(s, 4), "tag");
      if (source == kProcNull)
        return done();
      if (source != kAnySource && (source < 0 || source >= nprocs()))
        fail(ViolationKind::MpiUsage, "invalid source rank " + std::to_string(source), pc());
      if (source == kAnySource)
        unsafe = true;
      return Outcome::Blocked; // resolved by recvMoves()
    }
    if (name == "MPI_Sendrecv") {
      requireWorld(arg(s, 10));
      if (ps.callPhase == 0) {
        send(arg(s, 0), arg(s, 1), requireConcrete(arg(s, 2), "datatype"), arg(s, 3), arg(s, 4),
             false);
        self().callPhase = 1;
        return Outcome::Stay;
      }
      int64_t source = requireConcrete(arg(s, 8), "source rank");
      if (source == kAnySource)
        unsafe = true;
      if (source == kProcNull) {
        self().callPhase = 0;
        return done();
      }
      return Outcome::Blocked; // resolved by recvMoves()
    }
    if (name == "MPI_Get_count") {
      Expr st = arg(s, 0);
      int64_t dt = requireConcrete(arg(s, 1), "datatype");
      Place sp = placeOfPointer(st, nullptr, me);
      sp.path.push_back(intc(3));
      Expr bytes = readPlace(sp);
      checkDefined(bytes);
      writePlace(placeOfPointer(arg(s, 2), P.types.intType(), me),
                 f.div(bytes, intc(int64_t(datatypeSize(dt)))));
      return done();
    }
    if (name == "MPI_Barrier") {
      requireWorld(arg(s, 0));
      arrive(CollKind::Barrier, 0, 0, 0, nullptr, nullptr, nullptr);
      return done();
    }
    if (name == "MPI_Bcast") {
      requireWorld(arg(s, 4));
      int64_t root = requireConcrete(arg(s, 3), "root");
      int64_t dt = requireConcrete(arg(s, 2), "datatype");
      Expr count = arg(s, 1);
      Expr buf = arg(s, 0);
      Expr data = nullptr;
      if (me == root)
        data = packBuffer(buf, count, dt);
      arrive(CollKind::Bcast, int(root), int(dt), 0, count, data, me == root ? nullptr : buf);
      return done();
    }
    if (name == "MPI_Reduce" || name == "MPI_Allreduce") {
      bool all = name == "MPI_Allreduce";
      requireWorld(arg(s, all ? 5 : 6));
      Expr sbuf = arg(s, 0), rbuf = arg(s, 1), count = arg(s, 2);
      int64_t dt = requireConcrete(arg(s, 3), "datatype");
      int64_t op = requireConcrete(arg(s, 4), "operation");
      int64_t root = all ? 0 : requireConcrete(arg(s, 5), "root");
      Expr data = packBuffer(isSpecial(sbuf, "chorus_mpi_in_place_") ? rbuf : sbuf, count, dt);
      arrive(all ? CollKind::Allreduce : CollKind::Reduce, int(root), int(dt), int(op), count, data,
             (all || me == root) ? rbuf : nullptr);
      return done();
    }
    if (name == "MPI_Allgather") {
      requireWorld(arg(s, 6));
      Expr sbuf = arg(s, 0), count = arg(s, 1), rbuf = arg(s, 3);
      int64_t dt = requireConcrete(arg(s, 2), "datatype");
      if (isSpecial(sbuf, "chorus_mpi_in_place_"))
        throw Unsupported("MPI_Allgather with MPI_IN_PLACE at " + where());
      Expr data = packBuffer(sbuf, count, dt);
      arrive(CollKind::Allgather, 0, int(dt), 0, count, data, rbuf);
      return done();
    }
    if (name == "MPI_Abort")
      fail(ViolationKind::Abort, "MPI_Abort called", pc());
    throw Unsupported("MPI function '" + name + "' is not modelled (called at " + where() + ")");
  }

  Expr packBuffer(Expr buf, Expr countE, int64_t dt) {
    int64_t count = requireConcrete(countE, "count");
    const model::Type* et = count > 0 ? bufferType(buf, dt, ViolationKind::MpiUsage) : ctypeOf(dt);
    auto data = readElements(buf, count, et);
    return f.arrayLit(f.arrayType(V.symType(et)), data);
  }

  static const char* collName(CollKind k) {
    switch (k) {
    case CollKind::Barrier:
      return "MPI_Barrier";
    case CollKind::Bcast:
      return "MPI_Bcast";
    case CollKind::Reduce:
      return "MPI_Reduce";
    case CollKind::Allreduce:
      return "MPI_Allreduce";
    case CollKind::Allgather:
      return "MPI_Allgather";
    default:
      return "?";
    }
  }

  void arrive(CollKind kind, int root, int dt, int op, Expr count, Expr data, Expr recvPtr) {
    state::CollSlot& c = gs.coll;
    int n = nprocs();
    if (c.kind == 0) {
      c.kind = int(kind);
      c.root = root;
      c.datatype = dt;
      c.op = op;
      c.count = count;
      c.loc = loc;
      c.contrib.assign(n, nullptr);
      c.recvPtr.assign(n, nullptr);
      c.arrived.assign(n, 0);
    } else {
      std::string other = collName(CollKind(c.kind));
      if (c.kind != int(kind))
        fail(ViolationKind::CollectiveMismatch,
             std::string(collName(kind)) + " called while other processes are in " + other +
                 " (at " + P.where(c.loc) + ")",
             pc());
      if (c.root != root || c.op != op || c.datatype != dt)
        fail(ViolationKind::CollectiveMismatch,
             std::string(collName(kind)) + " with a root, operation or datatype different from "
                                           "the other processes",
             pc());
      if (count && c.count && count != c.count)
        require(f.eq(count, c.count), ViolationKind::CollectiveMismatch,
                std::string(collName(kind)) + " with a count different from the other processes");
    }
    c.contrib[me] = data;
    c.recvPtr[me] = recvPtr;
    c.arrived[me] = 1;
    step.effects.push_back(std::string("enter ") + collName(kind));
    if (std::count(c.arrived.begin(), c.arrived.end(), 1) < n) {
      self().collWait = true;
      return;
    }
    complete();
  }

  Expr reduceOp(int op, Expr a, Expr b) {
    switch (op & 0xffffff) {
    case 1:
      return f.ite(f.lt(a, b), b, a); // MAX
    case 2:
      return f.ite(f.lt(b, a), b, a); // MIN
    case 3:
      return f.add(a, b);
    case 4:
      return f.mul(a, b);
    case 5:
      return boolToInt(f.logicalAnd(truth(a), truth(b))); // LAND
    case 7:
      return boolToInt(f.logicalOr(truth(a), truth(b))); // LOR
    default:
      throw Unsupported("MPI reduction operation " + std::to_string(op) + " at " + where());
    }
  }

  void complete() {
    state::CollSlot c = gs.coll;
    gs.coll = state::CollSlot{};
    int n = nprocs();
    CollKind kind = CollKind(c.kind);
    std::vector<Expr> result;
    if (kind == CollKind::Bcast) {
      result.assign(c.contrib[c.root]->children().begin(), c.contrib[c.root]->children().end());
    } else if (kind == CollKind::Reduce || kind == CollKind::Allreduce) {
      size_t len = c.contrib[0]->numChildren();
      for (size_t k = 0; k < len; ++k) {
        Expr acc = c.contrib[0]->child(uint32_t(k));
        for (int i = 1; i < n; ++i) {
          if (c.contrib[i]->numChildren() != len)
            fail(ViolationKind::CollectiveMismatch, "reduction with different counts", pc());
          acc = reduceOp(c.op, acc, c.contrib[i]->child(uint32_t(k)));
        }
        result.push_back(acc);
      }
    } else if (kind == CollKind::Allgather) {
      for (int i = 0; i < n; ++i)
        for (Expr e : c.contrib[i]->children())
          result.push_back(e);
    }
    for (int i = 0; i < n; ++i) {
      proc(i).collWait = false;
      if (!c.recvPtr[i] || result.empty())
        continue;
      const model::Type* et = ctypeOf(c.datatype);
      int save = me;
      me = i;
      const model::Type* bt = bufferType(c.recvPtr[i], c.datatype, ViolationKind::MpiUsage, i);
      writeElements(c.recvPtr[i], result, bt ? bt : et, i);
      me = save;
    }
    step.effects.push_back(std::string("complete ") + collName(kind));
  }
};

// ====================================================================== Executor

Executor::Executor(const model::Program& p, sym::ExprFactory& f, Oracle& oracle, ExecOptions opts)
    : prog_(p), f_(f), oracle_(oracle), opts_(std::move(opts)), values_(p, f),
      impl_(std::make_unique<Impl>()) {
  for (uint32_t i = 0; i < p.globals.size(); ++i)
    impl_->globalIndex[p.globals[i]] = i;
  impl_->slotOf.resize(p.funcs.size());
  impl_->slotVar.resize(p.funcs.size());
  for (const model::Function& fn : p.funcs) {
    auto add = [&](model::VarId v) {
      if (p.var(v).isGlobalStorage() || impl_->slotOf[fn.id].count(v))
        return;
      impl_->slotOf[fn.id][v] = uint32_t(impl_->slotVar[fn.id].size());
      impl_->slotVar[fn.id].push_back(v);
    };
    for (model::VarId v : fn.params)
      add(v);
    for (model::VarId v : fn.locals)
      add(v);
  }
  if (const model::Function* m = p.findFunc("main"); m && m->defined)
    impl_->mainF = m->id;
  if (const model::Function* i = p.findFunc(model::kInitFunction); i && i->defined)
    impl_->initF = i->id;
}

Executor::~Executor() = default;

GlobalState Executor::initial() {
  if (impl_->mainF == model::kNone)
    throw Unsupported("the program has no function 'main'");
  GlobalState gs;
  gs.pc = f_.trueExpr();
  std::map<model::VarId, const model::InputDecl*> inputs;
  for (const model::InputDecl& in : prog_.inputs)
    inputs[in.var] = &in;
  for (const auto& [name, value] : opts_.inputs) {
    bool found = false;
    for (const auto& [v, in] : inputs)
      if (prog_.var(v).name == name || in->macro == name)
        found = true;
    if (!found)
      throw Unsupported("--input " + name + ": no input variable or macro of that name");
  }
  for (int r = 0; r < opts_.nprocs; ++r) {
    ProcState ps;
    for (model::VarId v : prog_.globals) {
      const model::Variable& var = prog_.var(v);
      Expr val;
      auto in = inputs.find(v);
      if (in != inputs.end()) {
        std::string nm = in->second->macro.empty() ? var.name : in->second->macro;
        auto fixed = opts_.inputs.find(nm);
        if (fixed != opts_.inputs.end()) {
          auto num = parseNumber(fixed->second);
          if (!num)
            throw Unsupported("--input " + nm + "=" + fixed->second + ": not a number");
          if (var.type->kind == TypeKind::Real)
            val = f_.realConst(*num);
          else if (num->isInteger())
            val = f_.intConst(*num);
          else
            throw Unsupported("--input " + nm + ": not an integer");
        } else {
          val = f_.symbol(nm, values_.symType(var.type));
        }
      } else if (var.name == "PID" || var.name == "_PID") {
        val = f_.intConst(r);
      } else if (var.name == "NPROCS" || var.name == "_NPROCS") {
        val = f_.intConst(opts_.nprocs);
      } else {
        val = var.type->kind == TypeKind::Array && !var.type->length ? nullptr
                                                                     : values_.zero(var.type);
      }
      ps.globals.push_back(val);
    }
    Frame mainFr;
    mainFr.func = impl_->mainF;
    mainFr.loc = prog_.func(impl_->mainF).entry;
    mainFr.slots.assign(impl_->slotVar[impl_->mainF].size(), nullptr);
    const model::Function& mf = prog_.func(impl_->mainF);
    for (size_t i = 0; i < mf.params.size(); ++i) {
      const model::Variable& pv = prog_.var(mf.params[i]);
      Expr v = i == 0 ? f_.symbol(pv.name, f_.intType()) : values_.nullPointer();
      mainFr.slots[impl_->slotOf[mainFr.func].at(mf.params[i])] = v;
      if (i == 0 && r == 0)
        gs.pc = f_.logicalAnd(gs.pc, f_.le(f_.intConst(1), v));
    }
    ps.stack.push_back(mainFr);
    if (impl_->initF != model::kNone) {
      Frame in;
      in.func = impl_->initF;
      in.loc = prog_.func(impl_->initF).entry;
      in.slots.assign(impl_->slotVar[impl_->initF].size(), nullptr);
      ps.stack.push_back(in);
    }
    gs.procs.push_back(interner_.intern(std::move(ps)));
  }
  // Input conditions, evaluated in process 0.
  Machine m(*this, *impl_, gs, 0, opts_.syncSends);
  m.undecided = &undecided_;
  // Input arrays of variable length (e.g. `double a[n]` with input n): the
  // length of the symbolic array is the value of the length variable.
  for (uint32_t g = 0; g < prog_.globals.size(); ++g) {
    const model::Variable& var = prog_.var(prog_.globals[g]);
    if (!inputs.count(var.id) || var.type->kind != TypeKind::Array ||
        var.type->lengthVar == model::kNone)
      continue;
    auto li = impl_->globalIndex.find(var.type->lengthVar);
    if (li == impl_->globalIndex.end())
      continue;
    Expr len = gs.procs[0]->globals[li->second];
    Expr arr = gs.procs[0]->globals[g];
    m.gs.pc = f_.logicalAnd(m.gs.pc, f_.eq(f_.arrayLength(arr), len));
  }
  for (const model::InputDecl& in : prog_.inputs) {
    if (!in.cond)
      continue;
    m.loc = in.loc;
    Expr c = m.evalCond(in.cond);
    m.gs.pc = f_.logicalAnd(m.gs.pc, c);
  }
  m.popFinished();
  return m.finish();
}

ProcMoves Executor::moves(const GlobalState& s, int p) {
  ProcMoves pm;
  const ProcState& ps = *s.procs[p];
  if (ps.terminated()) {
    pm.terminated = true;
    return pm;
  }
  const Frame& fr = ps.stack.back();
  const model::Function& fn = prog_.func(fr.func);
  if (ps.collWait) {
    pm.blockedAt = "in a collective operation";
    return pm;
  }
  if (ps.syncDest >= 0) {
    pm.blockedAt =
        "in a send to process " + std::to_string(ps.syncDest) + " that waits for its receive";
    return pm;
  }
  bool unsafe = false;
  for (model::TransId tid : fn.locs.at(fr.loc).out) {
    const model::Transition& t = fn.trans.at(tid);
    Machine m(*this, *impl_, s, p, opts_.syncSends);
    m.undecided = &undecided_;
    m.loc = t.loc.valid() ? t.loc : fn.locs.at(fr.loc).loc;
    Machine::Outcome o = m.run(t);
    unsafe = unsafe || m.unsafe;
    if (o == Machine::Outcome::Done || o == Machine::Outcome::Stay) {
      pm.succs.push_back(Successor{m.finish(), m.step});
      continue;
    }
    if (o != Machine::Outcome::Blocked)
      continue;
    // A receive (MPI_Recv, or the receive half of MPI_Sendrecv): one move per
    // matching message.
    const model::Stmt& st = t.stmt;
    bool sendrecv = prog_.func(st.callee->func).name == "MPI_Sendrecv";
    size_t b = sendrecv ? 5 : 0;
    Expr source = m.arg(st, b + 3);
    std::vector<size_t> ms =
        m.matches(*m.concreteInt(source), m.requireConcrete(m.arg(st, b + 4), "tag"));
    if (ms.empty()) {
      pm.blockedAt = prog_.func(st.callee->func).name + " at " + prog_.where(m.loc);
      continue;
    }
    for (size_t mi : ms) {
      Machine r(*this, *impl_, s, p, opts_.syncSends);
      r.undecided = &undecided_;
      r.loc = m.loc;
      r.step.loc = m.loc;
      r.step.stmt = m.step.stmt;
      // re-evaluate the arguments in r (same state, same values)
      Expr buf = r.arg(st, b + 0), count = r.arg(st, b + 1);
      int64_t dt = r.requireConcrete(r.arg(st, b + 2), "datatype");
      Expr status = r.arg(st, b + 6);
      r.receive(mi, buf, count, dt, status);
      if (sendrecv)
        r.self().callPhase = 0;
      r.setResult(st, f_.intConst(0), nullptr);
      r.advance(t);
      r.popFinished();
      pm.succs.push_back(Successor{r.finish(), r.step});
    }
  }
  pm.safe = !pm.succs.empty() && !unsafe;
  return pm;
}

GlobalState Executor::canonical(const GlobalState& s, std::vector<state::Leak>* leaks) {
  return state::canonicalize(s, values_, interner_, leaks);
}

} // namespace chorus::exec
