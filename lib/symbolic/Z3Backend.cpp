// Z3 backend: one context and one solver reused for all queries, with
// push/pop around each query; translations are cached per node.
#include "Backend.h"

#include "chorus/support/Fatal.h"

#include <z3++.h>

#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace chorus::sym {
namespace {

/// The time limit of a check. Z3's own timer (the "timeout" parameter) is
/// not used: it can lose its cancellation when it fires before the check
/// has really started (about one run in twelve of
/// ProverChain.TimeoutGivesMaybe under load then ran for minutes), and
/// libz3 4.8.12's scoped_timer can deadlock (the check never returns, all
/// threads waiting; seen for 15 minutes). The watchdog interrupts the
/// context when a check has run past its time limit, and again every 50 ms
/// until the check returns: the answer is then unknown ("canceled"), i.e.
/// MAYBE.
///
/// The limit is CPU time of the checking thread, not wall time: on a loaded
/// machine (a CI run with every core busy) a check that takes 1.5 s alone
/// may take 4 s of wall time, and a wall-clock limit would make verdicts
/// depend on the load (verified alone, unknown under load).
constexpr unsigned kModelMs = 1000; ///< the time a model's evaluation may take

/// CPU time used so far by the thread whose CPU clock is `c`, in ms (or a
/// negative number when the clock cannot be read).
double cpuMs(clockid_t c) {
  timespec ts{};
  if (clock_gettime(c, &ts) != 0)
    return -1;
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// The CPU clock of the calling thread (CLOCK_THREAD_CPUTIME_ID is not
/// readable from another thread).
clockid_t myCpuClock() {
  clockid_t c;
  if (pthread_getcpuclockid(pthread_self(), &c) != 0)
    return CLOCK_MONOTONIC;
  return c;
}

class Watchdog {
public:
  explicit Watchdog(z3::context& c) : ctx_(c) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> l(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable())
      thread_.join();
  }
  /// A check with a time limit of `ms` (CPU time of the calling thread)
  /// starts on the calling thread.
  void arm(unsigned ms) {
    clockid_t c = myCpuClock();
    double start = cpuMs(c);
    std::lock_guard<std::mutex> l(mu_);
    if (!thread_.joinable())
      thread_ = std::thread([this] { loop(); });
    clock_ = c;
    cpuStart_ = start;
    limitMs_ = ms;
    deadline_ = Clock::now() + std::chrono::milliseconds(ms);
    active_ = true;
    ++generation_;
    cv_.notify_all();
  }
  /// The check returned.
  void disarm() {
    std::lock_guard<std::mutex> l(mu_);
    active_ = false;
    cv_.notify_all();
  }
  /// How many interrupts the context has received so far.
  uint64_t interrupts() {
    std::lock_guard<std::mutex> l(mu_);
    return interrupts_;
  }

private:
  using Clock = std::chrono::steady_clock;
  void loop() {
    std::unique_lock<std::mutex> l(mu_);
    while (!quit_) {
      if (!active_) {
        cv_.wait(l);
        continue;
      }
      uint64_t g = generation_;
      if (cv_.wait_until(l, deadline_, [&] { return quit_ || !active_ || generation_ != g; }))
        continue;
      // (the wall clock passed the limit: has the check's thread used it?)
      double used = cpuStart_ >= 0 ? cpuMs(clock_) - cpuStart_ : -1;
      if (used >= 0 && used + 1 < double(limitMs_)) {
        deadline_ = Clock::now() + std::chrono::milliseconds(uint64_t(double(limitMs_) - used));
        continue;
      }
      ctx_.interrupt(); // still the same check, past its limit
      ++interrupts_;
      deadline_ = Clock::now() + std::chrono::milliseconds(50);
    }
  }
  z3::context& ctx_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::thread thread_;
  Clock::time_point deadline_;
  clockid_t clock_ = CLOCK_MONOTONIC;
  double cpuStart_ = -1;
  unsigned limitMs_ = 0;
  uint64_t generation_ = 0;
  uint64_t interrupts_ = 0;
  bool active_ = false;
  bool quit_ = false;
};

/// The thread a backend's nonlinear checks run on (Z3Backend::solve): made
/// at the first such check and reused for the next ones (a thread per
/// check, with its 1 GB stack, cost a thread creation and fresh stack pages
/// each time: 17 per run of seed 004's mean). Its state is shared with the
/// thread, which outlives the backend when a check was given up (the
/// backend is then never destroyed either).
class CheckThread {
public:
  CheckThread() = default;
  CheckThread(const CheckThread&) = delete;
  CheckThread& operator=(const CheckThread&) = delete;
  ~CheckThread() {
    if (!s_)
      return;
    {
      std::lock_guard<std::mutex> l(s_->mu);
      s_->quit = true;
    }
    s_->cv.notify_all();
  }
  /// Runs fn on the thread, which has a stack of `bytes` (made now if it was
  /// not yet). False when no thread can be made (fn is then not run). The
  /// caller waits for fn's end before posting again.
  bool post(std::size_t bytes, std::function<void()> fn) {
    if (!s_) {
      auto s = std::make_shared<Shared>();
      if (!startDetachedThread(bytes, [s] { serve(*s); }))
        return false;
      s_ = std::move(s);
    }
    {
      std::lock_guard<std::mutex> l(s_->mu);
      s_->task = std::move(fn);
    }
    s_->cv.notify_all();
    return true;
  }

private:
  struct Shared {
    std::mutex mu;
    std::condition_variable cv;
    std::function<void()> task; ///< posted, not started yet
    bool quit = false;          ///< the backend is gone
  };
  static void serve(Shared& s) {
    std::unique_lock<std::mutex> l(s.mu);
    for (;;) {
      s.cv.wait(l, [&] { return s.quit || s.task; });
      if (!s.task)
        return;
      std::function<void()> t = std::move(s.task);
      s.task = nullptr;
      l.unlock();
      t();
      t = nullptr; // (what it holds is released before the next wait)
      l.lock();
    }
  }
  std::shared_ptr<Shared> s_;
};

/// A z3 context, taken from the contexts of backends destroyed before (the
/// backend's own solvers and terms gone) or made new, and given back when
/// the backend is destroyed unless it must not be used again. Making a
/// context costs libz3 4.8.12 about 8 ms (two 8 MB tables, every page
/// fresh) and destroying it about 6 ms: a tenth of seed 004's mean, and
/// paid again by every search of a process (send modes, --infer-invariants'
/// runs). The contexts given back are kept until the process ends.
class PooledContext {
public:
  PooledContext() {
    std::lock_guard<std::mutex> l(spare().mu);
    if (!spare().contexts.empty()) {
      c_ = std::move(spare().contexts.back());
      spare().contexts.pop_back();
    } else {
      c_ = std::make_unique<z3::context>();
    }
  }
  PooledContext(const PooledContext&) = delete;
  PooledContext& operator=(const PooledContext&) = delete;
  ~PooledContext() {
    if (!reusable_)
      return; // (destroyed with c_)
    std::lock_guard<std::mutex> l(spare().mu);
    spare().contexts.push_back(std::move(c_));
  }
  z3::context& get() { return *c_; }
  /// The context was interrupted: destroyed, not given back.
  void discard() { reusable_ = false; }

private:
  struct Spare {
    std::mutex mu;
    std::vector<std::unique_ptr<z3::context>> contexts;
  };
  static Spare& spare() {
    static Spare* s = new Spare; // (never destroyed: nor are its contexts at exit)
    return *s;
  }
  std::unique_ptr<z3::context> c_;
  bool reusable_ = true;
};

class Z3Backend final : public SolverBackend {
public:
  explicit Z3Backend(ExprFactory& f) : f_(f), solver_(ctx_) {}
  Z3Backend(const Z3Backend&) = delete;
  Z3Backend& operator=(const Z3Backend&) = delete;
  ~Z3Backend() override {
    if (interrupted_ || abandoned_)
      pooled_.discard(); // (see interrupted_)
  }

  bool prepare(std::span<const Expr> assertions, std::string& reason) override {
    abstracted_ = false;
    try {
      // Translate first: definitions of bit-vector leaves (toBv) created on
      // the way are axioms of fresh constants, added below the query's scope
      // so that they hold for every later query reusing the cached leaf.
      z3::expr_vector as(ctx_);
      for (Expr a : assertions)
        as.push_back(tr(a));
      nonlinearQuery_ = false;
      for (Expr a : assertions)
        nonlinearQuery_ = nonlinearQuery_ || nonlinear(a);
      if (!setUp_) {
        // The incremental solver's first check sets its core up for the
        // formulas it sees then, for every later query. Seed 004's mean,
        // once its branch conditions were decided internally, first sent
        // z3 a query over reals, counters and an array: a
        // later inductive step then took 1.6-2.9 s instead of 2 ms (alone
        // in the z3 CLI: 13 ms). A first query over reals (without bit
        // operations, which want their own set-up) is preceded by a check
        // of a linear integer formula: the set-up that the usual first
        // query, a branch over counters, gives. (Not before every first
        // query: contracts/symcount.c's HALFB then ended unknown.)
        setUp_ = true;
        if (pendingDefs_.empty() && realsWithoutBitOps(assertions)) {
          solver_.push();
          solver_.add(ctx_.int_const("setup!") >= 0);
          solver_.check();
          solver_.pop();
        }
      }
      for (const z3::expr& d : pendingDefs_)
        solver_.add(d);
      pendingDefs_.clear();
      solver_.push();
      pushed_ = true;
      for (const z3::expr& a : as)
        solver_.add(a);
      realPolynomialQuery_ = nonlinearQuery_;
      for (Expr a : assertions)
        realPolynomialQuery_ = realPolynomialQuery_ && realPolynomial(a);
      query_ = as;
    } catch (const Unsupported& u) {
      reason = u.what();
      return false;
    } catch (const z3::exception& e) {
      reason = std::string("z3: ") + e.msg();
      return false;
    }
    return true;
  }

  CheckResult solve(unsigned timeoutMs) override {
    if (!nonlinearQuery_ || !timeoutMs)
      return check(timeoutMs);
    // Nonlinear arithmetic (nlsat, polynomial root isolation) may ignore
    // the watchdog's interrupts for minutes: one check in about forty of
    // tests/lit/engine/time_limit_prover.c under load ran past its limit,
    // and a CI run of it past 240 s. Such a check runs on a thread of its
    // own (checkThread_, reused from one check to the next); if it has not
    // returned well after its limit it is given up: this backend (its
    // context and thread, which the check still uses) is never touched
    // again, the prover makes a new one, and the answer is unknown.
    struct Job {
      std::mutex mu;
      std::condition_variable cv;
      bool done = false;
      CheckResult r;
      clockid_t clock = CLOCK_MONOTONIC; ///< the checking thread's CPU clock
      double cpuStart = -1;
      std::exception_ptr failed; ///< what check() threw
    };
    auto job = std::make_shared<Job>();
    bool started = checkThread_.post(kCheckStack, [this, job, timeoutMs] {
      {
        std::lock_guard<std::mutex> l(job->mu);
        job->clock = myCpuClock();
        job->cpuStart = cpuMs(job->clock);
      }
      CheckResult r;
      std::exception_ptr failed;
      try {
        r = check(timeoutMs);
      } catch (...) { // (rethrown on the caller's thread, as an inline check's)
        failed = std::current_exception();
      }
      std::lock_guard<std::mutex> l(job->mu);
      job->r = std::move(r);
      job->failed = failed;
      job->done = true;
      job->cv.notify_all();
    });
    if (!started)
      return check(timeoutMs);
    // (two attempts, incremental then fresh, each with the time limit —
    // three for polynomial real arithmetic, nlsat first, see check() —
    // then a grace for the interrupts to take effect; CPU time of the
    // checking thread, as the limits are: on a loaded machine a check that
    // heeds them may take much longer on the wall clock)
    const double limit = (realPolynomialQuery_ ? 3 : 2) * double(timeoutMs) +
                         double(std::max<uint64_t>(kGraceMs, timeoutMs));
    std::unique_lock<std::mutex> l(job->mu);
    for (double waitMs = limit;;) {
      if (job->cv.wait_for(l, std::chrono::milliseconds(uint64_t(waitMs)),
                           [&] { return job->done; })) {
        if (job->failed)
          std::rethrow_exception(job->failed);
        return job->r;
      }
      double used = job->cpuStart >= 0 ? cpuMs(job->clock) - job->cpuStart : -1;
      if (used < 0 || used >= limit)
        break;
      waitMs = std::max(50.0, limit - used);
    }
    abandoned_ = true;
    noteAbandonedThread();
    CheckResult r;
    r.result = SatResult::Unknown;
    r.timedOut = true;
    r.reason = "z3 did not stop at its time limit (check given up)";
    return r;
  }

  bool abandoned() const override { return abandoned_; }
  bool retired() const override { return interrupted_; }

  /// One check of the prepared assertions, on the calling thread.
  CheckResult check(unsigned timeoutMs) {
    // (test only: CHORUS_TEST_FAULT=stuck-prover makes a nonlinear check
    // ignore its time limit, as nlsat sometimes does, for a minute)
    static const bool stuck = [] {
      const char* s = std::getenv("CHORUS_TEST_FAULT");
      return s && std::string(s) == "stuck-prover";
    }();
    if (stuck && nonlinearQuery_) // (busy: the limits are CPU time)
      for (auto end = std::chrono::steady_clock::now() + std::chrono::seconds(60);
           std::chrono::steady_clock::now() < end;)
        ;
    CheckResult r;
    r.abstracted = abstracted_;
    const uint64_t interruptsBefore = watchdog_.interrupts();
    try {
      // The time limit is our watchdog's interrupt only: z3's own "timeout"
      // parameter starts a scoped_timer per check, and libz3 4.8.12's timer
      // can deadlock (a check never returns, every thread waiting on a
      // futex: seen with 1 ms limits under load), which the interrupt cannot
      // end. Not setting parameters also keeps the solver's state.
      if (timeoutMs)
        watchdog_.arm(timeoutMs);
      z3::check_result res = z3::unknown;
      uint64_t attemptStart = interruptsBefore; // (interrupts before the last attempt)
      fresh_.reset();
      try {
        if (realPolynomialQuery_) {
          // Polynomial real arithmetic (seed 004's fib: products of havocked
          // reals): z3's nlsat decision procedure after its equation
          // solving, on a solver of its own. On fib's 103 queries: 0.05 s
          // instead of 0.27 s in the incremental core, the same answers. A
          // goal nlsat cannot take (unknown, not interrupted) goes on below.
          fresh_.emplace((z3::tactic(ctx_, "simplify") & z3::tactic(ctx_, "solve-eqs") &
                          z3::tactic(ctx_, "nlsat"))
                             .mk_solver());
          for (const z3::expr& a : query_)
            fresh_->add(a);
          res = fresh_->check();
          if (res == z3::unknown && watchdog_.interrupts() == interruptsBefore) {
            watchdog_.disarm();
            fresh_.reset();
            if (timeoutMs)
              watchdog_.arm(timeoutMs);
          }
        }
        if (!fresh_)
          res = solver_.check();
        if (res == z3::unknown && nonlinearQuery_ && !fresh_) {
          // Nonlinear arithmetic the incremental core could not decide: once
          // more with a solver that never saw push/pop, so that z3 picks its
          // non-incremental tactics (preprocessing and nlsat; often ten
          // times faster on these, e.g. LISE's invariants over reals and
          // counters). Only undecided queries pay for it.
          watchdog_.disarm();
          attemptStart = watchdog_.interrupts();
          fresh_.emplace(ctx_);
          if (timeoutMs)
            watchdog_.arm(timeoutMs);
          for (const z3::expr& a : solver_.assertions())
            fresh_->add(a);
          res = fresh_->check();
        }
      } catch (...) {
        watchdog_.disarm();
        throw;
      }
      watchdog_.disarm();
      // Interrupted: this context is not used again (retired()), and the
      // answer is unknown when the attempt that gave it was interrupted,
      // even if z3 returned one as the interrupt arrived. (The second,
      // fresh solver after an interrupted first attempt is a new solver
      // object: the crash seen was in a later check of the interrupted one.)
      if (watchdog_.interrupts() != interruptsBefore)
        interrupted_ = true;
      if (watchdog_.interrupts() != attemptStart)
        res = z3::unknown;
      switch (res) {
      case z3::sat:
        r.result = SatResult::Sat;
        break;
      case z3::unsat:
        r.result = SatResult::Unsat;
        break;
      case z3::unknown: {
        r.result = SatResult::Unknown;
        r.reason = fresh_ ? fresh_->reason_unknown() : solver_.reason_unknown();
        r.timedOut = r.reason.find("timeout") != std::string::npos ||
                     r.reason.find("canceled") != std::string::npos ||
                     r.reason.find("resource") != std::string::npos;
        break;
      }
      }
    } catch (const z3::exception& e) {
      r.result = SatResult::Unknown;
      r.reason = e.msg();
    }
    if (watchdog_.interrupts() != interruptsBefore) {
      interrupted_ = true;
      if (r.result == SatResult::Unknown) {
        r.timedOut = true;
        if (r.reason.empty())
          r.reason = "canceled";
      }
    }
    return r;
  }

  Model model(std::span<const Expr> symbols) override {
    Model out;
    // Evaluating a model can itself run away (an input array constrained
    // under quantified invariants: gigabytes, minutes; tests/lit/lise/
    // acsl_arrays.c -DOFFBYONE): the watchdog interrupts it, and a value not
    // evaluated is shown as "?".
    watchdog_.arm(kModelMs);
    struct Disarm {
      Z3Backend& b;
      uint64_t before;
      ~Disarm() {
        b.watchdog_.disarm();
        if (b.watchdog_.interrupts() != before)
          b.interrupted_ = true;
      }
    } disarm{*this, watchdog_.interrupts()};
    // (getting the model is under the watchdog too: interrupted, it throws
    // "canceled" — seen under valgrind, where 1 s is little — and then no
    // value is known)
    std::optional<z3::model> got;
    try {
      got.emplace(fresh_ ? fresh_->get_model() : solver_.get_model());
    } catch (const z3::exception&) {
      for (Expr s : symbols)
        if (!s->type()->isFunction())
          out.push_back(ModelEntry{s, nullptr, "?"});
      return out;
    }
    z3::model& m = *got;
    for (Expr s : symbols) {
      if (s->type()->isFunction())
        continue;
      ModelEntry e{s, nullptr, ""};
      try {
        z3::expr v = m.eval(tr(s), true);
        // An array of symbolic length: its length in this model, when the
        // query constrained it (the length function was used).
        std::optional<uint64_t> len;
        if (s->type()->kind() == TypeKind::Array && !s->type()->extent() &&
            lenFns_.count(s->type())) {
          z3::expr l = m.eval(lengthFn(s->type())(tr(s)), true);
          int64_t n = 0;
          if (l.is_numeral_i64(n))
            len = uint64_t(n < 0 ? 0 : n);
        }
        e.value = toValue(m, v, s->type(), e.text, len);
      } catch (const std::exception& ex) {
        e.text = "?";
      }
      out.push_back(std::move(e));
    }
    return out;
  }

  void finish() override {
    if (abandoned_ || interrupted_)
      return; // (its check still runs; or it is not used again)
    fresh_.reset();
    if (pushed_)
      solver_.pop();
    pushed_ = false;
  }

private:
  Expr toValue(z3::model& m, const z3::expr& v, Type t, std::string& text,
               std::optional<uint64_t> length = std::nullopt) {
    text = v.to_string();
    switch (t->kind()) {
    case TypeKind::Bool:
      if (v.is_true())
        return f_.trueExpr();
      if (v.is_false())
        return f_.falseExpr();
      return nullptr;
    case TypeKind::Int:
    case TypeKind::Real:
    case TypeKind::Char:
    case TypeKind::Ref: {
      if (!v.is_numeral())
        return nullptr;
      auto r = Rational::parse(Z3_get_numeral_string(ctx_, v));
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
        z3::expr ev = m.eval(z3::select(v, ctx_.int_val(int64_t(k))), true);
        Expr el = toValue(m, ev, t->element(), et);
        if (!el)
          return nullptr;
        els.push_back(el);
        text += (k ? ", " : "") + et;
      }
      text += "}";
      return f_.arrayLit(t, els);
    }
    case TypeKind::Union: {
      sortOf(t);
      const UnionInfo& ui = unions_.at(t);
      if (!v.is_app())
        return nullptr;
      for (uint32_t k = 0; k < ui.ctors.size(); ++k)
        if (Z3_is_eq_func_decl(ctx_, v.decl(), ui.ctors[k])) {
          std::string mt;
          Expr mv = toValue(m, v.arg(0), t->members()[k], mt);
          text = "<" + std::to_string(k) + ": " + mt + ">";
          return mv ? f_.unionInject(t, k, mv) : nullptr;
        }
      return nullptr;
    }
    default:
      return nullptr;
    }
  }

  z3::sort sortOf(Type t) {
    auto it = sorts_.find(t);
    if (it != sorts_.end())
      return it->second;
    z3::sort s(ctx_);
    switch (t->kind()) {
    case TypeKind::Bool:
      s = ctx_.bool_sort();
      break;
    case TypeKind::Int:
    case TypeKind::Char:
    case TypeKind::Ref:
      s = ctx_.int_sort();
      break;
    case TypeKind::Real:
      s = ctx_.real_sort();
      break;
    case TypeKind::Array:
      s = ctx_.array_sort(ctx_.int_sort(), sortOf(t->element()));
      break;
    case TypeKind::Tuple: {
      std::vector<std::string> names;
      std::vector<const char*> cnames;
      z3::sort_vector ms(ctx_);
      std::vector<z3::sort> msv;
      for (size_t i = 0; i < t->members().size(); ++i) {
        names.push_back("tup" + std::to_string(t->id()) + "_" + std::to_string(i));
        msv.push_back(sortOf(t->members()[i]));
      }
      for (auto& n : names)
        cnames.push_back(n.c_str());
      z3::func_decl_vector projs(ctx_);
      std::string tn = "tup" + std::to_string(t->id());
      z3::func_decl mk =
          ctx_.tuple_sort(tn.c_str(), unsigned(msv.size()), cnames.data(), msv.data(), projs);
      s = mk.range();
      tuples_.emplace(t, TupleInfo{mk, projs});
      break;
    }
    case TypeKind::Union:
      s = unionSort(t);
      break;
    default:
      throw Unsupported("z3: type " + t->toString());
    }
    sorts_.emplace(t, s);
    return s;
  }

  z3::func_decl lengthFn(Type arrayType) {
    auto it = lenFns_.find(arrayType);
    if (it != lenFns_.end())
      return it->second;
    z3::func_decl fn = ctx_.function(("len!" + std::to_string(arrayType->id())).c_str(),
                                     sortOf(arrayType), ctx_.int_sort());
    lenFns_.emplace(arrayType, fn);
    return fn;
  }

  z3::expr num(const Rational& v, Type t) {
    std::string s = v.toString();
    return t->isReal() ? ctx_.real_val(s.c_str()) : ctx_.int_val(s.c_str());
  }

  z3::expr cdiv(const z3::expr& a, const z3::expr& b) {
    z3::expr zero = ctx_.int_val(0);
    return z3::ite(a >= zero, z3::ite(b >= zero, a / b, -(a / -b)),
                   z3::ite(b >= zero, -((-a) / b), (-a) / (-b)));
  }

  z3::expr tr(Expr e) {
    auto it = cache_.find(e);
    if (it != cache_.end()) {
      if (it->second.second)
        abstracted_ = true;
      return it->second.first;
    }
    bool saved = abstracted_;
    abstracted_ = false;
    z3::expr r = build(e);
    bool abs = abstracted_;
    abstracted_ = saved || abs;
    cache_.emplace(e, std::make_pair(r, abs));
    return r;
  }

  /// The bit-vector operation of a BitOp node, on its width.
  z3::expr bvOp(Expr e) {
    auto it = bvCache_.find(e);
    if (it != bvCache_.end()) {
      if (it->second.second)
        abstracted_ = true;
      return it->second.first;
    }
    bool saved = abstracted_;
    abstracted_ = false;
    unsigned w = ExprFactory::bitOpWidth(e);
    bool sg = ExprFactory::bitOpSigned(e);
    z3::expr x = toBv(e->child(0), w, sg), y = toBv(e->child(1), w, sg);
    z3::expr r(ctx_);
    switch (ExprFactory::bitOpKind(e)) {
    case BitOpKind::And:
      r = x & y;
      break;
    case BitOpKind::Or:
      r = x | y;
      break;
    case BitOpKind::Xor:
      r = x ^ y;
      break;
    case BitOpKind::Shl:
      r = z3::shl(x, y);
      break;
    case BitOpKind::Shr:
      r = sg ? z3::ashr(x, y) : z3::lshr(x, y);
      break;
    }
    bvCache_.emplace(e, std::make_pair(r, abstracted_));
    abstracted_ = saved || abstracted_;
    return r;
  }

  /// int2bv(w, e), pushed through the operations it is a ring homomorphism
  /// of (+, *, constants, ite, remainders by a multiple of 2^w, and other
  /// bit-vector operations), so that a formula mixes the integer and the
  /// bit-vector theory only at its leaves: Z3 reasons badly across
  /// int2bv/bv2int (e.g. (x ^ c) ^ c = x would time out).
  z3::expr toBv(Expr e, unsigned w, bool sg) {
    switch (e->kind()) {
    case Kind::NumConst: {
      Rational m(1);
      for (unsigned i = 0; i < w; ++i)
        m *= Rational(2);
      Rational v = Rational::truncMod(e->value(), m);
      if (v.sign() < 0)
        v += m;
      return ctx_.bv_val(v.toString().c_str(), w);
    }
    case Kind::Add: {
      z3::expr r = toBv(e->child(0), w, sg);
      for (uint32_t i = 1; i < e->numChildren(); ++i)
        r = r + toBv(e->child(i), w, sg);
      return r;
    }
    case Kind::Mul: {
      z3::expr r = toBv(e->child(0), w, sg);
      for (uint32_t i = 1; i < e->numChildren(); ++i)
        r = r * toBv(e->child(i), w, sg);
      return r;
    }
    case Kind::Pow: {
      z3::expr b = toBv(e->child(0), w, sg), r = b;
      for (uint64_t i = 1; i < e->aux(); ++i)
        r = r * b;
      return r;
    }
    case Kind::Ite:
      return z3::ite(tr(e->child(0)), toBv(e->child(1), w, sg), toBv(e->child(2), w, sg));
    case Kind::IntMod: {
      // a % c = a - c*q: modulo 2^w it is a when 2^w divides c
      Expr c = e->child(1);
      if (c->kind() == Kind::NumConst && !c->isZero()) {
        Rational m(1);
        for (unsigned i = 0; i < w; ++i)
          m *= Rational(2);
        if (Rational::truncMod(c->value(), m).isZero())
          return toBv(e->child(0), w, sg);
      }
      break;
    }
    case Kind::BitOp: {
      unsigned v = ExprFactory::bitOpWidth(e);
      z3::expr b = bvOp(e);
      if (v == w)
        return b;
      if (v > w)
        return b.extract(w - 1, 0);
      return ExprFactory::bitOpSigned(e) ? z3::sext(b, w - v) : z3::zext(b, w - v);
    }
    default:
      break;
    }
    return bvLeaf(e, w, sg);
  }

  /// int2bv(w, e) for a term that is not decomposed: a fresh bit-vector
  /// constant X with e = bv2int(X) + 2^w * k (k a fresh integer), which Z3
  /// handles far better than int2bv of an integer term (it does not even
  /// prove bv2int(int2bv(x)) = x for 0 <= x < 2^w in Z3 4.8). A term with a
  /// bound variable keeps int2bv.
  z3::expr bvLeaf(Expr e, unsigned w, bool sg) {
    auto key = std::make_pair(e, w * 2 + (sg ? 1 : 0));
    auto it = leaves_.find(key);
    if (it != leaves_.end())
      return it->second;
    if (hasBoundVar(e))
      return z3::expr(ctx_, Z3_mk_int2bv(ctx_, w, tr(e)));
    std::string n = "bv!" + std::to_string(e->id()) + "!" + std::to_string(w) + (sg ? "s" : "u");
    z3::expr x = ctx_.bv_const(n.c_str(), w);
    z3::expr k = ctx_.int_const((n + "!k").c_str());
    Rational m(1);
    for (unsigned i = 0; i < w; ++i)
      m *= Rational(2);
    z3::expr u(ctx_, Z3_mk_bv2int(ctx_, x, false));
    z3::expr M = ctx_.int_val(m.toString().c_str());
    z3::expr te = tr(e);
    pendingDefs_.push_back(te == u + M * k);
    pendingDefs_.push_back(u >= ctx_.int_val(0) && u < M);
    if (sg) {
      // an operand of a signed operation is usually in the signed range:
      // there, k is -1 exactly when the sign bit is set (a direct link
      // between the two theories that Z3 does not find by itself)
      Rational h = Rational::truncDiv(m, Rational(2));
      z3::expr inRange =
          te >= ctx_.int_val((-h).toString().c_str()) && te < ctx_.int_val(h.toString().c_str());
      z3::expr neg = x.extract(w - 1, w - 1) == ctx_.bv_val(1, 1);
      pendingDefs_.push_back(
          z3::implies(inRange, k == z3::ite(neg, ctx_.int_val(-1), ctx_.int_val(0))));
    } else {
      pendingDefs_.push_back(z3::implies(te >= ctx_.int_val(0) && te < M, k == ctx_.int_val(0)));
    }
    leaves_.emplace(key, x);
    return x;
  }

  bool hasBoundVar(Expr e) {
    if (e->kind() == Kind::BoundVar)
      return true;
    auto it = boundMemo_.find(e);
    if (it != boundMemo_.end())
      return it->second;
    bool r = false;
    for (Expr c : e->children())
      if (hasBoundVar(c)) {
        r = true;
        break;
      }
    boundMemo_.emplace(e, r);
    return r;
  }

  z3::expr build(Expr e) {
    auto c = [&](uint32_t i) { return tr(e->child(i)); };
    switch (e->kind()) {
    case Kind::BoolConst:
      return ctx_.bool_val(e->isTrue());
    case Kind::NumConst:
      return num(e->value(), e->type());
    case Kind::RefConst:
      return ctx_.int_val(int64_t(e->aux()));
    case Kind::Symbol:
      if (e->type()->isFunction())
        throw Unsupported("z3: function symbol used as a value");
      return ctx_.constant((e->name() + "!" + std::to_string(e->id())).c_str(), sortOf(e->type()));
    case Kind::BoundVar:
      return ctx_.constant(("bv!" + e->name() + "!" + std::to_string(e->id())).c_str(),
                           sortOf(e->type()));
    case Kind::Add: {
      z3::expr r = c(0);
      for (uint32_t i = 1; i < e->numChildren(); ++i)
        r = r + c(i);
      return r;
    }
    case Kind::Mul: {
      z3::expr r = c(0);
      for (uint32_t i = 1; i < e->numChildren(); ++i)
        r = r * c(i);
      return r;
    }
    case Kind::Pow: {
      z3::expr b = c(0), r = b;
      for (uint64_t i = 1; i < e->aux(); ++i)
        r = r * b;
      return r;
    }
    case Kind::IntDiv:
      return cdiv(c(0), c(1));
    case Kind::IntMod: {
      z3::expr a = c(0), b = c(1);
      return a - b * cdiv(a, b);
    }
    case Kind::BitOp: // through the bit-vector theory: bvOp, bv2int
      return z3::expr(ctx_, Z3_mk_bv2int(ctx_, bvOp(e), ExprFactory::bitOpSigned(e)));
    case Kind::RealDiv:
      return c(0) / c(1);
    case Kind::IntToReal:
      return z3::to_real(c(0));
    case Kind::RealToInt: {
      z3::expr x = c(0);
      auto toInt = [&](const z3::expr& y) { return z3::expr(ctx_, Z3_mk_real2int(ctx_, y)); };
      return z3::ite(x >= ctx_.real_val(0), toInt(x), -toInt(-x));
    }
    case Kind::CharToInt:
    case Kind::IntToChar:
      return c(0);
    case Kind::Lt:
      return num(Rational(0), e->child(0)->type()) < c(0);
    case Kind::Le:
      return num(Rational(0), e->child(0)->type()) <= c(0);
    case Kind::Eq:
      if (Expr s = structuralEq(f_, e->child(0), e->child(1)))
        return tr(s);
      return c(0) == c(1);
    case Kind::Not:
      return !c(0);
    case Kind::And: {
      z3::expr_vector v(ctx_);
      for (uint32_t i = 0; i < e->numChildren(); ++i)
        v.push_back(c(i));
      return z3::mk_and(v);
    }
    case Kind::Or: {
      z3::expr_vector v(ctx_);
      for (uint32_t i = 0; i < e->numChildren(); ++i)
        v.push_back(c(i));
      return z3::mk_or(v);
    }
    case Kind::Ite:
      return z3::ite(c(0), c(1), c(2));
    case Kind::ArrayLit: {
      z3::expr a = ctx_.constant(("alit!" + std::to_string(e->id())).c_str(), sortOf(e->type()));
      for (uint32_t i = 0; i < e->numChildren(); ++i)
        a = z3::store(a, ctx_.int_val(int(i)), c(i));
      return a;
    }
    case Kind::ArrayWrite:
      return z3::store(c(0), c(1), c(2));
    case Kind::ArrayRead:
      return z3::select(c(0), c(1));
    case Kind::ArrayLambda: {
      Expr lam = e->child(1);
      z3::expr bv = tr(lam->child(0));
      return z3::lambda(bv, tr(lam->child(1)));
    }
    case Kind::ArrayLength: {
      // Lengths are non-negative: max(0, len(a)) ranges exactly over the
      // non-negative functions, without a quantified axiom.
      z3::expr l = lengthFn(e->child(0)->type())(c(0));
      return z3::ite(l >= 0, l, ctx_.int_val(0));
    }
    case Kind::TupleMake: {
      sortOf(e->type());
      auto& ti = tuples_.at(e->type());
      z3::expr_vector args(ctx_);
      for (uint32_t i = 0; i < e->numChildren(); ++i)
        args.push_back(c(i));
      return ti.mk(args);
    }
    case Kind::TupleRead: {
      sortOf(e->child(0)->type());
      return tuples_.at(e->child(0)->type()).projs[unsigned(e->aux())](c(0));
    }
    case Kind::TupleWrite: {
      Type t = e->type();
      sortOf(t);
      auto& ti = tuples_.at(t);
      z3::expr tup = c(0);
      z3::expr_vector args(ctx_);
      for (unsigned i = 0; i < t->members().size(); ++i)
        args.push_back(i == e->aux() ? c(1) : ti.projs[i](tup));
      return ti.mk(args);
    }
    case Kind::UnionInject: {
      sortOf(e->type());
      return unions_.at(e->type()).ctors[e->aux()](c(0));
    }
    case Kind::UnionTest: {
      sortOf(e->child(0)->type());
      return unions_.at(e->child(0)->type()).testers[e->aux()](c(0));
    }
    case Kind::UnionExtract: {
      sortOf(e->child(0)->type());
      return unions_.at(e->child(0)->type()).accessors[e->aux()](c(0));
    }
    case Kind::Apply: {
      Expr fn = e->child(0);
      if (fn->kind() != Kind::Symbol)
        throw Unsupported("z3: application of a non-symbol function");
      z3::func_decl d = funcDecl(fn);
      z3::expr_vector args(ctx_);
      for (uint32_t i = 1; i < e->numChildren(); ++i)
        args.push_back(c(i));
      return d(args);
    }
    case Kind::Forall:
      return z3::forall(c(0), c(1));
    case Kind::Exists:
      return z3::exists(c(0), c(1));
    case Kind::Sum: {
      // sum(lo, hi) of the lambda, a recursive function per lambda (and per
      // bound variables of enclosing binders it mentions, passed as arguments).
      const SumFn& sf = sumFn(e->child(2));
      if (sf.abstracted)
        abstracted_ = true;
      z3::expr_vector args(ctx_);
      args.push_back(c(0));
      args.push_back(c(1));
      for (Expr x : sf.extras)
        args.push_back(tr(x));
      return sf.fn(args);
    }
    default:
      throw Unsupported(std::string("z3: ") + kindName(e->kind()));
    }
  }

  struct SumFn {
    z3::func_decl fn;
    std::vector<Expr> extras; // free bound variables of the lambda, extra arguments
    bool abstracted = false;
  };

  /// Recursive definition, for the lambda (or function symbol) f:
  ///   S(lo, hi, xs) = hi <= lo ? 0 : S(lo, hi - 1, xs) + f(hi - 1)
  const SumFn& sumFn(Expr fnExpr) {
    auto it = sums_.find(fnExpr);
    if (it != sums_.end())
      return it->second;
    if (fnExpr->kind() != Kind::Lambda && fnExpr->kind() != Kind::Symbol)
      throw Unsupported("z3: sum over a non-lambda function");
    if (fnExpr->type()->members().size() != 1 || !fnExpr->type()->members()[0]->isInt())
      throw Unsupported("z3: sum over a non-unary function");
    Type rt = fnExpr->type()->result();
    std::vector<Expr> extras = freeBoundVars(fnExpr);
    std::string id = std::to_string(fnExpr->id());
    std::vector<z3::sort> dom{ctx_.int_sort(), ctx_.int_sort()};
    for (Expr x : extras)
      dom.push_back(sortOf(x->type()));
    z3::func_decl fn =
        ctx_.recfun(("sum!" + id).c_str(), unsigned(dom.size()), dom.data(), sortOf(rt));
    z3::expr lo = ctx_.constant(("sum!lo!" + id).c_str(), ctx_.int_sort());
    z3::expr hi = ctx_.constant(("sum!hi!" + id).c_str(), ctx_.int_sort());
    z3::expr_vector params(ctx_), recArgs(ctx_), from(ctx_), to(ctx_);
    params.push_back(lo);
    params.push_back(hi);
    recArgs.push_back(lo);
    recArgs.push_back(hi - 1);
    for (size_t j = 0; j < extras.size(); ++j) {
      z3::expr p = ctx_.constant(("sum!x!" + id + "!" + std::to_string(j)).c_str(), dom[j + 2]);
      params.push_back(p);
      recArgs.push_back(p);
      from.push_back(tr(extras[j]));
      to.push_back(p);
    }
    bool saved = abstracted_;
    abstracted_ = false;
    z3::expr term(ctx_);
    if (fnExpr->kind() == Kind::Symbol) {
      term = funcDecl(fnExpr)(hi - 1);
    } else {
      from.push_back(tr(fnExpr->child(0)));
      to.push_back(hi - 1);
      term = tr(fnExpr->child(1)).substitute(from, to);
    }
    bool abs = abstracted_;
    abstracted_ = saved;
    ctx_.recdef(fn, params, z3::ite(hi <= lo, num(Rational(0), rt), fn(recArgs) + term));
    return sums_.emplace(fnExpr, SumFn{fn, std::move(extras), abs}).first->second;
  }

  struct UnionInfo {
    std::vector<z3::func_decl> ctors, testers, accessors;
  };

  /// One datatype per union type, one constructor (with one field) per member.
  z3::sort unionSort(Type t) {
    size_t n = t->members().size();
    if (n == 0)
      throw Unsupported("z3: empty union");
    std::string base = "u" + std::to_string(t->id());
    std::vector<Z3_constructor> cons;
    std::vector<z3::sort> fieldSorts;
    for (size_t k = 0; k < n; ++k)
      fieldSorts.push_back(sortOf(t->members()[k]));
    for (size_t k = 0; k < n; ++k) {
      std::string ks = std::to_string(k);
      Z3_symbol field = Z3_mk_string_symbol(ctx_, (base + "_val" + ks).c_str());
      Z3_sort fs = fieldSorts[k];
      unsigned ref = 0;
      cons.push_back(Z3_mk_constructor(ctx_, Z3_mk_string_symbol(ctx_, (base + "_in" + ks).c_str()),
                                       Z3_mk_string_symbol(ctx_, (base + "_is" + ks).c_str()), 1,
                                       &field, &fs, &ref));
    }
    Z3_sort srt =
        Z3_mk_datatype(ctx_, Z3_mk_string_symbol(ctx_, base.c_str()), unsigned(n), cons.data());
    z3::sort s(ctx_, srt);
    UnionInfo ui;
    for (size_t k = 0; k < n; ++k) {
      Z3_func_decl c, test, acc;
      Z3_query_constructor(ctx_, cons[k], 1, &c, &test, &acc);
      ui.ctors.emplace_back(ctx_, c);
      ui.testers.emplace_back(ctx_, test);
      ui.accessors.emplace_back(ctx_, acc);
    }
    for (Z3_constructor c : cons)
      Z3_del_constructor(ctx_, c);
    ctx_.check_error();
    unions_.emplace(t, std::move(ui));
    return s;
  }

  z3::func_decl funcDecl(Expr fn) {
    auto it = funcs_.find(fn);
    if (it != funcs_.end())
      return it->second;
    z3::sort_vector dom(ctx_);
    for (Type p : fn->type()->members())
      dom.push_back(sortOf(p));
    z3::func_decl d = ctx_.function((fn->name() + "!" + std::to_string(fn->id())).c_str(), dom,
                                    sortOf(fn->type()->result()));
    funcs_.emplace(fn, d);
    return d;
  }

  struct TupleInfo {
    z3::func_decl mk;
    z3::func_decl_vector projs;
  };

  static constexpr std::size_t kCheckStack = std::size_t(1) << 30; ///< address space
  static constexpr uint64_t kGraceMs = 3000;
  bool abandoned_ = false; ///< a check was given up (solve())
  /// The watchdog interrupted a check or a model's evaluation of this
  /// context. z3 4.8.12 can then crash in a later check of the same
  /// context: tests/lit/lise/infer.test (matrix -DWRONG --infer-invariants)
  /// ended with SIGSEGV inside solver::check, in the check after two
  /// interrupted ones, in one run of four under load (one CI run failed on
  /// it). The prover destroys such a backend and makes a new one
  /// (retired()).
  bool interrupted_ = false;
  ExprFactory& f_;
  PooledContext pooled_; ///< (before every member holding z3 terms: destroyed after them)
  z3::context& ctx_ = pooled_.get();
  z3::solver solver_;
  std::optional<z3::solver> fresh_; ///< the retry of an undecided nonlinear query (solve())
  CheckThread checkThread_;         ///< where nonlinear checks run (solve())
  bool nonlinearQuery_ = false;
  bool setUp_ = false; ///< the incremental solver was set up (prepare)
  std::unordered_map<Expr, bool> nonlinearMemo_;
  /// Nonlinear, and only polynomials over real symbols and constants
  /// compared and combined by Boolean connectives (realPolynomial).
  bool realPolynomialQuery_ = false;
  std::unordered_map<Expr, bool> realPolynomialMemo_;
  z3::expr_vector query_{ctx_}; ///< the translated assertions of the query (prepare)

  /// Is e in nlsat's fragment: Boolean connectives over comparisons of
  /// polynomials (sums, products, powers) over real symbols and constants?
  bool realPolynomial(Expr e) {
    switch (e->kind()) {
    case Kind::BoolConst:
      return true;
    case Kind::NumConst:
    case Kind::Symbol:
      return e->type()->kind() == TypeKind::Real;
    case Kind::And:
    case Kind::Or:
    case Kind::Not:
    case Kind::Lt:
    case Kind::Le:
    case Kind::Eq:
    case Kind::Add:
    case Kind::Mul:
    case Kind::Pow:
      break;
    default:
      return false;
    }
    auto it = realPolynomialMemo_.find(e);
    if (it != realPolynomialMemo_.end())
      return it->second;
    bool r = true;
    for (uint32_t i = 0; i < e->numChildren() && r; ++i)
      r = realPolynomial(e->child(i));
    if (r && (e->kind() == Kind::Add || e->kind() == Kind::Mul || e->kind() == Kind::Pow))
      r = e->type()->kind() == TypeKind::Real;
    realPolynomialMemo_.emplace(e, r);
    return r;
  }

  /// Do the assertions hold a real term and no bit operation (Kind::BitOp)?
  static bool realsWithoutBitOps(std::span<const Expr> assertions) {
    std::vector<Expr> todo(assertions.begin(), assertions.end());
    std::unordered_set<Expr> seen;
    bool real = false;
    while (!todo.empty()) {
      Expr x = todo.back();
      todo.pop_back();
      if (x->kind() == Kind::BitOp)
        return false;
      if (!seen.insert(x).second)
        continue;
      real = real || x->type()->isReal();
      for (Expr c : x->children())
        todo.push_back(c);
    }
    return real;
  }

  /// Does e hold a product of two non-constant terms, a power, or a
  /// division or remainder by a non-constant?
  bool nonlinear(Expr e) {
    if (e->isConst() || e->numChildren() == 0)
      return false;
    auto it = nonlinearMemo_.find(e);
    if (it != nonlinearMemo_.end())
      return it->second;
    bool r = false;
    switch (e->kind()) {
    case Kind::Pow:
      r = true;
      break;
    case Kind::Mul: {
      int vars = 0;
      for (uint32_t i = 0; i < e->numChildren(); ++i)
        vars += !e->child(i)->isConst();
      r = vars >= 2;
      break;
    }
    case Kind::RealDiv:
    case Kind::IntDiv:
    case Kind::IntMod:
      r = e->numChildren() >= 2 && !e->child(1)->isConst();
      break;
    default:
      break;
    }
    for (uint32_t i = 0; i < e->numChildren() && !r; ++i)
      r = nonlinear(e->child(i));
    nonlinearMemo_.emplace(e, r);
    return r;
  }
  Watchdog watchdog_{ctx_}; ///< declared after ctx_: stopped before it is destroyed
  bool pushed_ = false;
  bool abstracted_ = false;
  std::unordered_map<Expr, std::pair<z3::expr, bool>> cache_;
  std::unordered_map<Expr, std::pair<z3::expr, bool>> bvCache_; ///< BitOp -> its bv operation
  struct LeafHash {
    size_t operator()(const std::pair<Expr, unsigned>& k) const {
      return k.first->hash() * 131 + k.second;
    }
  };
  std::unordered_map<std::pair<Expr, unsigned>, z3::expr, LeafHash> leaves_;
  std::unordered_map<Expr, bool> boundMemo_;
  std::vector<z3::expr> pendingDefs_; ///< leaf definitions not yet added (see prepare)
  std::unordered_map<Type, z3::sort> sorts_;
  std::unordered_map<Type, TupleInfo> tuples_;
  std::unordered_map<Type, z3::func_decl> lenFns_;
  std::unordered_map<Expr, z3::func_decl> funcs_;
  std::unordered_map<Type, UnionInfo> unions_;
  std::unordered_map<Expr, SumFn> sums_;
};

} // namespace

std::unique_ptr<SolverBackend> makeZ3Backend(ExprFactory& f) {
  return std::make_unique<Z3Backend>(f);
}

} // namespace chorus::sym
