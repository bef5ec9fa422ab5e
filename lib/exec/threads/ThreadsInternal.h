// Private to lib/exec. The POSIX threads model (Module.h, DESIGN-NOTES.md
// "Threads"): the threads of a process live in ProcState::threads (lib/state),
// the synchronization objects in the program's own memory, in the fields of
// the model types of lib/front/headers/bits/pthreadtypes.h.
//   Threads.cpp — the module record, pthread_create/join/exit/self/equal/
//                 detach, thread attributes, the end of a thread, the
//                 description of blocked threads (lock cycles)
//   Mutex.cpp   — mutexes (normal, recursive, error-checking) and their
//                 attributes, lock misuse
//   Cond.cpp    — condition variables (signal, broadcast, spurious wake-ups)
//   Barrier.cpp — barriers
//   Semaphore.cpp — POSIX unnamed semaphores (<semaphore.h>)
//   Locks.cpp   — read-write locks, spin locks, pthread_once
//   Atomics.cpp — C11 atomics and the GCC __atomic/__sync builtins
//   Keys.cpp    — thread-specific data (pthread_key_create, ...)
//   Cancel.cpp  — deferred cancellation, cleanup handlers, the unwinding of
//                 pthread_exit
//   Races.cpp   — the accesses of a move and DATA_RACE
//   Passert.cpp — parallel assertions (seed 003): BEGIN/END, instances,
//                 their conditions after every event
#pragma once

#include "Library.h"

#include <cstdint>
#include <optional>
#include <string>

namespace chorus::exec::threads {

// errno values of glibc on Linux
constexpr int64_t kEPERM = 1;
constexpr int64_t kESRCH = 3;
constexpr int64_t kEBUSY = 16;
constexpr int64_t kEINVAL = 22;
constexpr int64_t kEDEADLK = 35;
constexpr int64_t kETIMEDOUT = 110;

/// The pthread_t of thread k of a process, and back (-1: not a thread id).
inline int64_t threadId(int k) {
  return int64_t(k) + 1;
}
inline int threadIndex(int64_t id) {
  return id >= 1 && id <= 255 ? int(id - 1) : -1;
}

/// The moving process has a thread table (entry 0: main), made on demand.
state::ProcState& withThreads(Machine& m);

/// The object of record type (pthread_mutex_t, ...) that argument i of the
/// call points to; `what` names it in messages ("mutex").
Place objectArg(Machine& m, const model::Stmt& s, size_t i, const char* what);
/// Field k of that object, read or written without counting as a program
/// access (Machine::syncAccess); reads must be concrete integers, an
/// uninitialized field is LOCK_MISUSE ("use of an uninitialized <what>").
int64_t getField(Machine& m, const Place& obj, uint32_t k, const char* what);
void setField(Machine& m, const Place& obj, uint32_t k, int64_t v);
/// "&m", "&s.lock", "heap object ..." for messages.
std::string objectName(Machine& m, const model::Stmt& s, size_t i);
/// Sets the call's result (int) and advances past the call.
Machine::Outcome done(Machine& m, const model::Transition& t, int64_t result);
/// An attribute call whose attributes are not modelled: evaluates the
/// arguments (so their errors are reported) and returns 0.
Machine::Outcome runIgnoredAttr(Machine& m, const std::string&, const model::Transition& t);
/// The resume callback of a blocking call: nothing to do (the call runs
/// again when it may proceed).
void resumeBlocked(Machine&, const std::string&, const model::Transition&, const MachineMaker&,
                   std::vector<Successor>&);

void registerThreadFunctions(LibraryRegistry& r);
void registerMutex(LibraryRegistry& r);
void registerCond(LibraryRegistry& r);
void registerPassert(LibraryRegistry& r);
void registerBarrier(LibraryRegistry& r);
void registerSemaphore(LibraryRegistry& r);
void registerLocks(LibraryRegistry& r);
void registerAtomics(LibraryRegistry& r);
void registerKeys(LibraryRegistry& r);
void registerCancel(LibraryRegistry& r);
/// The call phase of a cancellation point or pthread_exit while the
/// thread's cleanup handlers run (Cancel.cpp): its transition runs again in
/// this phase when a handler returns.
constexpr uint8_t kUnwindPhase = 200;
/// At a cancellation point of the moving thread: the outcome when it acts
/// upon a pending cancellation request (or goes on unwinding after a cleanup
/// handler returned), nothing when the call proceeds as usual.
std::optional<Machine::Outcome> cancellationPoint(Machine& m, const model::Transition& t);
/// A cancellation request of the moving thread is pending and enabled.
bool cancelDue(Machine& m);
/// The moving thread acts upon its cancellation request (its handlers run,
/// then it ends with PTHREAD_CANCELED).
Machine::Outcome actOnCancel(Machine& m, const model::Transition& t);
/// Runs the moving thread's cleanup handlers (each a call on its stack; `t`
/// runs again in kUnwindPhase after each), then ends it with value v.
Machine::Outcome unwind(Machine& m, const model::Transition& t, Expr v);
/// Runs the moving thread's next cleanup handler, if any (the outcome: the
/// handler's call; the caller's call comes back in kUnwindPhase).
std::optional<Machine::Outcome> runHandlers(Machine& m);
/// pthread_exit in the main thread (Threads.cpp).
Machine::Outcome mainExit(Machine& m, const model::Transition& t, Expr v);
/// PTHREAD_CANCELED.
Expr canceledValue(Machine& m);
/// Module::interruptMoves of the threads module: acting upon an
/// asynchronous cancellation before the thread's next statement, and the
/// unwinding after a cleanup handler of such an act returned (Cancel.cpp).
bool interruptMoves(const ProcState& ps, int thr, const model::Transition& t,
                    const std::function<Machine()>& fresh, std::vector<Successor>& out);
/// Module::onLibraryCall of the threads module: a call of a function that
/// is not async-cancel-safe with asynchronous cancelability enabled is
/// LOCK_MISUSE (Cancel.cpp).
void asyncUnsafeCall(Machine& m, const std::string& name);
/// The end of the moving thread with exit value v (byExit: pthread_exit):
/// the destructors of its thread-specific data (Keys.cpp). True: a
/// destructor was called (the thread runs it; its return comes back here);
/// false: none left, v is the thread's exit value again and its values are
/// gone.
bool tsdThreadEnd(Machine& m, Expr& v, bool byExit);
/// Element `path` of the hidden global `name` (Keys.cpp).
Place tsdPlace(Machine& m, const char* name, std::vector<Expr> path);
/// "counter", "total (a local variable of thread 0)[2]", "the heap object
/// allocated at f.c:3:5[0]": the place of an access, for messages.
std::string accessName(const model::Program& P, const Executor::Impl& im, const ProcState& ps,
                       const Access& a);
/// The access hook of the module (Module::onAccess).
void recordAccess(Machine& m, const Place& pl, bool write);

} // namespace chorus::exec::threads
