#include "Obligations.h"

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
