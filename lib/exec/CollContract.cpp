// Collective contracts (seed 002): the initial state of the driver P^f
// (§2.2) and the evaluation of contract clauses over the states of all
// processes (§3.3: \mpi_on, \mpi_agree, \mpi_comm_rank, \mpi_comm_size;
// \old in the pre-states; the parameters of f and \result through the
// driver's globals). The checks themselves are in
// lib/check/CollectiveContractMonitor.cpp.
#include "AnnotEval.h"
#include "Module.h"

#include "chorus/model/Printer.h"

#include <algorithm>
#include <type_traits>
#include <unordered_set>

namespace chorus::exec {

namespace {

/// MPI_COMM_WORLD as lib/front/headers/mpi.h defines it: (kind << 24) | index.
constexpr int64_t kWorldHandle = (int64_t(1) << 24) | 1;

/// The symbol name of a fresh value of global `v` on rank r: "x@1",
/// "buf[]@0" for the array a pointer parameter points to, "#buf@0" for its
/// length.
std::string freshName(const model::Variable& v, int r) {
  std::string n = v.name;
  if (n.rfind("$obj.", 0) == 0)
    n = n.substr(5) + "[]";
  else if (n.rfind("$len.", 0) == 0)
    n = "#" + n.substr(5);
  else if (n.rfind("$arg.", 0) == 0)
    n = n.substr(5);
  return n + "@" + std::to_string(r);
}

/// Evaluation of a collective contract clause. The machine's state holds
/// the `now` states of the n ranks as processes 0..n-1 and, when given,
/// their pre-states as processes n..2n-1; `m.me` is the process being
/// read (rank me, or me + n inside \old).
class ContractHook : public EvalHook {
public:
  const model::ContractDriver* drv = nullptr;
  int n = 1;
  bool hasOld = false;
  const CollectiveAt* at = nullptr;

  /// Rank k's state in the current group may be read.
  void known(Machine& m, int k) const {
    const std::vector<bool>& v = m.me >= n ? at->oldKnown : at->nowKnown;
    if (!v.empty() && !v[size_t(k)])
      throw Unsupported(std::string("a contract clause reads the ") +
                        (m.me >= n ? "pre-state" : "state") + " of process " + std::to_string(k) +
                        ", which has not arrived at or returned from the call, at " + m.where());
  }

  int rank(Machine& m) const { return m.me % n; }

  /// The ranks `\mpi_agree(x)` compares x with: rank 0 (x agrees on every
  /// rank exactly when it equals rank 0's on every rank), or, in a clause
  /// assumed of one rank (CollectiveAt::assumed), every other rank whose
  /// state is known: App. B.8's `ensures \mpi_agree(*BUF)` at a non-root's
  /// return then ties its buffer to the root's, whatever rank the root is
  /// (rank 0 may not have arrived, or be another non-root whose buffer
  /// after the call is a fresh value).
  std::vector<int> agreeRanks(Machine& m) const {
    if (!at->assumed)
      return {0};
    const std::vector<bool>& v = inOld(m) ? at->oldKnown : at->nowKnown;
    std::vector<int> out;
    for (int k = 0; k < n; ++k)
      if (k != rank(m) && (v.empty() || v[size_t(k)]))
        out.push_back(k);
    return out;
  }
  bool inOld(Machine& m) const { return m.me >= n; }
  bool assuming() const override { return at && at->assumed; }

  /// The parameters of f are the driver's argument globals.
  std::optional<Place> place(Machine& m, const model::Expr* e) override {
    if (e->kind == ExprKind::Var) {
      const model::Variable& v = m.P.var(e->var);
      if (v.kind == model::VarKind::Param && v.func == drv->func) {
        const model::Function& fn = m.P.func(drv->func);
        for (size_t i = 0; i < fn.params.size(); ++i)
          if (fn.params[i] == e->var)
            return Place{
                Root{RootKind::Global, 0, m.im.globalIndex.at(drv->args[i])}, {}, v.type, m.me};
      }
    }
    return std::nullopt;
  }

  Expr value(Machine& m, const model::Expr* e) override {
    if (!pinned_ &&
        (e->kind == ExprKind::Deref || e->kind == ExprKind::Index || e->kind == ExprKind::Member))
      if (const model::Expr* w = pointerOn(e))
        return through(m, e, w);
    if (e->kind == ExprKind::Builtin) {
      const std::string& b = e->name;
      if (b == "\\mpi_comm_rank")
        return m.intc(rank(m));
      if (b == "\\mpi_comm_size")
        return m.intc(n);
      if (b == "\\mpi_on" && pinned_ == e) // the rank `through` reads
        return m.evalValue(e->kids[0]);
      if (b == "\\mpi_on") {
        Expr r = m.evalValue(e->kids[1]);
        return on(m, e->kids[0], r, e);
      }
      if (b == "\\mpi_agree" && isMpiType(e->kids[0]->type)) {
        MpiVal here = mpiValue(m, e->kids[0]);
        std::vector<Expr> cs;
        for (int k : agreeRanks(m))
          cs.push_back(mpiEqual(m, here, mpiOn(m, e->kids[0], m.intc(k), e)));
        return m.boolToInt(m.f.logicalAnd(cs));
      }
      if (b == "\\mpi_agree") {
        Expr here = m.evalValue(e->kids[0]);
        std::vector<Expr> cs;
        for (int k : agreeRanks(m))
          cs.push_back(equal(m, here, on(m, e->kids[0], m.intc(k), e)));
        return m.boolToInt(m.f.logicalAnd(cs));
      }
    }
    return EvalHook::value(m, e);
  }

protected:
  /// A concrete bound the path condition gives a quantifier (a count the
  /// precondition bounds): the quantifier is then enumerated.
  std::optional<int64_t> concreteBound(Machine& m, Expr v, bool upper) override {
    if (auto c = m.concreteInt(v))
      return c;
    Expr ctx = m.boundsPc();
    for (int64_t k : {0, 1, 2, 3, 4, 8, 16, 32, 64, 128}) {
      int64_t b = upper ? k : -k;
      Expr claim = upper ? m.f.le(v, m.intc(b)) : m.f.ge(v, m.intc(b));
      if (m.ex.oracle().valid(ctx, claim) == Answer::Yes)
        return b;
    }
    return std::nullopt;
  }

  Expr result(Machine& m, const model::Expr* e) override {
    if (at->result && !inOld(m) && rank(m) == at->me) {
      noteRead(m, e, at->result);
      return at->result;
    }
    if (drv->result == model::kNone || inOld(m) || at->result)
      return EvalHook::result(m, e);
    Place pl{Root{RootKind::Global, 0, m.im.globalIndex.at(drv->result)}, {}, e->type, m.me};
    Expr v = m.readPlace(pl);
    noteRead(m, e, v);
    return v;
  }

  Expr old(Machine& m, const model::Expr* e) override {
    if (!hasOld)
      return EvalHook::old(m, e);
    if (inOld(m))
      return m.evalValue(e->kids[0]);
    Expr v = withMe(m, m.me + n, [&] {
      known(m, rank(m));
      return m.evalValue(e->kids[0]);
    });
    noteRead(m, e, v);
    return v;
  }

  MpiVal mpiOld(Machine& m, const model::Expr* e) override {
    if (!hasOld)
      return EvalHook::mpiOld(m, e);
    if (inOld(m))
      return mpiValue(m, e->kids[0]);
    return withMe(m, m.me + n, [&] {
      known(m, rank(m));
      return mpiValue(m, e->kids[0]);
    });
  }

  /// \mpi_on(x, r) for x of an MPI logic type: signatures and sequences
  /// of the ranks r may be merged (ite per field); a buffer needs one rank.
  MpiVal mpiOn(Machine& m, const model::Expr* x, Expr r, const model::Expr* whole) override {
    std::vector<std::pair<int, MpiVal>> vals;
    forRanks(m, x, r, whole, [&](int k) { vals.push_back({k, mpiValue(m, x)}); });
    MpiVal v = vals.back().second;
    for (size_t i = vals.size() - 1; i-- > 0;) {
      const MpiVal& a = vals[i].second;
      Expr is = m.f.eq(r, m.intc(vals[i].first));
      if (a.kind != v.kind || a.kind == MpiVal::Kind::Buf ||
          (a.kind == MpiVal::Kind::Sig && (a.code != v.code || a.unit != v.unit)))
        throw Unsupported("'" + m.text(whole) + "' of a symbolic rank whose values differ in " +
                          "kind or type at " + m.where());
      v.len = m.f.ite(is, a.len, v.len);
      if (a.kind == MpiVal::Kind::Seq && (a.arr || v.arr)) {
        // of symbolic length: the arrays merged
        int64_t ca = -1, cv = -1;
        Expr xa = seqArray(m, a, ca), xv = seqArray(m, v, cv);
        if (!xa || !xv || ca != cv || xa->type() != xv->type())
          throw Unsupported("'" + m.text(whole) + "' of a symbolic rank whose values differ " +
                            "in type at " + m.where());
        v.arr = m.f.ite(is, xa, xv);
        v.code = ca;
        v.vals.clear();
        v.codes.clear();
      } else if (a.kind == MpiVal::Kind::Seq) {
        size_t k = std::min(a.vals.size(), v.vals.size());
        for (size_t j = 0; j < k; ++j) {
          if (a.codes[j] != v.codes[j])
            throw Unsupported("'" + m.text(whole) + "' of a symbolic rank whose values differ " +
                              "in type at " + m.where());
          Expr x1 = a.vals[j], x2 = v.vals[j];
          if (x1->type()->isReal() != x2->type()->isReal()) {
            x1 = m.toReal(x1);
            x2 = m.toReal(x2);
          }
          v.vals[j] = m.f.ite(is, x1, x2);
        }
        v.vals.resize(k);
        v.codes.resize(k);
      }
    }
    return v;
  }

private:
  /// The \mpi_on term `through` evaluates on one rank (its value is then x
  /// on the rank being read), or null.
  const model::Expr* pinned_ = nullptr;

  /// The `\mpi_on(p, r)` of pointer type that lvalue e reads through
  /// (`*\mpi_on(p, r)`, `\mpi_on(p, r)[i]`, `\mpi_on(s, r)->f`), or null.
  static const model::Expr* pointerOn(const model::Expr* e) {
    while (e->kind == ExprKind::Index || e->kind == ExprKind::Member || e->kind == ExprKind::Cast)
      e = e->kids[0];
    if (e->kind != ExprKind::Deref)
      return nullptr;
    const model::Expr* p = e->kids[0];
    for (;;) {
      if (p->kind == ExprKind::Cast)
        p = p->kids[0];
      else if (p->kind == ExprKind::Binary && (p->op == Op::Add || p->op == Op::Sub) &&
               p->kids[0]->type && p->kids[0]->type->kind == TypeKind::Pointer)
        p = p->kids[0];
      else if (p->kind == ExprKind::Binary && p->op == Op::Add && p->kids[1]->type &&
               p->kids[1]->type->kind == TypeKind::Pointer)
        p = p->kids[1];
      else
        break;
    }
    if (p->kind == ExprKind::Builtin && p->name == "\\mpi_on" && p->kids[0]->type &&
        p->kids[0]->type->kind == TypeKind::Pointer)
      return p;
    return nullptr;
  }

  /// Decision (seed 002 is silent): `*\mpi_on(p, r)` reads through r's
  /// memory: p is r's pointer, and the object it points to is r's. e is
  /// evaluated with rank r's state as the one read (an ite over the ranks
  /// a symbolic r may be), the \mpi_on inside it giving p there.
  Expr through(Machine& m, const model::Expr* e, const model::Expr* w) {
    Expr r = m.evalValue(w->kids[1]);
    std::vector<std::pair<int, Expr>> vals;
    forRanks(m, w->kids[0], r, w, [&](int k) {
      pinned_ = w;
      try {
        vals.push_back({k, EvalHook::value(m, e)});
      } catch (...) {
        pinned_ = nullptr;
        throw;
      }
      pinned_ = nullptr;
    });
    Expr v = vals.back().second;
    for (size_t i = vals.size() - 1; i-- > 0;) {
      Expr a = vals[i].second;
      if (a->type()->isReal() != v->type()->isReal()) {
        a = m.toReal(a);
        v = m.toReal(v);
      }
      v = m.f.ite(m.f.eq(r, m.intc(vals[i].first)), a, v);
    }
    return v;
  }

  /// Runs fn() with process k's state as the one read (m.me = k, one
  /// level deeper: reads are not recorded), restoring m.me on the way out.
  template <class F> std::invoke_result_t<F> withMe(Machine& m, int k, F fn) {
    int save = m.me;
    m.me = k;
    ++depth_;
    try {
      auto v = fn();
      --depth_;
      m.me = save;
      return v;
    } catch (...) {
      --depth_;
      m.me = save;
      throw;
    }
  }

  /// Runs fn(k) with rank k's state as the one read, for every rank r may
  /// be (the range 0 <= r < n is an obligation).
  template <class F>
  void forRanks(Machine& m, const model::Expr* x, Expr& r, const model::Expr* whole, F fn) {
    if (r->type()->isBool())
      r = m.boolToInt(r);
    m.require(m.f.logicalAnd(m.f.le(m.intc(0), r), m.f.lt(r, m.intc(n))),
              ViolationKind::OutOfBounds,
              "the rank of '" + m.text(whole) + "' may be outside 0 .. " + std::to_string(n - 1));
    const model::Expr* y = x;
    while (y->kind == ExprKind::Cast)
      y = y->kids[0];
    bool any = false;
    for (int k = 0; k < n; ++k) {
      Expr is = m.f.eq(r, m.intc(k));
      if (is->isFalse())
        continue;
      if (!m.concreteInt(r) && m.ex.oracle().valid(m.pc(), m.f.logicalNot(is)) == Answer::Yes)
        continue;
      withMe(m, k + (inOld(m) ? n : 0), [&] {
        if (y->kind != ExprKind::Old) // \old checks the pre-state it reads
          known(m, k);
        fn(k);
        return 0;
      });
      any = true;
    }
    if (!any && m.ex.oracle().valid(m.pc(), m.f.falseExpr()) == Answer::Yes) {
      // under a guard the path condition contradicts (`left >= 0 ==>
      // \mpi_on(right, left) == ...` with left = -1): any rank will do
      withMe(m, inOld(m) ? n : 0, [&] {
        fn(0);
        return 0;
      });
      return;
    }
    if (!any)
      throw Unsupported("'" + m.text(whole) + "': no rank possible at " + m.where());
  }

  static Expr equal(Machine& m, Expr a, Expr b) {
    if (a->type()->isBool() != b->type()->isBool()) {
      a = a->type()->isBool() ? m.boolToInt(a) : a;
      b = b->type()->isBool() ? m.boolToInt(b) : b;
    }
    if (a->type()->isReal() != b->type()->isReal()) {
      a = m.toReal(a);
      b = m.toReal(b);
    }
    return m.f.eq(a, b);
  }

  /// \mpi_on(x, r): x evaluated on rank r (in the same group: now or old).
  /// A symbolic r gives the value on every rank r may be (an ite).
  Expr on(Machine& m, const model::Expr* x, Expr r, const model::Expr* whole) {
    std::vector<std::pair<int, Expr>> vals;
    forRanks(m, x, r, whole, [&](int k) { vals.push_back({k, m.evalValue(x)}); });
    Expr v = vals.back().second;
    for (size_t i = vals.size() - 1; i-- > 0;) {
      Expr a = vals[i].second;
      if (a->type()->isReal() != v->type()->isReal()) {
        a = m.toReal(a);
        v = m.toReal(v);
      }
      v = m.f.ite(m.f.eq(r, m.intc(vals[i].first)), a, v);
    }
    return v;
  }
};

/// Evaluation in an annotation machine must not split the move.
void noSplit(Machine& m) {
  if (!m.schedule.empty())
    throw Unsupported("a contract clause whose value needs a case split at " + m.where());
}

} // namespace

size_t Executor::stubArrivals(const ProcState& ps) {
  size_t c = 0;
  if (!ps.stack.empty())
    for (const state::Mark& mk : ps.stack[0].marks)
      c += mk.kind == state::Mark::Kind::StubEntry;
  return c;
}

size_t Executor::stubArrivals(const ProcState& ps, int64_t comm) {
  size_t c = 0;
  if (!ps.stack.empty())
    for (const state::Mark& mk : ps.stack[0].marks)
      c += mk.kind == state::Mark::Kind::StubEntry && int64_t(mk.at) == comm;
  return c;
}

int Executor::contractRank(int p) const {
  auto it = std::find(contractGroup_.begin(), contractGroup_.end(), p);
  return it == contractGroup_.end() ? -1 : int(it - contractGroup_.begin());
}

std::vector<int> Executor::commMembers(const ProcState& ps, int proc, int nprocs,
                                       int64_t comm) const {
  for (const Module& mod : modules())
    if (mod.commMembers)
      return mod.commMembers(ps, proc, nprocs, comm);
  return {};
}

int64_t Executor::commOrigin(const ProcState& ps, int64_t comm) const {
  for (const Module& mod : modules())
    if (mod.commOrigin)
      return mod.commOrigin(ps, comm);
  return comm;
}

int Executor::contractSegment(const ProcState& ps) const {
  const model::ContractDriver& D = *opts_.contract;
  if (ps.stack.empty())
    return 0;
  const Frame& bottom = ps.stack[0];
  if (ps.stack.size() == 1 && bottom.loc == D.callLoc)
    return 0; // f not called yet
  int c = int(stubArrivals(ps));
  const Frame& top = ps.stack.back();
  bool inside = ps.stack.size() >= 2 && stubContract(top.func) && ps.callPhase == 1 &&
                top.loc == prog_.func(top.func).entry;
  bool returned = ps.stack.size() == 1 && bottom.loc != D.callLoc;
  return 1 + 2 * c - (inside ? 1 : 0) + (returned ? 1 : 0);
}

void Executor::initStubs() {
  const model::ContractDriver& D = *opts_.contract;
  // the collective procedures f calls are simulated by their contracts
  stubOf_.assign(prog_.funcs.size(), nullptr);
  for (const model::Contract& c : prog_.contracts)
    if (c.func != D.func && c.blocks.size() > 1 && c.func < stubOf_.size())
      stubOf_[c.func] = &c;
  // and the body-less MPI functions with a local contract (App. B.13,
  // MPI_Reduce_local, in the contract header): simulated in one local move
  // (localStubMoves), as App. B's collectives are by theirs
  for (const model::Contract& c : prog_.contracts)
    if (c.func != D.func && c.blocks.size() == 1 && c.func < stubOf_.size() &&
        !prog_.func(c.func).defined && prog_.func(c.func).name.rfind("MPI_", 0) == 0)
      stubOf_[c.func] = &c;
}

GlobalState Executor::contractInitialState() {
  const model::ContractDriver& D = *opts_.contract;
  GlobalState gs;
  gs.pc = f_.trueExpr();
  std::unordered_set<model::VarId> fresh(D.fresh.begin(), D.fresh.end());
  for (const std::optional<int64_t>& h : D.handles)
    if (h && *h == model::kSymbolicDatatype && !symExtent_) {
      // the symbolic datatype's facts: inputs, constrained by the
      // precondition only
      symExtent_ = f_.symbol("\\mpi_extent(dt)", f_.intType());
      symNonoverlap_ = f_.symbol("\\mpi_nonoverlapping(dt)", f_.boolType());
      inputSymbols_.insert(symExtent_);
      inputSymbols_.insert(symNonoverlap_);
    }
  std::vector<Expr> conds;
  // f's communicator: all processes, or ContractDriver::members (the others
  // do not call f)
  contractGroup_ = D.members;
  if (contractGroup_.empty())
    for (int r = 0; r < opts_.nprocs; ++r)
      contractGroup_.push_back(r);
  for (int r : contractGroup_)
    if (r < 0 || r >= opts_.nprocs)
      throw Unsupported("--contract: a communicator member outside the world's processes");
  for (int r = 0; r < opts_.nprocs; ++r) {
    ProcState ps;
    ps.mpi = state::MpiPhase::Initialized;
    bool member = contractRank(r) >= 0;
    // ContractDriver::commDup, ContractDriver::members: communicators of
    // f's processes the module makes, one per MPI_Comm parameter (each its
    // own context)
    std::vector<int64_t> dups;
    size_t nextComm = 0; // the MPI_Comm parameter's index among them
    if ((D.commDup || !D.members.empty()) && member) {
      size_t count = 0;
      for (size_t i = 0; i < D.args.size(); ++i)
        if (D.objects[i] == model::kNone && !(i < D.handles.size() && D.handles[i]) &&
            !fresh.count(D.args[i]))
          ++count;
      if (!D.commBlocks.empty()) {
        if (D.commBlocks.size() != count)
          throw Unsupported("--contract: a pattern of communicators for another number of "
                            "MPI_Comm parameters");
        int blocks = 0;
        for (int b : D.commBlocks)
          blocks = std::max(blocks, b + 1);
        if (!D.members.empty() &&
            std::find(D.commBlocks.begin(), D.commBlocks.end(), -1) != D.commBlocks.end())
          throw Unsupported("--contract: MPI_COMM_WORLD bound to a parameter of a communicator "
                            "of fewer processes");
        count = size_t(blocks);
      }
      for (const Module& mod : modules())
        if (dups.empty() && mod.contractComms)
          dups = mod.contractComms(f_, ps, contractGroup_, count);
      if (dups.size() < count)
        throw Unsupported("--contract: no module makes a communicator for an MPI_Comm parameter");
    }
    for (model::VarId v : prog_.globals) {
      const model::Variable& var = prog_.var(v);
      Expr val;
      if (fresh.count(v) && member) {
        val = f_.symbol(freshName(var, r), values_.symType(var.type));
        inputSymbols_.insert(val);
        if (opts_.ieeeFloat && holdsFloat(var.type)) // finite values (Float.cpp)
          noteAssumption(kFiniteFloats);
        if (var.type->kind == TypeKind::Int && var.type->bits >= 1 && var.type->bits <= 128) {
          auto [lo, hi] = Machine::intRange(var.type);
          if (var.name.rfind("$len.", 0) == 0)
            lo = sym::Rational(0);
          conds.push_back(f_.le(f_.intConst(lo), val));
          conds.push_back(f_.le(val, f_.intConst(hi)));
        }
        if (var.type->kind == TypeKind::Array && var.type->lengthVar != model::kNone)
          conds.push_back(f_.eq(f_.arrayLength(val),
                                ps.globals.at(impl_->globalIndex.at(var.type->lengthVar))));
      } else if (var.isExtern && var.type->kind == TypeKind::Pointer &&
                 (var.name == "stdin" || var.name == "stdout" || var.name == "stderr")) {
        val = values_.makePointer(Root{RootKind::Global, 0, uint32_t(ps.globals.size())}, {});
      } else if (var.name == "PID" || var.name == "_PID") {
        val = f_.intConst(r);
      } else if (var.name == "NPROCS" || var.name == "_NPROCS") {
        val = f_.intConst(opts_.nprocs);
      } else {
        val = var.type->kind == TypeKind::Array && !var.type->length ? nullptr
                                                                     : values_.zero(var.type);
      }
      ps.globals.push_back(val);
    }
    // arguments that are not fresh values: pointers to their arrays,
    // communicators (MPI_COMM_WORLD: the n processes the driver runs)
    for (size_t i = 0; i < D.args.size() && member; ++i) {
      uint32_t gi = impl_->globalIndex.at(D.args[i]);
      if (D.objects[i] != model::kNone)
        ps.globals[gi] = values_.makePointer(
            Root{RootKind::Global, 0, impl_->globalIndex.at(D.objects[i])}, {f_.intConst(0)});
      else if (i < D.handles.size() && D.handles[i])
        ps.globals[gi] = f_.intConst(*D.handles[i]); // a datatype or op of this run
      else if (!fresh.count(D.args[i])) {
        // its block of ContractDriver::commBlocks, or its own communicator
        int b = D.commBlocks.empty() ? int(nextComm) : D.commBlocks[nextComm];
        ++nextComm;
        ps.globals[gi] =
            f_.intConst(b >= 0 && size_t(b) < dups.size() ? dups[size_t(b)] : kWorldHandle);
      }
    }
    Frame fr;
    fr.func = D.driver;
    // a process outside f's communicator does nothing (it is done)
    fr.loc = member ? prog_.func(D.driver).entry : D.afterLoc;
    fr.slots.assign(impl_->slotVar[D.driver].size(), nullptr);
    ps.stack.push_back(fr);
    gs.procs.push_back(interner_.intern(std::move(ps)));
  }
  for (Expr c : conds)
    gs.pc = f_.logicalAnd(gs.pc, c);
  // ContractDriver::dtUnits: a datatype parameter bound, on a process, to a
  // contiguous datatype of k symbolic elements (made as if by the caller)
  for (int r = 0; r < opts_.nprocs && r < int(D.dtUnits.size()); ++r)
    for (size_t i = 0; i < D.args.size() && i < D.dtUnits[size_t(r)].size(); ++i) {
      int k = D.dtUnits[size_t(r)][i];
      if (k <= 1 || !(i < D.handles.size() && D.handles[i] == model::kSymbolicDatatype))
        continue;
      Machine m(*this, *impl_, gs, r, opts_.syncSends);
      int64_t h = 0;
      for (const Module& mod : modules())
        if (mod.contractDatatype)
          h = mod.contractDatatype(m, model::kSymbolicDatatype, k);
      if (!h)
        throw Unsupported("--contract: no module makes a derived datatype");
      ProcState ps = m.self();
      ps.globals[impl_->globalIndex.at(D.args[i])] = f_.intConst(h);
      gs.procs[size_t(r)] = interner_.intern(std::move(ps));
    }
  // the precondition on every process (all its requires, a behavior's
  // under its assumes)
  const model::Contract* contract = nullptr;
  for (const model::Contract& c : prog_.contracts)
    if (c.func == D.func && c.blocks.size() > 1)
      contract = &c;
  CollectiveAt at;
  for (int q : contractGroup_)
    at.now.push_back(gs.procs[size_t(q)]);
  for (int r = 0; r < int(contractGroup_.size()); ++r) {
    at.me = r;
    for (const model::ContractBlock& b : contract->blocks) {
      for (const model::Clause& cl : b.clauses)
        if (cl.kind == model::ClauseKind::Requires)
          gs.pc =
              f_.logicalAnd(gs.pc, evalCollective(at, gs.pc, cl.exprs[0], true, cl.loc, nullptr));
      for (const model::Behavior& bh : b.behaviors) {
        std::vector<Expr> as, rs;
        for (const model::Clause& cl : bh.clauses)
          if (cl.kind == model::ClauseKind::Assumes)
            as.push_back(evalCollective(at, gs.pc, cl.exprs[0], true, cl.loc, nullptr));
          else if (cl.kind == model::ClauseKind::Requires)
            rs.push_back(evalCollective(at, gs.pc, cl.exprs[0], true, cl.loc, nullptr));
        if (!rs.empty())
          gs.pc = f_.logicalAnd(gs.pc, f_.implies(f_.logicalAnd(as), f_.logicalAnd(rs)));
      }
    }
  }
  if (oracle_.valid(gs.pc, f_.falseExpr()) == Answer::Yes)
    throw Unsupported("the precondition of '" + prog_.func(D.func).name +
                      "' holds for no values: nothing to verify");
  // Values the precondition makes equal on every rank (\mpi_agree(x)): one
  // symbol, rank 0's, so that a choice on it (a branch on the root) is made
  // once for all processes.
  sym::ExprMap same;
  std::vector<Expr> eqs;
  for (model::VarId v : D.fresh) {
    uint32_t gi = impl_->globalIndex.at(v);
    Expr x0 = gs.procs[size_t(contractGroup_[0])]->globals[gi];
    if (!x0 || x0->kind() != sym::Kind::Symbol || !x0->type()->isInt())
      continue;
    for (size_t k = 1; k < contractGroup_.size(); ++k) {
      Expr xr = gs.procs[size_t(contractGroup_[k])]->globals[gi];
      if (xr && xr->kind() == sym::Kind::Symbol &&
          oracle_.valid(gs.pc, f_.eq(xr, x0)) == Answer::Yes) {
        same.emplace(xr, x0);
        eqs.push_back(f_.eq(xr, x0));
        inputSymbols_.erase(xr);
      }
    }
  }
  if (!same.empty()) {
    gs = state::substitute(gs, same, f_, interner_);
    eqs.push_back(gs.pc);
    gs.pc = f_.logicalAnd(eqs);
  }
  return gs;
}

namespace {

/// A machine evaluating contract clauses over the rank states of `at` (now,
/// then old), with a ContractHook.
struct ClauseMachine {
  Machine m;
  ContractHook hook;
  ClauseMachine(Executor& ex, Executor::Impl& im, const CollectiveAt& at, Expr pc,
                model::SrcLoc loc, bool syncSends, std::vector<std::string>* undecided,
                const model::ContractDriver* drv, std::vector<std::string>* reads)
      : m(ex, im, states(at, pc), at.me, syncSends) {
    m.undecided = undecided;
    m.loc = loc;
    m.step.loc = loc;
    hook.drv = drv;
    hook.n = int(at.now.size());
    hook.hasOld = !at.old.empty();
    hook.at = &at;
    hook.reads = reads;
    m.annot = &hook;
  }
  static GlobalState states(const CollectiveAt& at, Expr pc) {
    GlobalState g;
    g.procs = at.now;
    for (const ProcState* o : at.old)
      g.procs.push_back(o);
    g.pc = pc;
    return g;
  }
};

} // namespace

Expr Executor::evalCollective(const CollectiveAt& at, Expr pc, const model::Expr* e, bool cond,
                              model::SrcLoc loc, std::vector<std::string>* reads) {
  ClauseMachine cm(*this, *impl_, at, pc, loc, opts_.syncSends, &undecided_, opts_.contract, reads);
  Expr r = cond ? cm.m.evalCond(e) : cm.m.evalValue(e);
  noSplit(cm.m);
  return r;
}

std::vector<Expr> Executor::evalRankSet(const CollectiveAt& at, Expr pc, const model::Expr* e,
                                        model::SrcLoc loc) {
  int n = int(at.now.size());
  std::vector<Expr> in(n, f_.falseExpr());
  auto add = [&](const model::Expr* x, auto&& self) -> void {
    while (x->kind == ExprKind::Cast)
      x = x->kids[0];
    ClauseMachine cm(*this, *impl_, at, pc, loc, opts_.syncSends, &undecided_, opts_.contract,
                     nullptr);
    Machine& m = cm.m;
    ContractHook& hook = cm.hook;
    if (x->kind == ExprKind::SetOf && x->bound.empty()) {
      for (const model::Expr* k : x->kids)
        self(k, self);
      return;
    }
    if (x->kind == ExprKind::SetOf) {
      // { j | int j; c }: rank q is in it when c holds for j = q
      const model::Expr* elem = x->kids[0];
      while (elem->kind == ExprKind::Cast)
        elem = elem->kids[0];
      if (x->bound.size() != 1 || elem->kind != ExprKind::Var || elem->var != x->bound[0])
        throw Unsupported("the set '" + model::toString(prog_, x) + "' at " + prog_.where(loc) +
                          " (a waitsfor set { j | int j; c } of its bound variable is supported)");
      for (int q = 0; q < n; ++q) {
        hook.bound[x->bound[0]] = f_.intConst(q);
        Expr c = x->kids.size() > 1 ? m.evalCond(x->kids[1]) : f_.trueExpr();
        in[q] = f_.logicalOr(in[q], c);
      }
      noSplit(m);
      return;
    }
    if (x->kind == ExprKind::Binary && x->op == Op::Range) {
      Expr lo = m.evalValue(x->kids[0]), hi = m.evalValue(x->kids[1]);
      for (int q = 0; q < n; ++q)
        in[q] = f_.logicalOr(in[q],
                             f_.logicalAnd(f_.le(lo, f_.intConst(q)), f_.le(f_.intConst(q), hi)));
      noSplit(m);
      return;
    }
    Expr r = m.evalValue(x);
    for (int q = 0; q < n; ++q)
      in[q] = f_.logicalOr(in[q], f_.eq(r, f_.intConst(q)));
    noSplit(m);
  };
  add(e, add);
  return in;
}

} // namespace chorus::exec
