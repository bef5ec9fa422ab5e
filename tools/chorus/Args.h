// Small argument parsers shared by the driver's commands.
#pragma once

#include <cstdint>
#include <string>

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

} // namespace chorus::driver
