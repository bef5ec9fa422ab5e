#include "chorus/check/Violation.h"

namespace chorus::check {

const char* kindName(ViolationKind k) {
  switch (k) {
  case ViolationKind::Assertion:
    return "ASSERTION";
  case ViolationKind::DivisionByZero:
    return "DIVISION_BY_ZERO";
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
    return "FORMAT";
  }
  return "?";
}

} // namespace chorus::check
