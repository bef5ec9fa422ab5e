// The transition relation of the n-process program: initial state, and the
// moves of one process at a state, executed symbolically. Library functions
// (stdlib, stdio, math, MPI) are modelled by name. Violations found while
// executing a move are thrown as ViolationError; constructs the engine does
// not support are thrown as Unsupported (the verdict becomes unknown).
#pragma once

#include "chorus/check/Violation.h"
#include "chorus/exec/Oracle.h"
#include "chorus/model/ContractDriver.h"
#include "chorus/model/Program.h"
#include "chorus/state/State.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace chorus::exec {

using state::GlobalState;
using state::ProcState;

struct ExecOptions {
  int nprocs = 1;
  /// Potential-deadlock mode: standard-mode sends may wait for their
  /// receive. With `mixedSends`, each one either completes at once
  /// (buffered) or waits (synchronous), a choice per send explored by the
  /// search; without, every one waits. Absolute mode: every send buffered.
  bool syncSends = false;
  bool mixedSends = false;
  /// --input NAME=VALUE: fixes an input (value: integer or decimal text).
  std::map<std::string, std::string> inputs;
  /// Drop dead variables (by liveness over the program graph) from the
  /// canonical keys of states, and the path-condition conjuncts that no
  /// longer concern the state's values.
  bool dropDeadValues = true;
  /// Global arrays of more than 1024 integers are packed arrays
  /// (state/Packed.h) rather than expressions (--no-packed-arrays: off).
  bool packArrays = true;
  /// Fast moves (FastMoves.cpp, Executor::fastMoves): runs of concrete
  /// integer assignments and branches inside a chain of moves run without a
  /// Machine and keep their scalars unboxed (--no-fast-moves: off).
  bool fastMoves = true;
  /// Every run of fast moves is checked against the same moves made by
  /// Executor::moves (an InternalError when the states differ): a testing
  /// aid (--check-fast-moves).
  bool checkFastMoves = false;
  /// A composition (Program::components, `chorus compare`): the number of
  /// processes of each component, in order (their sum is nprocs). Each
  /// component has its own MPI_COMM_WORLD. `sequentialComponents`: a
  /// component moves only once all processes of the earlier ones terminated.
  std::vector<int> componentProcs;
  bool sequentialComponents = false;
  /// --allow-active-request-free: MPI_Request_free of an active request is
  /// accepted (a receive then completes by itself) instead of being
  /// MPI_ACTIVE_REQUEST_FREE.
  bool allowActiveRequestFree = false;
  /// --ignore KIND (SearchOptions::ignore): the checks at the end of a
  /// process (MPI_Finalize: a message never received, a request or a
  /// buffer still there) of these kinds do not stop the execution; each one
  /// met is recorded as not checked (Machine::failUnlessIgnored).
  std::vector<check::ViolationKind> ignore;
  /// C integers (lib/exec/Ints.cpp): signed overflow (SIGNED_OVERFLOW) is a
  /// violation. false (--no-overflow-check): signed integer arithmetic is
  /// mathematical, as in the seed papers; unsigned arithmetic and
  /// conversions stay modulo 2^w, shift counts stay checked.
  bool overflowCheck = true;
  /// Floating types (lib/exec/Float.cpp): true (--float ieee, the default):
  /// float, double and long double are IEEE binary32, binary64 and x87
  /// extended, each operation rounded as gcc's code on x86-64 rounds it;
  /// false (--float real): mathematical reals, as in the seed papers.
  bool ieeeFloat = true;
  /// main's arguments (Args.cpp): given (`verify prog.c -- ARGS`), argv[1..]
  /// are these strings; not given, argc is an input in 1..1 + maxArgs and
  /// each argument a string of symbolic characters of length
  /// 0..maxArgLength. argv[0] is programName.
  std::optional<std::vector<std::string>> programArgs;
  std::string programName = "prog";
  int maxArgs = 3;
  int maxArgLength = 4;
  /// Environment variables fixed by `--env NAME=VALUE` (a value) or
  /// `--env NAME` (nullopt: not set): getenv of them gives that (Env.cpp);
  /// any other name is NULL or a symbolic string.
  std::map<std::string, std::optional<std::string>> env;
  /// `--stdin FILE`: the standard input of process 0 is FILE's contents, read
  /// at verification time (File.cpp); without it reading stdin is `unknown`.
  std::optional<std::string> stdinFile;
  /// `verify --contract f` (seed 002 §2.2): every process runs the driver
  /// instead of main; the program's globals and f's arguments are fresh
  /// symbolic values per process (pointer arguments: arrays of symbolic
  /// length), MPI is initialized, MPI_Comm arguments are MPI_COMM_WORLD, and
  /// the initial path condition assumes f's precondition on every process
  /// (CollContract.cpp). Null: an ordinary program.
  const model::ContractDriver* contract = nullptr;
  /// LISE (--lise, lib/check/LiseMonitor.h): a guard or choice over the
  /// fresh symbols of a havoc joins the path condition even when the path
  /// condition decides it (the relation that decided it is dropped later,
  /// seed 004 §2.4: every branch taken is an assumption of the iteration).
  bool lise = false;
};

/// Where a clause of a collective contract is evaluated
/// (Executor::evalCollective): `now[r]` is the state of the process of rank
/// r, `old[r]` its pre-state (`\old`; empty: none); `me` the rank whose
/// clause it is. Parameters of the contracted function are read from the
/// driver's argument globals, `\result` from its result global.
struct CollectiveAt {
  std::vector<const ProcState*> now;
  std::vector<const ProcState*> old;
  int me = 0;
  /// Per rank, whether its `now` / `old` state may be read (empty: all);
  /// reading another is Unsupported (a stub's postcondition that reads a
  /// process that has not arrived or not returned).
  std::vector<bool> nowKnown, oldKnown;
  /// `\result` of rank `me` (null: the driver's result global).
  Expr result = nullptr;
  /// The clause is assumed of rank `me` (a simulated call's
  /// postcondition), not checked: `\mpi_agree(x)` is then x equal to x on
  /// every rank whose state is known (each is implied by \mpi_agree on
  /// every rank), not only to x on rank 0, which may not be known or may be
  /// a value unrelated to the others' (CollStub.cpp).
  bool assumed = false;
};

/// Whether main reads its argv parameter anywhere but in MPI_Init(&argc,
/// &argv) / MPI_Init_thread (Args.cpp).
bool usesArgv(const model::Program& p, model::FuncId mainF);

/// A call of or a return from a watched function (Executor::watchCalls),
/// for the contract monitor (lib/check).
struct CallEvent {
  bool isReturn = false;
  /// Call: the process right after the callee's frame was pushed (arguments
  /// bound); return: right before the returning frame is popped. Interned,
  /// with every thread's stack in its place (Step::thread's in its Thread
  /// entry unless it is main).
  const ProcState* state = nullptr;
  model::FuncId func = model::kNone; ///< the function called or returning
  Expr value = nullptr;              ///< return: the value returned (converted), null for none
  model::SrcLoc loc;                 ///< call: the call site; return: the return statement
};

/// One step of a trace: what a process did.
struct Step {
  int proc = -1;
  int thread = 0; ///< the thread of `proc` that moved (lib/exec/threads; 0: main)
  model::SrcLoc loc;
  std::string stmt;                 ///< the statement (and its guard), model syntax
  std::vector<std::string> effects; ///< "x = 3", "send 1 int to 1 tag 0", "printf: ..."
  /// Which of the process's moves with this same statement it was (0 for a
  /// statement with one outcome; e.g. the matched message of a receive with
  /// several): with `proc`, `thread` and `stmt` it identifies the move for
  /// replay (numbered among the moves of the same thread).
  int choice = 0;
  /// Calls and returns of watched functions in this step, in order.
  std::vector<CallEvent> calls;
  /// The communicators of the collective operations the move took part in
  /// (lib/exec/mpi: an arrival; verify --contract checks `mpi uses`).
  std::vector<int64_t> collComms;
  std::string output; ///< what the step wrote to standard output, exactly
  /// Other processes or threads can observe the move (it sent, received,
  /// took part in a collective or a snapshot, touched shared memory or a
  /// synchronization object, wrote output, or may depend on their moves).
  /// Set by the search (lib/search: observable); a step of the printed
  /// trace is a run of moves of one thread ending at such a move (see
  /// search::traceSteps). Not part of a move's identity for replay.
  bool shared = false;
};

/// A read or write of a memory place by a move of a thread of a process
/// with threads (lib/exec/threads: data races).
struct Access {
  state::Root root;
  std::vector<Expr> path;
  bool write = false;
  bool atomic = false; ///< by an atomic operation (lib/exec/threads/Atomics.cpp)
  /// A field of a synchronization object read or written by its model
  /// (Machine::syncAccess): not program data (no race, no parallel-assertion
  /// event), but a dependency for the dynamic partial-order reduction.
  bool sync = false;
};

/// The next move of a thread that cannot move now (blocked in a call), for
/// the dynamic partial-order reduction (lib/search/Dpor.h): what its blocked
/// attempt accessed, or `global` when it is unknown or touches more than
/// memory (a join, a condition variable, a thread held off by an atomic
/// section).
struct WaitingThread {
  int thread = 0;
  std::vector<Access> accesses;
  bool global = false;
};

/// The process stands at the location after a collective operation it is
/// still inside, waiting for the other members to complete it. It arrives
/// there when a move of another process releases it (Successor::released),
/// not before: an annotation there is checked with the operation's results.
/// (A synchronous send waiting for its receive writes nothing of the
/// sender's: its arrival stays at the send, where the search's pruning of
/// mixed-buffering twins expects it.)
inline bool insideCall(const state::ProcState& ps) {
  return ps.collWait;
}
/// Thread t of the process stands after a collective operation it is still
/// inside (each thread waits on its own; without threads: the process).
inline bool insideCall(const state::ProcState& ps, size_t t) {
  if (ps.threads.empty())
    return t == 0 && ps.collWait;
  return t < ps.threads.size() && ps.threads[t].collComm >= 0;
}

struct Successor {
  GlobalState state;
  Step step;
  /// A spurious wake-up from pthread_cond_wait (lib/exec/threads): explored,
  /// but not progress: a state whose only moves are spurious wake-ups is a
  /// deadlock (no implementation is obliged to wake a waiting thread).
  bool spurious = false;
  /// With threads: the places the move accessed (lib/exec/threads).
  std::vector<Access> accesses;
  /// With threads: the move may depend on any move of another thread
  /// beyond `accesses` (a library call other than the memory-based
  /// synchronization models and atomics, a thread's or the process's end, a
  /// return or scope end that frees variables whose address was taken, a
  /// spurious wake-up): the DPOR treats it as dependent with every move.
  bool global = false;
  /// The moving process's top frame arrived at its location in this move:
  /// a transition into it completed (not a phase of a multi-phase call), a
  /// call entered it, or a return came back into it. Monitors take their
  /// snapshots at such arrivals (collective assertions, loop heads).
  bool arrived = false;
  /// Threads of other processes this move let out of a collective
  /// operation (the move completed it): each arrives now at the location
  /// after its call, where it already stood while it waited (insideCall).
  struct Released {
    int proc = 0, thread = 0;
  };
  std::vector<Released> released;
  /// Mixed buffering: the move received a message whose standard-mode send
  /// took the synchronous outcome; every continuation is also one of the
  /// send's buffered outcome, so the search does not explore it
  /// (lib/exec/DESIGN-NOTES.md, "Mixed buffering").
  bool covered = false;
};

struct ProcMoves {
  std::vector<Successor> succs;
  bool terminated = false;
  /// All moves of this process commute with every transition of the other
  /// processes and stay enabled: they may be explored alone (urgent POR).
  bool safe = false;
  std::string blockedAt;    ///< when blocked: a description of the call it waits in
  model::SrcLoc blockedLoc; ///< when blocked: the location of that call
  /// Blocked with threads (lib/exec/threads): every running thread of the
  /// process waits (a lock, a join, a condition variable); the search
  /// reports DEADLOCK rather than an MPI deadlock.
  bool threadDeadlock = false;
  /// Only the moves of one thread, all local (Executor::moves with
  /// reduceThreads): not the process's full move set.
  bool reduced = false;
  /// Blocked thread: the thread it waits for (lib/exec/threads), or -1.
  int waitsFor = -1;
  /// threadDeadlock: the first blocked thread (its wait is blockedLoc).
  int blockedThread = -1;
  /// A process with threads: its running threads that have no move now.
  std::vector<WaitingThread> waiting;
  /// threadMoves of a blocked thread: what the blocked attempt accessed.
  std::vector<Access> blockedAccesses;
  bool blockedGlobal = false;
};

/// A violation found while executing a move; `condition` is the path
/// condition under which it happens (its models are the concrete inputs).
struct ViolationError : std::exception {
  check::Violation violation;
  Expr condition = nullptr;
  Step step;
  const char* what() const noexcept override { return violation.message.c_str(); }
};

/// Where an ACSL annotation of one process is evaluated (Executor::evalLocal).
struct LocalAnnot {
  const ProcState* now = nullptr;
  const ProcState* old = nullptr; ///< the pre-state, for \old (null: none)
  bool paramsOld = false;         ///< parameters read in `old` (postconditions)
  Expr result = nullptr;          ///< \result (null: none)
  /// `\mpi_comm_rank` and `\mpi_comm_size` (rank -1: not available), for
  /// the clauses of collective contracts that read no other process.
  int mpiRank = -1, mpiSize = 0;
  /// The thread of `now` (and `old`) whose frames the annotation reads.
  int thread = 0;
};

/// One proof obligation of a frame condition: location `what` (e.g.
/// "g", "a[2]", "heap object allocated at f.c:3:5 [i]") holds in the later
/// state what it held in the earlier one, unless it may be assigned.
struct FrameObligation {
  std::string what;
  Expr ok = nullptr;
  Expr before = nullptr, after = nullptr; ///< its two values (display)
};

/// A construct or library function the engine does not model.
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
  /// A violation that depends on a value chorus left uninterpreted
  /// (Executor::uninterpretedIn): its condition, the counterexample a
  /// concrete run may confirm (lib/search confirmRounding); else null.
  Expr condition = nullptr;
};

/// Thrown by Executor::moves in in-place mode (see Executor::setInPlace)
/// when a move that updated the state it started from in place did not end
/// as one deterministic move (it forked, blocked, or was infeasible): that
/// state is then lost, and the caller rebuilds it (lib/search replays the
/// chain). Any exception escaping such a move leaves the state lost too.
struct InPlaceAbort {};

/// Any other exception escaping a move (a defect of chorus) is thrown as
/// chorus::InternalError (chorus/support/Fatal.h), naming the transition's
/// location and process; the search makes it the verdict unknown.

class Executor {
public:
  Executor(const model::Program& p, sym::ExprFactory& f, Oracle& oracle, ExecOptions opts);
  ~Executor();

  /// The initial state: inputs bound to symbolic constants (or --input
  /// values) with their conditions in the path condition, globals zeroed,
  /// and each process about to run $init, then main. Throws Unsupported when
  /// there is no main.
  GlobalState initial();
  /// Moves of process `p` at `s`.
  /// `reduceThreads` (lib/exec/threads, DESIGN-NOTES.md "Threads: local
  /// moves"): in a process with threads, when a thread's moves are all
  /// local (they touch only its own variables whose address is never
  /// taken), only that thread's moves, with ProcMoves::reduced set; the
  /// search uses them only as a persistent set with its cycle proviso.
  ProcMoves moves(const GlobalState& s, int p, bool reduceThreads = false);
  /// What differs between a and b when they are at the same control point
  /// (every process and thread at the same locations and calls): "x
  /// (process 0)" for a variable, "the path condition", "the messages in
  /// transit", ...; empty when they are not at the same point or are equal.
  /// `loc`/`proc`: where the process of the first difference stands. (The
  /// diagnosis of a loop that never repeats a state: search::Dfs.)
  std::vector<std::string> growth(const GlobalState& a, const GlobalState& b, model::SrcLoc* loc,
                                  int* proc);
  /// Canonical key of `s` for the seen-state store (see state::canonicalize).
  GlobalState canonical(const GlobalState& s, std::vector<state::Leak>* leaks);

  state::Values& values() { return values_; }
  state::ProcInterner& interner() { return interner_; }
  Oracle& oracle() { return oracle_; }
  const model::Program& program() const { return prog_; }
  const ExecOptions& options() const { return opts_; }
  /// Obligations the prover could not decide (each makes `verified` impossible).
  const std::vector<std::string>& undecided() const { return undecided_; }
  void noteUndecided(std::string what) { undecided_.push_back(std::move(what)); }
  /// Annotations reached but not checked (each makes `verified` impossible):
  /// "what (location): why", each recorded once, in order.
  const std::vector<std::string>& unchecked() const { return unchecked_; }
  void noteUnchecked(const std::string& what) {
    if (uncheckedSet_.insert(what).second)
      unchecked_.push_back(what);
  }
  /// Why a violation whose condition is `cond` is not definite, or "": it
  /// depends on a value chorus left uninterpreted, a math function of a
  /// symbolic argument or a rounding of symbolic floating values
  /// ("the value of sqrt for a symbolic argument, which chorus does not
  /// compute"), so its counterexample may need a value no run gives.
  std::string uninterpretedIn(Expr cond);
  /// What a `verified` verdict assumes (said after it), each once: with
  /// --float ieee, that symbolic floating values (inputs, nondeterministic
  /// values, what is computed from them) are finite.
  const std::vector<std::string>& assumptions() const { return assumptions_; }
  void noteAssumption(const std::string& what) {
    if (std::find(assumptions_.begin(), assumptions_.end(), what) == assumptions_.end())
      assumptions_.push_back(what);
  }
  /// Records calls of and returns from the functions with `funcs[f]` set in
  /// Step::calls (for the contract monitor).
  void watchCalls(std::vector<bool> funcs) { watchedCalls_ = std::move(funcs); }
  bool watchesCall(model::FuncId f) const { return f < watchedCalls_.size() && watchedCalls_[f]; }
  /// A move executed an operation whose outcome depends on timing (MPI: a
  /// wildcard receive or probe, a Test, Waitany/Waitsome, a ready-mode
  /// send): the program is not deterministic in the sense of
  /// lib/search/Verify.cpp (which then explores mixed buffering).
  void noteNondeterminism() { nondeterministic_ = true; }
  /// Quiet steps (lib/search chains of moves, whose steps are not kept but
  /// replayed when a trace is reported): the moves' Step::stmt and the
  /// effects of assignments, declarations and calls are not rendered as
  /// text. The states are the same.
  void setQuietSteps(bool on) { quietSteps_ = on; }
  bool quietSteps() const { return quietSteps_; }
  /// In-place moves (lib/search chains, whose states in between are the
  /// interner's scratch states, owned by nobody else): a move of a
  /// single-threaded process at a location with one unguarded assignment,
  /// declaration, kill or no-op updates the process's scratch state in place
  /// (Machine::stolen) instead of copying it, so `s` becomes the successor.
  /// When such a move does not end as one successor, or throws, `s` is lost
  /// (InPlaceAbort, or the exception): the caller must rebuild it.
  void setInPlace(bool on) { inPlace_ = on; }
  /// Record every move's accesses (Successor::accesses), also of a process
  /// without threads (frame conditions of a program with threads).
  void setRecordAccesses(bool on) { recordAccesses_ = on; }
  bool inPlace() const { return inPlace_; }
  /// Fast moves (FastMoves.cpp; lib/search chains, after a move of process
  /// `p` that the chain took): up to `budget` further moves of `p`, each
  /// the only move of the process and one that Executor::moves would make
  /// in place — a location whose transitions are no-ops under guards or one
  /// assignment, where the guards and the assigned value are concrete
  /// integer arithmetic on scalar variables and elements of packed arrays at
  /// in-bounds indices, with no violation possible (no overflow, no division
  /// by zero, no uninitialized read), and that reach a location where
  /// nothing becomes dead and no function ends. They update p's scratch
  /// state in place without a Machine, a Successor or a step, and hold the
  /// scalars they write as machine integers until the run ends, when each
  /// is stored once as its constant: a counting loop builds no node per
  /// iteration. The resulting state is the one the same moves made by
  /// moves() reach (ExecOptions::checkFastMoves checks it). Returns the
  /// number of moves made (0: the next move is not one; the caller makes it
  /// with moves()). Requires ExecOptions::fastMoves and a scratch state.
  size_t fastMoves(GlobalState& s, int p, size_t budget);
  bool sawNondeterminism() const { return nondeterministic_; }
  /// A move executed an operation whose outcome depends on
  /// ExecOptions::syncSends (a standard-mode send, MPI_Send_init,
  /// MPI_Rsend_init, a collective that may return before the others
  /// arrive): without one, the potential-deadlock search explores the same
  /// states as the absolute one (lib/search/Verify.cpp then runs only the
  /// latter).
  void noteSendMode() { sendModeMatters_ = true; }
  bool sendModeMatters() const { return sendModeMatters_; }

  /// Collective assertions (Annot.cpp): the Bool value of annotation
  /// expression `e` for process `me` in the composite state formed by the
  /// snapshots `snaps` (one per process) under `pc`. `reads` receives
  /// "expr = value" for the values read. Evaluation errors are thrown as
  /// ViolationError.
  /// `threads[j]` (when given) is the thread of snapshot j whose frames
  /// are read (default: main's).
  /// `pcRanges`: a quantifier's range may be made concrete by the path
  /// condition (a bound that `pc` fixes); false: only by the bound's own
  /// value (LISE's claims, which outlive the relation that fixed it).
  Expr evalAnnotation(const std::vector<const ProcState*>& snaps, int me, Expr pc,
                      const model::Expr* e, model::SrcLoc loc, std::vector<std::string>* reads,
                      const std::vector<int>& threads = {}, bool pcRanges = true);

  /// ACSL annotations of one process (Annot.cpp): the value of `e` (a Bool
  /// when `cond`) in the process state `at.now`, with `\old(...)` (and, with
  /// `at.paramsOld`, the parameters of the top frame's function, as in an
  /// `ensures`) read in the pre-state `at.old` and `\result` = `at.result`,
  /// under `pc`. `reads` receives "expr = value" for the values read.
  /// Evaluation errors are thrown as ViolationError, constructs the engine
  /// does not evaluate as Unsupported.
  Expr evalLocal(const LocalAnnot& at, Expr pc, const model::Expr* e, bool cond, model::SrcLoc loc,
                 std::vector<std::string>* reads);
  /// Collective contracts (CollContract.cpp, seed 002 §3.3): the value of
  /// `e` (a Bool when `cond`) for rank `at.me`, with `\mpi_on(e, r)` read
  /// in rank r's state, `\mpi_agree(x)`, `\mpi_comm_rank`,
  /// `\mpi_comm_size`, `\old` in `at.old`. Errors as evalLocal.
  Expr evalCollective(const CollectiveAt& at, Expr pc, const model::Expr* e, bool cond,
                      model::SrcLoc loc, std::vector<std::string>* reads);
  /// The rank set of a `waitsfor` term (`{ j | int j; c }`, `lo .. hi`, a
  /// list, one rank) for rank `at.me`: per rank q, the Bool "q is in it".
  std::vector<Expr> evalRankSet(const CollectiveAt& at, Expr pc, const model::Expr* e,
                                model::SrcLoc loc);
  /// --contract: the initial state (the pre-state of every process's call).
  const GlobalState& contractInitial() const { return contractInitial_; }
  /// The communicator that communicator `comm` of process state ps was made
  /// from (by the process's MPI_Comm_dup/split/create or a topology
  /// constructor, transitively); comm itself when the process did not make
  /// it (CollContract.cpp: `mpi uses`).
  int64_t commOrigin(const ProcState& ps, int64_t comm) const;
  /// --contract with the symbolic datatype (model::kSymbolicDatatype):
  /// `\mpi_extent` and `\mpi_nonoverlapping` of it, fresh symbols (inputs,
  /// the same for every process) constrained only by the precondition.
  Expr symbolicExtent() const { return symExtent_; }
  Expr symbolicNonoverlapping() const { return symNonoverlap_; }
  /// --contract: the collective contract that simulates calls of g
  /// (CollStub.cpp, seed 002 §4.2), or null: g is executed.
  const model::Contract* stubContract(model::FuncId g) const {
    return g < stubOf_.size() ? stubOf_[g] : nullptr;
  }
  /// --contract: the segment process state `ps` is in (seed 002 §2.3: the
  /// number of its collective actions so far: the call of f, arrivals at
  /// and returns from simulated procedures, the return from f).
  int contractSegment(const ProcState& ps) const;
  /// --contract: the number of simulated calls process state `ps` arrived at.
  static size_t stubArrivals(const ProcState& ps);
  /// --contract: the number of simulated calls on communicator (context)
  /// `comm` process state `ps` arrived at (instances are matched per
  /// communicator, as MPI matches collectives).
  static size_t stubArrivals(const ProcState& ps, int64_t comm);
  /// --contract: the processes of f's communicator in rank order (all
  /// processes unless ContractDriver::members says otherwise); the rank of
  /// process p in it, or -1.
  const std::vector<int>& contractGroup() const { return contractGroup_; }
  int contractRank(int p) const;
  /// The processes of communicator `comm` of process `proc` (state ps) in
  /// rank order, in a world of nprocs processes; empty when not valid.
  std::vector<int> commMembers(const ProcState& ps, int proc, int nprocs, int64_t comm) const;

  /// Frame conditions (Assigns.cpp): for every location of process state
  /// `before` — globals, heap objects not freed in `after`, the variables of
  /// frames [0, frames) — one obligation "it is unchanged in `after` or it
  /// is one of the locations `assigns`", the locations evaluated in `setAt`
  /// (ACSL: the pre-state for a function, the current state for a loop).
  /// With `entry` (a program with threads, DESIGN-NOTES "Annotations and
  /// threads"): `before` -> `after` is one move of thread setAt.thread
  /// while the function or loop entered in state `entry` is active in its
  /// frame `frames`; the locations compared are the globals, the heap
  /// objects that exist in `entry`, that thread's frames [0, frames) and
  /// every frame of the other threads; with `written` (the move's
  /// accesses), only the objects it wrote as program data (not the fields
  /// of synchronization objects its library calls changed).
  std::vector<FrameObligation> frameObligations(const ProcState* before, const ProcState* after,
                                                size_t frames,
                                                const std::vector<const model::Expr*>& assigns,
                                                const LocalAnnot& setAt, Expr pc, model::SrcLoc loc,
                                                const ProcState* entry = nullptr,
                                                const std::vector<Access>* written = nullptr);

  /// LISE (Lise.cpp, seed 004 §2.3-2.4). The places (globals, heap objects,
  /// the variables of frames [0, frames)) whose values differ between two
  /// states of one process, encoded as LiseRecord::writeset expects, sorted.
  std::vector<uint64_t> writtenPlaces(const ProcState& before, const ProcState& after,
                                      size_t frames) const;
  /// The process `ps` with every place of `W` (writtenPlaces encoding) that
  /// holds a value assigned a fresh symbol `lise.Y<k>` (k from `fresh`);
  /// `relation` receives `Y = old value` for each, `facts` the range of Y's
  /// C type (integers, _Bool), a one-dimensional variable-length array
  /// its length; a multi-dimensional one becomes a fresh array shaped by its
  /// lengths (shapedArray). A place of pointer type (or holding pointers)
  /// throws Unsupported.
  const ProcState* liseHavoc(const ProcState& ps, const std::vector<uint64_t>& W, uint32_t& fresh,
                             std::vector<Expr>& relation, std::vector<Expr>& facts);
  /// The length of the variable-length array of type `t` at place `w` of
  /// liseHavoc (its length variable's value), or null.
  Expr vlaLength(const ProcState& ps, uint64_t w, const model::Type* t) const;
  /// vlaLength of each variable-length level of `t` (outermost first); empty
  /// when one is not known or a level has no length.
  std::vector<Expr> vlaLengths(const ProcState& ps, uint64_t w, const model::Type* t) const;
  /// The lengths of the variable-length levels of a global array type `t`
  /// (outermost first) read from the globals `globals` initialized so far;
  /// nullopt when t has none or one is not a global defined before.
  std::optional<std::vector<Expr>> inputLengths(const model::Type* t,
                                                const std::vector<Expr>& globals) const;
  /// The array `a` of type `t` (a symbolic input) with the lengths `lens` of
  /// its variable-length levels made explicit: nested arrays of lambdas
  /// reading `a`, so that a row's length is known (`a[i]` has lens[1]).
  Expr shapedArray(Expr a, const model::Type* t, std::span<const Expr> lens, unsigned depth = 0);
  /// "x", "g", "heap object 2": the place `w` of writtenPlaces in `ps`.
  std::string placeName(const ProcState& ps, uint64_t w) const;
  /// The fresh symbols of liseHavoc() that the values of `s` hold (processes,
  /// messages, collective slot, the snapshots and predicates of its LISE
  /// records; not its path condition), sorted.
  std::vector<Expr> liveLiseSymbols(const GlobalState& s);
  /// The fresh symbols liseHavoc() makes (never substituted by simplifyUnderPc).
  static bool isLiseSymbol(Expr e);
  /// Compositions (Components.cpp): the component of process p, the first
  /// process and the number of processes of component c. An ordinary
  /// program is one component of all processes.
  int componentOf(int p) const;
  int componentBase(int c) const;
  int componentSize(int c) const;
  /// Is the address of variable v taken anywhere in the program (a
  /// syntactic scan of `&` and array decay; lib/exec/threads/Races.cpp)?
  /// frameEscapes: of some local variable or parameter of function f.
  bool escapes(model::VarId v) const;
  bool frameEscapes(model::FuncId f) const;

  struct Impl;

private:
  /// moves() of a composition: the move of p in the projection of s on p's
  /// component (its processes, messages and collective), merged back.
  ProcMoves componentMoves(const GlobalState& s, int p);
  /// moves() without its conversion of unexpected exceptions to InternalError.
  ProcMoves movesOf(const GlobalState& s, int p, bool reduceThreads);
  /// Are all moves of thread `thr` in tm local (lib/exec/threads/Races.cpp)?
  bool localMoves(const ProcState& ps, int thr, const ProcMoves& tm) const;
  /// The moves of thread `thr` of process p (lib/exec/threads; 0: main).
  ProcMoves threadMoves(const GlobalState& s, int p, int thr);
  /// ProcMoves::blockedAt of a process whose threads are all blocked: each
  /// thread's wait, and the cycle of lock waits if there is one
  /// (lib/exec/threads).
  /// `culprit` receives the first thread on the cycle, if there is one.
  std::string threadsBlocked(const GlobalState& s, int p,
                             const std::vector<std::pair<int, ProcMoves>>& blocked, int* culprit);
  /// DATA_RACE (lib/exec/threads): two moves of different threads of
  /// process p at s that access the same place, one of them writing.
  void checkRaces(const GlobalState& s, int p, const std::vector<Successor>& succs);
  /// MPI_THREAD_USAGE (lib/exec/mpi/MpiThreads.cpp): two threads of process
  /// p at MPI calls under MPI_THREAD_SERIALIZED, or at collectives on one
  /// communicator; reported at one of the moves `succs`.
  void checkMpiThreads(const GlobalState& s, int p, const std::vector<Successor>& succs);
  /// Parallel assertions (lib/exec/threads/Passert.cpp): the live instances
  /// of process p after move `sc` from s, updated in sc (phases, latches);
  /// PARALLEL_ASSERTION thrown when one fails.
  void checkPasserts(const GlobalState& s, int p, Successor& sc);
  /// " while executing file:line:col (process p)" for internal errors.
  std::string executingSuffix(int p) const;
  bool inComponent_ = false;
  GlobalState contractInitial_;
  std::vector<int> contractGroup_;
  Expr symExtent_ = nullptr, symNonoverlap_ = nullptr;
  std::vector<const model::Contract*> stubOf_;
  /// --contract: the moves of process p inside a simulated call (its top
  /// frame a stubbed procedure at its entry; CollStub.cpp).
  ProcMoves stubMoves(const GlobalState& s, int p);
  /// --contract: a body-less MPI function with a local contract (App.
  /// B.13, MPI_Reduce_local) simulated by it in one move (CollStub.cpp).
  ProcMoves localStubMoves(const GlobalState& s, int p);
  /// --contract: the initial state of the driver (Executor::initial).
  GlobalState contractInitialState();
  /// The procedures simulated by their collective contracts (stubOf_): every
  /// function f calls other than f with an 'mpi collective' block, with or
  /// without a body (MPI's collectives with the App. B header).
  void initStubs();

  /// After a move that strengthened the path condition (from `before` to
  /// s.pc): symbols of the new conjuncts that the path condition now fixes
  /// to a single value are replaced by that value everywhere in `s` (the
  /// equation `symbol = value` stays in the path condition, so models and
  /// traces still name the input). Sound: the state denotes the same set of
  /// concrete states.
  void simplifyUnderPc(GlobalState& s, Expr before);
  void simplifyOnce(GlobalState& s, Expr before);
  /// Successor::arrived of a move of transition t from process state `from`
  /// to `to`.
  bool arrivedBy(size_t fromDepth, const ProcState& to, int thr, const model::Transition& t) const;
  /// main's argv in process state ps (Args.cpp): the blocks of the array and
  /// its strings are added to ps's heap; the conditions on the symbolic
  /// arguments (and on argc) are appended to conds.
  Expr mainArgv(ProcState& ps, Expr argc, const model::Type* argvType, model::SrcLoc site,
                std::vector<Expr>& conds);
  /// The value of an array input fixed by --input NAME={v0, v1, ...}.
  Expr inputArray(const std::string& name, const std::string& text, const model::Type* t);

  const model::Program& prog_;
  sym::ExprFactory& f_;
  Oracle& oracle_;
  ExecOptions opts_;
  state::Values values_;
  state::ProcInterner interner_;
  std::vector<std::string> undecided_;
  std::vector<bool> watchedCalls_;
  std::vector<std::string> unchecked_;
  std::vector<std::string> assumptions_;
  std::unordered_set<std::string> uncheckedSet_;
  bool nondeterministic_ = false;
  bool quietSteps_ = false;
  bool inPlace_ = false;
  bool recordAccesses_ = false;
  bool sendModeMatters_ = false;
  /// The symbols of the inputs (not renamed by canonicalization).
  std::unordered_set<Expr> inputSymbols_;
  /// Clears the dead variables of a process copy (for canonical keys).
  std::function<void(state::ProcState&)> dropDead_;
  std::function<void(std::vector<state::Frame>&)> dropDeadStack;
  /// Satisfiability of path-condition parts dropped from keys (cached).
  std::function<bool(Expr)> satisfiable_;
  std::unordered_map<Expr, bool> satCache_;
  std::unordered_map<const ProcState*, std::vector<Expr>> procSymbols_;
  /// Clears the dead variables of process p in s (Liveness.cpp).
  void dropDeadIn(GlobalState& s, int p);
  std::unique_ptr<Impl> impl_;
};

} // namespace chorus::exec
