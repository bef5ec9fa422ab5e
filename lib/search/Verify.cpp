#include "chorus/search/Verify.h"

#include "chorus/search/Shorten.h"

#include "chorus/check/LiseMonitor.h"
#include "chorus/exec/ProverOracle.h"

#include <algorithm>
#include <chrono>
#include <set>

namespace chorus::search {

std::vector<bool> sendModes(DeadlockMode d) {
  std::vector<bool> modes;
  if (d != DeadlockMode::Potential)
    modes.push_back(false);
  if (d != DeadlockMode::Absolute)
    modes.push_back(true);
  return modes;
}

std::unique_ptr<exec::Oracle> makeOracle(sym::ExprFactory& f, bool useProver) {
  if (useProver)
    return std::make_unique<exec::ProverOracle>(f);
  return std::make_unique<exec::SimplifierOracle>(f);
}

bool keepGoing(SearchResult& total, std::optional<SearchResult>& unknown, SearchResult& r) {
  if (r.verdict == Verdict::Verified) {
    addNote(total.assumed, r.assumed); // (what each run assumed)
    return true;
  }
  r.stats = total.stats;
  if (r.verdict == Verdict::Unknown && r.complete) {
    // remembered; the other configurations may still show a violation
    if (!unknown)
      unknown = r;
    return true;
  }
  return false;
}

SearchOptions withinRun(const SearchOptions& so, double spentSeconds) {
  SearchOptions o = so;
  if (o.timeLimit > 0)
    o.timeLimit = std::max(0.001, so.timeLimit - spentSeconds);
  return o;
}

SearchResult finishConfigurations(SearchResult total, const std::optional<SearchResult>& unknown) {
  if (!unknown)
    return total;
  SearchResult r = *unknown;
  r.stats = total.stats;
  return r;
}

namespace {

/// Limits of the concrete replay of a possible violation (confirmPossible).
constexpr uint64_t kConfirmStates = 200000;
constexpr double kConfirmSeconds = 60;
/// Limits of the bounded runs with small inputs after an unknown --lise
/// verdict (refuteSmall): values 0..kSmallMax, in all at most kSmallSeconds.
constexpr int kSmallMax = 3;
constexpr uint64_t kSmallStates = 20000;
constexpr double kSmallSeconds = 20;

SearchResult runSearch(const model::Program& p, const exec::ExecOptions& eo,
                       const SearchOptions& so, bool useProver) {
  sym::ExprFactory factory;
  std::unique_ptr<exec::Oracle> oracle = makeOracle(factory, useProver);
  exec::Executor ex(p, factory, *oracle, eo);
  return search(ex, so);
}

} // namespace

SearchResult searchSendMode(const model::Program& p, exec::ExecOptions eo, const SearchOptions& so,
                            bool useProver) {
  if (!eo.syncSends)
    return runSearch(p, eo, so, useProver);
  Stats stats;
  if (so.guide.empty()) {
    eo.mixedSends = false;
    SearchOptions first = so;
    first.abandonOnNondeterminism = true;
    SearchResult r = runSearch(p, eo, first, useProver);
    if (!r.abandoned)
      return r;
    stats = r.stats;
  }
  eo.mixedSends = true;
  SearchResult r = runSearch(p, eo, so, useProver);
  accumulate(stats, r.stats);
  r.stats = stats;
  return r;
}

namespace {

/// The bounded concrete run of a counterexample: the configuration of `eo`
/// with the inputs of `inputs` the user did not fix set to their values
/// (element values and LISE's havocs left free); `shown` lists them.
SearchResult concreteRun(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                         bool useProver,
                         const std::vector<std::pair<std::string, std::string>>& inputs,
                         std::string& shown) {
  eo.lise = false;
  so.lise = false;
  so.progress = false;
  so.guide.clear();
  // the program's inputs: declared ones and main's argc (a model also names
  // nondeterministic values, which are no inputs)
  std::set<std::string> names;
  for (const model::InputDecl& in : p.inputs)
    names.insert(in.macro.empty() ? p.var(in.var).name : in.macro);
  if (const model::Function* m = p.findFunc("main"); m && !m->params.empty())
    names.insert(p.var(m->params[0]).name);
  for (const auto& [name, value] : inputs) {
    if (!names.count(name) || name.find('[') != std::string::npos || eo.inputs.count(name) ||
        value == "?" ||                       // (not evaluated: left free)
        value.find('(') != std::string::npos) // (an array or term: left free)
      continue;
    eo.inputs[name] = value;
    shown += (shown.empty() ? "" : ", ") + name + "=" + value;
  }
  // bounded: the loops end with concrete inputs, or the limits say so
  if (!so.maxStates || so.maxStates > kConfirmStates)
    so.maxStates = kConfirmStates;
  if (!so.timeLimit || so.timeLimit > kConfirmSeconds)
    so.timeLimit = kConfirmSeconds;
  SearchResult c;
  try {
    c = searchSendMode(p, eo, so, useProver);
  } catch (const std::exception& e) {
    c.verdict = Verdict::Unknown;
    c.reason = e.what();
  }
  return c;
}

} // namespace

SearchResult confirmRounding(const model::Program& p, const exec::ExecOptions& eo,
                             const SearchOptions& so, bool useProver, SearchResult r) {
  if (!r.roundingCounterexample || r.verdict != Verdict::Unknown)
    return r;
  std::string shown;
  SearchResult c = concreteRun(p, eo, so, useProver, r.inputs, shown);
  accumulate(r.stats, c.stats);
  if (shown.empty()) // (no input to fix: the run would be the same)
    return r;
  if (c.verdict == Verdict::Violation && c.violation && !c.possible) {
    c.violation->message = "confirmed by a concrete run with inputs " + shown +
                           " (the prover's counterexample to a claim that depends on roundings "
                           "of symbolic floating values): " +
                           c.violation->message;
    c.stats = r.stats;
    return c;
  }
  r.reason += "; a concrete run with the prover's inputs " + shown +
              (c.verdict == Verdict::Verified ? " reaches no violation"
                                              : " was inconclusive (" + c.reason + ")");
  return r;
}

namespace {

/// The concrete run of r's violation (concreteRun with its inputs); `with`
/// names the inputs it fixed, `found` the violation replayed.
SearchResult replayRun(const model::Program& p, const exec::ExecOptions& eo,
                       const SearchOptions& so, bool useProver, const SearchResult& r,
                       std::string& with, std::string& found) {
  std::string shown;
  SearchResult c = concreteRun(p, eo, so, useProver, r.inputs, shown);
  with = shown.empty() ? "the same inputs" : "inputs " + shown;
  found = std::string(check::kindName(r.violation->kind)) + " at " + p.where(r.violation->loc) +
          " (process " + std::to_string(r.violation->proc) + ")";
  return c;
}

} // namespace

SearchResult confirmPossible(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                             bool useProver, SearchResult r) {
  if (!r.possible || r.verdict != Verdict::Violation || !r.violation)
    return r;
  std::string with, found;
  SearchResult c = replayRun(p, eo, so, useProver, r, with, found);
  if (c.verdict == Verdict::Violation && c.violation) {
    bool named = r.violation->kind == check::ViolationKind::PossibleInvariantViolation;
    c.violation->message = "confirmed by a concrete run with " + with + " (replaying the " +
                           (named ? "" : "possible ") + found +
                           " that --lise found): " + c.violation->message;
    accumulate(r.stats, c.stats);
    c.stats = r.stats;
    c.liseProofs = r.liseProofs;
    return c;
  }
  r.violation->message +=
      c.verdict == Verdict::Verified
          ? "; not confirmed: a concrete run with " + with +
                " reaches no violation (the invariant may be too weak to be inductive)"
          : "; not confirmed: the concrete run with " + with + " was inconclusive (" + c.reason +
                ")";
  accumulate(r.stats, c.stats);
  return r;
}

SearchResult replayConcrete(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                            bool useProver, const SearchResult& r) {
  if (r.verdict != Verdict::Violation || !r.violation)
    return r;
  std::string with, found;
  SearchResult c = replayRun(p, eo, so, useProver, r, with, found);
  if (c.verdict == Verdict::Violation && c.violation)
    c.violation->message = "found by a concrete run with " + with + " (replaying the " + found +
                           " that --lise found): " + c.violation->message;
  else
    c.reason = "a concrete run with " + with + " (replaying the " + found + ") " +
               (c.verdict == Verdict::Verified ? "reaches no violation"
                                               : "was inconclusive (" + c.reason + ")");
  Stats total = r.stats;
  accumulate(total, c.stats);
  c.stats = total;
  c.liseProofs = r.liseProofs;
  return c;
}

SearchResult refuteSmall(const model::Program& p, exec::ExecOptions eo, SearchOptions so,
                         bool useProver, SearchResult r) {
  if (r.verdict != Verdict::Unknown || !eo.lise || !r.complete)
    return r;
  // the integer inputs the user did not fix
  std::vector<std::string> names;
  for (const model::InputDecl& in : p.inputs) {
    const model::Variable& v = p.var(in.var);
    std::string nm = in.macro.empty() ? v.name : in.macro;
    if (v.type && v.type->kind == model::TypeKind::Int && !eo.inputs.count(nm) &&
        std::find(names.begin(), names.end(), nm) == names.end())
      names.push_back(nm);
  }
  if (names.empty() || names.size() > 4)
    return r;
  // every assignment of 0..kSmallMax, the largest value smallest first
  std::vector<std::vector<int>> combos;
  std::vector<int> cur(names.size(), 0);
  for (;;) {
    combos.push_back(cur);
    size_t k = 0;
    while (k < cur.size() && cur[k] == kSmallMax)
      cur[k++] = 0;
    if (k == cur.size())
      break;
    ++cur[k];
  }
  std::stable_sort(combos.begin(), combos.end(), [](const auto& a, const auto& b) {
    int ma = *std::max_element(a.begin(), a.end()), mb = *std::max_element(b.begin(), b.end());
    if (ma != mb)
      return ma < mb;
    int sa = 0, sb = 0;
    for (int x : a)
      sa += x;
    for (int x : b)
      sb += x;
    return sa < sb;
  });
  eo.lise = false;
  so.lise = false;
  so.progress = false;
  so.guide.clear();
  so.maxStates = so.maxStates ? std::min<uint64_t>(so.maxStates, kSmallStates) : kSmallStates;
  auto start = std::chrono::steady_clock::now();
  double budget = so.timeLimit > 0 ? std::min(so.timeLimit, kSmallSeconds) : kSmallSeconds;
  int runs = 0;
  for (const std::vector<int>& c : combos) {
    double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (spent >= budget)
      break;
    exec::ExecOptions e = eo;
    std::string shown;
    for (size_t k = 0; k < names.size(); ++k) {
      e.inputs[names[k]] = std::to_string(c[k]);
      shown += (shown.empty() ? "" : ", ") + names[k] + "=" + std::to_string(c[k]);
    }
    SearchOptions o = so;
    o.timeLimit = budget - spent;
    SearchResult b;
    try {
      b = searchSendMode(p, e, o, useProver);
    } catch (const std::exception&) {
      continue; // the values violate the input conditions
    }
    ++runs;
    accumulate(r.stats, b.stats);
    if (b.verdict == Verdict::Violation && b.violation) {
      b.violation->message = "found by a concrete run with inputs " + shown +
                             " after --lise ended unknown (" + r.reason +
                             "): " + b.violation->message;
      b.stats = r.stats;
      b.liseProofs = r.liseProofs;
      return b;
    }
  }
  if (runs > 0)
    r.reason += "; bounded runs with " + std::to_string(runs) +
                " small assignments of the inputs (values 0.." + std::to_string(kSmallMax) +
                ") found no violation";
  return r;
}

std::vector<std::pair<model::SrcLoc, std::string>> liseProblems(model::Program& p) {
  check::LiseMonitor::normalize(p);
  return check::LiseMonitor::problems(p);
}

SearchResult verify(const model::Program& p, const VerifyOptions& opts) {
  std::optional<SearchResult> unknown;
  SearchResult total;
  total.verdict = Verdict::Verified;
  total.terminates = true; // (every run's, see below)
  std::vector<bool> modes = sendModes(opts.deadlock);
  for (int n = opts.nLo; n <= opts.nHi; ++n) {
    for (bool sync : modes) {
      exec::ExecOptions eo;
      eo.nprocs = n;
      eo.syncSends = sync;
      eo.inputs = opts.inputs;
      eo.dropDeadValues = opts.dropDeadValues;
      eo.packArrays = opts.packArrays;
      eo.fastMoves = opts.fastMoves;
      eo.checkFastMoves = opts.checkFastMoves;
      eo.allowActiveRequestFree = opts.allowActiveRequestFree;
      eo.ignore = opts.search.ignore;
      eo.overflowCheck = opts.overflowCheck;
      eo.ieeeFloat = opts.ieeeFloat;
      eo.programArgs = opts.programArgs;
      eo.programName = opts.programName;
      eo.maxArgs = opts.maxArgs;
      eo.maxArgLength = opts.maxArgLength;
      eo.env = opts.env;
      eo.stdinFile = opts.stdinFile;
      eo.lise = opts.search.lise;
      eo.contract = opts.contract;
      SearchOptions so = withinRun(opts.search, total.stats.seconds);
      so.cycleIsViolation = so.cycleIsViolation || opts.contract;
      SearchResult r = searchSendMode(p, eo, so, opts.useProver);
      if (r.possible && opts.confirm)
        r = confirmPossible(p, eo, so, opts.useProver, std::move(r));
      if (opts.confirm)
        r = confirmRounding(p, eo, so, opts.useProver, std::move(r));
      if (opts.confirm)
        r = refuteSmall(p, eo, so, opts.useProver, std::move(r));
      r = finishTrace(p, eo, so, opts.useProver, std::move(r));
      accumulate(total.stats, r.stats);
      total.liseProofs += r.liseProofs;
      if (total.threadReduction.empty() || r.threadReduction != "dpor")
        total.threadReduction = r.threadReduction; // (a fallback is said)
      // The absolute search verified the program and no send's mode
      // depended on the deadlock mode: the potential search would explore
      // the same states (ExecOptions::syncSends changes only such sends).
      bool same = !sync && r.verdict == Verdict::Verified && !r.sendModeMatters;
      if (!total.output)
        total.output = r.output;
      else
        r.output = total.output;
      if (r.verdict == Verdict::Verified && total.terminates && !r.terminates) {
        total.terminates = false;
        total.terminationNote = r.terminationNote;
      }
      if (keepGoing(total, unknown, r))
        total.nprocs = n;
      else
        return r;
      if (same)
        break;
    }
  }
  SearchResult res = finishConfigurations(total, unknown);
  res.liseProofs = total.liseProofs;
  if (res.verdict == Verdict::Verified && total.liseProofs > 0)
    addNote(res.note, "all input sizes: loops under invariants proved by LISE, " +
                          std::to_string(total.liseProofs) + " loop records");
  if (!res.output)
    res.output = total.output;
  return res;
}

} // namespace chorus::search
