// Loop structure of a function's program graph: dominators and natural
// loops. A loop head (Location::loopHead, where loop annotations attach)
// starts the natural loop of its back edges (transitions into the head from
// a location the head dominates); the loop's body is the head and every
// location from which such a back edge is reachable without passing through
// the head. Used by the loop-annotation monitors to tell the arrival that
// enters a loop from the one that ends an iteration, and when a process has
// left the loop.
#pragma once

#include "chorus/model/Function.h"

#include <vector>

namespace chorus::model {

/// dom[l][k]: location k dominates location l (every path from the entry to
/// l passes through k). Locations unreachable from the entry dominate
/// nothing and are dominated by everything.
std::vector<std::vector<bool>> dominators(const Function& fn);

/// The locations of the natural loop of `head` (inLoop[l]); only the head
/// itself when it has no back edge.
std::vector<bool> naturalLoop(const Function& fn, LocId head);

} // namespace chorus::model
