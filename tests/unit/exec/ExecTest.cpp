// Sequential programs: each property with a correct and a broken program.
#include "Harness.h"

#include "chorus/exec/ProverOracle.h"

using namespace chorus;
using namespace chorus::test;

namespace {

TEST(Exec, AssertionHoldsAndFails) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    b.begin("main", b.tInt);
    VarId x = b.local("x", b.tInt);
    b.decl(x);
    b.assign(b.v(x), b.add(b.lit(40), b.lit(2)));
    uint32_t l = b.assert_(b.eq(b.v(x), b.lit(broken ? 41 : 42)));
    b.ret(b.lit(0));
    b.end();
    auto r = verify(b);
    if (broken)
      EXPECT_VIOLATION(b, r, Assertion, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, SymbolicInputForksAndGivesModel) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    VarId n = b.global("N", b.tInt);
    model::InputDecl in;
    in.var = n;
    in.cond = b.land(b.le(b.lit(0), b.v(n)), b.le(b.v(n), b.lit(broken ? 6 : 5)));
    b.p.inputs.push_back(in);
    b.begin("main", b.tInt);
    uint32_t l = 0;
    b.if_(b.lt(b.lit(3), b.v(n)), [&] { l = b.assert_(b.le(b.v(n), b.lit(5))); });
    b.ret(b.lit(0));
    b.end();
    auto r = verify(b);
    if (broken) {
      EXPECT_VIOLATION(b, r, Assertion, l, 0);
      ASSERT_EQ(r.inputs.size(), 1u) << text(b, r);
      EXPECT_EQ(r.inputs[0].first, "N");
      EXPECT_EQ(r.inputs[0].second, "6");
    } else {
      EXPECT_VERIFIED(b, r);
    }
  }
}

TEST(Exec, DivisionByZero) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    VarId d = b.global("D", b.tInt);
    model::InputDecl in;
    in.var = d;
    in.cond = broken ? b.le(b.lit(0), b.v(d)) : b.le(b.lit(1), b.v(d));
    b.p.inputs.push_back(in);
    b.begin("main", b.tInt);
    VarId y = b.local("y", b.tInt);
    b.decl(y);
    uint32_t l = b.assign(b.v(y), b.div(b.lit(100), b.v(d)));
    b.ret(b.lit(0));
    b.end();
    auto r = verify(b);
    if (broken) {
      EXPECT_VIOLATION(b, r, DivisionByZero, l, 0);
      ASSERT_EQ(r.inputs.size(), 1u);
      EXPECT_EQ(r.inputs[0].second, "0");
    } else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, ModulusByZeroReal) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId x = b.local("x", b.tDbl);
  b.decl(x);
  b.assign(b.v(x), b.real("0.0"));
  uint32_t l = b.assign(b.v(x), b.div(b.real("1.5"), b.v(x)));
  b.end();
  // over the reals (--float real) a violation; with IEEE doubles (the
  // default) the result is an infinity, as in the real run: no violation
  search::VerifyOptions o;
  o.ieeeFloat = false;
  auto r = search::verify(b.p, o);
  EXPECT_VIOLATION(b, r, DivisionByZero, l, 0);
  auto ri = verify(b);
  EXPECT_EQ(ri.verdict, search::Verdict::Verified) << text(b, ri);
}

TEST(Exec, ArrayBoundsInLoop) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    b.begin("main", b.tInt);
    VarId a = b.local("a", b.arr(b.tInt, 4));
    VarId i = b.local("i", b.tInt);
    b.decl(a);
    b.decl(i);
    b.assign(b.v(i), b.lit(0));
    uint32_t l = 0;
    b.while_(broken ? b.le(b.v(i), b.lit(4)) : b.lt(b.v(i), b.lit(4)), [&] {
      l = b.assign(b.idx(b.v(a), b.v(i)), b.mul(b.v(i), b.v(i)));
      b.assign(b.v(i), b.add(b.v(i), b.lit(1)));
    });
    b.assert_(b.eq(b.idx(b.v(a), b.lit(3)), b.lit(9)));
    b.ret(b.lit(0));
    b.end();
    auto r = verify(b);
    if (broken)
      EXPECT_VIOLATION(b, r, OutOfBounds, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, SymbolicIndexBounds) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    VarId k = b.global("K", b.tInt);
    model::InputDecl in;
    in.var = k;
    in.cond = b.land(b.le(b.lit(0), b.v(k)), b.lt(b.v(k), b.lit(broken ? 5 : 4)));
    b.p.inputs.push_back(in);
    b.begin("main", b.tInt);
    VarId a = b.local("a", b.arr(b.tDbl, 4));
    b.decl(a);
    uint32_t l = b.assign(b.idx(b.v(a), b.v(k)), b.real("2.5"));
    b.assert_(b.eq(b.idx(b.v(a), b.v(k)), b.real("2.5")));
    b.end();
    auto r = verify(b);
    if (broken) {
      EXPECT_VIOLATION(b, r, OutOfBounds, l, 0);
      ASSERT_EQ(r.inputs.size(), 1u);
      EXPECT_EQ(r.inputs[0].second, "4");
    } else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, UninitializedRead) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    b.begin("main", b.tInt);
    VarId x = b.local("x", b.tInt), y = b.local("y", b.tInt);
    b.decl(x);
    b.decl(y);
    if (!broken)
      b.assign(b.v(x), b.lit(1));
    uint32_t l = b.assign(b.v(y), b.add(b.v(x), b.lit(1)));
    b.assert_(b.eq(b.v(y), b.lit(2)));
    b.end();
    auto r = verify(b);
    if (broken)
      EXPECT_VIOLATION(b, r, UninitializedRead, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, UninitializedArrayElementSymbolicIndex) {
  // a[0] = 1; a[1] = 2; y = a[K] with K in [0, 1] (ok) or [0, 2] (a[2] unset).
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    VarId k = b.global("K", b.tInt);
    model::InputDecl in;
    in.var = k;
    in.cond = b.land(b.le(b.lit(0), b.v(k)), b.le(b.v(k), b.lit(broken ? 2 : 1)));
    b.p.inputs.push_back(in);
    b.begin("main", b.tInt);
    VarId a = b.local("a", b.arr(b.tInt, 3)), y = b.local("y", b.tInt);
    b.decl(a);
    b.decl(y);
    b.assign(b.idx(b.v(a), b.lit(0)), b.lit(1));
    b.assign(b.idx(b.v(a), b.lit(1)), b.lit(2));
    uint32_t l = b.assign(b.v(y), b.idx(b.v(a), b.v(k)));
    b.end();
    auto r = verify(b);
    if (broken)
      EXPECT_VIOLATION(b, r, UninitializedRead, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, ReadAfterKill) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId x = b.local("x", b.tInt), y = b.local("y", b.tInt);
  b.decl(x);
  b.decl(y);
  b.assign(b.v(x), b.lit(1));
  b.kill(x);
  uint32_t l = b.assign(b.v(y), b.v(x));
  b.end();
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, UninitializedRead, l, 0);
}

TEST(Exec, PointerArithmeticIntoArray) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    b.begin("main", b.tInt);
    VarId a = b.local("a", b.arr(b.tInt, 3));
    VarId p = b.local("p", b.ptr(b.tInt));
    b.decl(a);
    b.decl(p);
    b.assign(b.v(p), b.cast(b.ptr(b.tInt), b.v(a)));
    b.assign(b.v(p), b.bin(Op::PtrAdd, b.v(p), b.lit(2)));
    b.assign(b.deref(b.v(p)), b.lit(7));
    b.assert_(b.eq(b.idx(b.v(a), b.lit(2)), b.lit(7)));
    uint32_t l = b.assign(b.v(p), b.bin(Op::PtrAdd, b.v(p), b.lit(broken ? 2 : 1)));
    b.end();
    auto r = verify(b);
    if (broken)
      EXPECT_VIOLATION(b, r, OutOfBounds, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Exec, OnePastEndDereference) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId a = b.local("a", b.arr(b.tInt, 2));
  VarId p = b.local("p", b.ptr(b.tInt));
  b.decl(a);
  b.decl(p);
  b.assign(b.v(p), b.bin(Op::PtrAdd, b.cast(b.ptr(b.tInt), b.v(a)), b.lit(2)));
  uint32_t l = b.assign(b.deref(b.v(p)), b.lit(1));
  b.end();
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, OutOfBounds, l, 0);
}

TEST(Exec, StructsAndPointerToMember) {
  ModelBuilder b;
  const Type* pt = b.structType("point", {{"x", b.tInt}, {"y", b.tDbl}});
  b.begin("main", b.tInt);
  VarId s = b.local("s", pt), q = b.local("q", b.ptr(b.tDbl)), t = b.local("t", pt);
  b.decl(s);
  b.decl(q);
  b.decl(t);
  b.assign(b.mem(b.v(s), 0), b.lit(3));
  b.assign(b.v(q), b.addr(b.mem(b.v(s), 1)));
  b.assign(b.deref(b.v(q)), b.real("0.5"));
  b.assign(b.v(t), b.v(s));
  b.assert_(b.eq(b.mem(b.v(t), 1), b.real("0.5")));
  uint32_t l = b.assert_(b.eq(b.mem(b.v(t), 0), b.lit(4)));
  b.end();
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, Assertion, l, 0);
}

TEST(Exec, RecursionFactorial) {
  for (int broken = 0; broken < 2; ++broken) {
    ModelBuilder b;
    b.begin("fact", b.tInt, {{"n", b.tInt}});
    VarId n = b.param(0);
    VarId r = b.local("r", b.tInt);
    b.if_(
        b.le(b.v(n), b.lit(1)), [&] { b.ret(b.lit(1)); },
        [&] {
          b.decl(r);
          b.call(b.v(r), "fact", {b.sub(b.v(n), b.lit(1))});
          b.ret(b.mul(b.v(n), b.v(r)));
        });
    b.end();
    b.begin("main", b.tInt);
    VarId x = b.local("x", b.tInt);
    b.decl(x);
    b.call(b.v(x), "fact", {b.lit(5)});
    uint32_t l = b.assert_(b.eq(b.v(x), b.lit(broken ? 100 : 120)));
    b.end();
    auto res = verify(b);
    if (broken)
      EXPECT_VIOLATION(b, res, Assertion, l, 0);
    else
      EXPECT_VERIFIED(b, res);
  }
}

TEST(Exec, RealsAreMathematical) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId x = b.local("x", b.tDbl);
  b.decl(x);
  b.assign(b.v(x), b.add(b.real("0.1"), b.real("0.2")));
  uint32_t l = b.assert_(b.eq(b.v(x), b.real("0.3")));
  b.end();
  search::VerifyOptions o; // --float real
  o.ieeeFloat = false;
  auto r = search::verify(b.p, o);
  EXPECT_VERIFIED(b, r);
  // IEEE doubles (the default): 0.1 + 0.2 is 0.30000000000000004
  auto ri = verify(b);
  EXPECT_VIOLATION(b, ri, Assertion, l, 0);
}

// ------------------------------------------------------------------ heap

/// p = malloc(n * 4); p[0..n) = i; then the variant's ending.
enum class HeapEnd { Free, Leak, DoubleFree, UseAfterFree, FreeLocal, NullDeref };

ModelBuilder heapProgram(HeapEnd end, uint32_t& line) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId p = b.local("p", b.ptr(b.tInt)), i = b.local("i", b.tInt), x = b.local("x", b.tInt);
  b.decl(p);
  b.decl(i);
  b.decl(x);
  b.call(b.v(p), "malloc", {b.lit(12, b.p.types.sizeType())});
  line = b.line - 1;
  b.assign(b.v(i), b.lit(0));
  b.while_(b.lt(b.v(i), b.lit(3)), [&] {
    b.assign(b.deref(b.bin(Op::PtrAdd, b.v(p), b.v(i))), b.v(i));
    b.assign(b.v(i), b.add(b.v(i), b.lit(1)));
  });
  b.assert_(b.eq(b.deref(b.bin(Op::PtrAdd, b.v(p), b.lit(2))), b.lit(2)));
  switch (end) {
  case HeapEnd::Free:
    b.call(nullptr, "free", {b.v(p)});
    break;
  case HeapEnd::Leak:
    break;
  case HeapEnd::DoubleFree:
    b.call(nullptr, "free", {b.v(p)});
    line = b.call(nullptr, "free", {b.v(p)});
    break;
  case HeapEnd::UseAfterFree:
    b.call(nullptr, "free", {b.v(p)});
    line = b.assign(b.v(x), b.deref(b.v(p)));
    break;
  case HeapEnd::FreeLocal:
    b.call(nullptr, "free", {b.v(p)});
    line = b.call(nullptr, "free", {b.addr(b.v(x))});
    break;
  case HeapEnd::NullDeref:
    b.call(nullptr, "free", {b.v(p)});
    b.assign(b.v(p), b.null(b.ptr(b.tInt)));
    line = b.assign(b.v(x), b.deref(b.v(p)));
    break;
  }
  b.ret(b.lit(0));
  b.end();
  return b;
}

TEST(Exec, HeapCorrect) {
  uint32_t l;
  ModelBuilder b = heapProgram(HeapEnd::Free, l);
  auto r = verify(b);
  EXPECT_VERIFIED(b, r);
}

TEST(Exec, HeapLeak) {
  uint32_t l;
  ModelBuilder b = heapProgram(HeapEnd::Leak, l);
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, MemoryLeak, l, 0);
}

TEST(Exec, HeapDoubleFree) {
  uint32_t l;
  ModelBuilder b = heapProgram(HeapEnd::DoubleFree, l);
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, DoubleFree, l, 0);
}

TEST(Exec, HeapUseAfterFree) {
  uint32_t l;
  ModelBuilder b = heapProgram(HeapEnd::UseAfterFree, l);
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, UseAfterFree, l, 0);
}

TEST(Exec, HeapInvalidFree) {
  uint32_t l;
  ModelBuilder b = heapProgram(HeapEnd::FreeLocal, l);
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, InvalidFree, l, 0);
}

TEST(Exec, NullDereference) {
  uint32_t l;
  ModelBuilder b = heapProgram(HeapEnd::NullDeref, l);
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, NullDereference, l, 0);
}

TEST(Exec, UnreachableHeapIsALeakWhereAllocated) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId p = b.local("p", b.ptr(b.tInt));
  b.decl(p);
  uint32_t l = b.call(b.v(p), "malloc", {b.lit(8)});
  b.assign(b.v(p), b.null(b.ptr(b.tInt)));
  b.ret(b.lit(0));
  b.end();
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, MemoryLeak, l, 0);
}

TEST(Exec, UnsupportedLibraryFunctionIsUnknown) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  b.call(nullptr, "frobnicate", {b.lit(1)});
  b.end();
  auto r = verify(b);
  ASSERT_EQ(r.verdict, search::Verdict::Unknown);
  EXPECT_NE(r.reason.find("frobnicate"), std::string::npos) << r.reason;
}

TEST(Exec, AssumePrunes) {
  ModelBuilder b;
  VarId n = b.global("N", b.tInt);
  model::InputDecl in;
  in.var = n;
  b.p.inputs.push_back(in);
  b.begin("main", b.tInt);
  b.call(nullptr, "chorus_assume", {b.lt(b.lit(0), b.v(n))});
  b.assert_(b.ne(b.v(n), b.lit(0)));
  b.end();
  auto r = verify(b);
  EXPECT_VERIFIED(b, r);
}

TEST(Exec, GlobalsAreZeroInitializedAndInitRuns) {
  ModelBuilder b;
  VarId g = b.global("g", b.tInt), h = b.global("h", b.tInt);
  b.begin(model::kInitFunction, b.tVoid);
  b.assign(b.v(h), b.lit(5));
  b.end();
  b.begin("main", b.tInt);
  uint32_t l = b.assert_(b.eq(b.add(b.v(g), b.v(h)), b.lit(6)));
  b.end();
  auto r = verify(b);
  EXPECT_VIOLATION(b, r, Assertion, l, 0);
}

TEST(Exec, LoopStatesMatch) {
  // x = 0; while (1) x = 0;  an iteration leaves the state as it found it:
  // the second arrival at the loop head matches the state on the search
  // stack, which closes a fair cycle: the program runs forever, and plain
  // verify says so (NONTERMINATION, lib/search/FairCycle.h) at the move
  // that closes the cycle, without chains (every state saved) and with
  // chains of any length (the cycle is then seen at the chains' ends).
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId x = b.local("x", b.tInt);
  b.decl(x);
  b.assign(b.v(x), b.lit(0));
  b.while_(b.lit(1), [&] { b.assign(b.v(x), b.lit(0)); });
  b.end();
  search::SearchOptions noChains;
  noChains.chainMax = 0;
  auto r = verify(b, 1, search::DeadlockMode::Absolute, noChains);
  EXPECT_VIOLATION(b, r, Nontermination, 5, 0);
  EXPECT_EQ(r.stats.transitions, r.stats.statesSaved);
  for (uint64_t c : {8u, 10u, 4096u}) {
    search::SearchOptions so;
    so.chainMax = c;
    auto rc = verify(b, 1, search::DeadlockMode::Absolute, so);
    ASSERT_EQ(rc.verdict, search::Verdict::Violation) << c << text(b, rc);
    EXPECT_EQ(rc.violation->kind, check::ViolationKind::Nontermination) << c;
  }
  // A loop whose state changes at every iteration (i = 0..9) repeats no
  // state: nothing to match (the C loop `for (i = 0; i < 10; i++);
  // assert(i == 10);`).
  ModelBuilder c;
  c.begin("main", c.tInt);
  VarId i = c.local("i", c.tInt);
  c.decl(i);
  c.assign(c.v(i), c.lit(0));
  c.while_(c.lt(c.v(i), c.lit(10)), [&] { c.assign(c.v(i), c.add(c.v(i), c.lit(1))); });
  c.assert_(c.eq(c.v(i), c.lit(10)));
  c.end();
  auto rc = verify(c, 1, search::DeadlockMode::Absolute, noChains);
  EXPECT_VERIFIED(c, rc);
  EXPECT_EQ(rc.stats.statesMatched, 0u);
  EXPECT_EQ(rc.stats.transitions + 1, rc.stats.statesSaved);
  // With chains, the whole run is one chain: the initial and the final
  // state are saved, every move is still executed once.
  auto chained = verify(c);
  EXPECT_VERIFIED(c, chained);
  EXPECT_EQ(chained.stats.statesMatched, 0u);
  EXPECT_EQ(chained.stats.statesSaved, 2u);
  EXPECT_EQ(chained.stats.transitions, rc.stats.transitions);
  EXPECT_EQ(chained.stats.maxDepth, rc.stats.maxDepth);
  // Chains cut after 5 moves: after the initial state, a saved state every
  // 6 moves (the move of the saved state, then its chain), and at the end.
  search::SearchOptions five;
  five.chainMax = 5;
  auto cut = verify(c, 1, search::DeadlockMode::Absolute, five);
  EXPECT_VERIFIED(c, cut);
  EXPECT_EQ(cut.stats.statesMatched, 0u);
  EXPECT_EQ(cut.stats.statesSaved, 1 + (rc.stats.transitions + 5) / 6);
  EXPECT_EQ(cut.stats.transitions, rc.stats.transitions);
}

TEST(Exec, InterleavingsMatchWithoutPor) {
  // Each of two processes runs a chain of k local steps (i = 1; i = 2; i = 3;
  // assert(i == 3)).
  // Without the partial-order reduction the search explores the grid of
  // their interleavings: (k+1)^2 states, 2k(k+1) transitions, of which all
  // but the (k+1)^2 - 1 that reach a new state are matched: k^2. With the
  // reduction, one process runs first: 2k+1 states, nothing matched; with
  // the reduction and chains, the 2k moves are one chain: 2 states saved.
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId i = b.local("i", b.tInt);
  b.decl(i);
  for (int k = 1; k <= 3; ++k)
    b.assign(b.v(i), b.lit(k));
  b.assert_(b.eq(b.v(i), b.lit(3)));
  b.ret(b.lit(0));
  b.end();
  search::SearchOptions noChains;
  noChains.chainMax = 0;
  auto one = verify(b, 1, search::DeadlockMode::Absolute, noChains);
  EXPECT_VERIFIED(b, one);
  uint64_t k = one.stats.transitions;
  ASSERT_EQ(one.stats.statesSaved, k + 1);
  ASSERT_GE(k, 3u);
  search::SearchOptions noPor;
  noPor.por = false;
  auto grid = verify(b, 2, search::DeadlockMode::Absolute, noPor);
  EXPECT_VERIFIED(b, grid);
  EXPECT_EQ(grid.stats.statesSaved, (k + 1) * (k + 1));
  EXPECT_EQ(grid.stats.transitions, 2 * k * (k + 1));
  EXPECT_EQ(grid.stats.statesMatched, k * k);
  auto reduced = verify(b, 2, search::DeadlockMode::Absolute, noChains);
  EXPECT_VERIFIED(b, reduced);
  EXPECT_EQ(reduced.stats.statesSaved, 2 * k + 1);
  EXPECT_EQ(reduced.stats.transitions, 2 * k);
  EXPECT_EQ(reduced.stats.statesMatched, 0u);
  auto chained = verify(b, 2);
  EXPECT_VERIFIED(b, chained);
  EXPECT_EQ(chained.stats.statesSaved, 2u);
  EXPECT_EQ(chained.stats.transitions, 2 * k);
  EXPECT_EQ(chained.stats.statesMatched, 0u);
  // Stateless search (no store): the grid is explored as a tree, one node
  // per path from the start to each grid point (a, b): sum of C(a+b, a).
  noPor.stateless = true;
  auto tree = verify(b, 2, search::DeadlockMode::Absolute, noPor);
  EXPECT_VERIFIED(b, tree);
  EXPECT_EQ(tree.stats.statesMatched, 0u);
  uint64_t paths = 0;
  for (uint64_t a = 0; a <= k; ++a)
    for (uint64_t c = 0, binom = 1; c <= k; ++c, binom = binom * (a + c) / c)
      paths += binom;
  EXPECT_EQ(tree.stats.statesSaved, paths);
}

TEST(Exec, MaxStatesGivesUnknown) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId i = b.local("i", b.tInt);
  b.decl(i);
  b.assign(b.v(i), b.lit(0));
  b.while_(b.lt(b.v(i), b.lit(1000)), [&] { b.assign(b.v(i), b.add(b.v(i), b.lit(1))); });
  b.end();
  search::SearchOptions so;
  so.maxStates = 50;
  so.chainMax = 0; // every state saved: the limit is reached at the 50th
  auto r = verify(b, 1, search::DeadlockMode::Absolute, so);
  ASSERT_EQ(r.verdict, search::Verdict::Unknown);
  EXPECT_EQ(r.reason, "max-states reached");
  EXPECT_EQ(r.stats.statesSaved, 50u);
  // With chains cut after 10 moves, a saved state every 11 moves: the
  // limit is reached after 11 * 49 moves (the loop needs about 3000).
  so.chainMax = 10;
  auto rc = verify(b, 1, search::DeadlockMode::Absolute, so);
  ASSERT_EQ(rc.verdict, search::Verdict::Unknown);
  // (the reason names the loop that never repeats a state: Executor::growth)
  EXPECT_EQ(rc.reason.rfind("max-states reached", 0), 0u) << rc.reason;
  EXPECT_NE(rc.reason.find("i (process 0) changes at every round"), std::string::npos) << rc.reason;
  EXPECT_EQ(rc.stats.statesSaved, 50u);
  // With the default chains, the loop is one chain: verified.
  so.chainMax = search::SearchOptions{}.chainMax;
  auto whole = verify(b, 1, search::DeadlockMode::Absolute, so);
  EXPECT_VERIFIED(b, whole);
  EXPECT_EQ(whole.stats.statesSaved, 2u);
}

TEST(Exec, TraceShowsSteps) {
  ModelBuilder b;
  b.begin("main", b.tInt);
  VarId x = b.local("x", b.tInt);
  b.decl(x);
  b.assign(b.v(x), b.lit(3));
  b.assert_(b.eq(b.v(x), b.lit(4)));
  b.end();
  auto r = verify(b);
  std::string t = text(b, r);
  EXPECT_NE(t.find("verdict: violation ASSERTION at test.c:3:3 (process 0)"), std::string::npos)
      << t;
  EXPECT_NE(t.find("x = 3"), std::string::npos) << t;
  std::ostringstream js;
  report::printJson(js, b.p, r);
  EXPECT_NE(js.str().find("\"kind\": \"ASSERTION\""), std::string::npos) << js.str();
}

} // namespace

// A counter bounded above only by its own range and raised freely by every
// other conjunct (seed 004's stagger: its input n beside `i < 2*n`) has no
// unique value: one satisfiability check below the bound shows it, without
// a model and its uniqueness (ProverOracle::computeUniqueValue).
TEST(ProverOracle, NoUniqueValueBelowABoundOfItsOwn) {
  sym::ExprFactory f;
  exec::ProverOracle o(f);
  sym::Expr n = f.symbol("n", f.intType()), i = f.symbol("i", f.intType());
  sym::Expr two = f.intConst(2);
  auto z3Calls = [&] {
    for (const auto& [name, count] : o.callCounts())
      if (name == "z3")
        return count;
    return uint64_t(0);
  };
  std::vector<sym::Expr> free{f.le(f.intConst(1), n), f.le(n, f.intConst(2147483647)),
                              f.lt(i, f.mul(two, n)), f.le(f.intConst(0), i),
                              f.eq(f.mod(i, two), f.intConst(1))};
  EXPECT_EQ(o.uniqueValue(f.logicalAnd(free), n), nullptr);
  EXPECT_EQ(z3Calls(), 1u);
  // pinned at that bound by the others (2*n >= 9, n <= 5): n = 5
  std::vector<sym::Expr> pinned{f.le(n, f.intConst(5)), f.le(f.intConst(9), f.mul(two, n)),
                                f.lt(i, f.mul(two, n)), f.eq(f.mod(i, two), f.intConst(1))};
  EXPECT_EQ(o.uniqueValue(f.logicalAnd(pinned), n), f.intConst(5));
}
