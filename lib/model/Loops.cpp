#include "chorus/model/Loops.h"

namespace chorus::model {

std::vector<std::vector<bool>> dominators(const Function& fn) {
  size_t n = fn.locs.size();
  std::vector<std::vector<LocId>> preds(n);
  for (const Transition& t : fn.trans)
    if (t.from < n && t.to < n)
      preds[t.to].push_back(t.from);
  std::vector<std::vector<bool>> dom(n, std::vector<bool>(n, true));
  if (fn.entry >= n)
    return dom;
  dom[fn.entry].assign(n, false);
  dom[fn.entry][fn.entry] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (LocId l = 0; l < n; ++l) {
      if (l == fn.entry)
        continue;
      std::vector<bool> d(n, true);
      for (LocId p : preds[l])
        for (size_t k = 0; k < n; ++k)
          d[k] = d[k] && dom[p][k];
      d[l] = true;
      if (d != dom[l]) {
        dom[l] = std::move(d);
        changed = true;
      }
    }
  }
  return dom;
}

std::vector<bool> naturalLoop(const Function& fn, LocId head) {
  size_t n = fn.locs.size();
  std::vector<bool> in(n, false);
  if (head >= n)
    return in;
  in[head] = true;
  std::vector<std::vector<LocId>> preds(n);
  for (const Transition& t : fn.trans)
    if (t.from < n && t.to < n)
      preds[t.to].push_back(t.from);
  std::vector<std::vector<bool>> dom = dominators(fn);
  std::vector<LocId> work;
  for (LocId p : preds[head])
    if (dom[p][head] && !in[p]) { // a back edge p -> head
      in[p] = true;
      work.push_back(p);
    }
  while (!work.empty()) {
    LocId l = work.back();
    work.pop_back();
    for (LocId p : preds[l])
      if (!in[p]) {
        in[p] = true;
        work.push_back(p);
      }
  }
  return in;
}

} // namespace chorus::model
