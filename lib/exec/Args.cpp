// main's arguments: argc and the argv array with its strings, in blocks
// owned by the C runtime (HeapObj::external: never a leak, free() of them is
// INVALID_FREE), built for each process of the initial state. Every process
// gets the same arguments (mpirun passes the same command line to all).
//
// Given (`chorus verify prog.c -- 10 input.txt`, ExecOptions::programArgs):
// argc = 1 + the number of arguments, argv[0] the program's name, argv[i]
// the strings, argv[argc] NULL, all concrete.
//
// Not given: argc is the input symbol `argc` with 1 <= argc <= 1 + maxArgs,
// and argument i (1 <= i <= maxArgs) a string of symbolic length
// 0..maxArgLength whose characters are symbolic and non-zero (the symbols
// `argvI_len` and `argvI_0`, `argvI_1`, ..., inputs shared by all
// processes). The argv block
// has argc + 1 elements: element i is `i < argc ? string i : NULL`, a
// pointer chosen when it is read (Machine::readPlace resolves the
// condition with choose), so argument-dependent behaviour is explored for
// every argument count within the bound.
//
// A program whose main never looks at argv (MPI programs that only pass
// &argv to MPI_Init, usesArgv) keeps argv NULL (nothing can observe it, and
// its states stay small); argc still ranges over 1..1 + maxArgs, as when
// argv is used (Executor::initial).
#include "ExecutorImpl.h"

namespace chorus::exec {

namespace {

bool mentions(const model::Expr* e, model::VarId v) {
  if (!e)
    return false;
  if (e->kind == model::ExprKind::Var && e->var == v)
    return true;
  for (const model::Expr* k : e->kids)
    if (mentions(k, v))
      return true;
  return false;
}

/// The pointer to element 0 of heap block h.
Expr blockStart(state::Values& V, sym::ExprFactory& f, uint32_t h) {
  return V.makePointer(state::Root{state::RootKind::Heap, 0, h}, {f.intConst(0)});
}

} // namespace

bool usesArgv(const model::Program& p, model::FuncId mainF) {
  const model::Function& m = p.func(mainF);
  if (m.params.size() < 2)
    return false;
  model::VarId argv = m.params[1];
  for (const model::Transition& t : m.trans) {
    const model::Stmt& s = t.stmt;
    if (mentions(t.guard, argv) || mentions(s.lhs, argv) || mentions(s.rhs, argv) ||
        mentions(s.callee, argv))
      return true;
    bool init = s.kind == model::StmtKind::Call && s.callee &&
                s.callee->kind == model::ExprKind::Func &&
                (p.func(s.callee->func).name == "MPI_Init" ||
                 p.func(s.callee->func).name == "MPI_Init_thread");
    for (size_t i = 0; i < s.args.size(); ++i) {
      // MPI_Init(&argc, &argv) leaves them as they are (the model's MPI_Init)
      if (init && i == 1 && s.args[i]->kind == model::ExprKind::AddrOf &&
          s.args[i]->kids[0]->kind == model::ExprKind::Var && s.args[i]->kids[0]->var == argv)
        continue;
      if (mentions(s.args[i], argv))
        return true;
    }
  }
  return false;
}

Expr Executor::mainArgv(ProcState& ps, Expr argc, const model::Type* argvType, model::SrcLoc site,
                        std::vector<Expr>& conds) {
  sym::ExprFactory& f = f_;
  state::Values& V = values_;
  if (!argvType || argvType->kind != model::TypeKind::Pointer || !argvType->elem ||
      argvType->elem->kind != model::TypeKind::Pointer || !argvType->elem->elem ||
      argvType->elem->elem->kind != model::TypeKind::Int || argvType->elem->elem->size != 1)
    return V.nullPointer(); // not `char **argv`: nothing to point to
  const model::Type* strT = argvType->elem;
  const model::Type* chT = strT->elem;
  const model::Type* chArr = impl_->arrayOf(chT, std::nullopt);
  const model::Type* strArr = impl_->arrayOf(strT, std::nullopt);
  auto push = [&](Expr value, const model::Type* elem, Expr elems) {
    state::HeapObj o;
    o.value = value;
    o.elem = elem;
    o.bytes = f.mul(elems, f.intConst(int64_t(elem->size)));
    o.site = site;
    o.external = true;
    ps.heap.push_back(std::move(o));
    return uint32_t(ps.heap.size() - 1);
  };
  auto concreteString = [&](const std::string& s) {
    std::vector<Expr> cs;
    for (char c : s)
      cs.push_back(f.intConst(int64_t(static_cast<signed char>(c))));
    cs.push_back(f.intConst(0));
    const model::Type* at = impl_->arrayOf(chT, s.size() + 1);
    return push(f.arrayLit(V.symType(at), cs), chT, f.intConst(int64_t(s.size() + 1)));
  };
  std::vector<Expr> strs{blockStart(V, f, concreteString(opts_.programName))};
  if (opts_.programArgs) {
    for (const std::string& a : *opts_.programArgs)
      strs.push_back(blockStart(V, f, concreteString(a)));
    strs.push_back(V.nullPointer());
    const model::Type* at = impl_->arrayOf(strT, strs.size());
    uint32_t h = push(f.arrayLit(V.symType(at), strs), strT, f.intConst(int64_t(strs.size())));
    return blockStart(V, f, h);
  }
  // (argc fixed by --input argc=N: N - 1 symbolic arguments at least)
  int64_t maxArgs = opts_.maxArgs;
  const int64_t maxLen = opts_.maxArgLength;
  if (argc->kind() == sym::Kind::NumConst)
    if (auto n = argc->value().toInt64(); n && *n - 1 > maxArgs)
      maxArgs = *n - 1;
  conds.push_back(f.le(f.intConst(1), argc));
  conds.push_back(f.le(argc, f.intConst(1 + maxArgs)));
  for (int64_t k = 1; k <= maxArgs; ++k) {
    std::string base = "argv" + std::to_string(k);
    Expr len = f.symbol(base + "_len", f.intType());
    inputSymbols_.insert(len);
    conds.push_back(f.le(f.intConst(0), len));
    conds.push_back(f.le(len, f.intConst(maxLen)));
    // characters argvK_0, argvK_1, ...: scalars, so that a counterexample
    // shows the string (search::showArgvInputs)
    Expr i = f.boundVar("i", f.intType());
    Expr chars = f.intConst(0);
    for (int64_t j = maxLen - 1; j >= 0; --j) {
      Expr c = f.symbol(base + "_" + std::to_string(j), V.symType(chT));
      inputSymbols_.insert(c);
      Expr ok = f.logicalAnd(f.logicalAnd(f.le(f.intConst(-128), c), f.le(c, f.intConst(127))),
                             f.neq(c, f.intConst(0)));
      conds.push_back(f.implies(f.lt(f.intConst(j), len), ok));
      chars = f.ite(f.eq(i, f.intConst(j)), c, chars);
    }
    Expr body = f.ite(f.lt(i, len), chars, f.intConst(0));
    Expr bvs[1] = {i};
    Expr n = f.add(len, f.intConst(1));
    uint32_t h = push(f.arrayLambda(V.symType(chArr), n, f.lambda(bvs, body)), chT, n);
    strs.push_back(blockStart(V, f, h));
  }
  // argv[i] = i == 0 ? name : i < argc ? string i : NULL, for 0 <= i <= argc
  Expr i = f.boundVar("i", f.intType());
  Expr body = V.nullPointer();
  for (int64_t k = maxArgs; k >= 1; --k)
    body =
        f.ite(f.eq(i, f.intConst(k)), f.ite(f.lt(i, argc), strs[size_t(k)], V.nullPointer()), body);
  body = f.ite(f.eq(i, f.intConst(0)), strs[0], body);
  Expr bvs[1] = {i};
  Expr n = f.add(argc, f.intConst(1));
  uint32_t h = push(f.arrayLambda(V.symType(strArr), n, f.lambda(bvs, body)), strT, n);
  return blockStart(V, f, h);
}

} // namespace chorus::exec
