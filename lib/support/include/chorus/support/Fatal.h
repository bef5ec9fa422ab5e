// Internal errors: defects of chorus itself, met while processing a program.
// They never end chorus with a signal or an abort: an exception that is not
// a verdict (a failed internal check, std::out_of_range from .at(), a
// logic_error) becomes InternalError and the verdict `unknown (internal
// error: ...)` with exit code 2, naming the program location being executed;
// a fatal signal (a null dereference, a stack overflow, an abort inside a
// library) is caught by a handler that prints the same verdict line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

namespace chorus {

/// A defect of chorus; its message names what failed and where in the
/// program (file:line:col) chorus was when it failed.
struct InternalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The program location being executed, for the report of a fatal signal or
/// an internal error. The name is copied when `file` differs from the last
/// one noted, so it may be freed afterwards (the program is usually freed
/// before main reports an exception). Cheap (three stores and a compare):
/// the engine notes every transition it runs.
void noteExecuting(const std::string* file, uint32_t line, uint32_t col);
/// Notes that nothing is being executed: the next noteExecuting copies its
/// name even at the address of a freed one.
void forgetExecuting();
/// "file:line:col" of the last noted location, or "" when none is noted.
std::string executingWhere();

/// Handlers for SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT that print
/// "verdict: unknown (internal error: signal NAME while executing
/// file:line:col)" on standard output and exit with code 2. A stack overflow
/// is caught too: the handler runs on an alternate stack (installed for the
/// calling thread; runWithLargeStack installs one for its thread).
void installFatalSignalHandlers();

/// Appends "internal error: WHAT" as a line to the file named by the
/// environment variable CHORUS_INTERNAL_ERROR_LOG (read by
/// installFatalSignalHandlers), if set; the fatal signal handler does the
/// same. The test suite sets it and fails when the file is not empty, so a
/// defect cannot hide behind a test that accepts an `unknown` verdict.
void recordInternalError(const std::string& what);

/// Runs fn on a thread with a stack of `bytes` (deep recursion over big
/// expressions in the front end, the simplifier and the provers) and returns
/// its result. Falls back to the calling thread when no thread can be made.
int runWithLargeStack(std::size_t bytes, const std::function<int()>& fn);

/// Runs fn on a new detached thread with a stack of `bytes` (and the
/// alternate signal stack of installFatalSignalHandlers). False when no
/// thread can be made (fn is then not run).
bool startDetachedThread(std::size_t bytes, std::function<void()> fn);

/// A thread of chorus's own was given up while it still runs inside a
/// library (a prover check that does not stop at its time limit): nothing
/// may wait for it or destroy what it uses, and the process must end with
/// _Exit (static destructors of that library would run under it).
void noteAbandonedThread();
/// Was a thread given up (noteAbandonedThread)?
bool anyThreadAbandoned();

/// Test-only fault injection (CHORUS_TEST_FAULT=KIND@LINE in the
/// environment): at a transition of source line LINE the engine throws a
/// std::logic_error (KIND exception), dereferences null (segv), aborts
/// (abort) or recurses without end (overflow). Lets the tests provoke each
/// internal-error path deterministically. No effect when the variable is unset.
void injectTestFault(uint32_t line);

} // namespace chorus
