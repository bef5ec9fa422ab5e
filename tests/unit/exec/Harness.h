// Runs the verifier on a built model and inspects the result.
#pragma once

#include "ModelBuilder.h"
#include "chorus/report/Report.h"
#include "chorus/search/Verify.h"

#include <gtest/gtest.h>
#include <sstream>

namespace chorus::test {

inline search::SearchResult verify(ModelBuilder& b, int n = 1,
                                   search::DeadlockMode mode = search::DeadlockMode::Absolute,
                                   search::SearchOptions so = {}) {
  search::VerifyOptions o;
  o.nLo = o.nHi = n;
  o.deadlock = mode;
  o.search = so;
  return search::verify(b.p, o);
}

inline std::string text(ModelBuilder& b, const search::SearchResult& r) {
  std::ostringstream os;
  report::printText(os, b.p, r);
  return os.str();
}

#define EXPECT_VERIFIED(b, r) EXPECT_EQ((r).verdict, search::Verdict::Verified) << text((b), (r))

/// A violation of kind KIND at the statement of line LINE (the builder's
/// file, line and column) by process PROC.
#define EXPECT_VIOLATION(b, r, KIND, LINE, PROC)                                                   \
  do {                                                                                             \
    ASSERT_EQ((r).verdict, search::Verdict::Violation) << text((b), (r));                          \
    EXPECT_EQ((r).violation->kind, check::ViolationKind::KIND) << text((b), (r));                  \
    ASSERT_GT(uint32_t(LINE), 0u) << "a violation is expected at a line";                          \
    model::SrcLoc want_ = (b).at(LINE), got_ = (r).violation->loc;                                 \
    EXPECT_EQ(got_.file, want_.file) << text((b), (r));                                            \
    EXPECT_EQ(got_.line, want_.line) << text((b), (r));                                            \
    EXPECT_EQ(got_.col, want_.col) << text((b), (r));                                              \
    EXPECT_EQ((r).violation->proc, (PROC)) << text((b), (r));                                      \
  } while (0)

} // namespace chorus::test
