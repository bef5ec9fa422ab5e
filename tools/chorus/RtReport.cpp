// `chorus rt-report REPORT.jsonl [--sarif FILE] [--html FILE]`: the report a
// run of a program built by `chorus cc` appended to CHORUS_RT_REPORT, read
// back as one report of the run: text on standard output, and SARIF 2.1.0
// or an HTML page on request. Exit code 1 when the run had violations, 0
// when none, 3 for a missing or malformed report.
#include "chorus/report/RuntimeReport.h"

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#ifndef CHORUS_VERSION
#define CHORUS_VERSION "unknown"
#endif

namespace chorus::driver {

int rtReportCommand(const std::vector<std::string>& args) {
  auto fail = [](const std::string& msg) {
    std::cerr << "chorus: error: " << msg << "\n(run 'chorus rt-report --help' for usage)\n";
    return 3;
  };
  std::string in, sarif, html;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--sarif" || a == "--html") {
      if (i + 1 >= args.size())
        return fail(a + " needs a file name");
      (a == "--sarif" ? sarif : html) = args[++i];
    } else if (!a.empty() && a[0] == '-')
      return fail("unknown option '" + a + "' for rt-report");
    else if (in.empty())
      in = a;
    else
      return fail("rt-report reads one report (got '" + in + "' and '" + a + "')");
  }
  if (in.empty())
    return fail("rt-report needs the report of a run (the file CHORUS_RT_REPORT named)");
  std::string err;
  auto run = report::readRuntimeReport(in, err);
  if (!run)
    return fail(err);
  report::printRuntimeText(std::cout, *run);
  auto write = [&](const std::string& path, auto print) {
    std::ofstream os(path);
    if (!os)
      return false;
    print(os);
    return bool(os);
  };
  if (!sarif.empty() &&
      !write(sarif, [&](std::ostream& os) { report::printRuntimeSarif(os, *run, CHORUS_VERSION); }))
    return fail("cannot write '" + sarif + "'");
  if (!html.empty() && !write(html, [&](std::ostream& os) {
        report::printRuntimeHtml(os, *run, "chorus-rt: " + in);
      }))
    return fail("cannot write '" + html + "'");
  return run->violations.empty() ? 0 : 1;
}

} // namespace chorus::driver
