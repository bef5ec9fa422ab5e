#include "Merge.h"

#include <algorithm>
#include <functional>
#include <unordered_set>

namespace chorus::search {

using exec::GlobalState;
using state::ProcState;
using sym::Expr;

bool mergeable(const GlobalState& a, const GlobalState& b, int p) {
  if (a.procs.size() != b.procs.size() || a.fresh != b.fresh)
    return false;
  for (size_t q = 0; q < a.procs.size(); ++q)
    if (int(q) != p && a.procs[q] != b.procs[q])
      return false;
  const ProcState &x = *a.procs[size_t(p)], &y = *b.procs[size_t(p)];
  if (x.stack.size() != y.stack.size() || x.callPhase != y.callPhase ||
      x.globals.size() != y.globals.size() || !x.threads.empty() || !y.threads.empty())
    return false;
  for (size_t i = 0; i < x.stack.size(); ++i)
    if (x.stack[i].func != y.stack[i].func || x.stack[i].loc != y.stack[i].loc ||
        x.stack[i].slots.size() != y.stack[i].slots.size())
      return false;
  return true;
}

namespace {

bool scalar(Expr v) {
  return v && !v->hasRefs() && (v->type()->isNumeric() || v->type()->isBool());
}

/// The paths' values (or process states) at one place are one.
template <class T> bool allSame(const std::vector<T>& xs) {
  return std::all_of(xs.begin(), xs.end(), [&](const T& x) { return x == xs[0]; });
}

} // namespace

std::optional<GlobalState> mergeStates(exec::Executor& ex,
                                       const std::vector<const GlobalState*>& sts, int p) {
  const size_t k = sts.size();
  if (k < 2)
    return std::nullopt;
  for (size_t i = 1; i < k; ++i)
    if (!mergeable(*sts[0], *sts[i], p))
      return std::nullopt;
  sym::ExprFactory& f = ex.values().factory();
  // The path conditions: the conjuncts common to all, and each one's own.
  std::vector<std::vector<Expr>> cs(k);
  for (size_t i = 0; i < k; ++i)
    cs[i] = sym::ExprFactory::conjuncts(sts[i]->pc);
  std::vector<Expr> common;
  for (Expr c : cs[0]) {
    bool all = true;
    for (size_t i = 1; i < k && all; ++i)
      all = std::find(cs[i].begin(), cs[i].end(), c) != cs[i].end();
    if (all)
      common.push_back(c);
  }
  std::unordered_set<Expr> isCommon(common.begin(), common.end());
  std::vector<Expr> own(k);
  for (size_t i = 0; i < k; ++i) {
    std::vector<Expr> rest;
    for (Expr c : cs[i])
      if (!isCommon.count(c))
        rest.push_back(c);
    if (rest.empty())
      return std::nullopt; // (a path whose condition is the common part: no ite tells it apart)
    own[i] = f.logicalAnd(rest);
  }
  // Exclusive: under the common part, no two paths' own parts hold together
  // (a model of the merged state is then one of exactly one path).
  Expr ctx = f.logicalAnd(common);
  for (size_t i = 0; i < k; ++i)
    for (size_t j = i + 1; j < k; ++j) {
      Expr both = f.logicalAnd(own[i], own[j]);
      if (!both->isFalse() && ex.oracle().valid(ctx, f.logicalNot(both)) != exec::Answer::Yes)
        return std::nullopt;
    }
  // The merged value at each place where the paths differ.
  auto join = [&](const std::vector<Expr>& vs) -> Expr {
    if (allSame(vs))
      return vs[0];
    for (size_t i = 0; i < k; ++i)
      if (!scalar(vs[i]) || vs[i]->type() != vs[0]->type())
        return nullptr;
    Expr v = vs[k - 1];
    for (size_t i = k - 1; i-- > 0;)
      v = f.ite(own[i], vs[i], v);
    return v;
  };
  state::ProcInterner& in = ex.interner();
  // The process states (p's, or the snapshots its marks keep) merged: the
  // copies with the merged values must be one process state.
  std::function<const ProcState*(const std::vector<const ProcState*>&)> proc =
      [&](const std::vector<const ProcState*>& src) -> const ProcState* {
    if (allSame(src))
      return src[0];
    for (size_t i = 0; i < k; ++i)
      if (!src[i] || src[i]->stack.size() != src[0]->stack.size() ||
          src[i]->globals.size() != src[0]->globals.size() || !src[i]->threads.empty())
        return nullptr;
    std::vector<ProcState> copies;
    copies.reserve(k);
    for (size_t i = 0; i < k; ++i)
      copies.push_back(*src[i]);
    const ProcState& base = *src[0];
    std::vector<Expr> vs(k);
    auto place = [&](auto at) {
      for (size_t i = 0; i < k; ++i)
        vs[i] = at(copies[i]);
      Expr v = join(vs);
      if (!v && vs[0])
        return false;
      for (size_t i = 0; i < k; ++i)
        at(copies[i]) = v;
      return true;
    };
    for (size_t fr = 0; fr < base.stack.size(); ++fr) {
      for (size_t i = 0; i < k; ++i)
        if (copies[i].stack[fr].slots.size() != base.stack[fr].slots.size() ||
            copies[i].stack[fr].marks.size() != base.stack[fr].marks.size())
          return nullptr;
      for (size_t s = 0; s < base.stack[fr].slots.size(); ++s)
        if (!place([&](ProcState& c) -> Expr& { return c.stack[fr].slots[s]; }))
          return nullptr;
      for (size_t mk = 0; mk < base.stack[fr].marks.size(); ++mk) {
        if (!place([&](ProcState& c) -> Expr& { return c.stack[fr].marks[mk].value; }))
          return nullptr;
        std::vector<const ProcState*> snaps(k);
        for (size_t i = 0; i < k; ++i)
          snaps[i] = copies[i].stack[fr].marks[mk].ps;
        const ProcState* snap = proc(snaps);
        if (!snap && snaps[0])
          return nullptr;
        for (size_t i = 0; i < k; ++i)
          copies[i].stack[fr].marks[mk].ps = snap;
      }
    }
    for (size_t g = 0; g < base.globals.size(); ++g)
      if (!place([&](ProcState& c) -> Expr& { return c.globals[g]; }))
        return nullptr;
    std::vector<const ProcState*> ps(k);
    for (size_t i = 0; i < k; ++i)
      ps[i] = in.intern(std::move(copies[i]));
    for (size_t i = 1; i < k; ++i)
      if (ps[i] != ps[0])
        return nullptr;
    return ps[0];
  };
  std::vector<const ProcState*> src(k);
  for (size_t i = 0; i < k; ++i)
    src[i] = sts[i]->procs[size_t(p)];
  const ProcState* merged = proc(src);
  if (!merged)
    return std::nullopt;
  std::vector<Expr> pcParts = common;
  pcParts.push_back(f.logicalOr(own));
  Expr pc = f.logicalAnd(pcParts);
  GlobalState m = *sts[0];
  m.procs[size_t(p)] = merged;
  m.pc = pc;
  for (size_t i = 1; i < k; ++i) {
    GlobalState o = *sts[i];
    o.procs[size_t(p)] = merged;
    o.pc = pc;
    if (!(o == m))
      return std::nullopt;
  }
  return m;
}

} // namespace chorus::search
