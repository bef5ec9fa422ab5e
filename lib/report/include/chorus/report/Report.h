// Verdicts, traces and statistics as text and JSON.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/search/Search.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace chorus::report {

/// "verdict: verified", "verdict: violation ASSERTION at f.c:3:5 (process 1)",
/// "verdict: unknown (max-states reached)".
std::string verdictLine(const model::Program& p, const search::SearchResult& r);
/// Verdict line, violation message, trace, inputs and statistics.
void printText(std::ostream& os, const model::Program& p, const search::SearchResult& r);
void printStats(std::ostream& os, const search::SearchResult& r);
/// How chorus was run (recorded in JSON traces for `chorus replay`).
struct Invocation {
  std::string cwd;               ///< working directory
  std::vector<std::string> args; ///< the arguments after the command name
};

/// The same as a JSON document; `inv` (optional) is recorded as "command".
void printJson(std::ostream& os, const model::Program& p, const search::SearchResult& r,
               const Invocation* inv = nullptr);

/// The verdict as a SARIF 2.1.0 log (one run; a violation is one result
/// with its location and the trace as a code flow, one thread flow per
/// process; verified and unknown give no result, the verdict and statistics
/// are run properties).
void printSarif(std::ostream& os, const model::Program& p, const search::SearchResult& r,
                const std::string& toolVersion);

/// The verdict as one self-contained HTML page (no network: inline SVG, CSS
/// and script): the counterexample as a message-sequence chart, the source
/// with the violating line marked, inputs, statistics, and for a verified
/// program the annotations it states (all checked).
struct HtmlOptions {
  std::string title; ///< the command that was run
  /// Per process, the global index of rank 0 of its MPI_COMM_WORLD (a
  /// comparison runs two programs, each with its own world); empty: 0.
  std::vector<int> worldBase;
};
void printHtml(std::ostream& os, const model::Program& p, const search::SearchResult& r,
               const HtmlOptions& opts);

/// What `chorus replay` reads back from a trace file written by --json.
struct TraceFile {
  Invocation command;
  int nprocs = 0;
  bool synchronousSends = false;
  std::string kind;                   ///< violation kind name, e.g. "ASSERTION"
  std::string where;                  ///< violation location "file:line:col" (as in the report)
  int proc = -1;                      ///< process of the violation
  std::vector<exec::Step> steps;      ///< proc, stmt, choice, effects (loc not resolved)
  std::vector<std::string> stepWhere; ///< per step "file:line:col"
  std::vector<std::pair<std::string, std::string>> inputs;
  /// NONTERMINATION: the index of the cycle's first step (0-based; the file
  /// says it 1-based), SIZE_MAX: none.
  size_t cycleStart = SIZE_MAX;
};

/// Reads a trace file; nullopt with `err` set when it is not one (not JSON,
/// no violation, no "command").
std::optional<TraceFile> readTraceFile(const std::string& path, std::string& err);

} // namespace chorus::report
