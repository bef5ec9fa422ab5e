// The prover chain: trivial answers, constraint independence, cache,
// internal decisions (Bounds, DiffLogic), then Z3 / cvc5 / both.
#include "chorus/symbolic/Prover.h"

#include "Backend.h"
#include "BoundedQuantifiers.h"
#include "Bounds.h"
#include "Definitions.h"
#include "Denominators.h"
#include "DiffLogic.h"
#include "Equations.h"
#include "chorus/support/Knockout.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <thread>
#include <unordered_map>

namespace chorus::sym {

using namespace detail;

const char* answerName(Answer a) {
  switch (a) {
  case Answer::Yes:
    return "YES";
  case Answer::No:
    return "NO";
  case Answer::Maybe:
    return "MAYBE";
  }
  return "?";
}

namespace {
struct PairHash {
  size_t operator()(const std::pair<Expr, Expr>& p) const {
    return p.first->hash() * 31 + p.second->hash();
  }
};
} // namespace

struct Prover::Impl {
  std::unique_ptr<SolverBackend> z3, cvc5;
  std::unordered_map<std::pair<Expr, Expr>, Answer, PairHash> validCache;
  std::unordered_map<Expr, Answer> satCache;
  /// The answers of validity queries as asked (whole context, claim): what
  /// validCache and satCache would give again, without slicing the context
  /// once more (seed 004's ring asks the same guards of the same path
  /// conditions from many interleavings).
  std::unordered_map<std::pair<Expr, Expr>, Answer, PairHash> askedCache;
  /// The interval bounds of recent validity contexts, with the conjuncts
  /// each was built from: the moves of a state ask many claims under one
  /// path condition, and a Bounds is only read once built (seed 004's ring:
  /// an eighth of the run rebuilt the same ones). Dropped all at once past
  /// kBoundsKept contexts.
  struct KeptBounds {
    std::vector<Expr> from;
    std::unique_ptr<Bounds> bounds;
  };
  std::unordered_map<Expr, KeptBounds> bounds;
  static constexpr size_t kBoundsKept = 512;

  /// Bounds(f, rel), kept under the key ctx (rel's conjunction).
  Bounds& boundsOf(ExprFactory& f, Expr ctx, const std::vector<Expr>& rel) {
    auto it = bounds.find(ctx);
    if (it != bounds.end() && it->second.from == rel)
      return *it->second.bounds;
    if (bounds.size() >= kBoundsKept)
      bounds.clear();
    KeptBounds& k = bounds[ctx];
    k.from = rel;
    k.bounds = std::make_unique<Bounds>(f, rel);
    return *k.bounds;
  }

  SolverBackend& getZ3(ExprFactory& f) {
    dropUnusable(z3);
    if (!z3)
      z3 = makeZ3Backend(f);
    return *z3;
  }
  SolverBackend& getCvc5(ExprFactory& f) {
    dropUnusable(cvc5);
    if (!cvc5)
      cvc5 = makeCvc5Backend(f);
    return *cvc5;
  }
  /// A backend whose check was given up is left to its thread (leaked, never
  /// destroyed: that thread still uses it); one whose check was interrupted
  /// is destroyed. The next query gets a new one.
  static void dropUnusable(std::unique_ptr<SolverBackend>& b) {
    if (b && b->abandoned())
      (void)b.release();
    else if (b && b->retired())
      b.reset();
  }
  ~Impl() {
    dropUnusable(z3);
    dropUnusable(cvc5);
  }
};

Prover::Prover(ExprFactory& f, ProverOptions opts)
    : f_(f), opts_(opts), impl_(std::make_unique<Impl>()) {}
Prover::~Prover() = default;

void Prover::clearCache() {
  impl_->validCache.clear();
  impl_->satCache.clear();
  impl_->askedCache.clear();
  impl_->bounds.clear();
}

namespace {

/// The symbols of e and, when e holds bound variables, those too, sorted by
/// id. A bound variable can occur outside its binder: the path condition
/// under which a quantifier's body is evaluated over a symbolic range holds
/// the range (`0 <= k && k < i` with k the body's bound variable,
/// lib/exec/Annot.cpp), so k is a free constant there and links the range to
/// the body's obligations (an index `c[k]`). Without it a query dropped the
/// range as unrelated and a correct index was reported out of bounds.
/// Occurrences inside a binder only link more conjuncts (sound, the query
/// keeps more).
std::vector<Expr> linkSymbols(ExprFactory& f, Expr e) {
  std::span<const Expr> fs = f.freeSymbols(e);
  std::vector<Expr> out(fs.begin(), fs.end());
  if (!e->hasBoundVars())
    return out;
  std::vector<Expr> todo{e}, seen;
  while (!todo.empty()) {
    Expr x = todo.back();
    todo.pop_back();
    if (!x->hasBoundVars() || std::find(seen.begin(), seen.end(), x) != seen.end())
      continue;
    seen.push_back(x);
    if (x->kind() == Kind::BoundVar)
      out.push_back(x);
    for (Expr c : x->children())
      todo.push_back(c);
  }
  std::sort(out.begin(), out.end(), ExprLess());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

/// Conjuncts of cs sharing symbols (transitively) with seed; ground conjuncts always kept.
/// (The conjuncts linked by a shared symbol are joined in a union-find, in
/// one pass over their symbols: seed 004's ring asked this thousands of
/// times of path conditions of ten processes, a tenth of the run as a
/// fixed point over symbol sets.)
std::vector<Expr> relevantConjuncts(ExprFactory& f, const std::vector<Expr>& cs, Expr seed) {
  // per conjunct: its symbols (the factory's cached set, or with its bound
  // variables in `linked`)
  std::vector<std::span<const Expr>> own(cs.size());
  std::vector<std::vector<Expr>> linked;
  linked.reserve(cs.size());
  for (size_t i = 0; i < cs.size(); ++i)
    if (cs[i]->hasBoundVars()) {
      linked.push_back(linkSymbols(f, cs[i]));
      own[i] = linked.back();
    } else {
      own[i] = f.freeSymbols(cs[i]);
    }
  std::vector<size_t> parent(cs.size());
  for (size_t i = 0; i < cs.size(); ++i)
    parent[i] = i;
  auto root = [&](size_t i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  // (symbol id, conjunct) for every occurrence, sorted: the conjuncts of a
  // run of one symbol are joined
  std::vector<std::pair<uint32_t, size_t>> occ;
  for (size_t i = 0; i < cs.size(); ++i)
    for (Expr x : own[i])
      occ.emplace_back(x->id(), i);
  std::sort(occ.begin(), occ.end());
  for (size_t k = 1; k < occ.size(); ++k)
    if (occ[k].first == occ[k - 1].first) {
      size_t a = root(occ[k - 1].second), b = root(occ[k].second);
      if (a != b)
        parent[std::max(a, b)] = std::min(a, b);
    }
  std::vector<bool> marked(cs.size(), false);
  for (Expr x : linkSymbols(f, seed)) {
    auto it = std::lower_bound(occ.begin(), occ.end(), std::make_pair(x->id(), size_t(0)));
    if (it != occ.end() && it->first == x->id())
      marked[root(it->second)] = true;
  }
  std::vector<Expr> out;
  for (size_t i = 0; i < cs.size(); ++i)
    if (own[i].empty() || marked[root(i)])
      out.push_back(cs[i]);
  return out;
}

/// Satisfiability of a conjunction in integer difference logic; nullopt when
/// a conjunct is outside it (DiffLogic.h).
std::optional<bool> diffLogicSat(std::span<const Expr> cs) {
  DiffLogic dl;
  for (Expr c : cs)
    if (!dl.add(c))
      return std::nullopt;
  return dl.satisfiable();
}

/// Validity of `rel => claim` in integer difference logic: every conjunct of
/// the claim is refuted by each alternative of its negation, or one
/// alternative is satisfiable with rel (a counterexample, whatever the other
/// conjuncts). nullopt when it cannot tell (a part outside the fragment).
std::optional<bool> diffLogicValid(std::span<const Expr> rel, Expr claim) {
  DiffLogic dl;
  for (Expr c : rel)
    if (!dl.add(c))
      return std::nullopt;
  bool undecided = false;
  for (Expr part : ExprFactory::conjuncts(claim)) {
    std::vector<std::vector<DiffLogic::Edge>> alts;
    if (!dl.negation(part, alts)) {
      undecided = true;
      continue;
    }
    for (const auto& alt : alts)
      if (dl.satisfiable(alt))
        return false;
  }
  if (undecided)
    return std::nullopt;
  return true;
}

/// cs with its quotients multiplied out where the bounds fix their divisors'
/// signs (Denominators.h) and the definitions this leaves dropped, those
/// whose coefficient the bounds prove non-zero too (Definitions.h): the
/// same answer as cs (with `claim`, nullptr for none), for the internal
/// decisions. nullopt when nothing was dropped.
std::optional<std::vector<Expr>> solvedDefinitionsDropped(ExprFactory& f,
                                                          const std::vector<Expr>& cs, Expr claim) {
  std::vector<Expr> out = dropDefinitions(f, clearDenominators(f, cs), claim, {}, true);
  if (out.size() == cs.size())
    return std::nullopt;
  return out;
}

} // namespace

// Runs the configured backend(s) on the assertions; abstracted Sat is Unknown.
static CheckResult runBackends(ExprFactory& f, Prover::Impl& I, const ProverOptions& o,
                               ProverStats& st, std::span<const Expr> query) {
  // (quantifiers over ranges the query bounds: their instances, an
  // equivalent query without them; BoundedQuantifiers.h)
  const std::vector<Expr> expanded = clearDenominators(f, expandBoundedQuantifiers(f, query));
  std::span<const Expr> as = expanded;
  auto one = [&](SolverBackend& b, uint64_t& counter) {
    ++counter;
    CheckResult r;
    std::string why;
    if (b.prepare(as, why)) {
      r = b.solve(o.timeoutMs);
    } else {
      r.result = SatResult::Unknown;
      r.reason = why;
    }
    b.finish();
    if (r.result == SatResult::Sat && r.abstracted)
      r.result = SatResult::Unknown;
    return r;
  };
  CheckResult r;
  switch (o.backend) {
  case Backend::Z3:
    r = one(I.getZ3(f), st.z3Calls);
    break;
  case Backend::CVC5:
    r = one(I.getCvc5(f), st.cvc5Calls);
    break;
  case Backend::Portfolio: {
    SolverBackend& z = I.getZ3(f);
    SolverBackend& c = I.getCvc5(f);
    std::string wz, wc;
    bool okZ = z.prepare(as, wz), okC = c.prepare(as, wc); // translation on this thread
    ++st.z3Calls;
    ++st.cvc5Calls;
    CheckResult rz, rc;
    rz.reason = wz;
    rc.reason = wc;
    std::thread t;
    if (okC)
      t = std::thread([&] { rc = c.solve(o.timeoutMs); });
    if (okZ)
      rz = z.solve(o.timeoutMs);
    if (t.joinable())
      t.join();
    z.finish();
    c.finish();
    for (CheckResult* x : {&rz, &rc})
      if (x->result == SatResult::Sat && x->abstracted)
        x->result = SatResult::Unknown;
    if (rz.result != SatResult::Unknown && rc.result != SatResult::Unknown) {
      if (rz.result != rc.result) {
        ++st.disagreements;
        r.result = SatResult::Unknown;
        r.reason = "z3 and cvc5 disagree";
      } else {
        r = rz;
      }
    } else if (rz.result != SatResult::Unknown) {
      r = rz;
    } else if (rc.result != SatResult::Unknown) {
      r = rc;
    } else {
      r = rz;
      r.timedOut = rz.timedOut || rc.timedOut;
    }
    break;
  }
  }
  if (r.result == SatResult::Unknown && r.timedOut)
    ++st.timeouts;
  return r;
}

Answer Prover::satisfiable(Expr ctx) {
  ++stats_.queries;
  if (knockout::maybe()) { // a knockout build's test of the suite (Knockout.h)
    ++stats_.maybeResults;
    return Answer::Maybe;
  }
  if (ctx->kind() == Kind::BoolConst) {
    ++stats_.internalDecisions;
    return ctx->isTrue() ? Answer::Yes : Answer::No;
  }
  std::vector<Expr> cs = dropDefinitions(f_, ExprFactory::conjuncts(ctx), nullptr);
  // Independent components (by shared symbols).
  std::vector<std::vector<Expr>> comps;
  if (opts_.independence) {
    std::vector<bool> done(cs.size(), false);
    for (size_t i = 0; i < cs.size(); ++i) {
      if (done[i])
        continue;
      std::vector<Expr> comp = relevantConjuncts(f_, cs, cs[i]);
      for (Expr c : comp)
        done[std::find(cs.begin(), cs.end(), c) - cs.begin()] = true;
      comps.push_back(std::move(comp));
    }
  } else {
    comps.push_back(cs);
  }
  Answer total = Answer::Yes;
  for (auto& comp : comps) {
    Expr key = f_.logicalAnd(comp);
    Answer a = Answer::Maybe;
    bool have = false;
    if (opts_.cache) {
      auto it = impl_->satCache.find(key);
      if (it != impl_->satCache.end()) {
        ++stats_.cacheHits;
        a = it->second;
        have = true;
      }
    }
    if (!have) {
      bool decided = false;
      if (opts_.internal) {
        Bounds b(f_, comp);
        if (b.inconsistent()) {
          a = Answer::No;
          decided = true;
        } else if (b.complete()) {
          a = Answer::Yes;
          decided = true;
        }
        if (!decided) {
          if (std::optional<bool> d = diffLogicSat(comp)) {
            a = *d ? Answer::Yes : Answer::No;
            decided = true;
          }
        }
        if (!decided)
          if (auto rest = solvedDefinitionsDropped(f_, comp, nullptr))
            if (std::optional<bool> d = diffLogicSat(*rest)) {
              a = *d ? Answer::Yes : Answer::No;
              decided = true;
            }
        if (decided)
          ++stats_.internalDecisions;
      }
      if (!decided) {
        if (observer_)
          observer_(comp);
        CheckResult r = runBackends(f_, *impl_, opts_, stats_, comp);
        a = r.result == SatResult::Sat     ? Answer::Yes
            : r.result == SatResult::Unsat ? Answer::No
                                           : Answer::Maybe;
      }
      if (opts_.cache)
        impl_->satCache.emplace(key, a);
    }
    if (a == Answer::No) {
      total = Answer::No;
      break;
    }
    if (a == Answer::Maybe)
      total = Answer::Maybe;
  }
  if (total == Answer::Maybe)
    ++stats_.maybeResults;
  return total;
}

Answer Prover::valid(Expr ctx, Expr claim) {
  ++stats_.queries;
  if (knockout::maybe()) { // a knockout build's test of the suite (Knockout.h)
    ++stats_.maybeResults;
    return Answer::Maybe;
  }
  if (claim->isTrue() || ctx->isFalse()) {
    ++stats_.internalDecisions;
    return Answer::Yes;
  }
  if (opts_.cache) {
    auto it = impl_->askedCache.find({ctx, claim});
    if (it != impl_->askedCache.end()) {
      ++stats_.cacheHits;
      if (it->second == Answer::Maybe)
        ++stats_.maybeResults;
      return it->second;
    }
  }
  Answer a = validAsked(ctx, claim);
  if (opts_.cache)
    impl_->askedCache.emplace(std::make_pair(ctx, claim), a);
  return a;
}

Answer Prover::validAsked(Expr ctx, Expr claim) {
  std::vector<Expr> cs = ExprFactory::conjuncts(ctx);
  // A ground claim (e.g. false) asks about the whole context: no independence.
  bool indep = opts_.independence && !linkSymbols(f_, claim).empty();
  std::vector<Expr> rel0 = indep ? relevantConjuncts(f_, cs, claim) : cs, rel = rel0;
  // Definitions of symbols nothing else mentions are dropped (equivalent,
  // Definitions.h); what they linked to the claim is then sliced again.
  std::vector<Expr> core = dropDefinitions(f_, rel0, claim);
  if (core.size() != rel0.size())
    rel = indep ? relevantConjuncts(f_, core, claim) : core;
  stats_.droppedConjuncts += cs.size() - rel.size();
  Expr relCtx = rel.size() == cs.size() ? ctx : f_.logicalAnd(rel);
  // A NO on the relevant part is a counterexample to the whole query only if
  // the dropped conjuncts (sharing no symbol with it) are satisfiable too;
  // if they are unsatisfiable the context is, and the claim is valid. (The
  // definitions are not among them: they hold for some value of their
  // symbol, which nothing else mentions, in any model of the rest.)
  auto overDropped = [&](Answer a) {
    if (a != Answer::No || rel.size() == cs.size())
      return a;
    std::vector<Expr> outside, unlinked, dropped;
    std::set_difference(cs.begin(), cs.end(), rel0.begin(), rel0.end(), std::back_inserter(outside),
                        ExprLess());
    std::set_difference(core.begin(), core.end(), rel.begin(), rel.end(),
                        std::back_inserter(unlinked), ExprLess());
    std::set_union(outside.begin(), outside.end(), unlinked.begin(), unlinked.end(),
                   std::back_inserter(dropped), ExprLess());
    if (dropped.empty())
      return a;
    uint64_t q = stats_.queries, m = stats_.maybeResults;
    Answer s = satisfiable(f_.logicalAnd(dropped));
    stats_.queries = q;
    stats_.maybeResults = m;
    return s == Answer::Yes ? Answer::No : s == Answer::No ? Answer::Yes : Answer::Maybe;
  };
  std::pair<Expr, Expr> key{relCtx, claim};
  if (opts_.cache) {
    auto it = impl_->validCache.find(key);
    if (it != impl_->validCache.end()) {
      ++stats_.cacheHits;
      Answer a = overDropped(it->second);
      if (a == Answer::Maybe)
        ++stats_.maybeResults;
      return a;
    }
  }
  Answer a = Answer::Maybe;
  bool decided = false;
  // Integer difference logic first: exact on its fragment, and there
  // cheaper than the interval bounds, which can only agree with it (seed
  // 004's ring: the bounds of a new path condition per query).
  std::optional<bool> dl = opts_.internal ? diffLogicValid(rel, claim) : std::nullopt;
  if (dl) {
    a = *dl ? Answer::Yes : Answer::No;
    decided = true;
    ++stats_.internalDecisions;
  } else if (opts_.internal) {
    Bounds& b = impl_->boundsOf(f_, relCtx, rel);
    std::optional<bool> d = b.inconsistent() ? std::optional<bool>(true) : b.decide(claim);
    if (d && *d) {
      a = Answer::Yes;
      decided = true;
      ++stats_.internalDecisions;
    } else if (d && !*d) {
      // The claim is false wherever the context holds: valid iff the context is unsat.
      if (b.complete()) {
        a = Answer::No;
        ++stats_.internalDecisions;
      } else {
        uint64_t q = stats_.queries, m = stats_.maybeResults;
        Answer s = satisfiable(relCtx);
        stats_.queries = q;
        stats_.maybeResults = m;
        a = s == Answer::Yes ? Answer::No : s == Answer::No ? Answer::Yes : Answer::Maybe;
      }
      decided = true;
    }
  }
  if (!decided && opts_.internal)
    if (auto rest = solvedDefinitionsDropped(f_, rel, claim))
      if (std::optional<bool> d = diffLogicValid(*rest, claim)) {
        a = *d ? Answer::Yes : Answer::No;
        decided = true;
        ++stats_.internalDecisions;
      }
  // Equations implied by linear combinations of the context's (nonlinear
  // ones too: LISE's running sums and means; Equations.h).
  if (!decided && opts_.internal && impliedByEquations(f_, rel, claim)) {
    a = Answer::Yes;
    decided = true;
    ++stats_.internalDecisions;
  }
  if (!decided) {
    std::vector<Expr> as = rel;
    as.push_back(f_.logicalNot(claim));
    if (observer_)
      observer_(as);
    CheckResult r = runBackends(f_, *impl_, opts_, stats_, as);
    a = r.result == SatResult::Unsat ? Answer::Yes
        : r.result == SatResult::Sat ? Answer::No
                                     : Answer::Maybe;
  }
  if (opts_.cache)
    impl_->validCache.emplace(key, a);
  a = overDropped(a);
  if (a == Answer::Maybe)
    ++stats_.maybeResults;
  return a;
}

std::optional<Model> Prover::model(Expr ctx) {
  return model(ctx, f_.freeSymbols(ctx));
}

std::optional<Model> Prover::model(Expr ctx, std::span<const Expr> symbols) {
  if (ctx->isFalse())
    return std::nullopt;
  // (definitions of other symbols: their values follow from the rest)
  std::vector<Expr> cs = dropDefinitions(f_, ExprFactory::conjuncts(ctx), nullptr, symbols);
  if (opts_.internal && std::all_of(symbols.begin(), symbols.end(), [](Expr s) {
        return s->kind() == Kind::Symbol && s->type()->isInt();
      })) {
    // Integer difference logic: its shortest distances are a model.
    DiffLogic dl;
    if (std::all_of(cs.begin(), cs.end(), [&](Expr c) { return dl.add(c); })) {
      ++stats_.internalDecisions;
      if (!dl.satisfiable())
        return std::nullopt;
      Model m;
      for (Expr s : symbols) {
        int64_t v = dl.fix(s);
        m.push_back(ModelEntry{s, f_.intConst(Rational(v)), std::to_string(v)});
      }
      return m;
    }
  }
  SolverBackend& b = opts_.backend == Backend::CVC5 ? impl_->getCvc5(f_) : impl_->getZ3(f_);
  (opts_.backend == Backend::CVC5 ? stats_.cvc5Calls : stats_.z3Calls)++;
  std::string why;
  std::optional<Model> out;
  if (b.prepare(cs, why)) {
    CheckResult r = b.solve(opts_.timeoutMs);
    if (r.result == SatResult::Sat && !r.abstracted)
      out = b.model(symbols);
  }
  b.finish();
  return out;
}

std::optional<Expr> Prover::uniqueIntValue(Expr ctx, Expr symbol, bool fragmentOnly) {
  if (!opts_.internal || symbol->kind() != Kind::Symbol || !symbol->type()->isInt())
    return std::nullopt;
  // (fix() constrains its object: the second one checks the other values)
  DiffLogic dl, other;
  // When the conjuncts outside the fragment are all equations, the
  // definitions of other symbols are dropped (linear ones too,
  // Definitions.h): the symbol has the same values over the rest (LISE's
  // running sums and means beside its counters; seed 004's mean asked z3 for
  // a model, then for its uniqueness, eight times per run otherwise). (Not
  // when another conjunct stays outside anyway: the interval bounds of the
  // dropping cost seed 004's matrix a fifth more CPU for nothing.)
  std::vector<Expr> cs = ExprFactory::conjuncts(ctx);
  bool outside = false, equations = true;
  for (Expr c : cs) {
    DiffLogic probe;
    if (!probe.add(c)) {
      outside = true;
      equations = equations && c->kind() == Kind::Eq;
    }
  }
  if (!fragmentOnly && outside && equations) {
    Expr keep[1] = {symbol};
    cs = dropDefinitions(f_, clearDenominators(f_, cs), nullptr, keep, true);
  }
  for (Expr c : cs) {
    if (fragmentOnly) {
      DiffLogic probe;
      if (!probe.add(c))
        continue; // (outside the fragment: not used)
    }
    if (!dl.add(c) || !other.add(c))
      return std::nullopt;
  }
  if (!dl.satisfiable())
    return fragmentOnly ? std::nullopt : std::optional<Expr>(nullptr);
  Expr v = f_.intConst(Rational(dl.fix(symbol)));
  std::vector<std::vector<DiffLogic::Edge>> alts;
  if (!other.negation(f_.eq(symbol, v), alts))
    return std::nullopt;
  for (const auto& alt : alts)
    if (other.satisfiable(alt))
      return fragmentOnly ? std::nullopt : std::optional<Expr>(nullptr);
  return v;
}

// ================================================================= simplify

namespace {

/// Divides monomial `mono` by prim^k; returns nullptr for the monomial 1.
Expr divideMono(ExprFactory& f, Expr mono, Expr prim, uint32_t k) {
  std::vector<std::pair<Expr, uint32_t>> fs, out;
  monoFactors(mono, fs);
  for (auto& [p, e] : fs) {
    if (p == prim)
      e -= k;
    if (e > 0)
      out.emplace_back(p, e);
  }
  if (out.empty())
    return nullptr;
  return monoFromFactors(f, out, mono->type());
}

Poly dividePoly(ExprFactory& f, const Poly& p, Expr prim, uint32_t k) {
  Poly r;
  r.c0 = p.c0;
  for (const Term& t : p.terms) {
    Expr m = divideMono(f, t.mono, prim, k);
    if (!m)
      r.c0 += t.coef;
    else
      r.terms.push_back(Term{m, t.coef});
  }
  // Re-normalize order.
  Expr e = fromPoly(f, r, p.terms.empty() ? f.realType() : p.terms[0].mono->type());
  return toPoly(e);
}

// ----------------------------------------------- multivariate polynomial gcd
//
// Sparse polynomials over Q in the primitives of a quotient (variables),
// lexicographic order. gcd by the recursive primitive PRS algorithm: the gcd
// of the contents (w.r.t. the first variable present) times the gcd of the
// primitive parts, computed by pseudo-remainders. Size-capped: a blow-up
// gives up (no cancellation), which is always sound.

using MMono = std::vector<uint32_t>; // exponent per variable
struct MPoly {
  std::map<MMono, Rational, std::greater<MMono>> t; // leading (lex-largest) term first
  bool zero() const { return t.empty(); }
  bool constant() const {
    return t.empty() ||
           (t.size() == 1 && std::all_of(t.begin()->first.begin(), t.begin()->first.end(),
                                         [](uint32_t e) { return e == 0; }));
  }
};

struct GiveUp {};

class PolyGcd {
public:
  explicit PolyGcd(size_t nv) : nv_(nv) {}

  MPoly one() const {
    MPoly r;
    r.t[MMono(nv_, 0)] = Rational(1);
    return r;
  }
  MPoly add(const MPoly& a, const MPoly& b, const Rational& sb) {
    MPoly r = a;
    for (const auto& [m, c] : b.t) {
      Rational& x = r.t[m];
      x += c * sb;
      if (x.isZero())
        r.t.erase(m);
    }
    check(r);
    return r;
  }
  MPoly mulTerm(const MPoly& a, const MMono& m, const Rational& c) {
    MPoly r;
    for (const auto& [am, ac] : a.t) {
      MMono x = am;
      for (size_t i = 0; i < nv_; ++i)
        x[i] += m[i];
      r.t.emplace(std::move(x), ac * c);
    }
    return r;
  }
  MPoly mul(const MPoly& a, const MPoly& b) {
    MPoly r;
    for (const auto& [m, c] : b.t)
      r = add(r, mulTerm(a, m, c), Rational(1));
    return r;
  }
  uint32_t deg(const MPoly& a, size_t x) const {
    uint32_t d = 0;
    for (const auto& [m, c] : a.t)
      d = std::max(d, m[x]);
    return d;
  }
  /// Coefficient of x^d (a polynomial without x).
  MPoly coeff(const MPoly& a, size_t x, uint32_t d) const {
    MPoly r;
    for (const auto& [m, c] : a.t)
      if (m[x] == d) {
        MMono y = m;
        y[x] = 0;
        r.t.emplace(std::move(y), c);
      }
    return r;
  }
  /// a / b when b divides a exactly.
  std::optional<MPoly> exactDiv(MPoly r, const MPoly& b) {
    MPoly q;
    const auto& [bm, bc] = *b.t.begin();
    for (int steps = 0; !r.zero(); ++steps) {
      if (steps > 2000)
        throw GiveUp{};
      const auto& [rm, rc] = *r.t.begin();
      MMono m(nv_);
      for (size_t i = 0; i < nv_; ++i) {
        if (rm[i] < bm[i])
          return std::nullopt;
        m[i] = rm[i] - bm[i];
      }
      Rational c = rc / bc;
      q.t[m] += c;
      r = add(r, mulTerm(b, m, c), Rational(-1));
    }
    return q;
  }
  MPoly monic(MPoly a) {
    if (a.constant())
      return one();
    Rational lc = a.t.begin()->second;
    for (auto& [m, c] : a.t)
      c = c / lc;
    return a;
  }
  MPoly gcd(const MPoly& a, const MPoly& b, int depth = 0) {
    if (depth > 16)
      throw GiveUp{};
    if (a.zero())
      return monic(b);
    if (b.zero())
      return monic(a);
    if (a.constant() || b.constant())
      return one();
    size_t x = 0;
    while (deg(a, x) == 0 && deg(b, x) == 0)
      ++x;
    if (deg(a, x) == 0)
      return gcd(a, content(b, x, depth), depth + 1);
    if (deg(b, x) == 0)
      return gcd(content(a, x, depth), b, depth + 1);
    MPoly ca = content(a, x, depth), cb = content(b, x, depth);
    MPoly pa = *exactDiv(a, ca), pb = *exactDiv(b, cb);
    MPoly c = gcd(ca, cb, depth + 1);
    if (deg(pa, x) < deg(pb, x))
      std::swap(pa, pb);
    while (!pb.zero()) {
      MPoly r = prem(pa, pb, x);
      pa = std::move(pb);
      if (!r.zero() && deg(r, x) == 0) {
        pa = one(); // coprime primitive parts
        break;
      }
      pb = r.zero() ? r : primitive(r, x, depth);
    }
    return monic(mul(c, primitive(pa, x, depth)));
  }

private:
  MPoly content(const MPoly& a, size_t x, int depth) {
    MPoly g;
    for (uint32_t d = 0, n = deg(a, x); d <= n; ++d) {
      MPoly cd = coeff(a, x, d);
      if (cd.zero())
        continue;
      g = gcd(g, cd, depth + 1);
      if (g.constant())
        return one();
    }
    return g;
  }
  MPoly primitive(const MPoly& a, size_t x, int depth) {
    auto q = exactDiv(a, content(a, x, depth));
    if (!q)
      throw GiveUp{};
    return *q;
  }
  /// Pseudo-remainder of a by b w.r.t. x (deg_x b > 0).
  MPoly prem(MPoly r, const MPoly& b, size_t x) {
    uint32_t db = deg(b, x);
    MPoly lb = coeff(b, x, db);
    for (int steps = 0; !r.zero() && deg(r, x) >= db; ++steps) {
      if (steps > 200)
        throw GiveUp{};
      uint32_t d = deg(r, x);
      MPoly lr = coeff(r, x, d);
      MMono xm(nv_, 0);
      xm[x] = d - db;
      r = add(mul(lb, r), mul(mulTerm(lr, xm, Rational(1)), b), Rational(-1));
    }
    return r;
  }
  void check(const MPoly& a) const {
    if (a.t.size() > 400)
      throw GiveUp{};
  }
  size_t nv_;
};

/// Poly <-> MPoly over a shared variable list.
struct PolyVars {
  std::vector<Expr> vars;
  MPoly to(const Poly& p) {
    MPoly r;
    if (!p.c0.isZero())
      r.t[MMono(vars.size(), 0)] = p.c0;
    std::vector<std::pair<Expr, uint32_t>> fs;
    for (const Term& tm : p.terms) {
      fs.clear();
      monoFactors(tm.mono, fs);
      std::vector<std::pair<size_t, uint32_t>> idx;
      for (auto& [prim, e] : fs) {
        size_t k = std::find(vars.begin(), vars.end(), prim) - vars.begin();
        if (k == vars.size())
          vars.push_back(prim);
        idx.emplace_back(k, e);
      }
      MMono m(vars.size(), 0);
      for (auto& [k, e] : idx)
        m[k] += e;
      r.t[m] += tm.coef;
    }
    return r;
  }
  /// Pads the exponent vectors to the final number of variables.
  void pad(MPoly& a) const {
    MPoly r;
    for (auto& [m, c] : a.t) {
      MMono x = m;
      x.resize(vars.size(), 0);
      r.t.emplace(std::move(x), c);
    }
    a = std::move(r);
  }
  Expr from(ExprFactory& f, const MPoly& a, Type t) const {
    std::vector<Expr> terms;
    for (const auto& [m, c] : a.t) {
      Expr term = f.numConst(t, c);
      for (size_t k = 0; k < m.size(); ++k)
        if (m[k])
          term = f.mul(term, f.pow(vars[k], m[k]));
      terms.push_back(term);
    }
    if (terms.empty())
      return f.numConst(t, 0);
    return f.add(terms);
  }
};

/// Cancels gcd(P, Q) in P/Q when nonZero proves it non-zero; nullptr otherwise.
Expr cancelGcd(ExprFactory& f, const Poly& P, const Poly& Q, Type t,
               const std::function<bool(Expr)>& nonZero) {
  if (Q.isConst() || P.isConst())
    return nullptr;
  PolyVars pv;
  MPoly p = pv.to(P), q = pv.to(Q);
  pv.pad(p);
  pv.pad(q);
  try {
    PolyGcd G(pv.vars.size());
    MPoly g = G.gcd(p, q);
    if (g.constant())
      return nullptr;
    auto pp = G.exactDiv(p, g), qq = G.exactDiv(q, g);
    if (!pp || !qq)
      return nullptr;
    if (!nonZero(pv.from(f, g, t)))
      return nullptr;
    return f.div(pv.from(f, *pp, t), pv.from(f, *qq, t));
  } catch (const GiveUp&) {
    return nullptr;
  }
}

Expr cancelQuotient(ExprFactory& f, Bounds& b, Expr q,
                    const std::function<bool(Expr)>& nonZeroByProver) {
  Type t = q->type();
  Poly P = toPoly(q->child(0)), Q = toPoly(q->child(1));
  if (!P.c0.isZero() || !Q.c0.isZero() || P.terms.empty()) {
    // no common monomial factor possible
  } else {
    // Common factors with minimal exponents.
    std::vector<std::pair<Expr, uint32_t>> common, fs;
    monoFactors(Q.terms[0].mono, common);
    auto restrict = [&](const Poly& p) {
      for (const Term& tm : p.terms) {
        fs.clear();
        monoFactors(tm.mono, fs);
        for (auto& [prim, e] : common) {
          uint32_t have = 0;
          for (auto& [p2, e2] : fs)
            if (p2 == prim)
              have = e2;
          e = std::min(e, have);
        }
      }
    };
    restrict(P);
    restrict(Q);
    for (auto& [prim, e] : common) {
      if (e == 0 || !b.nonZero(prim))
        continue;
      P = dividePoly(f, P, prim, e);
      Q = dividePoly(f, Q, prim, e);
    }
  }
  Expr num = fromPoly(f, P, t), den = fromPoly(f, Q, t);
  Expr r = f.div(num, den);
  if (r->kind() == Kind::RealDiv && !Q.terms.empty() && P.terms.size() == Q.terms.size() &&
      P.c0 * Q.terms[0].coef == Q.c0 * P.terms[0].coef) {
    // P == lambda * Q ?
    Rational lambda = P.terms[0].coef / Q.terms[0].coef;
    bool same = P.c0 == Q.c0 * lambda;
    for (size_t i = 0; i < P.terms.size() && same; ++i)
      same = P.terms[i].mono == Q.terms[i].mono && P.terms[i].coef == Q.terms[i].coef * lambda;
    if (same && b.nonZero(den))
      return f.realConst(lambda);
  }
  if (r->kind() == Kind::RealDiv) {
    // Common polynomial factors g (e.g. x - 1 in (x^2 - 1)/(x - 1)): p/q =
    // (p/g)/(q/g) only where g != 0, so cancel only when that is proved.
    auto nonZero = [&](Expr g) { return b.nonZero(g) || nonZeroByProver(g); };
    if (Expr c = cancelGcd(f, toPoly(r->child(0)), toPoly(r->child(1)), t, nonZero))
      return c;
  }
  return r;
}

} // namespace

Expr Prover::simplify(Expr e, Expr ctx) {
  if (knockout::maybe()) // decides nothing (Knockout.h)
    return e;
  if (ctx->isTrue() && e->numChildren() == 0)
    return e;
  // 1. Equalities of the context as substitutions.
  ExprMap subst;
  std::vector<Expr> cs = ExprFactory::conjuncts(ctx);
  for (Expr c0 : cs) {
    Expr c = f_.substitute(c0, subst);
    Expr var = nullptr, val = nullptr;
    if (c->kind() == Kind::Eq && c->child(0)->type()->isNumeric() && c->child(1)->isZero() &&
        c->child(0)->kind() != Kind::RealDiv) {
      Poly p = toPoly(c->child(0));
      for (size_t j = p.terms.size(); j-- > 0;) {
        const Term& tm = p.terms[j];
        if (tm.mono->kind() != Kind::Symbol)
          continue;
        if (tm.mono->type()->isInt() && tm.coef != Rational(1) && tm.coef != Rational(-1))
          continue;
        bool elsewhere = false;
        for (size_t k = 0; k < p.terms.size() && !elsewhere; ++k)
          if (k != j) {
            auto s = f_.freeSymbols(p.terms[k].mono);
            elsewhere = std::binary_search(s.begin(), s.end(), tm.mono, ExprLess());
          }
        if (elsewhere)
          continue;
        Poly rest = p;
        Rational coef = tm.coef;
        rest.terms.erase(rest.terms.begin() + long(j));
        var = tm.mono;
        val = fromPoly(f_, scalePoly(rest, Rational(-1) / coef), var->type());
        break;
      }
    } else if (c->kind() == Kind::Eq) {
      for (int side = 0; side < 2 && !var; ++side) {
        Expr s = c->child(side), o = c->child(1 - side);
        auto os = f_.freeSymbols(o);
        if (s->kind() == Kind::Symbol && !std::binary_search(os.begin(), os.end(), s, ExprLess())) {
          var = s;
          val = o;
        }
      }
    } else if (c->kind() == Kind::Symbol) {
      var = c;
      val = f_.trueExpr();
    } else if (c->kind() == Kind::Not && c->child(0)->kind() == Kind::Symbol) {
      var = c->child(0);
      val = f_.falseExpr();
    }
    if (var) {
      ExprMap one{{var, val}};
      for (auto& [k, v] : subst)
        v = f_.substitute(v, one);
      subst.emplace(var, val);
    }
  }
  Expr e1 = f_.substitute(e, subst);
  std::vector<Expr> cs1;
  for (Expr c : cs) {
    Expr c1 = f_.substitute(c, subst);
    for (Expr x : ExprFactory::conjuncts(c1))
      cs1.push_back(x);
  }
  // 2. Bounds and known atoms.
  Bounds b(f_, cs1);
  auto proverNonZero = [&](Expr g) {
    return valid(ctx, f_.neq(g, f_.numConst(g->type(), 0))) == Answer::Yes;
  };
  std::unordered_map<Expr, Expr> memo;
  std::function<Expr(Expr)> go = [&](Expr x) -> Expr {
    if (x->numChildren() == 0)
      return x;
    auto it = memo.find(x);
    if (it != memo.end())
      return it->second;
    Expr r = x;
    if (x->kind() != Kind::Forall && x->kind() != Kind::Exists && x->kind() != Kind::Lambda) {
      std::vector<Expr> ch;
      for (Expr c : x->children())
        ch.push_back(go(c));
      r = f_.rebuild(x, ch);
    }
    if (r->type()->isBool()) {
      if (auto d = b.decide(r))
        r = f_.boolConst(*d);
    } else if (r->kind() == Kind::RealDiv) {
      r = cancelQuotient(f_, b, r, proverNonZero);
    }
    memo.emplace(x, r);
    return r;
  };
  return go(e1);
}

} // namespace chorus::sym
