// Private to lib/exec. The slots of a process's library state
// (ProcState::libObj): values the core's C library models keep between
// steps of a process. Read and written with Machine::libState /
// setLibState; a slot never written is null, and trailing null slots are
// dropped, so a process that uses none of these models has an empty libObj
// (its states are unchanged by them).
#pragma once

#include <cstddef>

namespace chorus::exec {

enum class LibSlot : size_t {
  CallResult,    ///< the value the last callback (Machine::callModel) returned
  Time,          ///< last value of time() (seconds)
  Clock,         ///< last value of clock() (ticks)
  TimeOfDay,     ///< last value of gettimeofday() (microseconds)
  Sort,          ///< progress of qsort/bsearch across comparator calls (Sort.cpp)
  AtomicSection, ///< 1 + the thread inside __VERIFIER_atomic_begin/end (threads/Atomics.cpp)
  /// MPI with threads (mpi/MpiThreads.cpp): 1 + the thread level MPI
  /// provides + 4 * the thread that initialized MPI (its main thread)
  MpiThreads,
  /// atexit handlers and destructors (Exit.cpp): a tuple (phase, f...) of
  /// function ids; phase 0 while main runs (the functions registered, in
  /// order), 1 after main returned and 2 after exit() (the functions still
  /// to run, the next one last)
  AtExit,
  /// the standard input of --stdin (File.cpp): 2 * its position + its
  /// end-of-file flag
  Stdin,
  Strtok, ///< where strtok stopped: the pointer strtok(NULL, ...) continues at
  /// last readings (nanoseconds) of clock_gettime's clocks (Env.cpp):
  /// CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
  /// CLOCK_MONOTONIC_RAW, each nondecreasing on its own
  ClockRealtime,
  ClockMonotonic,
  ClockCpu,
  ClockRaw,
  Pid,       ///< getpid()'s value for this process (Env.cpp), fixed at its first call
  ParentPid, ///< getppid()'s value, likewise
};

} // namespace chorus::exec
