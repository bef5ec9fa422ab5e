// Private to lib/exec. The registry of library-function models: a call of
// a function without a body is dispatched by the callee's name to the
// LibraryFunction registered under that name (or under a prefix of it, e.g.
// "MPI_" → the MPI dispatcher of mpi/Mpi.cpp, which has its own table).
//
// To model a new function: write a handler in the source file of its
// concept (or a new file), and register it in that file's register function:
//
//   static Machine::Outcome runStrlen(Machine& m, const std::string& name,
//                                     const model::Transition& t) { ...;
//     m.setResult(t.stmt, value, nullptr);
//     m.advance(t);
//     return Machine::Outcome::Done;
//   }
//   void registerStrings(LibraryRegistry& r) { r.add("strlen", {runStrlen}); }
//
// A new register function is listed once in LibraryModules.def (core) or
// called from its module's registerFunctions (Module.h).
#pragma once

#include "Machine.h"

#include <functional>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace chorus::exec {

/// Executes a call of library function `name` (transition t, a Call
/// statement) in the moving process of m. Returns Done after advancing the
/// process (m.advance(t)), Stay (the call is not finished: the process
/// stays at the call, e.g. the first phase of MPI_Sendrecv), Infeasible
/// (the move does not exist, e.g. assume(false)), or Blocked (the call
/// cannot proceed in m; its successors are computed by `resume`).
using LibraryRun = Machine::Outcome (*)(Machine& m, const std::string& name,
                                        const model::Transition& t);

/// A new machine at the state in which the call blocked, positioned at it.
using MachineMaker = std::function<Machine()>;

/// Completes a call whose `run` returned Blocked: appends one successor per
/// way the call can complete now (e.g. one per matching message), none when
/// it stays blocked. `blocked` is the machine in which `run` returned.
using LibraryResume = void (*)(Machine& blocked, const std::string& name,
                               const model::Transition& t, const MachineMaker& fresh,
                               std::vector<Successor>& out);

struct LibraryFunction {
  LibraryRun run = nullptr;
  LibraryResume resume = nullptr; ///< required when run may return Blocked
};

class LibraryRegistry {
public:
  /// Registers `name`; a name registered twice is a programming error
  /// (std::logic_error).
  void add(const std::string& name, LibraryFunction fn);
  void add(std::initializer_list<const char*> names, LibraryFunction fn);
  /// Every name starting with `prefix` that is not registered by name.
  void addPrefix(const std::string& prefix, LibraryFunction fn);
  /// The model of `name`, or nullptr when it is not modelled.
  const LibraryFunction* find(const std::string& name) const;

private:
  std::unordered_map<std::string, LibraryFunction> byName_;
  std::vector<std::pair<std::string, LibraryFunction>> byPrefix_;
};

/// All library models, registered once by the functions of LibraryModules.def.
const LibraryRegistry& libraries();

// ------------------------------------ helpers shared by the models (Stdlib.cpp)
/// free(pv): the checks of free (INVALID_FREE, DOUBLE_FREE, ...) and the
/// block freed; nothing for NULL.
void freeValue(Machine& m, Expr pv);
/// The function a function pointer argument of library call `name` points
/// to (`what` names it in messages: "comparison function"): an undefined
/// pointer is UNINITIALIZED_READ, a null one NULL_DEREFERENCE, any other
/// value than a known function `unknown`.
model::FuncId pointedFunction(Machine& m, Expr fp, const std::string& name,
                              const std::string& what);
/// The pointee type the program gives a buffer argument (through casts to
/// void*); null when only void* is known.
const model::Type* staticPointee(const model::Expr* e);
/// Element type of the buffer at argument i of s (pointer value pv), typing
/// an untyped heap block from the argument's static type (char when only
/// void* is known); `unknown` when it has none.
const model::Type* bufferElement(Machine& m, const model::Stmt& s, size_t i, Expr pv,
                                 const std::string& name);
/// A pointer to a new block owned by the C library (never a leak; free() of
/// it is INVALID_FREE) holding the C string s.
Expr libraryString(Machine& m, const std::string& s);
/// A pointer to a new block of the characters cs (a C string with its NUL):
/// owned by the C library when `external`, else the program's, as from
/// malloc (not freed, a MEMORY_LEAK).
Expr charBlock(Machine& m, const std::vector<Expr>& cs, bool external);
/// The result type library function `name` is declared with (else the type
/// of the call's left-hand side, or null).
const model::Type* declaredResult(Machine& m, const std::string& name, const model::Stmt& s);
/// A fresh symbol named prefix<k> of C type t, constrained in the path
/// condition to the range of t (integers, _Bool). Not an input: states holding
/// it are renamed canonically.
Expr freshValue(Machine& m, const std::string& prefix, const model::Type* t);

#define CHORUS_LIBRARY_MODULE(fn) void fn(LibraryRegistry& r);
#include "LibraryModules.def"
#undef CHORUS_LIBRARY_MODULE

/// An argument of a printf-like model: its value, its type, and how a
/// report names it.
struct VarArg {
  Expr value;
  const model::Type* type;
  std::string text;
};
/// The scanf family's reading of `input` from `pos` by the format `fmt`,
/// assigning through the pointers `args` (Scanf.cpp): the number of
/// assignments, or -1 (EOF) when the input ended before the first; `pos`
/// ends after the last character read, *sawEnd (when given) says whether
/// it tried to read past the end of the input (feof of a stream).
int64_t scanInput(Machine& m, const std::string& input, size_t& pos, const std::string& fmt,
                  const std::vector<VarArg>& args, const std::string& fn, bool* sawEnd = nullptr);
/// The arguments a scanf-family call `name` (its format at argument `fi`:
/// 1 after the input, 0 for scanf/vscanf) assigns through: the call's own
/// after the format, or for the v-forms those its va_list has left.
std::vector<VarArg> scanArgs(Machine& m, const model::Stmt& s, const std::string& name,
                             size_t fi = 1);
/// The exact value of a finite long double (or of a float or double
/// converted to it) (Math.cpp).
sym::Rational exactReal(long double d);
/// The value gcc gives math function `base` (sqrt, atanh, pow, ...;
/// without its suffix) in the floating type of `suffix` ('f' float, 'l'
/// long double, '\0' double) called with constant arguments xs: it folds
/// the call at compile time, correctly rounded (MPFR), when the arguments
/// and the result are finite, in the function's domain and the result is
/// representable; nothing when the call is left to run time (libm's value)
/// (GccFold.cpp). Throws Unsupported when chorus was built without MPFR.
std::optional<long double> gccFold(const std::string& base, char suffix,
                                   const std::vector<long double>& xs);
/// The output stream argument i of call `fn` (File.cpp): stdout, stderr or
/// a file opened for writing (`name` its path). A null, uninitialized or
/// closed stream is reported; stdin or a stream opened for reading is
/// `unknown`.
struct OutStream {
  enum Kind { Stdout, Stderr, File } kind;
  std::string name;
};
OutStream outputStream(Machine& m, const model::Stmt& s, size_t i, const std::string& fn);
/// The variadic arguments of a user function that va_list `ap` (a pointer
/// to it) has not yet given out (Varargs.cpp): for vprintf and the like.
std::vector<VarArg> remainingVarargs(Machine& m, Expr ap, const std::string& fn);

} // namespace chorus::exec
