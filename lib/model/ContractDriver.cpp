// The driver P^f of seed 002 §2.2 (ContractDriver.h).
#include "chorus/model/ContractDriver.h"

namespace chorus::model {

namespace {

bool arithmeticArray(const Type* t) {
  while (t->kind == TypeKind::Array && t->length)
    t = t->elem;
  return t->isArithmetic();
}

Expr make(ExprKind k, const Type* t, SrcLoc loc) {
  Expr e;
  e.kind = k;
  e.type = t;
  e.loc = loc;
  return e;
}

} // namespace

std::string addContractDriver(Program& p, const std::string& name, ContractDriver& out,
                              bool& usage) {
  usage = true;
  const Function* fp = p.findFunc(name);
  if (!fp)
    return "no function '" + name + "' in the program";
  if (!fp->defined)
    return "function '" + name + "' has no body";
  const Contract* contract = nullptr;
  for (const Contract& c : p.contracts)
    if (c.func == fp->id && c.blocks.size() > 1)
      contract = &c;
  if (!contract)
    return "function '" + name + "' has no 'mpi collective' contract block";
  // no collective recursion (seed 002 §2.4): f does not call itself
  // through procedures without a collective contract (those with one are
  // simulated by it)
  {
    std::vector<bool> collective(p.funcs.size(), false), seen(p.funcs.size(), false);
    for (const Contract& c : p.contracts)
      if (c.blocks.size() > 1 && c.func < collective.size())
        collective[c.func] = true;
    std::vector<std::pair<FuncId, std::string>> work{{fp->id, name}};
    while (!work.empty()) {
      auto [g, path] = work.back();
      work.pop_back();
      for (const Transition& t : p.func(g).trans) {
        if (t.stmt.kind != StmtKind::Call || !t.stmt.callee ||
            t.stmt.callee->kind != ExprKind::Func)
          continue;
        FuncId h = t.stmt.callee->func;
        if (h == fp->id)
          return "collective recursion: " + path + " calls '" + name + "' at " + p.where(t.loc) +
                 " (seed 002 §2.4 excludes it)";
        if (h < seen.size() && !seen[h] && !collective[h] && p.func(h).defined) {
          seen[h] = true;
          work.push_back({h, path + " -> " + p.func(h).name});
        }
      }
    }
  }
  usage = false;
  FuncId fid = fp->id;
  SrcLoc at = contract->loc;
  out.func = fid;
  // the globals of the program take arbitrary values (seed 002 §2.1)
  for (VarId g : p.globals) {
    const Variable& v = p.var(g);
    if (v.isExtern || v.name.empty() || v.name[0] == '$')
      continue;
    if (v.name == "PID" || v.name == "NPROCS" || v.name == "_PID" || v.name == "_NPROCS")
      continue;
    if (!arithmeticArray(v.type))
      return "global '" + v.name + "' of type '" + v.type->name +
             "': the contract driver gives fresh values to globals of arithmetic types and "
             "arrays of them only";
    out.fresh.push_back(g);
  }
  std::vector<VarId> params = fp->params;
  std::vector<const Expr*> args;
  for (VarId pv : params) {
    const Variable& par = p.var(pv);
    const Type* t = par.type;
    Variable g;
    g.name = "$arg." + par.name;
    g.type = t;
    g.kind = VarKind::Global;
    g.loc = par.loc;
    VarId obj = kNone, len = kNone;
    bool handle = t->kind == TypeKind::Int && t->name.rfind("MPI_", 0) == 0;
    if (handle && t->name != "MPI_Comm")
      return "parameter '" + par.name + "' of type '" + t->name +
             "': the contract driver binds MPI_Comm parameters to MPI_COMM_WORLD; other handle "
             "types are not supported yet";
    if (t->kind == TypeKind::Pointer) {
      const Type* e = t->elem;
      if (!e || !e->isArithmetic())
        return "parameter '" + par.name + "' of type '" + t->name +
               "': the contract driver supports pointers to arithmetic types only";
      Variable l;
      l.name = "$len." + par.name;
      l.type = p.types.intType();
      l.kind = VarKind::Global;
      l.loc = par.loc;
      len = p.addVar(l);
      Variable o;
      o.name = "$obj." + par.name;
      o.type = p.types.vla(e, len);
      o.kind = VarKind::Global;
      o.loc = par.loc;
      obj = p.addVar(o);
      out.fresh.push_back(len);
      out.fresh.push_back(obj);
    } else if (!t->isArithmetic()) {
      return "parameter '" + par.name + "' of type '" + t->name +
             "': the contract driver supports arithmetic and pointer parameters only";
    }
    VarId gv = p.addVar(g);
    if (t->isArithmetic() && !handle)
      out.fresh.push_back(gv);
    out.args.push_back(gv);
    out.objects.push_back(obj);
    out.lengths.push_back(len);
    Expr a = make(ExprKind::Var, t, at);
    a.var = gv;
    args.push_back(p.expr(a));
  }
  const Type* ft = p.func(fid).type;
  const Type* rt = ft && ft->kind == TypeKind::Function ? ft->ret : nullptr;
  const Expr* lhs = nullptr;
  if (rt && rt->kind != TypeKind::Void) {
    Variable r;
    r.name = "$result";
    r.type = rt;
    r.kind = VarKind::Global;
    r.loc = at;
    out.result = p.addVar(r);
    Expr l = make(ExprKind::Var, rt, at);
    l.var = out.result;
    lhs = p.expr(l);
  }
  Function d;
  d.name = "$contract";
  d.type = p.types.function(p.types.voidType(), {}, false);
  d.defined = true;
  d.loc = at;
  d.entry = d.addLoc(at);
  d.exit = d.addLoc(at);
  LocId after = d.addLoc(at);
  Expr callee = make(ExprKind::Func, ft, at);
  callee.func = fid;
  Transition call;
  call.from = d.entry;
  call.to = after;
  call.loc = at;
  call.stmt.kind = StmtKind::Call;
  call.stmt.callee = p.expr(callee);
  call.stmt.args = args;
  call.stmt.lhs = lhs;
  d.addTrans(call);
  Transition ret;
  ret.from = after;
  ret.to = d.exit;
  ret.loc = at;
  ret.stmt.kind = StmtKind::Return;
  d.addTrans(ret);
  out.callLoc = d.entry;
  out.afterLoc = after;
  out.driver = p.addFunc(std::move(d));
  return "";
}

std::vector<std::string> uncontractedCollectives(const Program& p, FuncId f) {
  // MPI 3.1: the operations every process of a communicator must call
  static const char* const kPrefixes[] = {"MPI_Barrier",
                                          "MPI_Bcast",
                                          "MPI_Gather",
                                          "MPI_Scatter",
                                          "MPI_Allgather",
                                          "MPI_Alltoall",
                                          "MPI_Reduce",
                                          "MPI_Allreduce",
                                          "MPI_Scan",
                                          "MPI_Exscan",
                                          "MPI_Ibarrier",
                                          "MPI_Ibcast",
                                          "MPI_Igather",
                                          "MPI_Iscatter",
                                          "MPI_Iallgather",
                                          "MPI_Ialltoall",
                                          "MPI_Ireduce",
                                          "MPI_Iallreduce",
                                          "MPI_Iscan",
                                          "MPI_Iexscan",
                                          "MPI_Neighbor_",
                                          "MPI_Ineighbor_",
                                          "MPI_Comm_dup",
                                          "MPI_Comm_split",
                                          "MPI_Comm_create",
                                          "MPI_Comm_free",
                                          "MPI_Cart_create",
                                          "MPI_Cart_sub",
                                          "MPI_Graph_create",
                                          "MPI_Dist_graph_create",
                                          "MPI_Intercomm_create",
                                          "MPI_Intercomm_merge",
                                          "MPI_Win_create",
                                          "MPI_Win_fence",
                                          "MPI_Win_free",
                                          "MPI_File_open",
                                          "MPI_File_close"};
  std::vector<bool> contracted(p.funcs.size(), false);
  for (const Contract& c : p.contracts)
    if (c.func < contracted.size() && c.blocks.size() > 1)
      contracted[c.func] = true;
  // the functions f reaches through direct calls
  std::vector<bool> called(p.funcs.size(), false);
  std::vector<FuncId> work{f};
  called[f] = true;
  while (!work.empty()) {
    const Function& fn = p.func(work.back());
    work.pop_back();
    for (const Transition& t : fn.trans)
      if (t.stmt.kind == StmtKind::Call && t.stmt.callee && t.stmt.callee->kind == ExprKind::Func &&
          t.stmt.callee->func < called.size() && !called[t.stmt.callee->func]) {
        called[t.stmt.callee->func] = true;
        work.push_back(t.stmt.callee->func);
      }
  }
  std::vector<std::string> out;
  for (const Function& fn : p.funcs) {
    if (fn.defined || !called[fn.id] || contracted[fn.id] || fn.name == "MPI_Reduce_local")
      continue;
    for (const char* pre : kPrefixes)
      if (fn.name.rfind(pre, 0) == 0) {
        out.push_back(fn.name);
        break;
      }
  }
  return out;
}

} // namespace chorus::model
