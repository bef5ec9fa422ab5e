// The driver P^f of seed 002 §2.2 (ContractDriver.h).
#include "chorus/model/ContractDriver.h"

#include <cctype>
#include <functional>
#include <optional>
#include <set>

namespace chorus::model {

namespace {

bool arithmeticArray(const Type* t) {
  while (t->kind == TypeKind::Array && t->length)
    t = t->elem;
  return t->isArithmetic();
}

/// A struct whose members are numbers (the value-index pairs of
/// MPI_MAXLOC/MPI_MINLOC: struct { double v; int i; }).
bool arithmeticRecord(const Type* t) {
  if (t->kind != TypeKind::Struct || t->fields.empty())
    return false;
  for (const Field& f : t->fields)
    if (!f.type->isArithmetic())
      return false;
  return true;
}

/// The value of a constant integer expression (a datatype constant:
/// `(MPI_Datatype)((long)3 << 24 | 7)`).
std::optional<int64_t> constant(const Expr* e) {
  while (e->kind == ExprKind::Cast)
    e = e->kids[0];
  if (e->kind == ExprKind::IntLit)
    return int64_t(e->ival);
  if (e->kind != ExprKind::Binary)
    return std::nullopt;
  auto a = constant(e->kids[0]), b = constant(e->kids[1]);
  if (!a || !b)
    return std::nullopt;
  switch (e->op) {
  case Op::Shl:
    return *a << *b;
  case Op::BitOr:
    return *a | *b;
  case Op::Add:
    return *a + *b;
  default:
    return std::nullopt;
  }
}

/// The C type of the elements of a basic datatype chorus chooses for a
/// parameter (contractHandleValues) or names as a constant.
const Type* elementTypeOf(Program& p, int64_t dt) {
  switch (dt) {
  case (int64_t(3) << 24) | 1:
    return p.types.charType();
  case (int64_t(3) << 24) | 7:
    return p.types.intType();
  case (int64_t(3) << 24) | 14:
    return p.types.doubleType();
  case kSymbolicDatatype:
    // one value per element of the symbolic datatype: a type of its own,
    // which no predefined datatype describes (lib/exec/mpi)
    return p.types.integer(kSymbolicElement, 64, true);
  default:
    return nullptr;
  }
}

/// The datatype a `\mpi_buf(param, count, dt)` of the contract pairs with
/// pointer parameter `param` (dt a bound parameter or a constant).
std::optional<int64_t> pairedDatatype(const Program& p, const Contract& c, VarId param,
                                      const std::map<VarId, int64_t>& bound) {
  std::optional<int64_t> found;
  std::function<void(const Expr*)> scan = [&](const Expr* e) {
    if (!e || found)
      return;
    if (e->kind == ExprKind::Builtin && e->name == "\\mpi_buf" && e->kids.size() == 3) {
      const Expr* b = e->kids[0];
      while (b->kind == ExprKind::Cast)
        b = b->kids[0];
      const Expr* d = e->kids[2];
      while (d->kind == ExprKind::Cast)
        d = d->kids[0];
      if (b->kind == ExprKind::Var && b->var == param) {
        if (d->kind == ExprKind::Var && bound.count(d->var))
          found = bound.at(d->var);
        else if (auto k = constant(d))
          found = *k;
      }
    }
    for (const Expr* k : e->kids)
      scan(k);
  };
  auto clauses = [&](const std::vector<Clause>& cs) {
    for (const Clause& cl : cs)
      for (const Expr* e : cl.exprs)
        scan(e);
  };
  for (const ContractBlock& b : c.blocks) {
    clauses(b.clauses);
    for (const Behavior& bh : b.behaviors)
      clauses(bh.clauses);
  }
  (void)p;
  return found;
}

Expr make(ExprKind k, const Type* t, SrcLoc loc) {
  Expr e;
  e.kind = k;
  e.type = t;
  e.loc = loc;
  return e;
}

} // namespace

std::vector<std::pair<std::string, int64_t>> contractHandleValues(const std::string& type) {
  if (type == "MPI_Datatype")
    return {{"MPI_INT", (int64_t(3) << 24) | 7}, {"MPI_DOUBLE", (int64_t(3) << 24) | 14}};
  if (type == "MPI_Op")
    return {{"MPI_SUM", (int64_t(4) << 24) | 3},        {"MPI_PROD", (int64_t(4) << 24) | 4},
            {"MPI_MAX", (int64_t(4) << 24) | 1},        {"MPI_MIN", (int64_t(4) << 24) | 2},
            {"a non-commutative user op", kSymbolicOp}, {"a commutative user op", kSymbolicCommOp}};
  return {};
}

namespace {

/// Why the body or a contract needs the datatype parameters `dts` of `fn`
/// (and the `void *` parameters `bufs` they type) as concrete types: "" if
/// they are used only as arguments of MPI calls that move data (no type
/// queries, no reductions, no packing), as arguments of procedures that
/// use them so in turn, and in contracts only inside \mpi_buf, \mpi_sig,
/// \mpi_extent, \mpi_nonoverlapping and \mpi_agree.
struct OpaqueCheck {
  const Program& p;
  std::set<std::pair<FuncId, VarId>> seen;
  std::string why;

  static const Expr* strip(const Expr* e) {
    while (e && e->kind == ExprKind::Cast &&
           (e->type->kind != TypeKind::Pointer || !e->type->elem ||
            e->type->elem->kind == TypeKind::Void || e->type->kind == e->kids[0]->type->kind))
      e = e->kids[0];
    return e;
  }

  void fail(const std::string& w) {
    if (why.empty())
      why = w;
  }

  /// A use of a tracked variable anywhere in e not allowed in a contract.
  void scanAnnot(const Expr* e, const std::set<VarId>& dts, const std::set<VarId>& bufs,
                 const std::string& fname) {
    if (!e || !why.empty())
      return;
    if (e->kind == ExprKind::Builtin) {
      const std::string& b = e->name;
      if (b == "\\mpi_sig" && !e->kids.empty()) {
        // the signature of a concrete datatype: the contract relates dt
        // to a C type
        const Expr* a = strip(e->kids[0]);
        if (!a || a->kind != ExprKind::Var || !dts.count(a->var))
          fail("the contract of '" + fname + "' names the signature of another datatype at " +
               p.where(e->loc));
      }
      for (size_t k = 0; k < e->kids.size(); ++k) {
        const Expr* a = strip(e->kids[k]);
        bool ok = a && a->kind == ExprKind::Var &&
                  ((b == "\\mpi_buf" &&
                    ((k == 2 && dts.count(a->var)) || (k == 0 && bufs.count(a->var)))) ||
                   ((b == "\\mpi_sig" || b == "\\mpi_extent" || b == "\\mpi_nonoverlapping" ||
                     b == "\\mpi_agree") &&
                    dts.count(a->var)));
        if (!ok)
          scanAnnot(e->kids[k], dts, bufs, fname);
      }
      return;
    }
    if (e->kind == ExprKind::Var && dts.count(e->var))
      fail("the contract of '" + fname + "' uses datatype '" + p.var(e->var).name +
           "' outside \\mpi_buf, \\mpi_sig, \\mpi_extent, \\mpi_nonoverlapping and "
           "\\mpi_agree at " +
           p.where(e->loc));
    if (e->kind == ExprKind::Cast && e->type->kind == TypeKind::Pointer && e->type->elem &&
        e->type->elem->kind != TypeKind::Void) {
      const Expr* a = strip(e->kids[0]);
      if (a && a->kind == ExprKind::Var && bufs.count(a->var))
        fail("the contract of '" + fname + "' reads buffer '" + p.var(a->var).name + "' as '" +
             e->type->name + "' at " + p.where(e->loc));
    }
    for (const Expr* k : e->kids)
      scanAnnot(k, dts, bufs, fname);
  }

  /// Uses of the tracked variables in expression e of a statement (not a
  /// call argument): only a void * buffer compared or converted to void *.
  void scanBody(const Expr* e, const std::set<VarId>& dts, const std::set<VarId>& bufs,
                const Transition& t) {
    if (!e || !why.empty())
      return;
    if (e->kind == ExprKind::Var && (dts.count(e->var) || bufs.count(e->var)))
      fail("'" + p.var(e->var).name + "' is used at " + p.where(t.loc) +
           (dts.count(e->var)
                ? " other than as an argument of a call"
                : " other than as an argument of a call (a C type for its elements)"));
    for (const Expr* k : e->kids)
      scanBody(k, dts, bufs, t);
  }

  void contractOf(FuncId g, const std::set<VarId>& dts, const std::set<VarId>& bufs) {
    for (const Contract& c : p.contracts)
      if (c.func == g)
        for (const ContractBlock& b : c.blocks) {
          for (const Clause& cl : b.clauses)
            for (const Expr* e : cl.exprs)
              scanAnnot(e, dts, bufs, p.func(g).name);
          for (const Behavior& bh : b.behaviors)
            for (const Clause& cl : bh.clauses)
              for (const Expr* e : cl.exprs)
                scanAnnot(e, dts, bufs, p.func(g).name);
        }
    for (const LoopAnnot& l : p.loops)
      if (l.func == g) {
        for (const Expr* e : l.invariants)
          scanAnnot(e, dts, bufs, p.func(g).name);
        scanAnnot(l.variant, dts, bufs, p.func(g).name);
      }
  }

  void function(FuncId g, const std::set<VarId>& dts, const std::set<VarId>& bufs) {
    std::set<VarId> d2, b2;
    for (VarId v : dts)
      if (seen.insert({g, v}).second)
        d2.insert(v);
    for (VarId v : bufs)
      if (seen.insert({g, v}).second)
        b2.insert(v);
    if (d2.empty() && b2.empty())
      return;
    contractOf(g, d2, b2);
    const Function& fn = p.func(g);
    for (const Transition& t : fn.trans) {
      scanBody(t.guard, d2, b2, t);
      scanBody(t.stmt.lhs, d2, b2, t);
      scanBody(t.stmt.rhs, d2, b2, t);
      if (t.stmt.kind != StmtKind::Call) {
        for (const Expr* a : t.stmt.args)
          scanBody(a, d2, b2, t);
        continue;
      }
      const Expr* callee = t.stmt.callee;
      for (size_t k = 0; k < t.stmt.args.size(); ++k) {
        const Expr* a = strip(t.stmt.args[k]);
        if (!a || a->kind != ExprKind::Var || (!d2.count(a->var) && !b2.count(a->var))) {
          scanBody(t.stmt.args[k], d2, b2, t);
          continue;
        }
        if (!callee || callee->kind != ExprKind::Func) {
          fail("'" + p.var(a->var).name + "' is passed through a function pointer at " +
               p.where(t.loc));
          continue;
        }
        const Function& h = p.func(callee->func);
        std::string n = h.name, low = n;
        for (char& ch : low)
          ch = char(std::tolower(static_cast<unsigned char>(ch)));
        if (n.rfind("MPI_", 0) == 0 && !h.defined) {
          // type queries and constructors, packing and reductions need
          // the type map or arithmetic on the elements
          if (n.rfind("MPI_Type_", 0) == 0 || n.rfind("MPI_Pack", 0) == 0 ||
              n.rfind("MPI_Unpack", 0) == 0 || n.rfind("MPI_Get_elements", 0) == 0 ||
              low.find("reduce") != std::string::npos || low.find("scan") != std::string::npos ||
              n.rfind("MPI_Accumulate", 0) == 0)
            fail("'" + p.var(a->var).name + "' is an argument of " + n + " at " + p.where(t.loc) +
                 " (it needs the datatype's type map or arithmetic on its values)");
          continue;
        }
        if (!h.defined || k >= h.params.size()) {
          fail("'" + p.var(a->var).name + "' is an argument of " + n + " at " + p.where(t.loc));
          continue;
        }
        std::set<VarId> dd, bb;
        (d2.count(a->var) ? dd : bb).insert(h.params[k]);
        function(callee->func, dd, bb);
      }
    }
  }
};

} // namespace

std::string contractDatatypeUse(const Program& p, const std::string& name) {
  const Function* fp = p.findFunc(name);
  if (!fp)
    return "";
  const Contract* contract = nullptr;
  for (const Contract& c : p.contracts)
    if (c.func == fp->id && c.blocks.size() > 1)
      contract = &c;
  std::set<VarId> dts, bufs;
  std::map<VarId, int64_t> bound;
  for (VarId pv : fp->params) {
    const Variable& par = p.var(pv);
    if (par.type->kind == TypeKind::Int && par.type->name == "MPI_Datatype") {
      dts.insert(pv);
      bound[pv] = kSymbolicDatatype;
    }
  }
  if (dts.empty() || !contract)
    return "";
  for (VarId pv : fp->params) {
    const Type* t = p.var(pv).type;
    if (t->kind == TypeKind::Pointer && t->elem && t->elem->kind == TypeKind::Void) {
      auto dt = pairedDatatype(p, *contract, pv, bound);
      if (dt && *dt == kSymbolicDatatype)
        bufs.insert(pv);
    }
  }
  OpaqueCheck oc{p, {}, {}};
  oc.function(fp->id, dts, bufs);
  return oc.why;
}

namespace {

/// The value of a constant integer expression (literals, casts, shifts,
/// bitwise or and sums: the shape of mpi.h's handle macros).
std::optional<int64_t> constValue(const Expr* e) {
  if (!e)
    return std::nullopt;
  switch (e->kind) {
  case ExprKind::IntLit:
    return e->fitsInt64 ? std::optional<int64_t>(e->ival) : std::nullopt;
  case ExprKind::Cast:
    return e->type->kind == TypeKind::Int ? constValue(e->kids[0]) : std::nullopt;
  case ExprKind::Binary: {
    auto a = constValue(e->kids[0]), b = constValue(e->kids[1]);
    if (!a || !b)
      return std::nullopt;
    if (e->op == Op::Shl && *b >= 0 && *b < 62)
      return *a << *b;
    if (e->op == Op::BitOr)
      return *a | *b;
    if (e->op == Op::Add)
      return *a + *b;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

const Expr* findWorld(const Expr* e) {
  if (!e)
    return nullptr;
  if (e->type && e->type->name == "MPI_Comm")
    if (auto v = constValue(e); v && *v == ((int64_t(1) << 24) | 1))
      return e;
  for (const Expr* k : e->kids)
    if (const Expr* w = findWorld(k))
      return w;
  return nullptr;
}

} // namespace

std::string contractCommBinding(const Program& p, const std::string& name) {
  const Function* fp = p.findFunc(name);
  if (!fp)
    return "";
  std::string param;
  for (VarId pv : fp->params)
    if (p.var(pv).type->kind == TypeKind::Int && p.var(pv).type->name == "MPI_Comm")
      param = p.var(pv).name;
  if (param.empty())
    return "";
  std::vector<bool> collective(p.funcs.size(), false), seen(p.funcs.size(), false);
  for (const Contract& c : p.contracts)
    if (c.blocks.size() > 1 && c.func < collective.size())
      collective[c.func] = true;
  std::vector<FuncId> work{fp->id};
  seen[fp->id] = true;
  while (!work.empty()) {
    FuncId g = work.back();
    work.pop_back();
    for (const Transition& t : p.func(g).trans) {
      std::vector<const Expr*> es{t.guard, t.stmt.lhs, t.stmt.rhs};
      es.insert(es.end(), t.stmt.args.begin(), t.stmt.args.end());
      for (const Expr* e : es)
        if (const Expr* w = findWorld(e))
          return "'" + name + "' names MPI_COMM_WORLD at " +
                 p.where(w->loc.valid() ? w->loc : t.loc) +
                 " and has the communicator parameter '" + param + "'";
      if (t.stmt.kind == StmtKind::Call && t.stmt.callee && t.stmt.callee->kind == ExprKind::Func) {
        FuncId h = t.stmt.callee->func;
        if (h < seen.size() && !seen[h] && !collective[h] && p.func(h).defined) {
          seen[h] = true;
          work.push_back(h);
        }
      }
    }
  }
  return "";
}

namespace {

bool agreesOn(const Expr* e, VarId v) {
  while (e && e->kind == ExprKind::Cast)
    e = e->kids[0];
  if (!e)
    return false;
  if (e->kind == ExprKind::Binary && e->op == Op::LogAnd)
    return agreesOn(e->kids[0], v) || agreesOn(e->kids[1], v);
  if (e->kind != ExprKind::Builtin || e->name != "\\mpi_agree" || e->kids.size() != 1)
    return false;
  const Expr* a = e->kids[0];
  while (a && a->kind == ExprKind::Cast)
    a = a->kids[0];
  return a && a->kind == ExprKind::Var && a->var == v;
}

} // namespace

bool contractRequiresAgree(const Program& p, const std::string& name, const std::string& param) {
  const Function* fp = p.findFunc(name);
  if (!fp)
    return false;
  VarId v = kNone;
  for (VarId pv : fp->params)
    if (p.var(pv).name == param)
      v = pv;
  if (v == kNone)
    return false;
  for (const Contract& c : p.contracts)
    if (c.func == fp->id)
      for (const ContractBlock& b : c.blocks)
        for (const Clause& cl : b.clauses)
          if (cl.kind == ClauseKind::Requires)
            for (const Expr* e : cl.exprs)
              if (agreesOn(e, v))
                return true;
  return false;
}

std::vector<std::pair<std::string, std::string>> contractHandleParams(const Program& p,
                                                                      const std::string& name) {
  std::vector<std::pair<std::string, std::string>> out;
  const Function* fp = p.findFunc(name);
  if (!fp)
    return out;
  for (VarId pv : fp->params) {
    const Variable& par = p.var(pv);
    if (par.type->kind == TypeKind::Int &&
        (par.type->name == "MPI_Datatype" || par.type->name == "MPI_Op"))
      out.push_back({par.name, par.type->name});
  }
  return out;
}

std::string addContractDriver(Program& p, const std::string& name, ContractDriver& out, bool& usage,
                              const std::map<std::string, int64_t>& handleChoice) {
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
  std::map<VarId, int64_t> bound; // the bound datatype and op parameters
  for (VarId pv : params)
    if (auto it = handleChoice.find(p.var(pv).name); it != handleChoice.end())
      bound[pv] = it->second;
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
    std::optional<int64_t> value;
    if (handle && t->name != "MPI_Comm") {
      auto it = handleChoice.find(par.name);
      if (it == handleChoice.end())
        return "parameter '" + par.name + "' of type '" + t->name +
               "': the contract driver binds MPI_Comm parameters to MPI_COMM_WORLD, "
               "MPI_Datatype and MPI_Op parameters to chosen handles; other handle types are "
               "not supported yet";
      value = it->second;
    }
    if (t->kind == TypeKind::Pointer) {
      const Type* e = t->elem;
      if (e && e->kind == TypeKind::Void) {
        // void *p: an array of the C type of the datatype the contract
        // gives p (\mpi_buf(p, count, dt))
        auto dt = pairedDatatype(p, *contract, pv, bound);
        e = dt ? elementTypeOf(p, *dt) : nullptr;
        if (!e)
          return "parameter '" + par.name + "' of type '" + t->name + "': no '\\mpi_buf(" +
                 par.name +
                 ", count, datatype)' of the contract gives it a basic datatype (MPI_CHAR, "
                 "MPI_INT or MPI_DOUBLE, or a datatype parameter)";
      }
      if (!e || (!e->isArithmetic() && !arithmeticRecord(e)))
        return "parameter '" + par.name + "' of type '" + t->name +
               "': the contract driver supports pointers to arithmetic types and to structs "
               "of them only";
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
    out.handles.push_back(value);
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
