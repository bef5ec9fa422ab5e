// The report of a real run checked by `chorus cc`'s run-time checkers: the
// JSON Lines file a run appends to (CHORUS_RT_REPORT, runtime/mpi/README.md),
// read back and written as text, SARIF 2.1.0 or an HTML page
// (`chorus rt-report`).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace chorus::report {

struct RuntimeViolation {
  std::string tool; ///< "chorus-rt"
  std::string kind; ///< the verifier's violation kind
  std::string file;
  int line = 0;
  int column = 0;  ///< 0: not known (runtime/mpi reports lines only)
  int rank = -1;   ///< the MPI rank, or -1
  int thread = -1; ///< the thread, or -1
  std::string message;
};

struct RuntimeRun {
  std::vector<RuntimeViolation> violations; ///< in the order the ranks wrote them
  bool summarized = false; ///< rank 0 wrote the summary (the run reached MPI_Finalize)
  long ranks = 0, calls = 0, summaryViolations = 0;
  /// runtime/threads: the processes that wrote their summary at exit, and
  /// their parallel assertion instances and events, summed
  long threadSummaries = 0, passertInstances = 0, events = 0;
  bool failStop = false; ///< a process ended at its first violation (CHORUS_RT_FAIL_STOP)
};

/// Reads a JSON Lines report; nullopt with `err` ("FILE:LINE: ...") when the
/// file is missing or a line is not a report object.
std::optional<RuntimeRun> readRuntimeReport(const std::string& path, std::string& err);

void printRuntimeText(std::ostream& os, const RuntimeRun& run);
void printRuntimeSarif(std::ostream& os, const RuntimeRun& run, const std::string& toolVersion);
void printRuntimeHtml(std::ostream& os, const RuntimeRun& run, const std::string& title);

} // namespace chorus::report
