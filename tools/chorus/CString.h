// A string as a C string literal, for the code `chorus cc` generates
// (Instrument.cpp, InstrumentPassert.cpp).
#pragma once

#include <string>

namespace chorus::driver {

/// s between double quotes, `"` and `\` escaped, newlines as \n.
inline std::string cString(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\')
      out += '\\';
    if (ch == '\n')
      out += "\\n";
    else
      out += ch;
  }
  return out + "\"";
}

} // namespace chorus::driver
