#include "Dpor.h"

#include <algorithm>

namespace chorus::search {

void DporInfo::add(const std::vector<exec::Access>& acc, bool g) {
  global = global || g;
  for (const exec::Access& a : acc) {
    bool have = false;
    for (exec::Access& b : accesses)
      if (b.root == a.root && b.path == a.path) {
        b.write = b.write || a.write;
        have = true;
        break;
      }
    if (!have)
      accesses.push_back(a);
  }
}

void DporSummary::add(int thread, const DporInfo& info) {
  for (auto& [t, i] : events)
    if (t == thread) {
      i.add(info.accesses, info.global);
      return;
    }
  events.emplace_back(thread, info);
}

void DporSummary::add(const DporSummary& other) {
  for (const auto& [t, i] : other.events)
    add(t, i);
}

namespace {

/// May the paths name overlapping objects? Conservative: only two different
/// constant steps separate them (a symbolic index may equal any other).
bool overlap(const std::vector<exec::Expr>& a, const std::vector<exec::Expr>& b) {
  size_t n = std::min(a.size(), b.size());
  for (size_t k = 0; k < n; ++k) {
    if (a[k] == b[k])
      continue;
    if (a[k]->kind() == sym::Kind::NumConst && b[k]->kind() == sym::Kind::NumConst)
      return false;
  }
  return true;
}

} // namespace

bool dependent(const DporInfo& a, const DporInfo& b) {
  if (a.global || b.global)
    return true;
  for (const exec::Access& x : a.accesses)
    for (const exec::Access& y : b.accesses)
      if ((x.write || y.write) && x.root == y.root && overlap(x.path, y.path))
        return true;
  return false;
}

void join(Clock& into, const Clock& c) {
  if (into.size() < c.size())
    into.resize(c.size(), 0);
  for (size_t k = 0; k < c.size(); ++k)
    into[k] = std::max(into[k], c[k]);
}

bool DporNode::addBacktrack(int t, std::vector<exec::Successor>& succs) {
  if (t < 0 || size_t(t) >= backtrack.size() || backtrack[size_t(t)] || asleep(t))
    return false;
  backtrack[size_t(t)] = 1;
  bool added = false;
  std::vector<exec::Successor> rest;
  for (exec::Successor& sc : pool) {
    if (sc.step.thread == t) {
      succs.push_back(std::move(sc));
      added = true;
    } else
      rest.push_back(std::move(sc));
  }
  pool = std::move(rest);
  return added;
}

} // namespace chorus::search
