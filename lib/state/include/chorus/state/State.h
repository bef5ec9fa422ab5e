// States of the n-process program. A ProcState (one process: call stack,
// globals, heap, MPI status) is immutable once interned and shared between
// global states (flyweight); a transition copies only the processes it
// changes. Equality and hashing are O(size of the state) on pointer-equal
// hash-consed expressions; the hash is computed once, at interning.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/state/Packed.h"
#include "chorus/state/Values.h"

#include <functional>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace chorus::state {

struct ProcState;

/// A snapshot of a process kept in a frame for the annotations of its
/// function (lib/check): the process at the entry of the call (`\old`,
/// parameters in `ensures`, `assigns`), or at the entry of an annotated loop
/// of the function (`loop assigns`), or the value of a loop variant at the
/// previous arrival at the loop head. Part of the state's identity.
struct Mark {
  /// StubEntry (`verify --contract`, on the driver's frame): the process at
  /// its arrival at a call of a collective procedure simulated by its
  /// contract (seed 002 §4.2), kept until the end; `at` is the call's
  /// communicator handle (0: f's own group), so the j-th mark with that
  /// handle is the process's j-th call on the communicator.
  enum class Kind : uint8_t { CallEntry, LoopEntry, LoopPrev, StubEntry };
  Kind kind = Kind::CallEntry;
  model::LocId at = model::kNone; ///< the loop head (loop marks); see StubEntry
  /// Interned process state (its own frames keep no marks), or null.
  const ProcState* ps = nullptr;
  Expr value = nullptr; ///< LoopPrev: the variant's value, or null
  bool operator==(const Mark&) const = default;
};

struct Frame {
  model::FuncId func = model::kNone;
  model::LocId loc = model::kNone;
  /// Where the caller stores the result (evaluated in the caller's frame on
  /// return); null when the result is discarded.
  const model::Expr* retLhs = nullptr;
  /// Values of the function's variables by slot (see FrameLayout); null =
  /// not live (before its Declare, after its Kill).
  std::vector<Expr> slots;
  /// Non-zero for the frame of a model function called back by a library
  /// call (lib/exec Machine::callModel, e.g. a user reduction function of
  /// MPI): when it returns, the caller, still at that call, gets this value
  /// as its `callPhase` and runs the call again (its next phase).
  uint8_t resumePhase = 0;
  /// Snapshots kept for annotations (few; usually none).
  std::vector<Mark> marks;
  bool operator==(const Frame&) const = default;
};

struct HeapObj {
  Expr value = nullptr;              ///< Array of elements; null while untyped or after free
  const model::Type* elem = nullptr; ///< element type, fixed at the first typed access
  Expr bytes = nullptr;              ///< size in bytes requested
  model::SrcLoc site;                ///< where it was allocated
  bool freed = false;
  /// Owned by the C library, not by the program (the string getenv
  /// returns): never a leak, and free() of it is INVALID_FREE.
  bool external = false;
};

enum class MpiPhase : uint8_t { Before = 0, Initialized = 1, Finalized = 2 };

/// A thread of a process (lib/exec/threads). Entry 0 is the main thread,
/// whose call stack and call phase are ProcState::stack and
/// ProcState::callPhase (its own `stack` stays empty at rest; lib/exec swaps
/// the moving thread's stack into ProcState::stack during a move). A
/// process that never created a thread has no entries. The pthread_t of
/// thread k is k + 1; the slot of a joined (or finished detached) thread is
/// Free and is reused by the next pthread_create.
/// A dynamic instance of a parallel assertion (seed 003 §IV-D, lib/exec/
/// threads/Passert.cpp) of the thread that holds it: the assertion (index
/// into Program::passerts), the frame of its region's function, its phase
/// (Pending: BEGIN done, live from the thread's next move; Live; Ended:
/// the thread's last statement in the region is done, END follows) and its
/// HASOCCURRED latches (Bool values, one per HASOCCURRED of the condition).
struct PassertInstance {
  enum class Phase : uint8_t { Pending = 0, Live = 1, Ended = 2 };
  uint32_t id = 0;
  uint32_t frame = 0;
  Phase phase = Phase::Pending;
  std::vector<Expr> latches;
  bool operator==(const PassertInstance&) const = default;
};

struct Thread {
  enum class Status : uint8_t { Free = 0, Running = 1, Finished = 2 };
  std::vector<Frame> stack;
  uint8_t callPhase = 0;
  Status status = Status::Free;
  bool detached = false;
  /// Finished (or running its keys' destructors, see tsdExit): the value it
  /// returned or gave pthread_exit (null: none).
  Expr result = nullptr;
  /// Waiting in pthread_cond_wait: the condition variable (a pointer
  /// value), and whether a signal or broadcast picked it; null: not waiting.
  Expr waitOn = nullptr;
  bool signalled = false;
  /// Its parallel-assertion instances, outermost first.
  std::vector<PassertInstance> passerts;
  /// Running its keys' destructors at its end (lib/exec/threads/Keys.cpp):
  /// 0 not yet; else the iteration (bits 8..11, from 1) and the keys already
  /// visited in it (bits 0..7). Meanwhile `result` holds its exit value.
  uint16_t tsdExit = 0;
  /// Cancellation (lib/exec/threads/Cancel.cpp): kCancelPending (a
  /// pthread_cancel not yet acted upon), kCancelDisabled
  /// (pthread_setcancelstate), kCancelActing (unwinding: its cleanup
  /// handlers run, then it ends with PTHREAD_CANCELED), kCancelAsync
  /// (pthread_setcanceltype PTHREAD_CANCEL_ASYNCHRONOUS), kCancelInterrupted
  /// (acting upon an asynchronous cancellation between two statements).
  uint8_t cancel = 0;
  /// Waiting inside a blocking MPI collective operation on this
  /// communicator (handle value) for the other members (MPI with threads:
  /// each thread waits on its own; ProcState::collWait is set while any
  /// does); -1: not.
  int64_t collComm = -1;
  static constexpr uint8_t kCancelPending = 1, kCancelDisabled = 2, kCancelActing = 4,
                           kCancelAsync = 8, kCancelInterrupted = 16;
  bool operator==(const Thread&) const = default;
};

struct ProcState {
  std::vector<Frame> stack;  ///< empty: the process has terminated
  std::vector<Expr> globals; ///< by index into Program::globals (null: packed)
  /// Globals kept as packed arrays (Packed.h): empty, or one entry per
  /// global; a non-null entry is the value of the global, whose entry in
  /// `globals` is then null. Read globals through globalValue() unless the
  /// packed form is handled.
  std::vector<PackedPtr> packed;
  std::vector<HeapObj> heap;
  MpiPhase mpi = MpiPhase::Before;
  /// Blocked until its synchronous message to `syncDest` (there is at most
  /// one: the sender blocks right after posting it) is received (-1: none).
  int32_t syncDest = -1;
  /// Waiting inside a collective for the others: the process (with
  /// threads: some thread, see Thread::collComm).
  bool collWait = false;
  /// `verify --contract`: the processes whose call of f happens before this
  /// process's current point (bit q: process q; seed 002 Def. 2.5 (1), the
  /// waitsfor check); 0 otherwise.
  uint64_t heard = 0;
  /// Phase of a multi-step library call at the current location (e.g.
  /// MPI_Sendrecv: 0 = send part to do, 1 = receive part to do).
  uint8_t callPhase = 0;
  /// MPI objects of the process (request table, Bsend buffer, ...), encoded
  /// by lib/exec (MpiReq.cpp) as values; scanned like globals for heap
  /// reachability, renumbering and canonical renaming.
  std::vector<Expr> mpiObj;
  /// State of the core's C library models between steps (lib/exec
  /// LibState.h: last clock values, the result of a callback, qsort's
  /// progress); scanned like mpiObj.
  std::vector<Expr> libObj;
  /// Threads (see Thread); empty for a single-threaded process.
  std::vector<Thread> threads;
  size_t hash = 0; ///< set by computeHash()
  /// In the interner's scratch store (see ProcInterner); not part of the identity.
  bool scratch = false;

  /// The main thread returned from main (or called exit): the process,
  /// with all its threads, has ended.
  bool terminated() const { return stack.empty(); }
  /// The call stack and call phase of thread t (at rest: not during a move).
  const std::vector<Frame>& stackOf(size_t t) const { return t == 0 ? stack : threads[t].stack; }
  uint8_t phaseOf(size_t t) const { return t == 0 ? callPhase : threads[t].callPhase; }
  /// Number of thread slots (1 for a single-threaded process).
  size_t numThreads() const { return threads.empty() ? 1 : threads.size(); }
  void computeHash();
  bool operator==(const ProcState& o) const;

  /// The packed array of global g, or null.
  const PackedArray* packedAt(size_t g) const {
    return g < packed.size() ? packed[g].get() : nullptr;
  }
  /// The packed array of global g for writing (copied first if shared).
  PackedArray& ownPacked(size_t g);
  /// Global g's value as an expression (a packed array materialized).
  Expr globalValue(size_t g, sym::ExprFactory& f) const {
    const PackedArray* pa = packedAt(g);
    return pa ? pa->toExpr(f) : globals.at(g);
  }
  /// Global g := v (no longer packed).
  void setGlobal(size_t g, Expr v) {
    if (g < packed.size())
      packed[g] = nullptr;
    globals.at(g) = v;
  }
};

/// A message in transit (MPI point-to-point, one channel per (src, dst,
/// comm): the messages of one channel are kept in sending order).
struct Message {
  int src = 0, dst = 0, comm = 0;
  Expr tag = nullptr;
  Expr data = nullptr;  ///< Array of `count` elements
  Expr count = nullptr; ///< Int
  int datatype = 0;     ///< MPI datatype handle
  /// 0: buffered; the sender waits for it to be received: 1 (synchronous
  /// mode: MPI_Ssend, MPI_Issend), 2 (a standard-mode send that took the
  /// synchronous outcome of its choice, potential-deadlock mode)
  uint8_t sync = 0;
  int req = -1; ///< sender's request slot (nonblocking send), -1: none
  /// Taken by a matched probe of its destination (MPI_Mprobe, MPI_Improbe):
  /// out of matching, received only through the message handle of this
  /// number (lib/exec MpiReq.cpp); 0: not probed.
  uint16_t probed = 0;
  /// `verify --contract`: the sender's segment when it sent (seed 002
  /// §2.3: the number of its collective actions so far); 0 otherwise.
  uint16_t seg = 0;
  /// `verify --contract`: the sender's ProcState::heard when it sent.
  uint64_t heard = 0;
  bool operator==(const Message&) const = default;
};

/// The messages in transit, in sending order, as a persistent list of
/// shared chunks: copying a state copies one pointer per chunk, and a send
/// or receive copies only the chunk it changes (at most `kChunk` messages).
/// So states along a path share the storage of the messages they have in
/// common (a flat vector per state made unbounded buffering cost memory
/// quadratic in the depth).
class MessageList {
public:
  static constexpr size_t kChunk = 32;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Message& operator[](size_t i) const {
    locate(i);
    return (*chunks_[cacheChunk_])[i - cacheBase_];
  }
  const Message& back() const { return chunks_.back()->back(); }
  /// Mutable access to message i (copies its chunk if shared).
  Message& mut(size_t i) {
    locate(i);
    return own(cacheChunk_)[i - cacheBase_];
  }
  void push_back(Message m);
  void erase(size_t i);
  /// Calls f(Message&) on every message (copies the shared chunks).
  template <class F> void mutateAll(F&& f) {
    for (size_t c = 0; c < chunks_.size(); ++c)
      for (Message& m : own(c))
        f(m);
  }

  class const_iterator {
  public:
    const_iterator(const MessageList* l, size_t c, size_t k) : l_(l), c_(c), k_(k) {}
    const Message& operator*() const { return (*l_->chunks_[c_])[k_]; }
    const Message* operator->() const { return &**this; }
    const_iterator& operator++() {
      if (++k_ == l_->chunks_[c_]->size()) {
        ++c_;
        k_ = 0;
      }
      return *this;
    }
    bool operator==(const const_iterator& o) const { return c_ == o.c_ && k_ == o.k_; }

  private:
    const MessageList* l_;
    size_t c_, k_;
  };
  const_iterator begin() const { return {this, 0, 0}; }
  const_iterator end() const { return {this, chunks_.size(), 0}; }

private:
  using Chunk = std::vector<Message>;
  std::vector<std::shared_ptr<Chunk>> chunks_; // never empty chunks
  size_t size_ = 0;
  // last chunk located by operator[] (sequential scans are O(1) per step)
  mutable size_t cacheChunk_ = 0, cacheBase_ = 0;

  void locate(size_t i) const {
    if (cacheChunk_ >= chunks_.size() || i < cacheBase_) {
      cacheChunk_ = 0;
      cacheBase_ = 0;
    }
    while (i - cacheBase_ >= chunks_[cacheChunk_]->size()) {
      cacheBase_ += chunks_[cacheChunk_]->size();
      ++cacheChunk_;
    }
  }
  Chunk& own(size_t c) {
    if (chunks_[c].use_count() > 1)
      chunks_[c] = std::make_shared<Chunk>(*chunks_[c]);
    return *chunks_[c];
  }
};

/// An MPI collective in progress on MPI_COMM_WORLD: who has arrived, and
/// what each contributed. kind == 0: no collective in progress.
struct CollSlot {
  int kind = 0; ///< CollKind of lib/exec
  int root = 0, datatype = 0, op = 0;
  Expr count = nullptr;
  model::SrcLoc loc;         ///< of the first arrival (for mismatch reports)
  std::vector<Expr> contrib; ///< per process: sent data (Array) or null
  std::vector<Expr> recvPtr; ///< per process: receive buffer pointer or null
  std::vector<uint8_t> arrived;
};

/// A collective-assertion snapshot (seed 000 Def. 3): a reference to the
/// interned state of the process when it reached an assertion location, and
/// that location's index in the monitor's table. `step` (the trace step that
/// took it, for reports) is not part of the identity.
struct Snapshot {
  const ProcState* ps = nullptr;
  uint32_t aloc = 0;
  uint32_t step = 0;
  /// The thread of the process that reached the location (its frames are
  /// the ones the annotation reads; 0: the main thread).
  uint32_t thread = 0;
  bool operator==(const Snapshot& o) const {
    return ps == o.ps && aloc == o.aloc && thread == o.thread;
  }
};

/// The write sets of a LISE record, one per process: the places written in
/// the loop body since the loop was entered (encoded by lib/exec
/// Executor::writtenPlaces), each sorted. Shared by the copies of a record
/// until one of them changes (copy on write): every move copies the state's
/// records, and ring.c spent a tenth of its run copying and freeing these.
class LiseWriteSets {
public:
  size_t size() const { return sets_ ? sets_->size() : 0; }
  const std::vector<uint64_t>& operator[](size_t p) const { return (*sets_)[p]; }
  /// n empty sets.
  void assign(size_t n) { sets_ = std::make_shared<Sets>(n); }
  /// Sets process p's write set (p < size()).
  void set(size_t p, std::vector<uint64_t> w) {
    if (sets_.use_count() > 1)
      sets_ = std::make_shared<Sets>(*sets_);
    (*sets_)[p] = std::move(w);
  }
  bool operator==(const LiseWriteSets& o) const {
    return sets_ == o.sets_ || (size() == o.size() && (size() == 0 || *sets_ == *o.sets_));
  }

private:
  using Sets = std::vector<std::vector<uint64_t>>;
  std::shared_ptr<Sets> sets_;
};

/// A LISE record (loop-invariant symbolic execution, seed 004 §2.3): one
/// collective action — an arrival at a loop head under a collective or
/// process-local loop invariant (`loop`), or at a collective assertion —
/// with the snapshot each process took there. Kept in GlobalState::liseQueue
/// while incomplete and, once complete, in GlobalState::liseStack when it is
/// a true-branch (entry) loop record. `ppc` and `relation` are conjunctions
/// that are also conjuncts of GlobalState::pc (which is always the whole
/// path condition pc(s) of the seed): completing a record drops its
/// relation from pc, popping it drops its ppc (lib/check/LiseMonitor).
struct LiseRecord {
  uint32_t id = 0;     ///< the action's index in the LISE monitor's table
  bool loop = false;   ///< a loop record (false: a collective assertion)
  bool isTrue = false; ///< loop records: taken on the loop's true branch
  /// Per process: the snapshot (interned, its top frame at the location),
  /// or null while the process has not arrived (or is not in the action).
  std::vector<const ProcState*> snaps;
  /// Per process: the places written in the loop body since the loop was
  /// entered (encoded by lib/exec Executor::writtenPlaces), sorted.
  LiseWriteSets writeset;
  Expr ppc = nullptr;      ///< assumptions of this iteration (null: true)
  Expr relation = nullptr; ///< fresh symbols = previous values (null: true)
  bool operator==(const LiseRecord& o) const {
    return id == o.id && loop == o.loop && isTrue == o.isTrue && snaps == o.snaps &&
           writeset == o.writeset && ppc == o.ppc && relation == o.relation;
  }
};

struct GlobalState {
  std::vector<const ProcState*> procs;
  MessageList msgs;
  Expr pc = nullptr;
  CollSlot coll;
  /// Collective-assertion snapshot queues, one per process (empty vector:
  /// no collective assertions are checked). Canonicalized with the state.
  std::vector<std::vector<Snapshot>> snaps;
  /// LISE (seed 004 Fig. 3): the FIFO queue of incomplete records and the
  /// stack of complete true-branch loop records (both empty without --lise).
  std::vector<LiseRecord> liseQueue, liseStack;
  /// LISE dropped path-condition conjuncts on this path (the state then
  /// over-approximates the executions: a violation found is only possible).
  /// For reports; not part of the identity.
  bool liseAbstracted = false;
  /// Counter for fresh symbol names on this path; not part of the identity.
  uint32_t fresh = 0;
  /// verify --contract with rank symmetry (lib/exec/DESIGN-NOTES.md "Rank
  /// symmetry"): a bit per rank the path has touched (a process that moved,
  /// a rank a rank argument was fixed to). Part of the identity.
  uint64_t touched = 0;

  size_t hash() const;
  bool operator==(const GlobalState& o) const;
  int numProcs() const { return int(procs.size()); }
};

struct GlobalStateHash {
  size_t operator()(const GlobalState& s) const { return s.hash(); }
};

/// Interns process states: equal contents give the same pointer.
///
/// Scratch mode (lib/search, chains of moves whose states are not saved):
/// intern() keeps each state in a scratch store instead, without looking
/// for an equal one; adopt() interns a scratch state for good and
/// clearScratch() frees the others. Pointers to scratch states must not
/// outlive clearScratch().
class ProcInterner {
public:
  const ProcState* intern(ProcState p);
  /// intern() of a state already on the heap (no copy in scratch mode).
  const ProcState* intern(std::unique_ptr<ProcState> p);
  size_t size() const { return set_.size(); }

  void setScratch(bool on) { scratchMode_ = on; }
  bool scratch() const { return scratchMode_; }
  /// The interned state equal to p (p itself unless it is a scratch state;
  /// the states its marks keep are adopted too). Not in scratch mode.
  const ProcState* adopt(const ProcState* p);
  void clearScratch() { scratch_.clear(); }
  /// Takes scratch state p out of the scratch store (for a move that
  /// updates it in place, lib/exec Executor::setInPlace): null when p is
  /// not among the newest scratch states. The caller owns it; intern() puts
  /// it back.
  std::unique_ptr<ProcState> release(const ProcState* p);

private:
  bool scratchMode_ = false;
  std::vector<std::unique_ptr<ProcState>> scratch_;

  struct H {
    size_t operator()(const std::unique_ptr<ProcState>& p) const { return p->hash; }
  };
  struct E {
    bool operator()(const std::unique_ptr<ProcState>& a,
                    const std::unique_ptr<ProcState>& b) const {
      return *a == *b;
    }
  };
  std::unordered_set<std::unique_ptr<ProcState>, H, E> set_;
};

/// A heap object found unreachable (and not freed) during canonicalization.
struct Leak {
  int proc = 0;
  model::SrcLoc site;
};

/// Canonical form of a state for the seen-state store: per process, heap
/// objects renumbered in reachability order (unreachable ones dropped and,
/// when not freed, reported in `leaks`), then symbolic constants renamed
/// canonically over the whole state in a fixed traversal order (processes in
/// order: globals, frames bottom-up, heap; then messages, collective slot,
/// path condition). The result is interned through `interner`.
struct CanonOptions {
  /// Symbols that name the program's inputs. They mean the same in every
  /// state of the run, so a state whose symbols are all fixed is not renamed
  /// (renaming is sound either way; skipping it saves a walk over every
  /// expression of the state and loses only matches between states that
  /// differ by a permutation of the inputs).
  const std::unordered_set<Expr>* fixedSymbols = nullptr;
  /// When given, the path condition of the key keeps only the conjuncts
  /// connected (through shared symbols, transitively) to the symbols of the
  /// state's values; the others are dropped when `satisfiable` says they
  /// are (then they do not change the set of concrete states the state
  /// denotes).
  const std::function<bool(Expr)>* satisfiable = nullptr;
  /// Cache of the symbols of (interned) process states, for the above.
  std::unordered_map<const ProcState*, std::vector<Expr>>* procSymbols = nullptr;
};

GlobalState canonicalize(const GlobalState& s, Values& values, ProcInterner& interner,
                         std::vector<Leak>* leaks, const CanonOptions& opts = {});

/// `s` with simultaneous substitution `map` applied to every expression of
/// the state (values, heap sizes, messages, collective slot, path
/// condition), e.g. symbols the path condition fixes replaced by their values.
GlobalState substitute(const GlobalState& s, const sym::ExprMap& map, sym::ExprFactory& f,
                       ProcInterner& interner);

/// `map` applied in place to every value of process state `q` (globals,
/// library objects, the frames of every thread, thread results, heap).
void substituteValues(ProcState& q, const sym::ExprMap& map, sym::ExprFactory& f);

/// Heap objects of one process that are not reachable from its globals and
/// frames (indices), in index order.
std::vector<uint32_t> unreachableHeap(const ProcState& p, Values& values);

} // namespace chorus::state
