#include "chorus/model/Compose.h"

#include <unordered_map>

namespace chorus::model {

namespace {

/// Copies the implementation into the merged program, remapping ids.
class Copier {
public:
  Copier(Program& out, const Program& in, const Program& specView)
      : out_(out), in_(in), spec_(specView) {
    varOff_ = uint32_t(out.vars.size());
    funcOff_ = uint32_t(out.funcs.size());
    strOff_ = uint32_t(out.strings.size());
  }

  VarId var(VarId v) const { return v == kNone ? kNone : v + varOff_; }
  FuncId func(FuncId f) const { return f == kNone ? kNone : f + funcOff_; }
  SrcLoc loc(SrcLoc l) {
    if (l.file != kNone && l.file < in_.files.size())
      l.file = out_.fileIndex(in_.files[l.file]);
    return l;
  }

  const Type* type(const Type* t) {
    if (!t)
      return nullptr;
    if (auto it = types_.find(t); it != types_.end())
      return it->second;
    TypeTable& T = out_.types;
    const Type* r = nullptr;
    switch (t->kind) {
    case TypeKind::Void:
      r = T.voidType();
      break;
    case TypeKind::Bool:
      r = T.boolType();
      break;
    case TypeKind::Int:
      r = t->isEnum ? T.enumType(t->name) : T.integer(t->name, t->bits, t->isSigned, t->isChar);
      break;
    case TypeKind::Real:
      r = T.real(t->name, t->bits);
      break;
    case TypeKind::Pointer:
      r = T.pointer(type(t->elem));
      break;
    case TypeKind::Array:
      r = t->lengthVar != kNone ? T.vla(type(t->elem), var(t->lengthVar))
                                : T.array(type(t->elem), t->length);
      break;
    case TypeKind::Function: {
      std::vector<const Type*> ps;
      for (const Type* p : t->params)
        ps.push_back(type(p));
      r = T.function(type(t->ret), ps, t->variadic);
      break;
    }
    case TypeKind::Struct:
    case TypeKind::Union: {
      Type* rec = T.record(t->kind, t->tag);
      types_[t] = rec; // before the fields: recursive types
      if (rec->complete) {
        // a record of the same tag in the specification: it must agree
        bool same = rec->fields.size() == t->fields.size();
        for (size_t i = 0; same && i < t->fields.size(); ++i)
          same = rec->fields[i].name == t->fields[i].name &&
                 rec->fields[i].type->kind == t->fields[i].type->kind;
        if (!same && t->complete)
          throw ComposeError("'" + t->name +
                             "' is declared differently in the specification and the "
                             "implementation (records are shared by tag)");
      } else if (t->complete) {
        std::vector<Field> fs;
        for (const Field& f : t->fields)
          fs.push_back(Field{f.name, type(f.type), f.offset});
        T.complete(rec, std::move(fs), t->size);
      }
      return rec;
    }
    }
    types_[t] = r;
    return r;
  }

  const Expr* expr(const Expr* e) {
    if (!e)
      return nullptr;
    if (auto it = exprs_.find(e); it != exprs_.end())
      return it->second;
    Expr c = *e;
    c.type = type(e->type);
    c.loc = loc(e->loc);
    for (auto& k : c.kids)
      k = expr(k);
    if (e->kind == ExprKind::SpecVar) {
      VarId sv = spec_.findGlobal(e->name);
      if (sv != kNone && sv >= varOff_)
        sv = kNone;
      if (sv == kNone) // a local of some function of the specification
        for (const Variable& v : spec_.vars)
          if (v.id < varOff_ && v.name == e->name &&
              (v.kind == VarKind::Local || v.kind == VarKind::Param ||
               v.kind == VarKind::StaticLocal)) {
            sv = v.id;
            break;
          }
      if (sv == kNone)
        throw ComposeError(out_.where(c.loc) + ": spec." + e->name +
                           ": the specification has no variable '" + e->name + "'");
      c.var = sv;
      c.type = spec_.var(sv).type; // same table: the specification's ids are unchanged
    } else {
      c.var = var(e->var);
    }
    c.func = func(e->func);
    if (e->str != kNone)
      c.str = e->str + strOff_;
    for (auto& b : c.bound)
      b = var(b);
    const Expr* r = out_.expr(std::move(c));
    exprs_[e] = r;
    return r;
  }

  void copyAll() {
    for (const std::string& s : in_.strings)
      out_.strings.push_back(s);
    for (const Variable& v : in_.vars) {
      Variable n = v;
      n.id = var(v.id);
      n.type = type(v.type);
      n.func = func(v.func);
      n.loc = loc(v.loc);
      out_.vars.push_back(std::move(n));
    }
    for (VarId g : in_.globals)
      out_.globals.push_back(var(g));
    for (const Function& f : in_.funcs) {
      Function n;
      n.name = f.name;
      n.type = type(f.type);
      for (VarId p : f.params)
        n.params.push_back(var(p));
      for (VarId l : f.locals)
        n.locals.push_back(var(l));
      n.locs = f.locs;
      for (Location& l : n.locs)
        l.loc = loc(l.loc);
      for (const Transition& t : f.trans) {
        Transition c;
        c.from = t.from;
        c.to = t.to;
        c.guard = expr(t.guard);
        c.loc = loc(t.loc);
        c.stmt.kind = t.stmt.kind;
        c.stmt.lhs = expr(t.stmt.lhs);
        c.stmt.rhs = expr(t.stmt.rhs);
        c.stmt.callee = expr(t.stmt.callee);
        for (const Expr* a : t.stmt.args)
          c.stmt.args.push_back(expr(a));
        c.stmt.var = var(t.stmt.var);
        c.stmt.argsAre = t.stmt.argsAre;
        n.trans.push_back(std::move(c));
      }
      n.entry = f.entry;
      n.exit = f.exit;
      n.defined = f.defined;
      n.loc = loc(f.loc);
      FuncId id = out_.addFunc(std::move(n));
      if (id != func(f.id))
        throw std::logic_error("compose: function ids out of order");
    }
    for (const InputDecl& in : in_.inputs)
      out_.inputs.push_back(InputDecl{var(in.var), expr(in.cond), in.macro, loc(in.loc)});
    for (const OutputDecl& o : in_.outputs)
      out_.outputs.push_back(OutputDecl{var(o.var), loc(o.loc)});
    for (const CollectiveAnnot& a : in_.collectives) {
      CollectiveAnnot c = a;
      c.expr = expr(a.expr);
      c.func = func(a.func);
      c.loc = loc(a.loc);
      out_.collectives.push_back(std::move(c));
    }
    auto clauses = [&](std::vector<Clause> cs) {
      for (Clause& c : cs) {
        for (auto& e : c.exprs)
          e = expr(e);
        c.loc = loc(c.loc);
      }
      return cs;
    };
    for (const Contract& k : in_.contracts) {
      Contract c;
      c.func = func(k.func);
      c.loc = loc(k.loc);
      for (const ContractBlock& b : k.blocks) {
        ContractBlock nb = b;
        nb.comm = expr(b.comm);
        nb.clauses = clauses(b.clauses);
        for (Behavior& bh : nb.behaviors) {
          bh.clauses = clauses(bh.clauses);
          bh.loc = loc(bh.loc);
        }
        nb.loc = loc(b.loc);
        for (SrcLoc& l : nb.completeLocs)
          l = loc(l);
        for (SrcLoc& l : nb.disjointLocs)
          l = loc(l);
        c.blocks.push_back(std::move(nb));
      }
      out_.contracts.push_back(std::move(c));
    }
    for (const LoopAnnot& l : in_.loops) {
      LoopAnnot c = l;
      c.func = func(l.func);
      for (auto& e : c.invariants)
        e = expr(e);
      for (auto& e : c.assigns)
        e = expr(e);
      c.variant = expr(l.variant);
      for (SrcLoc& il : c.invariantLocs)
        il = loc(il);
      c.assignsLoc = loc(l.assignsLoc);
      c.variantLoc = loc(l.variantLoc);
      c.loc = loc(l.loc);
      out_.loops.push_back(std::move(c));
    }
    for (const ParallelAssert& a : in_.passerts) {
      ParallelAssert c = a;
      c.func = func(a.func);
      c.expr = expr(a.expr);
      c.loc = loc(a.loc);
      out_.passerts.push_back(std::move(c));
    }
    for (const auto& [k, v] : in_.macros)
      out_.macros.emplace(k, v);
    for (FuncId d : in_.destructors) // each process runs its component's
      out_.destructors.push_back(func(d));
  }

private:
  Program& out_;
  const Program& in_;
  const Program& spec_;
  uint32_t varOff_ = 0, funcOff_ = 0, strOff_ = 0;
  std::unordered_map<const Type*, const Type*> types_;
  std::unordered_map<const Expr*, const Expr*> exprs_;
};

/// "int", "double[]", "struct s": the shape that decides the symbolic encoding.
std::string shape(const Type* t) {
  if (!t)
    return "?";
  switch (t->kind) {
  case TypeKind::Bool:
  case TypeKind::Int:
    return "integer";
  case TypeKind::Real:
    return "real";
  case TypeKind::Array:
    return shape(t->elem) + "[]";
  case TypeKind::Pointer:
    return shape(t->elem) + "*";
  default:
    return t->name;
  }
}

Component componentOf(const Program& p, const std::string& name, uint32_t g0, uint32_t f0) {
  Component c;
  c.name = name;
  c.globalsBegin = g0;
  c.globalsEnd = uint32_t(p.globals.size());
  c.funcsBegin = f0;
  c.funcsEnd = uint32_t(p.funcs.size());
  for (FuncId f = f0; f < c.funcsEnd; ++f) {
    if (p.funcs[f].name == "main" && p.funcs[f].defined)
      c.main = f;
    if (p.funcs[f].name == kInitFunction && p.funcs[f].defined)
      c.init = f;
  }
  return c;
}

} // namespace

std::string inputName(const Program& p, const InputDecl& in) {
  return in.macro.empty() ? p.var(in.var).name : in.macro;
}

int componentOfGlobal(const Program& p, uint32_t g) {
  for (size_t c = 0; c < p.components.size(); ++c)
    if (g >= p.components[c].globalsBegin && g < p.components[c].globalsEnd)
      return int(c);
  return 0;
}

int componentOfFunc(const Program& p, FuncId f) {
  for (size_t c = 0; c < p.components.size(); ++c)
    if (f >= p.components[c].funcsBegin && f < p.components[c].funcsEnd)
      return int(c);
  return 0;
}

Program compose(Program spec, const Program& impl) {
  if (!spec.components.empty() || !impl.components.empty())
    throw ComposeError("a composition cannot be composed again");
  // Inputs and outputs are matched by name, before anything is merged.
  auto check = [&](const char* what, auto nameOf, auto typeOf, auto locOf, const auto& specs,
                   const auto& impls) {
    for (const auto& s : specs) {
      const auto* match = static_cast<std::decay_t<decltype(&s)>>(nullptr);
      for (const auto& i : impls)
        if (nameOf(impl, i) == nameOf(spec, s))
          match = &i;
      if (!match)
        throw ComposeError(spec.where(locOf(s)) + ": " + what + " '" + nameOf(spec, s) +
                           "' of the specification has no " + what +
                           " of that name in the implementation");
      if (shape(typeOf(spec, s)) != shape(typeOf(impl, *match)))
        throw ComposeError(spec.where(locOf(s)) + ": " + what + " '" + nameOf(spec, s) +
                           "' has type " + typeOf(spec, s)->name + " in the specification but " +
                           typeOf(impl, *match)->name + " in the implementation (" +
                           impl.where(locOf(*match)) + ")");
    }
    for (const auto& i : impls) {
      bool found = false;
      for (const auto& s : specs)
        found = found || nameOf(spec, s) == nameOf(impl, i);
      if (!found)
        throw ComposeError(impl.where(locOf(i)) + ": " + what + " '" + nameOf(impl, i) +
                           "' of the implementation has no " + what +
                           " of that name in the specification");
    }
  };
  // Parameters of main (argc, argv) are each program's own.
  auto globalInputs = [](const Program& p) {
    std::vector<InputDecl> r;
    for (const InputDecl& in : p.inputs)
      if (p.var(in.var).kind != VarKind::Param)
        r.push_back(in);
    return r;
  };
  check(
      "input", [](const Program& p, const InputDecl& in) { return inputName(p, in); },
      [](const Program& p, const InputDecl& in) { return p.var(in.var).type; },
      [](const InputDecl& in) { return in.loc; }, globalInputs(spec), globalInputs(impl));
  check(
      "output", [](const Program& p, const OutputDecl& o) { return p.var(o.var).name; },
      [](const Program& p, const OutputDecl& o) { return p.var(o.var).type; },
      [](const OutputDecl& o) { return o.loc; }, spec.outputs, impl.outputs);

  Program out = std::move(spec);
  std::vector<Component> comps{componentOf(out, "spec", 0, 0)};
  uint32_t g0 = uint32_t(out.globals.size()), f0 = uint32_t(out.funcs.size());
  Copier c(out, impl, out);
  c.copyAll();
  comps.push_back(componentOf(out, "impl", g0, f0));
  for (const Component& k : comps)
    if (k.main == kNone)
      throw ComposeError("the " +
                         std::string(k.name == "spec" ? "specification" : "implementation") +
                         " has no function 'main'");
  out.components = std::move(comps);
  return out;
}

} // namespace chorus::model
