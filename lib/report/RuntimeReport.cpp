#include "chorus/report/RuntimeReport.h"

#include "chorus/report/Json.h"

#include <fstream>
#include <map>
#include <sstream>

namespace chorus::report {

namespace {

std::string where(const RuntimeViolation& v) {
  std::string w = v.file + ":" + std::to_string(v.line);
  if (v.rank >= 0 && v.thread >= 0)
    return w + " (rank " + std::to_string(v.rank) + ", thread " + std::to_string(v.thread) + ")";
  if (v.thread >= 0)
    return w + " (thread " + std::to_string(v.thread) + ")";
  if (v.rank < 0)
    return w + " (before MPI_Init)";
  return w + " (rank " + std::to_string(v.rank) + ")";
}

std::string html(const std::string& s) {
  std::string o;
  for (char c : s)
    o += c == '<'   ? "&lt;"
         : c == '>' ? "&gt;"
         : c == '&' ? "&amp;"
         : c == '"' ? "&quot;"
                    : std::string(1, c);
  return o;
}

// What the summaries say: ", R ranks, C MPI calls checked" (runtime/mpi,
// rank 0 at MPI_Finalize) and ", I parallel assertion instances checked (E
// events)" (runtime/threads, every process at exit); a run that ended
// before either wrote one says so.
std::string summary(const RuntimeRun& run) {
  auto plural = [](long n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  std::string s;
  if (run.summarized)
    s += ", " + plural(run.ranks, "rank") + ", " + std::to_string(run.calls) + " MPI calls checked";
  if (run.threadSummaries)
    s += ", " + plural(run.passertInstances, "parallel assertion instance") + " checked (" +
         plural(run.events, "event") + ")";
  if (run.failStop)
    s += " (fail-stop: the process ended at its first violation)";
  if (s.empty())
    s = " (the run ended before MPI_Finalize or exit: no summary)";
  return s;
}

int integer(const JsonValue* v, int fallback) {
  return v && v->kind == JsonValue::Kind::Number ? int(v->num) : fallback;
}

std::string text(const JsonValue* v) {
  return v && v->kind == JsonValue::Kind::String ? v->str : "";
}

} // namespace

std::optional<RuntimeRun> readRuntimeReport(const std::string& path, std::string& err) {
  std::ifstream in(path);
  if (!in) {
    err = path + ": cannot read the report";
    return std::nullopt;
  }
  RuntimeRun run;
  std::string line;
  for (int no = 1; std::getline(in, line); ++no) {
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    std::string perr;
    auto v = parseJson(line, perr);
    if (!v || v->kind != JsonValue::Kind::Object) {
      err = path + ":" + std::to_string(no) + ": not a report line (" +
            (v ? "not an object" : perr) + ")";
      return std::nullopt;
    }
    if (const JsonValue* s = v->get("summary")) {
      if (s->get("passert_instances")) { // a process's runtime/threads summary
        ++run.threadSummaries;
        run.passertInstances += integer(s->get("passert_instances"), 0);
        run.events += integer(s->get("events"), 0);
        const JsonValue* fs = s->get("fail_stop");
        run.failStop |= fs && fs->kind == JsonValue::Kind::Bool && fs->b;
        continue;
      }
      run.summarized = true;
      run.summaryViolations = integer(s->get("violations"), 0);
      run.ranks = integer(s->get("ranks"), 0);
      run.calls = integer(s->get("calls"), 0);
      continue;
    }
    RuntimeViolation x;
    x.tool = text(v->get("tool"));
    x.kind = text(v->get("kind"));
    x.file = text(v->get("file"));
    x.line = integer(v->get("line"), 0);
    x.column = integer(v->get("column"), 0);
    x.rank = integer(v->get("rank"), -1);
    x.thread = integer(v->get("thread"), -1);
    x.message = text(v->get("message"));
    if (x.kind.empty()) {
      err = path + ":" + std::to_string(no) + ": a report line without \"kind\" or \"summary\"";
      return std::nullopt;
    }
    run.violations.push_back(std::move(x));
  }
  return run;
}

void printRuntimeText(std::ostream& os, const RuntimeRun& run) {
  for (const RuntimeViolation& v : run.violations)
    os << (v.tool.empty() ? "chorus-rt" : v.tool) << ": violation " << v.kind << " at " << where(v)
       << ": " << v.message << "\n";
  size_t n = run.violations.size();
  os << "run: " << n << " violation" << (n == 1 ? "" : "s") << summary(run) << "\n";
}

void printRuntimeSarif(std::ostream& os, const RuntimeRun& run, const std::string& toolVersion) {
  std::map<std::string, int> rules; // kind -> index, in first-seen order
  std::vector<std::string> order;
  for (const RuntimeViolation& v : run.violations)
    if (rules.emplace(v.kind, int(order.size())).second)
      order.push_back(v.kind);
  os << "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
     << "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
     << "    \"tool\": {\"driver\": {\"name\": \"chorus-rt\", \"version\": "
     << jsonQuote(toolVersion) << ", \"rules\": [";
  for (size_t i = 0; i < order.size(); ++i)
    os << (i ? ", " : "") << "{\"id\": " << jsonQuote(order[i])
       << ", \"shortDescription\": {\"text\": " << jsonQuote(order[i]) << "}}";
  os << "]}},\n    \"results\": [";
  for (size_t i = 0; i < run.violations.size(); ++i) {
    const RuntimeViolation& v = run.violations[i];
    os << (i ? "," : "") << "\n      {\"ruleId\": " << jsonQuote(v.kind)
       << ", \"ruleIndex\": " << rules[v.kind]
       << ", \"level\": \"error\", \"message\": {\"text\": " << jsonQuote(v.message)
       << "},\n       \"locations\": [{\"physicalLocation\": "
       << "{\"artifactLocation\": {\"uri\": " << jsonQuote(v.file) << "}";
    if (v.line > 0) {
      os << ", \"region\": {\"startLine\": " << v.line;
      if (v.column > 0)
        os << ", \"startColumn\": " << v.column;
      os << "}";
    }
    os << "}}],\n       \"properties\": {";
    const char* sep = "";
    if (v.rank >= 0) {
      os << "\"rank\": " << v.rank;
      sep = ", ";
    }
    if (v.thread >= 0)
      os << sep << "\"thread\": " << v.thread;
    os << "}}";
  }
  os << "\n    ],\n    \"properties\": {\"completed\": "
     << (run.summarized || run.threadSummaries ? "true" : "false");
  if (run.summarized)
    os << ", \"ranks\": " << run.ranks << ", \"calls\": " << run.calls;
  if (run.threadSummaries)
    os << ", \"passertInstances\": " << run.passertInstances << ", \"events\": " << run.events;
  os << "}\n  }]\n}\n";
}

void printRuntimeHtml(std::ostream& os, const RuntimeRun& run, const std::string& title) {
  size_t n = run.violations.size();
  os << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" << html(title)
     << "</title>\n<style>body{font-family:sans-serif;margin:2em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;"
        "text-align:left;vertical-align:top}th{background:#eee}.kind{color:#b00;"
        "font-weight:bold}.ok{color:#070}</style></head>\n<body>\n<h1>"
     << html(title) << "</h1>\n<p id=\"verdict\" class=\"" << (n ? "kind" : "ok") << "\">" << n
     << " violation" << (n == 1 ? "" : "s");
  if (run.summarized)
    os << " in a run of " << run.ranks << " rank" << (run.ranks == 1 ? "" : "s") << " ("
       << run.calls << " MPI calls checked)";
  if (run.threadSummaries)
    os << (run.summarized ? "; " : " in a run (") << run.passertInstances
       << " parallel assertion instance" << (run.passertInstances == 1 ? "" : "s") << " checked, "
       << run.events << " event" << (run.events == 1 ? "" : "s") << ")";
  if (run.failStop)
    os << " (fail-stop: the process ended at its first violation)";
  if (!run.summarized && !run.threadSummaries)
    os << " (the run ended before MPI_Finalize or exit)";
  os << "</p>\n";
  if (n) {
    os << "<table id=\"violations\">\n<tr><th>kind</th><th>where</th><th>rank</th>"
          "<th>thread</th><th>message</th></tr>\n";
    for (const RuntimeViolation& v : run.violations)
      os << "<tr class=\"violation\"><td class=\"kind\">" << html(v.kind) << "</td><td>"
         << html(v.file) << ":" << v.line << "</td><td>"
         << (v.rank >= 0 ? std::to_string(v.rank) : "") << "</td><td>"
         << (v.thread >= 0 ? std::to_string(v.thread) : "") << "</td><td>" << html(v.message)
         << "</td></tr>\n";
    os << "</table>\n";
  }
  os << "</body></html>\n";
}

} // namespace chorus::report
