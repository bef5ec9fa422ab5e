// Models of what a process gets from its environment: pseudo-random numbers
// (rand/srand/random/srandom/rand_r), environment variables (getenv), clocks
// (time/clock/gettimeofday/clock_gettime), sleeping (sleep/usleep/nanosleep) and the
// number of processors (sysconf(_SC_NPROCESSORS_ONLN/_CONF)).
//
// None of these values is known in advance, so each is a fresh symbol
// within the range the C library guarantees: rand() and random() in
// 0..RAND_MAX (2^31 - 1 in glibc) whatever the seed (srand/srandom only
// evaluate their argument); getenv(name) either NULL or a string of
// symbolic characters and symbolic length 0..kEnvLength held in a block
// owned by the library (never a leak, free() of it is INVALID_FREE), each
// call independently of the others (unless `--env NAME=VALUE` fixes the
// string, or `--env NAME` NULL: ExecOptions::env); each clock a fresh value not below the
// previous value of the same clock in the same process (kept in the
// process's library state, LibState.h) and not below 0; sleep/usleep are
// no-ops returning 0, nanosleep too when its request is valid (else -1,
// EINVAL: tv_nsec outside 0..999999999 or a negative tv_sec; the remaining
// time is not written, no signal interrupts it). rand_r(seedp) reads
// *seedp (UNINITIALIZED_READ if never set) and, like rand, gives any value
// in 0..RAND_MAX, leaving any value in *seedp. sysconf of the processor
// counts is any value in 1..8192 (x86-64 Linux's largest NR_CPUS); other
// sysconf names are `unknown`.
#include "CString.h"
#include "Library.h"

#include <ctime>
#include <unistd.h>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

/// The most processors sysconf reports (x86-64 Linux's largest NR_CPUS).
constexpr int64_t kMaxCpus = 8192;

/// Longest string getenv returns (bounded, so that a loop over it ends).
constexpr int64_t kEnvLength = 4;

Outcome done(Machine& m, const model::Transition& t, Expr v, const model::Type* vt) {
  m.setResult(t.stmt, v, vt);
  m.advance(t);
  return Outcome::Done;
}

/// rand()/random()/rand_r(seedp): a value in 0..2^31-1 (glibc's RAND_MAX,
/// also random's range); srand/srandom: the seed is evaluated and otherwise
/// ignored.
Outcome runRand(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (name == "srand" || name == "srandom") {
    m.checkDefined(m.arg(s, 0));
    m.advance(t);
    return Outcome::Done;
  }
  if (name == "rand_r") { // *seedp is read and becomes any unsigned value
    const model::Type* st = staticPointee(s.args[0]);
    if (!st || st->kind != TypeKind::Int)
      throw Unsupported("rand_r's seed pointer at " + m.where());
    Place seed = m.placeOfPointer(m.arg(s, 0), st, m.me);
    m.checkDefined(m.readPlace(seed));
    m.writePlace(seed, freshValue(m, "seed", st));
  }
  const model::Type* rt = declaredResult(m, name, s);
  if (!rt || rt->kind != TypeKind::Int)
    throw Unsupported("result type of " + name + " at " + m.where());
  Expr v = freshValue(m, name, rt);
  m.gs.pc =
      m.f.logicalAnd(m.gs.pc, m.f.logicalAnd(m.f.le(m.intc(0), v), m.f.le(v, m.intc(2147483647))));
  return done(m, t, v, rt);
}

/// getenv(name): NULL, or a fresh string of symbolic length L (0 <= L <=
/// kEnvLength) whose L characters are symbolic and non-zero, in a block of
/// L + 1 characters owned by the library.
Outcome runGetenv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::optional<std::string> var = std::string();
  {
    Cursor c(m, m.arg(s, 0), "getenv's argument");
    for (int64_t k = 0;; ++k) {
      if (k >= kMaxString)
        tooLong(m);
      Expr ch = c.read(k);
      if (isNul(m, ch))
        break;
      auto v = m.concreteInt(ch);
      if (var && v)
        *var += char(*v);
      else
        var.reset();
    }
  }
  if (var) { // --env NAME=VALUE or --env NAME
    auto it = m.ex.options().env.find(*var);
    if (it != m.ex.options().env.end()) {
      m.step.effects.push_back("getenv(\"" + *var + "\"): " +
                               (it->second ? "\"" + *it->second + "\"" : "not set") + " (--env)");
      return done(m, t, it->second ? libraryString(m, *it->second) : m.V.nullPointer(), nullptr);
    }
  }
  if (!m.branch()) { // not set
    m.step.effects.push_back("getenv: not set");
    return done(m, t, m.V.nullPointer(), nullptr);
  }
  const model::Type* ct = m.P.types.charType();
  uint32_t id = m.gs.fresh++;
  std::string base = "getenv" + std::to_string(id);
  Expr len = m.f.symbol(base + "_len", m.f.intType());
  Expr chars = m.f.symbol(base, m.f.arrayType(m.V.symType(ct)));
  std::vector<Expr> pc{m.gs.pc, m.f.le(m.intc(0), len), m.f.le(len, m.intc(kEnvLength))};
  for (int64_t k = 0; k < kEnvLength; ++k) {
    Expr c = m.f.arrayRead(chars, m.intc(k));
    Expr ok = m.f.logicalAnd(m.f.logicalAnd(m.f.le(m.intc(-128), c), m.f.le(c, m.intc(127))),
                             m.f.neq(c, m.intc(0)));
    pc.push_back(m.f.implies(m.f.lt(m.intc(k), len), ok));
  }
  m.gs.pc = m.f.logicalAnd(pc);
  Expr i = m.f.boundVar("i", m.f.intType());
  Expr body = m.f.ite(m.f.lt(i, len), m.f.arrayRead(chars, i), m.intc(0));
  Expr bvs[1] = {i};
  const model::Type* at = m.im.arrayOf(ct, std::nullopt);
  Expr n = m.f.add(len, m.intc(1));
  HeapObj o;
  o.value = m.f.arrayLambda(m.V.symType(at), n, m.f.lambda(bvs, body));
  o.elem = ct;
  o.bytes = n;
  o.site = m.loc;
  o.external = true;
  ProcState& ps = m.self();
  ps.heap.push_back(std::move(o));
  Expr p = m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)});
  m.step.effects.push_back("getenv: a string of length " + m.show(len));
  return done(m, t, p, nullptr);
}

/// A fresh reading of the clock kept in slot k: not below 0 nor below the
/// previous reading of this clock in this process.
Expr readClock(Machine& m, LibSlot k, const std::string& name) {
  uint32_t id = m.gs.fresh++;
  Expr v = m.f.symbol(name + std::to_string(id), m.f.intType());
  Expr last = m.libState(k);
  // clock_t and time_t are long: a reading is at most LONG_MAX
  m.gs.pc = m.f.logicalAnd(
      m.gs.pc, m.f.logicalAnd(m.f.le(last ? last : m.intc(0), v), m.f.le(v, m.intc(INT64_MAX))));
  m.setLibState(k, v);
  return v;
}

/// The place of member `field` of the struct pv points to (type from the
/// argument's static type).
Place memberPlace(Machine& m, const model::Stmt& s, size_t i, Expr pv, const char* field) {
  const model::Type* st = staticPointee(s.args[i]);
  if (!st || st->kind != TypeKind::Struct || st->fieldIndex(field) == model::kNone)
    throw Unsupported("argument " + std::to_string(i + 1) + " of the call at " + m.where() +
                      " is not a pointer to a struct with a member '" + field + "'");
  Place pl = m.placeOfPointer(pv, st, m.me);
  pl.path.push_back(m.intc(st->fieldIndex(field)));
  pl.type = st->fields[st->fieldIndex(field)].type;
  return pl;
}

/// A clock's reading into the struct argument i points to (NULL: none):
/// fresh seconds tv_sec >= 0 and `frac` in 0..perSec-1, their total (in
/// units of 1/perSec s) not below the clock's last reading (LibSlot
/// `slot`), which it becomes, and within 64 bits (a nanosecond clock until
/// the year 2262).
void writeClock(Machine& m, const model::Stmt& s, size_t i, const char* frac, int64_t perSec,
                LibSlot slot) {
  Expr tv = m.arg(s, i);
  if (m.V.isUndef(tv))
    m.fail(ViolationKind::UninitializedRead, "the clock's result is an uninitialized pointer",
           m.pc());
  auto p = m.V.decodePointer(tv);
  if (p && p->root.kind == RootKind::Null && slot == LibSlot::TimeOfDay)
    return; // gettimeofday(NULL, ...) is allowed; clock_gettime's NULL is dereferenced
  Place sec = memberPlace(m, s, i, tv, "tv_sec");
  Place sub = memberPlace(m, s, i, tv, frac);
  uint32_t id = m.gs.fresh++;
  Expr sv = m.f.symbol("tv_sec" + std::to_string(id), m.f.intType());
  Expr fv = m.f.symbol(frac + std::to_string(id), m.f.intType());
  Expr total = m.f.add(m.f.mul(sv, m.intc(perSec)), fv);
  Expr last = m.libState(slot);
  Expr cs[6] = {m.f.le(m.intc(0), fv),
                m.f.lt(fv, m.intc(perSec)),
                m.f.le(m.intc(0), sv),
                m.f.le(last ? last : m.intc(0), total),
                m.f.le(total, m.intc(INT64_MAX)),
                m.gs.pc};
  m.gs.pc = m.f.logicalAnd(cs);
  m.setLibState(slot, total);
  m.writePlace(sec, sv);
  m.writePlace(sub, fv);
}

Outcome runTime(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  const model::Type* rt = declaredResult(m, name, s);
  if (name == "clock")
    return done(m, t, readClock(m, LibSlot::Clock, "clock"), rt);
  if (name == "time") {
    Expr out = m.arg(s, 0);
    if (m.V.isUndef(out))
      m.fail(ViolationKind::UninitializedRead, "time's argument is an uninitialized pointer",
             m.pc());
    Expr v = readClock(m, LibSlot::Time, "time");
    auto p = m.V.decodePointer(out);
    if (!p || p->root.kind != RootKind::Null)
      m.writePlace(m.placeOfPointer(out, rt, m.me), v);
    return done(m, t, v, rt);
  }
  if (name == "clock_gettime") {
    // clock_gettime(id, ts): seconds and nanoseconds of clock id, each
    // clock nondecreasing on its own
    int64_t id = m.requireConcrete(m.arg(s, 0), "clock id");
    std::optional<LibSlot> slot = id == CLOCK_REALTIME             ? LibSlot::ClockRealtime
                                  : id == CLOCK_MONOTONIC          ? LibSlot::ClockMonotonic
                                  : id == CLOCK_PROCESS_CPUTIME_ID ? LibSlot::ClockCpu
                                  : id == CLOCK_MONOTONIC_RAW      ? LibSlot::ClockRaw
                                                                   : std::optional<LibSlot>();
    if (!slot)
      throw Unsupported("clock_gettime of the clock " + std::to_string(id) + " at " + m.where());
    writeClock(m, s, 1, "tv_nsec", 1000000000, *slot);
    return done(m, t, m.intc(0), nullptr);
  }
  // gettimeofday(tv, tz): seconds and microseconds of a microsecond clock;
  // tz (obsolete) is not written
  writeClock(m, s, 0, "tv_usec", 1000000, LibSlot::TimeOfDay);
  return done(m, t, m.intc(0), nullptr);
}

/// sleep/usleep: no effect on the model (clocks are only nondecreasing);
/// nanosleep(req, rem): 0 for a valid request, -1 (EINVAL) otherwise.
Outcome runSleep(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (name != "nanosleep") {
    m.checkDefined(m.arg(s, 0));
    return done(m, t, m.intc(0), nullptr);
  }
  Expr req = m.arg(s, 0);
  Expr sec = m.readPlace(memberPlace(m, s, 0, req, "tv_sec"));
  Expr nsec = m.readPlace(memberPlace(m, s, 0, req, "tv_nsec"));
  m.checkDefined(sec);
  m.checkDefined(nsec);
  Expr valid =
      m.f.logicalAnd(m.f.le(m.intc(0), sec),
                     m.f.logicalAnd(m.f.le(m.intc(0), nsec), m.f.le(nsec, m.intc(999999999))));
  return done(m, t, m.choose(valid) ? m.intc(0) : m.intc(-1), nullptr);
}

/// sysconf(_SC_NPROCESSORS_CONF / _SC_NPROCESSORS_ONLN): the number of
/// processors of the machine the program runs on, any value in 1..8192.
Outcome runSysconf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t which = m.requireConcrete(m.arg(s, 0), "sysconf name");
  if (which != _SC_NPROCESSORS_CONF && which != _SC_NPROCESSORS_ONLN)
    throw Unsupported("sysconf(" + std::to_string(which) + ") at " + m.where());
  const model::Type* rt = declaredResult(m, name, s);
  if (!rt || rt->kind != TypeKind::Int)
    throw Unsupported("result type of " + name + " at " + m.where());
  Expr v = freshValue(m, "nprocs", rt);
  m.gs.pc =
      m.f.logicalAnd(m.gs.pc, m.f.logicalAnd(m.f.le(m.intc(1), v), m.f.le(v, m.intc(kMaxCpus))));
  m.step.effects.push_back("sysconf: " + m.show(v) + " processors");
  return done(m, t, v, rt);
}

/// getpid/getppid: a process id of Linux (1..PID_MAX_LIMIT, 2^22), the
/// same at every call of one process (its threads share it); nothing is
/// assumed about the ids of other processes (an MPI job's processes may
/// run on different nodes, where ids repeat).
Outcome runPid(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Type* rt = declaredResult(m, name, t.stmt);
  if (!rt || rt->kind != TypeKind::Int)
    throw Unsupported("result type of " + name + " at " + m.where());
  const LibSlot slot = name == "getpid" ? LibSlot::Pid : LibSlot::ParentPid;
  Expr v = m.libState(slot);
  if (!v) {
    constexpr int64_t kPidMaxLimit = int64_t(1) << 22;
    v = freshValue(m, name == "getpid" ? "pid" : "ppid", rt);
    m.gs.pc = m.f.logicalAnd(m.gs.pc,
                             m.f.logicalAnd(m.f.le(m.intc(1), v), m.f.le(v, m.intc(kPidMaxLimit))));
    m.setLibState(slot, v);
  }
  return done(m, t, v, rt);
}

} // namespace

void registerEnv(LibraryRegistry& r) {
  r.add({"getpid", "getppid"}, {runPid});
  r.add({"rand", "srand", "random", "srandom", "rand_r"}, {runRand});
  r.add("getenv", {runGetenv});
  r.add({"time", "clock", "gettimeofday", "clock_gettime"}, {runTime});
  r.add({"sleep", "usleep", "nanosleep"}, {runSleep});
  r.add("sysconf", {runSysconf});
}

} // namespace chorus::exec
