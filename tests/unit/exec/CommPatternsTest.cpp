// model::commPatterns: the patterns of equal communicators that `verify
// --contract` runs for a function with several MPI_Comm parameters (the set
// partitions, counted by the Bell numbers).
#include "chorus/model/CommPatterns.h"

#include <gtest/gtest.h>

#include <set>

using chorus::model::commPatterns;
using chorus::model::commPatternText;

TEST(CommPatterns, PartitionsOfTheParameters) {
  // Bell(1..4) = 1, 2, 5, 15; the single block first
  size_t bell[] = {1, 1, 2, 5, 15};
  for (size_t k = 1; k <= 4; ++k) {
    auto ps = commPatterns(k, false);
    EXPECT_EQ(ps.size(), bell[k]) << k;
    EXPECT_EQ(ps.front(), std::vector<int>(k, 0));
    std::set<std::vector<int>> distinct(ps.begin(), ps.end());
    EXPECT_EQ(distinct.size(), ps.size());
    for (const auto& p : ps) {
      // restricted growth: each block is at most one more than those before
      int top = -1;
      for (int b : p) {
        EXPECT_LE(b, top + 1);
        top = std::max(top, b);
      }
    }
  }
  EXPECT_EQ(commPatterns(3, false),
            (std::vector<std::vector<int>>{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1}, {0, 1, 2}}));
}

TEST(CommPatterns, PartitionsWithTheWorld) {
  // Bell(k + 1) - 1: every partition of the parameters and MPI_COMM_WORLD but
  // all MPI_COMM_WORLD (the first run); all distinct duplicates first
  EXPECT_EQ(commPatterns(1, true), (std::vector<std::vector<int>>{{0}}));
  auto two = commPatterns(2, true);
  EXPECT_EQ(two, (std::vector<std::vector<int>>{{0, 1}, {-1, 0}, {0, -1}, {0, 0}}));
  EXPECT_EQ(commPatterns(3, true).size(), 14u);
  EXPECT_EQ(commPatterns(4, true).size(), 51u);
  EXPECT_EQ(commPatterns(3, true).front(), (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(commPatterns(5, true).empty());
  EXPECT_TRUE(commPatterns(5, false).empty());
}

TEST(CommPatterns, Text) {
  EXPECT_EQ(commPatternText({"a", "b", "c"}, {-1, 0, -1}, true),
            "{a, c} MPI_COMM_WORLD, {b} one duplicate of MPI_COMM_WORLD");
  EXPECT_EQ(commPatternText({"a", "b", "c"}, {0, 1, 0}, false),
            "{a, c} one communicator, {b} another");
}
