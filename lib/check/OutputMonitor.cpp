#include "chorus/check/OutputMonitor.h"

#include "chorus/model/Compose.h"

namespace chorus::check {

using exec::Expr;

namespace {
uint32_t globalIndexOf(const model::Program& p, model::VarId v) {
  for (uint32_t g = 0; g < p.globals.size(); ++g)
    if (p.globals[g] == v)
      return g;
  return model::kNone;
}

std::string shown(Expr e) {
  std::string s = sym::toString(e);
  if (s.size() > 160)
    s = s.substr(0, 157) + "...";
  return s;
}
} // namespace

OutputMonitor::OutputMonitor(exec::Executor& ex) : ex_(ex) {
  const model::Program& p = ex.program();
  if (p.components.size() != 2)
    return;
  for (const model::OutputDecl& s : p.outputs) {
    uint32_t sg = globalIndexOf(p, s.var);
    if (sg == model::kNone || model::componentOfGlobal(p, sg) != 0)
      continue;
    for (const model::OutputDecl& i : p.outputs) {
      uint32_t ig = globalIndexOf(p, i.var);
      if (ig != model::kNone && model::componentOfGlobal(p, ig) == 1 &&
          p.var(i.var).name == p.var(s.var).name)
        pairs_.push_back(Pair{p.var(s.var).name, sg, ig, &i});
    }
  }
}

void OutputMonitor::terminal(const exec::GlobalState& s) {
  const model::Program& P = ex_.program();
  sym::ExprFactory& f = ex_.values().factory();
  int sp = ex_.componentBase(0), ip = ex_.componentBase(1);
  for (const Pair& pr : pairs_) {
    Expr a = s.procs[sp]->globalValue(pr.specGlobal, f);
    Expr b = s.procs[ip]->globalValue(pr.implGlobal, f);
    if (!a || !b)
      throw exec::Unsupported("output '" + pr.name + "' has no value at termination");
    Expr same = f.eq(a, b);
    exec::Answer ans = exec::trivial(same) ? exec::Answer::Yes
                       : same->isFalse()   ? exec::Answer::No
                                           : ex_.oracle().valid(s.pc, same);
    if (ans == exec::Answer::Yes)
      continue;
    if (ans == exec::Answer::Maybe) {
      ex_.noteUndecided("OUTPUT_MISMATCH: output '" + pr.name + "' at " +
                        P.where(pr.implDecl->loc));
      continue;
    }
    Expr cond = f.logicalAnd(s.pc, f.logicalNot(same));
    if (std::string why = ex_.uninterpretedIn(cond); !why.empty()) {
      exec::Unsupported u("OUTPUT_MISMATCH at " + P.where(pr.implDecl->loc) + " (output '" +
                          pr.name + "' may differ) depends on " + why);
      u.condition = cond; // (a concrete run may confirm it: confirmRounding)
      throw u;
    }
    exec::ViolationError e;
    e.violation.kind = ViolationKind::OutputMismatch;
    e.violation.loc = pr.implDecl->loc;
    e.violation.proc = ip;
    e.violation.message = "output '" + pr.name + "' differs: the specification (process " +
                          std::to_string(sp) + ") computed " + shown(a) +
                          ", the implementation (process " + std::to_string(ip) + ") " + shown(b);
    e.condition = cond;
    e.step.proc = ip;
    e.step.loc = pr.implDecl->loc;
    e.step.stmt = "compare outputs at termination";
    e.step.effects.push_back("spec " + pr.name + " = " + shown(a));
    e.step.effects.push_back("impl " + pr.name + " = " + shown(b));
    throw e;
  }
}

} // namespace chorus::check
