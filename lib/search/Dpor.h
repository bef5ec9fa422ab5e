// Dynamic partial-order reduction among the threads of one process
// (lib/exec/DESIGN-NOTES.md "DPOR"): the dependency relation of moves, the
// happens-before vector clocks of the current path, and the per-state
// bookkeeping (backtrack set, sleep set, the moves not yet explored) of the
// algorithm of Flanagan and Godefroid (POPL 2005) with sleep sets
// (Godefroid 1996), as lib/search/Search.cpp runs it: stateless, for
// programs whose executions all end.
#pragma once

#include "chorus/exec/Executor.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace chorus::search {

/// What a move (or a thread's next move) touches: the places it reads and
/// writes (program data, atomics and the fields of synchronization objects)
/// and whether it depends on everything (exec::Successor::global).
struct DporInfo {
  std::vector<exec::Access> accesses;
  bool global = false;
  void add(const std::vector<exec::Access>& acc, bool g);
};

/// Stateful DPOR: what the moves reachable below a visited state touch,
/// per thread (the union of their infos), including the next moves of
/// threads blocked there.
struct DporStored;
struct DporSummary {
  std::vector<std::pair<int, DporInfo>> events;
  void add(int thread, const DporInfo& info);
  void add(const DporSummary& other);
  void add(const DporStored& other);
};

/// A summary as stored with a visited state: per thread, an interned info
/// (the summaries of many states share their threads' infos).
struct DporStored {
  std::vector<std::pair<int, std::shared_ptr<const DporInfo>>> events;
};

/// Stored summaries, shared: many visited states have equal ones (a state's
/// summary contains its successors'), so each distinct summary is kept
/// once, and each distinct per-thread info once.
class DporSummaryPool {
public:
  std::shared_ptr<const DporStored> intern(DporSummary s);

private:
  std::shared_ptr<const DporInfo> internInfo(DporInfo info);
  std::unordered_map<size_t, std::vector<std::shared_ptr<const DporInfo>>> infos_;
  std::unordered_map<size_t, std::vector<std::shared_ptr<const DporStored>>> byHash_;
};

/// Two moves of different threads are dependent when one is global or they
/// access overlapping places (one path a prefix of the other, with steps
/// that are not two different constants), one of them writing.
bool dependent(const DporInfo& a, const DporInfo& b);

/// A vector clock: entry t is the number of moves of thread t's on the path
/// (1-based position of its latest move) that happen before.
using Clock = std::vector<uint32_t>;
void join(Clock& into, const Clock& c);

/// A move of the current path (events of a node's explored move and of the
/// chains of single moves between nodes), position k (0-based) in the path;
/// clocks name it k + 1.
struct DporEvent {
  int thread = -1;
  DporInfo info;
  Clock clock;
  /// The stack node it was taken from, or SIZE_MAX for a move of a chain:
  /// it was the only move enabled at its state, so no race with it asks
  /// for a backtrack point (that point's only thread was explored).
  size_t node = SIZE_MAX;
};

/// The DPOR state of one node of the search stack.
struct DporNode {
  bool active = false;
  bool local = false; ///< only one thread's local moves were computed here
  bool full = false;  ///< stateful DPOR: every thread's moves are explored (a cycle)
  /// The number of events of the path before this node's move.
  size_t evBase = 0;
  /// Per thread: present (a running thread), enabled (has moves here), and
  /// its next move's info (the union over its moves, or the blocked
  /// attempt's accesses).
  std::vector<uint8_t> present, enabled;
  std::vector<DporInfo> next;
  /// Threads whose moves were put on the node's successors (backtrack set).
  std::vector<uint8_t> backtrack;
  /// Threads asleep here, with the info of their next move.
  std::vector<std::pair<int, DporInfo>> sleep;
  /// The moves of the threads not (yet) in the backtrack set.
  std::vector<exec::Successor> pool;
  /// Clock of each thread at this node (what happened before its next move).
  std::vector<Clock> threadClock;
  /// The move being explored from this node: its thread, info and clock.
  int evThread = -1;
  DporInfo ev;
  Clock evClock;

  bool asleep(int t) const {
    for (const auto& [q, i] : sleep)
      if (q == t)
        return true;
    return false;
  }
  /// Moves thread t's moves from the pool to `succs` (t joins the backtrack
  /// set) unless it is there already or asleep. True when some were added.
  bool addBacktrack(int t, std::vector<exec::Successor>& succs);
};

} // namespace chorus::search
