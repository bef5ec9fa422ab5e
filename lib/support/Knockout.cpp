#include "chorus/support/Knockout.h"

#ifdef CHORUS_KNOCKOUT
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace chorus::knockout {

namespace {

const std::string& setting() {
  static const std::string s = [] {
    const char* e = std::getenv("CHORUS_KNOCKOUT");
    return std::string(e ? e : "");
  }();
  return s;
}

std::atomic<unsigned long> knocked{0};

/// At exit: "COUNT ARGV..." appended to $CHORUS_KNOCKOUT_LOG, COUNT being the
/// number of violations dropped or decisions answered MAYBE by this run.
void writeLog() {
  const char* path = std::getenv("CHORUS_KNOCKOUT_LOG");
  if (!path || !*path)
    return;
  std::string args;
  if (FILE* c = std::fopen("/proc/self/cmdline", "rb")) {
    int ch;
    while ((ch = std::fgetc(c)) != EOF)
      args += ch ? char(ch) : ' ';
    std::fclose(c);
  }
  if (FILE* f = std::fopen(path, "a")) {
    std::fprintf(f, "%lu %s\n", knocked.load(), args.c_str());
    std::fclose(f);
  }
}

bool count(bool hit) {
  static const bool registered = [] { return std::atexit(writeLog) == 0; }();
  (void)registered;
  if (hit)
    ++knocked;
  return hit;
}

} // namespace

bool kind(const char* kindName) {
  return count(!setting().empty() && setting() != "MAYBE" && setting() == kindName);
}

bool maybe() { return count(setting() == "MAYBE"); }

} // namespace chorus::knockout
#endif
