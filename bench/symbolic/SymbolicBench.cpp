// Throughput of the symbolic library: hash-consed node creation, polynomial
// canonicalization, validity queries from the cache and from internal
// decisions, and the share of a loop-like query mix that avoids the provers.
#include "chorus/symbolic/Prover.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>

using namespace chorus::sym;

// New nodes: x_k + c for fresh (k, c); counts every node created.
static void BM_NodeCreationNew(benchmark::State& st) {
  ExprFactory f;
  std::vector<Expr> xs;
  for (int k = 0; k < 64; ++k)
    xs.push_back(f.symbol("x" + std::to_string(k), f.intType()));
  int64_t c = 0;
  for (auto _ : st) {
    Expr e = f.add(xs[c & 63], f.intConst(c));
    benchmark::DoNotOptimize(e);
    ++c;
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["nodes"] = double(f.numNodes());
}
BENCHMARK(BM_NodeCreationNew);

// Existing nodes: the same constructions again (hash-consing lookups).
static void BM_NodeCreationHit(benchmark::State& st) {
  ExprFactory f;
  std::vector<Expr> xs;
  for (int k = 0; k < 64; ++k)
    xs.push_back(f.symbol("x" + std::to_string(k), f.intType()));
  for (int64_t c = 0; c < 4096; ++c)
    f.add(xs[c & 63], f.intConst(c));
  int64_t c = 0;
  for (auto _ : st) {
    Expr e = f.add(xs[c & 63], f.intConst(c & 4095));
    benchmark::DoNotOptimize(e);
    ++c;
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_NodeCreationHit);

// Raw leaf interning (symbols and constants), the cheapest path.
static void BM_ConstInterning(benchmark::State& st) {
  ExprFactory f;
  int64_t c = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(f.intConst(c++ & 1023));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_ConstInterning);

// Canonicalization of a 50-term polynomial given in a random order.
static void BM_Canonicalize50TermPoly(benchmark::State& st) {
  ExprFactory f;
  std::vector<Expr> xs;
  for (int k = 0; k < 20; ++k)
    xs.push_back(f.symbol("x" + std::to_string(k), f.intType()));
  std::vector<Expr> terms;
  std::mt19937 rng(42);
  for (int t = 0; t < 50; ++t) {
    Expr m = f.mul(xs[rng() % 20], xs[rng() % 20]);
    terms.push_back(f.mul(f.intConst(int64_t(rng() % 100) - 50), m));
  }
  for (auto _ : st) {
    std::shuffle(terms.begin(), terms.end(), rng);
    Expr acc = terms[0];
    for (size_t i = 1; i < terms.size(); ++i)
      acc = f.add(acc, terms[i]); // incremental, as symbolic execution builds it
    benchmark::DoNotOptimize(acc);
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Canonicalize50TermPoly);

// Same, built in one n-ary add.
static void BM_Canonicalize50TermPolyNary(benchmark::State& st) {
  ExprFactory f;
  std::vector<Expr> xs;
  for (int k = 0; k < 20; ++k)
    xs.push_back(f.symbol("x" + std::to_string(k), f.intType()));
  std::vector<Expr> terms;
  std::mt19937 rng(42);
  for (int t = 0; t < 50; ++t)
    terms.push_back(
        f.mul(f.intConst(int64_t(rng() % 100) - 50), f.mul(xs[rng() % 20], xs[rng() % 20])));
  for (auto _ : st) {
    std::shuffle(terms.begin(), terms.end(), rng);
    benchmark::DoNotOptimize(f.add(terms));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Canonicalize50TermPolyNary);

namespace {
struct Loop {
  ExprFactory f;
  Expr i = f.symbol("i", f.intType()), n = f.symbol("n", f.intType());
  Expr c(int64_t v) { return f.intConst(v); }
  Expr ctx(int64_t bound) {
    return f.logicalAnd(std::vector<Expr>{f.le(c(0), i), f.lt(i, n), f.le(n, c(bound))});
  }
};
} // namespace

static void BM_ValidFromCache(benchmark::State& st) {
  Loop L;
  Prover p(L.f);
  Expr ctx = L.ctx(10), claim = L.f.lt(L.f.mul(L.i, L.i), L.f.mul(L.n, L.n));
  p.valid(ctx, claim);
  for (auto _ : st)
    benchmark::DoNotOptimize(p.valid(ctx, claim));
  st.SetItemsProcessed(st.iterations());
  st.counters["z3Calls"] = double(p.stats().z3Calls);
}
BENCHMARK(BM_ValidFromCache);

static void BM_ValidInternal(benchmark::State& st) {
  Loop L;
  Prover p(L.f, ProverOptions{Backend::Z3, 2000, /*cache=*/false});
  std::vector<std::pair<Expr, Expr>> qs;
  for (int64_t b = 1; b <= 32; ++b)
    qs.emplace_back(L.ctx(b), L.f.lt(L.i, L.c(b)));
  size_t k = 0;
  for (auto _ : st) {
    auto& q = qs[k++ & 31];
    benchmark::DoNotOptimize(p.valid(q.first, q.second));
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["z3Calls"] = double(p.stats().z3Calls);
}
BENCHMARK(BM_ValidInternal);

// A mix like symbolic execution of bounded loops over arrays generates.
static void BM_QueryMix(benchmark::State& st) {
  Loop L;
  auto& f = L.f;
  Type AT = f.arrayType(f.intType());
  Expr a = f.symbol("a", AT), v = f.symbol("v", f.intType()), j = f.symbol("j", f.intType());
  Expr y = f.symbol("y", f.intType());
  std::vector<std::pair<Expr, Expr>> qs;
  for (int64_t b = 1; b <= 10; ++b) {
    Expr ctx = L.ctx(b);
    Expr ctxj = f.logicalAnd(ctx, f.logicalAnd(f.le(L.c(0), j), f.lt(j, L.i)));
    qs.emplace_back(ctx, f.lt(L.i, L.c(b)));                            // bound check
    qs.emplace_back(ctx, f.le(L.c(0), L.i));                            // lower bound
    qs.emplace_back(ctx, f.lt(f.add(L.i, L.c(1)), f.add(L.n, L.c(1)))); // i+1 <= n
    qs.emplace_back(ctx, f.lt(L.i, L.c(b - 1)));                        // may fail: prover
    qs.emplace_back(ctx, f.lt(f.add(L.i, L.c(1)), L.n));                // branch feasibility
    qs.emplace_back(ctxj, f.neq(j, L.i));                               // j < i
    qs.emplace_back(ctxj, f.eq(f.arrayRead(f.arrayWrite(a, L.i, v), j), f.arrayRead(a, j)));
    qs.emplace_back(ctxj, f.eq(f.arrayRead(f.arrayWrite(a, L.i, v), L.i), v));
    qs.emplace_back(ctx, f.le(f.mul(L.i, L.i), f.mul(L.c(b), L.c(b)))); // nonlinear
    qs.emplace_back(f.logicalAnd(ctx, f.lt(L.c(0), y)), f.lt(L.c(0), f.add(y, L.i)));
  }
  double total = 0, prover = 0;
  for (auto _ : st) {
    Prover p(f); // fresh cache each round: measures a cold run
    for (auto& q : qs)
      benchmark::DoNotOptimize(p.valid(q.first, q.second));
    total += double(p.stats().queries);
    prover += double(p.stats().z3Calls);
  }
  st.SetItemsProcessed(int64_t(st.iterations() * qs.size()));
  st.counters["queries"] = double(qs.size());
  st.counters["shareWithoutProver"] = 1.0 - prover / total;
}
BENCHMARK(BM_QueryMix)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
