#include "chorus/report/Report.h"

#include <cstdio>
#include <ostream>
#include <sstream>

namespace chorus::report {

using search::Verdict;

std::string verdictLine(const model::Program& p, const search::SearchResult& r) {
  switch (r.verdict) {
  case Verdict::Verified:
    return "verdict: verified";
  case Verdict::Unknown:
    return "verdict: unknown (" + r.reason + ")";
  case Verdict::Violation: {
    const check::Violation& v = *r.violation;
    std::string s = std::string("verdict: violation ") + check::kindName(v.kind) + " at " +
                    (v.loc.valid() ? p.where(v.loc) : std::string("?"));
    if (v.proc >= 0)
      s += " (process " + std::to_string(v.proc) + ")";
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
  if (r.verdict == Verdict::Violation) {
    os << "  " << r.violation->message << "\n";
    os << "  (" << r.nprocs << " process" << (r.nprocs == 1 ? "" : "es")
       << (r.potentialMode ? ", synchronous standard-mode sends" : "") << ")\n";
    os << "trace:\n";
    for (size_t i = 0; i < r.trace.size(); ++i) {
      const exec::Step& st = r.trace[i];
      os << "  " << i + 1 << ". [p" << st.proc << "] "
         << (st.loc.valid() ? p.where(st.loc) : std::string("?")) << ": " << st.stmt << "\n";
      for (const std::string& e : st.effects)
        os << "       " << e << "\n";
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

std::string js(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      o += "\\\"";
      break;
    case '\\':
      o += "\\\\";
      break;
    case '\n':
      o += "\\n";
      break;
    case '\t':
      o += "\\t";
      break;
    default:
      if ((unsigned char)c < 0x20) {
        char b[8];
        std::snprintf(b, sizeof b, "\\u%04x", c);
        o += b;
      } else
        o += c;
    }
  }
  return o + "\"";
}

std::string locJson(const model::Program& p, model::SrcLoc l) {
  if (!l.valid())
    return "null";
  std::ostringstream os;
  os << "{\"file\": " << js(l.file < p.files.size() ? p.files[l.file] : "")
     << ", \"line\": " << l.line << ", \"col\": " << l.col << "}";
  return os.str();
}

} // namespace

void printJson(std::ostream& os, const model::Program& p, const search::SearchResult& r) {
  const char* v = r.verdict == Verdict::Verified    ? "verified"
                  : r.verdict == Verdict::Violation ? "violation"
                                                    : "unknown";
  os << "{\n  \"verdict\": \"" << v << "\",\n";
  os << "  \"nprocs\": " << r.nprocs << ",\n";
  if (r.verdict == Verdict::Unknown)
    os << "  \"reason\": " << js(r.reason) << ",\n";
  if (r.violation) {
    const check::Violation& x = *r.violation;
    os << "  \"violation\": {\"kind\": \"" << check::kindName(x.kind)
       << "\", \"location\": " << locJson(p, x.loc) << ", \"process\": " << x.proc
       << ", \"message\": " << js(x.message)
       << ", \"synchronousSends\": " << (r.potentialMode ? "true" : "false") << "},\n";
    os << "  \"trace\": [";
    for (size_t i = 0; i < r.trace.size(); ++i) {
      const exec::Step& st = r.trace[i];
      os << (i ? "," : "") << "\n    {\"process\": " << st.proc
         << ", \"location\": " << locJson(p, st.loc) << ", \"statement\": " << js(st.stmt)
         << ", \"effects\": [";
      for (size_t k = 0; k < st.effects.size(); ++k)
        os << (k ? ", " : "") << js(st.effects[k]);
      os << "]}";
    }
    os << "\n  ],\n  \"inputs\": {";
    for (size_t i = 0; i < r.inputs.size(); ++i)
      os << (i ? ", " : "") << js(r.inputs[i].first) << ": " << js(r.inputs[i].second);
    os << "},\n";
  }
  const search::Stats& s = r.stats;
  os << "  \"statistics\": {\"statesSaved\": " << s.statesSaved
     << ", \"statesMatched\": " << s.statesMatched << ", \"transitions\": " << s.transitions
     << ", \"maxDepth\": " << s.maxDepth << ", \"seconds\": " << s.seconds
     << ", \"peakMemoryKB\": " << s.peakMemoryKB << ", \"proverCalls\": {";
  for (size_t i = 0; i < s.proverCalls.size(); ++i)
    os << (i ? ", " : "") << js(s.proverCalls[i].first) << ": " << s.proverCalls[i].second;
  os << "}}\n}\n";
}

} // namespace chorus::report
