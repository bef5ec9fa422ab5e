// chorus: the command-line driver. Thin: parses arguments, calls libraries.
#include "Args.h"
#include "chorus/front/CompileCommands.h"
#include "chorus/front/Frontend.h"
#include "chorus/model/CommPatterns.h"
#include "chorus/model/ContractDriver.h"
#include "chorus/model/Printer.h"
#include "chorus/model/RankSymmetry.h"
#include "chorus/report/Report.h"
#include "chorus/search/Infer.h"
#include "chorus/search/Verify.h"
#include "chorus/support/Diagnostics.h"
#include "chorus/support/Fatal.h"

#include <fstream>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

/// `chorus compare` (Compare.cpp).
int compareCommand(const std::vector<std::string>& args);
namespace chorus::driver {
/// `chorus cc` (Cc.cpp).
int ccCommand(const std::vector<std::string>& args);
int rtReportCommand(const std::vector<std::string>& args);
} // namespace chorus::driver
#include "Docs.h"

namespace {

enum ExitCode { kVerified = 0, kViolation = 1, kUnknown = 2, kUsage = 3 };

const char* kUsageText =
    R"(usage: chorus <command> [options] FILE.c... [clang flags]

Verifies parallel C programs (MPI, pthreads) with collective assertions,
collective loop invariants, collective contracts and parallel assertions.

commands:
  dump-model FILE.c [-DNAME=V] [-I DIR]   print the program model (program
                                           graphs, annotations) and exit
  verify FILE.c... -n N|LO..HI             check safety and the annotations
                                           (-n may be left out for a program
                                           without MPI calls, e.g. pthreads:
                                           one process)

  Several files are one program, linked as the linker does (external
  names shared, statics per file, a second definition is an error).
  -p DIR reads DIR/compile_commands.json: the flags of each file's entry
  (-D, -U, -I, -include, -std=), and all its C files when none is given.
  CPATH and C_INCLUDE_PATH are honoured as by gcc.
  compare SPEC.c IMPL.c -n N|LO..HI        functional equivalence of two programs
          [--spec-procs M] [--composition parallel|sequential] [verify options]
          (with --lise, joint invariants are proved for every input size on
          the parallel composition, seed 004 §3; --infer-invariants finds
          joint invariants for paired loops without one)
  replay TRACE.json [--html FILE]          re-execute a counterexample trace
  cc [mpicc arguments]                     compile and link like mpicc, with the
                                           MPI run-time checker (runtime/mpi)
  rt-report REPORT.jsonl [--sarif FILE]    the report of a run of a chorus cc program
            [--html FILE]                  (CHORUS_RT_REPORT) as text, SARIF, HTML
  explain [KIND]                           what a verdict kind means, its rule
                                           and an example (all kinds without KIND)

  chorus COMMAND --help (or chorus help COMMAND) prints every option of
  COMMAND; docs/ holds the user guide and the command reference.

options:
  -h, --help       this text (after a command: that command's options)
  --version        print the version
  --function F     dump-model: print only function F
  --library        dump-model: also list library (undefined) functions
  verify: --input NAME=VALUE  --deadlock absolute|potential|both (default both)
            absolute: every standard-mode send buffered (infinite buffering);
            potential: each standard-mode send buffered or synchronous, a
            choice per send (MPI 3.1 3.4: any buffering an MPI may choose);
            both: absolute, then potential
          --stateless  --max-states N  --max-depth N  --time-limit S
          --memory-limit MB  --json FILE  --sarif FILE  --html FILE  --quiet
          --no-collective (collective assertions and invariants not checked:
            the verdict is unknown when one is reached)
          --cqmin (processes with the shortest snapshot queue first)
          --lise (loop-invariant symbolic execution, for every input size:
            each loop under a collective invariant or an ACSL loop
            invariant runs once from a havoc of what its body writes; the
            invariant is proved on entry and preserved by an arbitrary
            iteration, across processes and without synchronizing them.
            New kinds: POSSIBLE_INVARIANT_VIOLATION, OUT_OF_ORDER_ARRIVAL,
            CONFLICTING_LOOP_EXIT; a loop left by break, return or goto,
            with a call in its condition or a do-while is normalized to
            one head with two exits, the invariant claimed at the top of
            every iteration)
          --infer-invariants (implies --lise: every loop without an
            invariant gets candidate collective invariants from templates:
            linear (in)equalities between its counters, inputs, rank and
            size, constants and the loop bounds, the same counter on other
            processes PROC[0|rank+1|rank-1]@f.x, parity steps; those that
            fail the base case or the inductive step are dropped until none
            fails (Houdini); the program is proved with the rest, which is
            printed as pragmas to paste before each loop)
          --lise-lag K (default 6: a state whose queue of incomplete loop
            records exceeds K, one process K iterations ahead of another, is
            not explored further and the verdict is at best unknown; 0: no
            bound)
          --no-packed-arrays (global arrays of more than 1024 integers are
            otherwise kept as unboxed numbers, not expressions)
          --no-fast-moves (concrete integer moves inside chains otherwise
            run without the machinery of a move, scalars unboxed)
          --check-fast-moves (testing: each run of fast moves is redone by
            the ordinary moves and the states compared)
          --no-por  --keep-dead-values (no liveness reduction of state keys)
          --dpor (the default; threads: stateful dynamic partial-order
            reduction, the moves below a visited state summarized for when
            it is matched; the states of a cycle are fully expanded)
          --dpor-stateless (the stateless DPOR with sleep sets; a path that
            returns to a state on it makes the search start again with
            local moves and state matching)
          --no-dpor (the local-move reduction alone)
          --no-dpor-termination (after the DPOR verified a program, no
            second search with local moves checking termination)
          --no-chains (save every state: a run of moves where the POR
            expands one move at a time is otherwise one transition)
          --no-shorten (print a violation's trace as found; by default the
            moves outside its causal past are dropped and the short trace
            is kept only when its replay reaches the same violation)
          --shortest (a trace of minimum length: a branch-and-bound search
            over every interleaving, within the limits; the report says
            whether the minimum was proved)
          --print-output (print what the first execution that terminates
          writes with printf/puts/putchar, before the verdict)
          --ignore KIND (repeatable: violations of KIND, e.g. MPI_PENDING_MESSAGE,
            are not reported; the search goes on past them to other bugs,
            and its verdict is never verified when one was met)
          --allow-active-request-free (MPI_Request_free of an active request
            is accepted instead of MPI_ACTIVE_REQUEST_FREE)
          --contract F (collective contracts, seed 002: verify function F
            against its 'mpi collective' contract for every input: each
            process calls F once with the program's globals and F's
            arguments fresh symbolic values constrained only by F's
            precondition (pointer arguments: distinct arrays of symbolic
            length; MPI_Comm arguments: MPI_COMM_WORLD, and if F also
            names MPI_COMM_WORLD a duplicate of it and a communicator of
            each proper subset of a world of 2..N processes (ranks in
            world order, the others not calling F); MPI_Datatype
            arguments F only passes to MPI calls that move data: one
            symbolic datatype for every datatype, known only through
            \mpi_sig, \mpi_extent, \mpi_nonoverlapping, the same on
            every process (without \mpi_agree(dt): also runs where it is
            dt or contiguous(2, dt) per process); other MPI_Datatype
            arguments (and void *
            buffers read as C types, reductions, type queries): one run
            per MPI_INT, MPI_DOUBLE, and MPI_Op arguments one per MPI_SUM,
            MPI_PROD, MPI_MAX, MPI_MIN, named in the verdict; void *
            arguments: arrays of the datatype a \mpi_buf of the contract
            gives them); checks F's
            collective postcondition, assigns, waitsfor, messages crossing
            the call (UNRECEIVED_MESSAGE, SEGMENT_BOUNDARY), mpi uses,
            termination (NONTERMINATION); a procedure with a collective
            contract that F calls is simulated by its contract (its
            precondition: COLLECTIVE_PRECONDITION; the same calls on every
            process: COLLECTIVE_CONSISTENCY); the MPI terms of seed 002
            §3.3 are evaluated (\mpi_buf, k + b, k * b, *b, \mpi_sig,
            \mpi_extent, \mpi_nonoverlapping, \mpi_reduce with predefined
            ops) for datatypes and ops named as handles)
          --mpi-model contracts|builtin (with --contract: MPI's collectives
            called by F are simulated by their contracts of seed 002 App. B,
            the default, or run with chorus's MPI model; a collective without
            a contract runs with the model and a note says so)
          --no-symmetry (with --contract: explore every pattern of ranks even
            when F and its contract treat all ranks alike; by default such a
            run keeps one pattern per renaming of the ranks, and says so)
          --no-overflow-check (signed integer arithmetic is mathematical, as
            in the seed papers: no SIGNED_OVERFLOW; unsigned arithmetic and
            conversions stay modulo 2^w, shift counts stay checked)
          --float ieee|real (floating types: IEEE as gcc on x86-64, each
            operation rounded, the default; or mathematical reals, as in
            the seed papers)
          -- ARGS  main's arguments (argv[1..]; argv[0] is the file name
            without .c); without them argc ranges over 1..1+K and each
            argument is a string of symbolic characters of length 0..L:
            --max-args K (default 3), --max-arg-length L (default 4)
          --env NAME=VALUE, --env NAME  getenv("NAME") gives VALUE, or NULL
            (not set); other names give NULL or a symbolic string
          --stdin FILE  the standard input (of process 0) is FILE's contents,
            read at verification time; without it reading stdin is unknown

values: integers as C has them on x86-64 Linux (LP64, as gcc): char 8 bits
(signed), short 16, int 32, long and long long 64, unsigned arithmetic and
conversions modulo 2^w, signed narrowing as gcc does it (modulo 2^w), >> of a
negative value arithmetic, << as gcc defines it (bits shifted out, the
count checked); signed overflow (+ - * unary - ++ --, INT_MIN / -1,
INT_MIN % -1) is SIGNED_OVERFLOW, a shift count < 0 or >= the width
SHIFT_OUT_OF_RANGE. GCC's integer builtins (popcount, clz, ctz, ffs, parity,
bswap, the checked __builtin_*_overflow) are exact; __builtin_unreachable()
reached, __builtin_clz/ctz(0) and a false __builtin_assume are
UNDEFINED_BEHAVIOR. Floating-point values (float, double, long double) are
IEEE binary32, binary64 and x87 extended, each constant, operation and
conversion rounded to nearest as gcc's code on x86-64 does; a floating value
converted to an integer type out of its range is UNDEFINED_BEHAVIOR;
infinities, NaN and -0.0 are values of concrete computations (with symbolic
operands an infinite or NaN result is unknown); on symbolic values
a rounded result is an uninterpreted function of the exact one (what depends
on it is unknown) and verified assumes they are finite. --float real: they
are mathematical reals (no rounding, overflow, NaN or infinity).

threads: pthread_create/join/exit/self/equal/detach, mutexes (normal,
recursive, error-checking) and condition variables (spurious wake-ups
explored) interleave statement by statement under sequential consistency;
DEADLOCK (every thread waits; the cycle of lock waits is named), DATA_RACE
(two threads' next moves access the same place, one writing), LOCK_MISUSE,
JOIN_MISUSE. Violations name the thread: (process 0, thread 2). MPI with
threads (MPI_Init_thread): threads share their process's rank; a call the
provided level forbids (FUNNELED: another thread than main; SERIALIZED: two
threads at once) or unordered collectives of two threads on one
communicator is MPI_THREAD_USAGE.

annotations: verify checks, within the bounded exploration, assert, TASS
collective assertions and invariants (every arrival at the loop head; with
--lise, loop invariants are proved for every input size), ACSL
requires/ensures/assigns/behaviors at every call and return (PRECONDITION,
POSTCONDITION, ASSIGNS, BEHAVIORS) and loop invariant/assigns/variant
(LOOP_INVARIANT, ASSIGNS, LOOP_VARIANT), collective contracts with
--contract; compare also the joint ones. An annotation it does not check
(collective contract blocks without --contract, terminates, decreases)
makes the verdict unknown, naming it. thru { ... } passert(e) (seed 003:
LW, RW, LR, RR, HASOCCURRED) is checked after every event of every thread
while an instance is live (PARALLEL_ASSERTION).

exit codes: 0 verified, 1 violation, 2 unknown, 3 usage or input error
)";

int usageError(const std::string& msg) {
  std::cerr << "chorus: error: " << msg << "\n(run 'chorus --help' for usage)\n";
  return kUsage;
}

/// Splits arguments into chorus options and the C file plus clang flags.
struct FrontArgs {
  std::string file;               ///< the first file (argv[0] of the program)
  std::vector<std::string> files; ///< all files: one program, linked
  std::string compileDb;          ///< -p DIR: DIR/compile_commands.json
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
    } else if (a == "-p") {
      if (i + 1 >= args.size()) {
        err = "-p needs the build directory holding compile_commands.json";
        return false;
      }
      out.compileDb = args[++i];
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
    } else {
      out.files.push_back(a);
    }
  }
  if (out.files.empty() && out.compileDb.empty()) {
    err = "no input file";
    return false;
  }
  if (!out.files.empty())
    out.file = out.files.front();
  return true;
}

/// The program's source files: the files given, with the flags of their
/// compile_commands.json entries under -p (all its C files when none is
/// given). False after reporting errors (exit 3).
bool sourceFiles(FrontArgs& fa, std::vector<chorus::front::SourceFile>& out,
                 chorus::DiagnosticSink& diags) {
  if (fa.compileDb.empty()) {
    for (const std::string& f : fa.files)
      out.push_back({f, {}});
    return true;
  }
  std::vector<std::string> only;
  for (const std::string& f : fa.files) {
    char* abs = realpath(f.c_str(), nullptr);
    if (!abs) {
      diags.error({}, "cannot open '" + f + "': " + std::strerror(errno));
      return false;
    }
    only.push_back(abs);
    std::free(abs);
  }
  if (!chorus::front::readCompileCommands(fa.compileDb, only, out, diags))
    return false;
  if (fa.file.empty())
    fa.file = out.front().path;
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
  std::vector<chorus::front::SourceFile> files;
  std::unique_ptr<chorus::model::Program> program;
  if (sourceFiles(fa, files, diags))
    program = chorus::front::loadProgram(files, fo, diags);
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

/// "file:line:col" of a location, as recorded in JSON traces.
std::string jsonWhere(const chorus::model::Program& p, chorus::model::SrcLoc l) {
  if (!l.valid())
    return "?";
  return (l.file < p.files.size() ? p.files[l.file] : std::string()) + ":" +
         std::to_string(l.line) + ":" + std::to_string(l.col);
}

/// `chorus verify FILE.c -n N|LO..HI [options] [clang flags]`. With
/// `replay`, the run of `chorus replay`: the recorded verify arguments with
/// the process count, deadlock mode and inputs of the trace, following its
/// steps (SearchOptions::guide).
int verifyCommand(const std::vector<std::string>& args,
                  const chorus::report::TraceFile* replay = nullptr,
                  const std::string& replayHtml = "") {
  namespace s = chorus::search;
  s::VerifyOptions vo;
  std::string jsonFile, sarifFile, htmlFile, contractName, mpiModel = "contracts";
  bool quiet = false, haveN = false, infer = false, noSymmetry = false;
  std::vector<std::string> front;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    if (auto r = chorus::driver::parseSearchOption(args, i, vo.search)) {
      if (!r->empty())
        return usageError(*r);
      continue;
    }
    std::string v;
    if (a == "--") { // the program's arguments: argv[1..]
      vo.programArgs = std::vector<std::string>(args.begin() + long(i) + 1, args.end());
      break;
    }
    if (a == "--max-args" || a == "--max-arg-length") {
      char* end = nullptr;
      long k = value(v) ? std::strtol(v.c_str(), &end, 10) : -1;
      if (v.empty() || !end || *end || k < 0 || k > 64)
        return usageError(a + " needs a number from 0 to 64");
      (a == "--max-args" ? vo.maxArgs : vo.maxArgLength) = int(k);
      continue;
    }
    if (a == "-n") {
      if (!value(v))
        return usageError("-n needs a process count N or a range LO..HI");
      if (!chorus::driver::parseProcessRange(v, vo.nLo, vo.nHi))
        return usageError("invalid process count '" + v + chorus::driver::kProcessRangeError);
      haveN = true;
    } else if (a == "--env") {
      if (!value(v) || v.empty() || v[0] == '=')
        return usageError("--env needs NAME=VALUE or NAME");
      size_t eq = v.find('=');
      if (eq == std::string::npos)
        vo.env[v] = std::nullopt;
      else
        vo.env[v.substr(0, eq)] = v.substr(eq + 1);
    } else if (a == "--stdin") {
      if (!value(v) || v.empty())
        return usageError("--stdin needs a file name");
      if (!std::ifstream(v, std::ios::binary))
        return usageError("--stdin: cannot read '" + v + "'");
      vo.stdinFile = v;
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
    } else if (a == "--print-output") {
      vo.search.captureOutput = true;
    } else if (a == "--keep-dead-values") {
      vo.dropDeadValues = false;
    } else if (a == "--no-packed-arrays") {
      vo.packArrays = false;
    } else if (a == "--no-fast-moves") {
      vo.fastMoves = false;
    } else if (a == "--check-fast-moves") {
      vo.checkFastMoves = true;
    } else if (a == "--allow-active-request-free") {
      vo.allowActiveRequestFree = true;
    } else if (a == "--no-overflow-check") {
      vo.overflowCheck = false;
    } else if (a == "--float") {
      if (!value(v) || (v != "ieee" && v != "real"))
        return usageError("--float needs ieee or real");
      vo.ieeeFloat = v == "ieee";
    } else if (a == "--contract") {
      if (!value(contractName))
        return usageError("--contract needs a function name");
    } else if (a == "--no-symmetry") {
      noSymmetry = true;
    } else if (a == "--mpi-model") {
      if (!value(mpiModel) || (mpiModel != "contracts" && mpiModel != "builtin"))
        return usageError("--mpi-model needs contracts or builtin");
    } else if (a == "--json") {
      if (!value(jsonFile))
        return usageError("--json needs a file name");
    } else if (a == "--html") {
      if (!value(htmlFile))
        return usageError("--html needs a file name");
    } else if (a == "--sarif") {
      if (!value(sarifFile))
        return usageError("--sarif needs a file name");
    } else if (a == "--infer-invariants") {
      infer = true;
      vo.search.lise = true;
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
  vo.search.progress = !quiet && isatty(2);
  chorus::DiagnosticSink diags;
  chorus::front::FrontendOptions fo;
  fo.clangArgs = fa.clangArgs;
  // verify --contract: MPI's collectives are simulated by their contracts
  // (seed 002 App. B, lib/front/headers/chorus_mpi_contracts.h)
  if (!contractName.empty() && mpiModel == "contracts")
    fo.clangArgs.insert(fo.clangArgs.begin(), {"-include", "chorus_mpi_contracts.h"});
  std::vector<chorus::front::SourceFile> files;
  std::unique_ptr<chorus::model::Program> program;
  if (sourceFiles(fa, files, diags))
    program = chorus::front::loadProgram(files, fo, diags);
  diags.print(std::cerr);
  if (!program)
    return kUsage;
  // A program that makes no MPI call (e.g. a pthreads program) is one process.
  if (!haveN && !replay && chorus::driver::callsMpi(*program))
    return usageError("verify needs the number of processes of an MPI program: -n N or -n LO..HI");
  if (infer && (replay || !contractName.empty()))
    return usageError("--infer-invariants cannot be combined with " +
                      std::string(replay ? "replay" : "--contract"));
  if (infer) {
    std::vector<std::pair<chorus::model::SrcLoc, std::string>> problems;
    s::InferResult ir = s::inferInvariants(*program, vo, problems);
    for (const auto& [loc, msg] : problems)
      std::cerr << program->where(loc) << ": error: " << msg << "\n";
    if (!problems.empty())
      return kUsage;
    s::SearchResult& r = ir.result;
    if (r.output)
      std::cout << *r.output << std::flush;
    chorus::report::printText(std::cout, *program, r);
    s::printInferred(std::cout, *program, ir);
    if (!jsonFile.empty()) {
      std::ofstream js(jsonFile);
      if (!js)
        return usageError("cannot write '" + jsonFile + "'");
      chorus::report::printJson(js, *program, r, nullptr);
    }
    return r.verdict == s::Verdict::Verified    ? kVerified
           : r.verdict == s::Verdict::Violation ? kViolation
                                                : kUnknown;
  }
  if (vo.search.lise) {
    auto problems = s::liseProblems(*program);
    for (const auto& [loc, msg] : problems)
      std::cerr << program->where(loc) << ": error: " << msg << "\n";
    if (!problems.empty())
      return kUsage;
  }
  {
    // argv[0]: the name of the program (the first file's name without .c)
    std::string base = fa.file.substr(fa.file.find_last_of('/') + 1);
    if (base.size() > 2 && base.compare(base.size() - 2, 2, ".c") == 0)
      base.resize(base.size() - 2);
    vo.programName = base;
  }
  if (replay) {
    vo.nLo = vo.nHi = replay->nprocs;
    vo.deadlock = replay->synchronousSends ? s::DeadlockMode::Potential : s::DeadlockMode::Absolute;
    vo.search.guide = replay->steps;
    vo.search.guideCycleStart = replay->cycleStart;
    // locations of the steps, for messages ("file:line:col" in the trace)
    for (size_t k = 0; k < vo.search.guide.size() && k < replay->stepWhere.size(); ++k) {
      const std::string& w = replay->stepWhere[k];
      size_t c2 = w.rfind(':'), c1 = c2 == std::string::npos ? c2 : w.rfind(':', c2 - 1);
      if (c1 == std::string::npos || c1 == 0)
        continue;
      std::string file = w.substr(0, c1);
      for (uint32_t fi = 0; fi < program->files.size(); ++fi)
        if (program->files[fi] == file) {
          chorus::model::SrcLoc& l = vo.search.guide[k].loc;
          l.file = fi;
          l.line = uint32_t(std::strtoul(w.c_str() + c1 + 1, nullptr, 10));
          l.col = uint32_t(std::strtoul(w.c_str() + c2 + 1, nullptr, 10));
        }
    }
    vo.search.progress = false;
    // The concrete inputs of the trace, for the program's inputs (and argc).
    std::set<std::string> names;
    for (const chorus::model::InputDecl& in : program->inputs)
      names.insert(in.macro.empty() ? program->var(in.var).name : in.macro);
    if (const chorus::model::Function* m = program->findFunc("main"); m && !m->params.empty())
      names.insert(program->var(m->params[0]).name);
    for (const auto& [k, v] : replay->inputs)
      // (values the prover printed in its own syntax stay symbolic)
      if (names.count(k) && !vo.inputs.count(k) && v != "?" && v.find('(') == std::string::npos)
        vo.inputs[k] = v;
    jsonFile.clear(); // never overwrite the trace being replayed
    sarifFile.clear();
    htmlFile = replayHtml;
  }
  // verify --contract: one run per combination of the values of f's
  // MPI_Datatype and MPI_Op parameters (the verdict names them)
  std::deque<chorus::model::ContractDriver> drivers(1);
  std::vector<std::map<std::string, int64_t>> choices{{}};
  std::vector<std::string> choiceNames{""};
  std::string choiceNote;
  std::string symbolicNote;
  bool lazyEntry = false, symmetry = false;
  std::string symmetryWhy;
  if (!contractName.empty()) {
    // MPI_Datatype parameters used only to move data: the symbolic
    // datatype (every datatype at once); else enumerated, and the verdict
    // says why
    std::string needs = chorus::model::contractDatatypeUse(*program, contractName);
    for (const auto& [pn, tn] : chorus::model::contractHandleParams(*program, contractName)) {
      if (tn == "MPI_Datatype" && needs.empty()) {
        for (auto& c : choices)
          c[pn] = chorus::model::kSymbolicDatatype;
        symbolicNote += (symbolicNote.empty() ? "" : ", ") + pn;
        continue;
      }
      if (tn == "MPI_Datatype")
        std::cerr << "note: --contract " << contractName << ": datatype '" << pn
                  << "' is enumerated, not symbolic: " << needs << "\n";
      std::vector<std::map<std::string, int64_t>> next;
      std::vector<std::string> names;
      std::string vals;
      for (size_t c = 0; c < choices.size(); ++c)
        for (const auto& [vn, v] : chorus::model::contractHandleValues(tn)) {
          next.push_back(choices[c]);
          next.back()[pn] = v;
          names.push_back(choiceNames[c] + (choiceNames[c].empty() ? "" : ", ") + pn + " = " + vn);
        }
      for (const auto& [vn, v] : chorus::model::contractHandleValues(tn))
        vals += (vals.empty() ? "" : ", ") + vn;
      choices = std::move(next);
      choiceNames = std::move(names);
      choiceNote += (choiceNote.empty() ? "" : "; ") + pn + " in {" + vals + "}";
    }
  }
  chorus::model::ContractDriver& driver = drivers.front();
  if (!contractName.empty()) {
    bool usage = false;
    std::string why =
        chorus::model::addContractDriver(*program, contractName, driver, usage, choices[0]);
    if (usage)
      return usageError("--contract " + contractName + ": " + why);
    if (!why.empty()) {
      s::SearchResult u;
      u.verdict = s::Verdict::Unknown;
      u.reason = "unsupported: --contract " + contractName + ": " + why;
      chorus::report::printText(std::cout, *program, u);
      return kUnknown;
    }
    vo.contract = &driver;
    // never silently: the MPI collectives f's verdict takes from chorus's
    // own MPI model rather than from a contract
    if (mpiModel == "builtin")
      std::cerr << "note: --mpi-model builtin: MPI's collectives run with chorus's MPI model, "
                   "not their contracts (seed 002 App. B)\n";
    else
      for (const std::string& fn : chorus::model::uncontractedCollectives(*program, driver.func))
        std::cerr << "note: " << fn
                  << " has no collective contract: chorus's own MPI model runs it\n";
    // the waitsfor check by causality unless the MPI model runs
    // collectives (ContractDriver::lazyEntry)
    lazyEntry = mpiModel == "builtin" ||
                !chorus::model::uncontractedCollectives(*program, driver.func).empty();
    driver.lazyEntry = lazyEntry;
    // rank symmetry (DESIGN-NOTES "Rank symmetry"): only when f and its
    // contract treat all ranks alike, never silently
    std::string asym = chorus::model::contractRankSymmetry(*program, contractName);
    symmetry = asym.empty() && !noSymmetry;
    driver.symmetry = symmetry;
    symmetryWhy = noSymmetry ? "--no-symmetry" : asym;
  }
  if (choices.size() > 1)
    std::cerr << "note: --contract " << contractName << ": one run per " << choiceNote
              << " (other datatypes and ops are not covered)\n";
  s::SearchResult r = s::verify(*program, vo);
  // One more run of the contract driver on a fresh copy of the program, with
  // handle choice k (and each communicator parameter bound to a duplicate of
  // MPI_COMM_WORLD when commDup; to a communicator of the processes
  // `members` of a world of nprocs when members is not empty; datatype
  // parameters bound per process as `units` says: ContractDriver::dtUnits);
  // its statistics are added to r's. False when the program no longer loads.
  auto runAgain = [&](size_t k, bool commDup, const std::string& what,
                      const std::vector<int>& members = {}, int nprocs = 0,
                      const std::vector<std::vector<int>>& units = {},
                      const std::vector<int>& blocks = {}) {
    std::unique_ptr<chorus::model::Program> next = chorus::front::loadProgram(files, fo, diags);
    if (!next)
      return false;
    bool usage = false;
    drivers.emplace_back();
    std::string why =
        chorus::model::addContractDriver(*next, contractName, drivers.back(), usage, choices[k]);
    s::SearchResult rk;
    if (!why.empty()) {
      rk.verdict = s::Verdict::Unknown;
      rk.reason = "unsupported: --contract " + contractName + what + ": " + why;
    } else {
      drivers.back().lazyEntry = lazyEntry;
      // the processes outside f's communicator are not alike to its members
      // (nor are processes whose datatypes differ)
      drivers.back().symmetry = symmetry && members.empty() && units.empty();
      drivers.back().commDup = commDup;
      drivers.back().members = members;
      drivers.back().commBlocks = blocks;
      drivers.back().dtUnits = units;
      vo.contract = &drivers.back();
      s::VerifyOptions one = vo;
      if (nprocs > 0)
        one.nLo = one.nHi = nprocs;
      rk = s::verify(*next, one);
    }
    s::Stats total = r.stats;
    s::accumulate(total, rk.stats);
    std::string note = r.note, assumed = r.assumed;
    r = std::move(rk);
    chorus::search::addNote(r.assumed, assumed);
    r.stats = total;
    if ((commDup || !members.empty() || !units.empty()) && r.verdict == s::Verdict::Verified)
      r.note = note;
    program = std::move(next);
    return true;
  };
  for (size_t k = 1; k < choices.size() && r.verdict == s::Verdict::Verified; ++k) {
    if (!runAgain(k, false, " (" + choiceNames[k] + ")"))
      return kUsage;
    if (r.verdict != s::Verdict::Verified)
      std::cerr << "note: with " << choiceNames[k] << "\n";
  }
  if (!symbolicNote.empty() && r.verdict == s::Verdict::Verified)
    r.note += (r.note.empty() ? "" : "; ") + symbolicNote +
              " symbolic: every datatype, the same on every process";
  if (!contractName.empty() && r.verdict == s::Verdict::Verified) {
    // Datatypes that may differ between processes (the precondition has no
    // \mpi_agree of them; DESIGN-NOTES "Datatypes that differ between
    // processes"). A symbolic one: when the signatures c_p x sig(D_p)
    // agree, every sig(D_p) is a power of one signature (x^m = y^n makes x
    // and y powers of one word), so D_p is run as the symbolic datatype or
    // a contiguous datatype of 2 of its elements, every assignment per
    // process and parameter for worlds of 2.. processes (at most 64 runs
    // per world size). An enumerated one: no run covers it.
    std::string differ, enumerated;
    std::vector<size_t> symIdx; // parameter indices of f
    // (each run replaces `program`: nothing of it is kept across runs)
    std::vector<std::string> paramNames;
    if (const chorus::model::Function* cf = program->findFunc(contractName))
      for (chorus::model::VarId pv : cf->params)
        paramNames.push_back(program->var(pv).name);
    for (const auto& [pn, tn] : chorus::model::contractHandleParams(*program, contractName)) {
      if (tn != "MPI_Datatype" || chorus::model::contractRequiresAgree(*program, contractName, pn))
        continue;
      differ += (differ.empty() ? "'" : ", '") + pn + "'";
      bool sym = choices[0].count(pn) && choices[0].at(pn) == chorus::model::kSymbolicDatatype;
      if (!sym)
        enumerated += (enumerated.empty() ? "'" : ", '") + pn + "'";
      for (size_t i = 0; sym && i < paramNames.size(); ++i)
        if (paramNames[i] == pn)
          symIdx.push_back(i);
    }
    int covered = 0;
    bool allCovered = true;
    if (!differ.empty() && enumerated.empty() && !symIdx.empty()) {
      size_t P = symIdx.size();
      for (int N = std::max(vo.nLo, 1); N <= vo.nHi && r.verdict == s::Verdict::Verified; ++N) {
        size_t bits = size_t(N) * P;
        if (bits > 6) {
          allCovered = false;
          break;
        }
        for (uint32_t mask = 1; mask + 1 < (1u << bits) && r.verdict == s::Verdict::Verified;
             ++mask) {
          std::vector<std::vector<int>> units(size_t(N), std::vector<int>(paramNames.size(), 1));
          std::string text;
          for (int q = 0; q < N; ++q)
            for (size_t j = 0; j < P; ++j) {
              bool two = mask & (1u << (size_t(q) * P + j));
              units[size_t(q)][symIdx[j]] = two ? 2 : 1;
              text += std::string(text.empty() ? "" : ", ") + paramNames[symIdx[j]] + "@" +
                      std::to_string(q) + (two ? " = contiguous(2, dt)" : " = dt");
            }
          for (size_t k = 0; k < choices.size() && r.verdict == s::Verdict::Verified; ++k) {
            if (!runAgain(k, false, "", {}, N, units))
              return kUsage;
            if (r.verdict != s::Verdict::Verified)
              std::cerr << "note: with datatypes that differ between processes: " << text
                        << " (dt: the symbolic datatype)"
                        << (choices.size() > 1 ? " and " + choiceNames[k] : std::string()) << "\n";
          }
        }
        covered = N;
      }
    }
    if (r.verdict == s::Verdict::Verified && !differ.empty()) {
      if (enumerated.empty() && !symIdx.empty() && allCovered) {
        r.note +=
            (r.note.empty() ? "" : "; ") +
            ("datatypes " + differ +
             " that differ between processes: each the symbolic datatype dt or "
             "contiguous(2, dt) per process and parameter, worlds of " +
             std::to_string(std::max(vo.nLo, 1)) + ".." + std::to_string(covered) + " processes");
      } else {
        r.verdict = s::Verdict::Unknown;
        r.reason =
            "not checked: datatype " + differ +
            " may differ between processes (the precondition has no \\mpi_agree of it); " +
            (enumerated.empty() ? "runs with differing datatypes cover worlds of at most " +
                                      std::to_string(covered) + " processes (at most 64 runs each)"
                                : "every run gave it the same datatype on every process");
      }
    }
  }
  std::vector<std::string> commNames; // f's MPI_Comm parameters, in order
  if (const chorus::model::Function* cf =
          contractName.empty() ? nullptr : program->findFunc(contractName))
    for (chorus::model::VarId pv : cf->params)
      if (program->var(pv).type->kind == chorus::model::TypeKind::Int &&
          program->var(pv).type->name == "MPI_Comm")
        commNames.push_back(program->var(pv).name);
  size_t commParams = commNames.size();
  if (!contractName.empty() && r.verdict == s::Verdict::Verified)
    if (std::string why = chorus::model::contractCommBinding(*program, contractName);
        !why.empty() || commParams >= 2) {
      // f names MPI_COMM_WORLD beside its communicator parameters, or has
      // several: the runs so far bound them all to MPI_COMM_WORLD; run
      // again (per choice of handles) with every other pattern of equal
      // communicators (model::commPatterns: which parameters are one
      // communicator, each block a duplicate of MPI_COMM_WORLD of its own
      // or, when f names it, MPI_COMM_WORLD itself), where a use of one
      // communicator for another shows
      bool world = !why.empty();
      std::vector<std::vector<int>> patterns = chorus::model::commPatterns(commParams, world);
      size_t patternRuns = 0;
      for (const std::vector<int>& blocks : patterns) {
        if (!world && std::all_of(blocks.begin(), blocks.end(), [](int b) { return b == 0; }))
          continue; // the same communicator: the first run's
        bool distinct = true;
        for (size_t j = 0; j < blocks.size(); ++j)
          distinct = distinct && blocks[j] == int(j);
        ++patternRuns;
        for (size_t k = 0; k < choices.size() && r.verdict == s::Verdict::Verified; ++k) {
          if (!runAgain(k, true, "", {}, 0, {}, blocks))
            return kUsage;
          if (r.verdict != s::Verdict::Verified)
            std::cerr << "note: with "
                      << (distinct ? "each communicator parameter bound to a duplicate of "
                                     "MPI_COMM_WORLD of its own"
                                   : "the communicator parameters bound as " +
                                         chorus::model::commPatternText(commNames, blocks, true))
                      << (choices.size() > 1 ? " and " + choiceNames[k] : std::string()) << "\n";
        }
        if (r.verdict != s::Verdict::Verified)
          break;
      }
      // ... and with them bound to communicators of fewer processes than
      // the world (ContractDriver::members; DESIGN-NOTES "Sub-communicators"):
      // per world size N of -n, every nonempty proper subset of the N
      // processes, ranks in world order (what MPI_Comm_split(MPI_COMM_WORLD,
      // color, 0) gives); the others do not call f. Several parameters:
      // every pattern of equal ones, each block its own communicator of the
      // same processes (the driver runs f on one group: the processes of P^f
      // are the members of each)
      std::vector<std::vector<int>> subPatterns =
          world ? chorus::model::commPatterns(commParams, false) : std::vector<std::vector<int>>{};
      std::string subNote;
      if (!subPatterns.empty()) {
        int largest = 0;
        for (int N = std::max(vo.nLo, 2); N <= vo.nHi && r.verdict == s::Verdict::Verified; ++N)
          for (uint32_t mask = 1; mask + 1 < (1u << N) && r.verdict == s::Verdict::Verified;
               ++mask) {
            std::vector<int> members;
            std::string list;
            for (int q = 0; q < N; ++q)
              if (mask & (1u << q)) {
                members.push_back(q);
                list += (list.empty() ? "" : ", ") + std::to_string(q);
              }
            for (size_t pi = 0; pi < subPatterns.size() && r.verdict == s::Verdict::Verified;
                 ++pi) {
              const std::vector<int>& blocks = subPatterns[pi];
              bool same = std::all_of(blocks.begin(), blocks.end(), [](int b) { return b == 0; });
              std::string how =
                  commParams == 1 ? "the communicator parameter bound to a communicator"
                  : same && commParams == 2
                      ? "both communicator parameters bound to one communicator"
                  : same            ? "all communicator parameters bound to one communicator"
                  : commParams == 2 ? "the communicator parameters bound to distinct communicators"
                                    : "the communicator parameters bound as " +
                                          chorus::model::commPatternText(commNames, blocks, false) +
                                          " communicator";
              for (size_t k = 0; k < choices.size() && r.verdict == s::Verdict::Verified; ++k) {
                if (!runAgain(k, true, "", members, N, {}, blocks))
                  return kUsage;
                if (r.verdict != s::Verdict::Verified)
                  std::cerr << "note: with " << how << " of processes {" << list << "} of " << N
                            << " (the others do not call " << contractName << ")"
                            << (choices.size() > 1 ? " and " + choiceNames[k] : std::string())
                            << "\n";
              }
            }
            largest = N;
          }
        std::string N = std::to_string(largest);
        if (largest > 0)
          subNote = commParams == 1
                        ? "communicator parameter: MPI_COMM_WORLD, a duplicate of it, and every "
                          "communicator of fewer processes of a world of 2.." +
                              N + " (ranks in world order)"
                        : "communicator parameters: all MPI_COMM_WORLD and every other pattern of "
                          "which are MPI_COMM_WORLD and which are one duplicate of it (" +
                              std::to_string(patternRuns) +
                              " patterns), and for every set of fewer processes of a world of 2.." +
                              N + " every pattern of which are one communicator of them (" +
                              std::to_string(subPatterns.size()) +
                              " patterns; ranks in world order)";
      }
      if (r.verdict != s::Verdict::Verified) {
      } else if (patterns.empty()) {
        r.verdict = s::Verdict::Unknown;
        r.reason = "not checked: " + std::to_string(commParams) +
                   " communicator parameters some of which may be the same communicator"
                   " (verified with all of them MPI_COMM_WORLD; the patterns of equal ones are "
                   "run for at most " +
                   std::to_string(chorus::model::kMaxCommPatternParams) + ")";
      } else if (!subNote.empty()) {
        r.note += (r.note.empty() ? "" : "; ") + subNote;
      } else if (world) {
        r.verdict = s::Verdict::Unknown;
        r.reason = "not checked: " + why +
                   (commParams == 1 ? ": verified with it bound to MPI_COMM_WORLD and to a "
                                      "duplicate of MPI_COMM_WORLD"
                                    : ": verified with every pattern of which communicator "
                                      "parameters are MPI_COMM_WORLD and which are one "
                                      "duplicate of it") +
                   ", not for a communicator of fewer processes than MPI_COMM_WORLD (-n allows "
                   "no world of 2 or more processes)";
      } else if (commParams == 2) {
        r.note += std::string(r.note.empty() ? "" : "; ") +
                  "communicator parameters: both MPI_COMM_WORLD, and distinct duplicates of it";
      } else {
        r.note += std::string(r.note.empty() ? "" : "; ") + "communicator parameters: all " +
                  std::to_string(patterns.size()) +
                  " patterns of which are one communicator (all MPI_COMM_WORLD, or one "
                  "duplicate of it per block)";
      }
    }
  if (choices.size() > 1 && r.verdict == s::Verdict::Verified)
    r.note += (r.note.empty() ? "" : "; ") + choiceNote;
  else if (choices.size() > 1 && drivers.size() == 1) // the first run is not verified
    std::cerr << "note: with " << choiceNames[0] << "\n";
  if (symmetry && r.verdict == s::Verdict::Verified)
    r.note += std::string(r.note.empty() ? "" : "; ") +
              "rank symmetry: one pattern of ranks per renaming (f and its contract treat all "
              "ranks alike)";
  else if (!contractName.empty() && r.verdict == s::Verdict::Verified)
    r.note += (r.note.empty() ? "" : "; ") + ("rank symmetry not used: " + symmetryWhy);
  if (r.verdict == s::Verdict::Unknown && r.reason.rfind("unsupported: --input", 0) == 0)
    return usageError(r.reason.substr(std::strlen("unsupported: ")));
  if (replay && r.verdict == s::Verdict::Unknown && r.reason.rfind("replay:", 0) == 0) {
    std::cerr << "chorus: error: the trace does not match the program: "
              << r.reason.substr(std::strlen("replay: ")) << "\n";
    return kUsage;
  }
  if (r.output)
    std::cout << *r.output << std::flush;
  chorus::report::printText(std::cout, *program, r);
  if (!htmlFile.empty()) {
    std::ofstream hf(htmlFile);
    if (!hf)
      return usageError("cannot write '" + htmlFile + "'");
    chorus::report::HtmlOptions ho;
    ho.title = replay ? "chorus replay" : "chorus verify";
    for (const std::string& a : args)
      ho.title += " " + a;
    chorus::report::printHtml(hf, *program, r, ho);
  }
  if (replay) {
    bool same = r.verdict == s::Verdict::Violation &&
                chorus::check::kindName(r.violation->kind) == replay->kind &&
                jsonWhere(*program, r.violation->loc) == replay->where &&
                r.violation->proc == replay->proc;
    if (same) {
      std::cout << "replay: violation " << replay->kind << " at " << replay->where << " confirmed ("
                << r.trace.size() << " moves)\n";
      return kViolation;
    }
    std::cerr << "chorus: error: the trace does not match the program: the replay "
              << (r.verdict == s::Verdict::Violation
                      ? std::string("ends with ") + chorus::check::kindName(r.violation->kind) +
                            " at " + jsonWhere(*program, r.violation->loc)
                      : "finds no violation")
              << ", the trace with " << replay->kind << " at " << replay->where << "\n";
    return kUsage;
  }
  if (!jsonFile.empty()) {
    std::ofstream js(jsonFile);
    if (!js)
      return usageError("cannot write '" + jsonFile + "'");
    chorus::report::Invocation inv;
    if (char* cwd = getcwd(nullptr, 0)) {
      inv.cwd = cwd;
      std::free(cwd);
    }
    inv.args = args;
    chorus::report::printJson(js, *program, r, &inv);
  }
  if (!sarifFile.empty()) {
    std::ofstream sf(sarifFile);
    if (!sf)
      return usageError("cannot write '" + sarifFile + "'");
    chorus::report::printSarif(sf, *program, r, CHORUS_VERSION);
  }
  return r.verdict == s::Verdict::Verified    ? kVerified
         : r.verdict == s::Verdict::Violation ? kViolation
                                              : kUnknown;
}

/// `chorus replay TRACE.json`: re-executes the trace of a `verify --json`
/// run with its concrete inputs and the same scheduling and choices,
/// printing the steps; exit 1 when the violation is confirmed, 3 when the
/// trace does not match the program.
int replayCommand(std::vector<std::string> args) {
  std::string html;
  if (args.size() == 3 && args[1] == "--html") {
    html = args[2];
    args.resize(1);
  }
  if (args.size() != 1 || args[0].empty() || args[0][0] == '-')
    return usageError(
        "replay needs exactly one trace file: chorus replay TRACE.json [--html FILE]");
  std::string err;
  auto tf = chorus::report::readTraceFile(args[0], err);
  if (!tf)
    return usageError(err);
  if (!tf->command.cwd.empty() && chdir(tf->command.cwd.c_str()) != 0)
    return usageError("cannot enter the directory of the verified run '" + tf->command.cwd + "'");
  std::cout << "replay: " << args[0] << ": " << tf->steps.size() << " moves, " << tf->nprocs
            << " process" << (tf->nprocs == 1 ? "" : "es") << ", inputs:";
  for (const auto& [k, v] : tf->inputs)
    std::cout << " " << k << " = " << v << (&v == &tf->inputs.back().second ? "" : ",");
  std::cout << (tf->inputs.empty() ? " (none)" : "") << std::endl;
  return verifyCommand(tf->command.args, &*tf, html);
}

/// The commands, on the large stack of the caller (main).
int run(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return usageError("no command");
  const std::string cmd = args[0];
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (cmd == "-h" || cmd == "--help" || (cmd == "help" && rest.empty())) {
    std::cout << kUsageText;
    return kVerified;
  }
  if (cmd == "help") { // chorus help CMD
    if (rest.size() == 1 && chorus::driver::printCommandHelp(rest[0]))
      return kVerified;
    return usageError("no help for '" + rest[0] +
                      "' (commands: verify, compare, replay, cc, "
                      "rt-report, dump-model, explain)");
  }
  // chorus CMD --help (for cc only as its sole argument: otherwise the
  // arguments are the compiler's)
  bool wantsHelp = false;
  for (const std::string& a : rest)
    if ((a == "-h" || a == "--help") && (cmd != "cc" || rest.size() == 1))
      wantsHelp = true;
    else if (a == "--")
      break;
  if (wantsHelp && chorus::driver::printCommandHelp(cmd))
    return kVerified;
  if (cmd == "explain")
    return chorus::driver::explainCommand(rest);
  if (cmd == "--version") {
    std::cout << "chorus " << CHORUS_VERSION << "\n";
    return kVerified;
  }
  if (cmd == "dump-model")
    return dumpModel(rest);
  if (cmd == "verify")
    return verifyCommand(rest);
  if (cmd == "replay")
    return replayCommand(rest);
  if (cmd == "compare")
    return compareCommand(rest);
  if (cmd == "cc")
    return chorus::driver::ccCommand(rest);
  if (cmd == "rt-report")
    return chorus::driver::rtReportCommand(rest);
  if (cmd == "replay")
    return usageError("command '" + cmd +
                      "' needs the verification engine, which this build does not contain yet");
  return usageError("unknown command '" + cmd + "'");
}

} // namespace

int main(int argc, char** argv) {
  // chorus never ends with a signal or an uncaught exception: a defect met
  // anywhere is the verdict unknown (internal error: ...), exit code 2.
  chorus::installFatalSignalHandlers();
  auto guarded = [&]() -> int {
    try {
      return run(argc, argv);
    } catch (const std::exception& e) {
      std::cout.flush();
      std::string w = chorus::executingWhere();
      std::string what =
          std::string(e.what()) + (dynamic_cast<const chorus::InternalError*>(&e) || w.empty()
                                       ? ""
                                       : " while executing " + w);
      std::cout << "verdict: unknown (internal error: " << what << ")" << std::endl;
      chorus::recordInternalError(what);
    } catch (...) {
      std::cout << "verdict: unknown (internal error: unknown exception)" << std::endl;
      chorus::recordInternalError("unknown exception");
    }
    return kUnknown;
  };
  // Deep recursion over big expressions (front end, simplifier, provers)
  // gets a 1 GiB stack (address space only, used as needed).
  int rc = chorus::runWithLargeStack(std::size_t(1) << 30, guarded);
  if (chorus::anyThreadAbandoned()) {
    // (a prover check given up still runs: the libraries' static
    // destructors must not run under it)
    std::cout.flush();
    std::fflush(nullptr);
    std::_Exit(rc);
  }
  return rc;
}
