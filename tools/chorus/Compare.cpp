// `chorus compare SPEC.c IMPL.c [--spec-procs M] -n N|LO..HI
//  [--composition parallel|sequential] [verify options] [clang flags]`.
#include "chorus/search/Compare.h"
#include "chorus/front/Frontend.h"
#include "chorus/model/Compose.h"
#include "chorus/report/Report.h"
#include "chorus/search/Infer.h"
#include "chorus/support/Diagnostics.h"

#include "Args.h"

#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

int error(const std::string& msg) {
  std::cerr << "chorus: error: " << msg << "\n(run 'chorus --help' for usage)\n";
  return 3;
}

} // namespace

int compareCommand(const std::vector<std::string>& args) {
  namespace s = chorus::search;
  s::CompareOptions co;
  std::string jsonFile, htmlFile;
  bool quiet = false, haveN = false, infer = false;
  std::vector<std::string> files, clangArgs;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    if (auto r = chorus::driver::parseSearchOption(args, i, co.search)) {
      if (!r->empty())
        return error(*r);
      continue;
    }
    std::string v;
    uint64_t u = 0;
    if (a == "-n") {
      if (!value(v))
        return error("-n needs a process count N or a range LO..HI");
      if (!chorus::driver::parseProcessRange(v, co.nLo, co.nHi))
        return error("invalid process count '" + v + chorus::driver::kProcessRangeError);
      haveN = true;
    } else if (a == "--spec-procs") {
      if (!value(v) || !chorus::driver::parseCount(v, u) || u < 1 || u > 4096)
        return error("--spec-procs needs a process count >= 1");
      co.specProcs = int(u);
    } else if (a == "--composition") {
      if (!value(v) || (v != "parallel" && v != "sequential"))
        return error("--composition needs parallel or sequential");
      co.sequential = v == "sequential";
    } else if (a == "--input") {
      if (!value(v) || v.find('=') == std::string::npos || v.find('=') == 0)
        return error("--input needs NAME=VALUE");
      co.inputs[v.substr(0, v.find('='))] = v.substr(v.find('=') + 1);
    } else if (a == "--deadlock") {
      if (!value(v) || (v != "absolute" && v != "potential" && v != "both"))
        return error("--deadlock needs absolute, potential or both");
      co.deadlock = v == "absolute"    ? s::DeadlockMode::Absolute
                    : v == "potential" ? s::DeadlockMode::Potential
                                       : s::DeadlockMode::Both;
    } else if (a == "--json") {
      if (!value(jsonFile))
        return error("--json needs a file name");
    } else if (a == "--html") {
      if (!value(htmlFile))
        return error("--html needs a file name");
    } else if (a == "--no-overflow-check") {
      co.overflowCheck = false;
    } else if (a == "--float") {
      if (!value(v) || (v != "ieee" && v != "real"))
        return error("--float needs ieee or real");
      co.ieeeFloat = v == "ieee";
    } else if (a == "--infer-invariants") {
      infer = true;
      co.search.lise = true;
    } else if (a == "--quiet" || a == "-q") {
      quiet = true;
    } else if (a == "-I" || a == "-D" || a == "-U") {
      if (!value(v))
        return error(a + " needs an argument");
      clangArgs.push_back(a);
      clangArgs.push_back(v);
    } else if (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0 || a.rfind("-I", 0) == 0 ||
               a.rfind("-std=", 0) == 0 || a.rfind("-W", 0) == 0) {
      clangArgs.push_back(a);
    } else if (a.size() > 1 && a[0] == '-') {
      return error("unknown option '" + a + "'");
    } else {
      files.push_back(a);
    }
  }
  if (files.size() != 2)
    return error("compare needs two files: SPEC.c IMPL.c");
  if (co.search.lise && co.sequential)
    return error("--lise needs the parallel composition (seed 004 §3: the two programs' loops "
                 "advance together under their joint invariants); drop --composition sequential");
  co.search.progress = !quiet && isatty(2);
  chorus::front::FrontendOptions fo;
  fo.clangArgs = clangArgs;
  std::unique_ptr<chorus::model::Program> progs[2];
  for (int k = 0; k < 2; ++k) {
    chorus::DiagnosticSink diags;
    progs[k] = chorus::front::loadProgram(files[k], fo, diags);
    diags.print(std::cerr);
    if (!progs[k])
      return 3;
  }
  // -n may be left out when neither program calls MPI: one process each
  if (!haveN && (chorus::driver::callsMpi(*progs[0]) || chorus::driver::callsMpi(*progs[1])))
    return error("compare needs the implementation's number of processes: -n N or -n LO..HI");
  // --infer-invariants: joint invariants for the loops without one, the
  // specification's k-th loop paired with the implementation's
  s::CandidateSet inferred;
  if (infer)
    s::addCandidates(*progs[1], s::jointCandidates(*progs[0], *progs[1], 1), true, inferred);
  std::vector<std::string> specFiles = progs[0]->files, implFiles = progs[1]->files;
  chorus::model::Program composed;
  try {
    composed = chorus::model::compose(std::move(*progs[0]), *progs[1]);
  } catch (const chorus::model::ComposeError& e) {
    std::cerr << "chorus: error: " << e.what() << "\n";
    return 3;
  }
  std::optional<s::InferResult> ir;
  if (infer) {
    // the loops' locations, in the composition's file numbering
    for (s::InferredLoop& l : inferred.loops) {
      l.loop.file = composed.fileIndex(implFiles.at(l.loop.file));
      if (l.specLoop.valid())
        l.specLoop.file = composed.fileIndex(specFiles.at(l.specLoop.file));
    }
    std::vector<std::pair<chorus::model::SrcLoc, std::string>> problems;
    ir = s::houdini(
        composed, std::move(inferred),
        [&](const chorus::model::Program& q, const s::InferRun& how) {
          s::CompareOptions o = co;
          o.confirm = how.confirm;
          o.replayOf = how.replayOf;
          if (how.budget)
            s::withBudget(o.search);
          return s::compare(q, o);
        },
        problems);
    for (const auto& [loc, msg] : problems)
      std::cerr << composed.where(loc) << ": error: " << msg << "\n";
    if (!problems.empty())
      return 3;
  } else if (co.search.lise) {
    auto problems = s::liseProblems(composed);
    for (const auto& [loc, msg] : problems)
      std::cerr << composed.where(loc) << ": error: " << msg << "\n";
    if (!problems.empty())
      return 3;
  }
  s::SearchResult r = ir ? ir->result : s::compare(composed, co);
  if (r.verdict == s::Verdict::Unknown && r.reason.rfind("unsupported: --input", 0) == 0)
    return error(r.reason.substr(13));
  std::cout << "compare: specification " << files[0] << " (" << co.specProcs << " process"
            << (co.specProcs == 1 ? "" : "es") << ", processes 0.." << co.specProcs - 1
            << "), implementation " << files[1] << " (processes " << co.specProcs << "..), "
            << (co.sequential ? "sequential" : "parallel") << " composition\n";
  chorus::report::printText(std::cout, composed, r);
  if (ir)
    s::printInferred(std::cout, composed, *ir);
  if (!htmlFile.empty()) {
    std::ofstream hf(htmlFile);
    if (!hf)
      return error("cannot write '" + htmlFile + "'");
    chorus::report::HtmlOptions ho;
    ho.title = "chorus compare";
    for (const std::string& a : args)
      ho.title += " " + a;
    for (int q = 0; q < r.nprocs; ++q) // the specification's world, then the implementation's
      ho.worldBase.push_back(q < co.specProcs ? 0 : co.specProcs);
    chorus::report::printHtml(hf, composed, r, ho);
  }
  if (!jsonFile.empty()) {
    std::ofstream js(jsonFile);
    if (!js)
      return error("cannot write '" + jsonFile + "'");
    chorus::report::printJson(js, composed, r);
  }
  return r.verdict == s::Verdict::Verified ? 0 : r.verdict == s::Verdict::Violation ? 1 : 2;
}
