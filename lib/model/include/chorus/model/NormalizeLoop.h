// Loop normalization for loop-invariant symbolic execution (seed 004 §2.2:
// every annotated loop has one head with two guarded exits, into the body
// and out of it).
#pragma once

#include "chorus/model/Ids.h"

namespace chorus::model {

class Program;

/// Gives the natural loop of `head` in function `f` one head whose only
/// transitions are two guarded branches without statements: into the body
/// and out of the loop. A loop that has that form already (a `while` or
/// `for` whose condition makes no call, left only by its condition) is
/// left as it is and `head` returned. Otherwise (a call in the condition,
/// `do … while`, `while (1)`, `for (;;)`, a `break`, `return` or `goto` out
/// of the body) a new head H is put before the old one:
///
///   entries of the loop  ->  X = 0  ->  H
///   H --[X == 0]-> the old head (now part of the body)
///   H --[X != 0]-> D,  D --[X == k]-> the target of exit k
///   exit k (a transition out of the body) runs its statement, then X = k,
///   then goes back to H
///
/// with X a fresh temporary (Variable::loopExitSelector: LISE never havocs
/// it; it is 0 in every iteration and k only on the way out, so its value
/// at H is the concrete one). Every exit thus passes the new head, where
/// the invariant is checked, and leaves by H's false branch. The program's
/// behaviour is unchanged (one more assignment per iteration and per exit).
/// Returns H. Transitions that end the process (no target) are left alone.
LocId normalizeLoop(Program& p, FuncId f, LocId head);

} // namespace chorus::model
