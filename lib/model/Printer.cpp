#include "chorus/model/Printer.h"

#include <map>
#include <ostream>
#include <set>
#include <sstream>

namespace chorus::model {
namespace {

std::string baseName(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string locString(const Program& p, SrcLoc l) {
  if (!l.valid() || l.file >= p.files.size())
    return "@?";
  return "@" + baseName(p.files[l.file]) + ":" + std::to_string(l.line) + ":" +
         std::to_string(l.col);
}

std::string escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    switch (c) {
    case '\n':
      r += "\\n";
      break;
    case '\t':
      r += "\\t";
      break;
    case '"':
      r += "\\\"";
      break;
    case '\\':
      r += "\\\\";
      break;
    case '\0':
      r += "\\0";
      break;
    default:
      if (static_cast<unsigned char>(c) < 32) {
        char buf[8];
        snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
        r += buf;
      } else {
        r += c;
      }
    }
  }
  return r;
}

/// Variable display names: the source name, made unique with "#id" when the
/// same name denotes several variables of one function (or a local shadows a
/// global). Names are unique per function, so temps "$t0" of different
/// functions print without suffix. In a composition (`chorus compare`) a
/// local is compared with the globals of its own program only: the two
/// programs' variables keep the names the user wrote (each trace step names
/// its process and file), and bound variables as written.
class Names {
public:
  explicit Names(const Program& p) : p_(p) {
    std::map<std::pair<std::string, FuncId>, int> count;
    std::map<std::string, std::set<size_t>> globalNames; // name -> components
    std::set<VarId> listed;
    for (size_t g = 0; g < p.globals.size(); ++g) {
      const auto& v = p.vars[p.globals[g]];
      listed.insert(p.globals[g]);
      if (v.kind == VarKind::Global)
        globalNames[v.name].insert(componentOfGlobal(uint32_t(g)));
    }
    for (VarId id = 0; id < p.vars.size(); ++id) {
      const auto& v = p.vars[id];
      if (v.kind == VarKind::Bound && !p.components.empty())
        continue; // a composition prints quantifiers as written (they shadow)
      if (v.kind != VarKind::Global)
        count[{v.name, v.func}]++;
      else if (!listed.count(id))
        globalNames[v.name].insert(kAll); // not listed in globals: shadows everywhere
    }
    for (const auto& [k, c] : count) {
      auto g = globalNames.find(k.first);
      bool shadows = g != globalNames.end() &&
                     (g->second.count(kAll) || g->second.count(componentOfFunc(k.second)));
      if (c > 1 || shadows)
        ambiguous_.insert(k);
    }
  }
  std::string var(VarId id) const {
    if (id == kNone || id >= p_.vars.size())
      return "<bad var>";
    const auto& v = p_.vars[id];
    if (v.kind != VarKind::Global && ambiguous_.count({v.name, v.func}))
      return v.name + "#" + std::to_string(id);
    return v.name;
  }

private:
  static constexpr size_t kAll = ~size_t(0);
  // The component holding global number g / function f (kAll outside a composition).
  size_t componentOfGlobal(uint32_t g) const {
    for (size_t c = 0; c < p_.components.size(); ++c)
      if (g >= p_.components[c].globalsBegin && g < p_.components[c].globalsEnd)
        return c;
    return kAll;
  }
  size_t componentOfFunc(FuncId f) const {
    for (size_t c = 0; c < p_.components.size(); ++c)
      if (f >= p_.components[c].funcsBegin && f < p_.components[c].funcsEnd)
        return c;
    return kAll;
  }

  const Program& p_;
  std::set<std::pair<std::string, FuncId>> ambiguous_;
};

int precedence(const Expr* e) {
  switch (e->kind) {
  case ExprKind::Binary:
    switch (e->op) {
    case Op::Mul:
    case Op::Div:
    case Op::Rem:
      return 13;
    case Op::Add:
    case Op::Sub:
    case Op::PtrAdd:
    case Op::PtrDiff:
      return 12;
    case Op::Shl:
    case Op::Shr:
      return 11;
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
      return 10;
    case Op::Eq:
    case Op::Ne:
      return 9;
    case Op::BitAnd:
      return 8;
    case Op::BitXor:
      return 7;
    case Op::BitOr:
      return 6;
    case Op::LogAnd:
      return 5;
    case Op::LogOr:
      return 4;
    case Op::Implies:
    case Op::Equiv:
      return 2;
    case Op::Range:
      return 1;
    default:
      return 3;
    }
  case ExprKind::Cond:
    return 3;
  case ExprKind::Unary:
  case ExprKind::Cast:
  case ExprKind::AddrOf:
  case ExprKind::Deref:
    return 14;
  case ExprKind::Quant:
    return 0;
  default:
    return 16;
  }
}

class ExprPrinter {
public:
  ExprPrinter(const Program& p, const Names& n) : p_(p), n_(n) {}

  std::string str(const Expr* e) {
    std::ostringstream os;
    out(os, e);
    return os.str();
  }

  void out(std::ostream& os, const Expr* e) {
    if (!e) {
      os << "<null>";
      return;
    }
    switch (e->kind) {
    case ExprKind::IntLit:
      os << (e->macro.empty() ? e->text : e->macro);
      return;
    case ExprKind::RealLit:
      os << e->text;
      return;
    case ExprKind::StringLit:
      os << '"' << (e->str < p_.strings.size() ? escape(p_.strings[e->str]) : "?") << '"';
      return;
    case ExprKind::NullPtr:
      os << "NULL";
      return;
    case ExprKind::Var:
      os << n_.var(e->var);
      return;
    case ExprKind::Func:
      os << (e->func < p_.funcs.size() ? p_.funcs[e->func].name : "<bad func>");
      return;
    case ExprKind::Unary:
      os << opSpelling(e->op);
      sub(os, e->kids[0], 14);
      return;
    case ExprKind::Binary: {
      int pr = precedence(e);
      bool rightAssoc = e->op == Op::Implies;
      sub(os, e->kids[0], rightAssoc ? pr + 1 : pr);
      os << ' ' << opSpelling(e->op) << ' ';
      sub(os, e->kids[1], rightAssoc ? pr : pr + 1);
      return;
    }
    case ExprKind::Cond:
      sub(os, e->kids[0], 4);
      os << " ? ";
      sub(os, e->kids[1], 3);
      os << " : ";
      sub(os, e->kids[2], 3);
      return;
    case ExprKind::Cast:
      os << '(' << (e->type ? e->type->name : "?") << ')';
      sub(os, e->kids[0], 14);
      return;
    case ExprKind::AddrOf:
      os << '&';
      sub(os, e->kids[0], 14);
      return;
    case ExprKind::Deref:
      os << '*';
      sub(os, e->kids[0], 14);
      return;
    case ExprKind::Member: {
      const Type* rt = e->kids[0]->type;
      sub(os, e->kids[0], 16);
      os << '.';
      if (rt && e->field < rt->fields.size())
        os << rt->fields[e->field].name;
      else
        os << "<field " << e->field << ">";
      return;
    }
    case ExprKind::Index:
      sub(os, e->kids[0], 16);
      os << '[';
      out(os, e->kids[1]);
      os << ']';
      return;
    case ExprKind::Remote:
      os << "PROC[";
      out(os, e->kids[0]);
      os << ']';
      if (!e->fn.empty())
        os << '@' << e->fn;
      os << '.' << e->name;
      return;
    case ExprKind::SpecVar:
      os << "spec." << e->name;
      return;
    case ExprKind::Quant:
      quant(os, e);
      return;
    case ExprKind::Builtin:
      os << e->name;
      if (!e->kids.empty() || (e->name.rfind("\\", 0) != 0 && e->name.rfind("$", 0) != 0)) {
        os << '(';
        list(os, e->kids);
        os << ')';
      }
      return;
    case ExprKind::Result:
      os << "\\result";
      return;
    case ExprKind::Old:
      os << "\\old(";
      out(os, e->kids[0]);
      os << ')';
      return;
    case ExprKind::SetOf:
      os << "{ ";
      if (e->bound.empty()) {
        list(os, e->kids);
      } else {
        out(os, e->kids[0]);
        os << " | ";
        bounds(os, e->bound);
        os << "; ";
        out(os, e->kids[1]);
      }
      os << " }";
      return;
    }
  }

private:
  void sub(std::ostream& os, const Expr* e, int minPrec) {
    if (e && precedence(e) < minPrec) {
      os << '(';
      out(os, e);
      os << ')';
    } else {
      out(os, e);
    }
  }
  void list(std::ostream& os, const std::vector<const Expr*>& es) {
    for (size_t i = 0; i < es.size(); ++i) {
      if (i)
        os << ", ";
      out(os, es[i]);
    }
  }
  void bounds(std::ostream& os, const std::vector<VarId>& bs) {
    for (size_t i = 0; i < bs.size(); ++i) {
      const auto& v = p_.vars.at(bs[i]);
      os << (i ? ", " : "") << (v.type ? v.type->name : "?") << ' ' << n_.var(bs[i]);
    }
  }
  void quant(std::ostream& os, const Expr* e) {
    switch (e->op) {
    case Op::Forall:
    case Op::Exists:
      os << opSpelling(e->op) << ' ';
      bounds(os, e->bound);
      os << "; ";
      // (the restriction is 1 when the body has no top-level ==> / &&)
      if (e->kids[0] && !(e->kids[0]->kind == ExprKind::IntLit && e->kids[0]->ival == 1)) {
        sub(os, e->kids[0], e->op == Op::Forall ? 3 : 5);
        os << (e->op == Op::Forall ? " ==> " : " && ");
      }
      sub(os, e->kids[1], e->op == Op::Forall ? 2 : 6);
      return;
    case Op::Lambda:
      os << "\\lambda ";
      bounds(os, e->bound);
      os << "; ";
      out(os, e->kids[0]);
      return;
    case Op::Sum:
      os << "\\sum(";
      out(os, e->kids[0]);
      os << ", ";
      out(os, e->kids[1]);
      os << ", \\lambda ";
      bounds(os, e->bound);
      os << "; ";
      out(os, e->kids[2]);
      os << ')';
      return;
    default:
      os << "<quant?>";
    }
  }

  const Program& p_;
  const Names& n_;
};

const char* storageName(VarKind k) {
  switch (k) {
  case VarKind::Global:
    return "global";
  case VarKind::StaticLocal:
    return "static";
  case VarKind::Param:
    return "param";
  case VarKind::Local:
    return "local";
  case VarKind::Temp:
    return "temp";
  case VarKind::Bound:
    return "bound";
  }
  return "?";
}

std::string stmtString(const Program& p, ExprPrinter& ep, const Names& n, const Stmt& s) {
  std::ostringstream os;
  switch (s.kind) {
  case StmtKind::Nop:
    os << "skip";
    break;
  case StmtKind::Assign:
    os << ep.str(s.lhs) << " = " << ep.str(s.rhs);
    break;
  case StmtKind::Call:
    if (s.lhs)
      os << ep.str(s.lhs) << " = ";
    os << "call " << ep.str(s.callee) << '(';
    for (size_t i = 0; i < s.args.size(); ++i)
      os << (i ? ", " : "") << ep.str(s.args[i]);
    os << ')';
    break;
  case StmtKind::Return:
    os << "return";
    if (s.rhs)
      os << ' ' << ep.str(s.rhs);
    break;
  case StmtKind::Declare: {
    const auto& v = p.vars.at(s.var);
    os << "declare " << (v.type ? v.type->name : "?") << ' ' << n.var(s.var);
    if (v.type && v.type->kind == TypeKind::Array && v.type->lengthVar != kNone)
      os << " [length " << n.var(v.type->lengthVar) << ']';
    break;
  }
  case StmtKind::Kill:
    os << "kill " << n.var(s.var);
    break;
  }
  return os.str();
}

void printClauses(std::ostream& os, const Program& p, ExprPrinter& ep,
                  const std::vector<Clause>& cs, const std::string& indent) {
  for (const auto& c : cs) {
    os << indent;
    switch (c.kind) {
    case ClauseKind::Requires:
      os << "requires ";
      break;
    case ClauseKind::Ensures:
      os << "ensures ";
      break;
    case ClauseKind::Assigns:
      os << "assigns ";
      break;
    case ClauseKind::WaitsFor:
      os << "waitsfor ";
      break;
    case ClauseKind::Assumes:
      os << "assumes ";
      break;
    case ClauseKind::MpiUses:
      os << "mpi uses ";
      break;
    case ClauseKind::Terminates:
      os << "terminates ";
      break;
    case ClauseKind::Decreases:
      os << "decreases ";
      break;
    }
    if (c.nothing)
      os << "\\nothing";
    for (size_t i = 0; i < c.exprs.size(); ++i)
      os << (i ? ", " : "") << ep.str(c.exprs[i]);
    os << "  " << locString(p, c.loc) << '\n';
  }
}

} // namespace

struct ProgramText::Impl {
  const Program& p;
  Names n;
  ExprPrinter ep;
  explicit Impl(const Program& prog) : p(prog), n(prog), ep(prog, n) {}
};

ProgramText::ProgramText(const Program& p) : impl_(std::make_unique<Impl>(p)) {}
ProgramText::~ProgramText() = default;
std::string ProgramText::str(const Expr* e) {
  return impl_->ep.str(e);
}
std::string ProgramText::str(const Stmt& s) {
  return stmtString(impl_->p, impl_->ep, impl_->n, s);
}

std::string toString(const Program& p, const Expr* e) {
  Names n(p);
  ExprPrinter ep(p, n);
  return ep.str(e);
}

std::string toString(const Program& p, const Stmt& s) {
  Names n(p);
  ExprPrinter ep(p, n);
  return stmtString(p, ep, n, s);
}

void print(std::ostream& os, const Program& p, const PrintOptions& opts) {
  Names names(p);
  ExprPrinter ep(p, names);
  bool all = opts.onlyFunction.empty();

  if (all) {
    bool anyRecord = false;
    for (const auto& t : p.types.all()) {
      if (!t.isRecord() || !t.complete)
        continue;
      if (!anyRecord)
        os << "types:\n";
      anyRecord = true;
      os << "  " << t.name << " {";
      for (const auto& f : t.fields)
        os << ' ' << (f.type ? f.type->name : "?") << ' ' << f.name << ';';
      os << " }  size " << t.size << '\n';
    }
    os << "globals:\n";
    for (VarId g : p.globals) {
      const auto& v = p.vars[g];
      os << "  " << storageName(v.kind) << ' ' << (v.type ? v.type->name : "?") << ' '
         << names.var(g) << (v.isExtern ? "  extern" : "") << "  " << locString(p, v.loc) << '\n';
    }
    for (const auto& in : p.inputs) {
      os << "input " << names.var(in.var);
      if (!in.macro.empty())
        os << " (macro " << in.macro << ')';
      if (in.cond)
        os << " {" << ep.str(in.cond) << '}';
      os << "  " << locString(p, in.loc) << '\n';
    }
    for (const auto& o : p.outputs)
      os << "output " << names.var(o.var) << "  " << locString(p, o.loc) << '\n';
    if (opts.showLibraryDecls) {
      for (const auto& f : p.funcs)
        if (!f.defined)
          os << "library " << f.name << " : " << (f.type ? f.type->name : "?") << '\n';
    }
  }

  for (const auto& f : p.funcs) {
    if (!f.defined || (!all && f.name != opts.onlyFunction))
      continue;
    os << "\nfunction " << f.name << '(';
    for (size_t i = 0; i < f.params.size(); ++i) {
      const auto& v = p.vars[f.params[i]];
      os << (i ? ", " : "") << (v.type ? v.type->name : "?") << ' ' << names.var(f.params[i]);
    }
    os << ") -> " << (f.type && f.type->ret ? f.type->ret->name : "?") << "  "
       << locString(p, f.loc) << '\n';
    if (!f.locals.empty()) {
      os << "  locals:";
      for (VarId l : f.locals) {
        const auto& v = p.vars[l];
        os << ' ' << storageName(v.kind) << ' ' << (v.type ? v.type->name : "?") << ' '
           << names.var(l) << ';';
      }
      os << '\n';
    }
    os << "  entry L" << f.entry << ", exit L" << f.exit << '\n';
    for (const auto& l : f.locs) {
      os << "  L" << l.id << (l.loopHead ? " (loop head)" : "") << "  " << locString(p, l.loc)
         << '\n';
      for (TransId t : l.out) {
        const auto& tr = f.trans[t];
        os << "    -> L" << tr.to;
        if (tr.guard)
          os << "  [" << ep.str(tr.guard) << ']';
        os << "  " << stmtString(p, ep, names, tr.stmt) << "  " << locString(p, tr.loc) << '\n';
      }
    }
    for (const auto& c : p.contracts) {
      if (c.func != f.id)
        continue;
      os << "  contract  " << locString(p, c.loc) << '\n';
      for (size_t b = 0; b < c.blocks.size(); ++b) {
        const auto& blk = c.blocks[b];
        if (blk.comm)
          os << "    mpi collective(" << ep.str(blk.comm) << "):\n";
        else if (b > 0 || !blk.clauses.empty() || !blk.behaviors.empty())
          os << "    local:\n";
        printClauses(os, p, ep, blk.clauses, "      ");
        for (const auto& beh : blk.behaviors) {
          os << "      behavior " << beh.name << ":\n";
          printClauses(os, p, ep, beh.clauses, "        ");
        }
        for (const auto& cb : blk.completeBehaviors) {
          os << "      complete behaviors";
          for (size_t i = 0; i < cb.size(); ++i)
            os << (i ? ", " : " ") << cb[i];
          os << '\n';
        }
        for (const auto& db : blk.disjointBehaviors) {
          os << "      disjoint behaviors";
          for (size_t i = 0; i < db.size(); ++i)
            os << (i ? ", " : " ") << db[i];
          os << '\n';
        }
      }
    }
    for (const auto& la : p.loops) {
      if (la.func != f.id)
        continue;
      os << "  loop annotation at L" << la.head << "  " << locString(p, la.loc) << '\n';
      for (auto* inv : la.invariants)
        os << "    loop invariant " << ep.str(inv) << '\n';
      for (auto* a : la.assigns)
        os << "    loop assigns " << ep.str(a) << '\n';
      if (la.assignsNothing)
        os << "    loop assigns \\nothing\n";
      if (la.variant)
        os << "    loop variant " << ep.str(la.variant) << '\n';
    }
    for (const auto& c : p.collectives) {
      if (c.func != f.id)
        continue;
      os << "  " << (c.joint ? "joint " : "collective ")
         << (c.kind == CollectiveKind::Assert ? "assert " : "invariant ") << c.id << " at L" << c.at
         << ": " << ep.str(c.expr) << "  " << locString(p, c.loc) << '\n';
    }
    for (const auto& pa : p.passerts) {
      if (pa.func != f.id)
        continue;
      os << "  passert thru L" << pa.begin << "..L" << pa.end << ": " << ep.str(pa.expr) << "  "
         << locString(p, pa.loc) << '\n';
    }
  }
}

} // namespace chorus::model
