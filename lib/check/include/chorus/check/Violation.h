// Violation kinds of the safety properties (seed 001 §3) and the record of
// one violation as found by the engine.
#pragma once

#include "chorus/model/Ids.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <string>

namespace chorus::check {

enum class ViolationKind {
  Assertion,
  DivisionByZero,
  SignedOverflow,  ///< a signed integer result outside its type (incl. INT_MIN / -1)
  ShiftOutOfRange, ///< a shift count negative or not below the width of the promoted operand
  OutOfBounds,
  UninitializedRead,
  MemoryLeak,
  InvalidFree,
  DoubleFree,
  UseAfterFree,
  NullDereference,
  AbsoluteDeadlock,
  PotentialDeadlock,
  MpiRecvMismatch,
  MpiUsage,
  CollectiveMismatch,
  Abort,
  Format, ///< printf family: conversions and arguments do not match (PRINTF_FORMAT)
  // MPI misuse (issue 6)
  MpiInvalidRank,
  MpiInvalidTag,
  MpiInvalidComm,
  MpiInvalidDatatype,
  MpiInvalidOp,
  MpiInvalidCount,
  MpiInvalidBuffer,
  MpiInvalidRequest,
  MpiRootMismatch,
  MpiOpMismatch,
  MpiSignatureMismatch,
  MpiRequestLeak,
  MpiResourceLeak,
  MpiPendingMessage,
  MpiLocalConcurrency,
  MpiReadyMode,
  MpiInvalidArgument,    ///< an argument invalid for the call (issue 10)
  MpiBufferTypeMismatch, ///< a buffer's C type disagrees with its MPI datatype
  MpiActiveRequestFree,  ///< MPI_Request_free of a request that is still active
  // collective assertions (issue 5, seed 000 Def. 4)
  CollectiveAssertion,
  CollectiveOrder,
  CollectiveIncomplete,
  OutputMismatch,
  // annotations (issue 9): ACSL contracts and loop annotations, collective
  // and joint loop invariants (seed 004) checked at every loop-head arrival
  Precondition,        ///< a `requires` does not hold at a call (at the call site)
  Postcondition,       ///< an `ensures` does not hold at a return
  Assigns,             ///< a location outside `assigns` / `loop assigns` changed
  Behaviors,           ///< `complete behaviors` / `disjoint behaviors` does not hold at a call
  LoopInvariant,       ///< an ACSL `loop invariant` does not hold at a loop-head arrival
  LoopVariant,         ///< a `loop variant` is negative or does not decrease
  CollectiveInvariant, ///< a collective/joint invariant does not hold on its composite state
  // threads (issue 13, lib/exec/threads)
  Deadlock,   ///< every live thread of a process is blocked (a cycle of lock waits is named)
  DataRace,   ///< conflicting accesses of two threads not ordered by happens-before
  LockMisuse, ///< unlock by a non-owner, relock of a normal mutex, destroy of a held lock
  JoinMisuse, ///< join of a thread already joined, of a detached thread
  // collective contracts (issue 11, seed 002 Def. 2.5 and 2.6), checked by
  // `verify --contract f`
  CollectivePrecondition,  ///< a simulated call's `requires` fails once every process called it
  CollectiveConsistency,   ///< processes call different collective procedures (Def. 2.2)
  CollectivePostcondition, ///< a collective `ensures` does not hold once every process returned
  WaitsFor,                ///< a process returned before a rank of its `waitsfor` set entered
  UnreceivedMessage,       ///< a message sent to a process in a segment is not received in it
  SegmentBoundary,         ///< a message sent to a process that left the segment (Def. 2.5 (3))
  MpiUses,                 ///< communication on a communicator `mpi uses` does not list
  Nontermination,          ///< a cycle of states: the collective procedure may not return
  // parallel assertions (issue 13, seed 003, lib/exec/threads/Passert.cpp)
  ParallelAssertion, ///< a live `thru { ... } passert(e)` instance's condition is false (seed 003)
  // loop-invariant symbolic execution (verify --lise, seed 004 Fig. 3)
  PossibleInvariantViolation, ///< an invariant may not hold when its record completes
  OutOfOrderArrival,          ///< a process reached another collective action than the others
  ConflictingLoopExit,        ///< processes left a collective loop on different iterations
  // MPI with threads (issue 13, MPI 3.1 §12.4, lib/exec/mpi/MpiThreads.cpp)
  MpiThreadUsage, ///< an MPI call the provided thread level forbids, or two threads' unordered
                  ///< collectives on one communicator
  // undefined behaviour that no kind above names: a builtin's contract
  // (__builtin_unreachable reached, __builtin_clz(0), a false __builtin_assume)
  UndefinedBehavior,
};

/// Upper-case name used in verdict lines, e.g. "DIVISION_BY_ZERO".
const char* kindName(ViolationKind k);
/// The kind named `name` (as kindName prints it), if any.
std::optional<ViolationKind> kindFromName(std::string_view name);

struct Violation {
  ViolationKind kind = ViolationKind::Assertion;
  model::SrcLoc loc;
  int proc = -1;       ///< the process at fault (-1: the whole program, e.g. deadlock)
  int thread = -1;     ///< its thread, in a process that created threads (-1: none)
  std::string message; ///< one line, e.g. "assertion 'x > 0' may fail"
  /// --lise: every annotation of a failed (or undecided) loop claim whose
  /// own part the prover did not prove, `loc` first (the invariant
  /// inference drops them all at once: lib/search/Infer.cpp).
  std::vector<model::SrcLoc> failing;
};

} // namespace chorus::check
