// Patterns of equal communicators: set partitions as restricted growth
// strings (the first element in block 0, each next one in a block used
// before or in the next new one).
#include "chorus/model/CommPatterns.h"

#include <algorithm>

namespace chorus::model {

namespace {

/// Every restricted growth string of length n, in lexicographic order.
std::vector<std::vector<int>> partitions(size_t n) {
  std::vector<std::vector<int>> out;
  if (n == 0)
    return {{}};
  std::vector<int> a(n, 0);
  while (true) {
    out.push_back(a);
    // the next string: increase the last position that may grow (to at
    // most one more than the largest block before it), reset those after
    size_t i = n;
    while (i-- > 1) {
      int top = *std::max_element(a.begin(), a.begin() + long(i));
      if (a[i] <= top)
        break;
    }
    if (i == 0 || i >= n)
      return out;
    ++a[i];
    std::fill(a.begin() + long(i) + 1, a.end(), 0);
  }
}

} // namespace

std::vector<std::vector<int>> commPatterns(size_t params, bool withWorld) {
  if (params > kMaxCommPatternParams)
    return {};
  if (!withWorld)
    return partitions(params);
  std::vector<std::vector<int>> out, rest;
  for (const std::vector<int>& p : partitions(params + 1)) {
    // element 0 is MPI_COMM_WORLD: its block (0) becomes -1, the others
    // renumber from 0
    std::vector<int> b(p.begin() + 1, p.end());
    for (int& x : b)
      x -= 1;
    if (std::all_of(b.begin(), b.end(), [](int x) { return x < 0; }))
      continue; // the first run's
    bool distinct = true;
    for (size_t j = 0; j < b.size(); ++j)
      distinct = distinct && b[j] == int(j);
    (distinct ? out : rest).push_back(b);
  }
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

std::string commPatternText(const std::vector<std::string>& names, const std::vector<int>& blocks,
                            bool withWorld) {
  std::string out;
  int blockCount = 0;
  for (int b : blocks)
    blockCount = std::max(blockCount, b + 1);
  for (int b = -1; b < blockCount; ++b) {
    std::string group;
    for (size_t j = 0; j < blocks.size() && j < names.size(); ++j)
      if (blocks[j] == b)
        group += (group.empty() ? "" : ", ") + names[j];
    if (group.empty())
      continue;
    std::string what = b < 0 ? "MPI_COMM_WORLD"
                       : b == 0
                           ? (withWorld ? "one duplicate of MPI_COMM_WORLD" : "one communicator")
                           : (withWorld ? "another duplicate" : "another");
    out += (out.empty() ? "{" : ", {") + group + "} " + what;
  }
  return out;
}

} // namespace chorus::model
