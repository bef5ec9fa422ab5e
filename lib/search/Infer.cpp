// Houdini over loop-invariant symbolic execution (chorus/search/Infer.h).
#include "chorus/search/Infer.h"

#include "Annot.h" // chorus_annot: lexing and lowering of annotation text

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <ostream>
#include <regex>
#include <set>

namespace chorus::search {

namespace {

/// The candidates' pseudo-file: candidate k is at "<inferred>:k+1:1", so a
/// violation's location (and an undecided claim's message) names it.
constexpr const char* kInferredFile = "<inferred>";

/// Name resolution at a loop from the model (the names the candidates use).
class LoopScope : public annot::Scope {
public:
  LoopScope(const model::Program& p, const std::map<std::string, model::VarId>& names)
      : p_(p), names_(names) {}
  model::VarId lookupVar(const std::string& n) const override {
    auto it = names_.find(n);
    return it == names_.end() ? model::kNone : it->second;
  }
  model::FuncId lookupFunc(const std::string& n) const override {
    const model::Function* f = p_.findFunc(n);
    return f ? f->id : model::kNone;
  }
  std::optional<long long> lookupConstant(const std::string&) const override {
    return std::nullopt;
  }
  const model::Type* lookupTypedef(const std::string&) const override { return nullptr; }

private:
  const model::Program& p_;
  const std::map<std::string, model::VarId>& names_;
};

bool isInt(const model::Variable& v) {
  return v.type && v.type->kind == model::TypeKind::Int;
}

/// A violation of the loops' structure: processes leave a collective loop
/// on different iterations, reach collective actions in different orders
/// (a concrete run without LISE: COLLECTIVE_ORDER), or a record is left
/// incomplete. It names an action, not a candidate.
bool structural(check::ViolationKind k) {
  using K = check::ViolationKind;
  return k == K::OutOfOrderArrival || k == K::ConflictingLoopExit || k == K::CollectiveIncomplete ||
         k == K::CollectiveOrder;
}

/// The candidates (lines of the pseudo-file) a run found failing or
/// undecided.
std::vector<uint32_t> failed(uint32_t file, const SearchResult& r) {
  std::vector<uint32_t> out;
  // (violations of the loop's structure name the action, not a candidate:
  // dropping candidates cannot remove them)
  if (r.violation && !structural(r.violation->kind))
    for (const model::SrcLoc& l : r.violation->failing.empty()
                                      ? std::vector<model::SrcLoc>{r.violation->loc}
                                      : r.violation->failing)
      if (l.file == file)
        out.push_back(l.line);
  if (r.verdict == Verdict::Unknown) {
    static const std::regex at("<inferred>:([0-9]+):");
    for (std::sregex_iterator it(r.reason.begin(), r.reason.end(), at), end; it != end; ++it)
      out.push_back(uint32_t(std::stoul((*it)[1].str())));
  }
  return out;
}

/// The inferred loop whose invariant a message names first ("... the joint
/// invariant inferredK ..."; an out-of-order arrival names two).
std::optional<size_t> namedLoop(const CandidateSet& set, const std::string& message) {
  std::optional<size_t> best;
  size_t at = std::string::npos;
  for (size_t k = 0; k < set.loops.size(); ++k) {
    size_t i = message.find("invariant " + set.loops[k].id + " ");
    if (i < at) {
      at = i;
      best = k;
    }
  }
  return best;
}

/// Lowers `#pragma TASS <text>` at (func, head) with `names` visible;
/// its location becomes <inferred>:line:1.
bool lowerAt(model::Program& p, const std::string& text, model::FuncId func, model::LocId head,
             const std::map<std::string, model::VarId>& names, uint32_t line, bool acsl = false) {
  LoopScope scope(p, names);
  DiagnosticSink diags;
  SourcePos pos{kInferredFile, line, 1};
  auto toks = annot::lex(text, pos, diags);
  if (!toks)
    return false;
  annot::Target t;
  t.func = func;
  t.loc = head;
  t.where = pos;
  annot::Context ctx{p, scope, diags};
  model::SrcLoc at{p.fileIndex(kInferredFile), line, 1};
  if (acsl) {
    size_t before = p.loops.size();
    if (!annot::lowerAnnotation(annot::AnnotSource::AcslComment, *toks, t, ctx) ||
        p.loops.size() != before + 1 || p.loops.back().invariants.size() != 1) {
      p.loops.resize(std::min(p.loops.size(), before));
      return false;
    }
    p.loops.back().loc = at;
    p.loops.back().invariantLocs.assign(1, at);
    return true;
  }
  size_t before = p.collectives.size();
  if (!annot::lowerAnnotation(annot::AnnotSource::TassPragma, *toks, t, ctx) ||
      p.collectives.size() != before + 1) {
    p.collectives.resize(std::min(p.collectives.size(), before));
    return false;
  }
  p.collectives.back().loc = at;
  return true;
}

/// A program without MPI calls: its loops get ACSL loop invariants (the
/// single-process form of seed 004 §1.1).
bool sequential(const model::Program& p) {
  for (const model::Function& fn : p.funcs)
    for (const model::Transition& t : fn.trans)
      if (t.stmt.kind == model::StmtKind::Call && t.stmt.callee &&
          t.stmt.callee->kind == model::ExprKind::Func && t.stmt.callee->func < p.funcs.size() &&
          p.func(t.stmt.callee->func).name.rfind("MPI_", 0) == 0)
        return false;
  return true;
}

} // namespace

void addCandidates(model::Program& p, const std::vector<LoopCandidates>& loops, bool joint,
                   CandidateSet& set) {
  for (const LoopCandidates& lc : loops) {
    InferredLoop il;
    il.loop = lc.loop;
    il.function = p.func(lc.func).name;
    il.id = "inferred" + std::to_string(set.loops.size() + 1);
    il.joint = joint;
    il.acsl = !joint && sequential(p);
    il.specLoop = lc.partner;
    for (const std::string& text : lc.texts) {
      uint32_t line = uint32_t(set.cands.size() + 1);
      if (il.acsl && text.find("PROC[") != std::string::npos)
        continue;
      if (!lowerAt(p,
                   il.acsl ? "loop invariant " + text + ";"
                           : std::string(joint ? "joint" : "collective") + " invariant " + il.id +
                                 " " + text,
                   lc.func, lc.head, lc.names, line, il.acsl))
        continue;
      set.cands.emplace_back(set.loops.size(), text);
      ++il.tried;
    }
    set.loops.push_back(std::move(il));
  }
}

std::vector<LoopCandidates> jointCandidates(model::Program& spec, const model::Program& impl,
                                            size_t firstId) {
  std::vector<LoopCandidates> S = invariantCandidates(spec), I = invariantCandidates(impl), out;
  for (size_t k = 0; k < std::min(S.size(), I.size()); ++k) { // loops paired in order
    // a loop of the specification over a literal range (`i < 10`) runs a
    // fixed number of times: LISE executes it, no invariant is needed, and
    // a joint invariant would make the implementation's loop (diffusion:
    // over the process's block) advance in step with it
    if (S[k].fixedRange)
      continue;
    LoopCandidates& lc = out.emplace_back(std::move(I[k]));
    lc.partner = S[k].loop;
    std::string id = "inferred" + std::to_string(firstId + out.size() - 1);
    lowerAt(spec, "joint invariant " + id + " true", S[k].func, S[k].head, S[k].names, 0);
    // drop the templates over other processes: PROC[r] of a composition
    // is a process of either program
    std::vector<std::string> texts;
    for (const std::string& t : lc.texts)
      if (t.find("PROC[") == std::string::npos)
        texts.push_back(t);
    std::set<std::string> seen(texts.begin(), texts.end());
    auto add = [&](const std::string& t) {
      if (seen.insert(t).second)
        texts.push_back(t);
    };
    for (model::VarId vid : lc.written) {
      const model::Variable& v = impl.var(vid);
      for (model::VarId uid : S[k].written) {
        const model::Variable& u = spec.var(uid);
        if (isInt(v) != isInt(u))
          continue;
        add(v.name + " == spec." + u.name);
        if (isInt(v)) {
          add(v.name + " == spec." + u.name + " + 1");
          add(v.name + " == spec." + u.name + " - 1");
        }
        // an accumulator against a running mean or product: x * (i - c)
        for (model::VarId wid : lc.written)
          if (wid != vid && isInt(impl.var(wid)) && !isInt(v)) {
            const std::string& w = impl.var(wid).name;
            add(v.name + " * " + w + " == spec." + u.name);
            add(v.name + " * (" + w + " - 1) == spec." + u.name);
            add(v.name + " * (" + w + " + 1) == spec." + u.name);
          }
      }
    }
    // the specification's accumulator against the implementation's, plus a
    // partial sum of this loop scaled by an integer it only reads
    // (nested: the specification adds i*j to s in its inner loop, the
    // implementation sums j into t and adds i*t after it: spec.s == s + i * t)
    for (model::VarId uid : S[k].written) {
      const model::Variable& u = spec.var(uid);
      auto same = lc.names.find(u.name);
      if (same == lc.names.end() || isInt(impl.var(same->second)) != isInt(u))
        continue;
      for (model::VarId xid : lc.written) {
        const model::Variable& x = impl.var(xid);
        if (xid == same->second || isInt(x) != isInt(u))
          continue;
        for (const auto& [wn, wid] : lc.names)
          if (wid != same->second && isInt(impl.var(wid)) &&
              std::find(lc.written.begin(), lc.written.end(), wid) == lc.written.end())
            add("spec." + u.name + " == " + same->first + " + " + wn + " * " + x.name);
      }
    }
    // blocks: the implementation filled A[j] from X[e(j)] for j in a
    // range, the specification C[k] from X[k] (the same input X): A's
    // block equals C's cells e(j) (diffusion: each process's block of the
    // global array, `u[j] == spec.u[first + j - 1]` for 1 <= j <= nxl)
    for (const LoopCandidates::Fill& fi : lc.fills) {
      if (std::find(lc.arrays.begin(), lc.arrays.end(), fi.array) == lc.arrays.end())
        continue;
      for (const LoopCandidates::Fill& fs : S[k].fills)
        if (fs.source == fi.source && fs.index == "_j" &&
            std::find(S[k].arrays.begin(), S[k].arrays.end(), fs.array) != S[k].arrays.end())
          add("forall {int _j | " + fi.range + "} " + impl.var(fi.array).name + "[_j] == spec." +
              spec.var(fs.array).name + "[" + fi.index + "]");
    }
    lc.texts = std::move(texts);
  }
  return out;
}

InferResult houdini(model::Program& p, CandidateSet set,
                    const std::function<SearchResult(const model::Program&, const InferRun&)>& run,
                    std::vector<std::pair<model::SrcLoc, std::string>>& problems) {
  auto t0 = std::chrono::steady_clock::now();
  InferResult res;
  uint32_t file = p.fileIndex(kInferredFile);
  // normalization moves the annotations to the loops' new heads
  problems = liseProblems(p);
  if (!problems.empty())
    return res;
  std::vector<model::CollectiveAnnot> fixed;
  std::vector<std::optional<model::CollectiveAnnot>> cand(set.cands.size());
  for (const model::CollectiveAnnot& a : p.collectives)
    if (a.loc.file == file && a.loc.line >= 1 && a.loc.line <= cand.size())
      cand[a.loc.line - 1] = a;
    else
      fixed.push_back(a); // the user's, and the specification's `true`
  // ACSL candidates (sequential programs): merged into one loop
  // annotation per loop, each clause keeping its location
  std::vector<model::LoopAnnot> fixedLoops;
  std::vector<std::optional<model::LoopAnnot>> acsl(set.cands.size());
  for (const model::LoopAnnot& a : p.loops)
    if (a.loc.file == file && a.loc.line >= 1 && a.loc.line <= acsl.size())
      acsl[a.loc.line - 1] = a;
    else
      fixedLoops.push_back(a);
  // the inferred loop a violation is located at: a candidate's line, or
  // line 0 (the specification's `joint invariant inferredK true`), whose
  // message names the invariant
  auto inferredLoopOf = [&](const check::Violation& v) -> std::optional<size_t> {
    if (v.loc.file != file)
      return std::nullopt;
    if (v.loc.line >= 1 && v.loc.line <= set.cands.size())
      return set.cands[v.loc.line - 1].first;
    return v.loc.line == 0 ? namedLoop(set, v.message) : std::nullopt;
  };
  SearchResult r;
  bool budget = false;         ///< once a loop lost its annotation
  std::vector<size_t> dropped; ///< the loops that lost it, in order
  bool replayed = false;       ///< r: a concrete run's violation (dropLoop)
  std::vector<std::pair<std::string, std::string>> liseInputs; ///< before a confirming run
  for (;;) {
    p.collectives = fixed;
    for (const auto& c : cand)
      if (c)
        p.collectives.push_back(*c);
    p.loops = fixedLoops;
    size_t firstAcsl = p.loops.size();
    for (const auto& a : acsl) {
      if (!a)
        continue;
      model::LoopAnnot* into = nullptr;
      for (size_t k = firstAcsl; k < p.loops.size(); ++k)
        if (p.loops[k].func == a->func && p.loops[k].head == a->head)
          into = &p.loops[k];
      if (!into) {
        p.loops.push_back(*a);
        p.loops.back().loc.line = 0; // (its name must not name a candidate)
        continue;
      }
      into->invariants.push_back(a->invariants.front());
      into->invariantLocs.push_back(a->invariantLocs.front());
    }
    auto drop = [&] {
      bool dropped = false;
      for (uint32_t line : failed(file, r))
        if (line >= 1 && line <= cand.size() && (cand[line - 1] || acsl[line - 1])) {
          cand[line - 1].reset();
          acsl[line - 1].reset();
          dropped = true;
        }
      return dropped;
    };
    // A violation of the structure of an inferred loop (processes leaving
    // it on different iterations, a record left incomplete, processes
    // reaching it in another order than the other loops) names no
    // candidate: it comes from making the loop a collective one at all (a
    // loop whose processes run different numbers of iterations, `k <
    // rank`; in compare, loops paired in order that run different numbers
    // of times). When the symbolic run found it for sure (not after a
    // havoc): in compare the bounded concrete run with its inputs first
    // (nested -DWRONG, an off-by-one in the inner bound: the outputs differ
    // for N = 1, the program's refutation); then the loop loses its
    // annotation (in compare the specification's `true` too) and LISE
    // executes it as it is. Executed, a loop over an unbounded input may
    // not end: the later runs have a budget (kDropStates, kDropDepth), and
    // a run it stops ends the inference unknown, naming the loop. A
    // possible one is replayed concretely first (below); confirmed, it is
    // handled here (the replay runs with the inferred annotations: fib
    // -DWRONG's COLLECTIVE_INCOMPLETE, the specification looping more
    // often, then the outputs differ); not confirmed, the verdict is
    // unknown.
    auto dropLoop = [&] {
      if (r.verdict != Verdict::Violation || r.possible || !r.violation ||
          !structural(r.violation->kind))
        return false;
      std::optional<size_t> loop = inferredLoopOf(*r.violation);
      if (!loop || !set.loops[*loop].unannotated.empty())
        return false;
      InferredLoop& l = set.loops[*loop];
      std::string gave = std::string(check::kindName(r.violation->kind)) + " (process " +
                         std::to_string(r.violation->proc) + ")";
      if (l.joint) {
        // (the programs' own annotations only: a concrete run checks
        // invariants as it meets them, and the candidates are guesses)
        p.collectives.clear();
        for (const model::CollectiveAnnot& a : fixed)
          if (a.loc.file != file)
            p.collectives.push_back(a);
        p.loops = fixedLoops;
        // (the message names the loop, not the annotation's pseudo-location)
        SearchResult of = r;
        if (of.inputs.empty()) // (a confirmed one: its inputs were fixed)
          of.inputs = liseInputs;
        of.violation->loc = r.violation->loc.line == 0 && l.specLoop.valid() ? l.specLoop : l.loop;
        InferRun how;
        how.replayOf = &of;
        how.budget = true;
        SearchResult c = run(p, how);
        ++res.rounds;
        if (c.verdict == Verdict::Violation) {
          r = std::move(c); // the programs' own violation (definite)
          replayed = true;
          return false;
        }
        gave += c.verdict == Verdict::Verified
                    ? "; a concrete run with its inputs reaches no violation"
                    : "; a concrete run with its inputs was inconclusive";
        // the specification's `joint invariant inferredK true`
        fixed.erase(std::remove_if(fixed.begin(), fixed.end(),
                                   [&](const model::CollectiveAnnot& a) {
                                     return a.loc.file == file && a.loc.line == 0 && a.id == l.id;
                                   }),
                    fixed.end());
      }
      l.unannotated = std::move(gave);
      for (size_t k = 0; k < set.cands.size(); ++k)
        if (set.cands[k].first == *loop) {
          cand[k].reset();
          acsl[k].reset();
        }
      dropped.push_back(*loop);
      budget = true;
      return true;
    };
    InferRun how;
    how.budget = budget;
    r = run(p, how);
    ++res.rounds;
    if (drop() || dropLoop())
      continue;
    if (replayed)
      break; // (dropLoop's concrete run: the programs' refutation)
    // the fixed point: r is the proof with the surviving candidates; a
    // possible violation elsewhere is replayed concretely, and an undecided
    // obligation is followed by bounded runs with small inputs (as --lise
    // does: confirmPossible, refuteSmall)
    if ((r.verdict == Verdict::Violation && r.possible) ||
        (r.verdict == Verdict::Unknown && r.complete)) {
      InferRun confirm;
      confirm.confirm = true;
      confirm.budget = budget;
      liseInputs = r.inputs;
      r = run(p, confirm);
      ++res.rounds;
      // a candidate that a concrete run breaks is no invariant: dropped,
      // and the search for the fixed point goes on (fib -DWRONG: `0 < err`
      // fails in the replay; it is chorus's guess, not the program's
      // fault); a structural violation the replay confirmed is the same as
      // a definite one (infer_pairs.test: the specification's loop runs 2N
      // times, the implementation's N times; the replay with N = 2
      // "confirmed" COLLECTIVE_INCOMPLETE, a false alarm: the sums agree)
      if (drop() || dropLoop())
        continue;
      if (replayed)
        break;
    }
    break;
  }
  // a run the budget stopped: a loop that lost its annotation may run for
  // every value of an input (no hang: unknown, naming it)
  if (budget && r.verdict == Verdict::Unknown && !r.complete &&
      (r.reason.rfind("max-states reached", 0) == 0 ||
       r.reason.rfind("max-depth reached", 0) == 0)) {
    std::string loops;
    for (size_t k : dropped) {
      const InferredLoop& l = set.loops[k];
      loops += (loops.empty() ? "at " : "; at ") + p.where(l.loop) +
               (l.joint && l.specLoop.valid() ? " (paired with " + p.where(l.specLoop) + ")" : "") +
               ", which as a " + (l.joint ? "joint" : "collective") + " loop gave " + l.unannotated;
    }
    r.reason = "without an invariant, the loop" + std::string(dropped.size() > 1 ? "s " : " ") +
               loops + " (LISE executes " + (dropped.size() > 1 ? "them" : "it") +
               "): the search did not end within " + std::to_string(kDropStates) + " states and " +
               std::to_string(kDropDepth) + " moves on a path (" + r.reason +
               "): it may run for every value of an input";
  }
  // still possible (no concrete run confirmed it): the inferred invariants
  // are too weak to decide, not a refutation
  if (r.verdict == Verdict::Violation && r.possible && r.violation) {
    r.reason = "the inferred invariants prove no more: possible " +
               std::string(check::kindName(r.violation->kind)) + " at " +
               p.where(r.violation->loc) + " (" + r.violation->message + ")";
    r.verdict = Verdict::Unknown;
    r.violation.reset();
    r.trace.clear();
  }
  // messages name candidates by their pseudo-locations: name the loops
  auto loopsOf = [&](std::string text) {
    static const std::regex at("<inferred>:([0-9]+):1");
    std::string out;
    std::sregex_iterator it(text.begin(), text.end(), at), end;
    size_t last = 0;
    for (; it != end; ++it) {
      size_t k = std::stoul((*it)[1].str());
      out += text.substr(last, size_t(it->position()) - last);
      out += k >= 1 && k <= set.cands.size() ? "the inferred invariant of the loop at " +
                                                   p.where(set.loops[set.cands[k - 1].first].loop)
                                             : it->str();
      last = size_t(it->position() + it->length());
    }
    return out + text.substr(last);
  };
  r.reason = loopsOf(r.reason);
  if (r.violation)
    r.violation->message = loopsOf(r.violation->message);
  // a violation of the loop's structure names the inferred action: report
  // it at the loop
  if (r.violation && r.violation->loc.file == file && r.violation->loc.line >= 1 &&
      r.violation->loc.line <= set.cands.size())
    r.violation->loc = set.loops[set.cands[r.violation->loc.line - 1].first].loop;
  // the specification's `joint invariant inferredK true` (line 0): its loop
  // (a concrete run ends while only the specification reached it again)
  if (r.violation && r.violation->loc.file == file && r.violation->loc.line == 0)
    for (const InferredLoop& l : set.loops)
      if (r.violation->message.find("invariant " + l.id + " ") != std::string::npos)
        r.violation->loc = l.specLoop.valid() ? l.specLoop : l.loop;
  for (size_t k = 0; k < cand.size(); ++k)
    if (cand[k] || acsl[k])
      set.loops[set.cands[k].first].kept.push_back(set.cands[k].second);
  res.loops = std::move(set.loops);
  if (r.verdict == Verdict::Verified)
    r.note = r.liseProofs > 0
                 ? "all input sizes: loops under inferred invariants proved by LISE, " +
                       std::to_string(r.liseProofs) + " loop records"
                 : "every input: no loop kept an inferred invariant, LISE executed "
                   "them as they are";
  res.result = std::move(r);
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

InferResult inferInvariants(model::Program& p, VerifyOptions opts,
                            std::vector<std::pair<model::SrcLoc, std::string>>& problems) {
  CandidateSet set;
  addCandidates(p, invariantCandidates(p), false, set);
  opts.search.lise = true;
  return houdini(
      p, std::move(set),
      [&](const model::Program& q, const InferRun& how) {
        VerifyOptions o = opts;
        o.confirm = how.confirm;
        if (how.budget)
          withBudget(o.search);
        return verify(q, o);
      },
      problems);
}

void withBudget(SearchOptions& so) {
  if (!so.maxStates || so.maxStates > kDropStates)
    so.maxStates = kDropStates;
  if (!so.maxDepth || so.maxDepth > kDropDepth) {
    so.maxDepth = kDropDepth;
    so.stopAtMaxDepth = true;
  }
}

std::string inferredPragma(const InferredLoop& l) {
  std::string e;
  for (const std::string& k : l.kept)
    e += (e.empty() ? "" : " && ") + k;
  if (l.acsl)
    return "/*@ loop invariant " + (e.empty() ? std::string("\\true") : e) + "; */";
  return std::string("#pragma TASS ") + (l.joint ? "joint" : "collective") + " invariant " + l.id +
         " " + (e.empty() ? "true" : e);
}

void printInferred(std::ostream& os, const model::Program& p, const InferResult& r) {
  size_t tried = 0, kept = 0;
  for (const InferredLoop& l : r.loops) {
    tried += l.tried;
    kept += l.kept.size();
  }
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.2f", r.seconds);
  os << "inferred invariants: " << r.loops.size() << " loop(s), " << tried << " candidates tried, "
     << kept << " kept, " << r.rounds << " LISE runs, " << secs << " s\n";
  for (const InferredLoop& l : r.loops) {
    if (!l.unannotated.empty()) {
      os << p.where(l.loop) << ": loop in " << l.function << " (" << l.tried
         << " tried, none kept): no invariant: as a " << (l.joint ? "joint" : "collective")
         << " loop it gave " << l.unannotated << ", so LISE executes it\n";
      continue;
    }
    if (l.joint && l.specLoop.valid())
      os << p.where(l.specLoop) << ": loop in " << l.function << " (the specification's):\n"
         << "#pragma TASS joint invariant " << l.id << " true\n";
    // (not verified: the survivors were not refuted, but nothing proves
    // them; after a refutation they may even contradict each other)
    os << p.where(l.loop) << ": loop in " << l.function << " (" << l.tried << " tried, "
       << l.kept.size()
       << (r.result.verdict == Verdict::Verified
               ? " kept):\n"
               : " kept, not proved: the verdict is not verified):\n")
       << inferredPragma(l) << "\n";
  }
}

} // namespace chorus::search
