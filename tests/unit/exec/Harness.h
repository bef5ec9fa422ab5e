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

#define EXPECT_VIOLATION(b, r, KIND, LINE)                                                         \
  do {                                                                                             \
    ASSERT_EQ((r).verdict, search::Verdict::Violation) << text((b), (r));                          \
    EXPECT_EQ((r).violation->kind, check::ViolationKind::KIND) << text((b), (r));                  \
    if ((LINE) > 0)                                                                                \
      EXPECT_EQ((r).violation->loc.line, uint32_t(LINE)) << text((b), (r));                        \
  } while (0)

} // namespace chorus::test
