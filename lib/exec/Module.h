// Private to lib/exec. A semantic module plugs into the core machine: the
// core (statements, memory, the C library) knows a module only through this
// record, and modules do not know each other. Each module lives in its own
// folder (lib/exec/mpi; lib/exec/threads) and is listed once in Modules.def.
//
//   registerFunctions  adds the module's library models (Library.h)
//   onAccess           sees every read (write = false) and write of a place
//                      by a process, before it happens (e.g. MPI: buffers of
//                      pending nonblocking operations); may fail()
//   onTerminate        runs when a process ends (main returns, exit, _Exit),
//                      before the core's own termination checks (e.g. MPI:
//                      missing MPI_Finalize); may fail()
//   onContractReturn   runs when f returns to the driver P^f of verify
//                      --contract (seed 002 §2.2: the process is done), at
//                      f's return (e.g. MPI: a request never completed);
//                      may fail()
//   contractComms      adds to the initial state ps of a process of verify
//                      --contract `count` communicators of the processes
//                      `members` (in rank order), distinct from each other
//                      and from the world (e.g. MPI: what
//                      MPI_Comm_dup(MPI_COMM_WORLD) or a split of it gives,
//                      made before f), and returns their handles
//                      (ContractDriver::commDup, ContractDriver::members)
//   commMembers        the processes of communicator `comm` of process
//                      `proc` (state ps) in rank order, of a world of
//                      nprocs processes; empty when it is not a valid
//                      communicator (verify --contract: the group of a
//                      simulated collective call)
//   contractDatatype   makes in the moving process's state a committed
//                      datatype of k contiguous elements of datatype `old`
//                      and returns its handle (verify --contract:
//                      ContractDriver::dtUnits, datatypes that differ
//                      between processes)
//   commOrigin         the communicator a communicator of process state ps
//                      was made from (transitively; itself if it was not
//                      made by the process): verify --contract's `mpi uses`
//   onFinish           runs at the end of every move, before its successor
//                      state is built (Machine::finish): normalizations the
//                      module keeps as state invariants (e.g. MPI: a
//                      synchronous message whose receive is posted and
//                      forced is matched at once); may fail()
//   plainAccesses      whether onAccess can neither fail nor record
//                      anything for the process's own accesses in state ps
//                      (e.g. MPI: no request whose buffer may be pending):
//                      fast moves (FastMoves.cpp) skip the hook only then
//   blockedMoves       moves of a process that has none of its own (blocked
//                      in a call, a collective, a synchronous send): appends
//                      successors made with `fresh` (e.g. MPI: progress of
//                      its pending receives); they are never explored alone
//                      by the partial-order reduction
//   interruptMoves     moves a thread of a process with threads may make
//                      whatever its next statement is (e.g. threads: acting
//                      upon an asynchronous cancellation); appends
//                      successors made with `fresh` (its top frame's first
//                      transition is t); returns true when they replace the
//                      thread's own moves
//   onLibraryCall      sees every call of a library model by a process,
//                      before it runs; may fail() (e.g. threads: a call
//                      that asynchronous cancellation makes undefined)
// A hook that is not needed is null.
#pragma once

#include "Machine.h"

#include <functional>
#include <vector>

namespace chorus::exec {

class LibraryRegistry;

struct Module {
  const char* name = "";
  void (*registerFunctions)(LibraryRegistry& r) = nullptr;
  void (*onAccess)(Machine& m, const Place& pl, bool write) = nullptr;
  void (*onTerminate)(Machine& m) = nullptr;
  void (*onFinish)(Machine& m) = nullptr;
  void (*blockedMoves)(Machine& m, const std::function<Machine()>& fresh,
                       std::vector<Successor>& out) = nullptr;
  bool (*plainAccesses)(const ProcState& ps) = nullptr;
  void (*onContractReturn)(Machine& m) = nullptr;
  bool (*interruptMoves)(const ProcState& ps, int thr, const model::Transition& t,
                         const std::function<Machine()>& fresh,
                         std::vector<Successor>& out) = nullptr;
  void (*onLibraryCall)(Machine& m, const std::string& name) = nullptr;
  std::vector<int64_t> (*contractComms)(sym::ExprFactory& f, ProcState& ps,
                                        const std::vector<int>& members, size_t count) = nullptr;
  int64_t (*commOrigin)(const ProcState& ps, int64_t comm) = nullptr;
  std::vector<int> (*commMembers)(const ProcState& ps, int proc, int nprocs,
                                  int64_t comm) = nullptr;
  int64_t (*contractDatatype)(Machine& m, int64_t old, int64_t k) = nullptr;
};

/// Every module of Modules.def, in order.
const std::vector<Module>& modules();

#define CHORUS_EXEC_MODULE(fn) Module fn();
#include "Modules.def"
#undef CHORUS_EXEC_MODULE

} // namespace chorus::exec
