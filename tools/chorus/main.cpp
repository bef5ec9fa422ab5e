// chorus: the command-line driver. Thin: parses arguments, calls libraries.
#include "chorus/front/Frontend.h"
#include "chorus/model/Printer.h"
#include "chorus/support/Diagnostics.h"

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
  if (cmd == "verify" || cmd == "compare" || cmd == "replay")
    return usageError("command '" + cmd +
                      "' needs the verification engine, which this build does not contain yet");
  return usageError("unknown command '" + cmd + "'");
}
