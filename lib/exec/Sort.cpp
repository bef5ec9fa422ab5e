// Models of qsort and bsearch. Both call a comparison function of the
// program: through the callback hook Machine::callModel, each call of it
// runs as ordinary moves of the process (an error inside it is reported
// there), and the library call continues in its next phase with the value
// it returned (LibSlot::CallResult). Their progress between comparisons is
// kept in the process's library state (LibSlot::Sort).
//
// qsort(base, n, size, cmp) sorts by insertion (adjacent swaps, so the
// array always holds a permutation of its elements): element j moves left
// while cmp(&a[j-1], &a[j]) > 0. The C standard leaves the order of
// elements that compare equal unspecified (glibc's is stable up to 2.36 and
// not from 2.37 on), so when cmp returns 0 for two elements that differ,
// both orders are explored (Machine::branch). A symbolic comparison result
// forks (Machine::choose).
//
// bsearch(key, base, n, size, cmp) is glibc's binary search: with several
// matching elements it returns the one that search reaches.
//
// The comparisons qsort makes are the library's own choice (C11 7.22.5.2
// says nothing of their number or order; glibc's merge sort or introsort
// makes others than this insertion sort): a comparison function whose
// calls change what the program can see — a write outside its own
// automatic variables (a global counter, through a pointer), or a call of
// a library function that is neither pure nor output — makes qsort
// `unknown`, naming the write, since the program's state after the sort
// would be chorus's, not the real run's. Output (printf, ...) is allowed:
// the trace then shows chorus's comparisons. bsearch's comparisons are
// glibc's, so its comparison function may have effects.
//
// Checks: the n elements must lie in the array (OUT_OF_BOUNDS), a null or
// uninitialized comparison function or base is reported as such; a
// comparison function that returns without a value is UNINITIALIZED_READ.
// The element size must be the size of the array's element type (else
// `unknown`), n and size must be concrete, and neither may be called from
// inside a comparison function of the other (`unknown`).
#include "Library.h"

#include <algorithm>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

/// The function a comparison-function pointer points to.
model::FuncId comparator(Machine& m, Expr fp, const std::string& name) {
  return pointedFunction(m, fp, name, "comparison function");
}

/// The checked element type of the array at argument i holding n elements
/// of `size` bytes.
const model::Type* elements(Machine& m, const model::Stmt& s, size_t i, Expr base, int64_t n,
                            int64_t size, const std::string& name) {
  const model::Type* et = bufferElement(m, s, i, base, name);
  if (int64_t(et->size) != size)
    throw Unsupported(name + " with an element size of " + std::to_string(size) +
                      " bytes on an array of '" + et->name + "' at " + m.where());
  m.ptrAdd(base, m.intc(n)); // the n elements are inside the array
  return et;
}

Expr elementPtr(Machine& m, Expr base, int64_t k, const model::Type* et) {
  return m.pointerTo(m.elementPlace(base, k, et, m.me));
}

/// The value the comparison function returned (consumed).
Expr comparison(Machine& m, const std::string& name) {
  Expr r = m.libState(LibSlot::CallResult);
  m.setLibState(LibSlot::CallResult, nullptr);
  if (!r)
    m.fail(ViolationKind::UninitializedRead,
           "the comparison function of " + name + " returned without a value", m.pc());
  m.checkDefined(r);
  if (r->type()->isBool())
    r = m.boolToInt(r);
  return r;
}

Expr packState(Machine& m, const std::vector<Expr>& v) {
  std::vector<sym::Type> ts;
  for (Expr e : v)
    ts.push_back(e->type());
  return m.f.tuple(m.f.tupleType(ts), v);
}

int64_t member(Machine& m, Expr st, uint32_t k) {
  return *m.concreteInt(m.f.tupleRead(st, k));
}

Outcome finish(Machine& m, const model::Transition& t, Expr result) {
  m.setLibState(LibSlot::Sort, nullptr);
  m.self().callPhase = 0;
  if (result)
    m.setResult(t.stmt, result, nullptr);
  m.advance(t);
  return Outcome::Done;
}

void notNested(Machine& m, const std::string& name) {
  if (m.libState(LibSlot::Sort))
    throw Unsupported(name + " called inside the comparison function of a qsort or bsearch at " +
                      m.where());
}

/// Library functions a comparison function may call: pure ones and output.
bool harmlessLibrary(const std::string& n) {
  static const char* const names[] = {
      "strcmp",  "strncmp", "strcasecmp", "strncasecmp", "memcmp", "strlen",  "strnlen", "strchr",
      "strrchr", "strstr",  "abs",        "labs",        "llabs",  "fabs",    "fabsf",   "fabsl",
      "assert",  "printf",  "fprintf",    "puts",        "fputs",  "putchar", "fputc",   "putc"};
  for (const char* x : names)
    if (n == x || n == std::string("__builtin_") + x)
      return true;
  return false;
}

/// Is lvalue e an automatic object of the function (a part of one)?
bool ownObject(Machine& m, const model::Expr* e) {
  while (e->kind == model::ExprKind::Member || e->kind == model::ExprKind::Index)
    e = e->kids[0];
  return e->kind == model::ExprKind::Var && !m.P.var(e->var).isGlobalStorage();
}

/// The first effect of function f, or of a function it calls, that a
/// caller can see ("" when it has none): see the file comment.
std::string sideEffect(Machine& m, model::FuncId f, std::vector<model::FuncId>& seen) {
  if (std::find(seen.begin(), seen.end(), f) != seen.end())
    return "";
  seen.push_back(f);
  const model::Function& fn = m.P.func(f);
  for (const model::Transition& t : fn.trans) {
    const model::Stmt& s = t.stmt;
    if ((s.kind == model::StmtKind::Assign || s.kind == model::StmtKind::Call) && s.lhs &&
        !ownObject(m, s.lhs))
      return "writes '" + m.text(s.lhs) + "'";
    if (s.kind != model::StmtKind::Call)
      continue;
    if (!s.callee || s.callee->kind != model::ExprKind::Func)
      return "calls a function through a pointer";
    const model::Function& g = m.P.func(s.callee->func);
    if (g.trans.empty()) {
      if (!harmlessLibrary(g.name))
        return "calls " + g.name;
    } else if (std::string why = sideEffect(m, s.callee->func, seen); !why.empty()) {
      return why;
    }
  }
  return "";
}

/// Are the values of two elements equal on every path here?
bool sameValue(Machine& m, Expr a, Expr b) {
  if (a == b)
    return true;
  if (!a->type()->isInt() && !a->type()->isReal())
    return false;
  return m.ex.oracle().valid(m.pc(), m.f.eq(a, b)) == Answer::Yes;
}

// qsort state: (base, cmp, n, i, j): a[0..i-1] is sorted and element i is
// at j, being compared with j - 1.
Outcome runQsort(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr base, cmp;
  int64_t n, i, j;
  const model::Type* et;
  if (m.self().callPhase == 0) {
    notNested(m, name);
    base = m.arg(s, 0);
    n = m.requireConcrete(m.arg(s, 1), "qsort count");
    int64_t size = m.requireConcrete(m.arg(s, 2), "qsort element size");
    cmp = m.arg(s, 3);
    if (n <= 1) // glibc returns at once
      return finish(m, t, nullptr);
    std::vector<model::FuncId> seen;
    if (std::string why = sideEffect(m, comparator(m, cmp, name), seen); !why.empty())
      throw Unsupported(name + " with a comparison function that " + why +
                        " (the comparisons are the library's own: chorus's are not glibc's) at " +
                        m.where());
    et = elements(m, s, 0, base, n, size, name);
    i = j = 1;
  } else {
    Expr st = m.libState(LibSlot::Sort);
    base = m.f.tupleRead(st, 0);
    cmp = m.f.tupleRead(st, 1);
    n = member(m, st, 2);
    i = member(m, st, 3);
    j = member(m, st, 4);
    et = m.elementTypeOf(base);
    Expr r = comparison(m, name);
    bool swap = m.choose(m.f.lt(m.intc(0), r));
    if (!swap && m.choose(m.f.eq(r, m.intc(0)))) {
      Place a = m.elementPlace(base, j - 1, et, m.me), b = m.elementPlace(base, j, et, m.me);
      if (!sameValue(m, m.readPlace(a), m.readPlace(b)))
        swap = m.branch(); // equal keys: either order
    }
    if (swap) {
      Place a = m.elementPlace(base, j - 1, et, m.me), b = m.elementPlace(base, j, et, m.me);
      Expr va = m.readPlace(a), vb = m.readPlace(b);
      m.writePlace(a, vb);
      m.writePlace(b, va);
      --j;
    }
    if (!swap || j == 0)
      j = ++i;
  }
  if (i >= n)
    return finish(m, t, nullptr);
  m.setLibState(LibSlot::Sort, packState(m, {base, cmp, m.intc(n), m.intc(i), m.intc(j)}));
  return m.callModel(comparator(m, cmp, name),
                     {elementPtr(m, base, j - 1, et), elementPtr(m, base, j, et)}, 1);
}

// bsearch state: (key, base, cmp, lo, hi, mid)
Outcome runBsearch(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr key, base, cmp;
  int64_t lo, hi;
  const model::Type* et;
  if (m.self().callPhase == 0) {
    notNested(m, name);
    key = m.arg(s, 0);
    base = m.arg(s, 1);
    int64_t n = m.requireConcrete(m.arg(s, 2), "bsearch count");
    int64_t size = m.requireConcrete(m.arg(s, 3), "bsearch element size");
    cmp = m.arg(s, 4);
    if (n <= 0)
      return finish(m, t, m.V.nullPointer());
    comparator(m, cmp, name);
    et = elements(m, s, 1, base, n, size, name);
    lo = 0;
    hi = n;
  } else {
    Expr st = m.libState(LibSlot::Sort);
    key = m.f.tupleRead(st, 0);
    base = m.f.tupleRead(st, 1);
    cmp = m.f.tupleRead(st, 2);
    lo = member(m, st, 3);
    hi = member(m, st, 4);
    int64_t mid = member(m, st, 5);
    et = m.elementTypeOf(base);
    Expr r = comparison(m, name);
    if (m.choose(m.f.lt(r, m.intc(0))))
      hi = mid;
    else if (m.choose(m.f.lt(m.intc(0), r)))
      lo = mid + 1;
    else
      return finish(m, t, elementPtr(m, base, mid, et));
  }
  if (lo >= hi)
    return finish(m, t, m.V.nullPointer());
  int64_t mid = (lo + hi) / 2;
  m.setLibState(LibSlot::Sort, packState(m, {key, base, cmp, m.intc(lo), m.intc(hi), m.intc(mid)}));
  return m.callModel(comparator(m, cmp, name), {key, elementPtr(m, base, mid, et)}, 1);
}

} // namespace

void registerSort(LibraryRegistry& r) {
  r.add("qsort", {runQsort});
  r.add("bsearch", {runBsearch});
}

} // namespace chorus::exec
