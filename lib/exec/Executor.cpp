// The core of the transition relation (see DESIGN-NOTES.md): the initial
// state, the moves of a process (guards, forks, blocked calls), statements,
// calls and returns, termination checks, dispatch of library calls to their
// models (Library.h), and canonical keys.
#include "chorus/exec/Executor.h"

#include "LibState.h"
#include "Library.h"
#include "Machine.h"
#include "Module.h"

#include "chorus/model/Compose.h"
#include "chorus/model/Printer.h"
#include "chorus/support/Fatal.h"

#include <algorithm>

namespace chorus::exec {

// ================================================================ statements

Machine::Outcome Machine::run(const model::Transition& t) {
  loc = t.loc.valid() ? t.loc : loc;
  step.loc = loc;
  if (!quiet)
    step.stmt = text(t);
  if (t.guard) {
    Expr c = evalCond(t.guard);
    if (c->isFalse())
      return Outcome::Infeasible;
    if (!c->isTrue()) {
      Answer a = ex.oracle().valid(gs.pc, c);
      if (a != Answer::Yes) {
        Answer b = ex.oracle().valid(gs.pc, f.logicalNot(c));
        if (b == Answer::Yes)
          return Outcome::Infeasible;
        // The prover could not tell whether the guard can hold here: the
        // branch is explored, and with --lise what it finds is only
        // possible (replayed concretely before it is reported), as after a
        // dropped conjunct (fib at load 200+: a definite
        // CONFLICTING_LOOP_EXIT on an undecided branch).
        if (b == Answer::Maybe && ex.options().lise)
          gs.liseAbstracted = true;
        if (ex.options().contract)
          loopBoundedByInputs(t, c);
        gs.pc = f.logicalAnd(gs.pc, c);
      } else if (mentionsLise(c)) {
        gs.pc = f.logicalAnd(gs.pc, c);
      }
    }
  }
  Outcome o = stmt(t);
  if (o == Outcome::Done)
    popFinished();
  return o;
}

void Machine::loopBoundedByInputs(const model::Transition& t, Expr c) {
  // verify --contract (seed 002 Def. 2.6 is total correctness): a loop
  // whose exit the path condition leaves open on a value it does not bound
  // (a free input: `i < n` with only n >= 0 required) would be unrolled
  // without end; unknown naming the loop and the value, until collective
  // loop invariants make such a loop provable.
  const model::Function& fn = P.func(self().stack.back().func);
  if (t.from >= fn.locs.size() || !fn.locs[t.from].loopHead)
    return;
  constexpr int64_t kBound = 1 << 16;
  for (Expr x : f.freeSymbols(c)) {
    if (!x->type()->isInt())
      continue;
    if (ex.oracle().valid(gs.pc, f.le(x, intc(kBound))) == Answer::Yes &&
        ex.oracle().valid(gs.pc, f.le(intc(-kBound), x)) == Answer::Yes)
      continue;
    throw Unsupported("the loop at " + P.where(t.loc) + ": its exit depends on '" + x->name() +
                      "', which the precondition does not bound (termination, seed 002 Def. "
                      "2.6, is not checked for every input)");
  }
}

Machine::Outcome Machine::stmt(const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  switch (s.kind) {
  case StmtKind::Nop:
    advance(t);
    return Outcome::Done;
  case StmtKind::Assign: {
    Expr v = evalValue(s.rhs);
    v = convert(v, s.rhs->type, s.lhs->type);
    Place pl = evalPlace(s.lhs);
    writePlace(pl, v);
    if (!quiet)
      step.effects.push_back(text(s.lhs) + " = " + show(v));
    advance(t);
    return Outcome::Done;
  }
  case StmtKind::Declare: {
    const model::Variable& v = P.var(s.var);
    advance(t);
    if (v.isGlobalStorage())
      return Outcome::Done;
    ProcState& ps = self();
    Frame& fr = ps.stack.back();
    auto it = im.slotOf[fr.func].find(s.var);
    if (it == im.slotOf[fr.func].end())
      throw Unsupported("declaration of unknown variable '" + v.name + "'");
    // the lengths of its variable-length levels (`double a[n][m]`: n, m),
    // fixed when the declaration is reached (C11 6.7.6.2p5)
    std::vector<Expr> lens;
    for (const model::Type* t = v.type; t && t->kind == TypeKind::Array; t = t->elem) {
      if (t->lengthVar == model::kNone)
        continue;
      model::Expr ve;
      ve.kind = ExprKind::Var;
      ve.var = t->lengthVar;
      ve.type = P.var(t->lengthVar).type;
      Expr len = evalValue(&ve);
      require(f.lt(intc(0), len), ViolationKind::OutOfBounds,
              "variable-length array of non-positive length");
      lens.push_back(len);
    }
    self().stack.back().slots[it->second] = V.undef(v.type, lens);
    return Outcome::Done;
  }
  case StmtKind::Kill: {
    advance(t);
    const model::Variable& v = P.var(s.var);
    if (ex.escapes(s.var))
      globalMove = true; // another thread may hold its address
    if (v.isGlobalStorage())
      return Outcome::Done;
    Frame& fr = self().stack.back();
    auto it = im.slotOf[fr.func].find(s.var);
    if (it != im.slotOf[fr.func].end())
      fr.slots[it->second] = nullptr;
    return Outcome::Done;
  }
  case StmtKind::Return: {
    Expr v = nullptr;
    ProcState& ps = self();
    const model::Function& fn = P.func(ps.stack.back().func);
    if (s.rhs) {
      v = evalValue(s.rhs);
      const model::Type* rt = fn.type ? fn.type->ret : nullptr;
      v = convert(v, s.rhs->type, rt);
    }
    advance(t);
    doReturn(v);
    return Outcome::Done;
  }
  case StmtKind::Call:
    return call(t);
  }
  return Outcome::Done;
}

void Machine::doReturn(Expr v) {
  ProcState& ps = self();
  if (ex.watchesCall(ps.stack.back().func))
    step.calls.push_back(CallEvent{true, snapshotSelf(), ps.stack.back().func, v, loc});
  const model::Expr* lhs = ps.stack.back().retLhs;
  uint8_t resume = ps.stack.back().resumePhase;
  const model::Function& callee = P.func(ps.stack.back().func);
  const model::Type* rt = callee.type ? callee.type->ret : nullptr;
  // (the end of a thread or of the process, or a frame whose variables
  // another thread may point to: dependent with every move, for the DPOR)
  if ((ps.stack.size() == 1 && thr == 0) || ex.frameEscapes(ps.stack.back().func))
    globalMove = true;
  if (ex.frameEscapes(ps.stack.back().func))
    endFrames(ps.stack.size() - 1, &v); // (the value returned too: `return &x;`)
  ps.stack.pop_back();
  if (ex.options().contract && thr == 0 && ps.stack.size() == 1 &&
      ps.stack.back().func == ex.options().contract->driver)
    for (const Module& mod : modules()) // f returned: the process of P^f is done
      if (mod.onContractReturn)
        mod.onContractReturn(*this);
  if (ps.stack.empty() && thr != 0) { // a thread's start routine returned
    threadEnd(v);
    return;
  }
  if (ps.stack.empty()) { // main or an exit handler returned
    finishProcess(false);
    return;
  }
  if (resume) { // a callback of a library call (callModel): back to the call
    ps.callPhase = resume;
    if (v)
      setLibState(LibSlot::CallResult, v);
    return;
  }
  if (lhs) {
    if (!v)
      v = V.undef(lhs->type);
    writePlace(evalPlace(lhs), convert(v, rt, lhs->type));
    if (!quiet)
      step.effects.push_back(text(lhs) + " = " + show(v));
  }
}

void Machine::endFrames(size_t from, Expr* value) {
  ProcState& ps = self();
  sym::ExprMap map;
  for (size_t d = from; d < ps.stack.size(); ++d)
    for (uint32_t k = 0;
         ex.frameEscapes(ps.stack[d].func) && k < uint32_t(ps.stack[d].slots.size());
         ++k) // (no pointer to a variable of a function whose address is never taken)
      map[f.refConst(V.refType(),
                     state::encodeRoot(state::localRoot(uint32_t(thr), uint32_t(d), k)))] =
          f.refConst(V.refType(),
                     state::encodeRoot(state::localRoot(uint32_t(thr), state::kDeadFrame, k)));
  if (map.empty())
    return;
  state::substituteValues(ps, map, f);
  if (value && *value)
    *value = f.substitute(*value, map);
}

void Machine::popFinished() {
  for (;;) {
    const ProcState& ps = view(me);
    if (ps.stack.empty())
      return;
    const Frame& fr = ps.stack.back();
    const model::Function& fn = P.func(fr.func);
    if (!fn.defined && ex.stubContract(fr.func))
      return; // a call simulated by its contract (Executor::stubMoves)
    if (fr.loc != fn.exit && !fn.locs.at(fr.loc).out.empty())
      return;
    doReturn(nullptr);
  }
}

void Machine::terminate(bool normal) {
  std::vector<uint32_t> lost;
  if (!normal)
    lost = lostBlocks();
  self().stack.clear();
  if (thr != 0) // exit() in a thread: the process ends (main's stack is swapped out)
    self().threads.at(size_t(thr)).stack.clear();
  if (!normal)
    exitReclaims(lost);
  // every end of a process, exit() and _Exit too, ends its use of MPI
  // (MPI_Finalize missing is MPI_USAGE: Open MPI reports the run as an
  // abnormal termination); memory still allocated is a leak only after a
  // return from main
  for (const Module& mod : modules())
    if (mod.onTerminate)
      mod.onTerminate(*this);
  if (!normal)
    return;
  for (const HeapObj& o : self().heap)
    if (!o.freed && !o.external) {
      loc = o.site;
      fail(ViolationKind::MemoryLeak, "memory allocated here is never freed", pc());
    }
}

void Machine::pushFrame(model::FuncId fid, const std::vector<Expr>& args,
                        const model::Expr* retLhs) {
  const model::Function& fn = P.func(fid);
  Frame fr;
  fr.func = fid;
  fr.loc = fn.entry;
  fr.retLhs = retLhs;
  fr.slots.assign(im.slotVar[fid].size(), nullptr);
  if (args.size() < fn.params.size())
    throw Unsupported("call of '" + fn.name + "' with too few arguments at " + where());
  for (size_t i = 0; i < fn.params.size(); ++i)
    fr.slots[im.slotOf[fid].at(fn.params[i])] = args[i];
  self().stack.push_back(std::move(fr));
  if (ex.watchesCall(fid))
    step.calls.push_back(CallEvent{false, snapshotSelf(), fid, nullptr, loc});
}

Machine::Outcome Machine::call(const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  model::FuncId fid = model::kNone;
  if (s.callee->kind == ExprKind::Func)
    fid = s.callee->func;
  else {
    Expr pv = evalValue(s.callee);
    if (V.isUndef(pv))
      fail(ViolationKind::UninitializedRead, "call through an uninitialized pointer", pc());
    auto p = V.decodePointer(pv);
    if (!p || p->root.kind != RootKind::Function) {
      if (p && p->root.kind == RootKind::Null)
        fail(ViolationKind::NullDereference, "call through a null pointer", pc());
      throw Unsupported("call through a symbolic pointer at " + where());
    }
    fid = p->root.b;
  }
  const model::Function& fn = P.func(fid);
  // (a defined variadic function gets its variadic arguments in a record,
  // made by the front end at each direct call: lib/exec/Varargs.cpp)
  if (s.callee->kind != ExprKind::Func && fn.defined && fn.type && fn.type->variadic)
    throw Unsupported("call of the variadic function '" + fn.name + "' through a pointer at " +
                      where());
  // a function without body simulated by its collective contract (an MPI
  // collective with the App. B header): its frame is pushed as for a
  // defined one, Executor::stubMoves runs it
  if (fn.defined || ex.stubContract(fid)) {
    std::vector<Expr> args;
    for (size_t i = 0; i < s.args.size(); ++i) {
      Expr v = evalValue(s.args[i]);
      const model::Type* pt = i < fn.params.size() ? P.var(fn.params[i]).type : nullptr;
      args.push_back(convert(v, s.args[i]->type, pt));
    }
    advance(t);
    pushFrame(fid, args, s.lhs);
    return Outcome::Done;
  }
  return library(fn.name, t);
}

Machine::Outcome Machine::callModel(model::FuncId fid, const std::vector<Expr>& args,
                                    uint8_t resume) {
  const model::Function& fn = P.func(fid);
  if (!fn.defined)
    throw Unsupported("callback of '" + fn.name + "', which has no body, at " + where());
  if (fn.params.size() != args.size())
    throw Unsupported("callback of '" + fn.name + "' with " + std::to_string(args.size()) +
                      " arguments, but it has " + std::to_string(fn.params.size()) +
                      " parameters, at " + where());
  if (resume == 0)
    throw std::logic_error("Machine::callModel: resume phase 0");
  std::vector<Expr> conv;
  for (size_t i = 0; i < args.size(); ++i)
    conv.push_back(convert(args[i], nullptr, P.var(fn.params[i]).type));
  // The caller stays at the call; its phase is kept in the callee's frame
  // (so the callee may itself make multi-phase calls) and restored by
  // doReturn.
  self().callPhase = 0;
  pushFrame(fid, conv, nullptr);
  self().stack.back().resumePhase = resume;
  if (!quiet) {
    std::string shown = "call " + fn.name + "(";
    for (size_t i = 0; i < conv.size(); ++i)
      shown += (i ? ", " : "") + show(conv[i]);
    step.effects.push_back(shown + ")");
  }
  popFinished(); // a body without transitions returns at once
  return Outcome::Stay;
}

void Machine::setResult(const model::Stmt& s, Expr v, const model::Type* vt) {
  if (!s.lhs)
    return;
  v = convert(v, vt, s.lhs->type);
  writePlace(evalPlace(s.lhs), v);
  if (!quiet)
    step.effects.push_back(text(s.lhs) + " = " + show(v));
}

Expr Machine::arg(const model::Stmt& s, size_t i) {
  if (i >= s.args.size())
    throw Unsupported("library call with too few arguments at " + where());
  Expr v = evalValue(s.args[i]);
  // A pointer to an untyped heap block passed with a typed pointer (an int*
  // or a struct pointer as an MPI or memcpy buffer): the call is the block's
  // first typed use.
  if (V.isPointer(v))
    if (auto p = V.decodePointer(v); p && p->root.kind == RootKind::Heap) {
      ProcState& ps = self();
      const model::Type* st = staticPointee(s.args[i]);
      if (p->root.b < ps.heap.size() && !ps.heap[p->root.b].elem && !ps.heap[p->root.b].freed &&
          st && st->size && (st->isScalar() || (st->isRecord() && st->complete)))
        typeHeap(ps, p->root.b, st);
    }
  return v;
}

namespace {

/// Library models whose effect on the process is entirely in memory they
/// read and write through places (recorded as Successor::accesses, their
/// objects' fields as `sync`): mutexes, read-write and spin locks,
/// semaphores, barriers, atomics. Every other library call is a global move
/// for the DPOR (lib/search/Dpor.h).
bool dporMemoryModel(const std::string& n) {
  for (const char* pre : {"pthread_mutex_", "pthread_rwlock_", "pthread_spin_", "sem_",
                          "pthread_barrier_", "$atomic_"})
    if (n.rfind(pre, 0) == 0)
      return true;
  // (their thread-table effects are recorded as pseudo-places:
  // Machine::threadMark)
  return n == "pthread_create" || n == "pthread_join" || n == "pthread_self" ||
         n == "pthread_equal";
}

} // namespace

Machine::Outcome Machine::library(const std::string& called, const model::Transition& t) {
  const LibraryFunction* fn = libraries().find(called);
  std::string name = called;
  // gcc's __builtin_F of a library function F (__builtin_memcpy,
  // __builtin_strlen, __builtin_printf...) is F, unless modelled itself
  if (!fn && name.rfind("__builtin_", 0) == 0 && name.size() > 10) {
    name = called.substr(10);
    fn = libraries().find(name);
  }
  if (!fn)
    throw Unsupported("library function '" + called + "' is not modelled (called at " + where() +
                      ")");
  if (!dporMemoryModel(name))
    globalMove = true;
  for (const Module& mod : modules())
    if (mod.onLibraryCall)
      mod.onLibraryCall(*this, name);
  Outcome o = fn->run(*this, name, t);
  if (o == Outcome::Blocked)
    blockedCall = name;
  return o;
}

// ================================================================== Executor

Executor::Executor(const model::Program& p, sym::ExprFactory& f, Oracle& oracle, ExecOptions opts)
    : prog_(p), f_(f), oracle_(oracle), opts_(std::move(opts)), values_(p, f),
      impl_(std::make_unique<Impl>()) {
  forgetExecuting(); // a former program's file names may have been freed
  for (uint32_t i = 0; i < p.globals.size(); ++i)
    impl_->globalIndex[p.globals[i]] = i;
  impl_->slotOf.resize(p.funcs.size());
  impl_->slotVar.resize(p.funcs.size());
  for (const model::Function& fn : p.funcs) {
    auto add = [&](model::VarId v) {
      if (p.var(v).isGlobalStorage() || impl_->slotOf[fn.id].count(v))
        return;
      impl_->slotOf[fn.id][v] = uint32_t(impl_->slotVar[fn.id].size());
      impl_->slotVar[fn.id].push_back(v);
    };
    for (model::VarId v : fn.params)
      add(v);
    for (model::VarId v : fn.locals)
      add(v);
  }
  impl_->computeLiveness(p);
  if (opts_.contract)
    initStubs();
  satisfiable_ = [this](Expr c) {
    auto it = satCache_.find(c);
    if (it != satCache_.end())
      return it->second;
    bool sat = oracle_.valid(c, f_.falseExpr()) == Answer::No;
    satCache_.emplace(c, sat);
    return sat;
  };
  dropDead_ = [this](state::ProcState& ps) {
    dropDeadStack(ps.stack);
    for (state::Thread& t : ps.threads)
      dropDeadStack(t.stack);
  };
  dropDeadStack = [this](std::vector<state::Frame>& stack) {
    for (size_t i = 0; i < stack.size(); ++i) {
      state::Frame& fr = stack[i];
      const auto& byLoc = impl_->dead[fr.func];
      if (fr.loc >= byLoc.size() || byLoc[fr.loc].empty())
        continue;
      const std::vector<uint8_t>& mask = byLoc[fr.loc];
      const std::vector<uint8_t>* keep = nullptr;
      if (i + 1 < stack.size() && stack[i + 1].retLhs) {
        auto it = impl_->lhsReads.find(stack[i + 1].retLhs);
        if (it != impl_->lhsReads.end())
          keep = &it->second;
      }
      for (size_t k = 0; k < mask.size() && k < fr.slots.size(); ++k)
        if (mask[k] && !(keep && (*keep)[k]))
          fr.slots[k] = nullptr;
    }
  };
  if (const model::Function* m = p.findFunc("main"); m && m->defined)
    impl_->mainF = m->id;
  if (const model::Function* i = p.findFunc(model::kInitFunction); i && i->defined)
    impl_->initF = i->id;
}

Executor::~Executor() = default;

Expr Executor::inputArray(const std::string& name, const std::string& text, const model::Type* t) {
  // "{v0, v1, ...}" (the form the counterexample inputs are printed in)
  std::string body = text;
  auto bad = [&](const std::string& why) {
    return Unsupported("--input " + name + "=" + text + ": " + why);
  };
  if (body.size() < 2 || body.front() != '{' || body.back() != '}')
    throw bad("an array input needs {v0, v1, ...}");
  body = body.substr(1, body.size() - 2);
  std::vector<Expr> elems;
  const model::Type* et = t->elem;
  size_t pos = 0;
  while (pos < body.size()) {
    size_t comma = body.find(',', pos);
    std::string item =
        body.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) {
      if (et->kind == TypeKind::Array || et->isRecord())
        throw bad("only arrays of numbers can be given");
      auto num = parseNumber(item);
      if (!num)
        throw bad("'" + item + "' is not a number");
      if (et->kind == TypeKind::Real && opts_.ieeeFloat) {
        auto r = roundToType(*num, et); // the nearest value of the element type
        if (!r)
          throw bad("'" + item + "' is infinite as a " + et->name);
        elems.push_back(f_.realConst(*r));
      } else if (et->kind == TypeKind::Real)
        elems.push_back(f_.realConst(*num));
      else if (num->isInteger())
        elems.push_back(f_.intConst(*num));
      else
        throw bad("'" + item + "' is not an integer");
    }
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  if (t->length && *t->length != elems.size())
    throw bad("the array has " + std::to_string(*t->length) + " elements");
  return f_.arrayLit(values_.symType(t), elems);
}

GlobalState Executor::initial() {
  if (opts_.contract)
    return contractInitial_ = contractInitialState();
  if (impl_->mainF == model::kNone && prog_.components.empty())
    throw Unsupported("the program has no function 'main'");
  GlobalState gs;
  gs.pc = f_.trueExpr();
  std::map<model::VarId, const model::InputDecl*> inputs;
  for (const model::InputDecl& in : prog_.inputs)
    inputs[in.var] = &in;
  // main's first parameter (argc) is an input too.
  std::string argcName;
  if (impl_->mainF != model::kNone && !prog_.func(impl_->mainF).params.empty())
    argcName = prog_.var(prog_.func(impl_->mainF).params[0]).name;
  for (const auto& [name, value] : opts_.inputs) {
    bool found = name == argcName;
    for (const auto& [v, in] : inputs)
      if (prog_.var(v).name == name || in->macro == name)
        found = true;
    if (!found)
      throw Unsupported("--input " + name + ": no input variable or macro of that name");
  }
  for (int r = 0; r < opts_.nprocs; ++r) {
    ProcState ps;
    // compositions: each component runs its own main and $init
    int comp = componentOf(r);
    model::FuncId mainF = prog_.components.empty() ? impl_->mainF : prog_.components[comp].main;
    model::FuncId initF = prog_.components.empty() ? impl_->initF : prog_.components[comp].init;
    for (model::VarId v : prog_.globals) {
      const model::Variable& var = prog_.var(v);
      int vc =
          prog_.components.empty() ? 0 : model::componentOfGlobal(prog_, impl_->globalIndex[v]);
      Expr val;
      auto in = inputs.find(v);
      if (in != inputs.end()) {
        std::string nm = in->second->macro.empty() ? var.name : in->second->macro;
        auto fixed = opts_.inputs.find(nm);
        if (fixed != opts_.inputs.end() && var.type->kind == TypeKind::Array) {
          val = inputArray(nm, fixed->second, var.type);
        } else if (fixed != opts_.inputs.end()) {
          auto num = parseNumber(fixed->second);
          if (!num)
            throw Unsupported("--input " + nm + "=" + fixed->second + ": not a number");
          if (var.type->kind == TypeKind::Real && opts_.ieeeFloat) {
            // the value the program reads: the nearest of its type
            auto r = roundToType(*num, var.type);
            if (!r)
              throw Unsupported("--input " + nm + "=" + fixed->second + ": infinite as a " +
                                var.type->name);
            val = f_.realConst(*r);
          } else if (var.type->kind == TypeKind::Real)
            val = f_.realConst(*num);
          else if (num->isInteger())
            val = f_.intConst(*num);
          else
            throw Unsupported("--input " + nm + ": not an integer");
        } else {
          val = f_.symbol(nm, values_.symType(var.type));
          inputSymbols_.insert(val);
          if (opts_.ieeeFloat && holdsFloat(var.type)) // finite values (Float.cpp)
            noteAssumption(kFiniteFloats);
          if (opts_.ieeeFloat && var.type->kind == TypeKind::Real) // (of its type)
            impl_->floatInputs.emplace(val, var.type);
          // `double a[N][N]`, N an input: rows of the input's lengths
          if (auto lens = inputLengths(var.type, ps.globals); lens && lens->size() > 1)
            val = shapedArray(val, var.type, *lens);
          // an integer input takes the values of its C type
          if (var.type->kind == TypeKind::Int && var.type->bits >= 1 && var.type->bits <= 128 &&
              r == 0) {
            auto [lo, hi] = Machine::intRange(var.type);
            gs.pc = f_.logicalAnd(
                gs.pc, f_.logicalAnd(f_.le(f_.intConst(lo), val), f_.le(val, f_.intConst(hi))));
          }
        }
      } else if (var.isExtern && var.type->kind == TypeKind::Pointer &&
                 (var.name == "stdin" || var.name == "stdout" || var.name == "stderr")) {
        // the C library's streams: a pointer to the variable itself, so that
        // the stdio models recognize the stream wherever the value is copied
        val = values_.makePointer(Root{RootKind::Global, 0, uint32_t(ps.globals.size())}, {});
      } else if (var.name == "PID" || var.name == "_PID") {
        val = f_.intConst(vc == comp ? r - componentBase(comp) : 0);
      } else if (var.name == "NPROCS" || var.name == "_NPROCS") {
        val = f_.intConst(componentSize(vc));
      } else if (auto lens = inputLengths(var.type, ps.globals)) {
        // a global array whose lengths are inputs (`float u[NX]`, `double
        // c[N][N]`, NX and N input macros)
        val = values_.zero(var.type, *lens);
      } else {
        val = var.type->kind == TypeKind::Array && !var.type->length ? nullptr
                                                                     : values_.zero(var.type);
        // a large array of integers: packed (state/Packed.h), zero-filled
        if (val && var.type->kind == TypeKind::Array && opts_.packArrays &&
            state::PackedArray::packable(f_, val->type(), *var.type->length)) {
          ps.packed.resize(prog_.globals.size());
          ps.packed[ps.globals.size()] =
              std::make_shared<state::PackedArray>(val, *var.type->length);
          val = nullptr;
        }
      }
      ps.globals.push_back(val);
    }
    Frame mainFr;
    mainFr.func = mainF;
    mainFr.loc = prog_.func(mainF).entry;
    mainFr.slots.assign(impl_->slotVar[mainF].size(), nullptr);
    const model::Function& mf = prog_.func(mainF);
    Expr argc = nullptr;
    for (size_t i = 0; i < mf.params.size(); ++i) {
      const model::Variable& pv = prog_.var(mf.params[i]);
      Expr v = i == 0 ? f_.symbol(pv.name, f_.intType()) : values_.nullPointer();
      if (i == 1 && argc && usesArgv(prog_, mainF)) {
        std::vector<Expr> conds;
        v = mainArgv(ps, argc, pv.type, pv.loc, conds);
        if (r == 0)
          for (Expr c : conds)
            gs.pc = f_.logicalAnd(gs.pc, c);
      } else if (i == 1 && argc && r == 0 && argc->kind() != sym::Kind::NumConst) {
        // argv unused: argc still ranges over 1..1 + --max-args (the bound
        // docs/commands.md states; argv stays NULL, nothing reads it)
        gs.pc = f_.logicalAnd(gs.pc, f_.le(argc, f_.intConst(1 + int64_t(opts_.maxArgs))));
      }
      if (i == 0 && opts_.programArgs) {
        v = f_.intConst(int64_t(opts_.programArgs->size() + 1));
      } else if (i == 0) {
        if (auto fx = opts_.inputs.find(pv.name); fx != opts_.inputs.end()) {
          auto num = parseNumber(fx->second);
          if (!num || !num->isInteger())
            throw Unsupported("--input " + pv.name + "=" + fx->second + ": not an integer");
          v = f_.intConst(*num);
        }
        inputSymbols_.insert(v);
      }
      mainFr.slots[impl_->slotOf[mainFr.func].at(mf.params[i])] = v;
      if (i == 0)
        argc = v;
      if (i == 0 && r == 0)
        gs.pc = f_.logicalAnd(
            gs.pc, f_.logicalAnd(f_.le(f_.intConst(1), v), f_.le(v, f_.intConst(2147483647))));
    }
    ps.stack.push_back(mainFr);
    if (initF != model::kNone) {
      Frame in;
      in.func = initF;
      in.loc = prog_.func(initF).entry;
      in.slots.assign(impl_->slotVar[initF].size(), nullptr);
      ps.stack.push_back(in);
    }
    gs.procs.push_back(interner_.intern(std::move(ps)));
  }
  // Input conditions, evaluated in process 0.
  Machine m(*this, *impl_, gs, 0, opts_.syncSends);
  m.undecided = &undecided_;
  // Input arrays of variable length (e.g. `double a[n]` with input n): the
  // length of the symbolic array is the value of the length variable.
  for (uint32_t g = 0; g < prog_.globals.size(); ++g) {
    const model::Variable& var = prog_.var(prog_.globals[g]);
    if (!inputs.count(var.id) || var.type->kind != TypeKind::Array ||
        var.type->lengthVar == model::kNone)
      continue;
    auto li = impl_->globalIndex.find(var.type->lengthVar);
    if (li == impl_->globalIndex.end())
      continue;
    Expr len = gs.procs[0]->globalValue(li->second, f_);
    Expr arr = gs.procs[0]->globalValue(g, f_);
    m.gs.pc = f_.logicalAnd(m.gs.pc, f_.eq(f_.arrayLength(arr), len));
  }
  for (const model::InputDecl& in : prog_.inputs) {
    if (!in.cond)
      continue;
    m.loc = in.loc;
    Expr c = m.evalCond(in.cond);
    m.gs.pc = f_.logicalAnd(m.gs.pc, c);
    if (m.gs.pc->isFalse() && !opts_.inputs.empty())
      throw Unsupported("--input: the values given violate the input condition at " +
                        prog_.where(in.loc));
  }
  m.popFinished();
  return m.finish();
}

Expr Executor::shapedArray(Expr a, const model::Type* t, std::span<const Expr> lens,
                           unsigned depth) {
  if (!t || t->kind != TypeKind::Array || lens.empty())
    return a;
  bool variable = !t->length;
  Expr len = variable ? lens.front() : f_.intConst(int64_t(*t->length));
  std::span<const Expr> rest = variable ? lens.subspan(1) : lens;
  // one bound variable per level: the row's body reads the outer index
  Expr bv = f_.boundVar("$d" + std::to_string(depth), f_.intType());
  Expr bvs[1] = {bv};
  Expr row = shapedArray(f_.arrayRead(a, bv), t->elem, rest, depth + 1);
  return f_.arrayLambda(values_.symType(t), len, f_.lambda(bvs, row));
}

std::optional<std::vector<Expr>> Executor::inputLengths(const model::Type* t,
                                                        const std::vector<Expr>& globals) const {
  std::vector<Expr> lens;
  for (; t && t->kind == TypeKind::Array; t = t->elem) {
    if (t->lengthVar == model::kNone)
      continue;
    auto g = impl_->globalIndex.find(t->lengthVar);
    if (g == impl_->globalIndex.end() || g->second >= globals.size() || !globals[g->second])
      return std::nullopt;
    lens.push_back(globals[g->second]);
  }
  if (lens.empty())
    return std::nullopt;
  return lens;
}

ProcMoves Executor::moves(const GlobalState& s, int p, bool reduceThreads) {
  // Any exception that is not a verdict is a defect of chorus: reported as
  // an internal error at the transition being executed (Fatal.h).
  try {
    ProcMoves pm = movesOf(s, p, reduceThreads);
    for (Successor& sc : pm.succs)
      for (int q = 0; q < int(s.procs.size()); ++q) {
        const state::ProcState& before = *s.procs[size_t(q)];
        const state::ProcState& after = *sc.state.procs[size_t(q)];
        if (q == p || !insideCall(before) || after.terminated())
          continue;
        for (size_t t = 0; t < before.numThreads(); ++t)
          if (insideCall(before, t) && !insideCall(after, t) && t < after.numThreads() &&
              after.phaseOf(t) == 0)
            sc.released.push_back({q, int(t)});
      }
    return pm;
  } catch (const ViolationError&) {
    throw;
  } catch (const Unsupported&) {
    throw;
  } catch (const InternalError&) {
    throw;
  } catch (const InPlaceAbort&) {
    throw;
  } catch (const std::exception& e) {
    throw InternalError(e.what() + executingSuffix(p));
  } catch (...) {
    throw InternalError("unknown exception" + executingSuffix(p));
  }
}

std::string Executor::executingSuffix(int p) const {
  std::string w = executingWhere();
  return (w.empty() ? std::string() : " while executing " + w) + " (process " + std::to_string(p) +
         ")";
}

ProcMoves Executor::movesOf(const GlobalState& s, int p, bool reduceThreads) {
  if (!opts_.componentProcs.empty() && !inComponent_)
    return componentMoves(s, p);
  ProcMoves pm;
  const ProcState& ps = *s.procs[p];
  if (ps.terminated()) {
    pm.terminated = true;
    return pm;
  }
  if (opts_.contract && ps.threads.empty()) {
    // the driver after f returned: the process is done (its frame keeps
    // the arrivals of the simulated calls, which others may still read)
    const Frame& top = ps.stack.back();
    if (ps.stack.size() == 1 && top.func == opts_.contract->driver &&
        top.loc == opts_.contract->afterLoc) {
      pm.terminated = true;
      return pm;
    }
    if (stubContract(top.func) && top.loc == prog_.func(top.func).entry)
      return stubMoves(s, p);
  }
  if (ps.threads.empty())
    return threadMoves(s, p, 0);
  // A process with threads (lib/exec/threads): the moves of every running
  // thread, interleaved by the search; blocked when none can progress (a
  // thread whose only moves are spurious wake-ups waits too).
  bool safe = true;
  std::vector<std::pair<int, ProcMoves>> blockedThreads;
  // A thread inside an atomic section (__VERIFIER_atomic_begin, chorus.h)
  // is the only one that moves (lib/exec/threads/Atomics.cpp).
  auto runningThread = [&](size_t t) {
    if (t == 0) // (main ended by pthread_exit: Finished, its stack parked)
      return ps.threads[0].status == state::Thread::Status::Running;
    return (ps.threads[t].status == state::Thread::Status::Running && !ps.threads[t].stack.empty());
  };
  int section = -1;
  if (size_t k = size_t(LibSlot::AtomicSection);
      k < ps.libObj.size() && ps.libObj[k] && ps.libObj[k]->kind() == sym::Kind::NumConst) {
    int64_t v = ps.libObj[k]->value().toInt64().value_or(0);
    if (v > 0 && size_t(v - 1) < ps.threads.size() && runningThread(size_t(v - 1)))
      section = int(v - 1);
  }
  for (size_t t = 0; t < ps.threads.size(); ++t) {
    if (!runningThread(t))
      continue;
    if (section >= 0 && int(t) != section) { // held off by the atomic section
      pm.waiting.push_back(WaitingThread{int(t), {}, true});
      continue;
    }
    ProcMoves tm = threadMoves(s, p, int(t));
    if (reduceThreads && localMoves(ps, int(t), tm)) {
      for (Successor& sc : tm.succs)
        checkPasserts(s, p, sc);
      tm.reduced = true;
      tm.safe = true;
      return tm;
    }
    bool progress = false;
    for (const Successor& sc : tm.succs)
      progress = progress || !sc.spurious;
    if (tm.succs.empty())
      pm.waiting.push_back(WaitingThread{int(t), std::move(tm.blockedAccesses), tm.blockedGlobal});
    if (!progress) {
      if (!tm.succs.empty() && tm.blockedAt.empty()) {
        tm.blockedAt = tm.succs[0].step.stmt + " at " + prog_.where(tm.succs[0].step.loc) +
                       " (a condition variable no thread signals)";
        tm.blockedLoc = tm.succs[0].step.loc;
      }
      blockedThreads.emplace_back(int(t), ProcMoves{});
      blockedThreads.back().second.blockedAt = tm.blockedAt;
      blockedThreads.back().second.blockedLoc = tm.blockedLoc;
      blockedThreads.back().second.waitsFor = tm.waitsFor;
    }
    safe = safe && tm.safe;
    for (Successor& sc : tm.succs)
      pm.succs.push_back(std::move(sc));
  }
  // (Step::choice stays numbered within each thread: with Step::thread it
  // identifies the move, also in a reduced expansion)
  for (Successor& sc : pm.succs)
    checkPasserts(s, p, sc);
  checkMpiThreads(s, p, pm.succs);
  checkRaces(s, p, pm.succs);
  // Threads of one process share memory: their moves are explored together
  // (the urgent POR may still pick this process alone when each is safe).
  pm.safe = !pm.succs.empty() && safe;
  size_t running = 0;
  for (size_t t = 0; t < ps.threads.size(); ++t)
    running += runningThread(t) && (section < 0 || int(t) == section);
  if (!blockedThreads.empty() && blockedThreads.size() == running) {
    int culprit = -1;
    pm.blockedAt = threadsBlocked(s, p, blockedThreads, &culprit);
    pm.blockedLoc = blockedThreads[0].second.blockedLoc;
    pm.blockedThread = blockedThreads[0].first;
    for (const auto& [t, tm] : blockedThreads)
      if (t == culprit) {
        pm.blockedLoc = tm.blockedLoc;
        pm.blockedThread = t;
      }
    // (a thread waiting in an MPI call: the deadlock involves the other
    // processes, an ABSOLUTE_ or POTENTIAL_DEADLOCK as without threads)
    bool inMpi = false;
    for (const auto& [t, tm] : blockedThreads)
      inMpi = inMpi || tm.blockedAt.rfind("MPI_", 0) == 0 || insideCall(ps, size_t(t)) ||
              (ps.syncDest >= 0 && t == 0);
    pm.threadDeadlock = !inMpi;
  }
  return pm;
}

ProcMoves Executor::threadMoves(const GlobalState& s, int p, int thr) {
  ProcMoves pm;
  const ProcState& ps = *s.procs[p];
  const std::vector<Frame>& stack = ps.stackOf(size_t(thr));
  const uint8_t phase = ps.phaseOf(size_t(thr));
  const Frame& fr = stack.back();
  const model::Function& fn = prog_.func(fr.func);
  // A process blocked after its call (synchronous send posted, collective
  // entered) is at the location after the call: report the call's.
  auto callInto = [&]() {
    if (phase) // still at its (multi-phase) call
      for (model::TransId tid : fn.locs.at(fr.loc).out)
        if (fn.trans.at(tid).stmt.kind == StmtKind::Call && fn.trans.at(tid).loc.valid())
          return fn.trans.at(tid).loc;
    for (const model::Transition& t : fn.trans)
      if (t.to == fr.loc && t.stmt.kind == StmtKind::Call && t.loc.valid())
        return t.loc;
    return fn.locs.at(fr.loc).loc;
  };
  // A process with no move of its own: the modules' progress moves for it
  // (Module::blockedMoves), never explored alone by the POR.
  auto blockedMoves = [&]() {
    for (const Module& mod : modules()) {
      if (!mod.blockedMoves)
        continue;
      MachineMaker fresh = [&] {
        Machine r(*this, *impl_, s, p, opts_.syncSends, thr);
        r.undecided = &undecided_;
        r.loc = pm.blockedLoc;
        r.step.loc = pm.blockedLoc;
        r.step.stmt = "(progress while blocked)";
        return r;
      };
      Machine m = fresh();
      mod.blockedMoves(m, fresh, pm.succs);
    }
    pm.safe = false;
    for (size_t k = 0; k < pm.succs.size(); ++k)
      for (size_t j = 0; j < k; ++j)
        if (pm.succs[j].step.stmt == pm.succs[k].step.stmt)
          ++pm.succs[k].step.choice;
  };
  if (insideCall(ps, size_t(thr))) {
    pm.blockedAt = "in a collective operation";
    pm.blockedLoc = callInto();
    blockedMoves();
    return pm;
  }
  if (ps.syncDest >= 0 && thr == 0) { // (main's synchronous send: MpiP2P.cpp)
    pm.blockedAt =
        "in a send to process " + std::to_string(ps.syncDest) + " that waits for its receive";
    pm.blockedLoc = callInto();
    blockedMoves();
    return pm;
  }
  bool unsafe = false;
  const size_t fromDepth = stack.size();
  const std::vector<model::TransId>& out = fn.locs.at(fr.loc).out;
  // Moves a thread may make whatever its statement (Module::interruptMoves:
  // an asynchronous cancellation), after its own moves, or instead of them.
  std::vector<Successor> interrupts;
  if (!ps.threads.empty() && !out.empty()) {
    const model::Transition& t0 = fn.trans.at(out[0]);
    MachineMaker fresh = [&] {
      Machine r(*this, *impl_, s, p, opts_.syncSends, thr);
      r.undecided = &undecided_;
      r.recordAccesses = true;
      r.loc = t0.loc.valid() ? t0.loc : fn.locs.at(fr.loc).loc;
      r.step.loc = r.loc;
      return r;
    };
    bool replace = false;
    for (const Module& mod : modules())
      if (mod.interruptMoves)
        replace = mod.interruptMoves(ps, thr, t0, fresh, interrupts) || replace;
    if (replace) {
      pm.succs = std::move(interrupts);
      pm.safe = false;
      return pm;
    }
  }
  // In-place move (see setInPlace): one unguarded statement that neither
  // calls nor returns, in a single-threaded process (its scratch state).
  // Or a branch (no-ops under guards: only the taken one writes, when it
  // moves to its target; a second feasible one loses `s`: InPlaceAbort).
  bool inPlace = false, stolen = false;
  if (inPlace_ && ps.scratch && ps.threads.empty() && thr == 0 && !opts_.contract &&
      opts_.componentProcs.empty()) {
    StmtKind k = fn.trans.at(out[0]).stmt.kind;
    if (out.size() == 1 && !fn.trans.at(out[0]).guard)
      inPlace = k == StmtKind::Assign || k == StmtKind::Nop || k == StmtKind::Declare ||
                k == StmtKind::Kill;
    else
      inPlace = std::all_of(out.begin(), out.end(), [&](model::TransId id) {
        return fn.trans.at(id).stmt.kind == StmtKind::Nop;
      });
  }
  for (model::TransId tid : out) {
    const model::Transition& t = fn.trans.at(tid);
    size_t firstSucc = pm.succs.size();
    // Each run of t follows a schedule of binary choices (Machine::choose:
    // a symbolic choice inside a statement, e.g. `c ? p : q` between
    // pointers, the end of a string of symbolic characters); a run that
    // meets a new choice with both branches feasible takes the first and
    // queues a run for the other.
    std::vector<std::vector<bool>> schedules{{}};
    while (!schedules.empty()) {
      std::vector<bool> sched = std::move(schedules.back());
      schedules.pop_back();
      Machine m(*this, *impl_, s, p, opts_.syncSends, thr);
      m.undecided = &undecided_;
      m.recordAccesses = !ps.threads.empty() || recordAccesses_;
      m.loc = t.loc.valid() ? t.loc : fn.locs.at(fr.loc).loc;
      if (m.loc.valid() && m.loc.file < prog_.files.size()) {
        noteExecuting(&prog_.files[m.loc.file], m.loc.line, m.loc.col);
        injectTestFault(m.loc.line);
      }
      m.schedule = sched;
      m.inPlace = inPlace;
      Machine::Outcome o = m.run(t);
      // (`s` is lost when it was updated by a move that is not taken, or
      // when a move updated it and another has a successor too)
      if (m.stolen && (o != Machine::Outcome::Done || m.schedule.size() != sched.size()))
        throw InPlaceAbort{};
      if ((stolen || m.stolen) && o == Machine::Outcome::Done && !pm.succs.empty())
        throw InPlaceAbort{};
      stolen = stolen || m.stolen;
      for (size_t j = sched.size(); j < m.schedule.size(); ++j) {
        std::vector<bool> alt(m.schedule.begin(), m.schedule.begin() + long(j));
        alt.push_back(!m.schedule[j]);
        schedules.push_back(std::move(alt));
      }
      unsafe = unsafe || m.unsafe;
      if (o == Machine::Outcome::Done || o == Machine::Outcome::Stay) {
        pm.succs.push_back(m.successor());
        simplifyUnderPc(pm.succs.back().state, s.pc);
        if (opts_.dropDeadValues)
          dropDeadIn(pm.succs.back().state, p);
        continue;
      }
      if (o != Machine::Outcome::Blocked)
        continue;
      // A blocked library call (e.g. a receive): its model's resume adds one
      // move per way it can complete (e.g. per matching message).
      const LibraryFunction* lf = libraries().find(m.blockedCall);
      if (!lf || !lf->resume)
        throw Unsupported("blocked call of '" + m.blockedCall + "' cannot be resumed at " +
                          prog_.where(m.loc));
      MachineMaker fresh = [&] {
        Machine r(*this, *impl_, s, p, opts_.syncSends, thr);
        r.undecided = &undecided_;
        // (its writes, e.g. a receive into its buffer, are the thread's:
        // races, parallel assertions, the DPOR's dependencies)
        r.recordAccesses = m.recordAccesses;
        r.loc = m.loc;
        r.step.loc = m.loc;
        r.step.stmt = m.step.stmt;
        r.gs.pc = m.gs.pc; // with the choices made before blocking
        r.gs.touched = m.gs.touched;
        r.schedule = m.schedule; // the same choices when it re-evaluates
        r.fixed = m.fixed;
        return r;
      };
      size_t before = pm.succs.size();
      lf->resume(m, m.blockedCall, t, fresh, pm.succs);
      for (size_t k = before; k < pm.succs.size(); ++k) {
        simplifyUnderPc(pm.succs[k].state, s.pc);
        if (opts_.dropDeadValues)
          dropDeadIn(pm.succs[k].state, p);
      }
      if (pm.succs.size() == before) {
        for (const Access& a : m.accesses)
          pm.blockedAccesses.push_back(a);
        pm.blockedGlobal = pm.blockedGlobal || m.globalMove;
        pm.blockedAt = m.blockedCall + " at " + prog_.where(m.loc) +
                       (m.blockedWhy.empty() ? "" : " (" + m.blockedWhy + ")");
        pm.blockedLoc = m.loc;
        pm.waitsFor = m.waitsFor;
      }
    }
    for (size_t k = firstSucc; k < pm.succs.size(); ++k)
      pm.succs[k].arrived = arrivedBy(fromDepth, *pm.succs[k].state.procs[p], thr, t);
  }
  // --contract with ContractDriver::lazyEntry: a process's call of f (its
  // entry, seed 002 Def. 2.5 (1)) is visible to the waitsfor check of the
  // other processes' returns, so the urgent POR never takes it eagerly:
  // processes enter as late as possible (when no entered process has a
  // safe move), in every order. (Entries commute with every other move;
  // the check is their only reader.)
  if (opts_.contract && (opts_.contract->lazyEntry || opts_.nprocs > 62) && thr == 0 &&
      stack.size() == 1 && fr.func == opts_.contract->driver && fr.loc == opts_.contract->callLoc)
    unsafe = true;
  if (!interrupts.empty()) {
    unsafe = true;
    for (Successor& sc : interrupts)
      pm.succs.push_back(std::move(sc));
  }
  pm.safe = !pm.succs.empty() && !unsafe;
  for (size_t k = 0; k < pm.succs.size(); ++k)
    for (size_t j = 0; j < k; ++j)
      if (pm.succs[j].step.stmt == pm.succs[k].step.stmt)
        ++pm.succs[k].step.choice;
  if (pm.succs.empty())
    blockedMoves();
  return pm;
}

bool Executor::arrivedBy(size_t fromDepth, const ProcState& toPs, int thr,
                         const model::Transition& t) const {
  if (size_t(thr) >= toPs.numThreads())
    return false;
  const std::vector<Frame>& to = toPs.stackOf(size_t(thr));
  if (to.empty() || toPs.phaseOf(size_t(thr)) != 0)
    return false; // terminated, or between the phases of a call
  const Frame& top = to.back();
  if (to.size() > fromDepth) // a call: the callee at its entry
    return top.loc == prog_.func(top.func).entry;
  if (to.size() < fromDepth) // a return into the caller
    return true;
  return top.loc == t.to; // the transition completed (a call returned at once)
}

void Executor::simplifyUnderPc(GlobalState& s, Expr before) {
  // A symbol fixed here can fix others through older conjuncts (x = y):
  // the conjuncts the substitution changed are new in the next round.
  for (int round = 0; round < 4 && s.pc != before && !s.pc->isFalse(); ++round) {
    Expr now = s.pc;
    simplifyOnce(s, before);
    before = now;
  }
}

void Executor::simplifyOnce(GlobalState& s, Expr before) {
  if (s.pc == before || s.pc->isFalse())
    return;
  std::vector<Expr> old = sym::ExprFactory::conjuncts(before);
  std::sort(old.begin(), old.end());
  std::vector<Expr> syms;
  for (Expr c : sym::ExprFactory::conjuncts(s.pc)) {
    if (std::binary_search(old.begin(), old.end(), c))
      continue;
    for (Expr x : f_.freeSymbols(c)) {
      sym::Type t = x->type();
      if (t->isFunction() || !(t->isInt() || t->isReal() || t->isBool()) || isLiseSymbol(x))
        continue; // (LISE symbols: their relation to the old value is dropped later)
      if (std::find(syms.begin(), syms.end(), x) == syms.end())
        syms.push_back(x);
    }
  }
  if (syms.empty())
    return;
  sym::ExprMap map;
  std::vector<Expr> eqs;
  for (Expr x : syms) {
    // Already fixed: the path condition holds `x = v` and x occurs nowhere else.
    Expr v = oracle_.uniqueValue(s.pc, x);
    if (!v || v == x)
      continue;
    map.emplace(x, v);
    eqs.push_back(f_.eq(x, v));
  }
  if (map.empty())
    return;
  s = state::substitute(s, map, f_, interner_);
  eqs.push_back(s.pc);
  s.pc = f_.logicalAnd(eqs);
}

GlobalState Executor::canonical(const GlobalState& s, std::vector<state::Leak>* leaks) {
  // (dead variables are already cleared in the states themselves, see
  // dropDeadIn)
  state::CanonOptions co;
  co.fixedSymbols = &inputSymbols_;
  co.procSymbols = &procSymbols_;
  if (opts_.dropDeadValues)
    co.satisfiable = &satisfiable_;
  return state::canonicalize(s, values_, interner_, leaks, co);
}

void Executor::dropDeadIn(GlobalState& s, int p) {
  // Dead variables (Liveness.cpp): in the top frame by the liveness at its
  // location; in a caller's frame likewise, except what the pending call's
  // left-hand side reads at return. Clearing them in the state itself (not
  // only in its key) keeps keys and states sharing their process states; a
  // read of a cleared variable would be reported as outside its lifetime.
  const ProcState* ps = s.procs[p];
  bool any = false;
  for (size_t t = 0; t < ps->numThreads(); ++t)
    for (size_t i = 0; i < ps->stackOf(t).size() && !any; ++i) {
      const state::Frame& fr = ps->stackOf(t)[i];
      const auto& byLoc = impl_->dead[fr.func];
      if (fr.loc >= byLoc.size() || byLoc[fr.loc].empty())
        continue;
      const std::vector<uint8_t>& mask = byLoc[fr.loc];
      for (size_t k = 0; k < mask.size() && k < fr.slots.size() && !any; ++k)
        any = mask[k] && fr.slots[k];
    }
  if (!any)
    return;
  ProcState q = *ps;
  dropDead_(q);
  s.procs[p] = interner_.intern(std::move(q));
}

} // namespace chorus::exec
