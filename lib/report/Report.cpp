#include "chorus/report/Report.h"

#include "chorus/report/Json.h"
#include "chorus/search/Steps.h"

#include <algorithm>
#include <fstream>

#include <cstdio>
#include <ostream>
#include <sstream>

namespace chorus::report {

using search::Verdict;

std::string verdictLine(const model::Program& p, const search::SearchResult& r) {
  switch (r.verdict) {
  case Verdict::Verified: {
    std::string note = r.note;
    search::addNote(note, r.assumed);
    return note.empty() ? "verdict: verified" : "verdict: verified (" + note + ")";
  }
  case Verdict::Unknown:
    return "verdict: unknown (" + r.reason + ")";
  case Verdict::Violation: {
    const check::Violation& v = *r.violation;
    std::string s = std::string("verdict: violation ") + check::kindName(v.kind) + " at " +
                    (v.loc.valid() ? p.where(v.loc) : std::string("?"));
    if (v.proc >= 0)
      s += " (process " + std::to_string(v.proc) +
           (v.thread >= 0 ? ", thread " + std::to_string(v.thread) : std::string()) + ")";
    return s;
  }
  }
  return "verdict: ?";
}

void printStats(std::ostream& os, const search::SearchResult& r) {
  const search::Stats& s = r.stats;
  os << "statistics:\n";
  os << "  states saved     " << s.statesSaved << "\n";
  os << "  states matched   " << s.statesMatched << "\n";
  os << "  transitions      " << s.transitions << "\n";
  os << "  max depth        " << s.maxDepth << "\n";
  os << "  executions       " << s.executions << "\n";
  if (!r.threadReduction.empty())
    os << "  thread reduction " << r.threadReduction << "\n";
  os << "  prover calls    ";
  for (const auto& [k, v] : s.proverCalls)
    os << " " << k << "=" << v;
  os << "\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", s.seconds);
  os << "  time             " << buf << " s\n";
  os << "  peak memory      " << (s.peakMemoryKB / 1024) << " MB\n";
}

void printText(std::ostream& os, const model::Program& p, const search::SearchResult& r) {
  os << verdictLine(p, r) << "\n";
  if (r.verdict == Verdict::Verified && r.terminates)
    os << "  every explored execution terminates: the explored state graph has no fair cycle\n";
  if (r.verdict == Verdict::Violation) {
    os << "  " << r.violation->message << "\n";
    os << "  (" << r.nprocs << " process" << (r.nprocs == 1 ? "" : "es")
       << (r.potentialMode ? ", each standard-mode send buffered or synchronous" : "") << ")\n";
    if (!r.traceNote.empty())
      os << "  " << r.traceNote << "\n";
    // Steps (search::traceSteps): a header per step, its moves numbered
    // through the whole trace (snapshots and replays name moves).
    const std::vector<size_t> steps = search::traceSteps(r.trace);
    const size_t nsteps = steps.empty() ? 0 : steps.back() + 1;
    os << "trace: " << nsteps << " step" << (nsteps == 1 ? "" : "s") << ", " << r.trace.size()
       << " move" << (r.trace.size() == 1 ? "" : "s")
       << " (a step: the moves of one process or thread up to one the others can observe)\n";
    for (size_t i = 0; i < r.trace.size(); ++i) {
      const exec::Step& st = r.trace[i];
      const std::string who =
          "p" + std::to_string(st.proc) + (st.thread > 0 ? ".t" + std::to_string(st.thread) : "");
      if (i == r.cycleStart)
        os << "  -- the cycle starts here: moves " << i + 1 << "-" << r.trace.size()
           << " return to the state before move " << i + 1 << " and repeat forever --\n";
      if (i == 0 || steps[i] != steps[i - 1]) {
        size_t last = i;
        while (last + 1 < r.trace.size() && steps[last + 1] == steps[i])
          ++last;
        os << "  step " << steps[i] + 1 << " [" << who << "] ";
        if (last == i)
          os << "move " << i + 1;
        else
          os << "moves " << i + 1 << "-" << last + 1;
        // what the others can observe: the effect of its last move
        if (r.trace[last].shared && !r.trace[last].effects.empty())
          os << ": " << r.trace[last].effects.front();
        os << "\n";
      }
      os << "    " << i + 1 << ". [" << who << "] "
         << (st.loc.valid() ? p.where(st.loc) : std::string("?")) << ": " << st.stmt << "\n";
      for (const std::string& e : st.effects)
        os << "         " << e << "\n";
    }
    os << "inputs:";
    if (r.inputs.empty())
      os << " (none)";
    os << "\n";
    for (const auto& [k, v] : r.inputs)
      os << "  " << k << " = " << v << "\n";
  }
  printStats(os, r);
}

namespace {

std::string locJson(const model::Program& p, model::SrcLoc l) {
  if (!l.valid())
    return "null";
  std::ostringstream os;
  os << "{\"file\": " << jsonQuote(l.file < p.files.size() ? p.files[l.file] : "")
     << ", \"line\": " << l.line << ", \"col\": " << l.col << "}";
  return os.str();
}

} // namespace

void printJson(std::ostream& os, const model::Program& p, const search::SearchResult& r,
               const Invocation* inv) {
  const char* v = r.verdict == Verdict::Verified    ? "verified"
                  : r.verdict == Verdict::Violation ? "violation"
                                                    : "unknown";
  os << "{\n  \"verdict\": \"" << v << "\",\n";
  if (r.verdict == Verdict::Verified)
    os << "  \"terminates\": " << (r.terminates ? "true" : "false") << ",\n";
  if (r.verdict == Verdict::Verified && !r.terminates && !r.terminationNote.empty())
    os << "  \"terminationNote\": " << jsonQuote(r.terminationNote) << ",\n";
  os << "  \"nprocs\": " << r.nprocs << ",\n";
  if (inv) {
    os << "  \"command\": {\"cwd\": " << jsonQuote(inv->cwd) << ", \"args\": [";
    for (size_t i = 0; i < inv->args.size(); ++i)
      os << (i ? ", " : "") << jsonQuote(inv->args[i]);
    os << "]},\n";
  }
  if (r.verdict == Verdict::Unknown)
    os << "  \"reason\": " << jsonQuote(r.reason) << ",\n";
  if (r.violation) {
    const check::Violation& x = *r.violation;
    os << "  \"violation\": {\"kind\": \"" << check::kindName(x.kind)
       << "\", \"location\": " << locJson(p, x.loc) << ", \"process\": " << x.proc
       << (x.thread >= 0 ? ", \"thread\": " + std::to_string(x.thread) : std::string())
       << ", \"message\": " << jsonQuote(x.message)
       << ", \"synchronousSends\": " << (r.potentialMode ? "true" : "false") << "},\n";
    const std::vector<size_t> steps = search::traceSteps(r.trace);
    os << "  \"steps\": " << (steps.empty() ? 0 : steps.back() + 1) << ",\n";
    os << "  \"trace\": [";
    for (size_t i = 0; i < r.trace.size(); ++i) {
      const exec::Step& st = r.trace[i];
      os << (i ? "," : "") << "\n    {\"step\": " << steps[i] + 1 << ", \"process\": " << st.proc
         << (st.thread > 0 ? ", \"thread\": " + std::to_string(st.thread) : std::string())
         << ", \"location\": " << locJson(p, st.loc) << ", \"statement\": " << jsonQuote(st.stmt)
         << ", \"choice\": " << st.choice << ", \"effects\": [";
      for (size_t k = 0; k < st.effects.size(); ++k)
        os << (k ? ", " : "") << jsonQuote(st.effects[k]);
      os << "]}";
    }
    os << "\n  ],\n";
    if (r.cycleStart < r.trace.size()) // NONTERMINATION: the cycle's first move, 1-based
      os << "  \"cycleStart\": " << r.cycleStart + 1 << ",\n";
    if (r.traceBefore)
      os << "  \"traceBefore\": " << r.traceBefore << ",\n";
    if (!r.traceNote.empty())
      os << "  \"traceNote\": " << jsonQuote(r.traceNote) << ",\n";
    os << "  \"inputs\": {";
    for (size_t i = 0; i < r.inputs.size(); ++i)
      os << (i ? ", " : "") << jsonQuote(r.inputs[i].first) << ": "
         << jsonQuote(r.inputs[i].second);
    os << "},\n";
  }
  const search::Stats& s = r.stats;
  os << "  \"statistics\": {\"statesSaved\": " << s.statesSaved
     << ", \"statesMatched\": " << s.statesMatched << ", \"transitions\": " << s.transitions
     << ", \"maxDepth\": " << s.maxDepth << ", \"executions\": " << s.executions
     << ", \"threadReduction\": " << jsonQuote(r.threadReduction) << ", \"seconds\": " << s.seconds
     << ", \"peakMemoryKB\": " << s.peakMemoryKB << ", \"proverCalls\": {";
  for (size_t i = 0; i < s.proverCalls.size(); ++i)
    os << (i ? ", " : "") << jsonQuote(s.proverCalls[i].first) << ": " << s.proverCalls[i].second;
  os << "}}\n}\n";
}

namespace {

std::string sarifLocation(const model::Program& p, model::SrcLoc l, const std::string& msg) {
  std::ostringstream os;
  os << "{\"physicalLocation\": {\"artifactLocation\": {\"uri\": "
     << jsonQuote(l.valid() && l.file < p.files.size() ? p.files[l.file] : "") << "}";
  if (l.valid())
    os << ", \"region\": {\"startLine\": " << l.line << ", \"startColumn\": " << l.col << "}";
  os << "}";
  if (!msg.empty())
    os << ", \"message\": {\"text\": " << jsonQuote(msg) << "}";
  os << "}";
  return os.str();
}

} // namespace

void printSarif(std::ostream& os, const model::Program& p, const search::SearchResult& r,
                const std::string& toolVersion) {
  const char* v = r.verdict == Verdict::Verified    ? "verified"
                  : r.verdict == Verdict::Violation ? "violation"
                                                    : "unknown";
  os << "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
     << "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
     << "    \"tool\": {\"driver\": {\"name\": \"chorus\", \"version\": " << jsonQuote(toolVersion)
     << ", \"rules\": [";
  if (r.violation)
    os << "{\"id\": \"" << check::kindName(r.violation->kind)
       << "\", \"shortDescription\": {\"text\": \"" << check::kindName(r.violation->kind) << "\"}}";
  os << "]}},\n    \"results\": [";
  if (r.violation) {
    const check::Violation& x = *r.violation;
    std::string msg =
        x.message + " (" + std::to_string(r.nprocs) + " process" + (r.nprocs == 1 ? "" : "es") +
        (r.potentialMode ? ", each standard-mode send buffered or synchronous" : "") + ")";
    os << "\n      {\"ruleId\": \"" << check::kindName(x.kind) << "\", \"level\": \"error\", "
       << "\"message\": {\"text\": " << jsonQuote(msg) << "},\n       \"locations\": ["
       << sarifLocation(p, x.loc, "") << "],\n       \"codeFlows\": [{\"threadFlows\": [";
    // one thread flow per process, steps in global order (executionOrder)
    int np = std::max(r.nprocs, 1);
    bool firstFlow = true;
    for (int q = 0; q < np; ++q) {
      bool any = false;
      for (const exec::Step& st : r.trace)
        any = any || st.proc == q;
      if (!any)
        continue;
      os << (firstFlow ? "" : ",") << "\n         {\"id\": \"process " << q
         << "\", \"locations\": [";
      firstFlow = false;
      bool first = true;
      for (size_t i = 0; i < r.trace.size(); ++i) {
        const exec::Step& st = r.trace[i];
        if (st.proc != q)
          continue;
        std::string text = st.stmt;
        for (const std::string& e : st.effects)
          text += "; " + e;
        os << (first ? "" : ",") << "\n           {\"location\": " << sarifLocation(p, st.loc, text)
           << ", \"executionOrder\": " << i + 1 << "}";
        first = false;
      }
      os << "]}";
    }
    os << "]}]";
    if (!r.inputs.empty()) {
      os << ",\n       \"properties\": {\"inputs\": {";
      for (size_t i = 0; i < r.inputs.size(); ++i)
        os << (i ? ", " : "") << jsonQuote(r.inputs[i].first) << ": "
           << jsonQuote(r.inputs[i].second);
      os << "}}";
    }
    os << "}\n    ";
  }
  const search::Stats& st = r.stats;
  os << "],\n    \"properties\": {\"verdict\": \"" << v << "\"";
  if (r.verdict == Verdict::Unknown)
    os << ", \"reason\": " << jsonQuote(r.reason);
  os << ", \"statesSaved\": " << st.statesSaved << ", \"transitions\": " << st.transitions
     << ", \"seconds\": " << st.seconds << ", \"peakMemoryKB\": " << st.peakMemoryKB
     << "}\n  }]\n}\n";
}

namespace {

std::string whereOf(const JsonValue* loc) {
  if (!loc || loc->kind != JsonValue::Kind::Object)
    return "?";
  const JsonValue *f = loc->get("file"), *l = loc->get("line"), *c = loc->get("col");
  return (f ? f->str : std::string("?")) + ":" + (l ? l->str : "?") + ":" + (c ? c->str : "?");
}

} // namespace

std::optional<TraceFile> readTraceFile(const std::string& path, std::string& err) {
  std::ifstream in(path);
  if (!in) {
    err = "cannot read '" + path + "'";
    return std::nullopt;
  }
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string jerr;
  auto doc = parseJson(text, jerr);
  if (!doc) {
    err = path + ": not a JSON document (" + jerr + ")";
    return std::nullopt;
  }
  auto bad = [&](const std::string& why) {
    err = path + ": not a chorus trace (" + why + ")";
    return std::nullopt;
  };
  using K = JsonValue::Kind;
  const JsonValue* verdict = doc->get("verdict");
  if (!verdict || verdict->kind != K::String)
    return bad("no verdict");
  if (verdict->str != "violation")
    return bad("the verdict is '" + verdict->str + "': there is no violation to replay");
  TraceFile tf;
  const JsonValue* cmd = doc->get("command");
  if (!cmd || cmd->kind != K::Object || !cmd->get("args") || cmd->get("args")->kind != K::Array)
    return bad("no \"command\" (written by an older chorus?)");
  if (const JsonValue* cwd = cmd->get("cwd"))
    tf.command.cwd = cwd->str;
  for (const JsonValue& a : cmd->get("args")->items) {
    if (a.kind != K::String)
      return bad("a command argument is not a string");
    tf.command.args.push_back(a.str);
  }
  const JsonValue* np = doc->get("nprocs");
  if (!np || np->kind != K::Number || np->num < 1)
    return bad("no process count");
  tf.nprocs = int(np->num);
  const JsonValue* v = doc->get("violation");
  if (!v || v->kind != K::Object || !v->get("kind"))
    return bad("no violation");
  tf.kind = v->get("kind")->str;
  tf.where = whereOf(v->get("location"));
  if (const JsonValue* pr = v->get("process"); pr && pr->kind == K::Number)
    tf.proc = int(pr->num);
  if (const JsonValue* ss = v->get("synchronousSends"); ss && ss->kind == K::Bool)
    tf.synchronousSends = ss->b;
  const JsonValue* trace = doc->get("trace");
  if (!trace || trace->kind != K::Array)
    return bad("no trace");
  if (const JsonValue* cs = doc->get("cycleStart"); cs && cs->kind == K::Number && cs->num >= 1)
    tf.cycleStart = size_t(cs->num) - 1;
  for (const JsonValue& st : trace->items) {
    const JsonValue *pr = st.get("process"), *sm = st.get("statement"), *ch = st.get("choice");
    if (!pr || pr->kind != K::Number || !sm || sm->kind != K::String)
      return bad("a trace step without process or statement");
    exec::Step s;
    s.proc = int(pr->num);
    s.stmt = sm->str;
    s.choice = ch && ch->kind == K::Number ? int(ch->num) : 0;
    if (const JsonValue* th = st.get("thread"); th && th->kind == K::Number)
      s.thread = int(th->num);
    if (const JsonValue* ef = st.get("effects"); ef && ef->kind == K::Array)
      for (const JsonValue& e : ef->items)
        s.effects.push_back(e.str);
    tf.steps.push_back(std::move(s));
    tf.stepWhere.push_back(whereOf(st.get("location")));
  }
  if (const JsonValue* ins = doc->get("inputs"); ins && ins->kind == K::Object)
    for (size_t i = 0; i < ins->keys.size(); ++i)
      tf.inputs.emplace_back(ins->keys[i], ins->values[i].str);
  return tf;
}

} // namespace chorus::report
