#include "chorus/search/Shorten.h"

#include "chorus/search/Steps.h"
#include "chorus/search/Verify.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <optional>
#include <utility>

namespace chorus::search {

namespace {

/// Without --time-limit, shortening may take kShortenFactor times the
/// processor time the run took to find the violation, at least
/// kShortenMinSeconds and at most kShortenMaxSeconds: a replay costs about
/// what the search did, so a violation found in a second is not followed
/// by a minute of replays of a trace of 100,000 moves.
constexpr double kShortenFactor = 4;
constexpr double kShortenMinSeconds = 10;
constexpr double kShortenMaxSeconds = 60;

/// Processor time of this process: the shortening budget does not shrink
/// when the machine is loaded.
double cpuSeconds() {
  return double(std::clock()) / CLOCKS_PER_SEC;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

bool sameViolation(const check::Violation& a, const check::Violation& b) {
  if (a.kind != b.kind || a.proc != b.proc || a.thread != b.thread || a.loc.file != b.loc.file ||
      a.loc.line != b.loc.line || a.loc.col != b.loc.col)
    return false;
  return a.message == b.message;
}

namespace {

/// Limit of a loose replay (SearchOptions::guideLoose): its branching over
/// the messages a receive may match instead is exponential.
constexpr uint64_t kLooseStates = 20000;

SearchResult guidedRun(const model::Program& p, const exec::ExecOptions& eo,
                       const SearchOptions& so, bool useProver,
                       const std::vector<exec::Step>& steps,
                       const std::optional<check::Violation>& loose) {
  SearchOptions g = so;
  g.guide = steps;
  g.progress = false;
  g.shorten = false;
  g.shortest = false;
  g.guideLoose = loose.has_value();
  g.shortestOf = loose;
  if (loose)
    g.maxStates = kLooseStates;
  try {
    return searchSendMode(p, eo, g, useProver);
  } catch (const std::exception& e) {
    SearchResult r;
    r.verdict = Verdict::Unknown;
    r.reason = std::string("replay: ") + e.what();
    return r;
  }
}

} // namespace

SearchResult replaySteps(const model::Program& p, const exec::ExecOptions& eo,
                         const SearchOptions& so, bool useProver,
                         const std::vector<exec::Step>& steps) {
  return guidedRun(p, eo, so, useProver, steps, std::nullopt);
}

SearchResult shortenTrace(const model::Program& p, const exec::ExecOptions& eo,
                          const SearchOptions& so, bool useProver, SearchResult r) {
  // (--lise: the trace is that of the concrete run confirming a possible
  // violation, with the inputs it fixed; it stays as it is)
  if (!so.shorten || !so.guide.empty() || r.verdict != Verdict::Violation || !r.violation ||
      r.trace.size() < 2 || r.possible || so.lise ||
      r.violation->kind == check::ViolationKind::Nontermination)
    return r; // (NONTERMINATION: a replay does not close the cycle)
  auto t0 = std::chrono::steady_clock::now();
  double cpu0 = cpuSeconds();
  // With --time-limit, what the search left of it, in wall-clock time as
  // the search counts it (the user's limit bounds the whole run); without,
  // processor time in proportion to the run's so far (kShortenFactor).
  const bool limited = so.timeLimit > 0;
  const double budget =
      limited ? std::max(0.0, so.timeLimit - r.stats.seconds)
              : std::clamp(kShortenFactor * cpu0, kShortenMinSeconds, kShortenMaxSeconds);
  auto spent = [&] { return limited ? since(t0) : cpuSeconds() - cpu0; };
  const std::vector<exec::Step>& orig = r.trace;
  // One unit moves (a sequential program, or one process before the
  // others): every move is in the violation's causal past, and a replay of
  // fewer of its moves follows the search's own path, on which the
  // violation came last (a replay of 10^5 moves of one loop costs seconds).
  bool oneUnit = true;
  for (const exec::Step& s : orig)
    oneUnit = oneUnit && s.proc == orig[0].proc && s.thread == orig[0].thread;
  if (oneUnit)
    return r;
  // The units of execution (process, thread) in the order they first move,
  // and each step's unit and index among that unit's steps.
  std::map<std::pair<int, int>, size_t> unitOf;
  std::vector<size_t> unit(orig.size()), nth(orig.size());
  std::vector<size_t> count;
  for (size_t i = 0; i < orig.size(); ++i) {
    auto [it, fresh] = unitOf.emplace(std::make_pair(orig[i].proc, orig[i].thread), count.size());
    if (fresh)
      count.push_back(0);
    unit[i] = it->second;
    nth[i] = count[unit[i]]++;
  }
  std::vector<size_t> keep = count; // per unit, the length of its prefix kept
  std::optional<SearchResult> best;
  size_t replays = 0;
  bool outOfTime = false;
  // Does keeping these prefixes reproduce the violation? (best: its replay)
  auto tryKeep = [&](const std::vector<size_t>& k, bool loose) {
    if (spent() > budget) {
      outOfTime = true;
      return false;
    }
    SearchOptions each = so; // each replay within what is left
    if (limited)
      each.timeLimit = std::max(0.01, budget - spent());
    std::vector<exec::Step> cand;
    for (size_t i = 0; i < orig.size(); ++i)
      if (nth[i] < k[unit[i]])
        cand.push_back(orig[i]);
    if (cand.empty())
      return false;
    ++replays;
    SearchResult c = replaySteps(p, eo, each, useProver, cand);
    if (loose && (c.verdict != Verdict::Violation || !c.violation ||
                  !sameViolation(*c.violation, *r.violation))) {
      // the same moves, receives free to match other messages; what it
      // finds is kept only when its strict replay confirms it
      SearchResult l = guidedRun(p, eo, each, useProver, cand, r.violation);
      if (l.verdict != Verdict::Violation || !l.violation ||
          !sameViolation(*l.violation, *r.violation))
        return false;
      ++replays;
      c = replaySteps(p, eo, each, useProver, l.trace);
    }
    if (c.verdict != Verdict::Violation || !c.violation ||
        !sameViolation(*c.violation, *r.violation))
      return false;
    if (!best || c.trace.size() < best->trace.size())
      best = std::move(c);
    return true;
  };
  // First each unit dropped whole (units that are not in the causal past),
  // in the order they first move; then per unit the shortest prefix that still
  // reproduces the violation, by binary search (each answer is a replay:
  // only confirmed prefixes are kept, whatever the monotonicity).
  std::vector<size_t> order(count.size());
  for (size_t u = 0; u < order.size(); ++u)
    order[u] = u;
  std::vector<bool> needed(count.size(), false);
  for (size_t u : order) {
    std::vector<size_t> k = keep;
    k[u] = 0;
    if (tryKeep(k, false))
      keep = k;
    else
      needed[u] = true;
  }
  // Second, the same with loose replays: a receive whose message is
  // gone may match another one (a shorter trace with other matches).
  for (bool loose : {false, true})
    for (size_t u : order) {
      if (!needed[u] || outOfTime)
        continue;
      size_t lo = 1, hi = keep[u];
      while (lo < hi && !outOfTime) {
        size_t mid = lo + (hi - lo) / 2;
        std::vector<size_t> k = keep;
        k[u] = mid;
        if (tryKeep(k, loose)) {
          hi = mid;
          keep = k;
        } else
          lo = mid + 1;
      }
    }
  if (!best || best->trace.size() >= orig.size()) {
    r.stats.seconds += since(t0); // the run's time includes the attempt
    return r;
  }
  SearchResult s = std::move(r);
  s.traceBefore = s.trace.size();
  const size_t stepsBefore = countSteps(s.trace);
  s.trace = std::move(best->trace);
  s.violation = best->violation;
  if (!best->inputs.empty() || s.inputs.empty())
    s.inputs = std::move(best->inputs);
  s.traceNote = "trace shortened from " + std::to_string(stepsBefore) + " steps (" +
                std::to_string(s.traceBefore) + " moves) to " +
                std::to_string(countSteps(s.trace)) + " steps (" + std::to_string(s.trace.size()) +
                " moves) (the moves outside the violation's "
                "causal past dropped; confirmed by replay, " +
                std::to_string(replays) + " replays" +
                (outOfTime ? ", stopped at the time budget" : "") + ")";
  s.stats.seconds += since(t0);
  return s;
}

SearchResult finishTrace(const model::Program& p, const exec::ExecOptions& eo,
                         const SearchOptions& so, bool useProver, SearchResult r) {
  if (r.verdict != Verdict::Violation || !so.guide.empty())
    return r;
  r = shortenTrace(p, eo, so, useProver, std::move(r));
  if (so.shortest)
    r = shortestTrace(p, eo, so, useProver, std::move(r));
  return r;
}

} // namespace chorus::search
