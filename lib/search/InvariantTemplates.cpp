// Candidate loop invariants from templates (chorus/search/Infer.h): for
// each loop without an invariant, the integer variables its body writes
// (counters), the integers visible at the loop that it only reads, the
// process rank and count the program obtained from MPI_Comm_rank /
// MPI_Comm_size, the constants assigned to the counters, the loop
// condition's bounds and the moduli the body tests.
#include "chorus/search/Infer.h"

#include "chorus/model/Loops.h"
#include "chorus/model/Printer.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace chorus::search {

namespace {

using model::Expr;
using model::ExprKind;
using model::Op;

bool named(const model::Variable& v) {
  return !v.name.empty() && v.name[0] != '$' && !v.loopExitSelector &&
         v.kind != model::VarKind::Bound && v.kind != model::VarKind::Temp;
}

bool isInt(const model::Variable& v) {
  return v.type && v.type->kind == model::TypeKind::Int;
}

/// The variable of `&v` (an argument such as MPI_Recv's buffer or
/// MPI_Comm_rank's result), or kNone.
model::VarId addrOfVar(const Expr* e) {
  if (e && e->kind == ExprKind::Cast && !e->kids.empty())
    e = e->kids[0];
  if (e && e->kind == ExprKind::AddrOf && !e->kids.empty() && e->kids[0]->kind == ExprKind::Var)
    return e->kids[0]->var;
  return model::kNone;
}

std::string calleeName(const model::Program& p, const model::Stmt& s) {
  const Expr* c = s.callee;
  if (c && c->kind == ExprKind::Func && c->func < p.funcs.size())
    return p.func(c->func).name;
  return "";
}

/// The moduli `% k` (k >= 2 a literal) in e.
void moduli(const Expr* e, std::set<long long>& out) {
  if (!e)
    return;
  if (e->kind == ExprKind::Binary && e->op == Op::Rem && e->kids.size() == 2 &&
      e->kids[1]->kind == ExprKind::IntLit && e->kids[1]->fitsInt64 && e->kids[1]->ival >= 2 &&
      e->kids[1]->ival <= 8)
    out.insert(e->kids[1]->ival);
  for (const Expr* k : e->kids)
    moduli(k, out);
}

/// e without casts.
const Expr* uncast(const Expr* e) {
  while (e && e->kind == ExprKind::Cast && !e->kids.empty())
    e = e->kids[0];
  return e;
}

/// `A[x1]...[xm]` with every index a variable: A and x1..xm.
bool indexChain(const Expr* e, model::VarId& base, std::vector<model::VarId>& idx) {
  idx.clear();
  while (e && e->kind == ExprKind::Index && e->kids.size() == 2) {
    const Expr* i = uncast(e->kids[1]);
    if (!i || i->kind != ExprKind::Var)
      return false;
    idx.insert(idx.begin(), i->var);
    e = uncast(e->kids[0]);
  }
  if (!e || e->kind != ExprKind::Var || idx.empty())
    return false;
  base = e->var;
  return true;
}

/// The array of `A[e1]...[em]` (any indices), or kNone.
model::VarId arrayOf(const Expr* e) {
  e = uncast(e);
  if (!e || e->kind != ExprKind::Index)
    return model::kNone;
  while (e && e->kind == ExprKind::Index && !e->kids.empty())
    e = uncast(e->kids[0]);
  return e && e->kind == ExprKind::Var ? e->var : model::kNone;
}

/// `text` with every identifier `from` replaced by `to`.
std::string rename(const std::string& text, const std::string& from, const std::string& to) {
  std::string out;
  auto ident = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
  for (size_t i = 0; i < text.size();) {
    if (ident(text[i]) && (i == 0 || !ident(text[i - 1]))) {
      size_t j = i;
      while (j < text.size() && ident(text[j]))
        ++j;
      std::string w = text.substr(i, j - i);
      out += w == from ? to : w;
      i = j;
    } else
      out += text[i++];
  }
  return out;
}

/// A loop of a function: its body and the counter its condition bounds
/// (`x < B`, ... on the branch into the body).
struct LoopInfo {
  model::LocId head = model::kNone;
  std::vector<bool> body;
  model::VarId counter = model::kNone;
  Op op = Op::None;
  const Expr* bound = nullptr;
  const Expr* guard = nullptr;
};

bool annotated(const model::Program& p, model::FuncId f, model::LocId head) {
  for (const model::CollectiveAnnot& a : p.collectives)
    if (a.kind == model::CollectiveKind::Invariant && a.func == f && a.at == head)
      return true;
  for (const model::LoopAnnot& a : p.loops)
    if (a.func == f && a.head == head && !a.invariants.empty())
      return true;
  return false;
}

} // namespace

std::vector<LoopCandidates> invariantCandidates(const model::Program& p) {
  std::vector<LoopCandidates> out;
  for (const model::Function& fn : p.funcs) {
    if (!fn.defined || fn.name == model::kInitFunction)
      continue;
    // the process rank and count, as the program obtained them
    model::VarId rank = model::kNone, size = model::kNone;
    bool mpi = false;
    std::set<long long> consts{0};
    for (const model::Transition& t : fn.trans) {
      if (t.stmt.kind == model::StmtKind::Call) {
        std::string c = calleeName(p, t.stmt);
        mpi = mpi || c.rfind("MPI_", 0) == 0;
        if ((c == "MPI_Comm_rank" || c == "MPI_Comm_size") && t.stmt.args.size() == 2) {
          model::VarId v = addrOfVar(t.stmt.args[1]);
          if (v != model::kNone && named(p.var(v)))
            (c == "MPI_Comm_rank" ? rank : size) = v;
        }
      }
    }
    // every loop of fn (annotated or not: nests), its counter and bound
    std::vector<LoopInfo> all;
    for (model::LocId head = 0; head < fn.locs.size(); ++head) {
      if (!fn.locs[head].loopHead)
        continue;
      LoopInfo li;
      li.head = head;
      li.body = model::naturalLoop(fn, head);
      if (std::count(li.body.begin(), li.body.end(), true) < 2)
        continue;
      for (model::TransId tid : fn.locs[head].out) {
        const model::Transition& t = fn.trans[tid];
        const Expr* g = t.guard;
        if (g && t.to < li.body.size() && li.body[t.to] && g->kind == ExprKind::Binary &&
            g->kids.size() == 2 && uncast(g->kids[0])->kind == ExprKind::Var) {
          li.counter = uncast(g->kids[0])->var;
          li.op = g->op;
          li.bound = g->kids[1];
          li.guard = g;
        }
      }
      all.push_back(std::move(li));
    }
    // the integer constants assigned to each variable in fn
    std::map<model::VarId, std::set<long long>> assigned;
    for (const model::Transition& t : fn.trans)
      if (t.stmt.kind == model::StmtKind::Assign && t.stmt.lhs &&
          t.stmt.lhs->kind == ExprKind::Var && t.stmt.rhs) {
        const Expr* r = uncast(t.stmt.rhs);
        if (r->kind == ExprKind::IntLit && r->fitsInt64)
          assigned[t.stmt.lhs->var].insert(r->ival);
      }
    auto lowOf = [&](model::VarId v) -> std::string {
      auto it = assigned.find(v);
      return it == assigned.end() || it->second.empty() ? "" : std::to_string(*it->second.begin());
    };
    auto loopOf = [&](model::VarId counter, model::LocId at) -> const LoopInfo* {
      for (const LoopInfo& l : all)
        if (l.counter == counter && at < l.body.size() && l.body[at])
          return &l;
      return nullptr;
    };
    // fills: `A[i] = X[e]` with i the counter of a loop from a constant
    // (`i < B` or `i <= B`)
    std::vector<LoopCandidates::Fill> fills;
    for (const model::Transition& t : fn.trans) {
      if (t.stmt.kind != model::StmtKind::Assign || !t.stmt.lhs || !t.stmt.rhs)
        continue;
      const Expr* l = uncast(t.stmt.lhs);
      const Expr* r = uncast(t.stmt.rhs);
      if (l->kind != ExprKind::Index || l->kids.size() != 2 || r->kind != ExprKind::Index ||
          r->kids.size() != 2 || uncast(l->kids[0])->kind != ExprKind::Var ||
          uncast(l->kids[1])->kind != ExprKind::Var || uncast(r->kids[0])->kind != ExprKind::Var)
        continue;
      model::VarId a = uncast(l->kids[0])->var, x = uncast(r->kids[0])->var,
                   i = uncast(l->kids[1])->var;
      const LoopInfo* L = loopOf(i, t.from);
      std::string lo = lowOf(i);
      if (!L || lo.empty() || !L->bound || (L->op != Op::Lt && L->op != Op::Le) ||
          !named(p.var(a)) || !named(p.var(x)) || !named(p.var(i)))
        continue;
      LoopCandidates::Fill f;
      f.array = a;
      f.source = p.var(x).name;
      f.index = rename(model::toString(p, r->kids[1]), p.var(i).name, "_j");
      f.range =
          lo + " <= _j && _j " + (L->op == Op::Lt ? "< " : "<= ") + model::toString(p, L->bound);
      fills.push_back(std::move(f));
    }
    for (const LoopInfo& self : all) {
      model::LocId head = self.head;
      if (annotated(p, fn.id, head))
        continue;
      const std::vector<bool>& body = self.body;
      const model::SrcLoc at = fn.locs[head].loc;
      // counters: the named integer variables the body writes
      std::vector<model::VarId> written, scalars, arrays;
      std::set<long long> mods;
      auto write = [&](model::VarId v) {
        if (v == model::kNone || !named(p.var(v)))
          return;
        if (isInt(p.var(v)) && std::find(written.begin(), written.end(), v) == written.end())
          written.push_back(v);
        if ((isInt(p.var(v)) || (p.var(v).type && p.var(v).type->kind == model::TypeKind::Real)) &&
            std::find(scalars.begin(), scalars.end(), v) == scalars.end())
          scalars.push_back(v);
      };
      for (const model::Transition& t : fn.trans) {
        if (t.from >= body.size() || !body[t.from])
          continue;
        moduli(t.guard, mods);
        moduli(t.stmt.rhs, mods);
        if (t.stmt.kind == model::StmtKind::Assign && t.stmt.lhs &&
            t.stmt.lhs->kind == ExprKind::Var)
          write(t.stmt.lhs->var);
        if (model::VarId a =
                t.stmt.kind == model::StmtKind::Assign ? arrayOf(t.stmt.lhs) : model::kNone;
            a != model::kNone && named(p.var(a)) &&
            std::find(arrays.begin(), arrays.end(), a) == arrays.end())
          arrays.push_back(a);
        if (t.stmt.kind == model::StmtKind::Call) {
          if (t.stmt.lhs && t.stmt.lhs->kind == ExprKind::Var)
            write(t.stmt.lhs->var);
          for (const Expr* a : t.stmt.args)
            write(addrOfVar(a));
        }
      }
      if (scalars.empty())
        continue; // (a loop that writes only reals gets their signs below)
      // constants assigned to the counters anywhere in the function
      for (const model::Transition& t : fn.trans)
        if (t.stmt.kind == model::StmtKind::Assign && t.stmt.lhs &&
            t.stmt.lhs->kind == ExprKind::Var && t.stmt.rhs &&
            t.stmt.rhs->kind == ExprKind::IntLit && t.stmt.rhs->fitsInt64 &&
            std::find(written.begin(), written.end(), t.stmt.lhs->var) != written.end())
          consts.insert(t.stmt.rhs->ival);
      // read-only integers visible here: globals (inputs), parameters,
      // locals declared before the loop; a name declared twice: the later
      std::map<std::string, model::VarId> visible;
      for (const model::Variable& v : p.vars)
        if (v.kind == model::VarKind::Global && named(v) && !v.isExtern)
          visible[v.name] = v.id;
      for (const std::vector<model::VarId>* vs : {&fn.params, &fn.locals})
        for (model::VarId id : *vs) {
          const model::Variable& v = p.var(id);
          if (!named(v) || v.kind == model::VarKind::StaticLocal)
            continue;
          if (v.kind == model::VarKind::Local && (v.loc.file != at.file || v.loc.line > at.line))
            continue;
          auto it = visible.find(v.name);
          if (it == visible.end() || p.var(it->second).kind == model::VarKind::Global ||
              p.var(it->second).loc.line <= v.loc.line)
            visible[v.name] = id;
        }
      std::vector<std::string> readOnly;
      for (const auto& [name, id] : visible)
        if (isInt(p.var(id)) && std::find(written.begin(), written.end(), id) == written.end())
          readOnly.push_back(name);
      LoopCandidates lc;
      lc.names = visible;
      lc.written = scalars;
      lc.arrays = arrays;
      lc.fills = fills;
      lc.fixedRange = self.bound && uncast(self.bound)->kind == ExprKind::IntLit;
      lc.func = fn.id;
      lc.head = head;
      lc.loop = at;
      std::set<std::string> seen;
      auto add = [&](const std::string& s) {
        if (s.find('$') == std::string::npos && seen.insert(s).second)
          lc.texts.push_back(s);
      };
      // the loop condition's bounds (on the branch into the body)
      std::vector<std::pair<model::VarId, std::string>> bounds;
      for (model::TransId tid : fn.locs[head].out) {
        const model::Transition& t = fn.trans[tid];
        const Expr* g = t.guard;
        if (!g || t.to >= body.size() || !body[t.to] || g->kind != ExprKind::Binary ||
            g->kids.size() != 2 || g->kids[0]->kind != ExprKind::Var)
          continue;
        std::string v = p.var(g->kids[0]->var).name, e = model::toString(p, g->kids[1]);
        switch (g->op) {
        case Op::Lt:
          add(v + " <= " + e);
          break;
        case Op::Le:
          add(v + " <= " + e + " + 1");
          break;
        case Op::Gt:
          add(v + " >= " + e);
          break;
        case Op::Ge:
          add(v + " >= " + e + " - 1");
          break;
        case Op::Ne:
          add(v + " <= " + e);
          add(v + " >= " + e);
          break;
        default:
          break;
        }
      }
      std::string rk = rank != model::kNone ? p.var(rank).name : "";
      std::string sz = size != model::kNone ? p.var(size).name : "";
      for (model::VarId vid : written) {
        std::string v = p.var(vid).name;
        // the same variable of other processes
        if (mpi) {
          add(v + " == PROC[0]@" + fn.name + "." + v);
          if (!rk.empty() && !sz.empty()) {
            add(v + " == PROC[(" + rk + " + 1) % " + sz + "]@" + fn.name + "." + v);
            add(v + " == PROC[(" + rk + " + " + sz + " - 1) % " + sz + "]@" + fn.name + "." + v);
          }
        }
        for (long long c : consts) {
          add(std::to_string(c) + " <= " + v);
          add(v + " <= " + std::to_string(c));
        }
        for (const std::string& r : readOnly) {
          add(v + " <= " + r);
          add(r + " <= " + v);
          add(v + " == " + r);
        }
        // the step the body adds to v (`v = v + c`): v == c*w for another counter w
        std::set<long long> steps;
        for (const model::Transition& t : fn.trans)
          if (t.from < body.size() && body[t.from] && t.stmt.kind == model::StmtKind::Assign &&
              t.stmt.lhs && t.stmt.lhs->kind == ExprKind::Var && t.stmt.lhs->var == vid &&
              t.stmt.rhs) {
            const Expr* r = uncast(t.stmt.rhs);
            if (r->kind == ExprKind::Binary && r->op == Op::Add && r->kids.size() == 2 &&
                uncast(r->kids[0])->kind == ExprKind::Var && uncast(r->kids[0])->var == vid &&
                uncast(r->kids[1])->kind == ExprKind::IntLit && uncast(r->kids[1])->fitsInt64 &&
                uncast(r->kids[1])->ival >= 2 && uncast(r->kids[1])->ival <= 64)
              steps.insert(uncast(r->kids[1])->ival);
          }
        for (model::VarId wid : written) {
          if (wid == vid)
            continue;
          std::string w = p.var(wid).name;
          for (long long c : steps)
            add(v + " == " + std::to_string(c) + " * " + w);
          add(v + " == " + w);
          add(v + " == " + w + " + 1");
          add(v + " == " + w + " - 1");
          for (long long k : mods) {
            std::string ks = std::to_string(k);
            for (long long a = 0; a < k; ++a) {
              std::string wa = w + (a ? " + " + std::to_string(a) : "");
              add(v + " == " + ks + "*((" + wa + ")/" + ks + ")");
              if (!rk.empty()) {
                add(v + " == " + ks + "*((" + wa + " - " + rk + ")/" + ks + ")");
                add(v + " == " + ks + "*((" + wa + " + " + rk + ")/" + ks + ")");
              }
            }
          }
        }
      }
      // reals the body writes: their signs (fib's `j > 0 && k > 0`, which
      // keep its divisor `k / j` defined; seed 004 Fig. 4)
      for (model::VarId vid : scalars)
        if (!isInt(p.var(vid))) {
          add("0 < " + p.var(vid).name);
          add("0 <= " + p.var(vid).name);
        }
      // enclosing loops: their conditions hold in this loop, their
      // counters keep their lower bounds
      for (const LoopInfo& e : all) {
        if (&e == &self || head >= e.body.size() || !e.body[head] || !e.guard)
          continue;
        add(model::toString(p, e.guard));
        std::string lo = lowOf(e.counter);
        if (!lo.empty())
          add(lo + " <= " + p.var(e.counter).name);
      }
      // arrays filled by counters: A[x1]..[xm] = e in the loop, where x_k
      // is the counter of this loop or an enclosing one E and every later
      // index the counter of a loop inside E over its whole range
      // (x < B): the part already done, for every k < x_k, holds e
      for (const model::Transition& t : fn.trans) {
        model::VarId base = model::kNone;
        std::vector<model::VarId> idx;
        if (t.from >= body.size() || !body[t.from] || t.stmt.kind != model::StmtKind::Assign ||
            !t.stmt.rhs || !indexChain(t.stmt.lhs, base, idx) || !named(p.var(base)))
          continue;
        for (size_t k = 0; k < idx.size(); ++k) {
          const LoopInfo* E = loopOf(idx[k], t.from);
          if (!E || (E != &self && (head >= E->body.size() || !E->body[head])) || E->op != Op::Lt)
            continue;
          bool full = true;
          std::string quant, cell = p.var(base).name, rhs = model::toString(p, t.stmt.rhs);
          for (size_t q = 0; q < idx.size(); ++q) {
            std::string x = p.var(idx[q]).name;
            if (q < k) {
              cell += "[" + x + "]";
              continue;
            }
            const LoopInfo* L = q == k ? E : loopOf(idx[q], t.from);
            std::string lo = L ? lowOf(idx[q]) : "";
            if (!L || lo.empty() ||
                (q > k && (L->op != Op::Lt || !L->bound || L->head >= E->body.size() ||
                           !E->body[L->head]))) {
              full = false;
              break;
            }
            std::string b = "_k" + std::to_string(q);
            std::string hi = q == k ? x : model::toString(p, L->bound);
            quant +=
                "(\\forall int " + b + "; " + lo + " <= " + b + " && " + b + " < " + hi + " ==> ";
            cell += "[" + b + "]";
            rhs = rename(rhs, x, b);
          }
          if (!full)
            continue;
          std::string text = quant + cell + " == " + rhs;
          for (size_t q = k; q < idx.size(); ++q)
            text += ")";
          add(text);
        }
      }
      out.push_back(std::move(lc));
    }
  }
  return out;
}

} // namespace chorus::search
