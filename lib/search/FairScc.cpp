#include "FairScc.h"

#include <algorithm>
#include <set>

namespace chorus::search {

namespace {

using Edge = FairGraph::Edge;
using Kind = FairGraph::Kind;

/// The strongly connected components of the nodes `in` (marked in `member`)
/// with the edges `es` between them (Tarjan, iterative).
std::vector<std::vector<uint32_t>> components(size_t n, const std::vector<uint32_t>& in,
                                              const std::vector<const Edge*>& es) {
  std::vector<std::vector<const Edge*>> out(n);
  for (const Edge* e : es)
    out[e->from].push_back(e);
  const uint32_t none = UINT32_MAX;
  std::vector<uint32_t> index(n, none), low(n, 0);
  std::vector<uint8_t> onStack(n, 0);
  std::vector<uint32_t> st;
  std::vector<std::pair<uint32_t, size_t>> dfs; // node, next edge
  std::vector<std::vector<uint32_t>> comps;
  uint32_t counter = 0;
  for (uint32_t s : in) {
    if (index[s] != none)
      continue;
    dfs.push_back({s, 0});
    index[s] = low[s] = counter++;
    st.push_back(s);
    onStack[s] = 1;
    while (!dfs.empty()) {
      auto& [v, k] = dfs.back();
      if (k < out[v].size()) {
        uint32_t w = out[v][k++]->to;
        if (index[w] == none) {
          index[w] = low[w] = counter++;
          st.push_back(w);
          onStack[w] = 1;
          dfs.push_back({w, 0});
        } else if (onStack[w])
          low[v] = std::min(low[v], index[w]);
        continue;
      }
      uint32_t done = v;
      dfs.pop_back();
      if (!dfs.empty())
        low[dfs.back().first] = std::min(low[dfs.back().first], low[done]);
      if (low[done] == index[done]) {
        std::vector<uint32_t> c;
        uint32_t w;
        do {
          w = st.back();
          st.pop_back();
          onStack[w] = 0;
          c.push_back(w);
        } while (w != done);
        comps.push_back(std::move(c));
      }
    }
  }
  return comps;
}

bool fairIn(const FairGraph& g, const std::vector<uint32_t>& nodes,
            const std::vector<const Edge*>& edges, std::vector<uint32_t>* witness) {
  const size_t n = g.enabled.size();
  std::vector<uint8_t> dropMark;
  std::vector<std::vector<uint32_t>> comps = components(n, nodes, edges);
  std::vector<uint32_t> compOf(n, UINT32_MAX);
  for (uint32_t i = 0; i < comps.size(); ++i)
    for (uint32_t v : comps[i])
      compOf[v] = i;
  std::vector<std::vector<const Edge*>> innerOf(comps.size());
  for (const Edge* e : edges)
    if (compOf[e->from] != UINT32_MAX && compOf[e->from] == compOf[e->to])
      innerOf[compOf[e->from]].push_back(e);
  for (uint32_t ci = 0; ci < comps.size(); ++ci) {
    const std::vector<uint32_t>& c = comps[ci];
    const std::vector<const Edge*>& inner = innerOf[ci];
    if (inner.empty())
      continue; // a single state without a move back to itself
    // strong fairness: a key deferred here and never completed here
    std::set<uint32_t> completed;
    for (const Edge* e : inner)
      if (e->kind == Kind::Completes)
        completed.insert(e->key);
    std::vector<uint8_t>& drop = dropMark;
    drop.assign(n, 0);
    bool dropped = false;
    for (const Edge* e : inner)
      if (e->kind == Kind::Deferred && !completed.count(e->key)) {
        drop[e->from] = 1;
        dropped = true;
      }
    if (dropped) {
      std::vector<uint32_t> rest;
      for (uint32_t v : c)
        if (!drop[v])
          rest.push_back(v);
      std::vector<const Edge*> restEdges;
      for (const Edge* e : inner)
        if (!drop[e->from] && !drop[e->to])
          restEdges.push_back(e);
      if (fairIn(g, rest, restEdges, witness))
        return true;
      continue;
    }
    // weak fairness: a unit that never moves here and can move everywhere
    std::set<FairGraph::Unit> moving;
    for (const Edge* e : inner)
      moving.insert(e->unit);
    std::vector<FairGraph::Unit> idle;
    for (FairGraph::Unit u : g.enabled[c[0]])
      if (!moving.count(u))
        idle.push_back(u);
    for (size_t i = 1; i < c.size() && !idle.empty(); ++i) {
      const std::vector<FairGraph::Unit>& en = g.enabled[c[i]];
      std::vector<FairGraph::Unit> still;
      for (FairGraph::Unit u : idle)
        if (std::binary_search(en.begin(), en.end(), u))
          still.push_back(u);
      idle = std::move(still);
    }
    if (idle.empty()) {
      if (witness)
        *witness = c;
      return true;
    }
  }
  return false;
}

} // namespace

bool hasFairCycle(const FairGraph& g, std::vector<uint32_t>* witness) {
  std::vector<uint32_t> nodes;
  for (uint32_t v = 0; v < g.enabled.size(); ++v)
    nodes.push_back(v);
  std::vector<const Edge*> edges;
  for (const Edge& e : g.edges)
    if (e.kind != Kind::Excused && e.from < g.enabled.size() && e.to < g.enabled.size())
      edges.push_back(&e);
  return fairIn(g, nodes, edges, witness);
}

} // namespace chorus::search
