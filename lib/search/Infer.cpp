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

/// The candidates (lines of the pseudo-file) a run found failing or
/// undecided.
std::vector<uint32_t> failed(uint32_t file, const SearchResult& r) {
  std::vector<uint32_t> out;
  // (violations of the loop's structure name the action, not a candidate:
  // dropping candidates cannot remove them)
  using K = check::ViolationKind;
  if (r.violation && r.violation->kind != K::OutOfOrderArrival &&
      r.violation->kind != K::ConflictingLoopExit && r.violation->kind != K::CollectiveIncomplete)
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
                    const std::function<SearchResult(const model::Program&, bool)>& run,
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
    for (size_t k = 0; k < set.loops.size(); ++k)
      if (v.loc.line == 0 &&
          v.message.find("invariant " + set.loops[k].id + " ") != std::string::npos)
        return k;
    return std::nullopt;
  };
  SearchResult r;
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
    // it on different iterations, a record left incomplete) names no
    // candidate: it comes from making the loop a collective one at all (a
    // loop whose processes run different numbers of iterations, `k <
    // rank`). When the symbolic run found it for sure (not after a havoc),
    // the loop loses its annotation and LISE executes it as it is. Not in
    // compare: there loops that run different numbers of times are the
    // refutation (nested -DWRONG, an off-by-one in the inner bound), and
    // without its joint invariant the loop over N would not end. A possible one is replayed
    // concretely as before: confirmed, it is the program's (fib -DWRONG: the specification loops
    // more often than the implementation); not confirmed, the verdict is unknown (without its
    // annotation a loop over a symbolic range would not end). An out-of-order arrival is left as it
    // was: it is reported at the loop a process arrives at, which need not be the loop to blame (a
    // compare whose first loops run 3 and 6 times: the arrival at the second; dropping that one,
    // over N, made the next run endless).
    auto dropLoop = [&] {
      using K = check::ViolationKind;
      if (r.verdict != Verdict::Violation || r.possible || !r.violation ||
          (r.violation->kind != K::ConflictingLoopExit &&
           r.violation->kind != K::CollectiveIncomplete))
        return false;
      std::optional<size_t> loop = inferredLoopOf(*r.violation);
      if (!loop || !set.loops[*loop].unannotated.empty() || set.loops[*loop].joint)
        return false;
      InferredLoop& l = set.loops[*loop];
      l.unannotated = std::string(check::kindName(r.violation->kind)) + " (process " +
                      std::to_string(r.violation->proc) + ")";
      for (size_t k = 0; k < set.cands.size(); ++k)
        if (set.cands[k].first == *loop) {
          cand[k].reset();
          acsl[k].reset();
        }
      return true;
    };
    r = run(p, false);
    ++res.rounds;
    if (drop() || dropLoop())
      continue;
    // the fixed point: r is the proof with the surviving candidates; a
    // possible violation elsewhere is replayed concretely, and an undecided
    // obligation is followed by bounded runs with small inputs (as --lise
    // does: confirmPossible, refuteSmall)
    if ((r.verdict == Verdict::Violation && r.possible) ||
        (r.verdict == Verdict::Unknown && r.complete)) {
      r = run(p, true);
      ++res.rounds;
      // a candidate that a concrete run breaks is no invariant: dropped,
      // and the search for the fixed point goes on (fib -DWRONG: `0 < err`
      // fails in the replay; it is chorus's guess, not the program's fault)
      if (drop())
        continue;
    }
    break;
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
    r.note = "all input sizes: loops under inferred invariants proved by LISE, " +
             std::to_string(r.liseProofs) + " loop records";
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
      [&](const model::Program& q, bool confirm) {
        VerifyOptions o = opts;
        o.confirm = confirm;
        return verify(q, o);
      },
      problems);
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
         << " tried, none kept): no invariant: as a collective loop it gave " << l.unannotated
         << ", so LISE executes it\n";
      continue;
    }
    if (l.joint && l.specLoop.valid())
      os << p.where(l.specLoop) << ": loop in " << l.function << " (the specification's):\n"
         << "#pragma TASS joint invariant " << l.id << " true\n";
    os << p.where(l.loop) << ": loop in " << l.function << " (" << l.tried << " tried, "
       << l.kept.size() << " kept):\n"
       << inferredPragma(l) << "\n";
  }
}

} // namespace chorus::search
