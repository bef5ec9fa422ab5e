// Concise construction of model::Program objects for engine unit tests.
// Statements are appended to the current function's program graph; each
// statement gets its own source line (returned), so tests can check the
// location of a violation.
#pragma once

#include "chorus/model/Program.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace chorus::test {

using model::Expr;
using model::ExprKind;
using model::FuncId;
using model::LocId;
using model::Op;
using model::SrcLoc;
using model::StmtKind;
using model::Type;
using model::TypeKind;
using model::VarId;
using model::VarKind;
using E = const model::Expr*;

class ModelBuilder {
public:
  model::Program p;
  const Type *tInt, *tDbl, *tBool, *tChar, *tVoid, *tVoidPtr;
  uint32_t file;
  uint32_t line = 1;

  ModelBuilder() {
    tInt = p.types.intType();
    tDbl = p.types.doubleType();
    tBool = p.types.boolType();
    tChar = p.types.charType();
    tVoid = p.types.voidType();
    tVoidPtr = p.types.pointer(tVoid);
    file = p.fileIndex("test.c");
  }

  SrcLoc at(uint32_t l) { return SrcLoc{file, l, 3}; }
  const Type* ptr(const Type* t) { return p.types.pointer(t); }
  const Type* arr(const Type* t, uint64_t n) { return p.types.array(t, n); }
  const Type* structType(const std::string& tag,
                         std::vector<std::pair<std::string, const Type*>> fields) {
    Type* s = p.types.record(TypeKind::Struct, tag);
    std::vector<model::Field> fs;
    uint64_t size = 0;
    for (auto& [n, t] : fields) {
      fs.push_back(model::Field{n, t});
      size += t->size ? t->size : 8;
    }
    p.types.complete(s, fs, size);
    return s;
  }

  // ------------------------------------------------------------ variables
  VarId global(const std::string& name, const Type* t) {
    model::Variable v;
    v.name = name;
    v.type = t;
    v.kind = VarKind::Global;
    v.loc = at(line);
    return p.addVar(v);
  }
  VarId input(const std::string& name, const Type* t, E cond = nullptr) {
    VarId v = global(name, t);
    model::InputDecl in;
    in.var = v;
    in.cond = cond;
    in.loc = at(line);
    p.inputs.push_back(in);
    return v;
  }
  VarId local(const std::string& name, const Type* t) {
    model::Variable v;
    v.name = name;
    v.type = t;
    v.kind = VarKind::Local;
    v.func = cur_;
    VarId id = p.addVar(v);
    fn().locals.push_back(id);
    return id;
  }
  VarId param(size_t i) { return fn().params.at(i); }

  // ------------------------------------------------------------ functions
  FuncId begin(const std::string& name, const Type* ret,
               std::vector<std::pair<std::string, const Type*>> params = {}) {
    model::Function f;
    f.name = name;
    f.defined = true;
    std::vector<const Type*> pts;
    for (auto& pr : params)
      pts.push_back(pr.second);
    f.type = p.types.function(ret, pts, false);
    f.loc = at(line);
    if (model::Function* existing = p.findFunc(name)) {
      existing->defined = true;
      existing->type = f.type;
      cur_ = existing->id;
    } else {
      cur_ = p.addFunc(f);
    }
    for (auto& [n, t] : params) {
      model::Variable v;
      v.name = n;
      v.type = t;
      v.kind = VarKind::Param;
      v.func = cur_;
      VarId id = p.addVar(v);
      fn().params.push_back(id);
    }
    fn().entry = fn().addLoc(at(line));
    fn().exit = fn().addLoc(at(line));
    here_ = fn().entry;
    return cur_;
  }
  void end() {
    if (here_ != model::kNone)
      edge(here_, fn().exit, nullptr, model::Stmt{}, line);
    here_ = model::kNone;
  }
  FuncId declare(const std::string& name, const Type* ret = nullptr) {
    if (const model::Function* f = p.findFunc(name))
      return f->id;
    model::Function f;
    f.name = name;
    f.defined = false;
    f.type = p.types.function(ret ? ret : tInt, {}, true);
    return p.addFunc(f);
  }

  // ---------------------------------------------------------- expressions
  E mk(Expr e) { return p.expr(std::move(e)); }
  E lit(long long v, const Type* t = nullptr) {
    Expr e;
    e.kind = ExprKind::IntLit;
    e.ival = v;
    e.text = std::to_string(v);
    e.type = t ? t : tInt;
    return mk(e);
  }
  E real(const std::string& text) {
    Expr e;
    e.kind = ExprKind::RealLit;
    e.text = text;
    e.type = tDbl;
    return mk(e);
  }
  E v(VarId id) {
    Expr e;
    e.kind = ExprKind::Var;
    e.var = id;
    e.type = p.var(id).type;
    return mk(e);
  }
  E fnRef(const std::string& name) {
    Expr e;
    e.kind = ExprKind::Func;
    e.func = declare(name);
    e.type = p.func(e.func).type;
    return mk(e);
  }
  E bin(Op op, E a, E b) {
    Expr e;
    e.kind = ExprKind::Binary;
    e.op = op;
    e.kids = {a, b};
    switch (op) {
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne:
    case Op::LogAnd:
    case Op::LogOr:
      e.type = tInt;
      break;
    case Op::PtrAdd:
      e.type = a->type;
      break;
    case Op::PtrDiff:
      e.type = tInt;
      break;
    default:
      e.type = (a->type->kind == TypeKind::Real || b->type->kind == TypeKind::Real) ? tDbl : tInt;
    }
    return mk(e);
  }
  E add(E a, E b) { return bin(Op::Add, a, b); }
  E sub(E a, E b) { return bin(Op::Sub, a, b); }
  E mul(E a, E b) { return bin(Op::Mul, a, b); }
  E div(E a, E b) { return bin(Op::Div, a, b); }
  E lt(E a, E b) { return bin(Op::Lt, a, b); }
  E le(E a, E b) { return bin(Op::Le, a, b); }
  E eq(E a, E b) { return bin(Op::Eq, a, b); }
  E ne(E a, E b) { return bin(Op::Ne, a, b); }
  E land(E a, E b) { return bin(Op::LogAnd, a, b); }
  E lnot(E a) {
    Expr e;
    e.kind = ExprKind::Unary;
    e.op = Op::LogNot;
    e.kids = {a};
    e.type = tInt;
    return mk(e);
  }
  E idx(E a, E i) {
    Expr e;
    e.kind = ExprKind::Index;
    e.kids = {a, i};
    e.type = a->type->elem;
    return mk(e);
  }
  E deref(E ptr) {
    Expr e;
    e.kind = ExprKind::Deref;
    e.kids = {ptr};
    e.type = ptr->type->elem;
    return mk(e);
  }
  E addr(E x) {
    Expr e;
    e.kind = ExprKind::AddrOf;
    e.kids = {x};
    e.type = p.types.pointer(x->type);
    return mk(e);
  }
  E mem(E s, uint32_t field) {
    Expr e;
    e.kind = ExprKind::Member;
    e.kids = {s};
    e.field = field;
    e.type = s->type->fields.at(field).type;
    return mk(e);
  }
  E cast(const Type* t, E x) {
    Expr e;
    e.kind = ExprKind::Cast;
    e.kids = {x};
    e.type = t;
    return mk(e);
  }
  E null(const Type* t) {
    Expr e;
    e.kind = ExprKind::NullPtr;
    e.type = t;
    return mk(e);
  }
  E str(const std::string& s) {
    Expr e;
    e.kind = ExprKind::StringLit;
    e.str = p.addString(s);
    e.type = p.types.array(tChar, s.size() + 1);
    return mk(e);
  }

  // ----------------------------------------------------------- statements
  uint32_t assign(E lhs, E rhs) {
    model::Stmt s;
    s.kind = StmtKind::Assign;
    s.lhs = lhs;
    s.rhs = rhs;
    return seq(s);
  }
  uint32_t call(E lhs, const std::string& name, std::vector<E> args) {
    model::Stmt s;
    s.kind = StmtKind::Call;
    s.lhs = lhs;
    s.callee = fnRef(name);
    s.args = std::move(args);
    return seq(s);
  }
  uint32_t assert_(E c) { return call(nullptr, "assert", {c}); }
  uint32_t decl(VarId var) {
    model::Stmt s;
    s.kind = StmtKind::Declare;
    s.var = var;
    return seq(s);
  }
  uint32_t kill(VarId var) {
    model::Stmt s;
    s.kind = StmtKind::Kill;
    s.var = var;
    return seq(s);
  }
  uint32_t ret(E value = nullptr) {
    model::Stmt s;
    s.kind = StmtKind::Return;
    s.rhs = value;
    uint32_t l = line++;
    edge(here_, fn().exit, nullptr, s, l);
    here_ = fn().addLoc(at(line)); // unreachable continuation
    return l;
  }
  void if_(E c, const std::function<void()>& then, const std::function<void()>& els = {}) {
    uint32_t l = line++;
    LocId from = here_;
    LocId t = fn().addLoc(at(l)), f = fn().addLoc(at(l)), join;
    edge(from, t, c, model::Stmt{}, l);
    edge(from, f, lnot(c), model::Stmt{}, l);
    here_ = t;
    then();
    LocId tEnd = here_;
    here_ = f;
    if (els)
      els();
    LocId fEnd = here_;
    join = fn().addLoc(at(line));
    edge(tEnd, join, nullptr, model::Stmt{}, line);
    edge(fEnd, join, nullptr, model::Stmt{}, line);
    here_ = join;
  }
  void while_(E c, const std::function<void()>& body) {
    uint32_t l = line++;
    LocId head = fn().addLoc(at(l), true);
    edge(here_, head, nullptr, model::Stmt{}, l);
    LocId in = fn().addLoc(at(l)), out = fn().addLoc(at(l));
    edge(head, in, c, model::Stmt{}, l);
    edge(head, out, lnot(c), model::Stmt{}, l);
    here_ = in;
    body();
    edge(here_, head, nullptr, model::Stmt{}, line);
    here_ = out;
  }

private:
  FuncId cur_ = model::kNone;
  LocId here_ = model::kNone;
  model::Function& fn() { return p.funcs.at(cur_); }
  void edge(LocId from, LocId to, E guard, model::Stmt s, uint32_t l) {
    model::Transition t;
    t.from = from;
    t.to = to;
    t.guard = guard;
    t.stmt = std::move(s);
    t.loc = at(l);
    fn().addTrans(std::move(t));
  }
  uint32_t seq(model::Stmt s) {
    uint32_t l = line++;
    LocId next = fn().addLoc(at(line));
    edge(here_, next, nullptr, std::move(s), l);
    here_ = next;
    return l;
  }
};

} // namespace chorus::test
