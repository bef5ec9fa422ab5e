// Canonical keys of states: heap renumbering, symbol renaming, leaks.
#include "chorus/state/State.h"
#include "ModelBuilder.h"

#include <gtest/gtest.h>

using namespace chorus;
using namespace chorus::state;
using chorus::test::ModelBuilder;

namespace {

struct Fixture {
  ModelBuilder b;
  model::VarId g1, g2;
  sym::ExprFactory f;
  std::unique_ptr<Values> v;
  ProcInterner in;
  Fixture() {
    g1 = b.global("p", b.ptr(b.tInt));
    g2 = b.global("q", b.ptr(b.tInt));
    v = std::make_unique<Values>(b.p, f);
  }
  HeapObj block(int64_t x) {
    HeapObj o;
    o.elem = b.tInt;
    o.bytes = f.intConst(4);
    Expr el[1] = {f.intConst(x)};
    o.value = f.arrayLit(f.arrayType(f.intType()), el);
    return o;
  }
  Expr heapPtr(uint32_t h) { return v->makePointer(Root{RootKind::Heap, 0, h}, {f.intConst(0)}); }
  GlobalState state(ProcState ps, Expr pc) {
    GlobalState s;
    s.procs.push_back(in.intern(std::move(ps)));
    s.pc = pc;
    return s;
  }
};

TEST(State, HeapRenumberedInReachabilityOrder) {
  Fixture fx;
  // A: p -> heap0 (1), q -> heap1 (2);  B: p -> heap1 (1), q -> heap0 (2).
  ProcState a, b;
  a.heap = {fx.block(1), fx.block(2)};
  a.globals = {fx.heapPtr(0), fx.heapPtr(1)};
  b.heap = {fx.block(2), fx.block(1)};
  b.globals = {fx.heapPtr(1), fx.heapPtr(0)};
  GlobalState sa = fx.state(a, fx.f.trueExpr()), sb = fx.state(b, fx.f.trueExpr());
  EXPECT_FALSE(sa == sb);
  std::vector<Leak> leaks;
  GlobalState ka = canonicalize(sa, *fx.v, fx.in, &leaks);
  GlobalState kb = canonicalize(sb, *fx.v, fx.in, &leaks);
  EXPECT_TRUE(ka == kb);
  EXPECT_EQ(ka.hash(), kb.hash());
  EXPECT_EQ(ka.procs[0], kb.procs[0]); // interned: same pointer
  EXPECT_TRUE(leaks.empty());
}

TEST(State, DifferentContentsDoNotMatch) {
  Fixture fx;
  ProcState a, b;
  a.heap = {fx.block(1), fx.block(2)};
  a.globals = {fx.heapPtr(0), fx.heapPtr(1)};
  b.heap = {fx.block(1), fx.block(2)};
  b.globals = {fx.heapPtr(1), fx.heapPtr(0)}; // p now points to the block holding 2
  GlobalState ka = canonicalize(fx.state(a, fx.f.trueExpr()), *fx.v, fx.in, nullptr);
  GlobalState kb = canonicalize(fx.state(b, fx.f.trueExpr()), *fx.v, fx.in, nullptr);
  EXPECT_FALSE(ka == kb);
}

TEST(State, UnreachableBlockIsLeakAndDropped) {
  Fixture fx;
  ProcState a;
  HeapObj lost = fx.block(7);
  lost.site = fx.b.at(42);
  a.heap = {lost, fx.block(1)};
  a.globals = {fx.heapPtr(1), fx.v->nullPointer()};
  std::vector<Leak> leaks;
  GlobalState k = canonicalize(fx.state(a, fx.f.trueExpr()), *fx.v, fx.in, &leaks);
  ASSERT_EQ(leaks.size(), 1u);
  EXPECT_EQ(leaks[0].site.line, 42u);
  EXPECT_EQ(k.procs[0]->heap.size(), 1u);
  EXPECT_EQ(k.procs[0]->globals[0], fx.heapPtr(0));
}

TEST(State, FreedUnreferencedBlockIsDroppedWithoutLeak) {
  Fixture fx;
  ProcState a;
  HeapObj dead = fx.block(7);
  dead.freed = true;
  dead.value = nullptr;
  a.heap = {dead};
  a.globals = {fx.v->nullPointer(), fx.v->nullPointer()};
  std::vector<Leak> leaks;
  GlobalState k = canonicalize(fx.state(a, fx.f.trueExpr()), *fx.v, fx.in, &leaks);
  EXPECT_TRUE(leaks.empty());
  EXPECT_TRUE(k.procs[0]->heap.empty());
}

TEST(State, SymbolsRenamedCanonically) {
  Fixture fx;
  auto& f = fx.f;
  fx.b.global("x", fx.b.tInt);
  fx.v = std::make_unique<Values>(fx.b.p, f);
  auto make = [&](const char* name) {
    Expr s = f.symbol(name, f.intType());
    ProcState ps;
    ps.globals = {fx.v->nullPointer(), fx.v->nullPointer(), f.add(s, f.intConst(1))};
    return fx.state(ps, f.lt(f.intConst(0), s));
  };
  GlobalState a = make("a"), b = make("b");
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(canonicalize(a, *fx.v, fx.in, nullptr) == canonicalize(b, *fx.v, fx.in, nullptr));
  // ... but not when the path conditions say different things.
  ProcState ps;
  Expr s = f.symbol("a", f.intType());
  ps.globals = {fx.v->nullPointer(), fx.v->nullPointer(), f.add(s, f.intConst(1))};
  GlobalState c = fx.state(ps, f.lt(s, f.intConst(0)));
  EXPECT_FALSE(canonicalize(a, *fx.v, fx.in, nullptr) == canonicalize(c, *fx.v, fx.in, nullptr));
}

TEST(State, UndefMarkersSurviveRenaming) {
  Fixture fx;
  Expr u = fx.v->undef(fx.b.tInt);
  EXPECT_TRUE(fx.v->isUndef(u));
  ProcState ps;
  ps.globals = {fx.v->nullPointer(), u};
  GlobalState k = canonicalize(fx.state(ps, fx.f.trueExpr()), *fx.v, fx.in, nullptr);
  EXPECT_TRUE(fx.v->isUndef(k.procs[0]->globals[1]));
}

TEST(State, PointerEncodingRoundTrip) {
  Fixture fx;
  Root r{RootKind::Local, 3, 17};
  Expr p = fx.v->makePointer(r, {fx.f.intConst(2), fx.f.symbol("i", fx.f.intType())});
  auto d = fx.v->decodePointer(p);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->root == r);
  ASSERT_EQ(d->path.size(), 2u);
  EXPECT_EQ(d->path[1]->name(), "i");
  EXPECT_FALSE(fx.v->decodePointer(fx.f.intConst(0)));
}

TEST(State, AddressRootsRoundTripIntegers) {
  Fixture fx;
  for (int64_t n : {int64_t(1), int64_t(-1), int64_t(0x01000001), (int64_t(1) << 55) - 1,
                    -((int64_t(1) << 55) - 1)}) {
    auto r = addressRoot(n);
    ASSERT_TRUE(r) << n;
    auto d = fx.v->decodePointer(fx.v->makePointer(*r, {}));
    ASSERT_TRUE(d);
    EXPECT_EQ(d->root.kind, RootKind::Address);
    EXPECT_EQ(addressOf(d->root), n);
  }
  EXPECT_FALSE(addressRoot(0));
  EXPECT_FALSE(addressRoot(int64_t(1) << 55));
  EXPECT_FALSE(addressRoot(INT64_MIN));
}

} // namespace

namespace {

GlobalState withGlobal(Fixture& fx, Expr g, Expr pc) {
  ProcState ps;
  ps.globals = {fx.v->nullPointer(), fx.v->nullPointer(), g};
  return fx.state(ps, pc);
}

} // namespace

TEST(State, KeySharesUnchangedProcessStates) {
  Fixture fx;
  fx.b.global("x", fx.b.tInt);
  fx.v = std::make_unique<Values>(fx.b.p, fx.f);
  Expr n = fx.f.symbol("N", fx.f.intType());
  std::unordered_set<Expr> fixed{n};
  GlobalState s = withGlobal(fx, fx.f.add(n, fx.f.intConst(1)), fx.f.lt(fx.f.intConst(0), n));
  CanonOptions co;
  co.fixedSymbols = &fixed;
  GlobalState k = canonicalize(s, *fx.v, fx.in, nullptr, co);
  EXPECT_EQ(k.procs[0], s.procs[0]); // no heap, only fixed symbols: the same interned state
  GlobalState r = canonicalize(s, *fx.v, fx.in, nullptr);
  EXPECT_NE(r.procs[0], s.procs[0]); // renamed: a copy
}

TEST(State, PathConditionProjectedOnTheValues) {
  Fixture fx;
  fx.b.global("x", fx.b.tInt);
  fx.v = std::make_unique<Values>(fx.b.p, fx.f);
  auto& f = fx.f;
  Expr a = f.symbol("a", f.intType()), b = f.symbol("b", f.intType()),
       c = f.symbol("c", f.intType());
  // x = a; pc: a > 0, a < c (c is connected through a), b > 5 (unconnected)
  Expr pc = f.logicalAnd(f.logicalAnd(f.lt(f.intConst(0), a), f.lt(a, c)), f.lt(f.intConst(5), b));
  GlobalState s = withGlobal(fx, a, pc);
  std::function<bool(Expr)> sat = [](Expr) { return true; };
  CanonOptions co;
  co.satisfiable = &sat;
  GlobalState k = canonicalize(s, *fx.v, fx.in, nullptr, co);
  // b > 5 is gone; a > 0 and a < c stay (renamed)
  EXPECT_EQ(sym::ExprFactory::conjuncts(k.pc).size(), 2u);
  // a state that differs only in the unconnected part has the same key
  GlobalState s2 = withGlobal(
      fx, a,
      f.logicalAnd(f.logicalAnd(f.lt(f.intConst(0), a), f.lt(a, c)), f.lt(b, f.intConst(-3))));
  EXPECT_TRUE(canonicalize(s2, *fx.v, fx.in, nullptr, co) == k);
  // nothing is dropped when the dropped part may be unsatisfiable
  std::function<bool(Expr)> unsat = [](Expr) { return false; };
  co.satisfiable = &unsat;
  EXPECT_FALSE(canonicalize(s2, *fx.v, fx.in, nullptr, co) == k);
}

TEST(State, SubstituteReplacesSymbolsEverywhere) {
  Fixture fx;
  fx.b.global("x", fx.b.tInt);
  fx.v = std::make_unique<Values>(fx.b.p, fx.f);
  auto& f = fx.f;
  Expr n = f.symbol("N", f.intType());
  GlobalState s = withGlobal(fx, f.mul(n, f.intConst(2)), f.le(n, f.intConst(3)));
  Message m;
  m.tag = f.intConst(0);
  m.count = f.intConst(1);
  Expr el[1] = {f.add(n, f.intConst(1))};
  m.data = f.arrayLit(f.arrayType(f.intType()), el);
  s.msgs.push_back(m);
  sym::ExprMap map{{n, f.intConst(3)}};
  GlobalState t = substitute(s, map, f, fx.in);
  EXPECT_EQ(t.procs[0]->globals[2], f.intConst(6));
  EXPECT_EQ(f.arrayRead(t.msgs[0].data, f.intConst(0)), f.intConst(4));
  EXPECT_TRUE(t.pc->isTrue());
}

TEST(State, LibraryStateIsPartOfTheStateAndItsKey) {
  Fixture fx;
  auto& f = fx.f;
  fx.b.global("x", fx.b.tInt);
  fx.v = std::make_unique<Values>(fx.b.p, f);
  // Clock readings kept in libObj: renamed like values, substituted, and
  // a heap block referenced only from there stays reachable.
  auto make = [&](const char* name) {
    Expr s = f.symbol(name, f.intType());
    ProcState ps;
    ps.globals = {fx.v->nullPointer(), fx.v->nullPointer(), f.intConst(0)};
    ps.heap = {fx.block(5)};
    ps.libObj = {nullptr, s, fx.heapPtr(0)};
    return fx.state(ps, f.le(f.intConst(0), s));
  };
  GlobalState a = make("t1"), b = make("t2");
  std::vector<Leak> leaks;
  GlobalState ka = canonicalize(a, *fx.v, fx.in, &leaks);
  EXPECT_TRUE(leaks.empty());
  EXPECT_EQ(ka.procs[0]->heap.size(), 1u);
  EXPECT_TRUE(ka == canonicalize(b, *fx.v, fx.in, nullptr));
  ProcState other = *a.procs[0];
  other.libObj.pop_back();
  EXPECT_FALSE(fx.state(other, a.pc) == a);
  sym::ExprMap map{{f.symbol("t1", f.intType()), f.intConst(9)}};
  GlobalState t = substitute(a, map, f, fx.in);
  EXPECT_EQ(t.procs[0]->libObj[1], f.intConst(9));
}

TEST(State, UnreachableLibraryBlockIsNotALeak) {
  Fixture fx;
  ProcState a;
  HeapObj env = fx.block(7); // e.g. a string getenv returned
  env.external = true;
  a.heap = {env};
  a.globals = {fx.v->nullPointer(), fx.v->nullPointer()};
  std::vector<Leak> leaks;
  GlobalState k = canonicalize(fx.state(a, fx.f.trueExpr()), *fx.v, fx.in, &leaks);
  EXPECT_TRUE(leaks.empty());
  EXPECT_TRUE(k.procs[0]->heap.empty());
}

// Threads (lib/exec/threads): heap blocks reached only from a thread's
// stack, a finished thread's result or a passert latch are renumbered and
// kept (not leaks), and the thread table is part of the key.
TEST(State, ThreadStacksAndResultsAreRootsOfTheHeap) {
  Fixture fx;
  ProcState a, b;
  a.heap = {fx.block(1), fx.block(2)};
  a.globals = {fx.v->nullPointer(), fx.v->nullPointer()};
  a.threads.resize(3);
  a.threads[0].status = Thread::Status::Running;
  a.threads[1].status = Thread::Status::Running;
  Frame fr;
  fr.slots = {fx.heapPtr(1)};
  a.threads[1].stack.push_back(fr);
  a.threads[2].status = Thread::Status::Finished;
  a.threads[2].result = fx.heapPtr(0);
  b = a;
  b.heap = {fx.block(2), fx.block(1)};
  b.threads[1].stack[0].slots = {fx.heapPtr(0)};
  b.threads[2].result = fx.heapPtr(1);
  GlobalState sa = fx.state(a, fx.f.trueExpr()), sb = fx.state(b, fx.f.trueExpr());
  EXPECT_FALSE(sa == sb);
  std::vector<Leak> leaks;
  GlobalState ka = canonicalize(sa, *fx.v, fx.in, &leaks);
  GlobalState kb = canonicalize(sb, *fx.v, fx.in, &leaks);
  EXPECT_TRUE(ka == kb);
  EXPECT_EQ(ka.procs[0], kb.procs[0]);
  EXPECT_TRUE(leaks.empty());
  // the thread table is part of the state: another status, another state
  ProcState c = a;
  c.threads[2].status = Thread::Status::Free;
  c.threads[2].result = nullptr;
  std::vector<Leak> cleaks;
  GlobalState kc = canonicalize(fx.state(c, fx.f.trueExpr()), *fx.v, fx.in, &cleaks);
  EXPECT_FALSE(kc == ka);
  ASSERT_EQ(cleaks.size(), 1u); // block 1 of a was reached only from the result
  // a parallel-assertion instance and its latch are part of the state
  ProcState d = a;
  PassertInstance pi;
  pi.phase = PassertInstance::Phase::Live;
  pi.latches = {fx.f.trueExpr()};
  d.threads[1].passerts.push_back(pi);
  GlobalState kd = canonicalize(fx.state(d, fx.f.trueExpr()), *fx.v, fx.in, &leaks);
  EXPECT_FALSE(kd == ka);
}

TEST(State, LocalRootsNameTheirThread) {
  Root r = localRoot(3, 17, 5);
  EXPECT_EQ(r.kind, RootKind::Local);
  EXPECT_EQ(r.thread(), 3u);
  EXPECT_EQ(r.frame(), 17u);
  EXPECT_EQ(r.b, 5u);
  EXPECT_EQ(decodeRoot(encodeRoot(r)), r);
  // main's roots keep the encoding of a process without threads
  EXPECT_EQ(localRoot(0, 2, 1), (Root{RootKind::Local, 2, 1}));
}

namespace {
Expr zeroFn(sym::ExprFactory& f) {
  Expr bv[1] = {f.boundVar("i", f.intType())};
  return f.lambda(bv, f.intConst(0));
}
} // namespace

// Packed arrays (state/Packed.h): contents, not the order of the writes,
// make the hash and equality; copies share storage and are copied on write.
TEST(PackedArray, SameContentsWrittenInOtherOrdersAreEqual) {
  sym::ExprFactory f;
  sym::Type at = f.arrayType(f.intType(), 5000);
  Expr zero = f.arrayLambda(at, f.intConst(5000), zeroFn(f));
  PackedArray a(zero, 5000), b(zero, 5000);
  EXPECT_TRUE(a == b);
  EXPECT_EQ(a.hash(), b.hash());
  a.set(10, 1);
  a.set(4999, 2);
  a.set(300, 7);
  b.set(300, 7);
  b.set(4999, 2);
  EXPECT_FALSE(a == b);
  b.set(10, 5);
  b.set(10, 1);
  EXPECT_TRUE(a == b);
  EXPECT_EQ(a.hash(), b.hash());
  // writing a zero back is the zero array's contents again
  a.set(300, 0);
  b.set(300, 0);
  PackedArray c(zero, 5000);
  c.set(4999, 2);
  c.set(10, 1);
  EXPECT_TRUE(a == c);
  EXPECT_EQ(a.hash(), c.hash());
  // the same materialized expression
  EXPECT_EQ(a.toExpr(f), c.toExpr(f));
  EXPECT_EQ(f.arrayRead(a.toExpr(f), f.intConst(4999)), f.intConst(2));
  EXPECT_EQ(f.arrayRead(a.toExpr(f), f.intConst(11)), f.intConst(0));
}

TEST(PackedArray, CopiesAreIndependent) {
  sym::ExprFactory f;
  sym::Type at = f.arrayType(f.intType(), 2000);
  std::vector<Expr> zeros(2000, f.intConst(0));
  PackedArray a(f.arrayLit(at, zeros), 2000);
  for (uint64_t k = 0; k < 2000; ++k)
    a.set(k, int64_t(k) + 1);
  PackedArray b = a;
  b.set(5, -1);
  EXPECT_EQ(a.get(5), 6);
  EXPECT_EQ(b.get(5), -1);
  EXPECT_EQ(b.get(6), 7);
  EXPECT_FALSE(a == b);
  b.set(5, 6);
  EXPECT_TRUE(a == b);
  Expr e = a.toExpr(f);
  EXPECT_EQ(e->kind(), sym::Kind::ArrayLit);
  EXPECT_EQ(e->child(1999), f.intConst(2000));
}

TEST(PackedArray, ProcStatesWithEqualArraysAreOneState) {
  sym::ExprFactory f;
  sym::Type at = f.arrayType(f.intType(), 3000);
  Expr zero = f.arrayLambda(at, f.intConst(3000), zeroFn(f));
  ProcInterner in;
  auto make = [&](std::vector<std::pair<uint64_t, int64_t>> writes) {
    ProcState ps;
    ps.globals.push_back(nullptr);
    ps.packed.push_back(std::make_shared<PackedArray>(zero, 3000));
    for (auto [k, v] : writes)
      ps.ownPacked(0).set(k, v);
    return in.intern(std::move(ps));
  };
  const ProcState* x = make({{1, 1}, {2, 2}, {2900, 3}});
  const ProcState* y = make({{2900, 3}, {2, 2}, {1, 1}});
  const ProcState* z = make({{2900, 3}, {2, 2}, {1, 4}});
  EXPECT_EQ(x, y);
  EXPECT_NE(x, z);
  EXPECT_EQ(x->globalValue(0, f), y->globalValue(0, f));
  // a copy written through ownPacked leaves the interned state unchanged
  ProcState w = *x;
  w.ownPacked(0).set(1, 9);
  EXPECT_EQ(x->packedAt(0)->get(1), 1);
  EXPECT_EQ(w.packedAt(0)->get(1), 9);
}

// LISE (seed 004 §3, state identity): the loop records are part of the
// state and of its key — each record's kind, branch (isTrue), snapshots,
// write sets, and the split of the path condition (the record's ppc and
// relation, conjuncts of the whole pc) — and the order of the records (the
// queue, the stack; currentLoopRecord is the topmost true record of the
// process). Two states that differ only in one of them are not merged; a
// renaming of all their symbols is.
TEST(State, LiseRecordsArePartOfTheKey) {
  Fixture fx;
  auto& f = fx.f;
  fx.b.global("x", fx.b.tInt);
  fx.v = std::make_unique<Values>(fx.b.p, f);
  struct Opt {
    const char *old = "a", *fresh = "lise.Y0";
    bool isTrue = true;
    int64_t snapOffset = 0;           // the snapshot holds x = old + this
    std::vector<uint64_t> written{2}; // process 0's write set
    bool ppcInRecord = true;          // 0 <= Y: the record's assumption
    bool relationInRecord = true;     // Y = old: the record's relation
    bool secondRecord = false, swapped = false, inQueue = false;
  };
  auto make = [&](const Opt& o) {
    Expr a = f.symbol(o.old, f.intType()), y = f.symbol(o.fresh, f.intType());
    ProcState cur, snap;
    cur.globals = {fx.v->nullPointer(), fx.v->nullPointer(), y};
    snap.globals = {fx.v->nullPointer(), fx.v->nullPointer(), f.add(a, f.intConst(o.snapOffset))};
    Expr rel = f.eq(y, a), ppc = f.le(f.intConst(0), y), bound = f.le(a, f.intConst(5));
    GlobalState s = fx.state(cur, f.logicalAnd(f.logicalAnd(rel, ppc), bound));
    LiseRecord r;
    r.id = 0;
    r.loop = true;
    r.isTrue = o.isTrue;
    r.snaps = {fx.in.intern(std::move(snap))};
    r.writeset.assign(1);
    r.writeset.set(0, o.written);
    r.ppc = o.ppcInRecord ? ppc : nullptr;
    r.relation = o.relationInRecord ? rel : nullptr;
    (o.inQueue ? s.liseQueue : s.liseStack).push_back(r);
    if (o.secondRecord) {
      LiseRecord r2 = r;
      r2.id = 1;
      r2.ppc = r2.relation = nullptr;
      s.liseStack.insert(o.swapped ? s.liseStack.begin() : s.liseStack.end(), r2);
    }
    return s;
  };
  auto key = [&](const GlobalState& s) { return canonicalize(s, *fx.v, fx.in, nullptr); };
  const GlobalState k = key(make({}));
  Opt renamed;
  renamed.old = "b";
  renamed.fresh = "lise.Y7";
  EXPECT_TRUE(key(make(renamed)) == k); // the same state up to renaming
  EXPECT_EQ(key(make(renamed)).hash(), k.hash());
  Opt o;
  o.isTrue = false; // the loop's false branch (an exit record)
  EXPECT_FALSE(key(make(o)) == k);
  o = {};
  o.snapOffset = 1; // another snapshot: another pending claim
  EXPECT_FALSE(key(make(o)) == k);
  o = {};
  o.written = {1}; // another write set: another havoc at the next head
  EXPECT_FALSE(key(make(o)) == k);
  o.written = {};
  EXPECT_FALSE(key(make(o)) == k);
  o = {};
  o.ppcInRecord = false; // 0 <= Y permanent: not dropped when the record pops
  EXPECT_FALSE(key(make(o)) == k);
  o = {};
  o.relationInRecord = false; // Y = old permanent: not dropped at completion
  EXPECT_FALSE(key(make(o)) == k);
  o = {};
  o.inQueue = true; // incomplete
  EXPECT_FALSE(key(make(o)) == k);
  o = {};
  o.secondRecord = true;
  const GlobalState k2 = key(make(o));
  o.swapped = true; // another current loop record
  EXPECT_FALSE(key(make(o)) == k2);
  // The path condition's projection on the values keeps what the records
  // mention: Y = old and old <= 5 concern the record (the relation names
  // old, which no value holds), so nothing is dropped.
  std::function<bool(Expr)> sat = [](Expr) { return true; };
  CanonOptions co;
  co.satisfiable = &sat;
  GlobalState p = canonicalize(make({}), *fx.v, fx.in, nullptr, co);
  EXPECT_EQ(sym::ExprFactory::conjuncts(p.pc).size(), 3u);
}
