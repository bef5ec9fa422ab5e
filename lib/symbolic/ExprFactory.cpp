// Hash-consing tables, types, leaves and the non-arithmetic canonicalizing
// builders (booleans, arrays, tuples, unions, functions, binders), rewriting.
#include "Internal.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <deque>
#include <functional>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

namespace chorus::sym {

struct NodeAccess {
  static Node* create(void* mem) { return new (mem) Node(); }
  static void init(Node* n, Kind k, Type t, uint32_t id, size_t hash, uint64_t aux,
                   const Rational* v, const std::string* name, const Expr* ch, uint32_t nch) {
    n->kind_ = k;
    n->type_ = t;
    n->id_ = id;
    n->hash_ = hash;
    n->aux_ = aux;
    n->payload_ = v ? static_cast<const void*>(v) : static_cast<const void*>(name);
    (void)ch; // (the children follow the node, see Node::childArray)
    n->numChildren_ = nch;
    uint8_t fl = k == Kind::Symbol     ? Node::kFlagSymbol
                 : k == Kind::RefConst ? Node::kFlagRef
                 : k == Kind::BoundVar ? Node::kFlagBound
                                       : 0;
    for (uint32_t i = 0; i < nch; ++i)
      fl |= ch[i]->flags_;
    n->flags_ = fl;
  }
  static const void*& symbols(Expr e) { return e->symbols_; }
};

struct TypeTableAccess {
  static TypeNode* create() { return new TypeNode(); }
  static void set(TypeNode* t, TypeKind k, Type elem, bool hasExt, uint64_t ext, const Type* mem,
                  uint32_t nmem, const std::string* name, uint32_t id, size_t hash) {
    t->kind_ = k;
    t->elem_ = elem;
    t->hasExtent_ = hasExt;
    t->extent_ = ext;
    t->members_ = mem;
    t->numMembers_ = nmem;
    t->name_ = name;
    t->id_ = id;
    t->hash_ = hash;
  }
};

static inline size_t mix(size_t h, size_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h;
}

namespace {
/// Bump allocator; memory is released only when the factory dies.
class Arena {
public:
  void* alloc(size_t size, size_t align = alignof(std::max_align_t)) {
    size_t p = (used_ + align - 1) & ~(align - 1);
    if (blocks_.empty() || p + size > blockSize_) {
      size_t bs = std::max(size, kBlock);
      blocks_.push_back(std::make_unique<char[]>(bs));
      blockSize_ = bs;
      p = 0;
    }
    used_ = p + size;
    return blocks_.back().get() + p;
  }

private:
  static constexpr size_t kBlock = 1 << 20;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t used_ = 0, blockSize_ = 0;
};
} // namespace

struct ExprFactory::Impl {
  Arena arena;
  // Open-addressing node table (linear probing), power-of-two capacity. An
  // entry is the node's address with the top 16 bits of its hash in the
  // (unused) top 16 bits of the word: a probe reads the node only when they
  // match (the table is far larger than the caches on long runs).
  std::vector<uintptr_t> table = std::vector<uintptr_t>(1 << 12, 0);
  static constexpr unsigned kTagShift = 48;
  static constexpr uintptr_t kAddrMask = (uintptr_t(1) << kTagShift) - 1;
  static uintptr_t entry(const Node* n, size_t h) {
    return uintptr_t(n) | (uintptr_t(h >> kTagShift) << kTagShift);
  }
  static const Node* nodeOf(uintptr_t e) { return reinterpret_cast<const Node*>(e & kAddrMask); }
  size_t count = 0;
  std::deque<Rational> rationals;
  std::deque<std::string> names;
  std::deque<std::vector<Expr>> symbolSets;
  std::vector<Expr> emptySet;
  // types
  std::unordered_multimap<size_t, TypeNode*> types;
  std::deque<std::vector<Type>> typeLists;
  std::vector<std::unique_ptr<TypeNode>> typeStore;
  std::string emptyName;

  /// The content of an array of concrete length whose top is a chain of
  /// writes at concrete indices (ArrayWrite nodes): element k is elems[k],
  /// or base's element k where elems[k] is null. A cache for fast element
  /// reads on long chains (see arrayRead): a write at a concrete index moves
  /// the view of its array to the new node and updates one element, so a
  /// run of writes and reads on the newest version of an array costs O(1)
  /// each instead of a walk down the chain.
  struct ArrayView {
    Expr base = nullptr;
    std::vector<Expr> elems;
  };
  /// canonicalRename's results for Bool nodes by (node, the images of its
  /// free symbols): consecutive states of a search share most of their path
  /// condition's conjuncts, and a conjunct's renaming depends only on where
  /// its own symbols go (seed 004 Fig. 5's ring: two thirds of the run was
  /// rebuilding the same renamed conjuncts). Key: node id, then the images'
  /// ids. Dropped all at once past kRenameBudget entries.
  struct KeyHash {
    size_t operator()(const std::vector<uint32_t>& k) const {
      size_t h = 0x9e3779b97f4a7c15ULL;
      for (uint32_t x : k)
        h = (h ^ x) * 0x100000001b3ULL;
      return h;
    }
  };
  std::unordered_map<std::vector<uint32_t>, Expr, KeyHash> renamed;
  static constexpr size_t kRenameBudget = size_t(1) << 18;
  /// canonicalRename's name-blind shape hash of each node it has seen, by
  /// node id (shapeKnown[id] says whether shapeById[id] is set).
  std::vector<size_t> shapeById;
  std::vector<uint8_t> shapeKnown;
  /// canonicalRename's scratch marks by node id, valid when their stamp is
  /// the current call's epoch: a node was visited (seenAt), its context hash
  /// (ctx, ctxAt), its renamed image (memo, memoAt). Kept across calls so
  /// that a call allocates and hashes nothing per node (ring.c's profile:
  /// a third of the run was the hash tables of this function).
  std::vector<uint32_t> seenAt, ctxAt, memoAt;
  std::vector<size_t> ctx;
  std::vector<Expr> memo;
  uint32_t epoch = 0;
  /// negateAtom's result for each atom it negated, by node id (null: not
  /// yet): makeJunction negates every new literal of a conjunction it
  /// builds, and the renamed path conditions rebuild the same ones.
  std::vector<Expr> negations;
  std::unordered_map<Expr, std::unique_ptr<ArrayView>> views;
  size_t viewElems = 0; ///< elements held by all views
  /// Views are dropped (all at once) when they would hold more elements.
  static constexpr size_t kViewBudget = size_t(1) << 22;
  /// A walk down a chain of writes longer than this builds a view.
  static constexpr unsigned kWalk = 32;

  void grow() {
    std::vector<uintptr_t> nt(table.size() * 2, 0);
    size_t mask = nt.size() - 1;
    for (uintptr_t e : table) {
      if (!e)
        continue;
      size_t i = nodeOf(e)->hash() & mask;
      while (nt[i])
        i = (i + 1) & mask;
      nt[i] = e;
    }
    table.swap(nt);
  }
};

Expr FactoryAccess::make(ExprFactory& f, Kind k, Type t, std::span<const Expr> ch, uint64_t aux,
                         const Rational* value, std::string_view name) {
  auto& I = *f.impl_;
  size_t h = mix(mix(size_t(k) * 0x100000001B3ull, t->hash()), aux);
  for (Expr c : ch)
    h = mix(h, c->hash());
  if (value)
    h = mix(h, value->hash());
  if (k == Kind::Symbol || k == Kind::BoundVar)
    h = mix(h, std::hash<std::string_view>()(name));
  size_t mask = I.table.size() - 1;
  size_t i = h & mask;
  const uintptr_t tag = uintptr_t(h >> ExprFactory::Impl::kTagShift)
                        << ExprFactory::Impl::kTagShift;
  while (uintptr_t e = I.table[i]) {
    const Node* n = ExprFactory::Impl::nodeOf(e);
    if ((e & ~ExprFactory::Impl::kAddrMask) == tag && n->hash() == h && n->kind() == k &&
        n->type() == t && n->aux() == aux && n->numChildren() == ch.size() &&
        std::equal(ch.begin(), ch.end(), n->children().begin()) &&
        (!value || n->value() == *value) &&
        ((k != Kind::Symbol && k != Kind::BoundVar) || n->name() == name))
      return n;
    i = (i + 1) & mask;
  }
  // Create.
  static_assert(sizeof(Node) % alignof(Expr) == 0);
  void* mem = I.arena.alloc(sizeof(Node) + ch.size() * sizeof(Expr), alignof(Node));
  if (uintptr_t(mem) & ~ExprFactory::Impl::kAddrMask)
    throw std::runtime_error("expression store: an address beyond 48 bits");
  Node* n = NodeAccess::create(mem);
  Expr* children = reinterpret_cast<Expr*>(reinterpret_cast<char*>(mem) + sizeof(Node));
  std::copy(ch.begin(), ch.end(), children);
  const Rational* v = nullptr;
  if (value) {
    I.rationals.push_back(*value);
    v = &I.rationals.back();
  }
  const std::string* nm = nullptr;
  if (k == Kind::Symbol || k == Kind::BoundVar) {
    I.names.emplace_back(name);
    nm = &I.names.back();
  }
  NodeAccess::init(n, k, t, uint32_t(I.count), h, aux, v, nm, children, uint32_t(ch.size()));
  I.table[i] = ExprFactory::Impl::entry(n, h);
  if (++I.count * 4 > I.table.size() * 3) // (load <= 3/4: probes read the tags)
    I.grow();
  return n;
}

Expr FactoryAccess::negation(ExprFactory& f, Expr atom) {
  auto& I = *f.impl_;
  if (atom->id() < I.negations.size())
    if (Expr n = I.negations[atom->id()])
      return n;
  Expr n = detail::negateAtom(f, atom); // (pure: the same node each time)
  if (n) {
    if (atom->id() >= I.negations.size())
      I.negations.resize(std::max<size_t>(I.count, atom->id() + 1), nullptr);
    I.negations[atom->id()] = n;
  }
  return n;
}

// ====================================================================== types

std::string TypeNode::toString() const {
  switch (kind_) {
  case TypeKind::Bool:
    return "bool";
  case TypeKind::Int:
    return "int";
  case TypeKind::Real:
    return "real";
  case TypeKind::Char:
    return "char";
  case TypeKind::Ref:
    return "ref<" + *name_ + ">";
  case TypeKind::Array:
    return elem_->toString() + "[" + (hasExtent_ ? std::to_string(extent_) : "") + "]";
  case TypeKind::Tuple:
  case TypeKind::Union:
  case TypeKind::Function: {
    std::string s = kind_ == TypeKind::Tuple ? "tuple" : kind_ == TypeKind::Union ? "union" : "fn";
    if (!name_->empty())
      s += " " + *name_;
    s += "(";
    for (uint32_t i = 0; i < numMembers_; ++i)
      s += (i ? "," : "") + members_[i]->toString();
    s += ")";
    if (kind_ == TypeKind::Function)
      s += "->" + elem_->toString();
    return s;
  }
  }
  return "?";
}

namespace {
Type internType(ExprFactory::Impl& I, TypeKind k, Type elem, bool hasExt, uint64_t ext,
                std::span<const Type> members, std::string_view name) {
  size_t h = mix(size_t(k) + 1, elem ? elem->hash() : 0);
  h = mix(h, hasExt ? ext + 1 : 0);
  for (Type m : members)
    h = mix(h, m->hash());
  h = mix(h, std::hash<std::string_view>()(name));
  auto [b, e] = I.types.equal_range(h);
  for (auto it = b; it != e; ++it) {
    Type t = it->second;
    if (t->kind() == k && t->element() == elem &&
        t->extent() == (hasExt ? std::optional(ext) : std::nullopt) &&
        std::equal(members.begin(), members.end(), t->members().begin(), t->members().end()) &&
        t->name() == name)
      return t;
  }
  I.typeLists.emplace_back(members.begin(), members.end());
  I.names.emplace_back(name);
  TypeNode* t = TypeTableAccess::create();
  I.typeStore.emplace_back(t);
  TypeTableAccess::set(t, k, elem, hasExt, ext, I.typeLists.back().data(), uint32_t(members.size()),
                       &I.names.back(), uint32_t(I.typeStore.size()), h);
  I.types.emplace(h, t);
  return t;
}
} // namespace

ExprFactory::ExprFactory(FactoryOptions opts) : impl_(std::make_unique<Impl>()), opts_(opts) {
  bool_ = internType(*impl_, TypeKind::Bool, nullptr, false, 0, {}, {});
  int_ = internType(*impl_, TypeKind::Int, nullptr, false, 0, {}, {});
  real_ = internType(*impl_, TypeKind::Real, nullptr, false, 0, {}, {});
  char_ = internType(*impl_, TypeKind::Char, nullptr, false, 0, {}, {});
  false_ = FactoryAccess::make(*this, Kind::BoolConst, bool_, {}, 0);
  true_ = FactoryAccess::make(*this, Kind::BoolConst, bool_, {}, 1);
}

ExprFactory::~ExprFactory() = default;

size_t ExprFactory::numNodes() const {
  return impl_->count;
}

Type ExprFactory::arrayType(Type elem, std::optional<uint64_t> extent) {
  return internType(*impl_, TypeKind::Array, elem, extent.has_value(), extent.value_or(0), {}, {});
}
Type ExprFactory::tupleType(std::span<const Type> members, std::string_view name) {
  return internType(*impl_, TypeKind::Tuple, nullptr, false, 0, members, name);
}
Type ExprFactory::unionType(std::span<const Type> members, std::string_view name) {
  return internType(*impl_, TypeKind::Union, nullptr, false, 0, members, name);
}
Type ExprFactory::functionType(std::span<const Type> params, Type result) {
  return internType(*impl_, TypeKind::Function, result, false, 0, params, {});
}
Type ExprFactory::refType(std::string_view name) {
  return internType(*impl_, TypeKind::Ref, nullptr, false, 0, {}, name);
}

// ===================================================================== leaves

Expr ExprFactory::numConst(Type t, const Rational& v) {
  if (t->kind() != TypeKind::Real && !v.isInteger())
    throw std::invalid_argument("non-integer constant of integer type");
  return FactoryAccess::make(*this, Kind::NumConst, t, std::span<const Expr>(), 0, &v);
}
Expr ExprFactory::intConst(const Rational& v) {
  return numConst(int_, v);
}
Expr ExprFactory::realConst(const Rational& v) {
  return numConst(real_, v);
}
Expr ExprFactory::charConst(int64_t code) {
  return numConst(char_, Rational(code));
}
Expr ExprFactory::refConst(Type t, uint64_t id) {
  return FactoryAccess::make(*this, Kind::RefConst, t, {}, id);
}
Expr ExprFactory::symbol(std::string_view name, Type t) {
  return FactoryAccess::make(*this, Kind::Symbol, t, std::span<const Expr>(), 0, nullptr, name);
}
Expr ExprFactory::boundVar(std::string_view name, Type t) {
  return FactoryAccess::make(*this, Kind::BoundVar, t, std::span<const Expr>(), 0, nullptr, name);
}

// ==================================================================== boolean

Expr ExprFactory::logicalNot(Expr a) {
  switch (a->kind()) {
  case Kind::BoolConst:
    return a->isTrue() ? false_ : true_;
  case Kind::Not:
    return a->child(0);
  case Kind::Lt:
  case Kind::Le:
    if (Expr n = FactoryAccess::negation(*this, a))
      return n;
    break;
  case Kind::And:
  case Kind::Or: {
    std::vector<Expr> ch;
    ch.reserve(a->numChildren());
    for (Expr c : a->children())
      ch.push_back(logicalNot(c));
    return a->kind() == Kind::And ? logicalOr(ch) : logicalAnd(ch);
  }
  case Kind::Forall:
    return exists(a->child(0), logicalNot(a->child(1)));
  case Kind::Exists:
    return forall(a->child(0), logicalNot(a->child(1)));
  case Kind::Ite:
    return ite(a->child(0), logicalNot(a->child(1)), logicalNot(a->child(2)));
  default:
    break;
  }
  return FactoryAccess::make(*this, Kind::Not, bool_, {a});
}

static Expr makeJunction(ExprFactory& f, Kind k, std::span<const Expr> xs) {
  // k is And or Or. unit: true for And; absorbing: false for And.
  Expr unit = k == Kind::And ? f.trueExpr() : f.falseExpr();
  Expr absorb = k == Kind::And ? f.falseExpr() : f.trueExpr();
  std::vector<Expr> flat, fresh;
  flat.reserve(xs.size() + 4);
  for (Expr x : xs) {
    if (x == unit)
      continue;
    if (x == absorb)
      return absorb;
    if (x->kind() == k) {
      flat.insert(flat.end(), x->children().begin(), x->children().end());
    } else {
      flat.push_back(x);
      fresh.push_back(x);
    }
  }
  std::sort(flat.begin(), flat.end(), ExprLess());
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  if (flat.empty())
    return unit;
  if (flat.size() == 1)
    return flat[0];
  // Complementary literals (x and its negation), checked for the literals
  // that were not already part of a flattened junction.
  for (Expr x : fresh) {
    Expr n = nullptr;
    if (x->kind() == Kind::Not)
      n = x->child(0);
    else if (x->kind() == Kind::Lt || x->kind() == Kind::Le)
      n = FactoryAccess::negation(f, x);
    if (n && std::binary_search(flat.begin(), flat.end(), n, ExprLess()))
      return absorb;
  }
  return FactoryAccess::make(f, k, f.boolType(), std::span<const Expr>(flat));
}

Expr ExprFactory::logicalAnd(Expr a, Expr b) {
  if (a == b || b->isTrue())
    return a;
  if (a->isTrue())
    return b;
  Expr xs[2] = {a, b};
  return makeJunction(*this, Kind::And, xs);
}
Expr ExprFactory::logicalAnd(std::span<const Expr> xs) {
  return makeJunction(*this, Kind::And, xs);
}
Expr ExprFactory::logicalOr(Expr a, Expr b) {
  if (a == b || b->isFalse())
    return a;
  if (a->isFalse())
    return b;
  Expr xs[2] = {a, b};
  return makeJunction(*this, Kind::Or, xs);
}
Expr ExprFactory::logicalOr(std::span<const Expr> xs) {
  return makeJunction(*this, Kind::Or, xs);
}
Expr ExprFactory::implies(Expr a, Expr b) {
  return logicalOr(logicalNot(a), b);
}

Expr ExprFactory::ite(Expr c, Expr a, Expr b) {
  if (c->isTrue() || a == b)
    return a;
  if (c->isFalse())
    return b;
  if (c->kind() == Kind::Not)
    return ite(c->child(0), b, a);
  if (a->type()->isBool()) {
    if (a->isTrue())
      return logicalOr(c, b);
    if (a->isFalse())
      return logicalAnd(logicalNot(c), b);
    if (b->isTrue())
      return logicalOr(logicalNot(c), a);
    if (b->isFalse())
      return logicalAnd(c, a);
  }
  // ite(c, ite(c, x, y), z) = ite(c, x, z)
  if (a->kind() == Kind::Ite && a->child(0) == c)
    a = a->child(1);
  if (b->kind() == Kind::Ite && b->child(0) == c)
    b = b->child(2);
  if (a == b)
    return a;
  return FactoryAccess::make(*this, Kind::Ite, a->type(), {c, a, b});
}

// ================================================================== equality

Expr ExprFactory::eq(Expr a, Expr b) {
  if (a == b)
    return true_;
  Type t = a->type();
  if (t->isNumeric()) {
    // ite(c, x, y) = k with k and x or y constants (a C condition as an int
    // compared with 0, `r >= 0 ? r : MPI_PROC_NULL` fixed to a rank): the
    // constant branch decided, so that the other is a plain equation
    for (auto [x, k] : {std::pair{a, b}, std::pair{b, a}}) {
      if (x->kind() != Kind::Ite || k->kind() != Kind::NumConst)
        continue;
      Expr c = x->child(0), th = x->child(1), el = x->child(2);
      // (the other branch a symbol whose value k decides c: `r >= 0 ? r :
      // -2` equal to -2 is `r < 0`, a bound, not a disjunction)
      auto decided = [&](Expr branch) -> Expr {
        return branch->kind() == Kind::Symbol ? substitute(c, ExprMap{{branch, k}}) : c;
      };
      if (el->kind() == Kind::NumConst) {
        if (compare(el->value(), k->value()) != 0)
          return logicalAnd(c, eq(th, k));
        return decided(th)->isFalse() ? logicalNot(c) : logicalOr(logicalNot(c), eq(th, k));
      }
      if (th->kind() == Kind::NumConst) {
        if (compare(th->value(), k->value()) != 0)
          return logicalAnd(logicalNot(c), eq(el, k));
        return decided(el)->isTrue() ? c : logicalOr(c, eq(el, k));
      }
    }
    return detail::makeAtom(*this, Kind::Eq, sub(a, b));
  }
  if (a->isConst() && b->isConst())
    return boolConst(t->isBool() ? a == b : false); // distinct constants
  if (t->isBool()) {
    if (a->isConst())
      return a->isTrue() ? b : logicalNot(b);
    if (b->isConst())
      return b->isTrue() ? a : logicalNot(a);
  }
  if (a->kind() == Kind::TupleMake && b->kind() == Kind::TupleMake) {
    std::vector<Expr> cs;
    for (uint32_t i = 0; i < a->numChildren(); ++i)
      cs.push_back(eq(a->child(i), b->child(i)));
    return logicalAnd(cs);
  }
  if (a->kind() == Kind::ArrayLit && b->kind() == Kind::ArrayLit) {
    if (a->numChildren() != b->numChildren())
      return false_;
    std::vector<Expr> cs;
    for (uint32_t i = 0; i < a->numChildren(); ++i)
      cs.push_back(eq(a->child(i), b->child(i)));
    return logicalAnd(cs);
  }
  if (a->kind() == Kind::UnionInject && b->kind() == Kind::UnionInject) {
    if (a->aux() != b->aux())
      return false_;
    return eq(a->child(0), b->child(0));
  }
  if (b->id() < a->id())
    std::swap(a, b);
  return FactoryAccess::make(*this, Kind::Eq, bool_, {a, b});
}

// ===================================================================== arrays

Expr ExprFactory::arrayLit(Type at, std::span<const Expr> elems) {
  return FactoryAccess::make(*this, Kind::ArrayLit, at, elems);
}

namespace {

/// The index as an element position, if it is a non-negative integer constant.
std::optional<uint64_t> position(Expr i) {
  if (i->kind() != Kind::NumConst)
    return std::nullopt;
  auto k = i->value().toInt64();
  if (!k || *k < 0)
    return std::nullopt;
  return uint64_t(*k);
}

using ArrayView = ExprFactory::Impl::ArrayView;

ArrayView* viewOf(ExprFactory::Impl& I, Expr a) {
  if (I.views.empty())
    return nullptr;
  auto it = I.views.find(a);
  return it == I.views.end() ? nullptr : it->second.get();
}

void addView(ExprFactory::Impl& I, Expr a, std::unique_ptr<ArrayView> v) {
  if (I.viewElems + v->elems.size() > ExprFactory::Impl::kViewBudget) {
    I.views.clear();
    I.viewElems = 0;
  }
  I.viewElems += v->elems.size();
  I.views[a] = std::move(v);
}

} // namespace

/// Builds the view of `a` (a chain of writes at concrete indices over a base
/// of concrete length, or over a node that has a view); null when `a` is not
/// such an array.
static ArrayView* materialize(ExprFactory& f, ExprFactory::Impl& I, Expr a) {
  std::vector<std::pair<uint64_t, Expr>> writes; // newest first
  Expr x = a;
  ArrayView* src = nullptr;
  for (;;) {
    if (x != a && (src = viewOf(I, x)))
      break;
    if (x->kind() != Kind::ArrayWrite)
      break;
    auto k = position(x->child(1));
    if (!k)
      break;
    writes.emplace_back(*k, x->child(2));
    x = x->child(0);
  }
  if (writes.size() <= ExprFactory::Impl::kWalk && !src)
    return nullptr; // short chains are walked
  auto v = std::make_unique<ArrayView>();
  if (src) {
    *v = *src;
  } else {
    Expr len = f.arrayLength(x);
    auto n = position(len);
    if (!n || *n > (uint64_t(1) << 28))
      return nullptr;
    v->base = x;
    v->elems.assign(*n, nullptr);
  }
  for (auto it = writes.rbegin(); it != writes.rend(); ++it) {
    if (it->first >= v->elems.size())
      return nullptr; // a write out of bounds: leave it to the walk
    v->elems[it->first] = it->second;
  }
  ArrayView* r = v.get();
  addView(I, a, std::move(v));
  return r;
}

/// Element k of the array whose view is v (k < its length).
static Expr viewRead(ExprFactory& f, const ArrayView& v, uint64_t k, Expr i) {
  Expr e = v.elems[k];
  return e ? e : f.arrayRead(v.base, i);
}

Expr ExprFactory::arrayWrite(Expr a, Expr i, Expr v) {
  auto k = position(i);
  // Short literal arrays stay literals (copied); longer ones get a chain of
  // writes (O(1) per write, reads through the view cache).
  constexpr uint32_t kCopyLimit = 1024;
  if (a->kind() == Kind::ArrayLit && k && *k < a->numChildren() && a->numChildren() <= kCopyLimit) {
    std::vector<Expr> el(a->children().begin(), a->children().end());
    el[*k] = v;
    return arrayLit(a->type(), el);
  }
  Expr orig = a;
  if (a->kind() == Kind::ArrayWrite && a->child(1) == i) {
    a = a->child(0); // overwrite
    // writing back what was there before (looked up near the top only: a
    // has no view, orig has it)
    Expr x = a;
    for (unsigned n = 0; n <= Impl::kWalk && x->kind() == Kind::ArrayWrite; ++n) {
      if (x->child(1) == i) {
        if (x->child(2) == v)
          return a;
        break;
      }
      if (!detail::definitelyDistinct(*this, x->child(1), i))
        break;
      x = x->child(0);
    }
    if (x->kind() != Kind::ArrayWrite && arrayRead(x, i) == v)
      return a;
  } else if (arrayRead(a, i) == v) {
    return a; // writing back what is there
  }
  Expr r = FactoryAccess::make(*this, Kind::ArrayWrite, a->type(), {a, i, v});
  if (k) {
    auto& I = *impl_;
    ArrayView* view = viewOf(I, orig);
    if (view && *k < view->elems.size() && !viewOf(I, r)) {
      // the newest version gets the view (the old one walks or rebuilds it)
      std::unique_ptr<ArrayView> moved = std::move(I.views[orig]);
      I.views.erase(orig);
      moved->elems[*k] = v;
      I.views[r] = std::move(moved);
    }
  }
  return r;
}

Expr ExprFactory::arrayRead(Expr a, Expr i) {
  if (a->kind() == Kind::ArrayWrite) {
    if (auto k = position(i)) {
      auto& I = *impl_;
      ArrayView* v = viewOf(I, a);
      if (!v) {
        // the answer is near the top, or the chain is long: then build a view
        Expr x = a;
        for (unsigned n = 0; n <= Impl::kWalk && x->kind() == Kind::ArrayWrite; ++n) {
          if (x->child(1) == i)
            return x->child(2);
          if (!detail::definitelyDistinct(*this, x->child(1), i))
            break;
          x = x->child(0);
        }
        if (x->kind() == Kind::ArrayWrite && x->child(1)->kind() == Kind::NumConst)
          v = materialize(*this, I, a);
      }
      if (v && *k < v->elems.size())
        return viewRead(*this, *v, *k, i);
    }
  }
  for (;;) {
    switch (a->kind()) {
    case Kind::ArrayLit:
      if (i->kind() == Kind::NumConst) {
        auto k = i->value().toInt64();
        if (k && *k >= 0 && uint64_t(*k) < a->numChildren())
          return a->child(uint32_t(*k));
      }
      break;
    case Kind::ArrayWrite:
      if (a->child(1) == i)
        return a->child(2);
      if (detail::definitelyDistinct(*this, a->child(1), i)) {
        a = a->child(0);
        continue;
      }
      break;
    case Kind::ArrayLambda: {
      Expr args[1] = {i};
      return apply(a->child(1), args);
    }
    case Kind::Ite:
      return ite(a->child(0), arrayRead(a->child(1), i), arrayRead(a->child(2), i));
    default:
      break;
    }
    return FactoryAccess::make(*this, Kind::ArrayRead, a->type()->element(), {a, i});
  }
}

Expr ExprFactory::arrayLambda(Type at, Expr length, Expr lambda) {
  return FactoryAccess::make(*this, Kind::ArrayLambda, at, {length, lambda});
}

Expr ExprFactory::arrayLength(Expr a) {
  for (;;) {
    if (auto ext = a->type()->extent())
      return intConst(Rational(int64_t(*ext)));
    switch (a->kind()) {
    case Kind::ArrayLit:
      return intConst(Rational(int64_t(a->numChildren())));
    case Kind::ArrayWrite:
      if (ArrayView* v = viewOf(*impl_, a))
        return intConst(Rational(int64_t(v->elems.size())));
      a = a->child(0);
      continue;
    case Kind::ArrayLambda:
      return a->child(0);
    case Kind::Ite:
      return ite(a->child(0), arrayLength(a->child(1)), arrayLength(a->child(2)));
    case Kind::ArrayRead:
      // A row read at a symbolic index from a written array of arrays:
      // len(store(A, j, v)[i]) = (i == j ? len(v) : len(A[i])). Rows of a
      // shaped array (a lambda) all have its row length, so the two sides
      // usually agree and the length is a term without `len` (LISE's
      // relation `shaped(Y) = old` over a `double c[N][N]`: otherwise an
      // uninterpreted length per row that z3's quantifier instantiation
      // could not decide in seconds).
      if (Expr w = a->child(0); w->kind() == Kind::ArrayWrite) {
        Expr i = a->child(1);
        return ite(eq(i, w->child(1)), arrayLength(w->child(2)),
                   arrayLength(arrayRead(w->child(0), i)));
      }
      return FactoryAccess::make(*this, Kind::ArrayLength, int_, {a});
    default:
      return FactoryAccess::make(*this, Kind::ArrayLength, int_, {a});
    }
  }
}

// ===================================================================== tuples

Expr ExprFactory::tuple(Type tt, std::span<const Expr> members) {
  return FactoryAccess::make(*this, Kind::TupleMake, tt, members);
}

Expr ExprFactory::tupleRead(Expr t, uint32_t k) {
  for (;;) {
    if (t->kind() == Kind::TupleMake)
      return t->child(k);
    if (t->kind() == Kind::TupleWrite) {
      if (t->aux() == k)
        return t->child(1);
      t = t->child(0);
      continue;
    }
    if (t->kind() == Kind::Ite)
      return ite(t->child(0), tupleRead(t->child(1), k), tupleRead(t->child(2), k));
    return FactoryAccess::make(*this, Kind::TupleRead, t->type()->members()[k], {t}, k);
  }
}

Expr ExprFactory::tupleWrite(Expr t, uint32_t k, Expr v) {
  if (t->kind() == Kind::TupleMake) {
    std::vector<Expr> m(t->children().begin(), t->children().end());
    m[k] = v;
    return tuple(t->type(), m);
  }
  if (t->kind() == Kind::TupleWrite && t->aux() == k)
    t = t->child(0);
  if (tupleRead(t, k) == v)
    return t;
  return FactoryAccess::make(*this, Kind::TupleWrite, t->type(), {t, v}, k);
}

// ===================================================================== unions

Expr ExprFactory::unionInject(Type ut, uint32_t k, Expr v) {
  return FactoryAccess::make(*this, Kind::UnionInject, ut, {v}, k);
}
Expr ExprFactory::unionTest(Expr u, uint32_t k) {
  if (u->kind() == Kind::UnionInject)
    return boolConst(u->aux() == k);
  return FactoryAccess::make(*this, Kind::UnionTest, bool_, {u}, k);
}
Expr ExprFactory::unionExtract(Expr u, uint32_t k) {
  if (u->kind() == Kind::UnionInject && u->aux() == k)
    return u->child(0);
  return FactoryAccess::make(*this, Kind::UnionExtract, u->type()->members()[k], {u}, k);
}

// ================================================================== functions

Expr ExprFactory::lambda(std::span<const Expr> bvs, Expr body) {
  std::vector<Type> params;
  std::vector<Expr> ch;
  for (Expr b : bvs) {
    params.push_back(b->type());
    ch.push_back(b);
  }
  ch.push_back(body);
  Type ft = functionType(params, body->type());
  return FactoryAccess::make(*this, Kind::Lambda, ft, std::span<const Expr>(ch));
}

Expr ExprFactory::apply(Expr f, std::span<const Expr> args) {
  if (f->kind() == Kind::Lambda) {
    ExprMap m;
    for (size_t i = 0; i < args.size(); ++i)
      m[f->child(uint32_t(i))] = args[i];
    return substitute(f->child(f->numChildren() - 1), m);
  }
  std::vector<Expr> ch;
  ch.push_back(f);
  ch.insert(ch.end(), args.begin(), args.end());
  return FactoryAccess::make(*this, Kind::Apply, f->type()->result(), std::span<const Expr>(ch));
}

// ==================================================================== binders

Expr ExprFactory::forall(Expr bv, Expr body) {
  if (body->kind() == Kind::BoolConst || !detail::occurs(body, bv))
    return body;
  return FactoryAccess::make(*this, Kind::Forall, bool_, {bv, body});
}
Expr ExprFactory::exists(Expr bv, Expr body) {
  if (body->kind() == Kind::BoolConst || !detail::occurs(body, bv))
    return body;
  return FactoryAccess::make(*this, Kind::Exists, bool_, {bv, body});
}

static bool concreteRange(Expr lo, Expr hi, int64_t& l, int64_t& h) {
  if (lo->kind() != Kind::NumConst || hi->kind() != Kind::NumConst)
    return false;
  auto a = lo->value().toInt64(), b = hi->value().toInt64();
  if (!a || !b)
    return false;
  l = *a;
  h = *b;
  return true;
}

Expr ExprFactory::forallRange(Expr bv, Expr lo, Expr hi, Expr body) {
  int64_t l, h;
  if (concreteRange(lo, hi, l, h) && (h <= l || uint64_t(h - l) <= opts_.expandLimit)) {
    std::vector<Expr> cs;
    for (int64_t k = l; k < h; ++k)
      cs.push_back(substitute(body, ExprMap{{bv, intConst(k)}}));
    return logicalAnd(cs);
  }
  return forall(bv, implies(logicalAnd(le(lo, bv), lt(bv, hi)), body));
}

Expr ExprFactory::existsRange(Expr bv, Expr lo, Expr hi, Expr body) {
  int64_t l, h;
  if (concreteRange(lo, hi, l, h) && (h <= l || uint64_t(h - l) <= opts_.expandLimit)) {
    std::vector<Expr> cs;
    for (int64_t k = l; k < h; ++k)
      cs.push_back(substitute(body, ExprMap{{bv, intConst(k)}}));
    return logicalOr(cs);
  }
  Expr range[3] = {le(lo, bv), lt(bv, hi), body};
  return exists(bv, logicalAnd(range));
}

Expr ExprFactory::sum(Expr lo, Expr hi, Expr f) {
  Type rt = f->type()->result();
  int64_t l, h;
  if (concreteRange(lo, hi, l, h) && (h <= l || uint64_t(h - l) <= opts_.expandLimit)) {
    std::vector<Expr> ts;
    for (int64_t k = l; k < h; ++k) {
      Expr a[1] = {intConst(k)};
      ts.push_back(apply(f, a));
    }
    if (ts.empty())
      return numConst(rt, 0);
    return add(ts);
  }
  return FactoryAccess::make(*this, Kind::Sum, rt, {lo, hi, f});
}

// ================================================================== rewriting

namespace {

/// e with each child c replaced by go(c), rebuilt only when one changed.
Expr mapChildren(ExprFactory& f, Expr e, const std::function<Expr(Expr)>& go) {
  std::vector<Expr> ch;
  ch.reserve(e->numChildren());
  bool changed = false;
  for (Expr c : e->children()) {
    Expr n = go(c);
    changed |= n != c;
    ch.push_back(n);
  }
  return changed ? f.rebuild(e, ch) : e;
}

} // namespace

Expr ExprFactory::rebuild(Expr e, std::span<const Expr> c) {
  if (std::equal(c.begin(), c.end(), e->children().begin(), e->children().end()))
    return e;
  switch (e->kind()) {
  case Kind::BoolConst:
  case Kind::NumConst:
  case Kind::RefConst:
  case Kind::Symbol:
  case Kind::BoundVar:
    return e;
  case Kind::Add:
    return add(c);
  case Kind::Mul:
    return mul(c);
  case Kind::Pow:
    return pow(c[0], uint32_t(e->aux()));
  case Kind::IntDiv:
  case Kind::RealDiv:
    return div(c[0], c[1]);
  case Kind::IntMod:
    return mod(c[0], c[1]);
  case Kind::BitOp:
    return bitOp(bitOpKind(e), bitOpWidth(e), bitOpSigned(e), c[0], c[1]);
  case Kind::IntToReal:
    return intToReal(c[0]);
  case Kind::RealToInt:
    return realToInt(c[0]);
  case Kind::CharToInt:
    return charToInt(c[0]);
  case Kind::IntToChar:
    return intToChar(c[0]);
  case Kind::Lt:
  case Kind::Le:
    return detail::makeAtom(*this, e->kind(), c[0]);
  case Kind::Eq:
    return eq(c[0], c[1]);
  case Kind::Not:
    return logicalNot(c[0]);
  case Kind::And:
    return logicalAnd(c);
  case Kind::Or:
    return logicalOr(c);
  case Kind::Ite:
    return ite(c[0], c[1], c[2]);
  case Kind::ArrayLit:
    return arrayLit(e->type(), c);
  case Kind::ArrayWrite:
    return arrayWrite(c[0], c[1], c[2]);
  case Kind::ArrayRead:
    return arrayRead(c[0], c[1]);
  case Kind::ArrayLambda:
    return arrayLambda(e->type(), c[0], c[1]);
  case Kind::ArrayLength:
    return arrayLength(c[0]);
  case Kind::TupleMake:
    return tuple(e->type(), c);
  case Kind::TupleRead:
    return tupleRead(c[0], uint32_t(e->aux()));
  case Kind::TupleWrite:
    return tupleWrite(c[0], uint32_t(e->aux()), c[1]);
  case Kind::UnionInject:
    return unionInject(e->type(), uint32_t(e->aux()), c[0]);
  case Kind::UnionTest:
    return unionTest(c[0], uint32_t(e->aux()));
  case Kind::UnionExtract:
    return unionExtract(c[0], uint32_t(e->aux()));
  case Kind::Lambda:
    return lambda(c.first(c.size() - 1), c.back());
  case Kind::Apply:
    return apply(c[0], c.subspan(1));
  case Kind::Forall:
    return forall(c[0], c[1]);
  case Kind::Exists:
    return exists(c[0], c[1]);
  case Kind::Sum:
    return sum(c[0], c[1], c[2]);
  }
  return e;
}

Expr ExprFactory::substitute(Expr root, const ExprMap& map) {
  if (map.empty())
    return root;
  // When every key is a leaf, a subexpression without leaves of the keys'
  // kinds cannot change (e.g. an array of constants when symbols are replaced).
  uint8_t keyFlags = 0;
  for (const auto& [k, v] : map) {
    uint8_t fl = k->kind() == Kind::Symbol     ? Node::kFlagSymbol
                 : k->kind() == Kind::RefConst ? Node::kFlagRef
                 : k->kind() == Kind::BoundVar ? Node::kFlagBound
                                               : 0;
    if (!fl || k->numChildren() != 0) {
      keyFlags = 0xff;
      break;
    }
    keyFlags |= fl;
  }
  std::unordered_map<Expr, Expr> memo;
  std::function<Expr(Expr)> go = [&](Expr e) -> Expr {
    if (!(e->flags() & keyFlags))
      return e;
    auto m = map.find(e);
    if (m != map.end())
      return m->second;
    if (e->numChildren() == 0)
      return e;
    auto it = memo.find(e);
    if (it != memo.end())
      return it->second;
    Expr r = mapChildren(*this, e, go);
    memo.emplace(e, r);
    return r;
  };
  return go(root);
}

// Canonical renaming. Plain first-occurrence order is not enough, because the
// order of children of commutative operators depends on the symbols' creation
// order. So every symbol first gets a role signature that ignores names: a
// name-blind "shape" hash of each node (commutative operators combine their
// children order-independently) propagated top-down as a context hash, summed
// over all occurrences. Symbols are numbered by (signature, first occurrence).
Renaming ExprFactory::canonicalRename(std::span<const Expr> exprs, std::string_view prefix) {
  Renaming out;
  auto& I = *impl_;
  // The scratch marks (Impl::seenAt, ctx, memo) of this call's epoch; the
  // nodes met below all exist now (the renamed ones are only results).
  auto fit = [&] {
    if (I.seenAt.size() >= I.count)
      return;
    size_t n = std::max<size_t>(I.count, I.seenAt.size() * 2);
    I.seenAt.resize(n, 0);
    I.ctxAt.resize(n, 0);
    I.memoAt.resize(n, 0);
    I.ctx.resize(n, 0);
    I.memo.resize(n, nullptr);
    I.shapeById.resize(n, 0);
    I.shapeKnown.resize(n, 0);
  };
  fit();
  if (++I.epoch == 0) { // (wrapped: the old stamps could match again)
    std::fill(I.seenAt.begin(), I.seenAt.end(), 0);
    std::fill(I.ctxAt.begin(), I.ctxAt.end(), 0);
    std::fill(I.memoAt.begin(), I.memoAt.end(), 0);
    I.epoch = 1;
  }
  const uint32_t ep = I.epoch;
  // Post-order (children first) over the DAG, and first-occurrence order of symbols.
  std::vector<Expr> post, symbols;
  {
    std::vector<std::pair<Expr, bool>> stack;
    for (Expr root : exprs) {
      stack.emplace_back(root, false);
      while (!stack.empty()) {
        auto [e, expanded] = stack.back();
        stack.pop_back();
        if (expanded) {
          post.push_back(e);
          continue;
        }
        if (!e->hasSymbols() || I.seenAt[e->id()] == ep)
          continue; // nothing to rename below e
        I.seenAt[e->id()] = ep;
        if (e->kind() == Kind::Symbol && !e->type()->isFunction())
          symbols.push_back(e);
        stack.emplace_back(e, true);
        for (uint32_t i = e->numChildren(); i-- > 0;)
          stack.emplace_back(e->child(i), false);
      }
    }
  }
  auto commutative = [](Kind k) {
    return k == Kind::Add || k == Kind::Mul || k == Kind::And || k == Kind::Or || k == Kind::Eq;
  };
  // A node's shape is a function of the node alone: kept across calls
  // (Impl::shapeById).
  std::vector<size_t> cs;
  for (Expr e : post) {
    if (I.shapeKnown[e->id()])
      continue;
    size_t h;
    if (e->kind() == Kind::Symbol)
      h = mix(e->type()->hash(), 0x5bd1e995);
    else if (e->numChildren() == 0)
      h = e->hash();
    else {
      h = mix(mix(size_t(e->kind()) + 77, e->type()->hash()), e->aux());
      cs.clear();
      for (Expr c : e->children()) // a child without symbols is not in `post`
        cs.push_back(c->hasSymbols() ? I.shapeById[c->id()] : c->hash());
      if (commutative(e->kind()))
        std::sort(cs.begin(), cs.end());
      for (size_t c : cs)
        h = mix(h, c);
    }
    I.shapeById[e->id()] = h;
    I.shapeKnown[e->id()] = 1;
  }
  // Context hashes (0 until first added to); only those of nodes with
  // symbols are ever read.
  auto ctxAdd = [&](Expr e, size_t v) {
    uint32_t id = e->id();
    if (I.ctxAt[id] != ep) {
      I.ctxAt[id] = ep;
      I.ctx[id] = 0;
    }
    I.ctx[id] += v;
  };
  auto ctxOf = [&](Expr e) -> size_t { return I.ctxAt[e->id()] == ep ? I.ctx[e->id()] : 0; };
  for (size_t r = 0; r < exprs.size(); ++r)
    if (exprs[r]->hasSymbols())
      ctxAdd(exprs[r], mix(0x1234567, r));
  for (size_t n = post.size(); n-- > 0;) {
    Expr e = post[n];
    size_t base = mix(ctxOf(e), I.shapeById[e->id()]);
    bool comm = commutative(e->kind());
    for (uint32_t i = 0; i < e->numChildren(); ++i)
      if (e->child(i)->hasSymbols())
        ctxAdd(e->child(i), mix(base, comm ? 0 : i + 1));
  }
  std::vector<size_t> order(symbols.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return ctxOf(symbols[a]) < ctxOf(symbols[b]); });
  ExprMap map;
  for (size_t k = 0; k < order.size(); ++k) {
    Expr old = symbols[order[k]];
    Expr n = symbol(std::string(prefix) + std::to_string(k), old->type());
    out.mapping.emplace_back(old, n);
    if (n != old)
      map.emplace(old, n);
  }
  out.exprs.reserve(exprs.size());
  if (map.empty()) {
    out.exprs.assign(exprs.begin(), exprs.end());
    return out;
  }
  // substitute(e, map), with the Bool nodes' results kept across calls
  // (Impl::renamed); the result is the same node.
  if (I.renamed.size() > Impl::kRenameBudget)
    I.renamed.clear();
  auto remember = [&](Expr e, Expr r) {
    I.memoAt[e->id()] = ep;
    I.memo[e->id()] = r;
  };
  std::vector<uint32_t> key;
  std::function<Expr(Expr)> go = [&](Expr e) -> Expr {
    if (!e->hasSymbols())
      return e;
    if (e->kind() == Kind::Symbol) {
      auto m = map.find(e);
      return m != map.end() ? m->second : e;
    }
    if (e->numChildren() == 0)
      return e;
    if (I.memoAt[e->id()] == ep)
      return I.memo[e->id()];
    bool keyed = e->type()->isBool();
    if (keyed) {
      key.clear();
      key.push_back(e->id());
      bool moved = false;
      for (Expr x : freeSymbols(e)) {
        auto m = map.find(x);
        Expr y = m != map.end() ? m->second : x;
        moved = moved || y != x;
        key.push_back(y->id());
      }
      if (!moved) {
        remember(e, e);
        return e;
      }
      auto g = I.renamed.find(key);
      if (g != I.renamed.end()) {
        remember(e, g->second);
        return g->second;
      }
    }
    std::vector<uint32_t> myKey;
    if (keyed)
      myKey = key; // (the children's lookups reuse `key`)
    Expr r = mapChildren(*this, e, go);
    remember(e, r);
    if (keyed)
      I.renamed.emplace(std::move(myKey), r);
    return r;
  };
  for (Expr e : exprs)
    out.exprs.push_back(go(e));
  return out;
}

std::span<const Expr> ExprFactory::freeSymbols(Expr root) {
  auto& I = *impl_;
  std::function<const std::vector<Expr>*(Expr)> go = [&](Expr e) -> const std::vector<Expr>* {
    const void*& slot = NodeAccess::symbols(e);
    if (slot)
      return static_cast<const std::vector<Expr>*>(slot);
    const std::vector<Expr>* res = &I.emptySet;
    if (!e->hasSymbols())
      return res;
    if (e->kind() == Kind::Symbol) {
      I.symbolSets.push_back({e});
      res = &I.symbolSets.back();
    } else if (e->numChildren() > 0) {
      const std::vector<Expr>* single = nullptr;
      std::vector<Expr> acc;
      bool multi = false;
      for (Expr c : e->children()) {
        const std::vector<Expr>* s = go(c);
        if (s->empty())
          continue;
        if (!single) {
          single = s;
          continue;
        }
        if (s == single)
          continue;
        if (!multi) {
          acc = *single;
          multi = true;
        }
        std::vector<Expr> merged;
        std::set_union(acc.begin(), acc.end(), s->begin(), s->end(), std::back_inserter(merged),
                       ExprLess());
        acc.swap(merged);
      }
      if (multi) {
        I.symbolSets.push_back(std::move(acc));
        res = &I.symbolSets.back();
      } else if (single) {
        res = single;
      }
    }
    slot = res;
    return res;
  };
  const std::vector<Expr>* s = go(root);
  return {s->data(), s->size()};
}

std::vector<Expr> ExprFactory::conjuncts(Expr e) {
  if (e->isTrue())
    return {};
  if (e->kind() == Kind::And)
    return {e->children().begin(), e->children().end()};
  return {e};
}

namespace detail {
bool occurs(Expr e, Expr bv) {
  if (e == bv)
    return true;
  std::vector<Expr> stack{e};
  std::unordered_set<Expr> seen;
  while (!stack.empty()) {
    Expr x = stack.back();
    stack.pop_back();
    if (x == bv)
      return true;
    if (x->numChildren() == 0 || !seen.insert(x).second)
      continue;
    for (Expr c : x->children())
      stack.push_back(c);
  }
  return false;
}
} // namespace detail

} // namespace chorus::sym
