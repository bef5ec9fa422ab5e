// chorus: the command-line driver. Thin: parses arguments, calls libraries.
#include "chorus/front/Frontend.h"
#include "chorus/model/Printer.h"
#include "chorus/report/Report.h"
#include "chorus/search/Verify.h"
#include "chorus/support/Diagnostics.h"

#include <fstream>
#include <unistd.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

enum ExitCode { kVerified = 0, kViolation = 1, kUnknown = 2, kUsage = 3 };

const char* kUsageText =
    R"(usage: chorus <command> [options] FILE.c [clang flags]

Verifies parallel C programs (MPI, pthreads) with collective assertions,
collective loop invariants, collective contracts and parallel assertions.

commands:
  dump-model FILE.c [-DNAME=V] [-I DIR]   print the program model (program
                                           graphs, annotations) and exit
  verify FILE.c -n N|LO..HI                check safety and the annotations
  compare SPEC.c IMPL.c                    functional equivalence of two programs
  replay TRACE.json                        re-execute a counterexample trace

options:
  -h, --help       this text
  --version        print the version
  --function F     dump-model: print only function F
  --library        dump-model: also list library (undefined) functions
  verify: --input NAME=VALUE  --deadlock absolute|potential|both (default both)
          --stateless  --max-states N  --max-depth N  --time-limit S
          --memory-limit MB  --json FILE  --quiet
          --no-collective (skip collective assertions)  --cqmin (queue heuristic)

exit codes: 0 verified, 1 violation, 2 unknown, 3 usage or input error
)";

int usageError(const std::string& msg) {
  std::cerr << "chorus: error: " << msg << "\n(run 'chorus --help' for usage)\n";
  return kUsage;
}

/// Splits arguments into chorus options and the C file plus clang flags.
struct FrontArgs {
  std::string file;
  std::vector<std::string> clangArgs;
  std::string onlyFunction;
  bool library = false;
};

bool parseFrontArgs(const std::vector<std::string>& args, FrontArgs& out, std::string& err) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--function") {
      if (i + 1 >= args.size()) {
        err = "--function needs a function name";
        return false;
      }
      out.onlyFunction = args[++i];
    } else if (a == "--library") {
      out.library = true;
    } else if (a == "-I" || a == "-D" || a == "-U" || a == "-include" || a == "-isystem") {
      if (i + 1 >= args.size()) {
        err = a + " needs an argument";
        return false;
      }
      out.clangArgs.push_back(a);
      out.clangArgs.push_back(args[++i]);
    } else if (a.size() > 1 && a[0] == '-') {
      if (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0 || a.rfind("-I", 0) == 0 ||
          a.rfind("-std=", 0) == 0 || a.rfind("-W", 0) == 0) {
        out.clangArgs.push_back(a);
      } else {
        err = "unknown option '" + a + "'";
        return false;
      }
    } else if (out.file.empty()) {
      out.file = a;
    } else {
      err = "more than one input file ('" + out.file + "' and '" + a + "')";
      return false;
    }
  }
  if (out.file.empty()) {
    err = "no input file";
    return false;
  }
  return true;
}

int dumpModel(const std::vector<std::string>& args) {
  FrontArgs fa;
  std::string err;
  if (!parseFrontArgs(args, fa, err))
    return usageError(err);
  chorus::DiagnosticSink diags;
  chorus::front::FrontendOptions fo;
  fo.clangArgs = fa.clangArgs;
  auto program = chorus::front::loadProgram(fa.file, fo, diags);
  diags.print(std::cerr);
  if (!program)
    return kUsage;
  chorus::model::PrintOptions po;
  po.onlyFunction = fa.onlyFunction;
  po.showLibraryDecls = fa.library;
  if (!fa.onlyFunction.empty() && !program->findFunc(fa.onlyFunction))
    return usageError("no function named '" + fa.onlyFunction + "' in " + fa.file);
  chorus::model::print(std::cout, *program, po);
  return kVerified;
}

/// `chorus verify FILE.c -n N|LO..HI [options] [clang flags]`.
int verifyCommand(const std::vector<std::string>& args) {
  namespace s = chorus::search;
  s::VerifyOptions vo;
  std::string jsonFile;
  bool quiet = false, haveN = false;
  std::vector<std::string> front;
  auto number = [](const std::string& t, uint64_t& out) {
    if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 18)
      return false;
    out = std::stoull(t);
    return true;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    std::string v;
    uint64_t u = 0;
    if (a == "-n") {
      if (!value(v))
        return usageError("-n needs a process count N or a range LO..HI");
      std::string lo = v, hi = v;
      if (auto d = v.find(".."); d != std::string::npos) {
        lo = v.substr(0, d);
        hi = v.substr(d + 2);
      }
      uint64_t l = 0, h = 0;
      if (!number(lo, l) || !number(hi, h) || l < 1 || h < l || h > 4096)
        return usageError("invalid process count '" + v +
                          "' (expected N >= 1 or LO..HI with 1 <= LO <= HI)");
      vo.nLo = int(l);
      vo.nHi = int(h);
      haveN = true;
    } else if (a == "--input") {
      if (!value(v) || v.find('=') == std::string::npos || v.find('=') == 0)
        return usageError("--input needs NAME=VALUE");
      vo.inputs[v.substr(0, v.find('='))] = v.substr(v.find('=') + 1);
    } else if (a == "--deadlock") {
      if (!value(v) || (v != "absolute" && v != "potential" && v != "both"))
        return usageError("--deadlock needs absolute, potential or both");
      vo.deadlock = v == "absolute"    ? s::DeadlockMode::Absolute
                    : v == "potential" ? s::DeadlockMode::Potential
                                       : s::DeadlockMode::Both;
    } else if (a == "--stateless") {
      vo.search.stateless = true;
    } else if (a == "--no-por") {
      vo.search.por = false;
    } else if (a == "--no-collective") {
      vo.search.collective = false;
    } else if (a == "--cqmin") {
      vo.search.cqmin = true;
    } else if (a == "--max-states" || a == "--max-depth" || a == "--memory-limit" ||
               a == "--time-limit") {
      if (!value(v) || !number(v, u) || u == 0)
        return usageError(a + " needs a positive integer");
      if (a == "--max-states")
        vo.search.maxStates = u;
      else if (a == "--max-depth")
        vo.search.maxDepth = u;
      else if (a == "--memory-limit")
        vo.search.memoryLimitMB = u;
      else
        vo.search.timeLimit = double(u);
    } else if (a == "--json") {
      if (!value(jsonFile))
        return usageError("--json needs a file name");
    } else if (a == "--quiet" || a == "-q") {
      quiet = true;
    } else {
      front.push_back(a);
    }
  }
  FrontArgs fa;
  std::string err;
  if (!parseFrontArgs(front, fa, err))
    return usageError(err);
  if (!haveN)
    return usageError("verify needs the number of processes: -n N or -n LO..HI");
  vo.search.progress = !quiet && isatty(2);
  chorus::DiagnosticSink diags;
  chorus::front::FrontendOptions fo;
  fo.clangArgs = fa.clangArgs;
  auto program = chorus::front::loadProgram(fa.file, fo, diags);
  diags.print(std::cerr);
  if (!program)
    return kUsage;
  s::SearchResult r = s::verify(*program, vo);
  if (r.verdict == s::Verdict::Unknown && r.reason.rfind("unsupported: --input", 0) == 0)
    return usageError(r.reason.substr(std::strlen("unsupported: ")));
  chorus::report::printText(std::cout, *program, r);
  if (!jsonFile.empty()) {
    std::ofstream js(jsonFile);
    if (!js)
      return usageError("cannot write '" + jsonFile + "'");
    chorus::report::printJson(js, *program, r);
  }
  return r.verdict == s::Verdict::Verified    ? kVerified
         : r.verdict == s::Verdict::Violation ? kViolation
                                              : kUnknown;
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return usageError("no command");
  const std::string cmd = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    std::cout << kUsageText;
    return kVerified;
  }
  if (cmd == "--version") {
    std::cout << "chorus " << CHORUS_VERSION << "\n";
    return kVerified;
  }
  if (cmd == "dump-model")
    return dumpModel(rest);
  if (cmd == "verify")
    return verifyCommand(rest);
  if (cmd == "compare" || cmd == "replay")
    return usageError("command '" + cmd +
                      "' needs the verification engine, which this build does not contain yet");
  return usageError("unknown command '" + cmd + "'");
}
