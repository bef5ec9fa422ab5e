#include "chorus/model/NormalizeLoop.h"

#include "chorus/model/Loops.h"
#include "chorus/model/Program.h"

namespace chorus::model {

namespace {

/// The head's transitions are two statement-free branches (one into the
/// body, at most one out) and no other location of the body leaves it.
bool normalForm(const Function& fn, LocId head, const std::vector<bool>& body) {
  int in = 0, out = 0;
  for (TransId tid : fn.locs[head].out) {
    const Transition& t = fn.trans[tid];
    if (t.stmt.kind != StmtKind::Nop)
      return false;
    (t.to < body.size() && body[t.to] ? in : out)++;
  }
  if (in != 1 || out > 1)
    return false;
  for (const Transition& t : fn.trans)
    if (t.from != head && t.from < body.size() && body[t.from] && t.to < body.size() && !body[t.to])
      return false;
  return true;
}

} // namespace

LocId normalizeLoop(Program& p, FuncId f, LocId head) {
  if (f >= p.funcs.size() || head >= p.funcs[f].locs.size())
    return head;
  std::vector<bool> body = naturalLoop(p.funcs[f], head);
  if (normalForm(p.funcs[f], head, body))
    return head;
  SrcLoc l = p.funcs[f].locs[head].loc;
  const Type* it = p.types.intType();
  Variable v;
  v.name = "$exit" + std::to_string(head);
  v.type = it;
  v.kind = VarKind::Temp;
  v.func = f;
  v.loc = l;
  v.loopExitSelector = true;
  VarId x = p.addVar(std::move(v));
  Function& fn = p.funcs[f];
  fn.locals.push_back(x);
  auto var = [&] {
    Expr e;
    e.kind = ExprKind::Var;
    e.var = x;
    e.type = it;
    e.loc = l;
    return p.expr(std::move(e));
  };
  auto lit = [&](long long k) {
    Expr e;
    e.kind = ExprKind::IntLit;
    e.type = it;
    e.loc = l;
    e.ival = k;
    e.text = std::to_string(k);
    return p.expr(std::move(e));
  };
  auto cmp = [&](Op op, long long k) {
    Expr e;
    e.kind = ExprKind::Binary;
    e.op = op;
    e.kids = {var(), lit(k)};
    e.type = it;
    e.loc = l;
    return p.expr(std::move(e));
  };
  auto assign = [&](long long k) {
    Stmt s;
    s.kind = StmtKind::Assign;
    s.lhs = var();
    s.rhs = lit(k);
    return s;
  };
  auto add = [&](LocId from, LocId to, const Expr* guard, Stmt s, SrcLoc at) {
    Transition t;
    t.from = from;
    t.to = to;
    t.guard = guard;
    t.stmt = std::move(s);
    t.loc = at;
    fn.addTrans(std::move(t));
  };
  size_t n = body.size(), m = fn.trans.size();
  std::vector<TransId> exits;
  for (TransId t = 0; t < m; ++t) {
    const Transition& tr = fn.trans[t];
    if (tr.from < n && body[tr.from] && tr.to < n && !body[tr.to])
      exits.push_back(t);
  }
  LocId nh = fn.addLoc(l, true);
  LocId pre = fn.addLoc(l);
  LocId disp = fn.addLoc(l);
  fn.locs[head].loopHead = false;
  for (TransId t = 0; t < m; ++t) {
    Transition& tr = fn.trans[t];
    if (tr.to == head)
      tr.to = tr.from < n && body[tr.from] ? nh : pre; // back edge or entry
  }
  if (fn.entry == head)
    fn.entry = pre;
  add(pre, nh, nullptr, assign(0), l);
  add(nh, head, cmp(Op::Eq, 0), Stmt{}, l);
  if (!exits.empty())
    add(nh, disp, cmp(Op::Ne, 0), Stmt{}, l);
  for (size_t k = 0; k < exits.size(); ++k) {
    SrcLoc at = fn.trans[exits[k]].loc.valid() ? fn.trans[exits[k]].loc : l;
    LocId target = fn.trans[exits[k]].to;
    LocId e = fn.addLoc(at);
    fn.trans[exits[k]].to = e;
    add(e, nh, nullptr, assign((long long)k + 1), at);
    add(disp, target, cmp(Op::Eq, (long long)k + 1), Stmt{}, at);
  }
  return nh;
}

} // namespace chorus::model
