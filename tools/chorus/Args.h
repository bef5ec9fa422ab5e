// Small argument parsers shared by the driver's commands.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/search/Search.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chorus::driver {

/// A decimal count without sign (at most 18 digits).
inline bool parseCount(const std::string& t, uint64_t& out) {
  if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 18)
    return false;
  out = std::stoull(t);
  return true;
}

/// `-n N` or `-n LO..HI` with 1 <= LO <= HI <= 4096.
inline bool parseProcessRange(const std::string& v, int& lo, int& hi) {
  std::string a = v, b = v;
  if (auto d = v.find(".."); d != std::string::npos) {
    a = v.substr(0, d);
    b = v.substr(d + 2);
  }
  uint64_t l = 0, h = 0;
  if (!parseCount(a, l) || !parseCount(b, h) || l < 1 || h < l || h > 4096)
    return false;
  lo = int(l);
  hi = int(h);
  return true;
}

inline const char* kProcessRangeError = "' (expected N >= 1 or LO..HI with 1 <= LO <= HI)";

/// Parses the search option at args[i] (stepping i over its value), shared by
/// verify and compare. Returns std::nullopt when args[i] is not a search
/// option, "" when it was parsed, or the error message.
inline std::optional<std::string> parseSearchOption(const std::vector<std::string>& args, size_t& i,
                                                    search::SearchOptions& so) {
  const std::string& a = args[i];
  if (a == "--stateless")
    so.stateless = true;
  else if (a == "--no-por")
    so.por = false;
  else if (a == "--dpor")
    so.dpor = true, so.dporStateless = false;
  else if (a == "--dpor-stateless")
    so.dpor = true, so.dporStateless = true;
  else if (a == "--no-dpor")
    so.dpor = false;
  else if (a == "--no-dpor-termination")
    so.dporTermination = false;
  else if (a == "--no-chains")
    so.chainMax = 0;
  else if (a == "--no-shorten")
    so.shorten = false;
  else if (a == "--shortest")
    so.shortest = true;
  else if (a == "--no-collective")
    so.collective = false;
  else if (a == "--cqmin")
    so.cqmin = true;
  else if (a == "--lise")
    so.lise = true;
  else if (a == "--ignore") {
    if (i + 1 >= args.size())
      return a + " needs a violation kind (e.g. MPI_PENDING_MESSAGE)";
    std::optional<check::ViolationKind> k = check::kindFromName(args[i + 1]);
    if (!k)
      return "unknown violation kind '" + args[i + 1] + "' for --ignore";
    so.ignore.push_back(*k);
    ++i;
  } else if (a == "--lise-lag") {
    uint64_t u = 0;
    if (i + 1 >= args.size() || !parseCount(args[i + 1], u))
      return a + " needs a count (0: no bound)";
    ++i;
    so.liseLag = u;
  } else if (a == "--max-states" || a == "--max-depth" || a == "--memory-limit" ||
             a == "--time-limit") {
    uint64_t u = 0;
    if (i + 1 >= args.size() || !parseCount(args[i + 1], u) || u == 0)
      return a + " needs a positive integer";
    ++i;
    if (a == "--max-states")
      so.maxStates = u;
    else if (a == "--max-depth")
      so.maxDepth = u;
    else if (a == "--memory-limit")
      so.memoryLimitMB = u;
    else
      so.timeLimit = double(u);
  } else
    return std::nullopt;
  return std::string();
}

/// Does the program call an MPI function anywhere?
inline bool callsMpi(const chorus::model::Program& p) {
  for (const chorus::model::Function& fn : p.funcs)
    for (const chorus::model::Transition& t : fn.trans)
      if (t.stmt.kind == chorus::model::StmtKind::Call && t.stmt.callee &&
          t.stmt.callee->kind == chorus::model::ExprKind::Func &&
          p.func(t.stmt.callee->func).name.rfind("MPI_", 0) == 0)
        return true;
  return false;
}

} // namespace chorus::driver
