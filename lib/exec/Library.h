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

#define CHORUS_LIBRARY_MODULE(fn) void fn(LibraryRegistry& r);
#include "LibraryModules.def"
#undef CHORUS_LIBRARY_MODULE

} // namespace chorus::exec
