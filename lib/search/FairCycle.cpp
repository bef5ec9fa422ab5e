#include "FairCycle.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace chorus::search {

namespace {

using Unit = std::pair<int, int>; // (process, thread)

std::string unitName(Unit u) {
  return "process " + std::to_string(u.first) +
         (u.second > 0 ? " (thread " + std::to_string(u.second) + ")" : "");
}

bool callsAny(const exec::Step& st, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (st.stmt.find(n) != std::string::npos)
      return true;
  return false;
}

/// The units of process p that can move at s (a spurious wake-up is not a
/// move any implementation must make).
std::set<Unit> enabledUnits(exec::Executor& ex, const exec::GlobalState& s, int p) {
  std::set<Unit> out;
  exec::ProcMoves pm = ex.moves(s, p);
  for (const exec::Successor& sc : pm.succs)
    if (!sc.spurious)
      out.insert({p, sc.step.thread});
  return out;
}

} // namespace

CycleFairness cycleFairness(exec::Executor& ex, const std::vector<exec::GlobalState>& states,
                            const std::vector<exec::Step>& steps) {
  CycleFairness r;
  if (states.empty() || states.size() != steps.size())
    return r;
  // the units that move, and the lines each one's moves are at
  std::map<Unit, std::pair<uint32_t, uint32_t>> moving;
  for (const exec::Step& st : steps) {
    auto [it, fresh] = moving.emplace(Unit{st.proc, st.thread}, std::make_pair(UINT32_MAX, 0u));
    (void)fresh;
    if (st.loc.valid()) {
      it->second.first = std::min(it->second.first, st.loc.line);
      it->second.second = std::max(it->second.second, st.loc.line);
    }
  }
  try {
    // Weak fairness: a unit that does not move and can move at every state.
    std::set<Unit> idle;
    for (int p = 0; p < states[0].numProcs(); ++p)
      for (Unit u : enabledUnits(ex, states[0], p))
        if (!moving.count(u))
          idle.insert(u);
    for (size_t i = 1; i < states.size() && !idle.empty(); ++i) {
      std::set<int> procs;
      for (Unit u : idle)
        procs.insert(u.first);
      std::set<Unit> still;
      for (int p : procs) {
        std::set<Unit> en = enabledUnits(ex, states[i], p);
        for (Unit u : idle)
          if (u.first == p && en.count(u))
            still.insert(u);
      }
      idle = std::move(still);
    }
    if (!idle.empty()) {
      r.whyNot = unitName(*idle.begin()) + " can move at every state of the cycle but never does";
      return r;
    }
    // Outcomes that may be put off but not forever: the step taken and the
    // other moves of its thread at its state. MPI progress (MPI 3.1
    // §3.7.4: a test repeated while the operation can complete eventually
    // succeeds; §3.8.1 likewise for MPI_Iprobe): the not-complete outcome
    // of a test is its statement's first move (MpiReq.cpp: choice 0);
    // C11 7.17.7.4p7: a weak compare-and-swap may fail spuriously, not
    // forever; a spurious wake-up is never owed; a pending asynchronous
    // cancellation (POSIX XSH 2.9.5) acts.
    for (size_t i = 0; i < steps.size(); ++i) {
      const exec::Step& st = steps[i];
      exec::ProcMoves pm = ex.moves(states[i], st.proc);
      bool test = callsAny(st, {"MPI_Test", "MPI_Iprobe", "MPI_Improbe", "MPI_Request_get_status"});
      bool weakFail = false;
      for (const std::string& e : st.effects)
        weakFail = weakFail || e.find("fails spuriously") != std::string::npos;
      size_t same = 0;
      bool spurious = false, cancel = false;
      for (const exec::Successor& sc : pm.succs) {
        if (sc.step.thread != st.thread)
          continue;
        if (sc.step.stmt == st.stmt) {
          ++same;
          spurious = spurious || (sc.step.choice == st.choice && sc.spurious);
        }
        cancel = cancel || sc.step.stmt.rfind("(asynchronous cancellation", 0) == 0;
      }
      std::string who = unitName({st.proc, st.thread});
      if (test && same >= 2 && st.choice == 0)
        r.whyNot = who + "'s test keeps failing although it could succeed (MPI progress rule)";
      else if (weakFail && same >= 2)
        r.whyNot = who + "'s weak compare-and-swap fails although it could succeed";
      else if (spurious)
        r.whyNot = who + " wakes up spuriously";
      else if (cancel && st.stmt.rfind("(asynchronous cancellation", 0) != 0)
        r.whyNot = who + "'s pending asynchronous cancellation does not act";
      if (!r.whyNot.empty())
        return r;
    }
  } catch (const exec::ViolationError& e) {
    r.whyNot = std::string("a move's computation failed: ") + e.what();
    return r;
  } catch (const exec::Unsupported& e) {
    r.whyNot = std::string("a move's computation failed: ") + e.what();
    return r;
  }
  r.fair = true;
  for (const auto& [u, lines] : moving) {
    r.looping += (r.looping.empty() ? "" : ", ") + unitName(u);
    if (lines.second > 0)
      r.looping += lines.first == lines.second ? " at line " + std::to_string(lines.first)
                                               : " over lines " + std::to_string(lines.first) +
                                                     "-" + std::to_string(lines.second);
  }
  return r;
}

} // namespace chorus::search
