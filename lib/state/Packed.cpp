#include "chorus/state/Packed.h"

#include "chorus/symbolic/Type.h"

namespace chorus::state {

namespace {

inline uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

} // namespace

PackedArray::PackedArray(sym::Expr zero, uint64_t length)
    : zero_(zero), n_(length), pages_((length + kPage - 1) / kPage) {}

size_t PackedArray::contribution(uint64_t k, int64_t v) {
  return v == 0 ? 0 : size_t(splitmix(k ^ splitmix(uint64_t(v))));
}

void PackedArray::set(uint64_t k, int64_t v) {
  std::shared_ptr<Page>& p = pages_[k / kPage];
  if (!p)
    p = std::make_shared<Page>();
  else if (p.use_count() > 1)
    p = std::make_shared<Page>(*p);
  std::shared_ptr<Chunk>& c = p->chunks[(k / kChunk) % kChunk];
  if (!c)
    c = std::make_shared<Chunk>();
  else if (c.use_count() > 1)
    c = std::make_shared<Chunk>(*c);
  int64_t& slot = c->v[k % kChunk];
  hash_ += contribution(k, v) - contribution(k, slot);
  slot = v;
  expr_ = nullptr;
}

bool PackedArray::operator==(const PackedArray& o) const {
  if (this == &o)
    return true;
  if (n_ != o.n_ || hash_ != o.hash_ || zero_ != o.zero_)
    return false;
  static const Chunk zeros;
  for (size_t pi = 0; pi < pages_.size(); ++pi) {
    const Page *a = pages_[pi].get(), *b = o.pages_[pi].get();
    if (a == b)
      continue;
    for (uint64_t ci = 0; ci < kChunk; ++ci) {
      const Chunk* ca = a ? a->chunks[ci].get() : nullptr;
      const Chunk* cb = b ? b->chunks[ci].get() : nullptr;
      if (ca == cb)
        continue;
      const Chunk& x = ca ? *ca : zeros;
      const Chunk& y = cb ? *cb : zeros;
      for (uint64_t e = 0; e < kChunk; ++e)
        if (x.v[e] != y.v[e])
          return false;
    }
  }
  return true;
}

sym::Expr PackedArray::toExpr(sym::ExprFactory& f) const {
  if (expr_)
    return expr_;
  if (n_ <= 4096) {
    std::vector<sym::Expr> els;
    els.reserve(n_);
    for (uint64_t k = 0; k < n_; ++k)
      els.push_back(f.intConst(get(k)));
    expr_ = f.arrayLit(type(), els);
    return expr_;
  }
  sym::Expr e = zero_;
  for (size_t pi = 0; pi < pages_.size(); ++pi) {
    const Page* p = pages_[pi].get();
    if (!p)
      continue;
    for (uint64_t ci = 0; ci < kChunk; ++ci) {
      const Chunk* c = p->chunks[ci].get();
      if (!c)
        continue;
      for (uint64_t el = 0; el < kChunk; ++el)
        if (c->v[el] != 0) {
          uint64_t k = pi * kPage + ci * kChunk + el;
          e = f.arrayWrite(e, f.intConst(int64_t(k)), f.intConst(c->v[el]));
        }
    }
  }
  expr_ = e;
  return e;
}

bool PackedArray::packable(sym::ExprFactory& f, sym::Type arrayType, uint64_t length) {
  return arrayType->element() == f.intType() && length > 1024 && length <= (uint64_t(1) << 32);
}

} // namespace chorus::state
