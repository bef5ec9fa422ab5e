// Path merging (lib/exec/DESIGN-NOTES.md "Merging the paths of a local
// fork"): states that differ only in scalar values of one process and in
// the path condition joined into one state.
#pragma once

#include "chorus/exec/Executor.h"

#include <optional>
#include <vector>

namespace chorus::search {

/// The states `sts` (two or more) joined into one, or nothing. They must be
/// equal except for process p's frame slots and globals holding scalar
/// values (Int, Real, Bool, without references) and for the path
/// condition, and their path conditions' own parts (the conjuncts not
/// common to all) must exclude each other (asked of the oracle). The state
/// returned has the common conjuncts and the disjunction of the own parts
/// as its path condition, and ite(own part of path i, value on path i, ...)
/// where the values differ: each of its models is one of a single path.
std::optional<exec::GlobalState>
mergeStates(exec::Executor& ex, const std::vector<const exec::GlobalState*>& sts, int p);

/// Cheap test: the states may be joined (mergeStates decides): process p
/// at the same locations, the other processes the same.
bool mergeable(const exec::GlobalState& a, const exec::GlobalState& b, int p);

} // namespace chorus::search
