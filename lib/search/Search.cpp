#include "chorus/search/Search.h"

#include "Dpor.h"
#include "FairCycle.h"
#include "FairScc.h"
#include "Merge.h"
#include "chorus/search/Shorten.h"
#include "chorus/search/Steps.h"

#include "chorus/check/CollectiveContractMonitor.h"
#include "chorus/check/CollectiveMonitor.h"
#include "chorus/check/ContractMonitor.h"
#include "chorus/check/LiseMonitor.h"
#include "chorus/check/LoopMonitor.h"
#include "chorus/check/OutputMonitor.h"
#include "chorus/check/UncheckedMonitor.h"
#include "chorus/support/Fatal.h"
#include "chorus/support/Knockout.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <sys/resource.h>
#include <unistd.h>
#include <unordered_set>

namespace chorus::search {

using exec::GlobalState;
using exec::Successor;

uint64_t defaultMemoryLimitMB() {
  static const uint64_t mb = [] {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || size <= 0)
      return uint64_t(0) - 1;
    return uint64_t(pages) / 1024 * uint64_t(size) / 1024 * 8 / 10;
  }();
  return mb;
}

void accumulate(Stats& total, const Stats& r) {
  total.statesSaved += r.statesSaved;
  total.statesMatched += r.statesMatched;
  total.transitions += r.transitions;
  total.maxDepth = std::max(total.maxDepth, r.maxDepth);
  total.executions += r.executions;
  total.seconds += r.seconds;
  total.peakMemoryKB = std::max(total.peakMemoryKB, r.peakMemoryKB);
  for (const auto& [k, v] : r.proverCalls) {
    bool found = false;
    for (auto& [k2, v2] : total.proverCalls)
      if (k2 == k) {
        v2 += v;
        found = true;
      }
    if (!found)
      total.proverCalls.emplace_back(k, v);
  }
}

uint64_t peakMemoryKB() {
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  return uint64_t(ru.ru_maxrss);
}

namespace {

/// The symbolic arguments of main (lib/exec/Args.cpp: argvK_len and the
/// characters argvK_0, argvK_1, ...) in a counterexample's inputs become
/// `argv[K] = "..."` (C escapes for other than printable ASCII), for K < argc.
void showArgvInputs(std::vector<std::pair<std::string, std::string>>& ins) {
  std::map<int, long> lens;
  std::map<std::pair<int, int>, long> chars;
  long argc = -1;
  std::vector<std::pair<std::string, std::string>> rest;
  for (const auto& [k, v] : ins) {
    char* end = nullptr;
    long val = std::strtol(v.c_str(), &end, 10);
    bool num = !v.empty() && end && !*end;
    int a = 0, j = 0, used = 0;
    if (num && k == "argc")
      argc = val;
    if (num && std::sscanf(k.c_str(), "argv%d_len%n", &a, &used) == 1 && size_t(used) == k.size())
      lens[a] = val;
    else if (num && std::sscanf(k.c_str(), "argv%d_%d%n", &a, &j, &used) == 2 &&
             size_t(used) == k.size())
      chars[{a, j}] = val;
    else
      rest.emplace_back(k, v);
  }
  if (lens.empty())
    return;
  for (const auto& [a, len] : lens) {
    if (argc >= 0 && a >= argc)
      continue;
    std::string str = "\"";
    for (int j = 0; j < len; ++j) {
      auto it = chars.find({a, j});
      int c = it == chars.end() ? 'a' : int(static_cast<unsigned char>(it->second));
      if (c == '"' || c == '\\')
        str += std::string("\\") + char(c);
      else if (c >= 32 && c < 127)
        str += char(c);
      else {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\%03o", c);
        str += buf;
      }
    }
    rest.emplace_back("argv[" + std::to_string(a) + "]", str + "\"");
  }
  ins = std::move(rest);
}

/// Moves made on copies with their steps rendered, their process states
/// in the interner's scratch store (freed at the end, unless the scratch
/// store was in use already).
class ScratchModes {
public:
  explicit ScratchModes(exec::Executor& ex)
      : ex(ex), in(ex.interner()), scratch(in.scratch()), quiet(ex.quietSteps()),
        inPlace(ex.inPlace()) {
    in.setScratch(true);
    ex.setQuietSteps(false);
    ex.setInPlace(false);
  }
  ~ScratchModes() {
    ex.setQuietSteps(quiet);
    ex.setInPlace(inPlace);
    in.setScratch(scratch);
    if (!scratch)
      in.clearScratch();
  }
  ScratchModes(const ScratchModes&) = delete;
  ScratchModes& operator=(const ScratchModes&) = delete;

private:
  exec::Executor& ex;
  state::ProcInterner& in;
  bool scratch, quiet, inPlace;
};

struct KeyPtrHash {
  size_t operator()(const GlobalState* s) const { return s->hash(); }
};
struct KeyPtrEq {
  bool operator()(const GlobalState* a, const GlobalState* b) const { return *a == *b; }
};

struct Node {
  GlobalState state;
  GlobalState key;
  std::vector<Successor> succs;
  std::vector<GlobalState> succKeys; // canonical keys computed by the proviso check
  size_t next = 0;
  // The chain of moves (Dfs::follow) that led here after the move of the
  // trace: its first state and its length (its steps are replayed for traces).
  GlobalState chainFrom;
  size_t chainLen = 0;
  uint64_t depth = 0;   // moves from the initial state
  int reducedTo = -1;   // the process whose moves alone were expanded (POR), -1: all
  bool proviso = false; // fully expanded by the cycle proviso
  int chainProc = -1;   // the process the chain preferred (see chainMove), -1: none
  // the thread of process reducedTo whose local moves alone were expanded
  // (Executor::moves with reduceThreads), -1: all its threads
  int reducedThread = -1;
  size_t stackIdx = 0;  // index in the stack
  size_t fullBelow = 0; // fully expanded nodes below this one on the stack
  bool full = true;     // expanded with the moves of every process
  DporNode dp;          // SearchOptions::dpor (lib/search/Dpor.h)
  DporSummary dsum;     // stateful DPOR: the moves below this node so far
  // stateful DPOR: the lowest stack index of a state on the stack reached
  // from this node's subtree (Tarjan's lowlink), and the states whose
  // summaries wait for this node's (members of its strongly connected
  // component, popped before it)
  size_t low = SIZE_MAX;
  std::vector<const GlobalState*> members; // (keys in Dfs::seen)
  const GlobalState* seenKey = nullptr;    // this node's key in Dfs::seen
  size_t tp = SIZE_MAX;                    // termination: the node's place in Dfs::tstack
};

/// Why a DPOR run does not promise termination itself (search() then
/// checks it with the local-move reduction, DESIGN-NOTES "Termination
/// under the DPOR").
const char* const kDporTermination =
    "the thread reduction is the DPOR, whose sleep sets are not argued to keep fair cycles";

/// --time-limit reached while chains of moves were replayed (Dfs::chainSteps).
struct ReplayTimeUp {};

class Dfs {
public:
  Dfs(exec::Executor& ex, const SearchOptions& o)
      : ex(ex), opts(o), mon(ex, o.joint), outputs(ex), contracts(ex), loops(ex, o.lise),
        unchecked(ex, !o.collective, o.joint), collContract(ex), lise(ex) {
    liseOn = o.lise && lise.active();
    bestBelow = o.shortestBelow ? o.shortestBelow : SIZE_MAX;
  }

  SearchResult run() {
    start = std::chrono::steady_clock::now();
    lastProgress = start;
    result.nprocs = ex.options().nprocs;
    result.potentialMode = ex.options().syncSends;
    bool started = false;
    // A violation of a knocked-out kind (Knockout.h) ends the expansion of
    // the state being expanded (its successors are dropped) and the search
    // goes on; anything else ends the search.
    for (;;) {
      try {
        try {
          if (!started) {
            started = true;
            dporOn = dporApplies();
            // frame conditions over each move of a thread (ContractMonitor,
            // LoopMonitor): every move's accesses, its state before kept
            frameByMoves = (contracts.active() || loops.active()) && createsThreads();
            if (frameByMoves)
              ex.setRecordAccesses(true);
            if (createsThreads())
              result.threadReduction = dporOn ? "dpor" : opts.por ? "local moves" : "none";
            termInit();
            if (dporOn && opts.dporStateless)
              opts.stateless = true; // (and so no chains)
            else if (dporOn)
              dporStateful = true; // (chains of local moves only: chainMove)
            GlobalState init = ex.initial();
            if (opts.collective && !liseOn)
              mon.init(init);
            std::vector<state::Leak> leaks;
            GlobalState key = ex.canonical(init, &leaks);
            if (!push(std::move(init), std::move(key), leaks, 0))
              return finish();
          }
          explore();
          break;
        } catch (const exec::ViolationError& e) {
          if (target()) { // --shortest: a hit lowers the bound; the search goes on
            std::vector<exec::Step> t = currentTrace();
            t.push_back(e.step);
            targetHit(e.violation, std::move(t), e.condition, true);
            continue;
          }
          if (knockedOut(e.violation) || unwanted(e.violation)) {
            if (inChain) { // the chain's branch is pruned: drop its first step
              inChain = false;
              trace.pop_back();
              chainFrom = GlobalState{};
              chainLen = 0;
            }
            continue;
          }
          violation(e);
        } catch (const exec::Unsupported& e) {
          if (ex.oracle().pastDeadline()) {
            // past the deadline the oracle decides nothing (OracleDeadline):
            // a value it could not bound (a rank, a count) is the limit's
            // doing, not the construct's
            unknown("time-limit reached");
          } else {
            unknown(std::string("unsupported: ") + e.what());
            roundingCounterexample(e.condition, e.what());
          }
        } catch (const InternalError& e) {
          internalError(e.what());
        } catch (const std::exception& e) {
          internalError(e.what() + executing());
        } catch (const ReplayTimeUp&) {
          throw; // (below)
        } catch (...) {
          internalError("unknown exception" + executing());
        }
      } catch (const ReplayTimeUp&) {
        replayTimeUp();
      }
      break;
    }
    return finish();
  }

private:
  /// The depth-first loop over the stack.
  void explore() {
    while (!stack.empty() && !stop) {
      Node& top = stack.back();
      if (top.next >= top.succs.size()) {
        if (dporStateful)
          dporPop(top);
        if (termOn)
          termPop(top);
        onStack.erase(&top.key);
        trace.pop_back();
        stack.pop_back();
        continue;
      }
      size_t i = top.next++;
      ++result.stats.transitions;
      Successor& sc = top.succs[i];
      if (sc.covered && !guided())
        continue; // mixed buffering: explored as the send's buffered outcome
      GlobalState key;
      std::vector<state::Leak> sleaks;
      if (i < top.succKeys.size() && !top.succKeys[i].procs.empty())
        key = std::move(top.succKeys[i]);
      else
        key = ex.canonical(sc.state, &sleaks);
      trace.push_back(sc.step);
      if (!sleaks.empty() && leak(sleaks.front()))
        break;
      if (opts.abandonOnNondeterminism && !guided() && onStack.count(&key)) {
        result.abandoned = true; // a cycle: see SearchOptions
        break;
      }
      if (opts.cycleIsViolation && !guided() && onStack.count(&key)) {
        if (nontermination(sc.step, onStack.find(&key)->second))
          break;
        trace.pop_back();
        continue;
      }
      if (guided() && opts.guideCycleStart != SIZE_MAX && stack.size() == opts.guide.size())
        if (auto on = onStack.find(&key); on != onStack.end() &&
                                          on->second == opts.guideCycleStart &&
                                          fairCycle(on->second, GlobalState{}, 0, -1, sc.state))
          break; // (replay: the last step closes the trace's cycle)
      if (guided()) {
        // replay: follow the trace whatever was seen before; a loose replay
        // matches states reached at the same step of the guide (the same
        // future: the orders of its branches that meet are explored once)
        if (opts.guideLoose && !looseSeen[top.depth + 1].insert(key).second) {
          ++result.stats.statesMatched;
          trace.pop_back();
          continue;
        }
      } else if (target()) {
        // --shortest: a state is matched when it was reached in as few moves
        auto at = seenAt.find(key);
        if (at != seenAt.end() && at->second <= top.depth + 1) {
          ++result.stats.statesMatched;
          trace.pop_back();
          continue;
        }
        if (top.depth + 1 >= bestBelow) { // no shorter trace below
          trace.pop_back();
          continue;
        }
      } else if (!opts.stateless) {
        if (dporStateful) {
          auto on = onStack.find(&key);
          if (on != onStack.end()) { // a cycle: its states are fully expanded
            if (fairCycles() && fairCycle(on->second, GlobalState{}, 0, -1, sc.state))
              break;
            dporMove(top, i);
            dporCycle(top, on->second);
            ++result.stats.statesMatched;
            trace.pop_back();
            if (stop)
              break;
            continue;
          }
        }
        if (auto seenIt = seen.find(key); seenIt != seen.end()) {
          if (termOn)
            termEdge(&*seenIt, GlobalState{}, 0, -1);
          // (a state on the stack is seen: only then a cycle)
          if (fairCycles() && !dporStateful)
            if (auto on = onStack.find(&key);
                on != onStack.end() && fairCycle(on->second, GlobalState{}, 0, -1, sc.state))
              break;
          if (dporStateful) {
            GlobalState st = sc.state; // (top.succs may grow)
            dporMove(top, i);
            dporMatched(top, key, st);
            if (stop)
              break;
          }
          ++result.stats.statesMatched;
          trace.pop_back();
          continue;
        }
      } else if (auto on = onStack.find(&key); on != onStack.end()) {
        if (fairCycles() && fairCycle(on->second, GlobalState{}, 0, -1, sc.state))
          break;
        if (dporOn) { // not for the DPOR: search() starts again without it
          result.dporCycle = true;
          stop = true;
          break;
        }
        trace.pop_back(); // a cycle: nothing new below
        continue;
      }
      if (dporOn)
        dporMove(top, i);
      GlobalState st = std::move(sc.state); // (sc is not used after: expandFully)
      uint64_t depth = top.depth + 1;
      chainFrom = GlobalState{};
      chainLen = 0;
      chainProc = -1;
      // (LISE: no chain from a move into an annotated loop head, see chain)
      if (chains() && !(liseOn && trace.back().proc >= 0 && trace.back().proc < st.numProcs() &&
                        lise.atAction(*st.procs[size_t(trace.back().proc)]))) {
        chainFrom = st;
        inChain = true;
        // After a move of a state that the cycle proviso expanded fully, the
        // chain keeps to the moving process (see chainMove).
        chainProc = stack.back().proviso ? trace.back().proc : -1;
        size_t moved = follow(st, depth, chainProc);
        inChain = false;
        if (stop)
          break;
        if (moved == 0)
          chainFrom = GlobalState{};
        else {
          depth += moved;
          sleaks.clear();
          key = ex.canonical(st, &sleaks);
          if (!sleaks.empty() && leak(sleaks.front()))
            break;
          if (dporStateful) {
            auto on = onStack.find(&key);
            if (on != onStack.end())
              dporCycle(stack.back(), on->second);
            else if (seen.count(key))
              dporMatched(stack.back(), key, st);
            if (stop)
              break;
          }
          if (opts.cycleIsViolation && onStack.count(&key)) {
            // the chain returned to a state of the execution: its last move
            // closes a cycle (a cycle of the reduced graph passes through
            // saved states: a chain is finite, chainMax)
            std::vector<exec::Step> t = currentTrace();
            if (nontermination(t.back(), onStack.find(&key)->second))
              break;
            trace.pop_back();
            chainFrom = GlobalState{};
            chainLen = 0;
            continue;
          }
          if (auto on = onStack.find(&key); on != onStack.end()) {
            if (opts.abandonOnNondeterminism) {
              result.abandoned = true; // a cycle: see SearchOptions
              break;
            }
            if (fairCycles() && fairCycle(on->second, chainFrom, chainLen, chainProc, st))
              break;
            // Cycle proviso: the chain closed a cycle through the saved
            // state it started from, whose expansion was reduced (with
            // LISE, unless a state of the cycle was fully expanded: expand).
            if (stack.back().reducedTo >= 0 &&
                !(liseOn && fullSince(on->second, stack.back().stackIdx + 1)))
              expandFully(stack.back());
          }
          if (auto seenIt = seen.find(key); seenIt != seen.end()) {
            if (termOn)
              termEdge(&*seenIt, std::move(chainFrom), chainLen, chainProc);
            ++result.stats.statesMatched;
            trace.pop_back();
            chainFrom = GlobalState{};
            chainLen = 0;
            continue;
          }
        }
      }
      if (!push(std::move(st), std::move(key), {}, depth))
        break;
    }
  }

  exec::Executor& ex;
  SearchOptions opts;
  check::CollectiveMonitor mon;
  check::OutputMonitor outputs;                  // compositions: outputs compared at termination
  check::ContractMonitor contracts;              // ACSL function contracts at calls and returns
  check::LoopMonitor loops;                      // ACSL loop annotations at loop heads
  check::UncheckedMonitor unchecked;             // annotations reached but not checked
  check::CollectiveContractMonitor collContract; // --contract f (seed 002)
  check::LiseMonitor lise;                       // --lise: loop records, havoc (seed 004)
  bool liseOn = false;
  bool dporOn = false;
  bool dporStateful = false; // SearchOptions::dporStateless unset
  /// Stateful DPOR: the summary of each state whose subtree was explored.
  DporSummaryPool dporPool;
  /// (keyed by the states' keys in `seen`, whose addresses are stable)
  struct DporSeen {
    std::shared_ptr<const DporStored> sum;
    const GlobalState* root = nullptr; ///< null: complete; else its component's root, on the stack
  };
  std::unordered_map<const GlobalState*, DporSeen, KeyPtrHash, KeyPtrEq> dporSums;
  std::vector<std::pair<int, DporInfo>> pendingSleep; // the next pushed node's sleep set
  /// The events of the current path (DporEvent), and each thread's clock
  /// and presence after the last of them (set by dporMove, advanced by the
  /// moves of a chain: dporChained).
  std::vector<DporEvent> dporEvents;
  std::vector<Clock> runClock;
  std::vector<uint8_t> runPresent;
  /// chainMove under the stateful DPOR: whether the last move it returned
  /// was a thread's local move, and the threads waiting at its state.
  bool chainReduced = false;
  /// A program with threads and function contracts or loop annotations:
  /// `assigns` is checked on every move (no fast or in-place moves).
  bool frameByMoves = false;
  std::vector<exec::WaitingThread> chainWaiting;

  /// The annotations not checked on the moves of a thread other than main
  /// (null: none is active).
  const char* threadsUnchecked() const {
    if (liseOn)
      return "loop-invariant symbolic execution (--lise)";
    return nullptr;
  }

  /// Moves of p, seen by the annotation monitors. With --lise, a process at
  /// the head of an annotated loop moves from its havocked state.
  exec::ProcMoves moves(const GlobalState& s0, int p, bool reduceThreads = false) {
    check::LiseMonitor::Prep prep;
    bool prepared = liseOn && lise.before(s0, p, prep);
    const GlobalState& s = prepared ? prep.state : s0;
    exec::ProcMoves pm = ex.moves(s, p, reduceThreads);
    std::vector<bool> drop;
    for (size_t si = 0; si < pm.succs.size(); ++si) {
      Successor& sc = pm.succs[si];
      try {
        if (liseOn)
          lise.after(s, sc, p, prepared ? &prep : nullptr);
        // Function contracts, loop annotations, collective assertions and
        // invariants are checked on every thread's moves (ContractMonitor,
        // LoopMonitor, CollectiveMonitor); --lise is not yet.
        if (sc.step.thread != 0)
          if (const char* what = threadsUnchecked())
            throw exec::Unsupported(std::string(what) + " with threads (a move of thread " +
                                    std::to_string(sc.step.thread) + " at " +
                                    ex.program().where(sc.step.loc) + ")");
        if (contracts.active())
          contracts.after(s, sc, p);
        if (loops.active())
          loops.after(s, sc, p);
        if (unchecked.active())
          unchecked.after(sc, p);
        if (collContract.active())
          collContract.after(s, sc, p);
        if (!s.snaps.empty() && !liseOn)
          mon.after(s, sc, p, uint32_t(stack.size()));
        // processes this move let out of a blocking call arrive now (their
        // main thread), with the call's results
        for (const exec::Successor::Released& r : sc.released) {
          int q = r.proc;
          if (r.thread != 0)
            if (const char* what = threadsUnchecked())
              throw exec::Unsupported(std::string(what) + " with threads (thread " +
                                      std::to_string(r.thread) + " of process " +
                                      std::to_string(q) + " leaves a collective operation)");
          bool arrived = sc.arrived;
          int thread = sc.step.thread;
          sc.arrived = true;
          sc.step.thread = r.thread;
          // (the operation's results written into q meanwhile are its
          // thread's writes: frame conditions of what is active in it)
          if (contracts.active())
            contracts.released(s, sc, q, r.thread);
          if (loops.active())
            loops.after(s, sc, q);
          if (unchecked.active())
            unchecked.after(sc, q);
          if (!s.snaps.empty() && !liseOn)
            mon.after(s, sc, q, uint32_t(stack.size()));
          sc.arrived = arrived;
          sc.step.thread = thread;
        }
      } catch (const exec::ViolationError& e) {
        if (!target())
          throw;
        // --shortest: a move a monitor finds violating ends its branch;
        // the process's other moves stay
        std::vector<exec::Step> t = currentTrace();
        t.push_back(e.step);
        targetHit(e.violation, std::move(t), e.condition, false);
        drop.resize(pm.succs.size());
        drop[si] = true;
      }
    }
    for (Successor& sc : pm.succs)
      sc.step.shared = observable(s, sc, p, pm.safe);
    if (!drop.empty()) {
      std::vector<Successor> kept;
      for (size_t si = 0; si < pm.succs.size(); ++si)
        if (!drop[si])
          kept.push_back(std::move(pm.succs[si]));
      pm.succs = std::move(kept);
    }
    return pm;
  }
  SearchResult result;
  std::deque<Node> stack;        // deque: onStack points into the nodes
  std::vector<exec::Step> trace; // trace[k] leads into stack[k]; trace[0] is empty
  std::unordered_set<GlobalState, state::GlobalStateHash> seen;
  std::unordered_map<const GlobalState*, size_t, KeyPtrHash, KeyPtrEq> onStack; // -> depth
  bool stop = false;
  bool depthLimited = false;
  std::string lagLimited;  ///< why a LISE state was not expanded (--lise-lag)
  std::string ignoredSeen; ///< the first violation of an --ignore kind
  uint64_t iterations = 0;
  std::chrono::steady_clock::time_point start, lastProgress;

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  void unknown(const std::string& why) {
    if (result.verdict == Verdict::Violation)
      return;
    result.verdict = Verdict::Unknown;
    if (result.reason.empty())
      result.reason = why;
    stop = true;
  }

  /// --time-limit reached while chains were replayed (ReplayTimeUp): unknown,
  /// also after a violation was recorded (it is not reported without its
  /// trace; the reason names it).
  void replayTimeUp() {
    std::string of;
    if (result.verdict == Verdict::Violation && result.violation)
      of = " for the trace of " + std::string(check::kindName(result.violation->kind)) + " at " +
           ex.program().where(result.violation->loc);
    result.verdict = Verdict::Unknown;
    result.violation.reset();
    result.trace.clear();
    result.cycleStart = SIZE_MAX;
    result.reason = "time-limit reached while replaying chains of moves" + of;
    stop = true;
    replayTimedOut = true;
  }
  bool replayTimedOut = false;

  /// A defect of chorus met during the search (Fatal.h): the verdict is
  /// unknown, even after a violation was recorded (its trace may be wrong).
  void internalError(const std::string& what) {
    result.verdict = Verdict::Unknown;
    result.violation.reset();
    result.trace.clear();
    result.reason = "internal error: " + what;
    recordInternalError(what);
    stop = true;
  }

  /// " while executing file:line:col", the location last run, if any.
  static std::string executing() {
    std::string w = executingWhere();
    return w.empty() ? std::string() : " while executing " + w;
  }

  /// The trace of the current path: the move into each state on the stack,
  /// and the moves of its chain (replayed), then those of the move being
  /// explored and of its chain so far.
  std::vector<exec::Step> currentTrace() {
    std::vector<exec::Step> t;
    for (size_t k = 1; k < trace.size(); ++k) {
      t.push_back(trace[k]);
      if (k < stack.size())
        replay(stack[k].chainFrom, stack[k].chainLen, stack[k].chainProc, t);
      else
        replay(chainFrom, chainLen, chainProc, t);
    }
    return t;
  }

  void violation(const exec::ViolationError& e) {
    // (a monitor's violation, as Machine::fail's, may exist only for a value
    // of an uninterpreted function no run gives: not definite)
    if (std::string why = ex.uninterpretedIn(e.condition); !why.empty()) {
      unknown(std::string("unsupported: ") + check::kindName(e.violation.kind) + " at " +
              ex.program().where(e.violation.loc) + " (" + e.violation.message + ") depends on " +
              why);
      roundingCounterexample(e.condition, why);
      return;
    }
    // (LISE: whether the state the violating move was from had dropped
    // conjuncts; in a chain, the chain's state, not the saved one it
    // started from. Before currentTrace, whose replays move chainMove's.)
    const bool abstracted =
        liseOn && (inChain ? chainAbstracted : !stack.empty() && stack.back().state.liseAbstracted);
    result.verdict = Verdict::Violation;
    result.violation = e.violation;
    result.trace = currentTrace();
    result.trace.push_back(e.step);
    result.possible =
        liseOn &&
        (e.violation.kind == check::ViolationKind::PossibleInvariantViolation || abstracted);
    if (liseOn && e.violation.kind != check::ViolationKind::PossibleInvariantViolation &&
        abstracted)
      result.violation->message +=
          " (possible: found after a loop was replaced by its invariant; the havoc may admit "
          "values no run reaches)";
    result.inputs = smallModel(e.condition, result.possible);
    showArgvInputs(result.inputs);
    stop = true;
  }

  /// (--float ieee) An unknown for a violation that depends on a rounding
  /// of symbolic values: the prover's inputs, replayed concretely by
  /// confirmRounding (Verify.h).
  void roundingCounterexample(sym::Expr condition, const std::string& why) {
    if (!condition || why.find("rounding of symbolic values") == std::string::npos ||
        result.verdict != Verdict::Unknown || result.reason.find(why) == std::string::npos)
      return;
    result.inputs = smallModel(condition, false);
    result.roundingCounterexample = !result.inputs.empty();
  }

  /// The inputs of a counterexample. A possible violation (LISE) is replayed
  /// concretely with them (confirmPossible), and a bounded run is quick only
  /// for small loop bounds: its model is asked first with every integer
  /// symbol but the havoc's within [-4, 4] (the prover's first model had
  /// N = 7584), then without. Any model is a counterexample; this only
  /// chooses one.
  std::vector<std::pair<std::string, std::string>> smallModel(sym::Expr condition, bool small) {
    if (small) {
      sym::ExprFactory& f = ex.values().factory();
      std::vector<sym::Expr> bounded{condition};
      for (sym::Expr y : f.freeSymbols(condition))
        if (y->type()->isInt() && y->name().rfind("lise.", 0) != 0) {
          bounded.push_back(f.le(f.intConst(-4), y));
          bounded.push_back(f.le(y, f.intConst(4)));
        }
      if (bounded.size() > 1) {
        auto m = ex.oracle().model(f.logicalAnd(bounded));
        if (!m.empty())
          return m;
      }
    }
    return ex.oracle().model(condition);
  }

  /// A move back to a state on the stack: an infinite execution (seed 002
  /// Def. 2.6: a conforming procedure terminates).
  bool nontermination(const exec::Step& step, size_t k) {
    check::Violation v;
    v.kind = check::ViolationKind::Nontermination;
    v.loc = step.loc;
    v.proc = step.proc;
    v.message = "this move returns to an earlier state of the execution: it can repeat forever, "
                "and the procedure does not terminate";
    if (knockedOut(v))
      return false;
    result.verdict = Verdict::Violation;
    result.violation = v;
    result.trace = currentTrace();
    result.cycleStart = cycleStartOf(k);
    stop = true;
    return true;
  }

  /// The index in the current trace of the first move from stack[k].
  size_t cycleStartOf(size_t k) const {
    size_t start = 0;
    for (size_t j = 1; j <= k && j < stack.size(); ++j)
      start += 1 + stack[j].chainLen;
    return start;
  }

  /// Plain verify: are the cycles the search meets checked for fairness
  /// (SearchOptions::cycleIsViolation)? Not with --lise (a havocked state
  /// stands for many: its cycle need not be one of a run), in replay, and
  /// in --shortest's search.
  bool fairCycles() const {
    return !opts.cycleIsViolation && !liseOn && !guided() && !target() &&
           !opts.abandonOnNondeterminism;
  }

  /// Plain verify: the move being explored (trace.back(), from the top of
  /// the stack), followed by the chain of `n` moves from `from` (preferring
  /// `proc`), returns to stack[k]. When the cycle is fair (FairCycle.h)
  /// it is NONTERMINATION: true, the search stops. The trace reported is
  /// a lasso: the path to the first state that a fair cycle returns to
  /// (among the path's states, chains included), then that cycle once.
  bool fairCycle(size_t k, const GlobalState& from, size_t n, int proc,
                 const GlobalState& reached) {
    // (a cycle that draws fresh values from the environment — rand, time,
    // clock, MPI_Wtime, getenv, chorus_nondet_*: GlobalState::fresh grew —
    // repeats only if the environment keeps giving values the model leaves
    // arbitrary: not reported)
    if (reached.fresh != stack[k].state.fresh)
      return false;
    std::vector<GlobalState> states;
    std::vector<exec::Step> steps;
    CycleFairness f;
    size_t start = 0, end = 0; // the lasso: the cycle is steps[start..end)
    {
      // (the chains' states are replayed on copies, in the scratch store)
      ScratchModes modes(ex);
      pathFrom(k, from, n, proc, states, steps);
      f = cycleFairness(ex, states, steps);
      if (!f.fair && guided())
        ringFairness(states, steps, f); // (a lasso of a fair component: termLasso)
      if (f.fair) {
        // the whole path, and the first of its states a fair cycle returns to
        std::vector<GlobalState> all;
        std::vector<exec::Step> allSteps;
        pathFrom(0, from, n, proc, all, allSteps);
        start = all.size() - states.size();
        end = all.size();
        lasso(all, allSteps, start, end, f);
        steps = std::vector<exec::Step>(allSteps.begin(), allSteps.begin() + long(end));
      }
      states.clear(); // (before the scratch store is cleared)
    }
    if (!f.fair)
      return false;
    return reportFair(std::move(steps), start, f.looping);
  }

  /// Replay: the cycle `states`/`steps` (as for cycleFairness) under the
  /// rules of the check of components (FairScc.h: a test that fails where
  /// it could complete is fair when it completes in the cycle too), which
  /// termLasso's traces may need; sets `f` when fair.
  void ringFairness(const std::vector<GlobalState>& states, const std::vector<exec::Step>& steps,
                    CycleFairness& f) {
    FairGraph g;
    std::vector<std::vector<std::pair<size_t, exec::Step>>> out(states.size());
    for (size_t i = 0; i < states.size(); ++i) {
      g.edges.push_back(FairGraph::Edge{uint32_t(i), uint32_t((i + 1) % states.size()), 0,
                                        FairGraph::Kind::Normal, 0});
      out[i].emplace_back(i, steps[i]);
    }
    std::vector<uint8_t> draws;
    try {
      fairKinds(states, out, g, draws);
    } catch (const exec::ViolationError&) {
      return;
    } catch (const exec::Unsupported&) {
      return;
    } catch (const InternalError&) {
      return;
    }
    std::set<uint32_t> all;
    for (uint32_t i = 0; i < states.size(); ++i)
      all.insert(i);
    if (hasFairCycle(g)) {
      f.fair = true;
      f.looping = unitsOf(g, all, steps);
    }
  }

  /// NONTERMINATION: the trace `steps` whose moves from `start` on return
  /// to the state before move `start`, a fair cycle (`looping`: who
  /// repeats what); at its last move. False when the kind is knocked out.
  bool reportFair(std::vector<exec::Step> steps, size_t start, const std::string& looping) {
    const exec::Step& step = steps.back();
    check::Violation v;
    v.kind = check::ViolationKind::Nontermination;
    v.loc = step.loc;
    v.proc = step.proc;
    if (step.proc >= 0 && size_t(step.proc) < stack.back().state.procs.size() &&
        !stack.back().state.procs[size_t(step.proc)]->threads.empty())
      v.thread = step.thread;
    v.message = "this move returns to an earlier state of the execution: the cycle can repeat "
                "forever and every process or thread that can move in it takes part (a fair "
                "cycle: " +
                looping + "), so the program does not terminate";
    if (knockedOut(v))
      return false;
    result.verdict = Verdict::Violation;
    result.violation = v;
    result.trace = std::move(steps);
    result.cycleStart = start;
    stop = true;
    return true;
  }

  // ----------------------------------------------------------- termination
  // (lib/exec/DESIGN-NOTES.md "Termination: fair components")

  /// Plain verify with state matching and without the DPOR: the strongly
  /// connected components of the explored graph (Tarjan's algorithm on the
  /// depth-first search) are checked for a fair cycle as each completes.
  /// termOn: so far none has one, the check goes on (SearchResult::
  /// terminates); else termWhyNot says why termination is not promised.
  bool termOn = false;
  std::string termWhyNot;
  /// A move (and the chain after it) from a state to a state whose
  /// component is not complete yet: the target's place in tstack, the
  /// first move, the chain's start, length and preferred process.
  struct TEdge {
    size_t to = 0;
    exec::Step first;
    GlobalState chainFrom;
    size_t chainLen = 0;
    int chainProc = -1;
  };
  /// A state on Tarjan's stack: its lowlink, its key, its state (kept once
  /// the search left it with its component not complete), its edges to
  /// states on Tarjan's stack.
  struct TNode {
    size_t low = 0;
    const GlobalState* key = nullptr;
    GlobalState state;
    std::vector<TEdge> edges;
  };
  std::vector<TNode> tstack;
  std::unordered_map<const GlobalState*, size_t> tpos; ///< key in `seen` -> place in tstack

  void termInit() {
    if (opts.cycleIsViolation)
      termWhyNot = "--contract: every cycle is a violation";
    else if (liseOn)
      termWhyNot = "with --lise (a havocked state stands for many)";
    else if (guided() || target())
      termWhyNot = "a replay or a search for a shorter trace";
    else if (opts.stateless || (dporOn && opts.dporStateless))
      termWhyNot = "the search does not match states";
    else if (dporOn)
      termWhyNot = kDporTermination;
    termOn = termWhyNot.empty();
  }

  void termOff(const std::string& why) {
    termOn = false;
    if (termWhyNot.empty())
      termWhyNot = why;
    tstack.clear();
    tpos.clear();
  }

  /// The move being explored (trace.back(), then the chain of `n` moves
  /// from `from`) leads from the top of the stack to the seen state `to`.
  void termEdge(const GlobalState* to, GlobalState from, size_t n, int proc) {
    auto it = tpos.find(to);
    if (it == tpos.end())
      return; // (its component is complete: not one of the top's)
    TNode& t = tstack[stack.back().tp];
    t.low = std::min(t.low, it->second);
    t.edges.push_back(
        TEdge{it->second, trace.back(), n ? std::move(from) : GlobalState{}, n, proc});
  }

  /// The search leaves `v`: its lowlink joins its parent's, or it is the
  /// root of a component, which is checked.
  void termPop(Node& v) {
    TNode& t = tstack[v.tp];
    if (t.low < v.tp) {
      t.state = std::move(v.state);
      if (v.stackIdx > 0) {
        TNode& par = tstack[stack[v.stackIdx - 1].tp];
        par.low = std::min(par.low, t.low);
        par.edges.push_back(
            TEdge{v.tp, trace[v.stackIdx], std::move(v.chainFrom), v.chainLen, v.chainProc});
      }
      return;
    }
    bool cyclic = false;
    for (size_t m = v.tp; m < tstack.size() && !cyclic; ++m)
      for (const TEdge& e : tstack[m].edges)
        cyclic = cyclic || e.to >= v.tp;
    if (cyclic)
      termComponent(v);
    if (!termOn)
      return;
    for (size_t m = v.tp; m < tstack.size(); ++m)
      tpos.erase(tstack[m].key);
    tstack.resize(v.tp);
  }

  /// The component of tstack[v.tp..]: its states and moves, the chains'
  /// states replayed, each state's enabled units and each move's kind
  /// (FairGraph); a fair cycle in it ends the promise, and is reported as
  /// NONTERMINATION unless it draws values from the environment.
  void termComponent(Node& v) {
    const size_t r = v.tp;
    FairGraph g;
    std::vector<GlobalState> states;
    std::vector<std::vector<std::pair<size_t, exec::Step>>> out; // per state: (edge, step)
    std::vector<exec::Step> edgeStep;                            // each edge's move
    std::vector<uint8_t> draws; // each edge's move draws fresh values
    ScratchModes modes(ex);
    try {
      for (size_t m = r; m < tstack.size(); ++m)
        states.push_back(m == r ? v.state : tstack[m].state);
      out.resize(states.size());
      for (size_t m = r; m < tstack.size(); ++m)
        for (const TEdge& e : tstack[m].edges) {
          if (e.to < r)
            continue;
          std::vector<GlobalState> inner;
          std::vector<exec::Step> steps{e.first};
          if (e.chainLen)
            chainSteps(e.chainFrom, e.chainLen, e.chainProc, steps, &inner);
          uint32_t from = uint32_t(m - r);
          for (size_t k = 0; k < steps.size(); ++k) {
            uint32_t to = uint32_t(e.to - r);
            if (k < inner.size()) {
              to = uint32_t(states.size());
              states.push_back(std::move(inner[k]));
              out.emplace_back();
            }
            g.edges.push_back(FairGraph::Edge{from, to, 0, FairGraph::Kind::Normal, 0});
            edgeStep.push_back(steps[k]);
            out[from].emplace_back(g.edges.size() - 1, steps[k]);
            from = to;
          }
        }
      fairKinds(states, out, g, draws);
    } catch (const exec::ViolationError& e) {
      states.clear();
      return termOff(std::string("the check of a cycle failed: ") + e.what());
    } catch (const exec::Unsupported& e) {
      states.clear();
      return termOff(std::string("the check of a cycle failed: ") + e.what());
    } catch (const InternalError& e) {
      states.clear();
      return termOff(std::string("the check of a cycle failed: ") + e.what());
    }
    std::vector<uint32_t> witness;
    if (!hasFairCycle(g, &witness)) {
      states.clear(); // (before the scratch store is cleared)
      return;
    }
    std::set<uint32_t> in(witness.begin(), witness.end());
    bool drawing = false;
    for (size_t ei = 0; ei < g.edges.size(); ++ei)
      if (in.count(g.edges[ei].from) && in.count(g.edges[ei].to))
        drawing = drawing || draws[ei];
    std::string who = unitsOf(g, in, edgeStep);
    // (a cycle that draws fresh values repeats only as long as the
    // environment gives values that continue it: not reported, as in
    // fairCycle; DESIGN-NOTES "Termination: fair components")
    bool reported = !drawing && termLasso(g, in, states, edgeStep, who);
    states.clear(); // (before the scratch store is cleared)
    if (reported)
      return;
    termOff(drawing ? "a cycle that draws values from the environment (rand, time, ...) can repeat "
                      "as long as the values continue it (" +
                          who + ")"
                    : "the explored state graph has a fair cycle that the search did not report (" +
                          who + ")");
  }

  /// The units of the graph's edges inside `in`, with the lines of their
  /// moves: "process 0 over lines 7-8, process 1 (thread 1) at line 12".
  static std::string unitsOf(const FairGraph& g, const std::set<uint32_t>& in,
                             const std::vector<exec::Step>& edgeStep) {
    std::map<FairGraph::Unit, std::pair<uint32_t, uint32_t>> where;
    for (size_t ei = 0; ei < g.edges.size(); ++ei)
      if (in.count(g.edges[ei].from) && in.count(g.edges[ei].to)) {
        auto [it, fresh] = where.emplace(g.edges[ei].unit, std::make_pair(UINT32_MAX, 0u));
        (void)fresh;
        if (edgeStep[ei].loc.valid()) {
          it->second.first = std::min(it->second.first, edgeStep[ei].loc.line);
          it->second.second = std::max(it->second.second, edgeStep[ei].loc.line);
        }
      }
    std::string who;
    for (const auto& [u, l] : where) {
      who +=
          (who.empty() ? "" : ", ") + std::string("process ") + std::to_string(u >> 32) +
          ((u >> 1) & 0x7fffffff ? " (thread " + std::to_string((u >> 1) & 0x7fffffff) + ")" : "");
      if (l.second > 0)
        who += l.first == l.second
                   ? " at line " + std::to_string(l.first)
                   : " over lines " + std::to_string(l.first) + "-" + std::to_string(l.second);
    }
    return who;
  }

  /// The units that can move at each of `states` (g.enabled) and the kind
  /// of each move of `out` (per state: its edges of g and their steps),
  /// from every process's moves at the state; `draws`: the move draws
  /// fresh values from the environment. Throws what the moves throw.
  void fairKinds(const std::vector<GlobalState>& states,
                 const std::vector<std::vector<std::pair<size_t, exec::Step>>>& out, FairGraph& g,
                 std::vector<uint8_t>& draws) {
    std::map<std::pair<FairGraph::Unit, std::string>, uint32_t> keys;
    auto unitOf = [](const exec::Step& st) {
      bool cancel = st.stmt.rfind("(asynchronous cancellation", 0) == 0;
      return (FairGraph::Unit(uint32_t(st.proc)) << 32) | (FairGraph::Unit(st.thread) << 1) |
             FairGraph::Unit(cancel);
    };
    g.enabled.assign(states.size(), {});
    draws.assign(g.edges.size(), 0);
    for (size_t i = 0; i < states.size(); ++i) {
      std::vector<exec::ProcMoves> pms(size_t(states[i].numProcs()));
      for (int p = 0; p < states[i].numProcs(); ++p) {
        pms[size_t(p)] = ex.moves(states[i], p);
        for (const Successor& sc : pms[size_t(p)].succs)
          if (!sc.spurious)
            g.enabled[i].push_back(unitOf(sc.step));
      }
      std::sort(g.enabled[i].begin(), g.enabled[i].end());
      g.enabled[i].erase(std::unique(g.enabled[i].begin(), g.enabled[i].end()), g.enabled[i].end());
      for (const auto& [ei, st] : out[i]) {
        FairGraph::Edge& e = g.edges[ei];
        e.unit = unitOf(st);
        if (st.proc < 0 || size_t(st.proc) >= pms.size())
          throw InternalError("a move of the component names no process");
        size_t same = 0;
        bool spurious = false;
        for (const Successor& sc : pms[size_t(st.proc)].succs)
          if (sc.step.thread == st.thread && sc.step.stmt == st.stmt) {
            ++same;
            if (sc.step.choice == st.choice) {
              spurious = spurious || sc.spurious;
              // (it draws fresh values from the environment: rand, time, ...)
              draws[ei] = draws[ei] || sc.state.fresh != states[i].fresh;
            }
          }
        bool weakFail = false;
        for (const std::string& ef : st.effects)
          weakFail = weakFail || ef.find("fails spuriously") != std::string::npos;
        bool test = st.stmt.find("MPI_Test") != std::string::npos ||
                    st.stmt.find("MPI_Iprobe") != std::string::npos ||
                    st.stmt.find("MPI_Improbe") != std::string::npos ||
                    st.stmt.find("MPI_Request_get_status") != std::string::npos;
        if (spurious || (weakFail && same >= 2))
          e.kind = FairGraph::Kind::Excused;
        else if (test && (st.choice != 0 || same >= 2)) {
          e.kind = st.choice == 0 ? FairGraph::Kind::Deferred : FairGraph::Kind::Completes;
          e.key =
              keys.emplace(std::make_pair(e.unit, st.stmt), uint32_t(keys.size())).first->second;
        }
      }
    }
  }

  /// The edges of a shortest path from `a` to `b` over `outs` (per node:
  /// edge indices of g); empty when a == b. Throws when there is none.
  static std::vector<size_t> shortestPath(const FairGraph& g,
                                          const std::vector<std::vector<size_t>>& outs, uint32_t a,
                                          uint32_t b) {
    std::vector<size_t> via(outs.size(), SIZE_MAX);
    std::vector<uint8_t> reached(outs.size(), 0);
    std::deque<uint32_t> q{a};
    reached[a] = 1;
    while (!q.empty() && !reached[b]) {
      uint32_t u = q.front();
      q.pop_front();
      for (size_t ei : outs[u])
        if (!reached[g.edges[ei].to]) {
          reached[g.edges[ei].to] = 1;
          via[g.edges[ei].to] = ei;
          q.push_back(g.edges[ei].to);
        }
    }
    if (!reached[b])
      throw InternalError("no path inside a strongly connected component");
    std::vector<size_t> path;
    for (uint32_t u = b; u != a; u = g.edges[via[u]].from)
      path.push_back(via[u]);
    std::reverse(path.begin(), path.end());
    return path;
  }

  /// A fair component (its fair part `in`, FairScc.h's witness) of the
  /// component whose root is the top of the stack (node 0 of g), which the
  /// check of the cycles on the stack (fairCycle) did not meet:
  /// NONTERMINATION with a lasso. The trace: the path to the root, a
  /// shortest path inside the component to the fair part, then a tour of
  /// the fair part that takes a move of every unit that moves there, a
  /// completing outcome of every test completed there, and passes, for
  /// every unit that does not move there, a state where it cannot move (a
  /// cycle of the fair part: fair, as the part is). False (nothing
  /// reported) when the tour is not confirmed fair.
  bool termLasso(const FairGraph& g, const std::set<uint32_t>& in,
                 const std::vector<GlobalState>& states, const std::vector<exec::Step>& edgeStep,
                 const std::string& who) {
    const size_t n = g.enabled.size();
    std::vector<std::vector<size_t>> all(n), fair(n);
    std::map<FairGraph::Unit, size_t> unitEdge;
    std::map<uint32_t, size_t> keyEdge;
    for (size_t ei = 0; ei < g.edges.size(); ++ei) {
      const FairGraph::Edge& e = g.edges[ei];
      all[e.from].push_back(ei);
      if (e.kind == FairGraph::Kind::Excused || !in.count(e.from) || !in.count(e.to))
        continue;
      fair[e.from].push_back(ei);
      unitEdge.emplace(e.unit, ei);
      if (e.kind == FairGraph::Kind::Completes)
        keyEdge.emplace(e.key, ei);
    }
    if (unitEdge.empty())
      return false;
    // the moves to take, and the states to pass (where an idle unit cannot move)
    std::vector<size_t> take;
    for (const auto& [u, ei] : unitEdge)
      take.push_back(ei);
    for (const auto& [k, ei] : keyEdge)
      take.push_back(ei);
    std::vector<uint32_t> pass;
    std::set<FairGraph::Unit> idle;
    for (uint32_t s : in)
      for (FairGraph::Unit u : g.enabled[s])
        if (!unitEdge.count(u))
          idle.insert(u);
    for (FairGraph::Unit u : idle)
      for (uint32_t s : in)
        if (!std::binary_search(g.enabled[s].begin(), g.enabled[s].end(), u)) {
          pass.push_back(s);
          break;
        }
    std::vector<size_t> prefix, tour;
    try {
      const uint32_t start = g.edges[take.front()].from;
      prefix = shortestPath(g, all, 0, start);
      uint32_t at = start;
      for (size_t ei : take) {
        for (size_t x : shortestPath(g, fair, at, g.edges[ei].from))
          tour.push_back(x);
        tour.push_back(ei);
        at = g.edges[ei].to;
      }
      for (uint32_t s : pass) {
        for (size_t x : shortestPath(g, fair, at, s))
          tour.push_back(x);
        at = s;
      }
      for (size_t x : shortestPath(g, fair, at, start))
        tour.push_back(x);
    } catch (const InternalError&) {
      return false;
    }
    // confirmed by the check of one cycle (FairCycle.h), or, for a test
    // that fails and completes in the tour, by the ring of its moves
    // (strong fairness: FairScc.h)
    std::vector<GlobalState> cs;
    std::vector<exec::Step> ct;
    for (size_t ei : tour) {
      cs.push_back(states[g.edges[ei].from]);
      ct.push_back(edgeStep[ei]);
    }
    CycleFairness f = cycleFairness(ex, cs, ct);
    if (!f.fair && !ringFair(g, tour))
      return false;
    std::vector<exec::Step> t = currentTrace();
    size_t start = t.size();
    for (size_t ei : prefix)
      t.push_back(edgeStep[ei]);
    start = t.size();
    for (size_t ei : tour)
      t.push_back(edgeStep[ei]);
    return reportFair(std::move(t), start, f.fair ? f.looping : who);
  }

  /// The cycle of g's edges `ring` (each from where the previous one
  /// leads), repeated forever: fair under FairScc.h's rules?
  static bool ringFair(const FairGraph& g, const std::vector<size_t>& ring) {
    FairGraph rg;
    for (size_t k = 0; k < ring.size(); ++k) {
      FairGraph::Edge e = g.edges[ring[k]];
      rg.enabled.push_back(g.enabled[e.from]);
      e.from = uint32_t(k);
      e.to = uint32_t((k + 1) % ring.size());
      rg.edges.push_back(e);
    }
    return hasFairCycle(rg);
  }

  /// An unknown by a limit: does the path being explored go round a loop
  /// that never repeats a state? The states of its last saved states (and
  /// of their chains, replayed): when the last one, an earlier one at the
  /// same control point and one before that differ by the same variables
  /// (Executor::growth), "; the loop at FILE:LINE of process P repeats
  /// without repeating a state: X changes at every round" (a counter that
  /// grows, a path condition that grows). "" otherwise.
  static constexpr size_t kGrowthNodes = 4;
  double diagnosisUntil = 0; ///< (elapsed() seconds; 0: no limit)
  std::string growingLoop() {
    std::vector<GlobalState> seq;
    // (after the search stopped: a diagnosis, not worth more than 2 s)
    diagnosisUntil = elapsed() + 2.0;
    struct Reset {
      double& d;
      ~Reset() { d = 0; }
    } reset{diagnosisUntil};
    try {
      ScratchModes modes(ex);
      size_t top = stack.size() - 1, k = top >= kGrowthNodes ? top - kGrowthNodes : 0;
      seq.push_back(stack[k].state);
      for (size_t j = k + 1; j <= top; ++j) {
        std::vector<exec::Step> steps;
        if (stack[j].chainLen)
          chainSteps(stack[j].chainFrom, stack[j].chainLen, stack[j].chainProc, steps, &seq);
        seq.push_back(stack[j].state);
      }
      std::string found;
      const GlobalState& last = seq.back();
      for (size_t i1 = seq.size() - 1; i1-- > 0 && found.empty();) {
        model::SrcLoc loc;
        int proc = -1;
        std::vector<std::string> d1 = ex.growth(seq[i1], last, &loc, &proc);
        if (d1.empty())
          continue;
        for (size_t i2 = i1; i2-- > 0;) {
          model::SrcLoc l2;
          int p2 = -1;
          std::vector<std::string> d2 = ex.growth(seq[i2], seq[i1], &l2, &p2);
          if (d2.empty())
            continue;
          if (d2 != d1)
            break;
          // (the location: the loop's head, which the round passes)
          for (size_t i = i1; i < seq.size() && proc >= 0 && proc < seq[i].numProcs(); ++i) {
            const state::ProcState& ps = *seq[i].procs[size_t(proc)];
            if (ps.stack.empty())
              break;
            const model::Function& fn = ex.program().func(ps.stack.back().func);
            if (ps.stack.back().loc < fn.locs.size() && fn.locs[ps.stack.back().loc].loopHead) {
              loc = fn.locs[ps.stack.back().loc].loc;
              break;
            }
          }
          std::string what;
          for (size_t v = 0; v < d1.size() && v < 3; ++v)
            what += (v ? ", " : "") + d1[v];
          if (d1.size() > 3)
            what += " and " + std::to_string(d1.size() - 3) + " more";
          found = "; the loop " +
                  (loc.valid() ? "at " + ex.program().where(loc) + " " : std::string()) +
                  (proc >= 0 ? "of process " + std::to_string(proc) + " " : std::string()) +
                  "does not repeat a state: " + what + (d1.size() == 1 ? " changes" : " change") +
                  " at every round";
          break;
        }
        break; // (the latest state at the same control point only)
      }
      seq.clear(); // (before the scratch store is cleared)
      return found;
    } catch (const exec::ViolationError&) {
    } catch (const exec::Unsupported&) {
    } catch (const InternalError&) {
    } catch (const ReplayTimeUp&) { // (the diagnosis is left out)
    }
    seq.clear();
    return "";
  }

  /// The path from stack[k] through the top of the stack and the move
  /// being explored (trace.back(), then the chain of `n` moves from
  /// `from`): each state (chains' replayed) and the move that leaves it.
  void pathFrom(size_t k, const GlobalState& from, size_t n, int proc,
                std::vector<GlobalState>& states, std::vector<exec::Step>& steps) {
    for (size_t j = k; j < stack.size(); ++j) {
      states.push_back(stack[j].state);
      steps.push_back(trace[j + 1]);
      if (j + 1 < stack.size())
        chainSteps(stack[j + 1].chainFrom, stack[j + 1].chainLen, stack[j + 1].chainProc, steps,
                   &states);
      else
        chainSteps(from, n, proc, steps, &states);
    }
  }

  /// The fair cycle steps[start..end) of the path `states`/`steps` (whose
  /// last move returns to states[start]): replaced by the cycle that ends
  /// first on the path, among those between two equal states of the path
  /// that are fair (at most kLassoTries are checked), with its fairness.
  static constexpr size_t kLassoTries = 32;
  void lasso(const std::vector<GlobalState>& states, const std::vector<exec::Step>& steps,
             size_t& start, size_t& end, CycleFairness& f) {
    std::unordered_map<GlobalState, std::vector<size_t>, state::GlobalStateHash> at;
    size_t tries = 0;
    state::ProcInterner& in = ex.interner();
    for (size_t j = 0; j < end && tries < kLassoTries; ++j) {
      // (keys of interned process states: a scratch state is never shared,
      // so that keys of scratch states never compare equal)
      in.setScratch(false);
      GlobalState s = states[j];
      for (const state::ProcState*& p : s.procs)
        p = in.adopt(p);
      std::vector<state::Leak> lk;
      std::vector<size_t>& same = at[ex.canonical(s, &lk)];
      in.setScratch(true);
      for (size_t q = same.size(); q-- > 0 && tries < kLassoTries;) {
        size_t i = same[q];
        if (states[i].fresh != states[j].fresh)
          continue; // (it draws fresh values: see fairCycle)
        ++tries;
        std::vector<GlobalState> cs(states.begin() + long(i), states.begin() + long(j));
        std::vector<exec::Step> ct(steps.begin() + long(i), steps.begin() + long(j));
        CycleFairness g = cycleFairness(ex, cs, ct);
        if (g.fair) {
          start = i;
          end = j;
          f = std::move(g);
          return;
        }
      }
      same.push_back(j);
    }
  }

  /// Is this violation dropped: its kind ignored (--ignore; the first one
  /// is remembered for the verdict) or, in a knockout build's test of the
  /// suite (Knockout.h), its detection turned off?
  bool knockedOut(const check::Violation& v) {
    if (std::find(opts.ignore.begin(), opts.ignore.end(), v.kind) != opts.ignore.end()) {
      if (ignoredSeen.empty())
        ignoredSeen = std::string(check::kindName(v.kind)) + " at " + ex.program().where(v.loc) +
                      (v.proc >= 0 ? " (process " + std::to_string(v.proc) + ")" : "");
      return true;
    }
    return knockout::kind(check::kindName(v.kind));
  }

  /// Reports a leak; false when MEMORY_LEAK is knocked out.
  bool leak(const state::Leak& l) {
    check::Violation v;
    v.kind = check::ViolationKind::MemoryLeak;
    v.loc = l.site;
    v.proc = l.proc;
    v.message = "memory allocated here becomes unreachable without being freed";
    if (target()) {
      targetHit(v, currentTrace(), nullptr, false);
      return false; // the search goes on
    }
    if (knockedOut(v))
      return false;
    result.verdict = Verdict::Violation;
    result.violation = v;
    result.trace = currentTrace();
    stop = true;
    return true;
  }

  void checkLimits() {
    if (opts.maxStates && result.stats.statesSaved >= opts.maxStates)
      return unknown("max-states reached");
    if ((++iterations & 63) != 0) {
      // the time at every move (cheap; a move may have asked the prover
      // for seconds), the memory and the progress line every 64
      if (opts.timeLimit > 0 && elapsed() > opts.timeLimit)
        unknown("time-limit reached");
      return;
    }
    checkTimeAndMemory();
  }

  /// The time and memory limits, and the progress line.
  void checkTimeAndMemory() {
    double t = elapsed();
    if (opts.timeLimit > 0 && t > opts.timeLimit)
      return unknown("time-limit reached");
    if (opts.memoryLimitMB && peakMemoryKB() / 1024 > opts.memoryLimitMB)
      return unknown("memory-limit reached");
    // Without --memory-limit: 80% of physical memory, so that an infinite
    // state space ends with unknown rather than with the OOM killer.
    if (!opts.memoryLimitMB && peakMemoryKB() / 1024 > defaultMemoryLimitMB())
      return unknown("memory-limit reached (default: 80% of physical memory)");
    if (opts.progress) {
      auto now = std::chrono::steady_clock::now();
      if (std::chrono::duration<double>(now - lastProgress).count() >= 1.0) {
        lastProgress = now;
        std::fprintf(
            stderr,
            "\r[chorus] states %llu  transitions %llu  %.0f states/s  depth %zu  mem %llu MB   ",
            (unsigned long long)result.stats.statesSaved,
            (unsigned long long)result.stats.transitions,
            double(result.stats.statesSaved) / (t > 0 ? t : 1), stack.size(),
            (unsigned long long)(peakMemoryKB() / 1024));
        std::fflush(stderr);
        printedProgress = true;
      }
    }
  }
  bool printedProgress = false;

  /// Whether runs of moves are chained (see follow): with the urgent POR,
  /// when no monitor needs every state or the trace depth of each move.
  /// In a --contract run (collContract active) the monitors see every
  /// chained move (chainMove asks moves(), which runs them; no fast moves
  /// there, FastMoves.cpp) and a chain that ends on a state of the stack is
  /// NONTERMINATION (explore).
  bool chains() const {
    return opts.chainMax > 0 && opts.por && !guided() && !opts.stateless &&
           (!contracts.active() || collContract.active()) &&
           (!opts.cycleIsViolation || collContract.active()) && !loops.active() && !opts.cqmin &&
           stack.back().state.snaps.empty() &&
           // (LISE on a composition, compare: the chains made diffusion's
           // 1+10 search six times longer, 3,404 -> 20,910 transitions; not
           // understood yet, so off there)
           !(liseOn && !ex.options().componentProcs.empty());
  }

  // LISE (--lise) chains as the POR expands (expand): chainMove takes the
  // processes in the lag order and never a process two records ahead; the
  // record snapshots of the chain's end state are adopted with its process
  // states (follow); no fast or in-place moves (a fast move would skip the
  // havoc at an annotated loop head and the growth of the write sets, and
  // a move in place would change a process state a record keeps); the
  // cycle proviso at the chain's end has expand's exception (fullSince).

  /// Chains moves from `st` (reached in `depth` moves) without saving the
  /// states in between: while a persistent set of one move exists at the
  /// state (a process whose moves are safe, see chainMove, has one move: no
  /// fork, no choice of message), the move is taken; `proc` made the move
  /// into `st`. Stops at a state that has several
  /// moves or none, where only an unsafe process can move, after
  /// opts.chainMax moves, or at --max-depth. Returns the number of moves
  /// taken; `st` is the state reached. Sound for the same reason as the POR
  /// (each skipped state is expanded with a persistent singleton); matching
  /// and the cycle proviso are applied at the chain's end (see explore).
  size_t follow(GlobalState& st, uint64_t depth, int proc) {
    // The states in between are not kept: their process states go to the
    // interner's scratch store, freed at the end (only st's are adopted).
    // Their steps are not kept either (replayed for a trace): quiet.
    state::ProcInterner& in = ex.interner();
    in.setScratch(true);
    ex.setQuietSteps(true);
    struct Adopt {
      exec::Executor& ex;
      state::ProcInterner& in;
      GlobalState& st;
      ~Adopt() {
        ex.setQuietSteps(false);
        in.setScratch(false);
        for (const state::ProcState*& p : st.procs)
          p = in.adopt(p);
        // (LISE: the snapshots of the records, as the process states)
        for (std::vector<state::LiseRecord>* rs : {&st.liseQueue, &st.liseStack})
          for (state::LiseRecord& r : *rs)
            for (const state::ProcState*& p : r.snaps)
              if (p)
                p = in.adopt(p);
        in.clearScratch();
      }
    } adopt{ex, in, st};
    return chain(st, depth, proc);
  }

  /// The state where a chain of moves being explored started and its
  /// length so far (moved into the Node when its end is pushed).
  GlobalState chainFrom;
  size_t chainLen = 0;
  int chainProc = -1;
  bool inChain = false; ///< a chain is being followed (its first step is on the trace)
  /// LISE: the state the chain's last move was from had dropped
  /// path-condition conjuncts (for a violation's "possible", violation()).
  bool chainAbstracted = false;
  std::vector<int> chainOrder;   ///< chainMove's order of the processes
  std::vector<size_t> chainRank; ///< (and their lag ranks)

  /// The one move a chain takes at st (see follow), or nothing: the move of
  /// the first process whose moves are safe (as the POR's), if it has
  /// exactly one move; *proc is set to its process. When pref >= 0 (a
  /// chain after a move of a state that the cycle proviso expanded
  /// fully), that process is preferred while its moves are safe: e.g. a
  /// process that the proviso let move while another loops forever keeps
  /// running, instead of the chain going back to the loop at once.
  /// With --lise, the processes are tried in expand's order (furthest
  /// behind first) and one two or more records ahead is never chosen.
  std::optional<Successor> chainMove(const GlobalState& st, int pref, int* proc) {
    exec::ProcMoves pm;
    int chosen = -1;
    const bool lag = liseOn && !st.liseQueue.empty();
    if (liseOn)
      chainAbstracted = st.liseAbstracted; // (the moves below are from st)
    if (pref >= 0 && pref < st.numProcs() && !(lag && check::LiseMonitor::lag(st, pref) >= 2)) {
      pm = moves(st, pref, true);
      if (pm.safe)
        chosen = pref;
    }
    std::vector<int>& order = chainOrder;
    order.resize(size_t(st.numProcs()));
    for (int p = 0; p < st.numProcs(); ++p)
      order[size_t(p)] = p;
    if (lag) {
      std::vector<size_t>& rank = chainRank;
      rank.assign(order.size(), 0);
      for (int p = 0; p < st.numProcs(); ++p)
        rank[size_t(p)] = std::max<size_t>(check::LiseMonitor::lag(st, p), 1) - 1;
      std::stable_sort(order.begin(), order.end(),
                       [&](int a, int b) { return rank[size_t(a)] < rank[size_t(b)]; });
    }
    for (int p : order) {
      if (chosen >= 0)
        break;
      if (p == pref)
        continue;
      pm = moves(st, p, true); // (a thread's local moves are safe too)
      if (!pm.safe)
        continue;
      if (lag && check::LiseMonitor::lag(st, p) >= 2)
        break; // (expand would not reduce to p: the next ones are as far ahead)
      chosen = p;
    }
    if (chosen < 0 || pm.succs.size() != 1 || pm.succs[0].covered)
      return std::nullopt;
    // (the stateful DPOR chains a move that is not local only when it is
    // the one move enabled: it stays on the path as an event, dporChained)
    if (dporStateful) {
      chainReduced = pm.reduced;
      chainWaiting = std::move(pm.waiting);
    }
    *proc = chosen;
    return std::move(pm.succs[0]);
  }

  /// A chain's replay took another move than when it was explored: past
  /// --time-limit the oracle decides nothing, so a branch it decided then
  /// is open now (the limit's doing: time-limit reached); otherwise a bug.
  [[noreturn]] void chainDiverged() {
    if (ex.oracle().pastDeadline())
      throw ReplayTimeUp{};
    throw InternalError("a chain of moves did not replay");
  }

  /// Appends the steps of the chain of n moves from `from` (the moves are
  /// deterministic: the same as when it was explored).
  void replay(const GlobalState& from, size_t n, int proc, std::vector<exec::Step>& out) {
    if (n == 0)
      return;
    ScratchModes modes(ex);
    chainSteps(from, n, proc, out, nullptr);
  }

  /// The moves of the chain of n moves from `from` (preferring `proc`),
  /// made on copies: each one's step, and with `states` the state it leaves.
  void chainSteps(const GlobalState& from, size_t n, int proc, std::vector<exec::Step>& steps,
                  std::vector<GlobalState>* states) {
    GlobalState st = from;
    int p = -1;
    for (size_t k = 0; k < n; ++k) {
      // (--time-limit bounds the replays of chains too: traces, checks of
      // cycles; not once the search stopped, for the diagnosis of finish)
      if ((!stop && opts.timeLimit > 0 && elapsed() > opts.timeLimit) ||
          (diagnosisUntil > 0 && elapsed() > diagnosisUntil))
        throw ReplayTimeUp{};
      std::optional<Successor> sc = chainMove(st, proc, &p);
      if (!sc)
        chainDiverged();
      if (states)
        states->push_back(st);
      steps.push_back(std::move(sc->step));
      GlobalState next = std::move(sc->state);
      st = std::move(next);
    }
  }

  /// The state after the first n moves of the chain being followed (from
  /// chainFrom, preferring `proc`), each move on copies.
  GlobalState replayState(int proc, size_t n) {
    GlobalState st = chainFrom;
    int p = -1;
    for (size_t k = 0; k < n; ++k) {
      std::optional<Successor> sc = chainMove(st, proc, &p);
      if (!sc)
        chainDiverged();
      GlobalState next = std::move(sc->state);
      st = std::move(next);
    }
    return st;
  }

  /// chain(): the other processes and shared parts of the state before
  /// the move being taken (see the fast moves there).
  std::vector<const state::ProcState*> others;
  sym::Expr othersPc = nullptr;
  size_t othersMsgs = 0;
  int othersColl = 0;
  std::vector<uint8_t> othersArrived;

  /// See chain(): moves into cycle heads per chain in a --contract run.
  static constexpr size_t kHeadsPerChain = 8;

  size_t chain(GlobalState& st, uint64_t depth, int proc) {
    size_t moved = 0, checked = 0, heads = 0;
    bool inPlaceOk = true;
    int chosen = -1;
    // Fast moves (Executor::fastMoves) after each move the chain took: the
    // same moves, of the same process (see FastMoves.cpp for why), made
    // without the machinery of a move; not with a monitor that sees moves.
    const bool fast = ex.options().fastMoves && !unchecked.active() && !frameByMoves && !liseOn;
    for (;;) {
      if (moved >= opts.chainMax || (opts.maxDepth && depth + moved + 1 >= opts.maxDepth))
        return moved;
      if (opts.abandonOnNondeterminism && ex.sawNondeterminism())
        return moved;
      if (moved - checked >= 64) {
        checked = moved;
        checkTimeAndMemory(); // a chain can be long and its moves slow
        if (stop)
          return moved;
      }
      std::optional<Successor> sc;
      // (the stateful DPOR records a chained move of a process with threads)
      const bool hadThreads = dporStateful && !st.procs[0]->threads.empty();
      if (dporStateful && stack.back().dp.active)
        dporPresentAt(*st.procs[0]); // (before the move: st may change in place)
      // (what the move may change of the others, for the fast moves below)
      if (fast) {
        others.assign(st.procs.begin(), st.procs.end());
        othersPc = st.pc;
        othersMsgs = st.msgs.size();
        othersColl = st.coll.kind;
        othersArrived = st.coll.arrived;
      }
      try {
        // In place (Executor::setInPlace): st's scratch process states are
        // nobody else's, so a move may update st itself.
        struct InPlace {
          exec::Executor& ex;
          explicit InPlace(exec::Executor& e) : ex(e) { ex.setInPlace(true); }
          ~InPlace() { ex.setInPlace(false); }
        } inPlace(ex);
        // (frameByMoves, contract runs: the monitors compare each move's
        // two states)
        // (LISE: a record may keep st's process state as a snapshot)
        if (!inPlaceOk || frameByMoves || contracts.active() || collContract.active() || liseOn)
          ex.setInPlace(false);
        sc = chainMove(st, proc, &chosen);
      } catch (...) {
        // st may be lost (a move updated it in place, then forked, blocked
        // or threw): rebuilt by replaying the chain so far, and the move runs
        // again on copies.
        st = replayState(proc, moved);
        inPlaceOk = false; // (at most one replay per chain)
        try {
          sc = chainMove(st, proc, &chosen);
        } catch (const exec::ViolationError&) {
          // The same move again with its step rendered, for the trace (the
          // moves are deterministic: it throws the same violation).
          ex.setQuietSteps(false);
          chainMove(st, proc, &chosen);
          throw InternalError("a violation in a chain of moves did not repeat");
        }
      }
      if (!sc)
        return moved;
      ++result.stats.transitions;
      GlobalState next = std::move(sc->state);
      st = std::move(next);
      // (a move of a process without threads is no event, unless it
      // creates the first one: the new thread starts after it)
      if (dporStateful && !chainReduced && (hadThreads || !st.procs[0]->threads.empty()))
        dporChained(*sc, st);
      ++moved;
      chainLen = moved;
      // When cycles are violations (--contract), the chain ends at its
      // kHeadsPerChain-th move into the head of a cycle of the program
      // graph: a cycle of the state graph passes through such heads, so
      // going round it the chain ends at states of the cycle, which repeat
      // (after at most its number of heads chains) and the search finds
      // the repeated one on the stack (NONTERMINATION, explore).
      const state::ProcState& ps = *st.procs[size_t(chosen)];
      if (opts.cycleIsViolation && atCycleHead(ps) && ++heads >= kHeadsPerChain)
        return moved;
      // LISE: the chain ends where the process arrives at an annotated loop
      // head (or a collective assertion): the iterations of a loop meet
      // there, after the havoc, so the state is saved and matched.
      if (liseOn && lise.atAction(ps))
        return moved;
      // A heap block of the process that became unreachable: the state is
      // saved, so that its key reports the leak where it happens.
      if (!ps.heap.empty())
        for (uint32_t h : state::unreachableHeap(ps, ex.values()))
          if (!ps.heap[h].freed && !ps.heap[h].external)
            return moved;
      // Fast moves of the process that moved, when that move changed
      // nothing of the others (their process states, the messages, the
      // collective slot, the path condition): then chainMove would choose
      // it again (the processes it preferred to it have the same moves, all
      // unsafe), and so after each fast move. A move that let another
      // process out of a collective, say, makes the chain ask chainMove.
      bool othersSame = fast && st.pc == othersPc && st.msgs.size() == othersMsgs &&
                        st.coll.kind == othersColl && st.coll.arrived == othersArrived &&
                        st.procs.size() == others.size();
      for (size_t q = 0; othersSame && q < others.size(); ++q)
        othersSame = int(q) == chosen || st.procs[q] == others[q];
      if (othersSame) {
        // (as many as the loop's own limits allow; a fast move changes no
        // pointer, so no heap block becomes unreachable)
        size_t budget = std::min<size_t>(opts.chainMax - std::min(opts.chainMax, moved), 1024);
        if (opts.maxDepth)
          budget = depth + moved + 1 >= opts.maxDepth
                       ? 0
                       : std::min<size_t>(budget, opts.maxDepth - depth - moved - 1);
        size_t k = ex.fastMoves(st, chosen, budget);
        result.stats.transitions += k;
        moved += k;
        chainLen = moved;
      }
    }
  }

  // ------------------------------------------------------------------ DPOR
  // (lib/search/Dpor.h; lib/exec/DESIGN-NOTES.md "DPOR")

  /// A one-process program that creates threads, with no monitor that
  /// needs every state (SearchOptions::dpor).
  bool dporApplies() const {
    if (!opts.dpor || !opts.por || opts.stateless || guided() || liseOn || opts.cycleIsViolation ||
        opts.abandonOnNondeterminism || opts.cqmin || ex.options().nprocs != 1 ||
        contracts.active() || loops.active() || collContract.active() || outputs.active() ||
        !ex.program().passerts.empty() || target())
      return false; // (--shortest matches states by depth, without summaries)
    return createsThreads();
  }

  /// Per function, the locations entered by a retreating edge of a
  /// depth-first walk of its graph from the entry (computed once): every
  /// cycle of the graph passes through one (the cycle's location the walk
  /// reaches first is entered by a retreating edge from the cycle).
  std::vector<std::vector<uint8_t>> cycleHeads;

  /// Is a top frame of ps (its main thread's, a thread's) at the head of a
  /// cycle of its function's graph? A process that repeats a state has
  /// gone round a cycle of the graph of its lowest moving frame, so some
  /// move of each state cycle enters such a head.
  bool atCycleHead(const state::ProcState& ps) {
    const model::Program& P = ex.program();
    if (cycleHeads.empty()) {
      cycleHeads.resize(P.funcs.size());
      for (const model::Function& fn : P.funcs) {
        std::vector<uint8_t>& heads = cycleHeads[fn.id];
        heads.assign(fn.locs.size(), 0);
        if (fn.entry == model::kNone)
          continue;
        // 0 unseen, 1 on the walk's path, 2 done
        std::vector<uint8_t> mark(fn.locs.size(), 0);
        std::vector<std::pair<model::LocId, size_t>> path{{fn.entry, 0}};
        mark[fn.entry] = 1;
        while (!path.empty()) {
          auto& [l, k] = path.back();
          if (k == fn.locs[l].out.size()) {
            mark[l] = 2;
            path.pop_back();
            continue;
          }
          model::LocId to = fn.trans[fn.locs[l].out[k++]].to;
          if (to == model::kNone || to >= fn.locs.size())
            continue;
          if (mark[to] == 1)
            heads[to] = 1;
          else if (mark[to] == 0) {
            mark[to] = 1;
            path.push_back({to, 0});
          }
        }
      }
    }
    auto at = [&](const std::vector<state::Frame>& stack) {
      if (stack.empty())
        return false;
      const state::Frame& fr = stack.back();
      return fr.func < cycleHeads.size() && fr.loc < cycleHeads[fr.func].size() &&
             cycleHeads[fr.func][fr.loc];
    };
    if (at(ps.stack))
      return true;
    for (const state::Thread& t : ps.threads)
      if (at(t.stack))
        return true;
    return false;
  }

  /// Does the program call pthread_create?
  bool createsThreads() const {
    const model::Program& P = ex.program();
    for (const model::Function& fn : P.funcs)
      for (const model::Transition& t : fn.trans)
        if (t.stmt.kind == model::StmtKind::Call && t.stmt.callee &&
            t.stmt.callee->kind == model::ExprKind::Func &&
            P.func(t.stmt.callee->func).name == "pthread_create")
          return true;
    return false;
  }

  bool stackDporAsleep(const Node& n, int t) const { return n.dp.asleep(t); }

  /// The DPOR state of node n: its threads, their clocks (from the move
  /// into n), and with the full moves `pm` (n.succs), each thread's next
  /// move, the races of those with the moves of the path (Flanagan and
  /// Godefroid: the latest dependent move of another thread that does not
  /// happen before the thread's next move gets it explored before it, or
  /// every thread when it could not move there), and the first thread to
  /// explore here (the others wait in the pool until a race asks for them).
  void dporSetup(Node& n, const exec::ProcMoves* pm) {
    DporNode& d = n.dp;
    d.active = true;
    const state::ProcState& ps = *n.state.procs[0];
    size_t nt = ps.numThreads();
    d.present.assign(nt, 0);
    d.enabled.assign(nt, 0);
    d.next.assign(nt, DporInfo{});
    for (size_t t = 0; t < nt; ++t)
      d.present[t] =
          t == 0 ? !ps.terminated() && (ps.threads.empty() ||
                                        ps.threads[0].status == state::Thread::Status::Running)
                 : ps.threads[t].status == state::Thread::Status::Running &&
                       !ps.threads[t].stack.empty();
    d.threadClock.assign(nt, Clock{});
    if (!dporEvents.empty()) {
      // the clocks after the path's last event (the parent's move, or the
      // last move of the chain that led here); a thread that starts here:
      // after the move that created it
      for (size_t t = 0; t < nt && t < runClock.size(); ++t)
        d.threadClock[t] = runClock[t];
      for (size_t u = 0; u < nt; ++u)
        if (d.present[u] && (u >= runPresent.size() || !runPresent[u]))
          d.threadClock[u] = dporEvents.back().clock;
    }
    if (!pm)
      return;
    for (const Successor& sc : n.succs)
      if (size_t t = size_t(sc.step.thread); t < nt) {
        d.enabled[t] = 1;
        d.next[t].add(sc.accesses, sc.global);
      }
    std::vector<uint8_t> known = d.enabled;
    for (const exec::WaitingThread& w : pm->waiting)
      if (size_t(w.thread) < nt) {
        d.next[size_t(w.thread)].add(w.accesses, w.global);
        known[size_t(w.thread)] = 1;
      }
    for (size_t t = 0; t < nt; ++t)
      if (d.present[t] && !known[t])
        d.next[t].global = true;
    for (size_t q = 0; q < nt; ++q) {
      if (!d.present[q])
        continue;
      const Clock& cq = d.threadClock[q];
      for (size_t j = dporEvents.size(); j-- > 0;) {
        const DporEvent& e = dporEvents[j];
        int tj = e.thread;
        if (tj < 0 || size_t(tj) == q)
          continue;
        if (size_t(tj) < cq.size() && cq[size_t(tj)] >= j + 1)
          continue; // happens before q's next move
        if (!dependent(e.info, d.next[q]))
          continue;
        // (a move of a chain was the only one enabled at its state: its
        // backtrack set is that thread, explored)
        if (e.node != SIZE_MAX)
          dporBacktrack(stack[e.node], q);
        break;
      }
    }
    if (dporStateful)
      for (size_t t = 0; t < nt; ++t)
        if (d.present[t])
          n.dsum.add(int(t), d.next[t]);
    d.pool = std::move(n.succs);
    n.succs.clear();
    d.backtrack.assign(nt, 0);
    for (size_t t = 0; t < nt; ++t)
      if (d.enabled[t] && !d.asleep(int(t))) {
        d.addBacktrack(int(t), n.succs);
        break;
      }
  }

  /// A race of the move taken at node a with a later move of thread q: q's
  /// moves are explored at a too, or every thread's when q could not move
  /// there.
  void dporBacktrack(Node& a, size_t q) {
    if (q < a.dp.enabled.size() && a.dp.enabled[q])
      a.dp.addBacktrack(int(q), a.succs);
    else
      for (size_t u = 0; u < a.dp.enabled.size(); ++u)
        if (a.dp.enabled[u])
          a.dp.addBacktrack(int(u), a.succs);
  }

  /// Stateful DPOR: the subtree of `top` is done; its summary is kept for
  /// the state and joins its parent's.
  void dporPop(Node& top) {
    if (top.stackIdx > 0) {
      Node& par = stack[top.stackIdx - 1];
      par.dsum.add(top.dsum);
      par.low = std::min(par.low, top.low);
    }
    if (top.low < top.stackIdx) {
      // in a component whose root is below on the stack: the summary is
      // completed when the root's subtree is done
      Node& root = stack[top.low];
      for (const GlobalState* m : top.members) {
        dporSums[m].root = root.seenKey;
        root.members.push_back(m);
      }
      if (top.seenKey) {
        root.members.push_back(top.seenKey);
        dporSums[top.seenKey] = DporSeen{dporPool.intern(std::move(top.dsum)), root.seenKey};
      }
      return;
    }
    auto sum = dporPool.intern(std::move(top.dsum));
    for (const GlobalState* m : top.members) // every member reaches all of it
      dporSums[m] = DporSeen{sum, nullptr};
    if (top.seenKey)
      dporSums[top.seenKey] = DporSeen{sum, nullptr};
  }

  /// Stateful DPOR: the move just taken from `top` returns to stack[k]:
  /// every state of the cycle is fully expanded (the cycle proviso, and no
  /// backtrack point can be missing there), and top joins k's component.
  void dporCycle(Node& top, size_t k) {
    top.low = std::min(top.low, k);
    for (size_t j = k; j <= top.stackIdx && !stop; ++j)
      dporFull(stack[j]);
  }

  /// Stateful DPOR: node a explores every thread's moves.
  void dporFull(Node& a) {
    DporNode& d = a.dp;
    if (!d.active || d.full)
      return;
    d.full = true;
    if (!d.local) {
      for (size_t u = 0; u < d.enabled.size(); ++u)
        if (d.enabled[u])
          d.addBacktrack(int(u), a.succs);
      return;
    }
    // only the local moves of one thread were computed: add the others'
    exec::ProcMoves pm;
    try {
      pm = moves(a.state, 0);
    } catch (const exec::ViolationError& e) {
      if (knockedOut(e.violation) || unwanted(e.violation))
        return;
      trace.resize(a.stackIdx + 1); // the violation is at a's state
      violation(e);
      return;
    }
    size_t nt = d.present.size();
    d.enabled.assign(nt, 0);
    for (Successor& sc : pm.succs) {
      size_t u = size_t(sc.step.thread);
      if (u >= nt)
        continue;
      d.enabled[u] = 1;
      if (d.backtrack[u])
        continue; // the local thread's moves are there already
      d.next[u].add(sc.accesses, sc.global);
      a.dsum.add(int(u), d.next[u]);
      d.backtrack[u] = 1;
      a.succs.push_back(std::move(sc));
    }
  }

  /// Stateful DPOR: the move just taken from `top` (dporMove) leads to the
  /// visited state `key` (`st` before canonicalization), not explored
  /// again. Every move of its summary is treated as if it came next, with
  /// the clock its thread has at the state (a move below may happen after
  /// more, never after less): each move of the path of another thread that
  /// is dependent with it and not known to happen before it is a race —
  /// every such move, not only the latest, as the moves in between are not
  /// on the path (DESIGN-NOTES "Stateful DPOR").
  void dporMatched(Node& top, const GlobalState& key, const GlobalState& st) {
    auto it = dporSums.find(&key);
    if (it == dporSums.end() || !top.dp.active)
      return;
    if (it->second.root) {
      auto on = onStack.find(it->second.root);
      if (on != onStack.end()) // its component is not done: a cycle
        dporCycle(top, on->second);
    }
    std::shared_ptr<const DporStored> keep = it->second.sum; // (the map may grow)
    const DporStored& sum = *keep;
    top.dsum.add(sum);
    const state::ProcState& ps = *st.procs[0];
    size_t nt = ps.numThreads();
    // (the clocks after the path's last event: top's move, or the last
    // move of the chain that led to the state)
    auto clockAt = [&](size_t q, bool& known) -> Clock {
      known = true;
      bool present = q < nt && threadPresent(ps, q);
      if (present && q < runPresent.size() && runPresent[q] && q < runClock.size())
        return runClock[q];
      if (present && !dporEvents.empty()) // created by the last move
        return dporEvents.back().clock;
      known = false; // created below: after some present thread's clock
      return Clock{};
    };
    // the clock every thread created below has at least: the meet of the
    // present threads' clocks
    Clock meet;
    bool first = true;
    for (size_t q = 0; q < std::max(nt, runPresent.size()); ++q) {
      bool known = false;
      Clock c = clockAt(q, known);
      bool present = q < nt && threadPresent(ps, q);
      if (!known || !present)
        continue;
      if (first) {
        meet = c;
        first = false;
      } else {
        if (meet.size() > c.size())
          meet.resize(c.size());
        for (size_t k = 0; k < meet.size(); ++k)
          meet[k] = std::min(meet[k], c[k]);
      }
    }
    for (const auto& [qi, info] : sum.events) {
      size_t q = size_t(qi);
      bool known = false;
      Clock cq = clockAt(q, known);
      if (!known)
        cq = meet;
      for (size_t j = 0; j < dporEvents.size(); ++j) {
        const DporEvent& e = dporEvents[j];
        int tj = e.thread;
        if (tj < 0 || size_t(tj) == q || e.node == SIZE_MAX) // (a chain's move: see dporSetup)
          continue;
        if (size_t(tj) < cq.size() && cq[size_t(tj)] >= j + 1)
          continue; // happens before every move of q below
        if (dependent(e.info, *info))
          dporBacktrack(stack[e.node], q);
      }
    }
  }

  /// Successor i of `top` is explored: its move's clock, and the sleep set
  /// of the state it leads to (the threads asleep at top or explored there
  /// before it whose next move is independent of it).
  void dporMove(Node& top, size_t i) {
    DporNode& d = top.dp;
    pendingSleep.clear();
    dporEvents.resize(std::min(dporEvents.size(), d.evBase));
    if (!d.active)
      return;
    const Successor& sc = top.succs[i];
    int p = sc.step.thread;
    d.evThread = p;
    d.ev = DporInfo{};
    d.ev.add(sc.accesses, sc.global);
    Clock c = size_t(p) < d.threadClock.size() ? d.threadClock[size_t(p)] : Clock{};
    d.evClock = dporClock(p, d.ev, std::move(c));
    dporEvents.push_back(DporEvent{p, d.ev, d.evClock, top.stackIdx});
    runClock = d.threadClock;
    runPresent = d.present;
    if (runClock.size() <= size_t(p))
      runClock.resize(size_t(p) + 1);
    runClock[size_t(p)] = d.evClock;
    if (dporStateful)
      return; // no sleep sets with state matching (DESIGN-NOTES "Stateful DPOR")
    const DporInfo& mine = size_t(p) < d.next.size() ? d.next[size_t(p)] : d.ev;
    auto keep = [&](int q, const DporInfo& info) {
      if (q == p)
        return;
      for (const auto& e : pendingSleep)
        if (e.first == q)
          return;
      if (!dependent(info, mine))
        pendingSleep.emplace_back(q, info);
    };
    for (const auto& [q, info] : d.sleep)
      keep(q, info);
    for (size_t k = 0; k < i; ++k) {
      int q = top.succs[k].step.thread;
      if (size_t(q) < d.next.size())
        keep(q, d.next[size_t(q)]);
    }
  }

  /// The clock of a move of thread p with `info` taken after the path's
  /// events, from p's clock c: the join with every earlier dependent move
  /// of another thread, and its own position.
  Clock dporClock(int p, const DporInfo& info, Clock c) const {
    for (size_t j = 0; j < dporEvents.size(); ++j) {
      const DporEvent& e = dporEvents[j];
      if (e.thread < 0 || e.thread == p)
        continue;
      // (an event that happens before already has its clock joined in c)
      if (size_t(e.thread) < c.size() && c[size_t(e.thread)] >= j + 1)
        continue;
      if (dependent(e.info, info))
        join(c, e.clock);
    }
    if (c.size() <= size_t(p))
      c.resize(size_t(p) + 1, 0);
    c[size_t(p)] = uint32_t(dporEvents.size() + 1);
    return c;
  }

  static bool threadPresent(const state::ProcState& ps, size_t t) {
    if (t == 0)
      return !ps.terminated() &&
             (ps.threads.empty() || ps.threads[0].status == state::Thread::Status::Running);
    return t < ps.threads.size() && ps.threads[t].status == state::Thread::Status::Running &&
           !ps.threads[t].stack.empty();
  }

  /// Stateful DPOR: a move of a chain (the only move enabled at its state,
  /// not a local one) taken, reaching `after`: it becomes an event of the
  /// path (for the clocks of the moves that follow), and it and the blocked
  /// attempts of the threads waiting at its state join the summary of the
  /// node the chain leaves from.
  void dporChained(const Successor& sc, const GlobalState& after) {
    Node& top = stack.back();
    if (!top.dp.active)
      return;
    int p = sc.step.thread;
    DporInfo info;
    info.add(sc.accesses, sc.global);
    Clock c = size_t(p) < runClock.size() ? runClock[size_t(p)] : Clock{};
    c = dporClock(p, info, std::move(c));
    top.dsum.add(p, info);
    for (const exec::WaitingThread& w : chainWaiting) {
      DporInfo wi;
      wi.add(w.accesses, w.global);
      top.dsum.add(w.thread, wi);
    }
    dporEvents.push_back(DporEvent{p, std::move(info), c, SIZE_MAX});
    if (runClock.size() <= size_t(p))
      runClock.resize(size_t(p) + 1);
    runClock[size_t(p)] = c;
    dporPresentAt(*after.procs[0]); // (a thread it started)
  }

  /// The threads present at `ps`, reached by the path's last event: one
  /// that was not present before starts after that event.
  void dporPresentAt(const state::ProcState& ps) {
    size_t nt = ps.numThreads();
    if (runClock.size() < nt)
      runClock.resize(nt);
    std::vector<uint8_t> present(nt, 0);
    for (size_t u = 0; u < nt; ++u) {
      present[u] = threadPresent(ps, u);
      if (present[u] && (u >= runPresent.size() || !runPresent[u]) && !dporEvents.empty())
        runClock[u] = dporEvents.back().clock;
    }
    runPresent = std::move(present);
  }

  /// Turns a reduced expansion into a full one (cycle proviso): the moves
  /// of the other processes are added to the node's successors.
  void expandFully(Node& n) {
    int keep = n.reducedTo, thread = n.reducedThread;
    n.reducedTo = -1;
    n.proviso = true;
    n.reducedThread = -1;
    for (int p = 0; p < n.state.numProcs(); ++p)
      for (Successor& sc : moves(n.state, p).succs)
        if (p != keep || (thread >= 0 && sc.step.thread != thread))
          n.succs.push_back(std::move(sc));
  }

  /// Pushes a new state: records it, expands it. False when the search stops.
  bool push(GlobalState s, GlobalState key, const std::vector<state::Leak>& leaks, uint64_t depth) {
    if (!leaks.empty() && leak(leaks.front()))
      return false;
    ++result.stats.statesSaved;
    checkLimits();
    if (opts.abandonOnNondeterminism && ex.sawNondeterminism()) {
      result.abandoned = true;
      stop = true;
    }
    if (stop)
      return false;
    if (trace.empty())
      trace.push_back(exec::Step{});
    stack.emplace_back();
    {
      Node& nn = stack.back();
      nn.state = std::move(s);
      nn.key = std::move(key);
      nn.chainFrom = std::move(chainFrom);
      nn.chainLen = chainLen;
      nn.depth = depth;
      nn.chainProc = chainLen ? chainProc : -1;
    }
    chainFrom = GlobalState{};
    chainLen = 0;
    chainProc = -1;
    Node& n = stack.back();
    if (target())
      seenAt[n.key] = depth;
    else if (!opts.stateless)
      n.seenKey = &*seen.insert(n.key).first;
    n.stackIdx = stack.size() - 1;
    n.low = n.stackIdx;
    n.fullBelow = n.stackIdx == 0
                      ? 0
                      : stack[n.stackIdx - 1].fullBelow + (stack[n.stackIdx - 1].full ? 1 : 0);
    onStack.emplace(&n.key, n.stackIdx);
    if (termOn) {
      n.tp = tstack.size();
      tstack.push_back(TNode{n.tp, n.seenKey, {}, {}});
      tpos.emplace(n.seenKey, n.tp);
    }
    if (dporOn) {
      n.dp.sleep = std::move(pendingSleep);
      n.dp.evBase = dporEvents.size();
    }
    pendingSleep.clear();
    // depth as the DFS stack size it was before chains: moves + 1
    if (depth + 1 > result.stats.maxDepth)
      result.stats.maxDepth = depth + 1;
    if (opts.maxDepth && depth + 1 > opts.maxDepth) {
      depthLimited = true;
      if (opts.stopAtMaxDepth)
        unknown("max-depth reached");
      return true;
    }
    // LISE: a state where a process is more than --lise-lag records ahead
    // of another is not expanded (the verdict is then at best unknown): a
    // process that can run ahead without bound (buffered sends, an unfair
    // wildcard receive) would make the search endless (seed 004 §3).
    if (liseOn && opts.liseLag && n.state.liseQueue.size() > opts.liseLag) {
      if (lagLimited.empty())
        lagLimited = "the iteration lag between processes exceeded " +
                     std::to_string(opts.liseLag) + " loop records (--lise-lag)";
      return true;
    }
    expand(n);
    return !stop;
  }

  bool guided() const { return !opts.guide.empty(); }
  /// Loose replay: the states reached at each step of the guide.
  std::unordered_map<uint64_t, std::unordered_set<GlobalState, state::GlobalStateHash>> looseSeen;

  /// A loose replay looking for one violation (SearchOptions::guideLoose):
  /// another one ends its branch.
  bool unwanted(const check::Violation& v) const {
    return opts.guideLoose && opts.shortestOf && !sameViolation(v, *opts.shortestOf);
  }

  /// --shortest (SearchOptions::shortestOf): the search for a shorter
  /// trace to the same violation.
  bool target() const { return opts.shortestOf.has_value() && !guided(); }
  struct Best {
    check::Violation violation;
    std::vector<exec::Step> trace;
    std::vector<std::pair<std::string, std::string>> inputs;
  };
  std::optional<Best> best;
  size_t bestBelow = 0;    ///< traces of this length or longer are not looked for
  bool lostBranch = false; ///< another violation ended a branch: not exhaustive
  std::unordered_map<GlobalState, uint64_t, state::GlobalStateHash> seenAt; // -> depth

  /// A violation met by the --shortest search with trace t: the target with
  /// a shorter trace lowers the bound; another violation ends its branch (a
  /// counterexample ends at its first violation).
  /// `cut`: the violation was thrown while the moves of a process were
  /// computed, so that its other moves there were lost (unless it is the
  /// target: they would be longer).
  void targetHit(const check::Violation& v, std::vector<exec::Step> t, sym::Expr cond, bool cut) {
    if (!sameViolation(v, *opts.shortestOf)) {
      lostBranch = lostBranch || cut;
      return;
    }
    if (t.size() >= bestBelow)
      return;
    bestBelow = t.size();
    best = Best{v, std::move(t), cond ? ex.oracle().model(cond) : decltype(Best::inputs){}};
  }

  /// Some node at depth d..top-1 of the stack was fully expanded.
  bool fullSince(size_t d, size_t top) const {
    if (d >= top)
      return false;
    const Node& t = stack[top - 1];
    return t.fullBelow + (t.full ? 1 : 0) > stack[d].fullBelow;
  }

  /// Replay: the one move of the trace at this depth.
  void expandGuided(Node& n) {
    size_t k = stack.size() - 1;
    const exec::Step& g = opts.guide[k];
    if (opts.guideLoose && (g.proc < 0 || g.proc >= n.state.numProcs()))
      return; // the branch ends
    if (g.proc < 0 || g.proc >= n.state.numProcs())
      return unknown("replay: move " + std::to_string(k + 1) + " names process " +
                     std::to_string(g.proc) + ", which does not exist");
    exec::ProcMoves pm = moves(n.state, g.proc);
    // The same statement and choice; or the only move with that statement
    // (a choice that was symbolic in the trace may be decided by the
    // concrete inputs of the replay).
    // A move with the same effects comes first when it is the only one: a
    // receive of a shortened trace (lib/search/Shorten.cpp) matches the
    // same message ("receive {1} from 1 tag 0") although fewer messages
    // may be pending, which renumbers the choices.
    Successor* only = nullptr;
    Successor* sameEffects = nullptr;
    int same = 0, effectsMatch = 0;
    for (Successor& sc : pm.succs) {
      if (sc.step.stmt != g.stmt || sc.step.thread != g.thread)
        continue;
      if (!g.effects.empty() && sc.step.effects == g.effects) {
        ++effectsMatch;
        sameEffects = &sc;
      }
    }
    if (effectsMatch == 1) {
      n.succs.push_back(std::move(*sameEffects));
      return;
    }
    if (opts.guideLoose) {
      // every move with the statement (none: the branch ends); first those
      // that no later step of the guide expects (a message a later receive
      // of the trace takes is tried last)
      auto claimed = [&](const Successor& sc) {
        for (size_t j = k + 1; j < opts.guide.size(); ++j) {
          const exec::Step& h = opts.guide[j];
          if (h.proc == g.proc && h.thread == g.thread && h.stmt == g.stmt &&
              h.effects == sc.step.effects)
            return true;
        }
        return false;
      };
      std::vector<Successor> later;
      for (Successor& sc : pm.succs)
        if (sc.step.stmt == g.stmt && sc.step.thread == g.thread)
          (claimed(sc) ? later : n.succs).push_back(std::move(sc));
      for (Successor& sc : later)
        n.succs.push_back(std::move(sc));
      return;
    }
    for (Successor& sc : pm.succs) {
      if (sc.step.stmt != g.stmt || sc.step.thread != g.thread)
        continue;
      if (sc.step.choice == g.choice) {
        n.succs.push_back(std::move(sc));
        return;
      }
      ++same;
      only = &sc;
    }
    if (same == 1) {
      n.succs.push_back(std::move(*only));
      return;
    }
    std::string at = g.loc.valid() ? ex.program().where(g.loc) + ": " : "";
    unknown("replay: move " + std::to_string(k + 1) + " of the trace ([p" + std::to_string(g.proc) +
            "] " + at + g.stmt + ") does not match a move of the program");
  }

  void expand(Node& n) {
    if (guided() && stack.size() - 1 < opts.guide.size())
      return expandGuided(n);
    int np = n.state.numProcs();
    std::vector<exec::ProcMoves> all(np);
    std::vector<bool> done(np, false);
    if (dporOn && np == 1) {
      // A thread whose moves are all local is explored alone (they are
      // independent of every move); otherwise the full moves, then the
      // DPOR's choice among them (dporSelect).
      all[0] = moves(n.state, 0, true);
      int t = all[0].reduced && !all[0].succs.empty() ? all[0].succs[0].step.thread : -1;
      if (t >= 0 && !stackDporAsleep(n, t)) {
        dporSetup(n, nullptr);
        n.dp.backtrack.assign(n.dp.present.size(), 0);
        if (size_t(t) < n.dp.backtrack.size())
          n.dp.backtrack[size_t(t)] = 1;
        for (const Successor& sc : all[0].succs)
          n.dp.next[size_t(t)].add(sc.accesses, sc.global);
        if (dporStateful)
          n.dsum.add(t, n.dp.next[size_t(t)]);
        n.dp.local = true;
        n.succs = std::move(all[0].succs);
        return;
      }
      done[0] = !all[0].reduced;
    }
    if (opts.por && !guided() && !dporOn) {
      std::vector<int> order(np);
      for (int p = 0; p < np; ++p)
        order[p] = p;
      if (opts.cqmin && !n.state.snaps.empty())
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
          return check::CollectiveMonitor::queueLength(n.state, a) <
                 check::CollectiveMonitor::queueLength(n.state, b);
        });
      // LISE: a process two or more loop records ahead of the slowest one
      // goes after the others, so that no process runs ahead without bound
      // when it need not (seed 004 §3: the search converges only if the
      // iteration lag stays bounded); a lag of one is left to the default
      // order (a sender one iteration ahead of its receiver, stagger.c).
      if (liseOn && !n.state.liseQueue.empty()) {
        std::vector<size_t> rank(np, 0);
        for (int p = 0; p < np; ++p)
          rank[p] = std::max<size_t>(check::LiseMonitor::lag(n.state, p), 1) - 1;
        std::stable_sort(order.begin(), order.end(),
                         [&](int a, int b) { return rank[a] < rank[b]; });
      }
      for (int p : order) {
        // (a process with threads may give only the local moves of one
        // thread: a persistent set, under the cycle proviso below)
        all[p] = moves(n.state, p, true);
        done[p] = true;
        if (!all[p].safe)
          continue;
        // LISE: a process two records ahead is not expanded alone (the
        // others, unsafe ones too, get their turn in a full expansion).
        if (liseOn && check::LiseMonitor::lag(n.state, p) >= 2)
          continue;
        if (all[p].succs.size() >= 2 && mergeOn())
          mergeLocalPaths(p, all[p].succs);
        // Cycle proviso: a reduced expansion may not close a cycle.
        std::vector<GlobalState> keys;
        bool closes = false;
        for (Successor& sc : all[p].succs) {
          std::vector<state::Leak> lk;
          if (sc.covered) {
            keys.emplace_back();
            continue;
          }
          keys.push_back(ex.canonical(sc.state, &lk));
          if (!lk.empty()) {
            keys.back() = GlobalState{};
            continue;
          }
          auto on = onStack.find(&keys.back());
          // LISE: a cycle through a state below that was fully expanded
          // already has its fully expanded state (C3 holds for it); the
          // lagging process may then close it without expanding the others,
          // which would let a process run ahead without bound.
          if (on != onStack.end() && !(liseOn && fullSince(on->second, n.stackIdx)))
            closes = true;
        }
        if (closes) {
          n.proviso = true;
          break;
        }
        n.reducedThread =
            all[p].reduced && !all[p].succs.empty() ? all[p].succs[0].step.thread : -1;
        n.succs = std::move(all[p].succs);
        n.succKeys = std::move(keys);
        n.reducedTo = p;
        n.full = false;
        return;
      }
    }
    bool allTerminated = true;
    std::string blocked;
    // Progress: a move that is not a spurious wake-up (Successor::spurious).
    bool progress = false;
    for (int p = 0; p < np; ++p) {
      if (target()) {
        // --shortest: a violation in a move of p ends p's moves here, not
        // the expansion (the other processes' moves may lead to the target)
        try {
          all[p] = moves(n.state, p);
        } catch (const exec::ViolationError& e) {
          std::vector<exec::Step> t = currentTrace();
          t.push_back(e.step);
          targetHit(e.violation, std::move(t), e.condition, true);
          all[p] = exec::ProcMoves{};
          progress = true; // (not blocked)
          allTerminated = false;
          continue;
        }
      } else if (!done[p] || all[p].reduced)
        all[p] = moves(n.state, p);
      if (!all[p].terminated)
        allTerminated = false;
      bool stuck = true;
      for (const Successor& sc : all[p].succs)
        stuck = stuck && sc.spurious;
      progress = progress || !stuck;
      if (!all[p].terminated && stuck)
        blocked += (blocked.empty() ? "" : "; ") + std::string("process ") + std::to_string(p) +
                   " blocked " + (all[p].blockedAt.empty() ? "" : all[p].blockedAt);
    }
    // CQMin also orders a full expansion: the moves of the processes with
    // the shortest snapshot queues are explored first.
    std::vector<int> order(np);
    for (int p = 0; p < np; ++p)
      order[p] = p;
    if (opts.cqmin && !n.state.snaps.empty() && !guided())
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return check::CollectiveMonitor::queueLength(n.state, a) <
               check::CollectiveMonitor::queueLength(n.state, b);
      });
    // LISE: likewise the processes furthest behind first (a process that
    // runs ahead is explored last: race.c's lagging receiver is explored
    // before the sender's unbounded run ahead with buffered sends).
    if (liseOn && !n.state.liseQueue.empty() && !guided())
      std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return check::LiseMonitor::lag(n.state, a) < check::LiseMonitor::lag(n.state, b);
      });
    for (int p : order)
      for (Successor& sc : all[p].succs)
        n.succs.push_back(std::move(sc));
    if (dporOn && np == 1 && !stop)
      dporSetup(n, &all[0]);
    if (n.succs.empty())
      ++result.stats.executions;
    if (n.succs.empty() && allTerminated && opts.captureOutput && !result.output) {
      std::string out;
      for (const exec::Step& st : currentTrace())
        out += st.output;
      result.output = std::move(out);
    }
    if (n.succs.empty() && allTerminated && !n.state.snaps.empty())
      mon.terminal(n.state);
    if (n.succs.empty() && allTerminated && liseOn)
      lise.terminal(n.state);
    if (n.succs.empty() && allTerminated && outputs.active())
      outputs.terminal(n.state);
    if (!progress && !allTerminated) {
      check::Violation v;
      bool pot = ex.options().syncSends;
      v.kind =
          pot ? check::ViolationKind::PotentialDeadlock : check::ViolationKind::AbsoluteDeadlock;
      v.proc = -1;
      // location: the first blocked process
      for (int p = 0; p < np; ++p)
        if (!all[p].terminated) {
          if (all[p].threadDeadlock) // its threads wait for each other
            v.kind = check::ViolationKind::Deadlock;
          // (with threads: the thread whose wait is the location)
          if (!n.state.procs[p]->threads.empty())
            v.thread = all[p].blockedThread;
          const state::ProcState& ps = *n.state.procs[p];
          const auto& fr = ps.stack.back();
          const auto& fn = ex.program().func(fr.func);
          // (a simulated procedure without a body has no locations: its
          // stub gives blockedLoc)
          if (all[p].blockedLoc.valid() || fr.loc >= fn.locs.size()) {
            v.loc = all[p].blockedLoc.valid() ? all[p].blockedLoc : fn.loc;
          } else {
            const auto& L = fn.locs.at(fr.loc);
            v.loc = L.out.empty() ? L.loc : fn.trans.at(L.out[0]).loc;
          }
          v.proc = p;
          break;
        }
      v.message = (pot && v.kind != check::ViolationKind::Deadlock ? "potential deadlock: "
                                                                   : "deadlock: ") +
                  blocked;
      if (target())
        targetHit(v, currentTrace(), nullptr, false);
      else if (!knockedOut(v) && !unwanted(v)) {
        result.verdict = Verdict::Violation;
        result.violation = v;
        result.trace = currentTrace();
        stop = true;
      }
    }
    if (guided() && !stop) {
      n.succs.clear();
      if (!opts.guideLoose)
        unknown("replay: the trace ends without a violation");
    }
  }

  // ---------------------------------------------------------- path merging
  // (lib/exec/DESIGN-NOTES.md "Merging the paths of a local fork")

  /// Moves of one process followed by mergeLocalPaths, at most.
  static constexpr size_t kMergeMoves = 2048;
  /// Paths of one local fork followed by mergeLocalPaths, at most.
  static constexpr size_t kMergePaths = 64;

  /// Path merging applies: a `verify --contract` run with the urgent POR,
  /// without the DPOR, LISE, a guide or a target.
  bool mergeOn() const {
    return collContract.active() && opts.por && !dporOn && !liseOn && !guided() && !target() &&
           !opts.abandonOnNondeterminism;
  }

  /// The local moves of process p from a fork (`succs`, its moves, all
  /// safe) followed on every path until the process's moves are no longer
  /// safe (or it ends); the states the paths reach there that differ only
  /// in values of p and in the path condition are merged (mergeStates).
  /// When some were merged, succs becomes the states reached (one per
  /// merged group, the others as reached), each with the step of the
  /// first move of its first path. Nothing changes when a path throws (a
  /// violation, unsupported: the usual expansion meets it with its trace),
  /// goes beyond kMergeMoves / kMergePaths, or nothing merges.
  void mergeLocalPaths(int p, std::vector<Successor>& succs) {
    struct Path {
      GlobalState st;
      size_t first; // the index of its first move in succs
    };
    std::vector<Path> work, ends;
    for (size_t i = 0; i < succs.size(); ++i) {
      if (succs[i].covered || succs[i].spurious)
        return;
      work.push_back({succs[i].state, i});
    }
    size_t budget = kMergeMoves;
    uint64_t moved = 0;
    try {
      while (!work.empty()) {
        Path path = std::move(work.back());
        work.pop_back();
        for (;;) {
          const state::ProcState& ps = *path.st.procs[size_t(p)];
          if (!ps.heap.empty() || !ps.threads.empty())
            return; // (a leak is reported where it happens: chain)
          exec::ProcMoves pm = moves(path.st, p, true);
          if (!pm.safe || pm.terminated || pm.succs.empty() || pm.reduced) {
            ends.push_back(std::move(path));
            break;
          }
          if (budget < pm.succs.size() || work.size() + ends.size() + pm.succs.size() > kMergePaths)
            return;
          budget -= pm.succs.size();
          moved += pm.succs.size();
          for (Successor& sc : pm.succs)
            if (sc.covered || sc.spurious)
              return;
          for (size_t k = 1; k < pm.succs.size(); ++k)
            work.push_back({std::move(pm.succs[k].state), path.first});
          path.st = std::move(pm.succs[0].state);
        }
      }
    } catch (...) {
      return;
    }
    result.stats.transitions += moved;
    std::vector<Successor> out;
    std::vector<bool> used(ends.size(), false);
    bool merged = false;
    for (size_t i = 0; i < ends.size(); ++i) {
      if (used[i])
        continue;
      std::vector<size_t> group{i};
      for (size_t j = i + 1; j < ends.size(); ++j)
        if (!used[j] && mergeable(ends[i].st, ends[j].st, p))
          group.push_back(j);
      std::optional<GlobalState> m;
      if (group.size() >= 2) {
        std::vector<const GlobalState*> sts;
        for (size_t j : group)
          sts.push_back(&ends[j].st);
        m = mergeStates(ex, sts, p);
      }
      if (!m)
        group.resize(1);
      for (size_t j : group)
        used[j] = true;
      Successor sc;
      sc.step = succs[ends[i].first].step;
      sc.step.effects.push_back(
          "then process " + std::to_string(p) + "'s local moves" +
          (m ? " on " + std::to_string(group.size()) + " paths, merged" : ""));
      sc.state = m ? std::move(*m) : std::move(ends[i].st);
      merged = merged || m.has_value();
      out.push_back(std::move(sc));
    }
    if (merged)
      succs = std::move(out);
  }

  SearchResult finish() {
    if (printedProgress)
      std::fprintf(stderr, "\r%80s\r", "");
    if (result.verdict == Verdict::Unknown && !stack.empty() && !replayTimedOut &&
        (result.reason.rfind("time-limit reached", 0) == 0 ||
         result.reason.rfind("max-states reached", 0) == 0 ||
         (opts.stopAtMaxDepth && result.reason.rfind("max-depth reached", 0) == 0) ||
         result.reason.rfind("memory-limit reached", 0) == 0))
      result.reason += growingLoop();
    if (target()) {
      // --shortest: the shortest trace found; minimal when the search was
      // exhausted (no limit stopped it, no other violation cut a branch)
      bool exhausted = !stop && !lostBranch && !depthLimited;
      std::string why = result.reason;
      result.minimal = exhausted;
      result.reason = exhausted      ? std::string()
                      : !why.empty() ? why
                      : lostBranch   ? "a violation in a move of a process cut its other moves"
                                     : "max-depth reached";
      if (best) {
        result.verdict = Verdict::Violation;
        result.violation = best->violation;
        result.trace = std::move(best->trace);
        result.inputs = std::move(best->inputs);
        showArgvInputs(result.inputs);
      } else {
        result.verdict = Verdict::Verified;
        result.violation.reset();
        result.trace.clear();
      }
    }
    result.terminates = termOn && result.verdict == Verdict::Verified;
    result.terminationNote = termOn ? std::string() : termWhyNot;
    if (result.verdict == Verdict::Verified) {
      result.complete = !depthLimited && lagLimited.empty();
      if (depthLimited)
        unknown("max-depth reached");
      else if (!lagLimited.empty())
        unknown(lagLimited);
      else if (!ignoredSeen.empty())
        unknown("a violation of an ignored kind (--ignore): " + ignoredSeen);
      else if (!ex.unchecked().empty())
        unknown("not checked: " + ex.unchecked().front() +
                (ex.unchecked().size() > 1
                     ? " (and " + std::to_string(ex.unchecked().size() - 1) + " more)"
                     : ""));
      else if (!ex.undecided().empty())
        unknown("the prover could not decide: " + ex.undecided().front() +
                (ex.undecided().size() > 1
                     ? " (and " + std::to_string(ex.undecided().size() - 1) + " more)"
                     : ""));
      else
        for (const std::string& a : ex.assumptions()) // said with the verdict
          addNote(result.assumed, a);
    }
    if (liseOn) {
      result.liseProofs = lise.proofs();
    }
    result.sendModeMatters = ex.sendModeMatters();
    result.stats.seconds = elapsed();
    result.stats.peakMemoryKB = peakMemoryKB();
    result.stats.proverCalls = ex.oracle().callCounts();
    return result;
  }
};

} // namespace

void addNote(std::string& note, const std::string& part) {
  if (!part.empty() && note.find(part) == std::string::npos)
    note += (note.empty() ? "" : "; ") + part;
}

namespace {
/// The search's --time-limit as the oracle's deadline, for one search.
class OracleDeadline {
public:
  OracleDeadline(exec::Oracle& o, double seconds) : o_(o) {
    if (seconds > 0)
      o_.setDeadline(std::chrono::steady_clock::now() +
                     std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(seconds)));
  }
  ~OracleDeadline() { o_.setDeadline(std::nullopt); }
  OracleDeadline(const OracleDeadline&) = delete;
  OracleDeadline& operator=(const OracleDeadline&) = delete;

private:
  exec::Oracle& o_;
};
} // namespace

namespace {
/// A DPOR run verified the program without promising termination: the
/// same state space is searched again with the local-move reduction and
/// state matching, whose fair-component check does (DESIGN-NOTES
/// "Termination under the DPOR"). Its NONTERMINATION (or any violation:
/// a real trace) is the verdict; verified gives the promise; unknown says
/// why it is not given.
SearchResult checkTermination(exec::Executor& ex, const SearchOptions& opts, SearchResult r) {
  SearchOptions o = opts;
  o.dpor = false;
  o.dporStateless = false;
  o.progress = false;
  if (o.timeLimit > 0)
    o.timeLimit = std::max(0.01, o.timeLimit - r.stats.seconds);
  SearchResult t = Dfs(ex, o).run();
  Stats total = r.stats;
  accumulate(total, t.stats);
  total.seconds = r.stats.seconds + t.stats.seconds;
  if (t.abandoned) { // (it met a cycle: searchSendMode's mixed run decides)
    r.abandoned = true;
    r.stats = total;
    return r;
  }
  if (t.verdict == Verdict::Violation) {
    t.stats = total;
    t.threadReduction = "local moves (the check of termination after the DPOR)";
    return t;
  }
  r.stats = total;
  if (t.verdict == Verdict::Verified) {
    r.terminates = t.terminates;
    r.terminationNote = t.terminationNote;
  } else
    r.terminationNote = "the check of termination with the local-move reduction after the DPOR "
                        "ended unknown (" +
                        t.reason + ")";
  return r;
}
} // namespace

SearchResult search(exec::Executor& ex, const SearchOptions& opts) {
  OracleDeadline deadline(ex.oracle(), opts.timeLimit);
  SearchResult r = Dfs(ex, opts).run();
  if (!r.dporCycle) {
    if (r.verdict == Verdict::Verified && r.terminationNote == kDporTermination &&
        opts.dporTermination)
      return checkTermination(ex, opts, std::move(r));
    return r;
  }
  // The DPOR met a cycle (a busy-wait, a condition-variable loop): its
  // completeness argument needs executions that end, so the search starts
  // again with the local-move reduction and state matching.
  SearchOptions o = opts;
  o.dpor = false;
  if (o.timeLimit > 0)
    o.timeLimit = std::max(0.01, o.timeLimit - r.stats.seconds);
  if (o.maxStates)
    o.maxStates = std::max<uint64_t>(1, o.maxStates - std::min(o.maxStates, r.stats.statesSaved));
  SearchResult r2 = Dfs(ex, o).run();
  Stats total = r.stats;
  accumulate(total, r2.stats);
  total.seconds = r.stats.seconds + r2.stats.seconds;
  r2.stats = total;
  r2.threadReduction = "local moves (DPOR met a cycle)";
  return r2;
}

} // namespace chorus::search
