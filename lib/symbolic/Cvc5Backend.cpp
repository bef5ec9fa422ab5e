// cvc5 1.0.3 backend (old API: Solver::mkTerm): one incremental solver,
// push/pop per query, translations cached per node.
#include "Backend.h"

#include <cvc5/cvc5.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace chorus::sym {
namespace {

using K = cvc5::Kind;

/// cvc5 keeps per-thread state (its node manager): terms must be built and
/// solved on the thread that created the solver. All work therefore runs on
/// one worker thread owned by the backend; callers block (or get a future).
class Worker {
public:
  Worker() : t_([this] { loop(); }) {}
  ~Worker() {
    {
      std::lock_guard<std::mutex> l(m_);
      stop_ = true;
    }
    cv_.notify_all();
    t_.join();
  }
  template <class F> auto post(F fn) -> std::future<decltype(fn())> {
    auto task = std::make_shared<std::packaged_task<decltype(fn())()>>(std::move(fn));
    auto fut = task->get_future();
    {
      std::lock_guard<std::mutex> l(m_);
      q_.emplace_back([task] { (*task)(); });
    }
    cv_.notify_all();
    return fut;
  }
  template <class F> auto run(F fn) { return post(std::move(fn)).get(); }

private:
  void loop() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock<std::mutex> l(m_);
        cv_.wait(l, [&] { return stop_ || !q_.empty(); });
        if (q_.empty())
          return;
        job = std::move(q_.front());
        q_.pop_front();
      }
      job();
    }
  }
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> q_;
  bool stop_ = false;
  std::thread t_;
};

class Cvc5Backend final : public SolverBackend {
public:
  explicit Cvc5Backend(ExprFactory& f) : f_(f) {
    worker_.run([this] {
      solver_ = std::make_unique<cvc5::Solver>();
      solver_->setOption("produce-models", "true");
      solver_->setOption("incremental", "true");
      return 0;
    });
  }
  ~Cvc5Backend() override {
    worker_.run([this] {
      cache_.clear();
      sorts_.clear();
      lenFns_.clear();
      funcs_.clear();
      sums_.clear();
      axioms_.clear();
      solver_.reset();
      return 0;
    });
  }

  bool prepare(std::span<const Expr> assertions, std::string& reason) override {
    return worker_.run([&] { return prepareHere(assertions, reason); });
  }
  CheckResult solve(unsigned timeoutMs) override { return solveAsync(timeoutMs).get(); }
  std::future<CheckResult> solveAsync(unsigned timeoutMs) override {
    return worker_.post([this, timeoutMs] { return solveHere(timeoutMs); });
  }
  Model model(std::span<const Expr> symbols) override {
    return worker_.run([&] { return modelHere(symbols); });
  }
  void finish() override {
    worker_.run([this] {
      if (pushed_)
        solver_->pop();
      pushed_ = false;
      return 0;
    });
  }

private:
  bool prepareHere(std::span<const Expr> assertions, std::string& reason) {
    solver_->push();
    pushed_ = true;
    abstracted_ = false;
    try {
      for (Expr a : assertions)
        solver_->assertFormula(tr(a));
      for (auto& ax : axioms_)
        solver_->assertFormula(ax);
    } catch (const Unsupported& u) {
      reason = u.what();
      return false;
    } catch (const cvc5::CVC5ApiException& e) {
      reason = std::string("cvc5: ") + e.what();
      return false;
    }
    return true;
  }

  CheckResult solveHere(unsigned timeoutMs) {
    CheckResult r;
    r.abstracted = abstracted_;
    try {
      if (timeoutMs != timeout_) {
        solver_->setOption("tlimit-per", std::to_string(timeoutMs));
        timeout_ = timeoutMs;
      }
      cvc5::Result res = solver_->checkSat();
      if (res.isSat()) {
        r.result = SatResult::Sat;
      } else if (res.isUnsat()) {
        r.result = SatResult::Unsat;
      } else {
        r.result = SatResult::Unknown;
        auto why = res.getUnknownExplanation();
        r.timedOut = why == cvc5::UnknownExplanation::TIMEOUT ||
                     why == cvc5::UnknownExplanation::RESOURCEOUT ||
                     why == cvc5::UnknownExplanation::INTERRUPTED;
        r.reason = res.toString();
      }
    } catch (const cvc5::CVC5ApiException& e) {
      r.result = SatResult::Unknown;
      r.reason = e.what();
    }
    return r;
  }

  Model modelHere(std::span<const Expr> symbols) {
    Model out;
    for (Expr s : symbols) {
      if (s->type()->isFunction())
        continue;
      ModelEntry e{s, nullptr, "?"};
      try {
        cvc5::Term v = solver_->getValue(tr(s));
        // An array of symbolic length: its length in this model, when the
        // query constrained it (the length function was used).
        std::optional<uint64_t> len;
        if (s->type()->kind() == TypeKind::Array && !s->type()->extent() &&
            lenFns_.count(s->type())) {
          cvc5::Term l =
              solver_->getValue(solver_->mkTerm(K::APPLY_UF, {lengthFn(s->type()), tr(s)}));
          if (l.isIntegerValue())
            if (auto r = Rational::parse(l.getIntegerValue()))
              len = uint64_t(std::max<int64_t>(0, r->toInt64().value_or(0)));
        }
        e.value = toValue(v, s->type(), e.text, len);
      } catch (const std::exception&) {
      }
      out.push_back(std::move(e));
    }
    return out;
  }

  Expr toValue(const cvc5::Term& v, Type t, std::string& text,
               std::optional<uint64_t> length = std::nullopt) {
    text = v.toString();
    switch (t->kind()) {
    case TypeKind::Bool:
      if (v.isBooleanValue())
        return f_.boolConst(v.getBooleanValue());
      return nullptr;
    case TypeKind::Int:
    case TypeKind::Real:
    case TypeKind::Char:
    case TypeKind::Ref: {
      std::optional<Rational> r;
      if (v.isIntegerValue())
        r = Rational::parse(v.getIntegerValue());
      else if (v.isRealValue())
        r = Rational::parse(v.getRealValue());
      if (!r)
        return nullptr;
      text = r->toString();
      if (t->kind() == TypeKind::Ref)
        return f_.refConst(t, uint64_t(r->toInt64().value_or(0)));
      return f_.numConst(t, *r);
    }
    case TypeKind::Array: {
      auto n = t->extent() ? t->extent() : length;
      if (!n || *n > 1024)
        return nullptr;
      std::vector<Expr> els;
      text = "{";
      for (uint64_t k = 0; k < *n; ++k) {
        std::string et;
        cvc5::Term ev =
            solver_->getValue(solver_->mkTerm(K::SELECT, {v, solver_->mkInteger(int64_t(k))}));
        Expr el = toValue(ev, t->element(), et);
        if (!el)
          return nullptr;
        els.push_back(el);
        text += (k ? ", " : "") + et;
      }
      text += "}";
      return f_.arrayLit(t, els);
    }
    case TypeKind::Union: {
      if (v.getKind() != K::APPLY_CONSTRUCTOR || v.getNumChildren() != 2)
        return nullptr;
      cvc5::Datatype dt = sortOf(t).getDatatype();
      for (uint32_t k = 0; k < t->members().size(); ++k)
        if (dt[k].getTerm() == v[0]) {
          std::string mt;
          Expr mv = toValue(v[1], t->members()[k], mt);
          text = "<" + std::to_string(k) + ": " + mt + ">";
          return mv ? f_.unionInject(t, k, mv) : nullptr;
        }
      return nullptr;
    }
    default:
      return nullptr;
    }
  }

  cvc5::Sort sortOf(Type t) {
    auto it = sorts_.find(t);
    if (it != sorts_.end())
      return it->second;
    cvc5::Sort s;
    switch (t->kind()) {
    case TypeKind::Bool:
      s = solver_->getBooleanSort();
      break;
    case TypeKind::Int:
    case TypeKind::Char:
    case TypeKind::Ref:
      s = solver_->getIntegerSort();
      break;
    case TypeKind::Real:
      s = solver_->getRealSort();
      break;
    case TypeKind::Array:
      s = solver_->mkArraySort(solver_->getIntegerSort(), sortOf(t->element()));
      break;
    case TypeKind::Tuple: {
      std::vector<cvc5::Sort> ms;
      for (Type m : t->members())
        ms.push_back(sortOf(m));
      s = solver_->mkTupleSort(ms);
      break;
    }
    case TypeKind::Union: {
      // One datatype per union type, one constructor (one selector) per member.
      if (t->members().empty())
        throw Unsupported("cvc5: empty union");
      std::string base = "u" + std::to_string(t->id());
      cvc5::DatatypeDecl decl = solver_->mkDatatypeDecl(base);
      for (size_t k = 0; k < t->members().size(); ++k) {
        std::string ks = std::to_string(k);
        cvc5::DatatypeConstructorDecl c = solver_->mkDatatypeConstructorDecl(base + "_in" + ks);
        c.addSelector(base + "_val" + ks, sortOf(t->members()[k]));
        decl.addConstructor(c);
      }
      s = solver_->mkDatatypeSort(decl);
      break;
    }
    default:
      throw Unsupported("cvc5: type " + t->toString());
    }
    sorts_.emplace(t, s);
    return s;
  }

  cvc5::Term num(const Rational& v, Type t) {
    std::string str = v.toString();
    return t->isReal() ? solver_->mkReal(str) : solver_->mkInteger(str);
  }

  cvc5::Term mk(K k, std::vector<cvc5::Term> ch) { return solver_->mkTerm(k, ch); }

  cvc5::Term cdiv(const cvc5::Term& a, const cvc5::Term& b) {
    cvc5::Term zero = solver_->mkInteger(0);
    auto ge0 = [&](const cvc5::Term& x) { return mk(K::LEQ, {zero, x}); };
    auto neg = [&](const cvc5::Term& x) { return mk(K::NEG, {x}); };
    auto d = [&](const cvc5::Term& x, const cvc5::Term& y) { return mk(K::INTS_DIVISION, {x, y}); };
    return mk(K::ITE, {ge0(a), mk(K::ITE, {ge0(b), d(a, b), neg(d(a, neg(b)))}),
                       mk(K::ITE, {ge0(b), neg(d(neg(a), b)), d(neg(a), neg(b))})});
  }

  cvc5::Term tr(Expr e) {
    auto it = cache_.find(e);
    if (it != cache_.end()) {
      if (it->second.second)
        abstracted_ = true;
      return it->second.first;
    }
    bool saved = abstracted_;
    abstracted_ = false;
    cvc5::Term r = build(e);
    bool abs = abstracted_;
    abstracted_ = saved || abs;
    cache_.emplace(e, std::make_pair(r, abs));
    return r;
  }

  cvc5::Term tupleSel(Type t, uint64_t k, const cvc5::Term& x) {
    cvc5::Datatype dt = sortOf(t).getDatatype();
    return mk(K::APPLY_SELECTOR, {dt[0][size_t(k)].getTerm(), x});
  }

  cvc5::Term build(Expr e) {
    auto c = [&](uint32_t i) { return tr(e->child(i)); };
    auto all = [&](uint32_t from = 0) {
      std::vector<cvc5::Term> v;
      for (uint32_t i = from; i < e->numChildren(); ++i)
        v.push_back(c(i));
      return v;
    };
    switch (e->kind()) {
    case Kind::BoolConst:
      return solver_->mkBoolean(e->isTrue());
    case Kind::NumConst:
      return num(e->value(), e->type());
    case Kind::RefConst:
      return solver_->mkInteger(int64_t(e->aux()));
    case Kind::Symbol:
      if (e->type()->isFunction())
        throw Unsupported("cvc5: function symbol used as a value");
      return solver_->mkConst(sortOf(e->type()), e->name() + "!" + std::to_string(e->id()));
    case Kind::BoundVar:
      return solver_->mkVar(sortOf(e->type()), "bv!" + e->name() + "!" + std::to_string(e->id()));
    case Kind::Add:
      return mk(K::ADD, all());
    case Kind::Mul:
      return mk(K::MULT, all());
    case Kind::Pow: {
      std::vector<cvc5::Term> v(size_t(e->aux()), c(0));
      return mk(K::MULT, v);
    }
    case Kind::IntDiv:
      return cdiv(c(0), c(1));
    case Kind::IntMod: {
      cvc5::Term a = c(0), b = c(1);
      return mk(K::SUB, {a, mk(K::MULT, {b, cdiv(a, b)})});
    }
    case Kind::BitOp: { // through the bit-vector theory: int2bv, op, bv2nat
      unsigned w = ExprFactory::bitOpWidth(e);
      bool sg = ExprFactory::bitOpSigned(e);
      cvc5::Op toBv = solver_->mkOp(K::INT_TO_BITVECTOR, {uint32_t(w)});
      cvc5::Term x = solver_->mkTerm(toBv, {c(0)}), y = solver_->mkTerm(toBv, {c(1)});
      K op = K::BITVECTOR_AND;
      switch (ExprFactory::bitOpKind(e)) {
      case BitOpKind::And:
        op = K::BITVECTOR_AND;
        break;
      case BitOpKind::Or:
        op = K::BITVECTOR_OR;
        break;
      case BitOpKind::Xor:
        op = K::BITVECTOR_XOR;
        break;
      case BitOpKind::Shl:
        op = K::BITVECTOR_SHL;
        break;
      case BitOpKind::Shr:
        op = sg ? K::BITVECTOR_ASHR : K::BITVECTOR_LSHR;
        break;
      }
      cvc5::Term u = mk(K::BITVECTOR_TO_NAT, {mk(op, {x, y})});
      if (!sg)
        return u;
      Rational half(1), full(1);
      for (unsigned i = 0; i + 1 < w; ++i)
        half *= Rational(2);
      full = half * Rational(2);
      Type it = e->type();
      return mk(K::ITE, {mk(K::GEQ, {u, num(half, it)}), mk(K::SUB, {u, num(full, it)}), u});
    }
    case Kind::RealDiv:
      return mk(K::DIVISION, {c(0), c(1)});
    case Kind::IntToReal:
      return mk(K::TO_REAL, {c(0)});
    case Kind::RealToInt: {
      cvc5::Term x = c(0);
      return mk(K::ITE, {mk(K::LEQ, {solver_->mkReal(0), x}), mk(K::TO_INTEGER, {x}),
                         mk(K::NEG, {mk(K::TO_INTEGER, {mk(K::NEG, {x})})})});
    }
    case Kind::CharToInt:
    case Kind::IntToChar:
      return c(0);
    case Kind::Lt:
      return mk(K::LT, {num(Rational(0), e->child(0)->type()), c(0)});
    case Kind::Le:
      return mk(K::LEQ, {num(Rational(0), e->child(0)->type()), c(0)});
    case Kind::Eq:
      if (Expr s = structuralEq(f_, e->child(0), e->child(1)))
        return tr(s);
      return mk(K::EQUAL, {c(0), c(1)});
    case Kind::Not:
      return mk(K::NOT, {c(0)});
    case Kind::And:
      return mk(K::AND, all());
    case Kind::Or:
      return mk(K::OR, all());
    case Kind::Ite:
      return mk(K::ITE, {c(0), c(1), c(2)});
    case Kind::ArrayLit: {
      cvc5::Term a = solver_->mkConst(sortOf(e->type()), "alit!" + std::to_string(e->id()));
      for (uint32_t i = 0; i < e->numChildren(); ++i)
        a = mk(K::STORE, {a, solver_->mkInteger(int64_t(i)), c(i)});
      return a;
    }
    case Kind::ArrayWrite:
      return mk(K::STORE, {c(0), c(1), c(2)});
    case Kind::ArrayRead:
      return mk(K::SELECT, {c(0), c(1)});
    case Kind::ArrayLambda: {
      // Fresh array A with the axiom forall i. A[i] = body(i).
      Expr lam = e->child(1);
      cvc5::Term a = solver_->mkConst(sortOf(e->type()), "alam!" + std::to_string(e->id()));
      cvc5::Term bv = tr(lam->child(0));
      cvc5::Term ax = mk(K::FORALL, {mk(K::VARIABLE_LIST, {bv}),
                                     mk(K::EQUAL, {mk(K::SELECT, {a, bv}), tr(lam->child(1))})});
      axioms_.push_back(ax);
      return a;
    }
    case Kind::ArrayLength: {
      // Lengths are non-negative: max(0, len(a)) ranges exactly over the
      // non-negative functions, without a quantified axiom.
      cvc5::Term l = mk(K::APPLY_UF, {lengthFn(e->child(0)->type()), c(0)});
      cvc5::Term zero = solver_->mkInteger(0);
      return mk(K::ITE, {mk(K::LEQ, {zero, l}), l, zero});
    }
    case Kind::TupleMake: {
      std::vector<cvc5::Sort> ms;
      for (Type m : e->type()->members())
        ms.push_back(sortOf(m));
      return solver_->mkTuple(ms, all());
    }
    case Kind::TupleRead:
      return tupleSel(e->child(0)->type(), e->aux(), c(0));
    case Kind::TupleWrite: {
      Type t = e->type();
      cvc5::Term tup = c(0);
      std::vector<cvc5::Sort> ms;
      std::vector<cvc5::Term> args;
      for (size_t i = 0; i < t->members().size(); ++i) {
        ms.push_back(sortOf(t->members()[i]));
        args.push_back(i == e->aux() ? c(1) : tupleSel(t, i, tup));
      }
      return solver_->mkTuple(ms, args);
    }
    case Kind::UnionInject: {
      cvc5::Datatype dt = sortOf(e->type()).getDatatype();
      return mk(K::APPLY_CONSTRUCTOR, {dt[size_t(e->aux())].getTerm(), c(0)});
    }
    case Kind::UnionTest: {
      cvc5::Datatype dt = sortOf(e->child(0)->type()).getDatatype();
      return mk(K::APPLY_TESTER, {dt[size_t(e->aux())].getTesterTerm(), c(0)});
    }
    case Kind::UnionExtract: {
      cvc5::Datatype dt = sortOf(e->child(0)->type()).getDatatype();
      return mk(K::APPLY_SELECTOR, {dt[size_t(e->aux())][0].getTerm(), c(0)});
    }
    case Kind::Apply: {
      Expr fn = e->child(0);
      if (fn->kind() != Kind::Symbol)
        throw Unsupported("cvc5: application of a non-symbol function");
      std::vector<cvc5::Term> v{funcDecl(fn)};
      for (uint32_t i = 1; i < e->numChildren(); ++i)
        v.push_back(c(i));
      return mk(K::APPLY_UF, v);
    }
    case Kind::Forall:
      return mk(K::FORALL, {mk(K::VARIABLE_LIST, {c(0)}), c(1)});
    case Kind::Exists:
      return mk(K::EXISTS, {mk(K::VARIABLE_LIST, {c(0)}), c(1)});
    case Kind::Sum: {
      // sum(lo, hi) of the lambda, a recursive function per lambda (and per
      // bound variables of enclosing binders it mentions, passed as arguments).
      const SumFn& sf = sumFn(e->child(2));
      if (sf.abstracted)
        abstracted_ = true;
      std::vector<cvc5::Term> args{sf.fn, c(0), c(1)};
      for (Expr x : sf.extras)
        args.push_back(tr(x));
      return mk(K::APPLY_UF, args);
    }
    default:
      throw Unsupported(std::string("cvc5: ") + kindName(e->kind()));
    }
  }

  cvc5::Term lengthFn(Type at) {
    auto it = lenFns_.find(at);
    if (it != lenFns_.end())
      return it->second;
    cvc5::Term fn =
        solver_->mkConst(solver_->mkFunctionSort({sortOf(at)}, solver_->getIntegerSort()),
                         "len!" + std::to_string(at->id()));
    lenFns_.emplace(at, fn);
    return fn;
  }

  cvc5::Term funcDecl(Expr fn) {
    auto it = funcs_.find(fn);
    if (it != funcs_.end())
      return it->second;
    std::vector<cvc5::Sort> dom;
    for (Type p : fn->type()->members())
      dom.push_back(sortOf(p));
    cvc5::Term d = solver_->mkConst(solver_->mkFunctionSort(dom, sortOf(fn->type()->result())),
                                    fn->name() + "!" + std::to_string(fn->id()));
    funcs_.emplace(fn, d);
    return d;
  }

  struct SumFn {
    cvc5::Term fn;
    std::vector<Expr> extras; // free bound variables of the lambda, extra arguments
    bool abstracted = false;
  };

  /// Recursive definition (global: survives pop), for the lambda or function symbol f:
  ///   S(lo, hi, xs) = hi <= lo ? 0 : S(lo, hi - 1, xs) + f(hi - 1)
  const SumFn& sumFn(Expr fnExpr) {
    auto it = sums_.find(fnExpr);
    if (it != sums_.end())
      return it->second;
    if (fnExpr->kind() != Kind::Lambda && fnExpr->kind() != Kind::Symbol)
      throw Unsupported("cvc5: sum over a non-lambda function");
    if (fnExpr->type()->members().size() != 1 || !fnExpr->type()->members()[0]->isInt())
      throw Unsupported("cvc5: sum over a non-unary function");
    Type rt = fnExpr->type()->result();
    std::vector<Expr> extras = freeBoundVars(fnExpr);
    std::string id = std::to_string(fnExpr->id());
    cvc5::Sort intS = solver_->getIntegerSort();
    std::vector<cvc5::Sort> dom{intS, intS};
    for (Expr x : extras)
      dom.push_back(sortOf(x->type()));
    cvc5::Term fn = solver_->mkConst(solver_->mkFunctionSort(dom, sortOf(rt)), "sum!" + id);
    cvc5::Term lo = solver_->mkVar(intS, "lo"), hi = solver_->mkVar(intS, "hi");
    cvc5::Term hiM1 = mk(K::SUB, {hi, solver_->mkInteger(1)});
    std::vector<cvc5::Term> params{lo, hi}, recArgs{fn, lo, hiM1}, from, to;
    for (size_t j = 0; j < extras.size(); ++j) {
      cvc5::Term p = solver_->mkVar(dom[j + 2], "x" + std::to_string(j));
      params.push_back(p);
      recArgs.push_back(p);
      from.push_back(tr(extras[j]));
      to.push_back(p);
    }
    bool saved = abstracted_;
    abstracted_ = false;
    cvc5::Term term;
    if (fnExpr->kind() == Kind::Symbol) {
      term = mk(K::APPLY_UF, {funcDecl(fnExpr), hiM1});
    } else {
      from.push_back(tr(fnExpr->child(0)));
      to.push_back(hiM1);
      term = tr(fnExpr->child(1)).substitute(from, to);
    }
    bool abs = abstracted_;
    abstracted_ = saved;
    cvc5::Term body = mk(K::ITE, {mk(K::LEQ, {hi, lo}), num(Rational(0), rt),
                                  mk(K::ADD, {mk(K::APPLY_UF, recArgs), term})});
    solver_->defineFunRec(fn, params, body, /*global=*/true);
    return sums_.emplace(fnExpr, SumFn{fn, std::move(extras), abs}).first->second;
  }

  ExprFactory& f_;
  Worker worker_; // declared early: destroyed after the cvc5 objects below
  std::unique_ptr<cvc5::Solver> solver_;
  bool pushed_ = false, abstracted_ = false;
  unsigned timeout_ = 0;
  std::vector<cvc5::Term> axioms_; // lambda-array axioms (definitions of fresh arrays)
  std::unordered_map<Expr, std::pair<cvc5::Term, bool>> cache_;
  std::unordered_map<Type, cvc5::Sort> sorts_;
  std::unordered_map<Type, cvc5::Term> lenFns_;
  std::unordered_map<Expr, cvc5::Term> funcs_;
  std::unordered_map<Expr, SumFn> sums_;
};

} // namespace

std::unique_ptr<SolverBackend> makeCvc5Backend(ExprFactory& f) {
  return std::make_unique<Cvc5Backend>(f);
}

} // namespace chorus::sym
