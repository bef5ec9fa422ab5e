#include "Obligations.h"

#include <algorithm>
#include <unordered_set>

namespace chorus::check::detail {

void raise(ViolationKind k, model::SrcLoc loc, int proc, const std::string& msg, Expr cond,
           exec::Step step) {
  exec::ViolationError e;
  e.violation.kind = k;
  e.violation.loc = loc;
  e.violation.proc = proc;
  e.violation.message = msg;
  e.condition = cond;
  e.step = std::move(step);
  throw e;
}

namespace {

/// The integer symbols free in the binders (quantifiers, lambdas, sums) of
/// e, in order of first occurrence: the free counts and bounds of the
/// ranges a claim quantifies over.
void binderInts(sym::ExprFactory& f, Expr e, std::vector<Expr>& out,
                std::unordered_set<Expr>& seen) {
  if (!seen.insert(e).second || e->numChildren() == 0)
    return;
  switch (e->kind()) {
  case sym::Kind::Forall:
  case sym::Kind::Exists:
  case sym::Kind::Lambda:
  case sym::Kind::Sum:
  case sym::Kind::ArrayLambda:
    for (Expr x : f.freeSymbols(e))
      if (x->type()->isInt() && std::find(out.begin(), out.end(), x) == out.end())
        out.push_back(x);
    return;
  default:
    for (Expr c : e->children())
      binderInts(f, c, out, seen);
  }
}

/// The value of the linear polynomial p (over bv only) at bv = k.
std::optional<int64_t> at(sym::ExprFactory& f, Expr p, Expr bv, int64_t k) {
  Expr v = f.substitute(p, sym::ExprMap{{bv, f.intConst(sym::Rational(k))}});
  return v->kind() == sym::Kind::NumConst ? v->value().toInt64() : std::nullopt;
}

/// The range [lo, hi) the atoms `0 <= p(bv)` among `parts` give bv, each
/// with p of slope +-1 over bv alone: as the excluded side of a range
/// (forallRange's disjunction, `excluded`) or its included side
/// (existsRange's conjunction).
std::optional<std::pair<int64_t, int64_t>> rangeOf(sym::ExprFactory& f, Expr bv,
                                                   std::span<const Expr> parts, bool excluded) {
  std::optional<int64_t> lo, hi;
  for (Expr a : parts) {
    if (a->kind() != sym::Kind::Le || (a->flags() & ~sym::Node::kFlagBound) != 0)
      continue;
    Expr p = a->children()[0];
    auto p0 = at(f, p, bv, 0), p1 = at(f, p, bv, 1);
    if (!p0 || !p1 || (*p1 - *p0 != 1 && *p1 - *p0 != -1))
      continue;
    bool up = *p1 - *p0 == 1; // 0 <= bv + p0: bv >= -p0; else 0 <= p0 - bv: bv <= p0
    if (excluded == up)
      hi = up ? -*p0 : *p0 + 1; // bv >= -p0 excluded / included bv <= p0
    else
      lo = up ? -*p0 : *p0 + 1; // bv >= -p0 included / bv <= p0 excluded
  }
  if (!lo || !hi)
    return std::nullopt;
  return std::make_pair(*lo, *hi);
}

/// e with its quantifiers over concrete ranges of at most the factory's
/// expansion limit expanded (outermost first: an inner range may depend on
/// the outer variable), as forallRange/existsRange expand them when built
/// with constant bounds; a substitution that makes the bounds constant
/// leaves them quantified.
Expr expandRanges(sym::ExprFactory& f, Expr e, std::unordered_map<Expr, Expr>& memo) {
  if (e->numChildren() == 0 || !e->hasBoundVars()) // (a binder holds its variable)
    return e;
  auto it = memo.find(e);
  if (it != memo.end())
    return it->second;
  Expr r = nullptr;
  if (e->kind() == sym::Kind::Forall || e->kind() == sym::Kind::Exists) {
    Expr bv = e->children()[0], body = e->children()[1];
    bool all = e->kind() == sym::Kind::Forall;
    sym::Kind joint = all ? sym::Kind::Or : sym::Kind::And;
    if (body->kind() == joint)
      if (auto rg = rangeOf(f, bv, body->children(), all);
          rg && (rg->second <= rg->first ||
                 uint64_t(rg->second - rg->first) <= f.options().expandLimit)) {
        std::vector<Expr> cs;
        for (int64_t k = rg->first; k < rg->second; ++k)
          cs.push_back(f.substitute(body, sym::ExprMap{{bv, f.intConst(sym::Rational(k))}}));
        r = expandRanges(f, all ? f.logicalAnd(cs) : f.logicalOr(cs), memo);
      }
  }
  if (!r) {
    std::vector<Expr> ch;
    bool changed = false;
    for (Expr c : e->children()) {
      ch.push_back(expandRanges(f, c, memo));
      changed = changed || ch.back() != c;
    }
    r = changed ? f.rebuild(e, ch) : e;
  }
  memo.emplace(e, r);
  return r;
}

/// An obligation the prover could not decide over a range of free length
/// (a count the contract leaves free: a wrong op under the quantifier):
/// each such integer in turn is given the values 1, 2, 3 (the others the
/// path condition then fixes, e.g. the other ranks' counts by
/// \mpi_agree, with it), and the claim asked again without the unbounded
/// range. A NO there is a model of the path condition where the claim
/// fails: a real refutation, returned with the values used (their
/// equalities are in the condition, so the counterexample shows them).
/// A value outside the precondition makes the path condition false.
std::optional<std::pair<Expr, std::string>> refuteByInstances(exec::Executor& ex,
                                                              const exec::GlobalState& s, Expr ok) {
  sym::ExprFactory& f = ex.values().factory();
  std::vector<Expr> cands;
  std::unordered_set<Expr> seen;
  binderInts(f, ok, cands, seen);
  if (cands.empty())
    return std::nullopt;
  // the others: every integer symbol (the path condition may tie them to c)
  std::vector<Expr> others;
  for (Expr e : {s.pc, ok})
    for (Expr x : f.freeSymbols(e))
      if (x->kind() == sym::Kind::Symbol && x->type()->isInt() &&
          std::find(others.begin(), others.end(), x) == others.end())
        others.push_back(x);
  // the conjuncts outside binders: where the other values are looked up
  Expr plain = s.pc;
  if (plain->hasBoundVars()) {
    std::vector<Expr> keep;
    if (plain->kind() == sym::Kind::And)
      for (Expr c : plain->children())
        if (!c->hasBoundVars())
          keep.push_back(c);
    plain = f.logicalAnd(keep);
  }
  for (Expr c : cands)
    for (int64_t k = 1; k <= 3; ++k) {
      if (ex.oracle().pastDeadline())
        return std::nullopt;
      Expr kc = f.intConst(sym::Rational(k));
      Expr ctx = f.logicalAnd(plain, f.eq(c, kc));
      sym::ExprMap map{{c, kc}};
      std::vector<Expr> eqs{f.eq(c, kc)};
      for (Expr d : others)
        if (d != c)
          if (Expr u = ex.oracle().uniqueValue(ctx, d); u && u->kind() == sym::Kind::NumConst) {
            map.emplace(d, u);
            eqs.push_back(f.eq(d, u));
          }
      std::unordered_map<Expr, Expr> memo;
      Expr pc = expandRanges(f, f.substitute(s.pc, map), memo);
      if (pc->isFalse())
        continue;
      Expr claim = expandRanges(f, f.substitute(ok, map), memo);
      if (claim->isTrue() || ex.oracle().valid(pc, claim) != exec::Answer::No)
        continue;
      eqs.push_back(pc);
      eqs.push_back(f.logicalNot(claim));
      return std::make_pair(f.logicalAnd(eqs), sym::toString(c) + " = " + std::to_string(k));
    }
  return std::nullopt;
}

} // namespace

void discharge(exec::Executor& ex, exec::GlobalState& s, Expr ok, ViolationKind k,
               model::SrcLoc loc, int proc, const std::function<std::string()>& msg,
               const exec::Step& step) {
  if (exec::trivial(ok))
    return;
  sym::ExprFactory& f = ex.values().factory();
  exec::Answer a = ok->isFalse() ? exec::Answer::No : ex.oracle().valid(s.pc, ok);
  if (a == exec::Answer::Yes)
    return;
  if (a == exec::Answer::No)
    raise(k, loc, proc, msg(), f.logicalAnd(s.pc, f.logicalNot(ok)), step);
  if (auto r = refuteByInstances(ex, s, ok))
    raise(k, loc, proc, msg() + " (undecided for every count; refuted with " + r->second + ")",
          r->first, step);
  ex.noteUndecided(std::string(kindName(k)) + ": " + msg() + " at " + ex.program().where(loc));
  s.pc = f.logicalAnd(s.pc, ok);
}

const state::ProcState* withoutMarks(exec::Executor& ex, const state::ProcState* ps) {
  bool any = false;
  for (const state::Frame& fr : ps->stack)
    any = any || !fr.marks.empty();
  if (!any)
    return ps;
  state::ProcState q = *ps;
  for (state::Frame& fr : q.stack)
    fr.marks.clear();
  return ex.interner().intern(std::move(q));
}

const state::Mark* findMark(const state::Frame& fr, state::Mark::Kind k, model::LocId at) {
  for (const state::Mark& m : fr.marks)
    if (m.kind == k && m.at == at)
      return &m;
  return nullptr;
}

std::optional<Expr>
behaviorGuard(exec::Executor& ex, const model::Behavior& bh,
              const std::function<std::optional<Expr>(const model::Clause&)>& assumes) {
  std::vector<Expr> as;
  for (const model::Clause& cl : bh.clauses) {
    if (cl.kind != model::ClauseKind::Assumes)
      continue;
    auto v = assumes(cl);
    if (!v)
      return std::nullopt;
    as.push_back(*v);
  }
  return ex.values().factory().logicalAnd(as);
}

std::optional<Expr> evaluate(exec::Executor& ex, const std::function<Expr()>& eval, ViolationKind k,
                             model::SrcLoc loc, int proc, const std::string& what,
                             const exec::Step& step) {
  try {
    return eval();
  } catch (const exec::ViolationError& e) {
    raise(k, loc, proc, what + " cannot be evaluated: " + e.violation.message, e.condition, step);
  } catch (const exec::Unsupported& e) {
    ex.noteUnchecked(what + " at " + ex.program().where(loc) + " (" + e.what() + ")");
    return std::nullopt;
  }
}

std::string joinReads(const std::vector<std::string>& reads) {
  std::string r;
  for (size_t i = 0; i < reads.size(); ++i)
    r += (i == 0 ? "" : i + 1 == reads.size() ? " and " : ", ") + reads[i];
  return r;
}

} // namespace chorus::check::detail

namespace chorus::check::detail {

void dischargeFrame(exec::Executor& ex, exec::GlobalState& s,
                    const std::vector<exec::FrameObligation>& obs, Expr guard, ViolationKind k,
                    model::SrcLoc loc, int proc, const std::string& clause,
                    const exec::Step& step) {
  if (obs.empty())
    return;
  sym::ExprFactory& f = ex.values().factory();
  auto under = [&](Expr ok) { return guard ? f.implies(guard, ok) : ok; };
  std::vector<Expr> all;
  for (const exec::FrameObligation& o : obs)
    all.push_back(under(o.ok));
  Expr conj = f.logicalAnd(all);
  if (exec::trivial(conj) || ex.oracle().valid(s.pc, conj) == exec::Answer::Yes)
    return;
  // name the first location that may have changed
  for (const exec::FrameObligation& o : obs) {
    std::string change = "'" + o.what + "' changed";
    if (o.before && o.after) {
      auto show = [&](Expr v) {
        if (ex.values().isUndef(v))
          return std::string("(uninitialized)");
        std::string t = sym::toString(v);
        return t.size() > 60 ? t.substr(0, 57) + "..." : t;
      };
      change += " (from " + show(o.before) + " to " + show(o.after) + ")";
    }
    discharge(
        ex, s, under(o.ok), k, loc, proc, [&] { return change + " but is not in " + clause; },
        step);
  }
}

void checkFrame(exec::Executor& ex, exec::GlobalState& s,
                const std::function<std::vector<exec::FrameObligation>()>& obligations, Expr guard,
                model::SrcLoc loc, int proc, const std::string& clause, const exec::Step& step) {
  std::vector<exec::FrameObligation> obs;
  try {
    obs = obligations();
  } catch (const exec::ViolationError& e) {
    raise(ViolationKind::Assigns, loc, proc,
          clause + " cannot be evaluated: " + e.violation.message, e.condition, step);
  } catch (const exec::Unsupported& e) {
    ex.noteUnchecked(clause + " (" + e.what() + ")");
    return;
  }
  dischargeFrame(ex, s, obs, guard, ViolationKind::Assigns, loc, proc, clause, step);
}

} // namespace chorus::check::detail
