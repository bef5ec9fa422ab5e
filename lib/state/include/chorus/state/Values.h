// Value encoding: how C objects of the model are represented as symbolic
// expressions (see lib/exec/DESIGN-NOTES.md).
//
//   _Bool, char, integers, enums  -> Int (mathematical), _Bool holds 0/1
//   float, double                 -> Real (mathematical)
//   T[N], T[n], heap blocks        -> Array of the element encoding
//   struct, union                  -> Tuple of the member encodings
//   pointers                       -> Tuple "ptr"(Ref root, Array<Int> path)
//
// A pointer names a root object (RefConst whose id encodes kind and index,
// see Root) and a path of steps from the root: a field index for a record,
// an element index (possibly symbolic) for an array. The null pointer is
// root Null with an empty path. Pointer values are always built as
// TupleMake(RefConst, ArrayLit(...)) so they can be decoded structurally.
//
// "Uninitialized" is a distinguished marker per type: the application
// $undef(0) of a function symbol $undef : Int -> T. Function symbols are not
// renamed by canonicalization, so the marker survives state matching;
// hash-consing makes the test isUndef() O(1). Aggregates are initialized to
// aggregates of markers, so partially initialized structs and arrays work.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/symbolic/ExprFactory.h"

#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace chorus::state {

using sym::Expr;

enum class RootKind : uint8_t {
  Null = 0,
  Global = 1,
  Local = 2,
  Heap = 3,
  Function = 4,
  String = 5,
  /// No object: a pointer made from a non-zero integer (`(int *)16`, the
  /// MPI handles of lib/front/headers/mpi.h); see addressRoot/addressOf.
  Address = 6
};

/// A root object of a process: Global b = index into Program::globals,
/// Local (a = frame index from the bottom of the stack, b = slot in the
/// frame), Heap b = heap index, Function b = FuncId, String b = StringId,
/// Address: the integer (sign in bit 27 of a, magnitude in the other 55 bits).
/// For Local, `a` holds the thread (bits 20..27, lib/exec/threads: 0 is the
/// main thread) and the frame index in that thread's stack (bits 0..19).
struct Root {
  RootKind kind = RootKind::Null;
  uint32_t a = 0;
  uint32_t b = 0;
  bool operator==(const Root&) const = default;
  uint32_t frame() const { return a & 0xfffff; }
  uint32_t thread() const { return a >> 20; }
};

/// The frame index of a pointer to a variable of a frame that has ended
/// (Machine::endFrames): beyond every stack, so never resolved.
inline constexpr uint32_t kDeadFrame = 0xfffff;

/// The Local root of slot `slot` of frame `frame` of thread `thread`.
inline Root localRoot(uint32_t thread, uint32_t frame, uint32_t slot) {
  return Root{RootKind::Local, (thread << 20) | (frame & 0xfffff), slot};
}

uint64_t encodeRoot(Root r);
Root decodeRoot(uint64_t id);
/// The root of the pointer made from integer v (v != 0); nullopt when |v|
/// needs more than 55 bits.
std::optional<Root> addressRoot(int64_t v);
/// The integer of an Address root.
int64_t addressOf(Root r);

struct Pointer {
  Root root;
  std::vector<Expr> path;
};

class Values {
public:
  Values(const model::Program& p, sym::ExprFactory& f);

  sym::ExprFactory& factory() const { return f_; }
  const model::Program& program() const { return p_; }

  /// The symbolic type that encodes values of C type `t`.
  sym::Type symType(const model::Type* t);
  sym::Type refType() const { return ref_; }
  sym::Type ptrType() const { return ptr_; }
  sym::Type pathType() const { return path_; }

  /// The uninitialized marker of a scalar symbolic type.
  Expr undefScalar(sym::Type t);
  /// An uninitialized object of C type `t` (aggregates of markers);
  /// `lengths` gives the numbers of elements of the variable-length array
  /// types along t's chain of array element types, outermost first (`double
  /// a[n][m]`: {n, m}); an array of constant length takes no entry, and
  /// the flexible array member of a structure takes the entries left.
  Expr undef(const model::Type* t, std::span<const Expr> lengths);
  /// undef of `t` whose outermost array (only) has `length` elements.
  Expr undef(const model::Type* t, Expr length = nullptr) {
    return undef(t, std::span<const Expr>(&length, length ? 1 : 0));
  }
  /// Zero value of `t` (C's static initialization); `lengths` as for undef.
  Expr zero(const model::Type* t, std::span<const Expr> lengths);
  Expr zero(const model::Type* t, Expr length = nullptr) {
    return zero(t, std::span<const Expr>(&length, length ? 1 : 0));
  }
  bool isUndef(Expr e) const;
  /// Whether e contains an undef marker anywhere.
  bool containsUndef(Expr e);

  Expr makePointer(Root r, const std::vector<Expr>& path);
  Expr nullPointer();
  bool isPointer(Expr e) const;
  /// Decodes a pointer value; nullopt if e is not a well-formed pointer
  /// (e.g. uninitialized).
  std::optional<Pointer> decodePointer(Expr e) const;

private:
  /// The array of type `t` (symbolic type `at`) of `length` (default: t's)
  /// elements all `e`: a literal when short, else a lambda.
  Expr filled(const model::Type* t, sym::Type at, Expr e, Expr length);
  const model::Program& p_;
  sym::ExprFactory& f_;
  sym::Type ref_, path_, ptr_;
  std::unordered_map<const model::Type*, sym::Type> types_;
  std::unordered_map<sym::Type, Expr> undefs_;
  std::unordered_set<Expr> undefFns_; ///< the $undef function symbols
  std::unordered_map<Expr, bool> containsUndef_;
};

} // namespace chorus::state
