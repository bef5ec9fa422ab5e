// The MPI terms of ACSL contracts (seed 002 §3.3), evaluated by every
// annotation hook: communication buffers (\mpi_buf, buffer arithmetic
// n + b and n * b), type signatures (\mpi_sig, n * s), value sequences (*b),
// \mpi_extent, \mpi_nonoverlapping and \mpi_reduce; equality of signatures
// and of sequences; the memory locations of a buffer (\valid, \separated,
// assigns *b). \mpi_on and \old of such terms are the hook's
// (CollContract.cpp reads the other ranks).
//
// Decisions (lib/exec/DESIGN-NOTES.md, "Collective contracts"):
// - datatypes are concrete handles (predefined or derived ones the process
//   created); a sequence of a symbolic count is read up to the bound the
//   path condition gives the count (values beyond `len` are irrelevant);
// - \mpi_reduce folds the sequences in(lo), ..., in(hi-1) in rank order with
//   a predefined op, on mathematical integers and reals (every order and
//   bracketing then gives the same value: "a reduction" of §3.3 is "the"
//   reduction); bitwise ops on the bits of the values' C type, MAXLOC and
//   MINLOC on value-index pairs (MPI 3.1 §5.9.4); lo >= hi claims nothing.
//   A symbolic user op (model::kSymbolicOp, kSymbolicCommOp: every op
//   MPI_Op_create can make) is an uninterpreted function, neither
//   associative nor (without the commute flag) commutative: "a reduction"
//   is then any bracketing of the operands in rank order (any unordered
//   tree of them for a commutative op), per element. An op the program
//   created is C code a contract does not evaluate: unknown.
#include "AnnotEval.h"
#include "mpi/MpiInternal.h"

#include <bit>
#include <functional>
#include <map>

namespace chorus::exec {

namespace {

constexpr int64_t kMaxSeq = 256;

int64_t handleOf(Machine& m, Expr v, int kind, const std::string& what) {
  if (v->type()->isBool())
    v = m.boolToInt(v);
  auto c = m.concreteInt(v);
  if (!c)
    throw Unsupported(what + " is not one known handle at " + m.where() +
                      " (a datatype or op of a contract must be concrete)");
  if ((*c >> 24) != kind)
    throw Unsupported(what + " is not a" + std::string(kind == 3 ? " datatype" : "n op") +
                      " handle (" + handleText(*c) + ") at " + m.where());
  return *c;
}

/// Basic type codes of one element of dt, in order.
std::vector<int64_t> unitCodes(Machine& m, int64_t dt, int proc) {
  std::vector<int64_t> out;
  for (auto& [code, reps] : signatureOf(m, 1, dt, proc))
    for (int64_t i = 0; i < reps; ++i)
      out.push_back(code);
  return out;
}

/// The basic datatype of dt when dt is one, or when its type map is
/// entries of that one basic type without gaps (a pair type of one type
/// such as MPI_2INT, MPI_Type_contiguous of a basic type); none otherwise.
std::optional<int64_t> gaplessBasic(Machine& m, int64_t dt, int proc) {
  if (isBasicType(dt))
    return dt;
  TypeMap tm = typeMap(m, dt, proc);
  if (tm.entries.empty() || tm.lb != 0)
    return std::nullopt;
  int64_t basic = tm.entries[0].basic;
  int64_t sz = typeSize(m, basic, proc);
  for (size_t j = 0; j < tm.entries.size(); ++j)
    if (tm.entries[j].basic != basic || tm.entries[j].disp != int64_t(j) * sz)
      return std::nullopt;
  if (tm.extent() != int64_t(tm.entries.size()) * sz)
    return std::nullopt;
  return basic;
}

/// The array of records buffer b points into, when their members are the
/// entries of b's datatype (MPI_DOUBLE_INT over struct { double v; int i;
/// }: the gaps of the type map are the padding), with b's index in it;
/// null otherwise.
Expr recordSource(Machine& m, const MpiVal& b, size_t units, Expr& off) {
  const model::Type* et = m.elementTypeOf(b.base, b.proc);
  TypeMap tm = typeMap(m, b.dt, b.proc);
  if (!et || et->kind != TypeKind::Struct || et->fields.size() != tm.entries.size() || tm.lb != 0 ||
      int64_t(et->size) != tm.extent() || units != tm.entries.size())
    return nullptr;
  for (size_t k = 0; k < et->fields.size(); ++k)
    if (et->fields[k].offset != tm.entries[k].disp ||
        !representsBasic(et->fields[k].type, tm.entries[k].basic))
      return nullptr;
  auto d = m.V.decodePointer(b.base);
  if (!d || d->path.empty())
    return nullptr;
  const ProcState& ps = *m.gs.procs[size_t(b.proc)];
  std::vector<Expr> prefix(d->path.begin(), d->path.end() - 1);
  const model::Type* t = nullptr;
  Expr arr = m.readPath(m.rootValue(ps, d->root), m.rootType(ps, d->root), prefix, 0, &t);
  if (!t || t->kind != TypeKind::Array || t->elem != et)
    return nullptr;
  off = d->path.back();
  return arr;
}

/// Elements 0 .. K - 1 of a buffer of records (recordSource): their
/// members in order into v; false when b is no such buffer.
bool recordElements(Machine& m, const MpiVal& b, int64_t K, const std::vector<int64_t>& unit,
                    MpiVal& v) {
  Expr off = nullptr;
  Expr arr = recordSource(m, b, unit.size(), off);
  if (!arr)
    return false;
  for (int64_t i = 0; i < K; ++i) {
    Expr rec = m.f.arrayRead(arr, m.f.add(off, m.intc(i)));
    for (size_t k = 0; k < unit.size(); ++k) {
      v.vals.push_back(m.f.tupleRead(rec, uint32_t(k)));
      v.codes.push_back(unit[k]);
    }
  }
  return true;
}

/// A sequence of symbolic length whose array holds records of datatype
/// `code` (a pair type over structs), not basic values: MpiVal::code is
/// then the datatype handle, above every basic type code.
bool recordCode(int64_t code) {
  return code >= (int64_t(3) << 24);
}

/// Member k of pair j of sequence array x of code `code` (MAXLOC/MINLOC's
/// value-index pairs): x[2j + k] over basic values, member k of record j.
Expr pairMember(Machine& m, Expr x, int64_t code, Expr j, uint32_t k) {
  if (recordCode(code))
    return m.f.tupleRead(m.f.arrayRead(x, j), k);
  return m.f.arrayRead(x, m.f.add(m.f.mul(j, m.intc(2)), m.intc(k)));
}

/// p + k elements of the array p points into (no bounds check: a term
/// denotes locations, validity is \valid's business).
Expr shift(Machine& m, Expr p, Expr k) {
  if (auto c = m.concreteInt(k); c && *c == 0)
    return p;
  auto d = m.V.decodePointer(p);
  if (!d || d->path.empty())
    throw Unsupported("buffer arithmetic on a pointer that does not point into an array at " +
                      m.where());
  d->path.back() = m.f.add(d->path.back(), k);
  return m.V.makePointer(d->root, d->path);
}

/// Element i of the array p points into, in process proc (unchecked).
Expr element(Machine& m, Expr p, int64_t i, int proc, const MpiVal& b) {
  auto d = m.V.decodePointer(p);
  if (!d)
    throw Unsupported("a buffer whose base is not a known pointer at " + m.where());
  const ProcState& ps = *m.gs.procs[size_t(proc)];
  if (d->path.empty()) {
    if (i == 0)
      return m.readPlace(m.placeOfPointer(p, ctypeOf(m, b.dt), proc));
    if (m.ex.oracle().valid(m.boundsPc(), m.f.le(b.count, m.intc(i))) == Answer::Yes)
      return nullptr;
    throw Unsupported("a buffer of more than one element at a scalar object at " + m.where());
  }
  std::vector<Expr> prefix(d->path.begin(), d->path.end() - 1);
  const model::Type* t = nullptr;
  Expr arr = m.readPath(m.rootValue(ps, d->root), m.rootType(ps, d->root), prefix, 0, &t);
  if (!t || t->kind != TypeKind::Array || !t->elem->isScalar())
    throw Unsupported("a buffer that is not an array of numbers at " + m.where());
  return m.f.arrayRead(arr, m.f.add(d->path.back(), m.intc(i)));
}

/// The C type of a buffer's elements represents its basic datatype (as for
/// MPI's own calls: MPI_BUFFER_TYPE_MISMATCH otherwise, e.g. a double array
/// passed to a collective as MPI_INT).
void checkType(Machine& m, const MpiVal& b) {
  bufferType(m, b.base, b.dt, ViolationKind::MpiBufferTypeMismatch, b.proc);
}

Expr sameValue(Machine& m, Expr a, Expr b) {
  if (a->type()->isBool())
    a = m.boolToInt(a);
  if (b->type()->isBool())
    b = m.boolToInt(b);
  if (a->type()->isReal() != b->type()->isReal()) {
    a = m.toReal(a);
    b = m.toReal(b);
  }
  return m.f.eq(a, b);
}

Expr truthOf(Machine& m, Expr v) {
  if (v->type()->isBool())
    return v;
  return m.f.logicalNot(m.f.eq(v, v->type()->isReal() ? m.f.realConst(0) : m.intc(0)));
}

/// a op b for a predefined reduction op (mathematical values; the bitwise
/// ops on the bits of the C type of basic type code `code`) or a symbolic
/// user op.
Expr combine(Machine& m, int64_t op, int64_t code, Expr a, Expr b) {
  if (isSymbolicOp(op))
    return symbolicOpApply(m, op, a, b);
  if (a->type()->isBool())
    a = m.boolToInt(a);
  if (b->type()->isBool())
    b = m.boolToInt(b);
  if (a->type()->isReal() != b->type()->isReal()) {
    a = m.toReal(a);
    b = m.toReal(b);
  }
  switch (op & 0xffffff) {
  case 1:
    return m.f.ite(m.f.lt(a, b), b, a);
  case 2:
    return m.f.ite(m.f.lt(b, a), b, a);
  case 3:
    return m.f.add(a, b);
  case 4:
    return m.f.mul(a, b);
  case 5:
    return m.boolToInt(m.f.logicalAnd(truthOf(m, a), truthOf(m, b)));
  case 7:
    return m.boolToInt(m.f.logicalOr(truthOf(m, a), truthOf(m, b)));
  case 9:
    return m.boolToInt(m.f.logicalNot(m.f.eq(truthOf(m, a), truthOf(m, b))));
  case 6: // BAND, BOR, BXOR: the bits of the C integer type (code 10sz / 11sz)
  case 8:
  case 10: {
    if (code < 1000 || code >= 1200 || a->type()->isReal() || b->type()->isReal())
      throw Unsupported("\\mpi_reduce with a bitwise op on values that are no integers at " +
                        m.where());
    int64_t o = op & 0xffffff;
    sym::BitOpKind k = o == 6   ? sym::BitOpKind::And
                       : o == 8 ? sym::BitOpKind::Or
                                : sym::BitOpKind::Xor;
    return m.f.bitOp(k, unsigned(code % 100) * 8, code < 1100, a, b);
  }
  default:
    throw Unsupported("\\mpi_reduce with op " + handleText(op) +
                      " (the predefined reduction ops and the symbolic user ops of --contract are "
                      "supported) at " +
                      m.where());
  }
}

/// (value, index) pairs a op b for MPI_MAXLOC / MPI_MINLOC (MPI 3.1 §5.9.4:
/// the larger (smaller) value wins; on equal values the smaller index).
std::pair<Expr, Expr> combineLoc(Machine& m, int64_t op, std::pair<Expr, Expr> a,
                                 std::pair<Expr, Expr> b) {
  auto num = [&](Expr x) { return x->type()->isBool() ? m.boolToInt(x) : x; };
  Expr va = num(a.first), vb = num(b.first), ia = num(a.second), ib = num(b.second);
  if (va->type()->isReal() != vb->type()->isReal()) {
    va = m.toReal(va);
    vb = m.toReal(vb);
  }
  bool max = (op & 0xffffff) == 11;
  Expr better = max ? m.f.lt(vb, va) : m.f.lt(va, vb); // a strictly wins
  Expr worse = max ? m.f.lt(va, vb) : m.f.lt(vb, va);  // b strictly wins
  Expr minIdx = m.f.ite(m.f.lt(ib, ia), ib, ia);
  return {m.f.ite(better, va, vb), m.f.ite(better, ia, m.f.ite(worse, ib, minIdx))};
}

/// At most this many ways to combine the operands of \mpi_reduce with a
/// user op (9 operands in order: 1,430; 7 unordered: 10,395): unknown beyond.
constexpr uint64_t kMaxTrees = 1000;

/// Every value "a reduction" of xs by symbolic user op `op` may have (seed
/// 002 §3.3): op applied along a full binary tree whose leaves are xs in
/// order (a bracketing: Catalan(n - 1) trees) or, for the commutative op,
/// along an unordered tree over xs ((2n - 3)!! trees; op(a, b) = op(b, a)
/// is built into the op's encoding, so each is one term). Empty when there
/// are more than kMaxTrees.
std::vector<Expr> reductionTrees(Machine& m, int64_t op, const std::vector<Expr>& xs) {
  size_t n = xs.size();
  bool comm = op == model::kSymbolicCommOp;
  uint64_t count = 1;
  for (size_t k = 1; k < n; ++k) { // Catalan(k) = Catalan(k-1) (4k - 2) / (k + 1)
    count = comm ? count * (2 * k - 1) : count * (4 * k - 2) / (k + 1);
    if (count > kMaxTrees)
      return {};
  }
  if (!comm) {
    std::map<std::pair<size_t, size_t>, std::vector<Expr>> memo;
    std::function<const std::vector<Expr>&(size_t, size_t)> trees =
        [&](size_t i, size_t j) -> const std::vector<Expr>& { // leaves xs[i..j)
      auto it = memo.find({i, j});
      if (it != memo.end())
        return it->second;
      std::vector<Expr> out;
      if (j == i + 1)
        out.push_back(xs[i]);
      for (size_t k = i + 1; k < j; ++k)
        for (Expr l : trees(i, k))
          for (Expr r : trees(k, j))
            out.push_back(symbolicOpApply(m, op, l, r));
      return memo[{i, j}] = std::move(out);
    };
    return trees(0, n);
  }
  std::map<uint32_t, std::vector<Expr>> memo;
  std::function<const std::vector<Expr>&(uint32_t)> trees =
      [&](uint32_t set) -> const std::vector<Expr>& {
    auto it = memo.find(set);
    if (it != memo.end())
      return it->second;
    std::vector<Expr> out;
    uint32_t low = set & (~set + 1);
    if (set == low)
      out.push_back(xs[size_t(std::countr_zero(set))]);
    // the subtree holding the lowest operand, and the rest: each unordered
    // split once
    uint32_t others = set & ~low;
    for (uint32_t sub = others;; sub = (sub - 1) & others) {
      uint32_t left = low | sub, right = set & ~left;
      if (right)
        for (Expr l : trees(left))
          for (Expr r : trees(right))
            out.push_back(symbolicOpApply(m, op, l, r));
      if (sub == 0)
        break;
    }
    return memo[set] = std::move(out);
  };
  return trees(uint32_t((uint64_t(1) << n) - 1));
}

/// Whether r is, term for term, op applied along a tree whose leaves are
/// xs, each once: in order for the non-commutative op, in any order for
/// the commutative one (its encoding G(min(a, b), max(a, b)) makes
/// op(a, b) and op(b, a) one value). r then is one of reductionTrees(xs)
/// (up to the order of commutative operands), so "r is a reduction of xs"
/// holds without listing the trees. Decided by the shape of r only: a
/// value that is not such a term (a fresh symbol, another order) is left
/// to the disjunction over the trees.
bool isReductionTerm(Machine& m, int64_t op, Expr r, const std::vector<Expr>& xs) {
  bool comm = op == model::kSymbolicCommOp;
  const char* prefix = comm ? "$cop." : "$uop.";
  // the two operands of an application of op, or {nullptr, nullptr}
  auto operands = [&](Expr e) -> std::pair<Expr, Expr> {
    if (e->kind() != sym::Kind::Apply || e->numChildren() != 3 ||
        e->child(0)->kind() != sym::Kind::Symbol || !e->child(0)->name().starts_with(prefix))
      return {nullptr, nullptr};
    Expr x = e->child(1), y = e->child(2);
    if (comm && x->kind() == sym::Kind::Ite && y->kind() == sym::Kind::Ite &&
        x->child(0) == y->child(0) && x->child(1) == y->child(2) && x->child(2) == y->child(1))
      return {x->child(1), x->child(2)}; // G(ite(c, a, b), ite(c, b, a))
    return {x, y};
  };
  std::vector<Expr> leaves;
  std::function<void(Expr)> collect = [&](Expr e) {
    auto [a, b] = operands(e);
    if (!a) {
      leaves.push_back(e);
      return;
    }
    collect(a);
    collect(b);
  };
  collect(r);
  if (leaves.size() != xs.size() || xs.size() < 2)
    return false;
  // the operand each leaf stands for (symbolicOpApply's conversions aside)
  auto same = [&](Expr leaf, Expr x) {
    if (leaf == x)
      return true;
    if (x->type()->isBool())
      x = m.boolToInt(x);
    else if (x->type()->kind() == sym::TypeKind::Char)
      x = m.f.charToInt(x);
    if (leaf->type()->isReal() && !x->type()->isReal())
      x = m.toReal(x);
    return leaf == x;
  };
  std::vector<size_t> pick(leaves.size());
  std::vector<bool> used(xs.size(), false);
  for (size_t k = 0; k < leaves.size(); ++k) {
    size_t j = 0;
    if (comm)
      while (j < xs.size() && (used[j] || !same(leaves[k], xs[j])))
        ++j;
    else
      j = same(leaves[k], xs[k]) ? k : xs.size();
    if (j == xs.size())
      return false;
    used[j] = true;
    pick[k] = j;
  }
  // rebuild the tree over xs with symbolicOpApply: r must be that term
  size_t next = 0;
  std::function<Expr(Expr)> rebuild = [&](Expr e) -> Expr {
    auto [a, b] = operands(e);
    if (!a)
      return xs[pick[next++]];
    Expr l = rebuild(a);
    return symbolicOpApply(m, op, l, rebuild(b));
  };
  return rebuild(r) == r;
}

/// "r is a reduction of xs by the symbolic op" (reductionTrees' disjunction
/// when there are too many trees to list) as the application of an
/// uninterpreted predicate per op, value sort and number of operands.
/// Sound both ways: its true meaning is one interpretation, so assuming it
/// (a simulated MPI_Reduce's result) promises nothing more than MPI does,
/// and a claim follows from such assumptions only for values they name.
Expr reducedFact(Machine& m, int64_t op, Expr r, const std::vector<Expr>& xs) {
  std::vector<Expr> args{r};
  args.insert(args.end(), xs.begin(), xs.end());
  bool real = false;
  for (Expr& a : args) {
    if (a->type()->isBool())
      a = m.boolToInt(a);
    else if (a->type()->kind() == sym::TypeKind::Char)
      a = m.f.charToInt(a);
    real = real || a->type()->isReal();
  }
  std::vector<sym::Type> ts;
  for (Expr& a : args) {
    if (real && !a->type()->isReal())
      a = m.toReal(a);
    ts.push_back(a->type());
  }
  std::string name = std::string(op == model::kSymbolicCommOp ? "$creduced." : "$ureduced.") +
                     (real ? "real." : "int.") + std::to_string(xs.size());
  return m.f.apply(m.f.symbol(name, m.f.functionType(ts, m.f.boolType())), args);
}

} // namespace

/// (AnnotEval.h)
Expr seqArray(Machine& m, const MpiVal& v, int64_t& code) {
  if (v.arr) {
    code = v.code;
    return v.arr;
  }
  if (v.vals.empty())
    return nullptr;
  for (size_t i = 0; i < v.vals.size(); ++i)
    if (v.codes[i] != v.codes[0] || v.vals[i]->type() != v.vals[0]->type())
      return nullptr;
  code = v.codes[0];
  return m.f.arrayLit(m.f.arrayType(v.vals[0]->type()), v.vals);
}

bool EvalHook::isMpiType(const model::Type* t) {
  return t && t->kind == TypeKind::Struct &&
         (t->tag == "mpi_buf_t" || t->tag == "mpi_sig_t" || t->tag == "mpi_seq_t");
}

MpiVal EvalHook::mpiOn(Machine& m, const model::Expr* x, Expr, const model::Expr*) {
  throw Unsupported("\\mpi_on('" + m.text(x) + "') outside a collective contract at " + m.where());
}

MpiVal EvalHook::mpiOld(Machine& m, const model::Expr* e) {
  throw Unsupported("'" + m.text(e) + "' outside the postcondition of a function at " + m.where());
}

MpiVal EvalHook::mpiValue(Machine& m, const model::Expr* e) {
  while (e->kind == ExprKind::Cast)
    e = e->kids[0];
  switch (e->kind) {
  case ExprKind::Builtin: {
    const std::string& b = e->name;
    if (b == "\\mpi_buf") {
      MpiVal v;
      v.kind = MpiVal::Kind::Buf;
      v.base = pointerValue(m, e->kids[0]);
      v.count = m.evalValue(e->kids[1]);
      if (v.count->type()->isBool())
        v.count = m.boolToInt(v.count);
      v.dt = handleOf(m, m.evalValue(e->kids[2]), 3, "the datatype of '" + m.text(e) + "'");
      v.proc = m.me;
      return v;
    }
    if (b == "\\mpi_sig") {
      int64_t dt = handleOf(m, m.evalValue(e->kids[0]), 3, "the datatype of '" + m.text(e) + "'");
      Signature s = signatureOf(m, 1, dt, m.me);
      MpiVal v;
      v.kind = MpiVal::Kind::Sig;
      if (s.size() <= 1) {
        v.code = s.empty() ? 0 : s[0].first;
        v.len = m.intc(s.empty() ? 0 : s[0].second);
      } else {
        v.unit = sigId(s);
        v.len = m.intc(1);
      }
      return v;
    }
    if (b == "\\mpi_on")
      return mpiOn(m, e->kids[0], m.evalValue(e->kids[1]), e);
    break;
  }
  case ExprKind::Old:
    return mpiOld(m, e);
  case ExprKind::Cond: {
    // c ? x : y (App. B.12: sbuf != MPI_IN_PLACE ? *SBUF : \old(*RBUF)):
    // the branch the path condition decides
    Expr c = m.evalCond(e->kids[0]);
    if (m.ex.oracle().valid(m.pc(), c) == Answer::Yes)
      return mpiValue(m, e->kids[1]);
    if (m.ex.oracle().valid(m.pc(), m.f.logicalNot(c)) == Answer::Yes)
      return mpiValue(m, e->kids[2]);
    throw Unsupported("'" + m.text(e) + "': a choice between MPI terms that the path condition " +
                      "does not decide at " + m.where());
  }
  case ExprKind::Binary: {
    if (e->op != Op::Add && e->op != Op::Mul)
      break;
    const model::Expr *x = e->kids[0], *k = e->kids[1];
    if (!isMpiType(x->type))
      std::swap(x, k);
    MpiVal v = mpiValue(m, x);
    Expr n = m.evalValue(k);
    if (n->type()->isBool())
      n = m.boolToInt(n);
    if (e->op == Op::Mul) {
      if (v.kind == MpiVal::Kind::Buf) {
        v.count = m.f.mul(n, v.count);
        return v;
      }
      if (v.kind == MpiVal::Kind::Sig) {
        v.len = m.f.mul(n, v.len);
        return v;
      }
      break;
    }
    if (v.kind != MpiVal::Kind::Buf)
      break;
    // n + b: shifted by n extents of its datatype, in elements of the array
    int64_t ext = typeExtent(m, v.dt, v.proc);
    if (isBasicType(v.dt)) {
      v.base = shift(m, v.base, m.f.mul(n, m.intc(ext / int64_t(datatypeSize(v.dt)))));
      return v;
    }
    const model::Type* et = m.elementTypeOf(v.base, v.proc);
    if (!et || et->size == 0 || ext % int64_t(et->size))
      throw Unsupported("'" + m.text(e) + "': a shift by a datatype extent that is no multiple " +
                        "of the buffer's element size at " + m.where());
    v.base = shift(m, v.base, m.f.mul(n, m.intc(ext / int64_t(et->size))));
    return v;
  }
  case ExprKind::Deref: {
    MpiVal b = mpiValue(m, e->kids[0]);
    if (b.kind != MpiVal::Kind::Buf)
      break;
    MpiVal v;
    v.kind = MpiVal::Kind::Seq;
    std::vector<int64_t> unit = unitCodes(m, b.dt, b.proc);
    v.len = m.f.mul(b.count, m.intc(int64_t(unit.size())));
    auto K = concreteBound(m, b.count, true);
    bool uniform = !unit.empty() && unit[0] != kSymbolicCode;
    for (int64_t u : unit)
      uniform = uniform && u == unit[0];
    std::optional<int64_t> basic = !K && uniform ? gaplessBasic(m, b.dt, b.proc) : std::nullopt;
    if (basic && !isByteType(*basic)) {
      // a count the path condition does not bound: the sequence of
      // symbolic length \j. a[off + j] over the array a the buffer points
      // into (in process b.proc), for a basic datatype or one whose
      // entries are one basic type without gaps (MPI_2INT, contiguous)
      if (isBasicType(b.dt))
        checkType(m, b);
      else
        bufferType(m, b.base, *basic, ViolationKind::MpiBufferTypeMismatch, b.proc);
      auto d = m.V.decodePointer(b.base);
      if (!d || d->path.empty())
        throw Unsupported("'" + m.text(e) + "': a buffer of symbolic count that does not " +
                          "point into an array at " + m.where());
      const ProcState& ps = *m.gs.procs[size_t(b.proc)];
      std::vector<Expr> prefix(d->path.begin(), d->path.end() - 1);
      const model::Type* t = nullptr;
      Expr a = m.readPath(m.rootValue(ps, d->root), m.rootType(ps, d->root), prefix, 0, &t);
      if (!t || t->kind != TypeKind::Array || !t->elem->isScalar())
        throw Unsupported("a buffer that is not an array of numbers at " + m.where());
      Expr j = m.f.boundVar("j", m.f.intType());
      Expr bvs[1] = {j};
      v.arr = m.f.arrayLambda(a->type(), v.len,
                              m.f.lambda(bvs, m.f.arrayRead(a, m.f.add(d->path.back(), j))));
      v.code = unit[0];
      return v;
    }
    if (!K && !uniform && unit.size() > 1 && unit[0] != kSymbolicCode) {
      // records of a pair type (MPI_DOUBLE_INT over struct { double v;
      // int i; }): the sequence of symbolic length \j. a[off + j] of
      // records, code the datatype (recordCode)
      Expr off = nullptr;
      if (Expr a = recordSource(m, b, unit.size(), off)) {
        Expr j = m.f.boundVar("j", m.f.intType());
        Expr bvs[1] = {j};
        v.arr =
            m.f.arrayLambda(a->type(), b.count, m.f.lambda(bvs, m.f.arrayRead(a, m.f.add(off, j))));
        v.code = b.dt;
        return v;
      }
    }
    if (!K)
      throw Unsupported("'" + m.text(e) + "': the count of the buffer has no bound the path " +
                        "condition gives at " + m.where());
    if (*K * int64_t(unit.size()) > kMaxSeq)
      throw Unsupported("'" + m.text(e) + "': more than " + std::to_string(kMaxSeq) +
                        " values at " + m.where());
    if (isBasicType(b.dt)) {
      if (*K > 0)
        checkType(m, b);
      for (int64_t i = 0; i < *K; ++i) {
        Expr x = element(m, b.base, i, b.proc, b);
        if (!x)
          break;
        v.vals.push_back(x);
        v.codes.push_back(unit[0]);
      }
      return v;
    }
    auto c = m.concreteInt(b.count);
    if (!c) {
      // a derived datatype whose type map is u elements of one basic type
      // without gaps (MPI_Type_contiguous of a basic type): its count
      // elements are count * u consecutive elements of the array, read up
      // to the bound as for a basic datatype
      std::optional<int64_t> gb = gaplessBasic(m, b.dt, b.proc);
      if (!gb && recordElements(m, b, *K, unit, v))
        return v;
      if (!gb)
        throw Unsupported("'" + m.text(e) + "': a derived datatype with a symbolic count at " +
                          m.where());
      if (*K > 0)
        bufferType(m, b.base, *gb, ViolationKind::MpiBufferTypeMismatch, b.proc);
      for (int64_t i = 0; i < *K * int64_t(unit.size()); ++i) {
        Expr x = element(m, b.base, i, b.proc, b);
        if (!x)
          break;
        v.vals.push_back(x);
        v.codes.push_back(unit[size_t(i) % unit.size()]);
      }
      return v;
    }
    v.vals = readTyped(m, b.base, 0, *c, b.dt, ViolationKind::MpiBufferTypeMismatch, b.proc);
    for (int64_t i = 0; i < *c; ++i)
      for (int64_t u : unit)
        v.codes.push_back(u);
    return v;
  }
  default:
    break;
  }
  throw Unsupported("the MPI term '" + m.text(e) + "' at " + m.where());
}

Expr EvalHook::mpiEqual(Machine& m, const MpiVal& a, const MpiVal& b) {
  if (a.kind != b.kind || a.kind == MpiVal::Kind::Buf)
    throw Unsupported("comparison of MPI buffers at " + m.where());
  if (a.kind == MpiVal::Kind::Sig) {
    if (a.code >= 0 && b.code >= 0) {
      if (a.code == b.code || a.code == 0 || b.code == 0)
        return a.code == b.code
                   ? m.f.eq(a.len, b.len)
                   : m.f.logicalAnd(m.f.eq(a.len, m.intc(0)), m.f.eq(b.len, m.intc(0)));
      return m.f.logicalAnd(m.f.eq(a.len, m.intc(0)), m.f.eq(b.len, m.intc(0)));
    }
    if (a.code < 0 && b.code < 0 && a.unit == b.unit)
      return m.f.eq(a.len, b.len);
    auto la = m.concreteInt(a.len), lb = m.concreteInt(b.len);
    if (!la || !lb)
      throw Unsupported("comparison of heterogeneous type signatures of symbolic counts at " +
                        m.where());
    auto expand = [&](const MpiVal& v, int64_t n) {
      std::vector<int64_t> out;
      const Signature& u = v.code >= 0 ? Signature{{v.code, 1}} : sigById(v.unit);
      for (int64_t i = 0; i < n; ++i)
        for (auto& [c, r] : u)
          for (int64_t j = 0; j < r; ++j)
            out.push_back(c);
      return out;
    };
    return expand(a, *la) == expand(b, *lb) ? m.f.trueExpr() : m.f.falseExpr();
  }
  if (a.arr || b.arr) {
    // of symbolic length: equal lengths and elements
    int64_t ca = -1, cb = -1;
    Expr xa = seqArray(m, a, ca), xb = seqArray(m, b, cb);
    Expr empty = m.f.eq(a.len, m.intc(0));
    if (!xa || !xb || ca != cb)
      return m.f.logicalAnd(m.f.eq(a.len, b.len), empty);
    Expr i = m.f.boundVar("i", m.f.intType());
    if (recordCode(ca)) {
      // records (a pair type over structs): member by member
      size_t u = unitCodes(m, ca, m.me).size();
      std::vector<Expr> same;
      for (size_t k = 0; k < u; ++k)
        same.push_back(sameValue(m, m.f.tupleRead(m.f.arrayRead(xa, i), uint32_t(k)),
                                 m.f.tupleRead(m.f.arrayRead(xb, i), uint32_t(k))));
      return m.f.logicalAnd(
          m.f.eq(a.len, b.len),
          m.f.forallRange(i, m.intc(0), m.f.div(a.len, m.intc(int64_t(u))), m.f.logicalAnd(same)));
    }
    return m.f.logicalAnd(m.f.eq(a.len, b.len), m.f.forallRange(i, m.intc(0), a.len,
                                                                sameValue(m, m.f.arrayRead(xa, i),
                                                                          m.f.arrayRead(xb, i))));
  }
  std::vector<Expr> cs{m.f.eq(a.len, b.len)};
  size_t k = std::min(a.vals.size(), b.vals.size());
  for (size_t i = 0; i < k; ++i) {
    Expr in = m.f.lt(m.intc(int64_t(i)), a.len);
    Expr same = a.codes[i] == b.codes[i] ? sameValue(m, a.vals[i], b.vals[i]) : m.f.falseExpr();
    cs.push_back(m.f.implies(in, same));
  }
  // values beyond what either side read: only when the path condition
  // bounds len below them (checked by the reader's bound)
  return m.f.logicalAnd(cs);
}

Expr EvalHook::mpiReduce(Machine& m, const model::Expr* e) {
  MpiVal out = mpiValue(m, e->kids[0]);
  auto lo = m.concreteInt(m.evalValue(e->kids[1])), hi = m.concreteInt(m.evalValue(e->kids[2]));
  if (!lo || !hi)
    throw Unsupported("\\mpi_reduce over a symbolic range of ranks at " + m.where());
  int64_t op = handleOf(m, m.evalValue(e->kids[3]), 4, "the op of '" + m.text(e) + "'");
  if (*hi <= *lo)
    return m.f.trueExpr();
  const model::Expr* fn = e->kids[4];
  model::VarId t = fn->bound.at(0);
  std::vector<MpiVal> ins;
  for (int64_t r = *lo; r < *hi; ++r) {
    bound[t] = m.intc(r);
    try {
      ins.push_back(mpiValue(m, fn->kids[0]));
    } catch (...) {
      bound.erase(t);
      throw;
    }
  }
  bound.erase(t);
  std::vector<Expr> cs;
  size_t k = out.vals.size();
  for (const MpiVal& in : ins) {
    if (in.kind != MpiVal::Kind::Seq)
      throw Unsupported("\\mpi_reduce of terms that are no value sequences at " + m.where());
    cs.push_back(m.f.eq(out.len, in.len));
    k = std::min(k, in.vals.size());
  }
  if ((op & 0xffffff) >= 0x1000) // a handle of MPI_Op_create (lib/exec/mpi/MpiColl.cpp)
    throw Unsupported("\\mpi_reduce with an op the program created (MPI_Op_create) at " +
                      m.where() +
                      ": its function is C code, which a contract does not evaluate (an MPI_Op "
                      "parameter of f stands for every user op)");
  bool loc = (op & 0xffffff) == 11 || (op & 0xffffff) == 12;
  bool symbolicLength = out.arr != nullptr;
  for (const MpiVal& in : ins)
    symbolicLength = symbolicLength || in.arr;
  if (symbolicLength) {
    // of symbolic length: element by element under one quantifier
    int64_t co = -1;
    Expr xo = seqArray(m, out, co);
    std::vector<Expr> xs;
    bool typed = xo != nullptr;
    for (const MpiVal& in : ins) {
      int64_t c = -1;
      xs.push_back(seqArray(m, in, c));
      typed = typed && xs.back() && c == co;
    }
    if (typed && recordCode(co) && !loc)
      throw Unsupported("\\mpi_reduce with an op other than MPI_MAXLOC/MPI_MINLOC over records "
                        "at " +
                        m.where());
    if (typed && co == kSymbolicCode)
      throw Unsupported("\\mpi_reduce over the symbolic datatype at " + m.where() +
                        " (its values are moved, never combined)");
    Expr i = m.f.boundVar("i", m.f.intType());
    Expr ok = m.f.falseExpr();
    if (loc) {
      // pairs (value 2i, index 2i + 1) of a pair type of one basic type
      // (MPI_2INT: the sequences are arrays of one type)
      if (typed) {
        std::pair<Expr, Expr> acc{pairMember(m, xs[0], co, i, 0), pairMember(m, xs[0], co, i, 1)};
        for (size_t j = 1; j < xs.size(); ++j)
          acc = combineLoc(m, op, acc,
                           {pairMember(m, xs[j], co, i, 0), pairMember(m, xs[j], co, i, 1)});
        ok = m.f.logicalAnd(sameValue(m, pairMember(m, xo, co, i, 0), acc.first),
                            sameValue(m, pairMember(m, xo, co, i, 1), acc.second));
      }
      cs.push_back(m.f.forallRange(i, m.intc(0), m.f.div(out.len, m.intc(2)), ok));
      return m.f.logicalAnd(cs);
    }
    if (typed) {
      std::vector<Expr> at;
      for (Expr x : xs)
        at.push_back(m.f.arrayRead(x, i));
      Expr r = m.f.arrayRead(xo, i);
      if (isSymbolicOp(op)) {
        std::vector<Expr> trees = reductionTrees(m, op, at);
        if (trees.empty())
          throw Unsupported("\\mpi_reduce with a user op over " + std::to_string(at.size()) +
                            " operands at " + m.where() + " (more than " +
                            std::to_string(kMaxTrees) + " ways to combine them)");
        std::vector<Expr> alts;
        for (Expr t : trees)
          alts.push_back(sameValue(m, r, t));
        ok = m.f.logicalOr(alts);
      } else {
        Expr acc = at[0];
        for (size_t j = 1; j < at.size(); ++j)
          acc = combine(m, op, co, acc, at[j]);
        ok = sameValue(m, r, acc);
      }
    }
    cs.push_back(m.f.forallRange(i, m.intc(0), out.len, ok));
    return m.f.logicalAnd(cs);
  }
  for (size_t i = 0; i < k; ++i) {
    if (ins[0].codes[i] == kSymbolicCode)
      throw Unsupported("\\mpi_reduce over the symbolic datatype at " + m.where() +
                        " (its values are moved, never combined)");
    bool typed = out.codes[i] == ins[0].codes[i];
    for (size_t j = 1; j < ins.size(); ++j)
      typed = typed && ins[j].codes[i] == ins[0].codes[i];
    Expr ok = nullptr;
    if (!typed) {
      ok = m.f.falseExpr();
    } else if (loc) {
      // element i / 2 is the pair (value 2j, index 2j + 1)
      size_t v = i - i % 2;
      if (v + 1 >= k)
        throw Unsupported("\\mpi_reduce with MPI_MAXLOC/MPI_MINLOC on a sequence that is no "
                          "sequence of value-index pairs at " +
                          m.where());
      std::pair<Expr, Expr> acc{ins[0].vals[v], ins[0].vals[v + 1]};
      for (size_t j = 1; j < ins.size(); ++j)
        acc = combineLoc(m, op, acc, {ins[j].vals[v], ins[j].vals[v + 1]});
      ok = sameValue(m, out.vals[i], i % 2 ? acc.second : acc.first);
    } else if (isSymbolicOp(op)) {
      // a reduction: one of the ways the op may combine the operands
      std::vector<Expr> xs;
      for (const MpiVal& in : ins)
        xs.push_back(in.vals[i]);
      if (isReductionTerm(m, op, out.vals[i], xs)) {
        cs.push_back(m.f.trueExpr());
        continue;
      }
      // "r is a reduction of xs" also as the uninterpreted predicate
      // reduced(r, xs): assumed with the trees where a simulated call
      // promises it (alone when there are too many trees to list); a
      // claim holds where the path condition has it (the value the stub
      // defined, moved on: one atom, not two disjunctions of the trees)
      Expr held =
          m.f.implies(m.f.lt(m.intc(int64_t(i)), out.len), reducedFact(m, op, out.vals[i], xs));
      if (assuming())
        cs.push_back(held);
      else if (m.ex.oracle().valid(m.boundsPc(), held) == Answer::Yes) {
        cs.push_back(m.f.trueExpr());
        continue;
      }
      std::vector<Expr> trees = reductionTrees(m, op, xs);
      if (trees.empty()) {
        if (assuming())
          continue;
        throw Unsupported("\\mpi_reduce with a user op over " + std::to_string(xs.size()) +
                          " operands at " + m.where() + " (more than " + std::to_string(kMaxTrees) +
                          " ways to combine them)");
      }
      std::vector<Expr> alts;
      for (Expr t : trees)
        alts.push_back(sameValue(m, out.vals[i], t));
      ok = m.f.logicalOr(alts);
    } else {
      Expr acc = ins[0].vals[i];
      for (size_t j = 1; j < ins.size(); ++j)
        acc = combine(m, op, ins[0].codes[i], acc, ins[j].vals[i]);
      ok = sameValue(m, out.vals[i], acc);
    }
    cs.push_back(m.f.implies(m.f.lt(m.intc(int64_t(i)), out.len), ok));
  }
  return m.f.logicalAnd(cs);
}

Expr EvalHook::mpiDatatypeFact(Machine& m, const model::Expr* e) {
  int64_t dt = handleOf(m, m.evalValue(e->kids[0]), 3, "the datatype of '" + m.text(e) + "'");
  if (dt == model::kSymbolicDatatype) {
    // the symbolic datatype: fresh symbols the precondition constrains
    Expr x = e->name == "\\mpi_extent" ? m.ex.symbolicExtent() : m.ex.symbolicNonoverlapping();
    if (!x)
      throw Unsupported("'" + m.text(e) + "' outside a --contract run at " + m.where());
    return x;
  }
  TypeMap t = typeMap(m, dt, m.me);
  if (e->name == "\\mpi_extent")
    return m.intc(t.extent());
  // nonoverlapping: no two entries of the type map share a byte
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (const TypeEntry& x : t.entries)
    spans.push_back({x.disp, x.disp + int64_t(datatypeSize(x.basic))});
  std::sort(spans.begin(), spans.end());
  for (size_t i = 1; i < spans.size(); ++i)
    if (spans[i].first < spans[i - 1].second)
      return m.f.falseExpr();
  return m.f.trueExpr();
}

std::vector<PtrSet> EvalHook::bufferSets(Machine& m, const MpiVal& b) {
  if (b.kind != MpiVal::Kind::Buf)
    throw Unsupported("memory locations of an MPI term that is no buffer at " + m.where());
  const model::Type* et = nullptr;
  Expr n = nullptr;
  if (isBasicType(b.dt)) {
    et = ctypeOf(m, b.dt);
    n = b.count;
    if (auto c = m.concreteInt(n); !c || *c > 0)
      checkType(m, b);
  } else {
    // a derived datatype whose elements tile its extent without gaps
    TypeMap t = typeMap(m, b.dt, b.proc);
    et = m.elementTypeOf(b.base, b.proc);
    int64_t covered = 0;
    for (const TypeEntry& x : t.entries)
      covered += int64_t(datatypeSize(x.basic));
    // (or one element of a struct type per element of dt: the gaps are
    // its padding, as MPI_DOUBLE_INT over struct { double v; int i; })
    bool record = et && et->kind == TypeKind::Struct && int64_t(et->size) == t.extent();
    if (!et || et->size == 0 || (covered != t.extent() && !record) ||
        t.extent() % int64_t(et->size))
      throw Unsupported("the locations of a buffer of a derived datatype with gaps at " +
                        m.where());
    n = m.f.mul(b.count, m.intc(t.extent() / int64_t(et->size)));
  }
  return {PtrSet{b.base, m.intc(0), m.f.sub(n, m.intc(1)), et}};
}

} // namespace chorus::exec
