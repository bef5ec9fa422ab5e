// Private to lib/exec. A semantic module plugs into the core machine: the
// core (statements, memory, the C library) knows a module only through this
// record, and modules do not know each other. Each module lives in its own
// folder (lib/exec/mpi; lib/exec/threads) and is listed once in Modules.def.
//
//   registerFunctions  adds the module's library models (Library.h)
//   onAccess           sees every read (write = false) and write of a place
//                      by a process, before it happens (e.g. MPI: buffers of
//                      pending nonblocking operations); may fail()
//   onTerminate        runs when a process's main returns normally, before
//                      the core's own termination checks (e.g. MPI: missing
//                      MPI_Finalize); may fail()
// A hook that is not needed is null.
#pragma once

#include "Machine.h"

#include <vector>

namespace chorus::exec {

class LibraryRegistry;

struct Module {
  const char* name = "";
  void (*registerFunctions)(LibraryRegistry& r) = nullptr;
  void (*onAccess)(Machine& m, const Place& pl, bool write) = nullptr;
  void (*onTerminate)(Machine& m) = nullptr;
};

/// Every module of Modules.def, in order.
const std::vector<Module>& modules();

#define CHORUS_EXEC_MODULE(fn) Module fn();
#include "Modules.def"
#undef CHORUS_EXEC_MODULE

} // namespace chorus::exec
