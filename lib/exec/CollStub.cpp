// Simulation of the collective procedures f calls (`verify --contract f`,
// seed 002 §2.4 and §4.2): a call of a procedure g with a collective
// contract does not run g's body; the process
//   arrives: its state (g's frame pushed, arguments bound) is kept as a
//     StubEntry mark on the driver's frame, tagged with the communicator of
//     g's `mpi collective(c)` (Mark::at); its j-th arrival on that
//     communicator and the other members' j-th arrivals on it are one
//     instance, over the communicator's group (its processes in rank
//     order); the other members' arrivals at the instance must be calls of
//     g (collective consistency, Def. 2.2, per communicator); the last
//     arrival checks g's precondition on every rank over the arrival states
//     (COLLECTIVE_PRECONDITION, Ex. 2.4);
//   waits until every rank of its `waitsfor` set (ranks of the group, in its
//     arrival state) has arrived;
//   havocs the locations of g's `assigns` (fresh values), assumes g's
//     postcondition (\old: the arrival states; \mpi_on of another rank's
//     state after the call is not supported yet) and returns a fresh result.
// A message to the process still in transit that was sent in its segment
// at an arrival or a return is UNRECEIVED_MESSAGE (Def. 2.5 (4)).
#include "AnnotEval.h"
#include "Library.h"

#include "chorus/model/Printer.h"

#include <algorithm>

namespace chorus::exec {

namespace {

/// The state of process state ps at its j-th arrival at a simulated call
/// on communicator (context) comm, or null.
const ProcState* arrival(const ProcState& ps, int64_t comm, size_t j) {
  size_t k = 0;
  for (const state::Mark& mk : ps.stack[0].marks)
    if (mk.kind == state::Mark::Kind::StubEntry && int64_t(mk.at) == comm && k++ == j)
      return mk.ps;
  return nullptr;
}

/// The last arrival mark of ps (the call it is in).
const state::Mark* lastArrival(const ProcState& ps) {
  const state::Mark* last = nullptr;
  for (const state::Mark& mk : ps.stack[0].marks)
    if (mk.kind == state::Mark::Kind::StubEntry)
      last = &mk;
  return last;
}

/// A fresh value of type t (scalars in their C range; arrays and records
/// element by element when their shape is fixed).
Expr havocValue(Machine& m, const model::Type* t) {
  if (t->kind == TypeKind::Array && t->length && *t->length <= 256) {
    std::vector<Expr> elems;
    for (uint64_t i = 0; i < *t->length; ++i)
      elems.push_back(havocValue(m, t->elem));
    return m.f.arrayLit(m.V.symType(t), elems);
  }
  if (t->isScalar() && t->kind != TypeKind::Pointer)
    return freshValue(m, "havoc", t);
  if (t->kind == TypeKind::Struct && !t->fields.empty() && !t->flexibleMember()) {
    // a record (the value-index pairs of MPI_MAXLOC): member by member
    std::vector<Expr> ms;
    for (const model::Field& fl : t->fields)
      ms.push_back(havocValue(m, fl.type));
    return m.f.tuple(m.V.symType(t), ms);
  }
  throw Unsupported("an 'assigns' location of type '" + t->name +
                    "' in a simulated call (only arithmetic values, records and arrays of them) "
                    "at " +
                    m.where());
}

/// Fresh values for ptr[lo .. hi] with a symbolic hi (a count of the
/// caller): where the path condition bounds hi, elements lo .. bound are
/// written ite(k <= hi, fresh, old) into the array ptr points into, else the
/// array becomes a lambda over a fresh array (no bounds check: a location
/// beyond the array is never read, \valid is the precondition's business).
void havocUpTo(Machine& m, Expr ptr, int64_t lo, Expr hi, const model::Type* et,
               const model::Expr* e) {
  std::optional<int64_t> bound;
  Expr ctx = m.boundsPc();
  for (int64_t k : {0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 127, 255})
    if (m.ex.oracle().valid(ctx, m.f.le(hi, m.intc(k))) == Answer::Yes) {
      bound = k;
      break;
    }
  auto d = m.V.decodePointer(ptr);
  if (!d || d->path.empty() || !et || (!et->isScalar() && et->kind != TypeKind::Struct))
    throw Unsupported("the 'assigns' range '" + m.text(e) +
                      "' of a simulated call has a symbolic bound the path condition does not "
                      "limit at " +
                      m.where());
  ProcState& ps = m.self();
  std::vector<Expr> prefix(d->path.begin(), d->path.end() - 1);
  const model::Type* at = nullptr;
  Expr whole = m.rootValue(ps, d->root);
  const model::Type* rt = m.rootType(ps, d->root);
  Expr arr = m.readPath(whole, rt, prefix, 0, &at);
  if (!at || at->kind != TypeKind::Array)
    throw Unsupported("the 'assigns' range '" + m.text(e) + "' outside an array at " + m.where());
  if (!bound) {
    // a count the path condition does not bound (a message of symbolic
    // length): the array becomes \i. base + lo <= i <= base + hi ? H[i] :
    // old[i], H a fresh array (its elements unconstrained, also beyond the
    // C range of the element type: more is assumed unknown, never less)
    Expr base = d->path.back();
    Expr h = m.f.symbol("havoc" + std::to_string(m.gs.fresh++), arr->type());
    Expr i = m.f.boundVar("i", m.f.intType());
    Expr in = m.f.logicalAnd(m.f.le(m.f.add(base, m.intc(lo)), i), m.f.le(i, m.f.add(base, hi)));
    Expr bvs[1] = {i};
    arr = m.f.arrayLambda(arr->type(), m.lengthOf(arr, at),
                          m.f.lambda(bvs, m.f.ite(in, m.f.arrayRead(h, i), m.f.arrayRead(arr, i))));
  }
  for (int64_t k = lo; bound && k <= *bound; ++k) {
    Expr idx = m.f.add(d->path.back(), m.intc(k));
    Expr v = havocValue(m, et);
    arr = m.f.arrayWrite(arr, idx, m.f.ite(m.f.le(m.intc(k), hi), v, m.f.arrayRead(arr, idx)));
  }
  m.setRoot(m.self(), d->root,
            prefix.empty() ? arr : m.writePath(m.rootValue(m.self(), d->root), rt, prefix, 0, arr));
}

/// Assigns fresh values to the locations of an `assigns` term.
void havoc(Machine& m, EvalHook& hook, const model::Expr* e) {
  const model::Expr* x = e;
  while (x->kind == ExprKind::Cast)
    x = x->kids[0];
  bool range = false;
  std::function<void(const model::Expr*)> scan = [&](const model::Expr* y) {
    if ((y->kind == ExprKind::Binary && y->op == Op::Range) || y->kind == ExprKind::SetOf)
      range = true;
    for (const model::Expr* k : y->kids)
      scan(k);
  };
  scan(x);
  bool buffer = x->kind == ExprKind::Deref && EvalHook::isMpiType(x->kids[0]->type);
  if (buffer)
    x = x->kids[0]; // *b: the locations of buffer b
  else if (range && x->kind == ExprKind::Deref)
    x = x->kids[0]; // *(p + (lo .. hi)) (p[lo .. hi]): the locations p + k
  if (x->isLvalueKind() && !range && !buffer) {
    Place pl = m.evalPlace(x);
    m.writePlace(pl, havocValue(m, pl.type));
    return;
  }
  for (const PtrSet& ps : hook.pointerSets(m, x)) {
    const model::Type* et = ps.elem ? ps.elem : Machine::pointeeOf(x->type);
    if (!ps.lo) {
      Place pl = m.placeOfPointer(ps.ptr, et, m.me);
      m.writePlace(pl, havocValue(m, pl.type));
      continue;
    }
    auto lo = m.concreteInt(ps.lo), hi = m.concreteInt(ps.hi);
    if (lo && !hi) {
      havocUpTo(m, ps.ptr, *lo, ps.hi, et, e);
      continue;
    }
    if (!lo || !hi)
      throw Unsupported("the 'assigns' range '" + m.text(e) +
                        "' of a simulated call has symbolic bounds at " + m.where());
    for (int64_t k = *lo; k <= *hi; ++k) {
      Place pl = m.placeOfPointer(m.ptrAdd(ps.ptr, m.intc(k), et), et, m.me);
      m.writePlace(pl, havocValue(m, pl.type));
    }
  }
}

/// The variables e reads outside \old (and whether it dereferences a
/// pointer or indexes an array there).
void postReads(const model::Expr* e, std::vector<model::VarId>& vars, bool& memory, bool& result) {
  if (e->kind == ExprKind::Old)
    return;
  if (e->kind == ExprKind::Var)
    vars.push_back(e->var);
  if (e->kind == ExprKind::Deref || e->kind == ExprKind::Index)
    memory = true;
  if (e->kind == ExprKind::Result)
    result = true;
  for (const model::Expr* k : e->kids)
    postReads(k, vars, memory, result);
}

void conjunctsOf(const model::Expr* e, std::vector<const model::Expr*>& out) {
  if (e->kind == ExprKind::Binary && e->op == Op::LogAnd) {
    conjunctsOf(e->kids[0], out);
    conjunctsOf(e->kids[1], out);
    return;
  }
  out.push_back(e);
}

std::string clauseText(const model::Program& P, const model::Clause& c, const char* word) {
  std::string t = word;
  for (size_t i = 0; i < c.exprs.size(); ++i)
    t += (i ? ", " : " ") + model::toString(P, c.exprs[i]);
  return t + " (" + P.where(c.loc) + ")";
}

/// After a simulated call (from path condition `before` to s.pc): a fresh
/// value of the call (a symbol havocN, N >= freshFrom) that a new conjunct
/// defines as `h = e` (e free of h; MPI_Reduce_local's `out = in op inout`)
/// is replaced by e everywhere in s, the conjunct then trivial. Sound (h
/// occurs nowhere else); later questions then read the values themselves,
/// not a chain of equations the prover must compose (a product of several
/// calls' results is nonlinear: reduceScatterNC's MPI_PROD, seed 002).
/// IEEE floating inputs (floats) are kept.
void inlineStubDefinitions(sym::ExprFactory& f, state::ProcInterner& interner,
                           const std::unordered_map<Expr, const model::Type*>& floats,
                           GlobalState& s, Expr before, uint32_t freshFrom) {
  if (s.pc == before || s.pc->isFalse())
    return;
  std::vector<Expr> old = sym::ExprFactory::conjuncts(before);
  std::sort(old.begin(), old.end());
  auto isFresh = [&](Expr x) {
    if (x->kind() != sym::Kind::Symbol || !(x->type()->isInt() || x->type()->isReal()) ||
        floats.count(x))
      return false;
    const std::string& n = x->name();
    if (n.size() <= 5 || n.compare(0, 5, "havoc") != 0)
      return false;
    uint64_t k = 0;
    for (size_t i = 5; i < n.size(); ++i) {
      if (n[i] < '0' || n[i] > '9')
        return false;
      k = k * 10 + uint64_t(n[i] - '0');
    }
    return k >= freshFrom && k < s.fresh;
  };
  std::vector<std::pair<Expr, Expr>> done; // the substitutions made, in order
  for (Expr c : sym::ExprFactory::conjuncts(s.pc)) {
    if (c->kind() != sym::Kind::Eq || std::binary_search(old.begin(), old.end(), c))
      continue;
    for (const auto& [h, e] : done) // (s.pc has them already)
      c = f.substitute(c, sym::ExprMap{{h, e}});
    if (c->kind() != sym::Kind::Eq || !c->children()[1]->isZero())
      continue;
    Expr poly = c->children()[0];
    if (!(poly->type()->isInt() || poly->type()->isReal()))
      continue;
    for (Expr h : f.freeSymbols(c)) {
      if (!isFresh(h))
        continue;
      // poly = h - e (coefficient 1) or e - h (coefficient -1), e free of h
      Expr e = nullptr;
      for (Expr cand : {f.sub(h, poly), f.add(h, poly)}) {
        std::span<const Expr> fs = f.freeSymbols(cand);
        if (std::find(fs.begin(), fs.end(), h) == fs.end()) {
          e = cand;
          break;
        }
      }
      if (!e)
        continue;
      // (one at a time: a later definition may name an earlier symbol)
      s = state::substitute(s, sym::ExprMap{{h, e}}, f, interner);
      done.push_back({h, e});
      break;
    }
  }
}

} // namespace

// A body-less MPI function with a local contract (App. B.13,
// MPI_Reduce_local): one move of the process, no collective action. Its
// precondition is checked at the call by the ContractMonitor (PRECONDITION
// at the header's clause), as for any function with a contract; the move
// gives the `assigns` locations fresh values, assumes the `ensures` clauses
// (`\old`: the state at the call) and returns a fresh result. The monitor
// checks the postcondition and the frame condition at the return, which
// hold by construction.
ProcMoves Executor::localStubMoves(const GlobalState& s, int p) {
  ProcMoves pm;
  const ProcState& ps = *s.procs[p];
  model::FuncId g = ps.stack.back().func;
  const model::Function& gf = prog_.func(g);
  const model::Contract& C = *stubOf_[g];
  const model::ContractBlock& b = C.blocks.front();
  if (!b.behaviors.empty())
    throw Unsupported("the contract of '" + gf.name + "' at " + prog_.where(C.loc) +
                      ": behaviors of a local contract simulated in place of a library "
                      "function");
  Machine m(*this, *impl_, s, p, opts_.syncSends);
  m.undecided = &undecided_;
  m.loc = gf.loc;
  m.step.loc = gf.loc;
  m.step.stmt = "call " + gf.name + " (simulated by its contract)";
  {
    LocalHook hook;
    hook.func = g;
    hook.mpiRank = 0;
    hook.mpiSize = 1;
    m.annot = &hook;
    for (const model::Clause& cl : b.clauses)
      if (cl.kind == model::ClauseKind::Assigns)
        for (const model::Expr* e : cl.exprs)
          havoc(m, hook, e);
    m.annot = nullptr;
  }
  const model::Type* rt = gf.type ? gf.type->ret : nullptr;
  Expr res = rt && rt->kind != TypeKind::Void ? havocValue(m, rt) : nullptr;
  ProcState after = m.self();
  after.stack[0].marks.clear();
  CollectiveAt at;
  at.now.push_back(interner_.intern(std::move(after)));
  at.old.push_back(&ps);
  at.me = 0;
  at.result = res;
  for (const model::Clause& cl : b.clauses)
    if (cl.kind == model::ClauseKind::Ensures)
      m.gs.pc =
          f_.logicalAnd(m.gs.pc, evalCollective(at, m.gs.pc, cl.exprs[0], true, cl.loc, nullptr));
  if (oracle_.valid(m.gs.pc, f_.falseExpr()) == Answer::Yes) {
    pm.blockedAt = "in the simulation of '" + gf.name + "' (its postcondition cannot hold)";
    pm.blockedLoc = gf.loc;
    return pm;
  }
  m.step.effects.push_back(gf.name + " simulated");
  m.doReturn(res);
  pm.succs.push_back(m.successor());
  inlineStubDefinitions(f_, interner_, impl_->floatInputs, pm.succs.back().state, s.pc, s.fresh);
  simplifyUnderPc(pm.succs.back().state, s.pc);
  // local to the process: safe for the urgent POR
  pm.safe = true;
  return pm;
}

ProcMoves Executor::stubMoves(const GlobalState& s, int p) {
  ProcMoves pm;
  const ProcState& ps = *s.procs[p];
  const Frame& top = ps.stack.back();
  model::FuncId g = top.func;
  const model::Function& gf = prog_.func(g);
  const model::Contract& C = *stubOf_[g];
  const model::ContractDriver& D = *opts_.contract;
  if (C.blocks.size() < 2)
    return localStubMoves(s, p);
  bool arrived = ps.callPhase == 1;
  // The communicator of the call (g's first `mpi collective(c)`; none: f's
  // own) and its group G, ranks in order: instances are matched per
  // communicator, the j-th call on it of every member (seed 002 §3.2:
  // `mpi collective(c)` interprets the collective errors with respect to
  // c; MPI 3.1 §5.14 orders collectives per communicator).
  int64_t ctx = 0;
  if (arrived) {
    ctx = int64_t(lastArrival(ps)->at);
  } else if (C.blocks.size() >= 2 && C.blocks[1].comm) {
    CollectiveAt cat;
    cat.now.assign(size_t(s.numProcs()), &ps);
    cat.me = p;
    Expr v = evalCollective(cat, s.pc, C.blocks[1].comm, false, C.blocks[1].loc, nullptr);
    std::optional<int64_t> c;
    if (v->kind() == sym::Kind::NumConst)
      c = v->value().toInt64();
    if (!c)
      throw Unsupported("a call of '" + gf.name + "' on a communicator that is not a constant at " +
                        prog_.where(gf.loc));
    ctx = *c;
  }
  std::vector<int> G = ctx == 0 ? contractGroup_ : commMembers(ps, p, s.numProcs(), ctx);
  int rk = int(std::find(G.begin(), G.end(), p) - G.begin()); // p's rank in G
  if (rk == int(G.size())) {
    Machine m(*this, *impl_, s, p, opts_.syncSends);
    m.loc = gf.loc;
    m.step.loc = gf.loc;
    m.fail(ViolationKind::MpiInvalidComm,
           "the communicator of '" + gf.name +
               "' (its 'mpi collective' clause) is not a valid "
               "communicator of process " +
               std::to_string(p),
           s.pc);
  }
  int n = int(G.size());
  size_t j = stubArrivals(ps, ctx) - (arrived ? 1 : 0);
  auto arrivedAt = [&](int q) { return stubArrivals(*s.procs[size_t(G[size_t(q)])], ctx) > j; };
  auto arrivalOf = [&](int q) { return arrival(*s.procs[size_t(G[size_t(q)])], ctx, j); };
  std::string fname = prog_.func(D.func).name;
  // one run per schedule of choices (as moves(): Machine::choose)
  std::vector<std::vector<bool>> schedules{{}};
  std::string waiting;
  while (!schedules.empty()) {
    std::vector<bool> sched = std::move(schedules.back());
    schedules.pop_back();
    Machine m(*this, *impl_, s, p, opts_.syncSends);
    m.undecided = &undecided_;
    m.loc = gf.loc;
    m.step.loc = gf.loc;
    m.step.stmt = std::string(arrived ? "return from " : "arrive at ") + gf.name +
                  " (simulated by its contract)";
    m.schedule = sched;
    bool blocked = false, infeasible = false;
    auto unreceived = [&](int seg) {
      for (const Message& msg : s.msgs)
        if (msg.dst == p && msg.seg == seg)
          m.fail(ViolationKind::UnreceivedMessage,
                 "process " + std::to_string(p) + (arrived ? " returns from '" : " calls '") +
                     gf.name + "' while a message from process " + std::to_string(msg.src) +
                     " sent to it before is not received (seed 002 Def. 2.5 (4))",
                 m.pc());
    };
    if (!arrived) {
      unreceived(contractSegment(ps));
      ProcState snap = ps;
      for (Frame& fr : snap.stack)
        fr.marks.clear();
      const ProcState* sp = interner_.intern(std::move(snap));
      ProcState& self = m.self();
      self.stack[0].marks.push_back(
          state::Mark{state::Mark::Kind::StubEntry, model::LocId(ctx), sp, nullptr});
      self.callPhase = 1;
      // the communicator of the call: the step's, for `mpi uses`
      // (CollectiveContractMonitor)
      if (ctx != 0)
        m.step.collComms.push_back(ctx);
      // a member of the communicator that does not call f (outside f's
      // communicator: ContractDriver::members) never makes this call
      for (int q : G)
        if (contractRank(q) < 0)
          m.fail(ViolationKind::CollectiveConsistency,
                 "process " + std::to_string(p) + " calls '" + gf.name +
                     "' on a communicator with process " + std::to_string(q) +
                     ", which is not in the communicator of '" + fname +
                     "' (it does not call it) and never makes the call (seed 002 Def. 2.2)",
                 m.pc());
      // collective consistency (Def. 2.2, per communicator): the j-th
      // collective call on it of every member is a call of g
      for (int q = 0; q < n; ++q) {
        if (q == rk)
          continue;
        int pq = G[size_t(q)];
        const ProcState& qs = *s.procs[size_t(pq)];
        if (const ProcState* a = arrivedAt(q) ? arrivalOf(q) : nullptr) {
          if (a->stack.back().func != g)
            m.fail(ViolationKind::CollectiveConsistency,
                   "process " + std::to_string(p) + " calls '" + gf.name + "' where process " +
                       std::to_string(pq) + " called '" + prog_.func(a->stack.back().func).name +
                       "' on the same communicator (seed 002 Def. 2.2)",
                   m.pc());
        } else if (qs.stack.size() == 1 && qs.stack[0].loc == D.afterLoc && contractRank(pq) >= 0) {
          m.fail(ViolationKind::CollectiveConsistency,
                 "process " + std::to_string(p) + " calls '" + gf.name + "' after process " +
                     std::to_string(pq) + " returned from '" + fname +
                     "' without calling it (seed 002 Def. 2.2)",
                 m.pc());
        }
      }
      bool last = true;
      for (int q = 0; q < n && last; ++q)
        last = q == rk || arrivedAt(q);
      if (last) {
        // Ex. 2.4: with every rank arrived, the precondition must hold on
        // every rank over the arrival states
        CollectiveAt at;
        for (int q = 0; q < n; ++q)
          at.now.push_back(q == rk ? sp : arrivalOf(q));
        for (int r = 0; r < n; ++r) {
          at.me = r;
          auto check = [&](const model::Clause& cl, Expr guard, const std::string& in) {
            Expr v = evalCollective(at, m.pc(), cl.exprs[0], true, cl.loc, nullptr);
            Expr ok = guard ? f_.implies(guard, v) : v;
            Answer a = oracle_.valid(m.pc(), ok);
            if (a == Answer::Yes)
              return;
            if (a == Answer::Maybe) {
              noteUndecided("the precondition '" + clauseText(prog_, cl, "requires") + "'" + in +
                            " of '" + gf.name + "' on process " + std::to_string(G[size_t(r)]));
              m.gs.pc = f_.logicalAnd(m.gs.pc, ok);
              return;
            }
            ViolationError e;
            e.violation.kind = ViolationKind::CollectivePrecondition;
            e.violation.loc = cl.loc;
            e.violation.proc = G[size_t(r)];
            e.violation.message = "the precondition '" + clauseText(prog_, cl, "requires") + "'" +
                                  in + " of '" + gf.name + "' may not hold on process " +
                                  std::to_string(G[size_t(r)]) +
                                  " when every process has called it (seed 002 Ex. 2.4)";
            e.condition = f_.logicalAnd(m.pc(), f_.logicalNot(ok));
            e.step = m.step;
            throw e;
          };
          for (const model::ContractBlock& b : C.blocks) {
            for (const model::Clause& cl : b.clauses)
              if (cl.kind == model::ClauseKind::Requires)
                check(cl, nullptr, "");
            for (const model::Behavior& bh : b.behaviors) {
              std::vector<Expr> as;
              for (const model::Clause& cl : bh.clauses)
                if (cl.kind == model::ClauseKind::Assumes)
                  as.push_back(evalCollective(at, m.pc(), cl.exprs[0], true, cl.loc, nullptr));
              for (const model::Clause& cl : bh.clauses)
                if (cl.kind == model::ClauseKind::Requires)
                  check(cl, f_.logicalAnd(as), " of behavior " + bh.name);
            }
          }
        }
      }
    } else {
      const ProcState* sp = lastArrival(ps)->ps;
      // the waitsfor set, in the arrival state
      CollectiveAt wat;
      for (int q = 0; q < n; ++q) {
        const ProcState* a = arrivedAt(q) ? arrivalOf(q) : nullptr;
        wat.now.push_back(a ? a : sp);
        wat.nowKnown.push_back(a != nullptr);
      }
      wat.me = rk;
      std::vector<const model::Behavior*> active{nullptr};
      for (size_t b = 1; b < C.blocks.size(); ++b)
        for (const model::Behavior& bh : C.blocks[b].behaviors) {
          std::vector<Expr> as;
          for (const model::Clause& cl : bh.clauses)
            if (cl.kind == model::ClauseKind::Assumes)
              as.push_back(evalCollective(wat, m.pc(), cl.exprs[0], true, cl.loc, nullptr));
          if (m.choose(f_.logicalAnd(as)))
            active.push_back(&bh);
        }
      auto clauses = [&](model::ClauseKind k) {
        std::vector<const model::Clause*> out;
        for (size_t b = 0; b < C.blocks.size(); ++b) {
          for (const model::Clause& cl : C.blocks[b].clauses)
            if (cl.kind == k && (b > 0 || k != model::ClauseKind::WaitsFor))
              out.push_back(&cl);
          for (const model::Behavior& bh : C.blocks[b].behaviors)
            if (std::find(active.begin(), active.end(), &bh) != active.end())
              for (const model::Clause& cl : bh.clauses)
                if (cl.kind == k)
                  out.push_back(&cl);
        }
        return out;
      };
      std::vector<Expr> member(size_t(n), f_.falseExpr());
      for (const model::Clause* cl : clauses(model::ClauseKind::WaitsFor))
        for (const model::Expr* e : cl->exprs) {
          std::vector<Expr> in = evalRankSet(wat, m.pc(), e, cl->loc);
          for (int q = 0; q < n; ++q)
            member[size_t(q)] = f_.logicalOr(member[size_t(q)], in[size_t(q)]);
        }
      for (int q = 0; q < n && !blocked; ++q)
        if (q != rk && !arrivedAt(q) && m.choose(member[size_t(q)])) {
          blocked = true;
          waiting = "in the simulation of '" + gf.name + "', waiting for process " +
                    std::to_string(G[size_t(q)]) + " (its waitsfor) to call it";
        }
      if (!blocked) {
        unreceived(contractSegment(ps));
        // The other arrived ranks' states after the call, as far as the
        // contract tells: the arrival state with the rank's assigns
        // locations (its active behaviors; an undecided one counts) given
        // fresh values. A location outside its assigns is exact (the call
        // does not change it: \mpi_on(*SBUF, t) in App. B); one inside is
        // a value unrelated to the one the rank gets at its own return, so
        // what the postcondition says of it constrains nothing here (less
        // is assumed: sound). A rank that has not arrived stays unknown.
        std::vector<const ProcState*> post(size_t(n), nullptr);
        for (int q = 0; q < n; ++q) {
          const ProcState* a = q != rk && arrivedAt(q) ? arrivalOf(q) : nullptr;
          if (!a || a->stack.back().func != g)
            continue;
          GlobalState g2 = m.gs;
          g2.procs[size_t(G[size_t(q)])] = a;
          Machine mq(*this, *impl_, g2, G[size_t(q)], opts_.syncSends);
          mq.undecided = &undecided_;
          mq.loc = gf.loc;
          mq.step.loc = gf.loc;
          std::vector<const model::Clause*> qAssigns;
          for (size_t b = 0; b < C.blocks.size(); ++b) {
            for (const model::Clause& cl : C.blocks[b].clauses)
              if (cl.kind == model::ClauseKind::Assigns)
                qAssigns.push_back(&cl);
            for (const model::Behavior& bh : C.blocks[b].behaviors) {
              std::vector<Expr> as;
              CollectiveAt qat = wat;
              qat.me = q;
              for (const model::Clause& cl : bh.clauses)
                if (cl.kind == model::ClauseKind::Assumes)
                  as.push_back(evalCollective(qat, m.pc(), cl.exprs[0], true, cl.loc, nullptr));
              if (oracle_.valid(m.pc(), f_.logicalNot(f_.logicalAnd(as))) == Answer::Yes)
                continue;
              for (const model::Clause& cl : bh.clauses)
                if (cl.kind == model::ClauseKind::Assigns)
                  qAssigns.push_back(&cl);
            }
          }
          LocalHook qh;
          qh.func = g;
          qh.mpiRank = q;
          qh.mpiSize = n;
          mq.annot = &qh;
          for (const model::Clause* cl : qAssigns)
            for (const model::Expr* e : cl->exprs)
              havoc(mq, qh, e);
          mq.annot = nullptr;
          m.gs.pc = mq.gs.pc;
          m.gs.fresh = mq.gs.fresh;
          ProcState v = mq.self();
          for (Frame& fr : v.stack)
            fr.marks.clear();
          post[size_t(q)] = interner_.intern(std::move(v));
        }
        CollectiveAt at;
        auto states = [&](const ProcState* now) {
          at = CollectiveAt{};
          for (int q = 0; q < n; ++q) {
            const ProcState* a = arrivedAt(q) ? arrivalOf(q) : nullptr;
            at.now.push_back(q == rk ? now : post[size_t(q)] ? post[size_t(q)] : sp);
            at.nowKnown.push_back(q == rk || post[size_t(q)]);
            at.old.push_back(a ? a : sp);
            at.oldKnown.push_back(a != nullptr || q == rk);
          }
          at.me = rk;
          at.assumed = true;
        };
        // A postcondition conjunct `x == e` (`\result == e`) for an
        // assigned variable x, e reading no assigned location outside \old:
        // x gets e's value instead of a fresh value constrained by it.
        std::vector<const model::Clause*> assigns = clauses(model::ClauseKind::Assigns);
        std::vector<model::VarId> assignedVars;
        bool assignsMemory = false;
        for (const model::Clause* cl : assigns)
          for (const model::Expr* e : cl->exprs) {
            const model::Expr* x = e;
            while (x->kind == ExprKind::Cast)
              x = x->kids[0];
            if (x->kind == ExprKind::Var)
              assignedVars.push_back(x->var);
            else
              assignsMemory = true;
          }
        std::vector<const model::Expr*> posts;
        for (const model::Clause* cl : clauses(model::ClauseKind::Ensures))
          conjunctsOf(cl->exprs[0], posts);
        std::vector<std::pair<const model::Expr*, Expr>> direct; // lhs, value
        std::vector<const model::Expr*> assumed;
        states(sp);
        for (const model::Expr* c : posts) {
          bool functional = false;
          if (c->kind == ExprKind::Binary && c->op == Op::Eq) {
            const model::Expr* lhs = c->kids[0];
            while (lhs->kind == ExprKind::Cast)
              lhs = lhs->kids[0];
            std::vector<model::VarId> reads;
            bool memory = false, result = false;
            postReads(c->kids[1], reads, memory, result);
            bool clean = !result && !(memory && assignsMemory);
            for (model::VarId v : reads)
              clean = clean &&
                      std::find(assignedVars.begin(), assignedVars.end(), v) == assignedVars.end();
            bool target = lhs->kind == ExprKind::Result ||
                          (lhs->kind == ExprKind::Var &&
                           std::find(assignedVars.begin(), assignedVars.end(), lhs->var) !=
                               assignedVars.end() &&
                           std::count_if(direct.begin(), direct.end(), [&](const auto& d) {
                             return d.first->kind == ExprKind::Var && d.first->var == lhs->var;
                           }) == 0);
            if (clean && target) {
              direct.push_back(
                  {lhs, evalCollective(at, m.gs.pc, c->kids[1], false, c->loc, nullptr)});
              functional = true;
            }
          }
          if (!functional)
            assumed.push_back(c);
        }
        // havoc the assigns locations (evaluated in the arrival state: the
        // process has not changed since)
        {
          LocalHook hook;
          hook.func = g;
          hook.mpiRank = rk;
          hook.mpiSize = n;
          m.annot = &hook;
          for (const model::Clause* cl : assigns)
            for (const model::Expr* e : cl->exprs)
              havoc(m, hook, e);
          m.annot = nullptr;
        }
        const model::Type* rt = gf.type ? gf.type->ret : nullptr;
        Expr res = nullptr;
        for (const auto& [lhs, v] : direct) {
          const model::Type* t = lhs->kind == ExprKind::Result ? rt : lhs->type;
          Expr val = m.convert(v->type()->isBool() ? m.boolToInt(v) : v, nullptr, t);
          if (t->kind == TypeKind::Int && m.ex.options().overflowCheck) {
            auto [lo, hi] = Machine::intRange(t);
            m.gs.pc = f_.logicalAnd(
                m.gs.pc, f_.logicalAnd(f_.le(f_.intConst(lo), v), f_.le(v, f_.intConst(hi))));
          }
          if (lhs->kind == ExprKind::Result)
            res = val;
          else
            m.writePlace(m.evalPlace(lhs), val);
        }
        if (!res && rt && rt->kind != TypeKind::Void)
          res = havocValue(m, rt);
        // assume the rest of the postcondition
        ProcState after = m.self();
        after.stack[0].marks.clear();
        states(interner_.intern(std::move(after)));
        at.result = res;
        for (const model::Expr* c : assumed)
          m.gs.pc = f_.logicalAnd(m.gs.pc, evalCollective(at, m.gs.pc, c, true, c->loc, nullptr));
        if (oracle_.valid(m.gs.pc, f_.falseExpr()) == Answer::Yes)
          infeasible = true;
        else {
          m.self().callPhase = 0;
          if (!opts_.contract->lazyEntry && n <= 62) {
            // p's return waited for the arrivals of its waitsfor ranks:
            // it hears what they had heard (the waitsfor check of f by
            // causality, CollectiveContractMonitor)
            uint64_t h = 0;
            for (int q = 0; q < n; ++q)
              if (q != rk && arrivedAt(q) && m.choose(member[size_t(q)]))
                h |= arrivalOf(q)->heard;
            m.self().heard |= h;
          }
          m.step.effects.push_back(gf.name + " simulated" +
                                   (res ? ": result " + m.show(res) : std::string()));
          m.doReturn(res);
        }
      }
    }
    for (size_t k = sched.size(); k < m.schedule.size(); ++k) {
      std::vector<bool> alt(m.schedule.begin(), m.schedule.begin() + long(k));
      alt.push_back(!m.schedule[k]);
      schedules.push_back(std::move(alt));
    }
    if (blocked || infeasible)
      continue;
    pm.succs.push_back(m.successor());
    if (arrived) // (the values the postcondition defines: MPI_Bcast's copies)
      inlineStubDefinitions(f_, interner_, impl_->floatInputs, pm.succs.back().state, s.pc,
                            s.fresh);
    simplifyUnderPc(pm.succs.back().state, s.pc);
  }
  for (size_t k = 0; k < pm.succs.size(); ++k) {
    pm.succs[k].arrived = true;
    for (size_t i = 0; i < k; ++i)
      if (pm.succs[i].step.stmt == pm.succs[k].step.stmt)
        ++pm.succs[k].step.choice;
  }
  // Safe for the urgent POR as a buffered send or a receive from a fixed
  // source is: a move of the stub changes only p's state; it reads the
  // others' arrivals, which stay once made (so an exit, once enabled, stays
  // enabled), and the precondition checked at the last arrival does not
  // depend on the order of the arrivals.
  pm.safe = !pm.succs.empty();
  if (pm.succs.empty()) {
    pm.blockedAt = waiting.empty() ? "in the simulation of '" + gf.name + "'" : waiting;
    pm.blockedLoc = gf.loc;
  }
  return pm;
}

} // namespace chorus::exec
