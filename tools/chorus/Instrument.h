// `chorus cc`'s source instrumentation: collective assertions turned into
// snapshots for the run-time checker (Instrument.cpp).
#pragma once

#include <optional>
#include <string>

namespace chorus::driver {

struct Instrumented {
  std::string source; ///< the unit with its collective assertions instrumented
  int assertions = 0; ///< collective assertions checked at run time
};

/// Instruments `file`; std::nullopt when nothing is to be instrumented (the
/// unit is compiled as it is). An invalid collective assertion becomes an
/// `#error` naming its file:line:col, so that the compiler reports it where
/// the preprocessor keeps it (not inside a disabled `#if`).
std::optional<Instrumented> instrument(const std::string& file);

} // namespace chorus::driver
