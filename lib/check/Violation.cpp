#include "chorus/check/Violation.h"

namespace chorus::check {

const char* kindName(ViolationKind k) {
  switch (k) {
  case ViolationKind::Assertion:
    return "ASSERTION";
  case ViolationKind::DivisionByZero:
    return "DIVISION_BY_ZERO";
  case ViolationKind::SignedOverflow:
    return "SIGNED_OVERFLOW";
  case ViolationKind::ShiftOutOfRange:
    return "SHIFT_OUT_OF_RANGE";
  case ViolationKind::OutOfBounds:
    return "OUT_OF_BOUNDS";
  case ViolationKind::UninitializedRead:
    return "UNINITIALIZED_READ";
  case ViolationKind::MemoryLeak:
    return "MEMORY_LEAK";
  case ViolationKind::InvalidFree:
    return "INVALID_FREE";
  case ViolationKind::DoubleFree:
    return "DOUBLE_FREE";
  case ViolationKind::UseAfterFree:
    return "USE_AFTER_FREE";
  case ViolationKind::NullDereference:
    return "NULL_DEREFERENCE";
  case ViolationKind::AbsoluteDeadlock:
    return "ABSOLUTE_DEADLOCK";
  case ViolationKind::PotentialDeadlock:
    return "POTENTIAL_DEADLOCK";
  case ViolationKind::MpiRecvMismatch:
    return "MPI_RECV_MISMATCH";
  case ViolationKind::MpiUsage:
    return "MPI_USAGE";
  case ViolationKind::CollectiveMismatch:
    return "COLLECTIVE_MISMATCH";
  case ViolationKind::Abort:
    return "ABORT";
  case ViolationKind::Format:
    return "PRINTF_FORMAT";
  case ViolationKind::MpiInvalidRank:
    return "MPI_INVALID_RANK";
  case ViolationKind::MpiInvalidTag:
    return "MPI_INVALID_TAG";
  case ViolationKind::MpiInvalidComm:
    return "MPI_INVALID_COMM";
  case ViolationKind::MpiInvalidDatatype:
    return "MPI_INVALID_DATATYPE";
  case ViolationKind::MpiInvalidOp:
    return "MPI_INVALID_OP";
  case ViolationKind::MpiInvalidCount:
    return "MPI_INVALID_COUNT";
  case ViolationKind::MpiInvalidBuffer:
    return "MPI_INVALID_BUFFER";
  case ViolationKind::MpiInvalidRequest:
    return "MPI_INVALID_REQUEST";
  case ViolationKind::MpiRootMismatch:
    return "MPI_ROOT_MISMATCH";
  case ViolationKind::MpiOpMismatch:
    return "MPI_OP_MISMATCH";
  case ViolationKind::MpiSignatureMismatch:
    return "MPI_SIGNATURE_MISMATCH";
  case ViolationKind::MpiRequestLeak:
    return "MPI_REQUEST_LEAK";
  case ViolationKind::MpiResourceLeak:
    return "MPI_RESOURCE_LEAK";
  case ViolationKind::MpiPendingMessage:
    return "MPI_PENDING_MESSAGE";
  case ViolationKind::MpiLocalConcurrency:
    return "MPI_LOCAL_CONCURRENCY";
  case ViolationKind::MpiReadyMode:
    return "MPI_READY_MODE";
  case ViolationKind::MpiInvalidArgument:
    return "MPI_INVALID_ARGUMENT";
  case ViolationKind::MpiBufferTypeMismatch:
    return "MPI_BUFFER_TYPE_MISMATCH";
  case ViolationKind::MpiActiveRequestFree:
    return "MPI_ACTIVE_REQUEST_FREE";
  case ViolationKind::CollectiveAssertion:
    return "COLLECTIVE_ASSERTION";
  case ViolationKind::CollectiveOrder:
    return "COLLECTIVE_ORDER";
  case ViolationKind::CollectiveIncomplete:
    return "COLLECTIVE_INCOMPLETE";
  case ViolationKind::OutputMismatch:
    return "OUTPUT_MISMATCH";
  case ViolationKind::Precondition:
    return "PRECONDITION";
  case ViolationKind::Postcondition:
    return "POSTCONDITION";
  case ViolationKind::Assigns:
    return "ASSIGNS";
  case ViolationKind::Behaviors:
    return "BEHAVIORS";
  case ViolationKind::LoopInvariant:
    return "LOOP_INVARIANT";
  case ViolationKind::LoopVariant:
    return "LOOP_VARIANT";
  case ViolationKind::CollectiveInvariant:
    return "COLLECTIVE_INVARIANT";
  case ViolationKind::Deadlock:
    return "DEADLOCK";
  case ViolationKind::DataRace:
    return "DATA_RACE";
  case ViolationKind::LockMisuse:
    return "LOCK_MISUSE";
  case ViolationKind::JoinMisuse:
    return "JOIN_MISUSE";
  case ViolationKind::CollectivePrecondition:
    return "COLLECTIVE_PRECONDITION";
  case ViolationKind::CollectiveConsistency:
    return "COLLECTIVE_CONSISTENCY";
  case ViolationKind::CollectivePostcondition:
    return "COLLECTIVE_POSTCONDITION";
  case ViolationKind::WaitsFor:
    return "WAITSFOR";
  case ViolationKind::UnreceivedMessage:
    return "UNRECEIVED_MESSAGE";
  case ViolationKind::SegmentBoundary:
    return "SEGMENT_BOUNDARY";
  case ViolationKind::MpiUses:
    return "MPI_USES";
  case ViolationKind::Nontermination:
    return "NONTERMINATION";
  case ViolationKind::ParallelAssertion:
    return "PARALLEL_ASSERTION";
  case ViolationKind::PossibleInvariantViolation:
    return "POSSIBLE_INVARIANT_VIOLATION";
  case ViolationKind::OutOfOrderArrival:
    return "OUT_OF_ORDER_ARRIVAL";
  case ViolationKind::ConflictingLoopExit:
    return "CONFLICTING_LOOP_EXIT";
  case ViolationKind::MpiThreadUsage:
    return "MPI_THREAD_USAGE";
  case ViolationKind::UndefinedBehavior:
    return "UNDEFINED_BEHAVIOR";
  }
  return "?";
}

std::optional<ViolationKind> kindFromName(std::string_view name) {
  // the enumerators are consecutive from 0; kindName gives "?" past the last
  for (int i = 0;; ++i) {
    const char* n = kindName(ViolationKind(i));
    if (std::string_view(n) == "?")
      return std::nullopt;
    if (name == n)
      return ViolationKind(i);
  }
}

} // namespace chorus::check
