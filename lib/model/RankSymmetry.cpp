// The static check that a collective procedure and its contract treat all
// ranks alike (see RankSymmetry.h and lib/exec/DESIGN-NOTES.md "Rank
// symmetry").
#include "chorus/model/RankSymmetry.h"
#include "chorus/model/Printer.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace chorus::model {

namespace {

constexpr int64_t kAnySourceValue = -1; // mpi.h MPI_ANY_SOURCE

/// Rank positions (argument indices) of the calls f may make; the status
/// arguments, which must be MPI_STATUS(ES)_IGNORE.
struct CallShape {
  std::vector<size_t> dests, sources;
  std::vector<size_t> statuses;
};

const std::map<std::string, CallShape>& shapes() {
  static const std::map<std::string, CallShape> m = {
      {"MPI_Send", {{3}, {}, {}}},        {"MPI_Ssend", {{3}, {}, {}}},
      {"MPI_Bsend", {{3}, {}, {}}},       {"MPI_Rsend", {{3}, {}, {}}},
      {"MPI_Isend", {{3}, {}, {}}},       {"MPI_Issend", {{3}, {}, {}}},
      {"MPI_Recv", {{}, {3}, {6}}},       {"MPI_Irecv", {{}, {3}, {}}},
      {"MPI_Sendrecv", {{3}, {8}, {11}}}, {"MPI_Sendrecv_replace", {{3}, {5}, {8}}},
      {"MPI_Wait", {{}, {}, {1}}},        {"MPI_Waitall", {{}, {}, {2}}},
      {"MPI_Comm_rank", {{}, {}, {}}},    {"MPI_Comm_size", {{}, {}, {}}},
  };
  return m;
}

struct Check {
  const Program& p;
  std::set<VarId> ranks; // rank-valued variables (f's and the contract's)
  std::set<VarId> sizes; // MPI_Comm_size results
  std::string why;

  static const Expr* strip(const Expr* e) {
    while (e && e->kind == ExprKind::Cast && e->type->kind != TypeKind::Pointer)
      e = e->kids[0];
    return e;
  }
  void fail(const std::string& w, SrcLoc at) {
    if (why.empty())
      why = w + " at " + p.where(at);
  }
  static std::optional<int64_t> constant(const Expr* e) {
    e = strip(e);
    if (e && e->kind == ExprKind::IntLit && e->fitsInt64)
      return e->ival;
    if (e && e->kind == ExprKind::Unary && e->op == Op::Neg)
      if (auto v = constant(e->kids[0]))
        return -*v;
    return std::nullopt;
  }
  bool isRankVar(const Expr* e) const {
    e = strip(e);
    return e && e->kind == ExprKind::Var && ranks.count(e->var);
  }
  bool isSize(const Expr* e) const {
    e = strip(e);
    if (!e)
      return false;
    if (e->kind == ExprKind::Builtin && e->name == "\\mpi_comm_size")
      return true;
    if (e->kind == ExprKind::Old)
      return isSize(e->kids[0]);
    return e->kind == ExprKind::Var && sizes.count(e->var);
  }
  /// Whether e's value is rank data (a rank variable, \mpi_comm_rank,
  /// \mpi_on or \old of one, a choice between ranks).
  bool rankValued(const Expr* e) const {
    e = strip(e);
    if (!e)
      return false;
    switch (e->kind) {
    case ExprKind::Var:
      return ranks.count(e->var) > 0;
    case ExprKind::Builtin:
      if (e->name == "\\mpi_comm_rank")
        return true;
      return e->name == "\\mpi_on" && !e->kids.empty() && rankValued(e->kids[0]);
    case ExprKind::Old:
      return rankValued(e->kids[0]);
    case ExprKind::Cond:
      return rankValued(e->kids[1]) || rankValued(e->kids[2]);
    default:
      return false;
    }
  }
  /// The rank variables e would be if it were a rank expression (the
  /// variables of its value branches), for the propagation.
  void valueVars(const Expr* e, std::vector<VarId>& out) const {
    e = strip(e);
    if (!e)
      return;
    if (e->kind == ExprKind::Var)
      out.push_back(e->var);
    else if (e->kind == ExprKind::Cond) {
      valueVars(e->kids[1], out);
      valueVars(e->kids[2], out);
    }
  }

  /// A rank expression: a rank variable, \mpi_comm_rank, a negative
  /// constant (no rank), `c ? r1 : r2` of a symmetric condition,
  /// \old(r), \mpi_on(r, r2).
  bool rankExpr(const Expr* e, bool annot) {
    e = strip(e);
    if (!e)
      return false;
    if (auto v = constant(e)) {
      if (*v < 0 && *v != kAnySourceValue)
        return true;
      fail("rank constant " + std::to_string(*v), e->loc);
      return false;
    }
    switch (e->kind) {
    case ExprKind::Var:
      if (ranks.count(e->var))
        return true;
      break;
    case ExprKind::Builtin:
      if (annot && e->name == "\\mpi_comm_rank")
        return true;
      if (annot && e->name == "\\mpi_on" && e->kids.size() == 2)
        return rankExpr(e->kids[0], annot) && rankExpr(e->kids[1], annot);
      break;
    case ExprKind::Old:
      return annot && rankExpr(e->kids[0], annot);
    case ExprKind::Cond:
      cond(e->kids[0], annot);
      return rankExpr(e->kids[1], annot) && rankExpr(e->kids[2], annot);
    default:
      break;
    }
    fail("a rank computed by '" + toString(p, e) + "'", e->loc);
    return false;
  }

  /// A comparison involving rank data must hold of every rank alike.
  void comparison(const Expr* e, bool annot) {
    const Expr *a = strip(e->kids[0]), *b = strip(e->kids[1]);
    Op op = e->op;
    bool ra = rankValued(a), rb = rankValued(b);
    if (!ra && !rb) {
      scan(a, annot);
      scan(b, annot);
      return;
    }
    if (!ra) { // constant-or-size op rank: mirror
      std::swap(a, b);
      op = op == Op::Lt   ? Op::Gt
           : op == Op::Gt ? Op::Lt
           : op == Op::Le ? Op::Ge
           : op == Op::Ge ? Op::Le
                          : op;
    }
    rankExpr(a, annot);
    if (rankValued(b)) { // rank vs rank: equality only
      rankExpr(b, annot);
      if (op != Op::Eq && op != Op::Ne)
        fail("ranks ordered by '" + toString(p, e) + "'", e->loc);
      return;
    }
    if (isSize(b))
      return; // every rank < size
    if (auto v = constant(b)) {
      if (*v < 0)
        return; // every rank > v
      if (*v == 0 && (op == Op::Ge || op == Op::Lt))
        return; // every rank >= 0
    }
    fail("a comparison '" + toString(p, e) + "' that tells ranks apart", e->loc);
  }

  /// A condition (guard, `c ?`, a contract predicate).
  void cond(const Expr* e, bool annot) { scan(e, annot); }

  /// Every use of rank data in e must be allowed.
  void scan(const Expr* e, bool annot) {
    if (!e || !why.empty())
      return;
    switch (e->kind) {
    case ExprKind::Binary:
      if (e->op == Op::Lt || e->op == Op::Gt || e->op == Op::Le || e->op == Op::Ge ||
          e->op == Op::Eq || e->op == Op::Ne) {
        comparison(e, annot);
        return;
      }
      break;
    case ExprKind::Var:
      if (ranks.count(e->var))
        fail("rank '" + p.var(e->var).name + "' used in '" + toString(p, e) + "'", e->loc);
      return;
    case ExprKind::Builtin:
      if (e->name == "\\mpi_comm_rank") {
        fail("\\mpi_comm_rank used other than as a rank", e->loc);
        return;
      }
      if (e->name == "\\mpi_on" && e->kids.size() == 2) {
        if (!rankValued(e->kids[0]))
          scan(e->kids[0], annot);
        else
          fail("rank data read by '" + toString(p, e) + "' used other than as a rank", e->loc);
        rankExpr(e->kids[1], annot);
        return;
      }
      break;
    case ExprKind::SetOf:
      // a set of ranks (waitsfor): its elements are ranks
      if (!e->kids.empty() && rankValued(e->kids[0])) {
        rankExpr(e->kids[0], annot);
        for (size_t k = 1; k < e->kids.size(); ++k)
          scan(e->kids[k], annot);
        return;
      }
      break;
    case ExprKind::Quant:
      if (e->op == Op::Sum)
        for (VarId b : e->bound)
          if (ranks.count(b))
            fail("a sum over ranks (in rank order)", e->loc);
      break;
    default:
      break;
    }
    for (const Expr* k : e->kids)
      scan(k, annot);
  }

  /// Bound variables of the contract that are ranks: compared with a rank
  /// or used as the rank of \mpi_on.
  void boundRanks(const Expr* e, const std::set<VarId>& bound, bool& changed) {
    if (!e)
      return;
    auto mark = [&](const Expr* x) {
      x = strip(x);
      if (x && x->kind == ExprKind::Var && bound.count(x->var) && ranks.insert(x->var).second)
        changed = true;
    };
    if (e->kind == ExprKind::Binary && (e->op == Op::Eq || e->op == Op::Ne)) {
      if (rankValued(e->kids[0]))
        mark(e->kids[1]);
      if (rankValued(e->kids[1]))
        mark(e->kids[0]);
    }
    if (e->kind == ExprKind::Builtin && e->name == "\\mpi_on" && e->kids.size() == 2)
      mark(e->kids[1]);
    for (const Expr* k : e->kids)
      boundRanks(k, bound, changed);
  }
  void collectBound(const Expr* e, std::set<VarId>& out) {
    if (!e)
      return;
    for (VarId b : e->bound)
      out.insert(b);
    for (const Expr* k : e->kids)
      collectBound(k, out);
  }
};

bool isStatusIgnore(const Program& p, const Expr* e) {
  while (e && (e->kind == ExprKind::Cast || e->kind == ExprKind::AddrOf))
    e = e->kids[0];
  if (e && e->kind == ExprKind::NullPtr)
    return true;
  return e && e->kind == ExprKind::Var && p.var(e->var).name.find("ignore") != std::string::npos;
}

} // namespace

std::string contractRankSymmetry(const Program& p, const std::string& name) {
  const Function* fp = p.findFunc(name);
  if (!fp)
    return "no function '" + name + "'";
  Check c{p, {}, {}, {}};
  std::set<const Expr*> rangeOk;
  std::vector<const Expr*> waitsElems;
  const Function& fn = *fp;
  std::vector<const Expr*> contractExprs;
  for (const Contract& k : p.contracts)
    if (k.func == fn.id)
      for (const ContractBlock& b : k.blocks) {
        for (const Clause& cl : b.clauses)
          for (const Expr* e : cl.exprs)
            contractExprs.push_back(e);
        for (const Behavior& bh : b.behaviors)
          for (const Clause& cl : bh.clauses)
            for (const Expr* e : cl.exprs)
              contractExprs.push_back(e);
      }
  for (const LoopAnnot& l : p.loops)
    if (l.func == fn.id) {
      for (const Expr* e : l.invariants)
        contractExprs.push_back(e);
      contractExprs.push_back(l.variant);
    }
  // the calls: only point-to-point, MPI_Comm_rank and MPI_Comm_size; their
  // rank positions and results seed the rank variables
  for (const Transition& t : fn.trans) {
    if (t.stmt.kind != StmtKind::Call)
      continue;
    const Expr* callee = t.stmt.callee;
    if (!callee || callee->kind != ExprKind::Func)
      return "a call through a function pointer at " + p.where(t.loc);
    const std::string& cn = p.func(callee->func).name;
    auto it = shapes().find(cn);
    if (it == shapes().end())
      return "a call of " + cn + " at " + p.where(t.loc) +
             " (only point-to-point operations, MPI_Comm_rank and MPI_Comm_size are checked "
             "for symmetry)";
    const CallShape& sh = it->second;
    for (size_t k : sh.statuses)
      if (k < t.stmt.args.size() && !isStatusIgnore(p, t.stmt.args[k]))
        return "a status of " + cn + " read at " + p.where(t.loc) + " (its MPI_SOURCE is a rank)";
    for (size_t k : sh.sources)
      if (k < t.stmt.args.size())
        if (auto v = Check::constant(t.stmt.args[k]); v && *v == kAnySourceValue)
          return "MPI_ANY_SOURCE at " + p.where(t.loc);
    std::vector<size_t> pos = sh.dests;
    pos.insert(pos.end(), sh.sources.begin(), sh.sources.end());
    for (size_t k : pos)
      if (k < t.stmt.args.size()) {
        std::vector<VarId> vs;
        c.valueVars(t.stmt.args[k], vs);
        c.ranks.insert(vs.begin(), vs.end());
      }
    if ((cn == "MPI_Comm_rank" || cn == "MPI_Comm_size") && t.stmt.args.size() == 2) {
      const Expr* a = Check::strip(t.stmt.args[1]);
      if (!a || a->kind != ExprKind::AddrOf || !Check::strip(a->kids[0]) ||
          Check::strip(a->kids[0])->kind != ExprKind::Var)
        return "the result of " + cn + " stored through a pointer at " + p.where(t.loc);
      (cn == "MPI_Comm_rank" ? c.ranks : c.sizes).insert(Check::strip(a->kids[0])->var);
    }
  }
  // a waitsfor clause is a set of ranks: its bound variables are ranks, a
  // range must be every rank, an element a rank
  for (const Contract& k : p.contracts)
    if (k.func == fn.id)
      for (const ContractBlock& b : k.blocks) {
        std::vector<const Clause*> cls;
        for (const Clause& cl : b.clauses)
          cls.push_back(&cl);
        for (const Behavior& bh : b.behaviors)
          for (const Clause& cl : bh.clauses)
            cls.push_back(&cl);
        for (const Clause* cl : cls)
          if (cl->kind == ClauseKind::WaitsFor)
            for (const Expr* e : cl->exprs) {
              const Expr* x = Check::strip(e);
              if (x && x->kind == ExprKind::SetOf && x->op != Op::Range && !x->bound.empty()) {
                for (VarId v : x->bound)
                  c.ranks.insert(v);
              } else if (x &&
                         ((x->kind == ExprKind::SetOf && x->op == Op::Range) ||
                          (x->kind == ExprKind::Binary && x->op == Op::Range)) &&
                         x->kids.size() == 2) {
                const Expr* hi = Check::strip(x->kids[1]);
                bool all = Check::constant(x->kids[0]) == std::optional<int64_t>(0) && hi &&
                           hi->kind == ExprKind::Binary && hi->op == Op::Sub &&
                           c.isSize(hi->kids[0]) &&
                           Check::constant(hi->kids[1]) == std::optional<int64_t>(1);
                if (!all)
                  return "a waitsfor range other than every rank at " + p.where(x->loc);
                rangeOk.insert(x);
              } else if (x && x->kind != ExprKind::SetOf) {
                waitsElems.push_back(x);
              }
            }
      }
  // CIVL's PID is the process's rank
  for (VarId g : p.globals)
    if (p.var(g).name == "PID" || p.var(g).name == "_PID")
      c.ranks.insert(g);
  // propagation through copies (both ways) and through the contract's
  // bound variables
  std::set<VarId> bound;
  for (const Expr* e : contractExprs)
    c.collectBound(e, bound);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Transition& t : fn.trans) {
      if (t.stmt.kind != StmtKind::Assign)
        continue;
      const Expr* l = Check::strip(t.stmt.lhs);
      if (!l || l->kind != ExprKind::Var)
        continue;
      std::vector<VarId> vs;
      c.valueVars(t.stmt.rhs, vs);
      bool any = c.ranks.count(l->var) > 0;
      for (VarId v : vs)
        any = any || c.ranks.count(v);
      if (!any)
        continue;
      if (c.ranks.insert(l->var).second)
        changed = true;
      for (VarId v : vs)
        if (c.ranks.insert(v).second)
          changed = true;
    }
    for (const Expr* e : contractExprs)
      c.boundRanks(e, bound, changed);
  }
  for (VarId v : c.ranks)
    if (c.sizes.count(v))
      return "'" + p.var(v).name + "' is both a rank and a size";
  // every use of rank data
  for (const Transition& t : fn.trans) {
    c.cond(t.guard, false);
    const Stmt& s = t.stmt;
    switch (s.kind) {
    case StmtKind::Assign: {
      const Expr* l = Check::strip(s.lhs);
      if (l && l->kind == ExprKind::Var && c.ranks.count(l->var)) {
        c.rankExpr(s.rhs, false);
      } else {
        c.scan(s.lhs, false);
        c.scan(s.rhs, false);
      }
      break;
    }
    case StmtKind::Call: {
      const std::string& cn = p.func(s.callee->func).name;
      const CallShape& sh = shapes().at(cn);
      for (size_t k = 0; k < s.args.size(); ++k) {
        bool rankPos = std::count(sh.dests.begin(), sh.dests.end(), k) ||
                       std::count(sh.sources.begin(), sh.sources.end(), k);
        if (rankPos)
          c.rankExpr(s.args[k], false);
        else if (!((cn == "MPI_Comm_rank" || cn == "MPI_Comm_size") && k == 1))
          c.scan(s.args[k], false);
      }
      c.scan(s.lhs, false);
      break;
    }
    default:
      c.scan(s.lhs, false);
      c.scan(s.rhs, false);
      for (const Expr* a : s.args)
        c.scan(a, false);
    }
    if (!c.why.empty())
      return c.why;
  }
  for (const Expr* e : waitsElems)
    c.rankExpr(e, true);
  for (const Expr* e : contractExprs)
    if (!rangeOk.count(Check::strip(e)) &&
        std::find(waitsElems.begin(), waitsElems.end(), Check::strip(e)) == waitsElems.end())
      c.cond(e, true);
  // globals read by f that stand for ranks (CIVL's PID) are not inputs of
  // the driver, whose symmetry this argument assumes
  return c.why;
}

} // namespace chorus::model
