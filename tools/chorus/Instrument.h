// `chorus cc`'s source instrumentation: collective assertions turned into
// snapshots for the run-time checker (Instrument.cpp), parallel assertions
// into BEGIN/END and an evaluator (InstrumentPassert.cpp).
#pragma once

#include <optional>
#include <string>

namespace chorus::driver {

struct Instrumented {
  std::string source; ///< the unit with its collective assertions instrumented
  int assertions = 0; ///< collective assertions checked at run time
  int passerts = 0;   ///< parallel assertions checked at run time
};

/// The parallel assertions of a unit rewritten (InstrumentPassert.cpp).
struct PassertRewrite {
  std::string prologue;   ///< declarations for the top of the unit
  std::string tail;       ///< the evaluators and sites, for its end
  int count = 0;          ///< parallel assertions checked at run time
  bool rewritten = false; ///< some thru/passert was rewritten (or removed)
};

/// Rewrites every `thru { } passert(e);` of `text` in place, keeping every
/// line where it was; one that the run-time checker cannot check is named
/// in a warning (file:line:col) and its thru/passert removed.
PassertRewrite rewritePasserts(std::string& text, const std::string& file);

/// Whether a unit uses threads (names pthreads or thru/passert): `chorus cc`
/// then compiles it with the access instrumentation of runtime/threads.
bool usesThreads(const std::string& file);

/// Instruments `file`; std::nullopt when nothing is to be instrumented (the
/// unit is compiled as it is). An invalid collective assertion becomes an
/// `#error` naming its file:line:col, so that the compiler reports it where
/// the preprocessor keeps it (not inside a disabled `#if`).
std::optional<Instrumented> instrument(const std::string& file);

} // namespace chorus::driver
