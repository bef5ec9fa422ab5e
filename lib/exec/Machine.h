// Private to lib/exec. One move in the making: a working copy of the global
// state, the process that moves, and the trace step being recorded. The
// member functions are defined by concept:
//   Machine.cpp  — copy-on-write of processes, obligations (require/fail),
//                  scalar helpers, value display
//   Eval.cpp     — model::Expr → symbolic values and places, undef checks,
//                  conversions
//   Ints.cpp     — C integer semantics: widths, wrap, overflow, shifts, bits
//   Memory.cpp   — places: reads/writes through paths, heap typing,
//                  pointer decoding and arithmetic, element/string access
//   Executor.cpp — statements, calls/returns, guards, library dispatch
// Library models (Stdlib.cpp, Stdio.cpp, Math.cpp, Mpi*.cpp) are free
// functions on a Machine registered by name (Library.h), not members.
#pragma once

#include "ExecutorImpl.h"
#include "LibState.h"

#include "chorus/exec/Executor.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace chorus::exec {

using check::ViolationKind;
using model::ExprKind;
using model::Op;
using model::StmtKind;
using model::TypeKind;
using state::Frame;
using state::HeapObj;
using state::Message;
using state::Pointer;
using state::Root;
using state::RootKind;

/// Shortens a displayed value to at most 160 characters.
std::string shorten(std::string s);
/// Integer or decimal text (with optional exponent) as a rational.
std::optional<sym::Rational> parseNumber(const std::string& text);

class Machine {
public:
  Machine(Executor& ex, Executor::Impl& im, const GlobalState& s, int me, bool syncSends,
          int thr = 0)
      : ex(ex), im(im), f(ex.values().factory()), V(ex.values()), P(ex.program()), gs(s), me(me),
        home(me), thr(thr), syncSends(syncSends), quiet(ex.quietSteps()), mods(s.procs.size()) {
    step.proc = me;
    step.thread = thr;
  }

  Executor& ex;
  Executor::Impl& im;
  sym::ExprFactory& f;
  state::Values& V;
  const model::Program& P;
  GlobalState gs;
  int me;
  /// The process whose thread `thr` moves (models that read or write
  /// another process switch `me` for a while; its working copy is swapped
  /// like home's only when it is home).
  int home;
  /// Annotation evaluation (Annot.cpp): a second state of the home process,
  /// its pre-state for `\old` (-1: none), swapped like home's so that the
  /// moving thread's frames are read in it too.
  int twin = -1;
  /// Is the working copy of process i swapped (the moving thread's stack
  /// in ProcState::stack)?
  bool swapped(int i) const { return thr != 0 && (i == home || i == twin); }
  /// The moving thread of process `me` (lib/exec/threads; 0: the main
  /// thread). During the move, the working copy of `me` holds that thread's
  /// call stack and call phase in ProcState::stack / callPhase (swapped
  /// with its Thread entry when the copy is made, swapped back by finish()),
  /// so the core and the library models work on "the current stack".
  int thr = 0;
  /// Potential-deadlock mode: each standard-mode send is buffered or
  /// synchronous, a choice per send (see standardSendSync in lib/exec/mpi).
  bool syncSends;
  /// Executor::quietSteps: step.stmt and the common effects are not rendered.
  bool quiet;
  std::vector<std::unique_ptr<ProcState>> mods;
  std::vector<Expr> assumptions;
  Step step;
  model::SrcLoc loc;
  bool unsafe = false;   // this move does not commute (wildcard receive, synchronous send)
  bool covered = false;  // see Successor::covered
  bool spurious = false; // see Successor::spurious
  /// lib/exec/threads: record the accesses of this move (a process with
  /// threads), except inside the models of synchronization objects
  /// (`syncAccess`), whose own fields are not program data.
  bool recordAccesses = false;
  bool syncAccess = false;
  /// The accesses are those of an atomic operation (Access::atomic).
  bool atomicAccess = false;
  std::vector<Access> accesses;
  /// The move depends on other threads' moves beyond its accesses
  /// (Successor::global).
  bool globalMove = false;
  /// Records an access to a pseudo-place of the thread table for the DPOR
  /// (a `sync` access): kThreadTable (slot allocation: create, join, the end
  /// of a detached thread) or threadStatus(k) (thread k ends, is joined).
  static constexpr uint32_t kThreadTable = 0;
  static uint32_t threadStatus(int k) { return 1 + uint32_t(k); }
  void threadMark(uint32_t id, bool write) {
    if (recordAccesses)
      accesses.push_back(
          Access{state::Root{state::RootKind::Global, 0xffffffffu, id}, {}, write, false, true});
  }
  /// lib/exec/threads: when a call blocks, the thread it waits for (-1:
  /// none or unknown) and what it waits on ("mutex &m held by thread 2").
  int waitsFor = -1;
  std::string blockedWhy;
  std::vector<std::string>* undecided = nullptr;
  /// Set by the library dispatch when a library call returned Outcome::Blocked.
  std::string blockedCall;
  /// The binary choices of this run (see choose()), in order. Executor::moves
  /// presets a prefix to run the other branch of an earlier run's choice.
  std::vector<bool> schedule;
  size_t nextChoice = 0;
  /// Evaluation of annotation expressions (Annot.cpp): PROC[e].x, spec.x,
  /// quantifiers and their bound variables. Null during ordinary moves.
  struct AnnotHook* annot = nullptr;

  enum class Outcome { Done, Blocked, Stay, Infeasible };

  // ------------------------------------------------- processes (Machine.cpp)
  ProcState& proc(int i) {
    if (!mods[i]) {
      if (i == me && inPlace && (mods[i] = ex.interner().release(gs.procs[i])))
        stolen = true;
      else
        mods[i] = std::make_unique<ProcState>(*gs.procs[i]);
      if (swapped(i))
        swapThread(*mods[i]);
    }
    return *mods[i];
  }
  /// Process i as this move sees it, for reading: its working copy if it
  /// has one, else its state (no copy).
  const ProcState& view(int i) {
    if (mods[i])
      return *mods[i];
    if (swapped(i))
      return proc(i); // (the working copy holds the moving thread's stack)
    return *gs.procs[i];
  }
  /// In-place move (set by Executor::threadMoves, see Executor::setInPlace):
  /// the first write to the moving process takes its scratch state out of
  /// the interner instead of copying it (`stolen`): the state the move
  /// started from is then updated in place.
  bool inPlace = false;
  bool stolen = false;
  /// Exchanges ProcState::stack/callPhase with those of thread `thr`.
  void swapThread(ProcState& ps) {
    std::swap(ps.stack, ps.threads.at(size_t(thr)).stack);
    std::swap(ps.callPhase, ps.threads.at(size_t(thr)).callPhase);
  }
  /// An interned copy of the moving process as the other threads see it
  /// (the moving thread's stack back in its Thread entry), for the
  /// annotation monitors (CallEvent::state).
  const ProcState* snapshotSelf() {
    ProcState c(self());
    if (swapped(me))
      swapThread(c);
    return ex.interner().intern(std::move(c));
  }
  /// The call stack of thread `t` of process state `ps` (ps: a working copy
  /// of this move, or an interned state).
  std::vector<Frame>& stackOf(ProcState& ps, uint32_t t) {
    // (only home's and twin's working copies are swapped: see proc())
    auto isCopy = [&](int i) {
      return i >= 0 && mods.size() > size_t(i) && &ps == mods[size_t(i)].get();
    };
    uint32_t cur = isCopy(home) || isCopy(twin) ? uint32_t(thr) : 0;
    if (t == cur)
      return ps.stack;
    if (t == 0)
      return ps.threads.at(cur).stack;
    if (t >= ps.threads.size())
      throw Unsupported("pointer into a thread that does not exist at " + where());
    return ps.threads[t].stack;
  }
  const std::vector<Frame>& stackOf(const ProcState& ps, uint32_t t) {
    return stackOf(const_cast<ProcState&>(ps), t);
  }
  /// The frame a Local root names (null when that frame has returned).
  const Frame* localFrame(const ProcState& ps, Root r) {
    if (r.thread() != 0 && r.thread() >= ps.threads.size())
      return nullptr; // (a joined thread's dropped slot: its frames are gone)
    const std::vector<Frame>& st = stackOf(ps, r.thread());
    return r.frame() < st.size() ? &st[r.frame()] : nullptr;
  }
  ProcState& self() { return proc(me); }
  int nprocs() const { return int(gs.procs.size()); }

  GlobalState finish();
  /// The successor of this move: finish() with the step.
  Successor successor() {
    Successor sc;
    sc.state = finish();
    sc.step = std::move(step);
    sc.covered = covered;
    sc.spurious = spurious;
    sc.accesses = std::move(accesses);
    sc.global = globalMove || spurious;
    return sc;
  }

  // ----------------------------------------------- obligations (Machine.cpp)
  Expr pc();
  /// In a `verify --contract` run, pc() without its conjuncts under a
  /// binder (the quantified facts a sequence of symbolic length brings):
  /// the context of a search for a constant bound, which such facts do
  /// not give and on which they make the provers time out (a weaker
  /// context: a bound found holds under pc()). pc() in other runs.
  Expr boundsPc();
  /// Reports a violation on the paths where `cond` holds; `unknown` instead
  /// when cond depends on a math function chorus leaves uninterpreted.
  [[noreturn]] void fail(ViolationKind k, const std::string& msg, Expr cond);
  /// fail, unless kind k is ignored (ExecOptions::ignore): then the
  /// violation is recorded as not checked and execution goes on. Only for
  /// checks after which the execution is well defined (end-of-run checks).
  void failUnlessIgnored(ViolationKind k, const std::string& msg, Expr cond);
  /// `ok` must hold on every path through here.
  void require(Expr ok, ViolationKind k, const std::string& msg);
  /// A symbolic choice inside a statement: whether `c` holds on this run.
  /// When the path condition decides c, no fork; otherwise the move forks
  /// (Executor::moves runs the statement once per branch) and this run's
  /// branch is added to the path condition.
  bool choose(Expr c);
  /// With ExecOptions::lise: c mentions a fresh symbol of a LISE havoc (a
  /// decided guard or choice on it still joins the path condition).
  bool mentionsLise(Expr c);
  /// A nondeterministic choice inside a statement that is not a condition on
  /// values (e.g. the order qsort gives two elements that compare equal,
  /// whether a standard-mode send is buffered): the move forks as for
  /// choose(), without adding to the path condition. The first run takes
  /// `true`.
  bool branch();
  /// verify --contract: an undecided exit of a loop on a value the path
  /// condition does not bound is `unsupported` (see Executor.cpp).
  void loopBoundedByInputs(const model::Transition& t, Expr c);
  std::string where() const { return P.where(loc); }

  // ------------------------------------------- library state (Machine.cpp)
  /// Slot k of the moving process's library state (LibState.h); null when unset.
  Expr libState(LibSlot k);
  void setLibState(LibSlot k, Expr v);

  // ---------------------------------------------------- values (Machine.cpp)
  Expr intc(int64_t v) { return f.intConst(v); }
  std::optional<int64_t> concreteInt(Expr e) {
    if (e->kind() == sym::Kind::NumConst)
      return e->value().toInt64();
    if (!fixed.empty())
      if (auto it = fixed.find(e); it != fixed.end())
        return it->second;
    return std::nullopt;
  }
  /// Symbolic values requireConcrete fixed by a fork in this move (the path
  /// condition implies each equation), so that later reads of the same
  /// argument see the value.
  std::unordered_map<Expr, int64_t> fixed;
  int64_t requireConcrete(Expr e, const char* what);
  /// requireConcrete's value (a fork over the range the path condition
  /// bounds e to), or nullopt where it would stop: a value with no such
  /// range (its caller then works on the symbolic value).
  std::optional<int64_t> boundedConcrete(Expr e, const char* what);
  Expr toReal(Expr e) { return e->type()->isReal() ? e : f.intToReal(e); }
  Expr truth(Expr v);
  Expr boolToInt(Expr b) { return f.ite(b, intc(1), intc(0)); }
  /// A value as shown in traces.
  std::string show(Expr v);
  /// The printed form of a model expression (cached per expression).
  const std::string& text(const model::Expr* e);
  /// The printed form of a transition, "[guard] stmt" (cached per transition).
  const std::string& text(const model::Transition& t);
  /// The program's printer (display names computed once per executor).
  model::ProgramText& printer();

  // ------------------------------------------------ undef checks (Eval.cpp)
  void checkDefined(Expr v);
  /// Condition under which scalar v is the undef marker.
  Expr undefCond(Expr v);
  Expr undefAt(Expr a, Expr i);
  /// Converts v (of C type `from`) to C type `to`.
  Expr convert(Expr v, const model::Type* from, const model::Type* to);

  // ------------------------------------------- IEEE floating point (Float.cpp)
  /// t is a floating type and floating types are IEEE (--float ieee).
  bool ieee(const model::Type* t) const;
  /// The exact value v rounded to the floating type t (unchanged with
  /// --float real or a non-floating t); `what` names the operation for the
  /// `unknown` of an overflow to infinity.
  Expr roundFloat(Expr v, const model::Type* t, const std::string& what);
  /// A floating MPI reduction over three or more contributions whose result
  /// depends on the order MPI combines them in: a value chorus does not
  /// compute (fresh per reduction), of the exact result `exact`.
  Expr unorderedFloat(Expr exact, const model::Type* t);
  /// A floating value converted to integer type `to`: truncated; with
  /// --float ieee a value out of `to`'s range is UNDEFINED_BEHAVIOR.
  Expr floatToInt(Expr v, const model::Type* to);
  /// What every rounding `fp.T(v)` in e satisfies in a real run (finite
  /// values): its sign is v's, and |fp.T(v) - v| <= u |v| + eta (u the
  /// unit roundoff of T, eta half its smallest subnormal), and it is an
  /// integer multiple of 2 eta (the sign alone for long double); true when
  /// e holds no rounding. require asks again with
  /// these facts before it reports a check over roundings.
  Expr roundingFacts(Expr e);
  /// The divisor of a floating division (--float ieee) with a symbolic
  /// operand: zero is `unknown` (an infinity or NaN), not a violation.
  void floatDivisor(Expr b);
  /// ok holds (--float ieee, symbolic operands), else its operation's
  /// result `what` at here is an infinity or NaN: `unknown`, not modelled.
  void floatDomain(Expr ok, const std::string& what);
  /// The floating value of host value x (--float ieee): a number, or for an
  /// infinity, a NaN or -0.0 its special constant (`ieee.inf`, ...).
  Expr floatValue(long double x);
  /// The binary operation op (+ - * /) of type t (IEEE) on operands that
  /// are both concrete, computed in t by the host's floating-point unit
  /// (SSE, x87: as the program's real run); nullptr when an operand is
  /// symbolic (a special operand is then `unknown`, -0.0 taken as 0).
  Expr floatArith(model::Op op, Expr& a, Expr& b, const model::Type* t);
  /// The comparison op of a and b when one is a special constant (NaN is
  /// unordered, infinities beyond every finite value), else nullptr.
  Expr floatRelation(model::Op op, Expr a, Expr b);
  /// Symbolic v holds no special constant (an array element written with
  /// one, a conditional choosing one), else `unknown`: `what` at here.
  void noSpecialIn(Expr v, const std::string& what);

  // ------------------------------------------------- C integers (Ints.cpp)
  /// An integer type of 1..128 bits (not _Bool).
  static bool isCInt(const model::Type* t);
  /// The values of integer type t (or _Bool): [lo, hi].
  static std::pair<sym::Rational, sym::Rational> intRange(const model::Type* t);
  /// lo <= v <= hi on every path through here (the oracle decides; the
  /// internal bounds first).
  bool knownIn(Expr v, const sym::Rational& lo, const sym::Rational& hi);
  /// v, known to lie in [srcLo, srcHi], modulo 2^w into the range of t.
  Expr wrapInt(Expr v, const model::Type* t, const sym::Rational& srcLo,
               const sym::Rational& srcHi);
  /// v, read from a symbolic array (an input), lies in the range of its
  /// C type t: added to the path condition.
  void assumeInRange(Expr v, const model::Type* t);
  /// Conversion between integer types (from may be _Bool or null).
  Expr convertInt(Expr v, const model::Type* from, const model::Type* to);
  /// The exact result r of signed operation e: SIGNED_OVERFLOW unless it is
  /// in the range of e's type (no check with --no-overflow-check).
  Expr signedResult(Expr r, const model::Expr* e);
  /// Unary - and ~ of integer type e->type.
  Expr intUnary(const model::Expr* e, Expr a);
  /// Integer binary arithmetic, shifts and bitwise operators of type e->type.
  Expr intBinary(const model::Expr* e, Expr a, Expr b);
  Expr symbolicShift(const model::Expr* e, Expr a, Expr b);
  Expr symbolicBitwise(const model::Expr* e, Expr a, Expr b);

  // ---------------------------------------------------- places (Memory.cpp)
  struct Place {
    Root root;
    std::vector<Expr> path;
    const model::Type* type = nullptr;
    int proc = 0;
    /// The object's own integer type where the access through a pointer is
    /// by the other-signed integer type of its size (`*(int32_t *)&u` over
    /// `uint32_t u`, C11 6.5p7): a read converts the stored value to
    /// `type`, a write converts the value to this type (gcc: the same
    /// bytes).
    const model::Type* object = nullptr;
  };

  const model::Type* rootType(const ProcState& ps, Root r);
  Expr stringValue(uint32_t id);
  Expr rootValue(const ProcState& ps, Root r);
  void setRoot(ProcState& ps, Root r, Expr v);
  Expr lengthOf(Expr arr, const model::Type* t);
  /// 0 <= idx < len (OUT_OF_BOUNDS); `outer`: the array the indexed one is
  /// an element of (a row of a multi-dimensional array), named in the report.
  void checkIndex(Expr idx, Expr len, const model::Type* outer = nullptr);
  /// Value at `path[from..]` of v (of C type t), with bounds checks.
  Expr readPath(Expr v, const model::Type* t, const std::vector<Expr>& path, size_t from,
                const model::Type** outType);
  Expr writePath(Expr v, const model::Type* t, const std::vector<Expr>& path, size_t i, Expr nv,
                 const model::Type* outer = nullptr);
  /// writePath at a union u of type t (path[i] its member): the other
  /// members follow the one written (Memory.cpp); a part of a member written
  /// over another member's value is unknown.
  Expr writeUnionMember(Expr u, const model::Type* t, const std::vector<Expr>& path, size_t i,
                        Expr nv);
  /// Unknown when member k of the union value u (of type t), read as
  /// uninitialized, shares its bytes with another member that holds a value.
  void checkUnionRead(Expr u, const model::Type* t, uint32_t k);
  Expr readPlace(const Place& pl);
  void writePlace(const Place& pl, Expr v);
  /// C type of the object at the end of a path (no checks).
  const model::Type* typeAt(const ProcState& ps, Root r, const std::vector<Expr>& path,
                            size_t upto);
  static bool compatible(const model::Type* a, const model::Type* b);
  /// Gives an untyped heap block the element type `t`.
  void typeHeap(ProcState& ps, uint32_t h, const model::Type* t);
  /// Before an access to heap block h through a pointer to t: a dangling
  /// block is unsupported, a freed one a use after free, an untyped one
  /// gets the element type t (its first typed access).
  void heapAccess(ProcState& ps, uint32_t h, const model::Type* t);
  /// The place pv points to, accessed as a `pointee` (a pointer to an array
  /// addresses its first element). `checkType` (accesses of the program):
  /// an arithmetic object of another size or class than pointee (its bytes
  /// reinterpreted) is unsupported. Library models read with their own types.
  Place placeOfPointer(Expr pv, const model::Type* pointee, int procIdx, bool checkType = false);
  Expr pointerTo(const Place& pl) { return V.makePointer(pl.root, pl.path); }
  /// The pointee of a pointer type (null for other types).
  static const model::Type* pointeeOf(const model::Type* t) {
    return t && t->kind == TypeKind::Pointer ? t->elem : nullptr;
  }
  /// Pointer arithmetic pv + k (in the moving process), bounds-checked;
  /// `pointee` is the type pv points to (types an untyped heap block).
  Expr ptrAdd(Expr pv, Expr k, const model::Type* pointee = nullptr);
  /// A pointer one past a non-array object (C11 6.5.6p7: the object is an
  /// array of one element; `&g + 1`, `p++` over a scalar) is its pointer
  /// with this extra last step; dereferencing it is OUT_OF_BOUNDS, any
  /// other use of it as a place is unknown (typeAt).
  static constexpr int64_t kOnePast = -(int64_t(1) << 40);
  bool isOnePastStep(Expr step) {
    auto k = concreteInt(step);
    return k && *k == kOnePast;
  }
  /// Whether p is one past a non-array object (its last step is kOnePast).
  bool onePast(const state::Pointer& p) { return !p.path.empty() && isOnePastStep(p.path.back()); }
  /// For two pointers into one root of which at least one is one past a
  /// non-array object: their distance in elements of that object (a - b),
  /// when both address that object or one past it; nullopt otherwise.
  std::optional<int64_t> onePastDistance(const state::Pointer& a, const state::Pointer& b);
  /// ptrAdd of k bytes through a character pointer to an object that is not
  /// an array of characters (C11 6.3.2.3p7: its bytes; offsetof and
  /// container_of walk them): the place k bytes further, the outermost
  /// object that starts there; a place inside a scalar or padding is
  /// unknown, a place outside the object OUT_OF_BOUNDS.
  Expr bytePtrAdd(const state::Pointer& p, Expr k);
  /// The byte offset of the place p points to in its root object (field
  /// offsets and element sizes; a symbolic index is unknown).
  int64_t byteOffset(const state::Pointer& p);
  /// Whether r is an object whose layout is known (a static, a live local,
  /// a typed heap block): byteOffsetExpr applies to pointers into it.
  bool hasLayout(const Root& r);
  /// byteOffset as an expression (a symbolic index allowed; a pointer one
  /// past a non-array object is at its end); null where a step has no
  /// static size or offset (a variable-length row, a bit-field).
  Expr byteOffsetExpr(const state::Pointer& p);
  /// ptrAdd of k elements of type t (not a character type) by gcc's layout
  /// of the structure p points into (`(int *)&s + 1` of `struct { int a, b;
  /// } s` is &s.b; lib/exec/DESIGN-NOTES.md): the place k * sizeof t bytes
  /// further in p's root object that holds (or starts with) an object of
  /// type t, or one past a non-array root; null when there is none.
  /// p == q for two pointers: by gcc's layout within one object; for two
  /// objects false, unknown where one may end where the other starts.
  Expr pointerEq(const state::Pointer& a, const state::Pointer& b);
  Expr layoutPtrAdd(const state::Pointer& p, int64_t k, const model::Type* t);
  /// Whether two pointers into one root diverge inside a structure (their
  /// first differing step, or the end of the shorter path, is a step into a
  /// structure or one past it): their distance follows gcc's layout.
  bool divergeInStruct(const state::Pointer& a, const state::Pointer& b);
  /// ptrAdd in process procIdx.
  Expr ptrAddIn(Expr pv, Expr k, int procIdx, const model::Type* pointee = nullptr);
  /// The NUL-terminated string at pv (concrete characters only), at most
  /// `max` characters (no character past the max-th is read: printf's
  /// `%.3s` of an unterminated array).
  std::string readString(Expr pv, size_t max = 4096);
  /// Element type of the object a buffer pointer points at (innermost
  /// element of an array nest); null for an untyped heap block.
  const model::Type* elementTypeOf(Expr pv, int procIdx = -1);
  /// The place of element k of the buffer starting at pv.
  Place elementPlace(Expr pv, int64_t k, const model::Type* et, int procIdx);
  std::vector<Expr> readElements(Expr pv, int64_t count, const model::Type* et, int procIdx = -1);
  void writeElements(Expr pv, const std::vector<Expr>& data, const model::Type* et,
                     int procIdx = -1);

  // ------------------------------------------------- expressions (Eval.cpp)
  Place evalPlace(const model::Expr* e);
  Expr evalCond(const model::Expr* e);
  Expr relation(Op op, Expr a, Expr b);
  Expr evalValue(const model::Expr* e);
  Expr binary(const model::Expr* e);

  // -------------------------------------------------- statements (Executor.cpp)
  /// Executes transition `t` of the moving process.
  Outcome run(const model::Transition& t);
  void advance(const model::Transition& t) { self().stack.back().loc = t.to; }
  Outcome stmt(const model::Transition& t);
  void doReturn(Expr v);
  /// The frames of the current stack from depth `from` up end: every
  /// pointer of the process to one of their variables is made to point to a
  /// frame that no longer exists (kDeadFrame), so that a later frame at the
  /// same depth, or a later thread in the same slot, is not reached through
  /// it (C11 6.2.4p2: the pointer's value is indeterminate); so is
  /// `*value` when given (the value the frame returns).
  void endFrames(size_t from, Expr* value = nullptr);
  /// Functions that reached their exit location without a return statement.
  void popFinished();
  void terminate(bool normal);
  /// The end of the process's main thread: main returned (`viaExit` false)
  /// or exit() was called. Runs the next atexit handler or destructor (a
  /// call on the main thread's stack, whose return comes back here), or
  /// terminates the process when none is left (Exit.cpp).
  void finishProcess(bool viaExit);
  /// After exit() cleared the stack: the heap blocks no longer reachable
  /// are not leaks, except those already unreachable before (`lost`;
  /// Exit.cpp).
  void exitReclaims(const std::vector<uint32_t>& lost);
  /// The heap blocks of the moving process no variable of the program
  /// reaches (the lowering's temporaries do not count).
  std::vector<uint32_t> lostBlocks();
  /// The start routine of thread `thr` (not main) returned `v`, or it
  /// called pthread_exit(v) (byExit): the destructors of its thread-specific
  /// data run (each a call on its stack, whose return comes back here), then
  /// the thread ends (lib/exec/threads).
  void threadEnd(Expr v, bool byExit = false);
  void pushFrame(model::FuncId fid, const std::vector<Expr>& args, const model::Expr* retLhs);
  Outcome call(const model::Transition& t);
  /// Calls the model of library function `name` (Library.h).
  Outcome library(const std::string& name, const model::Transition& t);
  /// Callback hook for library models: calls model function `fid` with
  /// `args` (converted to its parameter types) from inside the library call
  /// being executed, and returns Stay. The process stays at the call; the
  /// callee runs as ordinary transitions of the process (its errors are
  /// reported inside it), and when it returns (its result is discarded) the
  /// call's transition runs again with `self().callPhase == resume` (> 0), so
  /// the library model continues in its next phase — the same pattern as the
  /// two-phase MPI_Sendrecv. Any state the model needs across the callback
  /// must be kept in the process state (e.g. ProcState::mpiObj).
  Outcome callModel(model::FuncId fid, const std::vector<Expr>& args, uint8_t resume);
  /// Assigns a library call's result to its left-hand side, if any.
  void setResult(const model::Stmt& s, Expr v, const model::Type* vt);
  /// Argument i of a call, evaluated.
  Expr arg(const model::Stmt& s, size_t i);
};

using Place = Machine::Place;

/// Points Machine::loc at `at` (an operator) for the obligations of one
/// operation; restores it on exit.
struct LocAt {
  model::SrcLoc& loc;
  model::SrcLoc saved;
  LocAt(model::SrcLoc& l, model::SrcLoc at) : loc(l), saved(l) {
    if (at.line)
      loc = at;
  }
  ~LocAt() { loc = saved; }
};

/// What a `verified` verdict assumes of symbolic floating values with
/// --float ieee (Executor::noteAssumption).
inline constexpr const char* kFiniteFloats =
    "assuming floating-point inputs and the values computed from them are finite, not "
    "infinity or NaN";

/// r rounded to the floating type t (Float.cpp); nullopt when it overflows.
std::optional<sym::Rational> roundToType(const sym::Rational& r, const model::Type* t);

/// t is a floating type or holds one (an array of doubles, a record).
bool holdsFloat(const model::Type* t);

/// Prefix of the special floating values (--float ieee, Float.cpp): the
/// nullary real symbols `ieee.inf`, `ieee.-inf`, `ieee.nan`, `ieee.-nan`
/// and `ieee.-0`.
inline constexpr const char* kSpecialPrefix = "ieee.";

/// v is a special floating value: an infinity, a NaN or -0.0.
bool isSpecialFloat(Expr v);

/// The host value of a concrete floating value v (a number or a special
/// value; exact for the values of float, double and long double), nothing
/// for a symbolic one.
std::optional<long double> hostFloat(Expr v);

/// Prefix of the uninterpreted roundings of symbolic floating values
/// (Float.cpp): `fp.float`, `fp.double`, `fp.long double`.
inline constexpr const char* kRoundingPrefix = "fp.";

/// The math function e depends on that chorus left uninterpreted ("the
/// value of sqrt for a symbolic argument, which ..."), or "" (Math.cpp).
std::string abstractMathIn(sym::ExprFactory& f, Expr e);

/// Hook consulted first by evalPlace/evalValue when Machine::annot is set;
/// returns nothing (nullopt/null) for expressions the machine evaluates itself.
struct AnnotHook {
  virtual ~AnnotHook() = default;
  virtual std::optional<Place> place(Machine& m, const model::Expr* e) = 0;
  virtual Expr value(Machine& m, const model::Expr* e) = 0;
};

} // namespace chorus::exec
