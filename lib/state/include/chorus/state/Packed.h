// Packed arrays: the contents of a large array of integers (a global `int
// buffer[N]`, N > 1024) kept outside the expression store as unboxed 64-bit
// numbers, in a persistent two-level vector (pages of 64 chunks of 64
// elements, shared between versions and copied on write chunk by chunk).
// A write of a concrete number at a concrete index costs O(1) and, when the
// process state is modified in place (lib/exec "moves in place"), allocates
// nothing; the hash-consed store keeps no node per write. The hash is the
// sum over the non-zero elements of a mix of (index, value), maintained on
// every write: it depends on the contents only, not on the order of the
// writes, so two arrays with the same contents are one state. See
// lib/exec/DESIGN-NOTES.md, "Concrete code at full speed".
#pragma once

#include "chorus/symbolic/ExprFactory.h"

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace chorus::state {

class PackedArray {
public:
  static constexpr unsigned kChunkBits = 6, kPageBits = 6;
  static constexpr uint64_t kChunk = uint64_t(1) << kChunkBits;
  static constexpr uint64_t kPage = kChunk << kPageBits; ///< elements per page

  /// All zeros; `zero` is the value of the array as an expression (the
  /// base of its materialized form, see toExpr), of type `type`.
  PackedArray(sym::Expr zero, uint64_t length);

  uint64_t size() const { return n_; }
  sym::Type type() const { return zero_->type(); }
  size_t hash() const { return hash_; }

  int64_t get(uint64_t k) const {
    const Page* p = pages_[k / kPage].get();
    if (!p)
      return 0;
    const Chunk* c = p->chunks[(k / kChunk) % kChunk].get();
    return c ? c->v[k % kChunk] : 0;
  }
  /// Element k := v (copies the page and chunk holding k if shared).
  void set(uint64_t k, int64_t v);

  /// Same length and elements.
  bool operator==(const PackedArray& o) const;

  /// The array as an expression (for the readers that do not know packed
  /// arrays, and for a symbolic index or value): a literal of its elements
  /// when it has at most 4096, else the writes of its non-zero elements in
  /// increasing index order over the zero array, so the same contents give
  /// the same node. Cached until the next write.
  sym::Expr toExpr(sym::ExprFactory& f) const;

  /// Whether an array value of this type and length is kept packed.
  static bool packable(sym::ExprFactory& f, sym::Type arrayType, uint64_t length);

private:
  struct Chunk {
    int64_t v[kChunk] = {};
  };
  struct Page {
    std::array<std::shared_ptr<Chunk>, kChunk> chunks;
  };
  static size_t contribution(uint64_t k, int64_t v);

  sym::Expr zero_;
  uint64_t n_ = 0;
  size_t hash_ = 0;
  std::vector<std::shared_ptr<Page>> pages_;
  mutable sym::Expr expr_ = nullptr; ///< toExpr's cache
};

using PackedPtr = std::shared_ptr<PackedArray>;

} // namespace chorus::state
