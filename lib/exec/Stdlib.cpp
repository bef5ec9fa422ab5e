// Models of <stdlib.h>, <string.h> memory functions and <assert.h>:
// assert, assume, malloc/calloc/free, memset (zero only)/memcpy/memmove
// (concrete byte counts), abort, exit.
#include "Library.h"

#include "chorus/model/Printer.h"

namespace chorus::exec {

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

Outcome runMalloc(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr bytes = m.arg(s, 0);
  if (name == "calloc")
    bytes = m.f.mul(bytes, m.arg(s, 1));
  m.require(m.f.le(m.intc(0), bytes), ViolationKind::OutOfBounds, "allocation of negative size");
  ProcState& ps = m.self();
  HeapObj o;
  o.bytes = bytes;
  o.site = m.loc;
  o.value = name == "calloc" ? m.intc(0) : nullptr;
  ps.heap.push_back(o);
  Expr p = m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)});
  m.setResult(s, p, nullptr);
  m.advance(t);
  return Outcome::Done;
}

Outcome runFree(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr pv = m.arg(s, 0);
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead, "free of an uninitialized pointer", m.pc());
  auto p = m.V.decodePointer(pv);
  if (!p)
    throw Unsupported("free of a symbolic pointer at " + m.where());
  if (p->root.kind != RootKind::Null) {
    if (p->root.kind != RootKind::Heap)
      m.fail(ViolationKind::InvalidFree, "free of memory not allocated by malloc", m.pc());
    HeapObj& o = m.self().heap.at(p->root.b);
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
  m.advance(t);
  return Outcome::Done;
}

Outcome runMemFill(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr n = m.arg(s, 2);
  int64_t bytes = m.requireConcrete(n, "byte count");
  Expr dst = m.arg(s, 0);
  const model::Type* et = m.elementTypeOf(dst);
  if (!et || et->size == 0)
    throw Unsupported(name + " on memory of unknown element type at " + m.where());
  if (bytes % int64_t(et->size))
    throw Unsupported(name + " of a partial element at " + m.where());
  int64_t count = bytes / int64_t(et->size);
  std::vector<Expr> data;
  if (name == "memset") {
    Expr c = m.arg(s, 1);
    if (!c->isZero())
      throw Unsupported("memset with a non-zero value at " + m.where());
    for (int64_t k = 0; k < count; ++k)
      data.push_back(m.V.zero(et));
  } else {
    data = m.readElements(m.arg(s, 1), count, et);
  }
  m.writeElements(dst, data, et);
  m.setResult(s, dst, nullptr);
  m.advance(t);
  return Outcome::Done;
}

Outcome runAbort(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::Abort, "abort() called", m.pc());
}

Outcome runExit(Machine& m, const std::string& name, const model::Transition& t) {
  m.arg(t.stmt, 0);
  m.step.effects.push_back("exit");
  m.terminate(false);
  return Outcome::Done;
}

} // namespace

void registerStdlib(LibraryRegistry& r) {
  r.add({"assert", "__assert", "chorus_assert"}, {runAssert});
  r.add({"chorus_assume", "__VERIFIER_assume", "assume", "$assume"}, {runAssume});
  r.add({"malloc", "calloc"}, {runMalloc});
  r.add("free", {runFree});
  r.add({"memset", "memcpy", "memmove"}, {runMemFill});
  r.add("abort", {runAbort});
  r.add({"exit", "_Exit"}, {runExit});
}

} // namespace chorus::exec
