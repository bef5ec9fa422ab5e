#include "chorus/state/State.h"

#include <algorithm>
#include <deque>

#include <type_traits>
#include <unordered_set>
#include <utility>

namespace chorus::state {

namespace {

inline void mix(size_t& h, size_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
}
inline size_t eh(Expr e) {
  return e ? e->hash() : 0x5bd1e995;
}

} // namespace

void ProcState::computeHash() {
  size_t h = 0xcbf29ce484222325ULL;
  for (const Frame& f : stack) {
    mix(h, f.func);
    mix(h, f.loc);
    mix(h, std::hash<const void*>()(f.retLhs));
    mix(h, f.resumePhase);
    for (Expr e : f.slots)
      mix(h, eh(e));
    for (const Mark& m : f.marks) {
      mix(h, size_t(m.kind) * 977 + m.at);
      mix(h, m.ps ? m.ps->hash : 0x51ed27);
      mix(h, eh(m.value));
    }
  }
  mix(h, 0x1234);
  for (Expr e : globals)
    mix(h, eh(e));
  for (size_t g = 0; g < packed.size(); ++g)
    if (packed[g]) // (an empty vector and one of nulls are the same)
      mix(h, packed[g]->hash() + g * 0x3c6ef372 + packed[g]->size());
  for (const HeapObj& o : heap) {
    mix(h, eh(o.value));
    mix(h, eh(o.bytes));
    mix(h, std::hash<const void*>()(o.elem));
    mix(h, o.site.line * 31 + o.site.col);
    mix(h, o.freed);
    mix(h, o.external);
  }
  mix(h, uint8_t(mpi));
  mix(h, size_t(syncDest + 7));
  mix(h, collWait);
  mix(h, size_t(heard));
  mix(h, callPhase);
  for (Expr e : mpiObj)
    mix(h, eh(e));
  mix(h, 0x5678);
  for (Expr e : libObj)
    mix(h, eh(e));
  for (const Thread& t : threads) {
    mix(h, 0x9abc + size_t(t.status) * 7 + t.detached * 3 + t.callPhase * 101 + t.signalled);
    mix(h, t.tsdExit + (size_t(t.cancel) << 16));
    mix(h, size_t(t.collComm + 3));
    mix(h, eh(t.result));
    mix(h, eh(t.waitOn));
    for (const PassertInstance& pi : t.passerts) {
      mix(h, pi.id * 131 + pi.frame * 7 + size_t(pi.phase));
      for (Expr e : pi.latches)
        mix(h, eh(e));
    }
    for (const Frame& f : t.stack) {
      mix(h, f.func);
      mix(h, f.loc);
      mix(h, std::hash<const void*>()(f.retLhs));
      mix(h, f.resumePhase);
      for (Expr e : f.slots)
        mix(h, eh(e));
      for (const Mark& m : f.marks) {
        mix(h, size_t(m.kind) * 977 + m.at);
        mix(h, eh(m.value));
      }
    }
  }
  hash = h;
}

PackedArray& ProcState::ownPacked(size_t g) {
  PackedPtr& pa = packed.at(g);
  if (pa.use_count() > 1)
    pa = std::make_shared<PackedArray>(*pa);
  return *pa;
}

bool ProcState::operator==(const ProcState& o) const {
  if (hash != o.hash)
    return false;
  if (mpi != o.mpi || syncDest != o.syncDest || collWait != o.collWait ||
      callPhase != o.callPhase || heard != o.heard)
    return false;
  if (mpiObj != o.mpiObj || libObj != o.libObj || threads != o.threads)
    return false;
  if (globals != o.globals || stack.size() != o.stack.size() || heap.size() != o.heap.size())
    return false;
  for (size_t g = 0; g < std::max(packed.size(), o.packed.size()); ++g) {
    const PackedArray *a = packedAt(g), *b = o.packedAt(g);
    if (a != b && (!a || !b || !(*a == *b)))
      return false;
  }
  for (size_t i = 0; i < stack.size(); ++i)
    if (!(stack[i] == o.stack[i]))
      return false;
  for (size_t i = 0; i < heap.size(); ++i) {
    const HeapObj &a = heap[i], &b = o.heap[i];
    if (a.value != b.value || a.elem != b.elem || a.bytes != b.bytes || a.freed != b.freed ||
        a.external != b.external || a.site.file != b.site.file || a.site.line != b.site.line ||
        a.site.col != b.site.col)
      return false;
  }
  return true;
}

void MessageList::push_back(Message m) {
  if (chunks_.empty() || chunks_.back()->size() >= kChunk)
    chunks_.push_back(std::make_shared<Chunk>());
  own(chunks_.size() - 1).push_back(std::move(m));
  ++size_;
}

void MessageList::erase(size_t i) {
  locate(i);
  size_t c = cacheChunk_;
  Chunk& ch = own(c);
  ch.erase(ch.begin() + long(i - cacheBase_));
  if (ch.empty()) {
    chunks_.erase(chunks_.begin() + long(c));
    cacheChunk_ = 0;
    cacheBase_ = 0;
  }
  --size_;
}

size_t GlobalState::hash() const {
  size_t h = 0x84222325cbf29ce4ULL;
  for (const ProcState* p : procs)
    mix(h, p->hash);
  for (const Message& m : msgs) {
    mix(h, size_t(m.src) * 1000003 + size_t(m.dst));
    mix(h, eh(m.tag));
    mix(h, eh(m.data));
    mix(h, eh(m.count));
    mix(h, size_t(m.datatype));
    mix(h, m.sync);
    mix(h, size_t(m.req + 3));
    mix(h, m.probed);
    mix(h, m.seg);
    mix(h, size_t(m.heard));
  }
  mix(h, eh(pc));
  mix(h, size_t(touched));
  mix(h, size_t(coll.kind));
  if (coll.kind) {
    for (Expr e : coll.contrib)
      mix(h, eh(e));
    for (Expr e : coll.recvPtr)
      mix(h, eh(e));
    for (uint8_t a : coll.arrived)
      mix(h, a);
  }
  for (const auto& q : snaps) {
    mix(h, q.size());
    for (const Snapshot& x : q)
      mix(h, x.ps->hash + x.aloc + size_t(x.thread) * 0x9e37);
  }
  for (const auto* rs : {&liseQueue, &liseStack}) {
    mix(h, rs->size() + 0x15e);
    for (const LiseRecord& r : *rs) {
      mix(h, size_t(r.id) * 4 + (r.loop ? 2 : 0) + (r.isTrue ? 1 : 0));
      for (const ProcState* ps : r.snaps)
        mix(h, ps ? ps->hash : 7);
      for (size_t q = 0; q < r.writeset.size(); ++q)
        for (uint64_t x : r.writeset[q])
          mix(h, size_t(x));
      mix(h, eh(r.ppc));
      mix(h, eh(r.relation));
    }
  }
  return h;
}

bool GlobalState::operator==(const GlobalState& o) const {
  if (procs != o.procs || pc != o.pc || touched != o.touched || msgs.size() != o.msgs.size())
    return false;
  for (size_t i = 0; i < msgs.size(); ++i) {
    const Message &a = msgs[i], &b = o.msgs[i];
    if (a.src != b.src || a.dst != b.dst || a.comm != b.comm || a.tag != b.tag ||
        a.data != b.data || a.count != b.count || a.datatype != b.datatype || a.sync != b.sync ||
        a.req != b.req || a.probed != b.probed || a.seg != b.seg || a.heard != b.heard)
      return false;
  }
  if (coll.kind != o.coll.kind)
    return false;
  if (coll.kind &&
      (coll.root != o.coll.root || coll.datatype != o.coll.datatype || coll.op != o.coll.op ||
       coll.count != o.coll.count || coll.contrib != o.coll.contrib ||
       coll.recvPtr != o.coll.recvPtr || coll.arrived != o.coll.arrived))
    return false;
  return snaps == o.snaps && liseQueue == o.liseQueue && liseStack == o.liseStack;
}

const ProcState* ProcInterner::adopt(const ProcState* p) {
  if (!p || !p->scratch)
    return p;
  ProcState q = *p;
  q.scratch = false;
  for (Frame& f : q.stack)
    for (Mark& m : f.marks)
      m.ps = adopt(m.ps);
  return intern(std::move(q));
}

const ProcState* ProcInterner::intern(ProcState p) {
  return intern(std::make_unique<ProcState>(std::move(p)));
}

std::unique_ptr<ProcState> ProcInterner::release(const ProcState* p) {
  if (!p || !p->scratch)
    return nullptr;
  // (the state a chain's move replaces is nearly always the newest)
  for (size_t k = scratch_.size(), n = 0; k > 0 && n < 8; --k, ++n)
    if (scratch_[k - 1].get() == p) {
      std::unique_ptr<ProcState> r = std::move(scratch_[k - 1]);
      scratch_[k - 1] = std::move(scratch_.back());
      scratch_.pop_back();
      return r;
    }
  return nullptr;
}

const ProcState* ProcInterner::intern(std::unique_ptr<ProcState> up) {
  up->scratch = scratchMode_;
  if (scratchMode_) {
    // (no hash: a scratch state is never looked up or hashed into a key;
    // adopt() interns a copy)
    up->hash = 0;
    scratch_.push_back(std::move(up));
    return scratch_.back().get();
  }
  up->computeHash();
  auto it = set_.find(up);
  if (it != set_.end())
    return it->get();
  const ProcState* r = up.get();
  set_.insert(std::move(up));
  return r;
}

// ------------------------------------------------------------ canonicalization

namespace {

/// Collects heap indices referenced in e, in depth-first left-to-right order
/// of first occurrence.
void scanHeapRefs(Expr e, Values& v, std::unordered_set<Expr>& seen, std::vector<uint32_t>& out,
                  std::vector<uint8_t>& reached) {
  if (!e || !e->hasRefs() || !seen.insert(e).second)
    return; // (no reference below e, e.g. an array of numbers)
  if (e->kind() == sym::Kind::RefConst) {
    Root r = decodeRoot(e->aux());
    if (r.kind == RootKind::Heap && r.b < reached.size() && !reached[r.b]) {
      reached[r.b] = 1;
      out.push_back(r.b);
    }
    return;
  }
  for (Expr c : e->children())
    scanHeapRefs(c, v, seen, out, reached);
}

/// Calls f on the root values of a process state: globals, MPI objects and
/// frame slots (not the heap, not marks).
template <class F> void forEachOwnValue(const ProcState& q, F&& f) {
  for (Expr e : q.globals)
    f(e);
  for (Expr e : q.mpiObj)
    f(e);
  for (Expr e : q.libObj)
    f(e);
  for (const Frame& fr : q.stack)
    for (Expr e : fr.slots)
      f(e);
  for (const Thread& t : q.threads) {
    f(t.result);
    f(t.waitOn);
    for (const Frame& fr : t.stack)
      for (Expr e : fr.slots)
        f(e);
  }
}

/// Reachability order of the heap of p (extra roots: `extra`).
std::vector<uint32_t> reachOrder(const ProcState& p, Values& v, const std::vector<Expr>& extra) {
  std::vector<uint8_t> reached(p.heap.size(), 0);
  std::vector<uint32_t> order;
  std::unordered_set<Expr> seen;
  for (Expr e : p.globals)
    scanHeapRefs(e, v, seen, order, reached);
  for (Expr e : p.mpiObj)
    scanHeapRefs(e, v, seen, order, reached);
  for (Expr e : p.libObj)
    scanHeapRefs(e, v, seen, order, reached);
  for (const Frame& f : p.stack)
    for (Expr e : f.slots)
      scanHeapRefs(e, v, seen, order, reached);
  for (const Thread& t : p.threads) {
    scanHeapRefs(t.result, v, seen, order, reached);
    scanHeapRefs(t.waitOn, v, seen, order, reached);
    for (const Frame& f : t.stack)
      for (Expr e : f.slots)
        scanHeapRefs(e, v, seen, order, reached);
  }
  for (Expr e : extra)
    scanHeapRefs(e, v, seen, order, reached);
  // Marks (snapshots of this process kept for annotations) share the heap
  // numbering of the process: what they reach stays, so that a snapshot's
  // heap object k is the process's object k in the key too.
  std::vector<const ProcState*> marks;
  for (const Frame& f : p.stack)
    for (const Mark& m : f.marks) {
      scanHeapRefs(m.value, v, seen, order, reached);
      if (!m.ps)
        continue;
      marks.push_back(m.ps);
      forEachOwnValue(*m.ps, [&](Expr e) { scanHeapRefs(e, v, seen, order, reached); });
    }
  for (const Thread& t : p.threads)
    for (const Frame& f : t.stack)
      for (const Mark& m : f.marks)
        scanHeapRefs(m.value, v, seen, order, reached);
  for (size_t k = 0; k < order.size(); ++k) {
    scanHeapRefs(p.heap[order[k]].value, v, seen, order, reached);
    for (const ProcState* m : marks)
      if (order[k] < m->heap.size())
        scanHeapRefs(m->heap[order[k]].value, v, seen, order, reached);
  }
  return order;
}

} // namespace

namespace {

/// Calls f on every value of a process state (`q` const or not): globals,
/// MPI objects, library state, frame slots, heap values and heap sizes, in this order.
template <class Q, class F> void forEachProcValue(Q& q, F&& f) {
  for (auto& e : q.globals)
    f(e);
  for (auto& e : q.mpiObj)
    f(e);
  for (auto& e : q.libObj)
    f(e);
  for (auto& fr : q.stack) {
    for (auto& e : fr.slots)
      f(e);
    for (auto& m : fr.marks)
      f(m.value);
  }
  for (auto& t : q.threads) {
    f(t.result);
    f(t.waitOn);
    for (auto& pi : t.passerts)
      for (auto& e : pi.latches)
        f(e);
    for (auto& fr : t.stack) {
      for (auto& e : fr.slots)
        f(e);
      for (auto& m : fr.marks) // (a thread's loop marks keep values only)
        f(m.value);
    }
  }
  for (auto& o : q.heap) {
    f(o.value);
    f(o.bytes);
  }
}

/// Calls f on every value of q and of the process states its marks keep.
template <class F> void forEachValueWithMarks(const ProcState& q, F&& f) {
  forEachProcValue(q, f);
  for (const Frame& fr : q.stack)
    for (const Mark& m : fr.marks)
      if (m.ps)
        forEachProcValue(*m.ps, f);
}

/// Mutable copies of the process states kept by the marks of the frames of
/// process states being rebuilt (substitution, canonical keys); `commit`
/// interns them and stores them back into their marks.
class MarkCopies {
public:
  /// Copies the marked states of q (q must stay at its address until commit).
  void take(ProcState& q) {
    for (size_t fi = 0; fi < q.stack.size(); ++fi)
      for (size_t mi = 0; mi < q.stack[fi].marks.size(); ++mi)
        if (const ProcState* ps = q.stack[fi].marks[mi].ps)
          items_.push_back(Item{&q, fi, mi, *ps});
  }
  template <class F> void forEach(F&& f) {
    for (Item& it : items_)
      f(it.copy);
  }
  /// The copies of the marks of q.
  template <class F> void forEachOf(const ProcState& q, F&& f) {
    for (Item& it : items_)
      if (it.owner == &q)
        f(it.copy);
  }
  void commit(ProcInterner& interner) {
    for (Item& it : items_)
      it.owner->stack[it.frame].marks[it.mark].ps = interner.intern(std::move(it.copy));
    items_.clear();
  }

private:
  struct Item {
    ProcState* owner;
    size_t frame, mark;
    ProcState copy;
  };
  std::deque<Item> items_;
};

/// Calls f on every value of a global state outside its processes (`s`
/// const or not): the messages, then the collective record if any.
template <class S, class F> void forEachSharedValue(S& s, F&& f) {
  auto each = [&](auto& m) {
    f(m.tag);
    f(m.data);
    f(m.count);
  };
  if constexpr (std::is_const_v<S>) {
    for (const Message& m : s.msgs)
      each(m);
  } else {
    s.msgs.mutateAll(each);
  }
  if (s.coll.kind) {
    f(s.coll.count);
    for (auto& e : s.coll.contrib)
      f(e);
    for (auto& e : s.coll.recvPtr)
      f(e);
  }
}

/// Calls f on every LISE record of s (queue, then stack).
template <class F> void forEachLiseRecord(const GlobalState& s, F&& f) {
  for (const LiseRecord& r : s.liseQueue)
    f(r);
  for (const LiseRecord& r : s.liseStack)
    f(r);
}

} // namespace

GlobalState substitute(const GlobalState& s, const sym::ExprMap& map, sym::ExprFactory& f,
                       ProcInterner& interner) {
  GlobalState out = s;
  auto sub = [&](Expr& e) {
    if (e)
      e = f.substitute(e, map);
  };
  for (size_t i = 0; i < s.procs.size(); ++i) {
    ProcState q = *s.procs[i];
    forEachProcValue(q, sub);
    MarkCopies marks;
    marks.take(q);
    marks.forEach([&](ProcState& m) { forEachProcValue(m, sub); });
    marks.commit(interner);
    out.procs[i] = interner.intern(std::move(q));
  }
  for (auto* rs : {&out.liseQueue, &out.liseStack})
    for (LiseRecord& r : *rs) {
      sub(r.ppc);
      sub(r.relation);
      for (const ProcState*& ps : r.snaps)
        if (ps) {
          ProcState q = *ps;
          forEachProcValue(q, sub);
          MarkCopies marks;
          marks.take(q);
          marks.forEach([&](ProcState& m) { forEachProcValue(m, sub); });
          marks.commit(interner);
          ps = interner.intern(std::move(q));
        }
    }
  forEachSharedValue(out, sub);
  sub(out.pc);
  return out;
}

void substituteValues(ProcState& q, const sym::ExprMap& map, sym::ExprFactory& f) {
  forEachProcValue(q, [&](Expr& e) {
    if (e)
      e = f.substitute(e, map);
  });
}

std::vector<uint32_t> unreachableHeap(const ProcState& p, Values& values) {
  std::vector<uint32_t> order = reachOrder(p, values, {});
  std::vector<uint8_t> r(p.heap.size(), 0);
  for (uint32_t i : order)
    r[i] = 1;
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < p.heap.size(); ++i)
    if (!r[i])
      out.push_back(i);
  return out;
}

GlobalState canonicalize(const GlobalState& s, Values& values, ProcInterner& interner,
                         std::vector<Leak>* leaks, const CanonOptions& opts) {
  const std::unordered_set<Expr>* fixedSymbols = opts.fixedSymbols;
  sym::ExprFactory& f = values.factory();
  GlobalState out;
  out.msgs = s.msgs;
  out.coll = s.coll;
  out.pc = s.pc;
  out.touched = s.touched;
  out.snaps = s.snaps;
  out.liseQueue = s.liseQueue;
  out.liseStack = s.liseStack;
  // Process states are copied only when the key differs from them (heap
  // renumbering, renaming); otherwise the key shares the interned state.
  const size_t np = s.procs.size();
  std::vector<std::unique_ptr<ProcState>> mod(np);
  MarkCopies markCopies; // the marked states of the frames of mod[i]
  for (size_t i = 0; i < np; ++i) {
    const ProcState& p = *s.procs[i];
    if (p.heap.empty())
      continue;
    std::vector<Expr> extra;
    if (s.coll.kind && i < s.coll.recvPtr.size() && s.coll.recvPtr[i])
      extra.push_back(s.coll.recvPtr[i]);
    std::vector<uint32_t> order = reachOrder(p, values, extra);
    bool identity = order.size() == p.heap.size();
    for (size_t k = 0; identity && k < order.size(); ++k)
      identity = order[k] == k;
    if (identity)
      continue;
    std::vector<uint8_t> r(p.heap.size(), 0);
    for (uint32_t k : order)
      r[k] = 1;
    for (uint32_t k = 0; k < p.heap.size(); ++k)
      if (!r[k] && !p.heap[k].freed && !p.heap[k].external && leaks)
        leaks->push_back(Leak{int(i), p.heap[k].site});
    mod[i] = std::make_unique<ProcState>(p);
    ProcState& q = *mod[i];
    markCopies.take(q);
    sym::ExprMap map;
    q.heap.clear();
    for (uint32_t k = 0; k < order.size(); ++k) {
      q.heap.push_back(p.heap[order[k]]);
      if (order[k] != k)
        map[f.refConst(values.refType(), encodeRoot(Root{RootKind::Heap, 0, order[k]}))] =
            f.refConst(values.refType(), encodeRoot(Root{RootKind::Heap, 0, k}));
    }
    // The marked states of q's frames: the same renumbering (object k of a
    // mark is object k of the process); objects created after the mark was
    // taken are empty placeholders there.
    markCopies.forEachOf(q, [&](ProcState& m) {
      std::vector<HeapObj> heap;
      for (uint32_t k = 0; k < order.size(); ++k)
        heap.push_back(order[k] < m.heap.size() ? m.heap[order[k]] : HeapObj{});
      while (!heap.empty() && !heap.back().site.valid() && !heap.back().value)
        heap.pop_back();
      m.heap = std::move(heap);
    });
    if (!map.empty()) {
      auto sub = [&](Expr& e) {
        if (e)
          e = f.substitute(e, map);
      };
      for (Expr& e : q.globals)
        sub(e);
      for (Expr& e : q.mpiObj)
        sub(e);
      for (Expr& e : q.libObj)
        sub(e);
      for (Frame& fr : q.stack) {
        for (Expr& e : fr.slots)
          sub(e);
        for (Mark& m : fr.marks)
          sub(m.value);
      }
      for (Thread& t : q.threads) {
        sub(t.result);
        sub(t.waitOn);
        for (Frame& fr : t.stack) {
          for (Expr& e : fr.slots)
            sub(e);
          for (Mark& m : fr.marks)
            sub(m.value);
        }
      }
      for (HeapObj& o : q.heap)
        sub(o.value);
      markCopies.forEachOf(q, [&](ProcState& m) {
        for (Expr& e : m.globals)
          sub(e);
        for (Expr& e : m.mpiObj)
          sub(e);
        for (Expr& e : m.libObj)
          sub(e);
        for (Frame& fr : m.stack)
          for (Expr& e : fr.slots)
            sub(e);
        for (HeapObj& o : m.heap)
          sub(o.value);
      });
      if (!extra.empty())
        sub(out.coll.recvPtr[i]);
    }
  }

  // Symbols of an interned process state (cached when a cache is given).
  auto collect = [&](const ProcState& ps, std::vector<Expr>& v) {
    auto addSyms = [&](Expr e) {
      if (e)
        for (Expr sy : f.freeSymbols(e))
          v.push_back(sy);
    };
    forEachValueWithMarks(ps, addSyms);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  };
  std::vector<Expr> scratch;
  auto procSyms = [&](const ProcState* ps) -> const std::vector<Expr>& {
    if (!opts.procSymbols) {
      scratch.clear();
      collect(*ps, scratch);
      return scratch;
    }
    auto it = opts.procSymbols->find(ps);
    if (it == opts.procSymbols->end()) {
      it = opts.procSymbols->emplace(ps, std::vector<Expr>()).first;
      collect(*ps, it->second);
    }
    return it->second;
  };
  auto forOtherExprs = [&](const auto& fn) { // messages and collective slot
    forEachSharedValue(std::as_const(out), fn);
  };

  // The path condition restricted to what concerns the values: the symbols
  // of the original processes (a superset of those of the key's copies),
  // messages, collective slot and snapshots.
  if (opts.satisfiable && out.pc && !out.pc->isTrue() && !out.pc->isFalse()) {
    std::unordered_set<Expr> reach;
    for (const ProcState* ps : s.procs)
      for (Expr sy : procSyms(ps))
        reach.insert(sy);
    for (const auto& q : s.snaps)
      for (const Snapshot& x : q)
        for (Expr sy : procSyms(x.ps))
          reach.insert(sy);
    forEachLiseRecord(s, [&](const LiseRecord& r) {
      for (const ProcState* ps : r.snaps)
        if (ps)
          for (Expr sy : procSyms(ps))
            reach.insert(sy);
      for (Expr e : {r.ppc, r.relation})
        if (e)
          for (Expr sy : f.freeSymbols(e))
            reach.insert(sy);
    });
    forOtherExprs([&](Expr e) {
      if (e)
        for (Expr sy : f.freeSymbols(e))
          reach.insert(sy);
    });
    std::vector<Expr> cs = sym::ExprFactory::conjuncts(out.pc);
    std::vector<uint8_t> keep(cs.size(), 0);
    for (bool grew = true; grew;) {
      grew = false;
      for (size_t k = 0; k < cs.size(); ++k) {
        if (keep[k])
          continue;
        auto syms = f.freeSymbols(cs[k]);
        bool touches = syms.empty(); // a ground conjunct stays
        for (Expr sy : syms)
          touches = touches || reach.count(sy);
        if (!touches)
          continue;
        keep[k] = 1;
        grew = true;
        for (Expr sy : syms)
          reach.insert(sy);
      }
    }
    std::vector<Expr> kept, dropped;
    for (size_t k = 0; k < cs.size(); ++k)
      (keep[k] ? kept : dropped).push_back(cs[k]);
    if (!dropped.empty() && (*opts.satisfiable)(f.logicalAnd(dropped)))
      out.pc = f.logicalAnd(kept);
  }

  // Canonical renaming of symbolic constants over the whole state, needed
  // only when it holds a symbol that is not fixed.
  auto renamable = [&](Expr sy) {
    return !sy->type()->isFunction() && !(fixedSymbols && fixedSymbols->count(sy));
  };
  bool anySymbol = false;
  for (size_t i = 0; i < np && !anySymbol; ++i) {
    if (mod[i]) {
      scratch.clear();
      collect(*mod[i], scratch);
      for (Expr sy : scratch)
        anySymbol = anySymbol || renamable(sy);
    } else {
      for (Expr sy : procSyms(s.procs[i]))
        anySymbol = anySymbol || renamable(sy);
    }
  }
  for (const auto& q : s.snaps)
    for (const Snapshot& x : q)
      if (!anySymbol)
        for (Expr sy : procSyms(x.ps))
          anySymbol = anySymbol || renamable(sy);
  forOtherExprs([&](Expr e) {
    if (e && !anySymbol)
      for (Expr sy : f.freeSymbols(e))
        anySymbol = anySymbol || renamable(sy);
  });
  forEachLiseRecord(s, [&](const LiseRecord& r) {
    for (const ProcState* ps : r.snaps)
      if (ps && !anySymbol)
        for (Expr sy : procSyms(ps))
          anySymbol = anySymbol || renamable(sy);
    for (Expr e : {r.ppc, r.relation})
      if (e && !anySymbol)
        for (Expr sy : f.freeSymbols(e))
          anySymbol = anySymbol || renamable(sy);
  });
  if (!anySymbol && out.pc)
    for (Expr sy : f.freeSymbols(out.pc))
      anySymbol = anySymbol || renamable(sy);

  std::vector<ProcState> snapCopies, liseCopies;
  if (anySymbol) {
    std::vector<Expr*> slots;
    auto add = [&](Expr& e) {
      if (e)
        slots.push_back(&e);
    };
    auto addProc = [&](ProcState& q) { forEachProcValue(q, add); };
    for (size_t i = 0; i < np; ++i) {
      if (!mod[i]) {
        mod[i] = std::make_unique<ProcState>(*s.procs[i]);
        markCopies.take(*mod[i]);
      }
      addProc(*mod[i]);
    }
    markCopies.forEach(addProc);
    forEachSharedValue(out, add);
    // Snapshots: copies of the referenced process states renamed with the
    // same map as the state (their heaps keep their own numbering).
    size_t nsnap = 0;
    for (const auto& q : out.snaps)
      nsnap += q.size();
    snapCopies.reserve(nsnap);
    MarkCopies snapMarks;
    for (const auto& q : out.snaps)
      for (const Snapshot& x : q) {
        snapCopies.push_back(*x.ps);
        addProc(snapCopies.back());
        snapMarks.take(snapCopies.back());
      }
    // LISE records: their snapshots likewise, and their predicates.
    std::vector<std::pair<const ProcState**, size_t>> liseSnaps;
    for (auto* rs : {&out.liseQueue, &out.liseStack})
      for (LiseRecord& r : *rs) {
        for (const ProcState*& ps : r.snaps)
          if (ps)
            liseSnaps.emplace_back(&ps, 0);
        add(r.ppc);
        add(r.relation);
      }
    liseCopies.reserve(liseSnaps.size());
    for (auto& [pp, k] : liseSnaps) {
      k = liseCopies.size();
      liseCopies.push_back(**pp);
      addProc(liseCopies.back());
      snapMarks.take(liseCopies.back());
    }
    snapMarks.forEach(addProc);
    add(out.pc);
    std::vector<Expr> es;
    es.reserve(slots.size());
    for (Expr* e : slots)
      es.push_back(*e);
    sym::Renaming rn = f.canonicalRename(es, "X");
    for (size_t k = 0; k < slots.size(); ++k)
      *slots[k] = rn.exprs[k];
    snapMarks.commit(interner);
    for (auto& [pp, k] : liseSnaps)
      *pp = interner.intern(std::move(liseCopies[k]));
  }
  markCopies.commit(interner);
  out.procs.reserve(np);
  for (size_t i = 0; i < np; ++i)
    out.procs.push_back(mod[i] ? interner.intern(std::move(*mod[i])) : s.procs[i]);
  size_t k = 0;
  for (auto& q : out.snaps)
    for (Snapshot& x : q) {
      if (anySymbol)
        x.ps = interner.intern(std::move(snapCopies[k]));
      x.step = 0;
      ++k;
    }
  return out;
}

} // namespace chorus::state
