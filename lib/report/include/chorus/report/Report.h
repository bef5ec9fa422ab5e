// Verdicts, traces and statistics as text and JSON.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/search/Search.h"

#include <iosfwd>
#include <string>

namespace chorus::report {

/// "verdict: verified", "verdict: violation ASSERTION at f.c:3:5 (process 1)",
/// "verdict: unknown (max-states reached)".
std::string verdictLine(const model::Program& p, const search::SearchResult& r);
/// Verdict line, violation message, trace, inputs and statistics.
void printText(std::ostream& os, const model::Program& p, const search::SearchResult& r);
void printStats(std::ostream& os, const search::SearchResult& r);
/// The same as a JSON document.
void printJson(std::ostream& os, const model::Program& p, const search::SearchResult& r);

} // namespace chorus::report
