// The steps of a printed trace: a counterexample is read as a sequence of
// steps, each a run of moves of one thread of one process that ends at a
// move other processes or threads can observe (exec::Step::shared), as the
// transitions of TASS and CIVL group a process's local statements. The
// moves keep their order and numbers; a step only groups them.
#pragma once

#include "chorus/exec/Executor.h"

#include <vector>

namespace chorus::search {

/// For each move of `trace`, the index of its step (0-based): a new step
/// begins at the first move, at a move of another process or thread than
/// the move before, and after a shared move.
std::vector<size_t> traceSteps(const std::vector<exec::Step>& trace);

/// The number of steps of `trace` (the last index of traceSteps plus one).
size_t countSteps(const std::vector<exec::Step>& trace);

/// Whether other processes or threads can observe the move of process `p`
/// from `before` to `sc` (exec::Step::shared): it changed the messages in
/// transit, the collective slot, the snapshot queues, the LISE records or
/// another process, released a process, produced output, accessed memory
/// other than the moving thread's own locals or a synchronization object
/// (or may depend on any move of another thread: exec::Successor::global),
/// or belongs to a move set that is not safe for the partial-order
/// reduction (`safe`: exec::ProcMoves::safe).
bool observable(const exec::GlobalState& before, const exec::Successor& sc, int p, bool safe);

} // namespace chorus::search
