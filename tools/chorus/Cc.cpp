// `chorus cc ARGS...`: compiles and links like mpicc, with the MPI run-time
// checker (runtime/mpi/README.md): clang-16 (or $CHORUS_CC) with Open MPI's
// compile flags, chorus_rt.h included first into every unit (each MPI call
// records its source line), runtime/include first on the include path (the
// run-time chorus.h), each unit's collective assertions instrumented
// (Instrument.h), and, when linking, libchorus_rt_mpi.a (PMPI wrappers)
// before Open MPI's link flags. A unit that uses pthreads is compiled with
// clang's ThreadSanitizer instrumentation feeding runtime/threads (its
// `thru { } passert(e)` regions rewritten by InstrumentPassert.cpp), and
// libchorus_rt_threads.a is linked. Annotations the run-time checker does
// not check yet are named in warnings (file:line:col), never skipped
// silently.
// The exit code is the compiler's.
#include "Instrument.h"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace chorus::driver {
namespace {

/// The words `mpicc --showme:WHAT` prints (Open MPI's wrapper flags).
bool mpiFlags(const char* what, std::vector<std::string>& out) {
  std::string cmd = std::string("mpicc --showme:") + what + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p)
    return false;
  std::string text;
  char buf[512];
  while (size_t n = fread(buf, 1, sizeof buf, p))
    text.append(buf, n);
  if (pclose(p) != 0)
    return false;
  std::istringstream in(text);
  for (std::string w; in >> w;)
    out.push_back(w);
  return true;
}

bool endsWith(const std::string& s, const char* suffix) {
  size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

/// Runs cmd with the extra environment variables env; its exit status (3
/// when it cannot be run or ends by a signal).
int run(std::vector<std::string> cmd, const std::vector<std::string>& env) {
  std::vector<char*> argv;
  for (std::string& s : cmd)
    argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    std::cerr << "chorus: error: cc cannot start " << cmd[0] << ": " << std::strerror(errno)
              << "\n";
    return 3;
  }
  if (pid == 0) {
    for (const std::string& e : env)
      putenv(const_cast<char*>(e.c_str()));
    execvp(argv[0], argv.data());
    std::cerr << "chorus: error: cc cannot run " << cmd[0] << ": " << std::strerror(errno) << "\n";
    _exit(3);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 3;
}

} // namespace

int ccCommand(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::cerr << "chorus: error: cc needs compiler arguments: chorus cc prog.c -o prog\n";
    return 3;
  }
  bool link = true, threads = false;
  std::vector<std::string> units = args, quote;
  std::string tmp;
  // the directory of the instrumented units and the watch list, made once
  auto makeTmp = [&tmp] {
    if (!tmp.empty())
      return true;
    char dir[] = "/tmp/chorus-cc-XXXXXX";
    if (!mkdtemp(dir)) {
      std::cerr << "chorus: error: cc cannot create a temporary directory: " << std::strerror(errno)
                << "\n";
      return false;
    }
    tmp = dir;
    return true;
  };
  for (std::string& a : units) {
    if (a == "-c" || a == "-E" || a == "-S" || a == "-M" || a == "-MM")
      link = false;
    if (!endsWith(a, ".c") || a[0] == '-')
      continue;
    threads = threads || usesThreads(a);
    auto ins = instrument(a);
    if (!ins)
      continue;
    // the instrumented unit, under the same base name (so `-c` without `-o`
    // names the object as before) in a directory of its own
    if (!makeTmp())
      return 3;
    std::string base =
        a.substr(a.find_last_of('/') == std::string::npos ? 0 : a.find_last_of('/') + 1);
    std::string dirOf = a.find('/') == std::string::npos ? "." : a.substr(0, a.find_last_of('/'));
    std::string sub = tmp + "/" + std::to_string(&a - units.data());
    mkdir(sub.c_str(), 0700);
    std::string path = sub + "/" + base;
    std::ofstream(path) << ins->source;
    a = path;
    quote.insert(quote.end(), {"-iquote", dirOf}); // "..." includes next to the original
  }
  std::vector<std::string> compile, linkFlags;
  if (!mpiFlags("compile", compile) || (link && !mpiFlags("link", linkFlags))) {
    std::cerr << "chorus: error: cc needs Open MPI's mpicc (mpicc --showme failed)\n";
    return 3;
  }
  const char* cc = std::getenv("CHORUS_CC");
  std::vector<std::string> cmd = {cc && *cc ? cc : "clang-16", "-include",
                                  std::string(CHORUS_RT_INCLUDE_DIR) + "/chorus_rt.h",
                                  "-I" CHORUS_RT_CHORUS_H_DIR};
  cmd.insert(cmd.end(), compile.begin(), compile.end());
  if (threads)
    // runtime/threads: every access of the unit calls the library's
    // __tsan_* entry points (ThreadSanitizer's instrumentation, not its
    // run time); pthread_create numbers the threads
    cmd.insert(cmd.end(), {"-fsanitize=thread", "-fno-sanitize-link-runtime", "-fblocks", "-mllvm",
                           "-tsan-instrument-func-entry-exit=0", "-mllvm",
                           "-tsan-instrument-read-before-write=1", "-I" CHORUS_RT_THREADS_DIR,
                           "-Dpthread_create=chorus_rt_pthread_create",
                           // the static filter (PassertFilter.cpp): only the accesses
                           // that may touch a watched location stay instrumented
                           "-fpass-plugin=" CHORUS_PA_FILTER_PLUGIN});
  cmd.insert(cmd.end(), quote.begin(), quote.end());
  const std::vector<std::string> base = cmd; // the compiler and chorus's own flags
  cmd.insert(cmd.end(), units.begin(), units.end());
  if (link) {
    // the program's own heap blocks are recorded (runtime/mpi/rt_heap.c:
    // the extent of a pointer an assertion's array term reads)
    // (the MPI library, which defines the wrappers, after every other
    // object that calls them)
    cmd.push_back("-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free");
    cmd.push_back(CHORUS_RT_THREADS_LIB);
    cmd.push_back(CHORUS_RT_MPI_LIB);
    // (Open MPI's libraries only when the program calls MPI: a pthreads
    // program does not load them at start)
    cmd.push_back("-Wl,--as-needed");
    cmd.insert(cmd.end(), linkFlags.begin(), linkFlags.end());
    cmd.push_back("-Wl,--no-as-needed");
    cmd.push_back("-lpthread");
  }
  // the static filter of each unit must know the parallel assertions of
  // the others (a unit's pointer may write another's watched variable):
  // with several units, each one's watch is collected first (a compilation
  // to IR that filters nothing) and every unit is given them all
  std::vector<std::string> compiled;
  for (const std::string& u : units)
    if (endsWith(u, ".c") && u[0] != '-')
      compiled.push_back(u);
  std::string watch;
  if (threads && compiled.size() > 1) {
    if (!makeTmp())
      return 3;
    std::string out = tmp + "/watch";
    for (const std::string& u : compiled) {
      // the user's flags without the output, the other inputs and the
      // warnings (printed by the compilation proper)
      std::vector<std::string> pre = base;
      for (size_t k = 0; k < units.size(); ++k) {
        const std::string& a = units[k];
        if (a == "-o") {
          ++k;
          continue;
        }
        bool input = a[0] != '-' && (endsWith(a, ".c") || endsWith(a, ".o") || endsWith(a, ".a") ||
                                     endsWith(a, ".so"));
        if (input || a == "-c" || a == "-S" || a == "-E" || a.compare(0, 2, "-l") == 0 ||
            a.compare(0, 2, "-L") == 0 || a.compare(0, 4, "-Wl,") == 0)
          continue;
        pre.push_back(a);
      }
      pre.insert(pre.end(), {"-w", "-S", "-emit-llvm", "-o", "/dev/null", u});
      int st = run(pre, {"CHORUS_PA_WATCH_OUT=" + out});
      if (st != 0) {
        std::filesystem::remove_all(tmp);
        return st;
      }
    }
    std::ifstream in(out);
    for (std::string w; in >> w;)
      watch += (watch.empty() ? "" : " ") + w;
  }
  std::vector<std::string> env;
  if (threads && compiled.size() > 1)
    env.push_back("CHORUS_PA_WATCH=" + watch);
  // the static filter may take a global of external linkage whose address
  // no unit lets escape for one no pointer reaches only when the command
  // compiles and links every unit of the program: no object, archive or
  // other input given (a library named with -l that chorus cc compiled is
  // checked at start: runtime/threads/rt_watch.c)
  bool whole = link;
  for (size_t k = 0; k < args.size(); ++k) {
    const std::string& a = args[k];
    if (a == "-o") {
      ++k;
      continue;
    }
    if (!a.empty() && a[0] != '-' && !endsWith(a, ".c"))
      whole = false;
  }
  if (threads && whole)
    env.push_back("CHORUS_PA_WHOLE=1");
  int status = run(cmd, env);
  if (!tmp.empty())
    std::filesystem::remove_all(tmp);
  return status;
}

} // namespace chorus::driver
