#include "Dpor.h"

#include <algorithm>
#include <functional>
#include <tuple>

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

void DporSummary::add(const DporStored& other) {
  for (const auto& [t, i] : other.events)
    add(t, *i);
}

namespace {

bool sameAccess(const exec::Access& x, const exec::Access& y) {
  return x.root == y.root && x.path == y.path && x.write == y.write && x.atomic == y.atomic &&
         x.sync == y.sync;
}

bool accessLess(const exec::Access& x, const exec::Access& y) {
  auto key = [](const exec::Access& a) {
    return std::make_tuple(int(a.root.kind), a.root.a, a.root.b, a.path.size(), a.write);
  };
  if (key(x) != key(y))
    return key(x) < key(y);
  return std::lexicographical_compare(x.path.begin(), x.path.end(), y.path.begin(), y.path.end(),
                                      std::less<exec::Expr>());
}

} // namespace

std::shared_ptr<const DporInfo> DporSummaryPool::internInfo(DporInfo info) {
  std::sort(info.accesses.begin(), info.accesses.end(), accessLess);
  size_t h = 0x51ed;
  auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); };
  mix(info.global);
  for (const exec::Access& a : info.accesses) {
    mix((size_t(a.root.kind) << 40) ^ (size_t(a.root.a) << 8) ^ a.root.b);
    for (exec::Expr e : a.path)
      mix(std::hash<exec::Expr>()(e));
    mix(a.write * 4 + a.atomic * 2 + a.sync);
  }
  auto& bucket = infos_[h];
  for (const auto& c : bucket) {
    bool same = c->global == info.global && c->accesses.size() == info.accesses.size();
    for (size_t j = 0; j < info.accesses.size() && same; ++j)
      same = sameAccess(c->accesses[j], info.accesses[j]);
    if (same)
      return c;
  }
  info.accesses.shrink_to_fit();
  bucket.push_back(std::make_shared<const DporInfo>(std::move(info)));
  return bucket.back();
}

std::shared_ptr<const DporStored> DporSummaryPool::intern(DporSummary s) {
  std::sort(s.events.begin(), s.events.end(),
            [](const auto& x, const auto& y) { return x.first < y.first; });
  DporStored st;
  st.events.reserve(s.events.size());
  size_t h = 0x51ed;
  auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2); };
  for (auto& [t, info] : s.events) {
    st.events.emplace_back(t, internInfo(std::move(info)));
    mix(size_t(t));
    mix(std::hash<const DporInfo*>()(st.events.back().second.get()));
  }
  auto& bucket = byHash_[h];
  for (const auto& c : bucket)
    if (c->events == st.events) // (interned infos: the same pointers)
      return c;
  bucket.push_back(std::make_shared<const DporStored>(std::move(st)));
  return bucket.back();
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
