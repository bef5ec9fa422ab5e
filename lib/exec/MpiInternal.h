// Private to lib/exec. The MPI model: handle values, datatypes, helpers
// shared by the MPI source files, and the MPI dispatch table.
//   Mpi.cpp     — handles and datatypes, Init/Finalize/Initialized/
//                 Finalized, Comm_rank/size, Abort, the dispatcher
//   MpiP2P.cpp  — point-to-point: Send/Ssend/Bsend/Rsend, Recv, Sendrecv,
//                 Get_count, message matching
//   MpiColl.cpp — collectives: arrival records per communicator, Barrier,
//                 Bcast, Reduce, Allreduce, Allgather, ..., nonblocking forms
//   MpiReq.cpp  — requests, Wait/Test, probes, Bsend buffers
//   MpiComm.cpp — communicators and groups, rank translation
// A new MPI source file defines `void registerMpiXxx(MpiTable&)`, declared
// here and called by mpiFunctions() in Mpi.cpp.
#pragma once

#include "Library.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace chorus::exec {

// ------------------------------------------------------------- handles
// MPI handle values of lib/front/headers/mpi.h: (kind << 24) | index.
constexpr int64_t mpiHandle(int kind, int index) {
  return (int64_t(kind) << 24) | index;
}
constexpr int64_t kCommWorld = mpiHandle(1, 1);
constexpr int64_t kCommSelf = mpiHandle(1, 2);
constexpr int64_t kAnySource = -1;
constexpr int64_t kAnyTag = -1;
constexpr int64_t kProcNull = -2;

// ----------------------------------------------------- datatypes (Mpi.cpp)
enum class ElemClass { Int, Real, Other };

ElemClass datatypeClass(int64_t dt);
/// MPI_INVALID_DATATYPE unless dt is a datatype handle.
void checkDatatype(Machine& m, int64_t dt);
uint64_t datatypeSize(int64_t dt);
/// The C type of the elements of datatype dt (int or double).
const model::Type* ctypeOf(Machine& m, int64_t dt);
/// Is pv a pointer to the extern object `global` (MPI_STATUS_IGNORE, MPI_IN_PLACE...)?
bool isSpecial(Machine& m, Expr pv, const char* global);
/// Checks that the buffer at pv holds elements of the class of dt.
const model::Type* bufferType(Machine& m, Expr pv, int64_t dt, ViolationKind k, int procIdx = -1);

// ----------------------------------------------- environment (Mpi.cpp)
void requireInit(Machine& m, const std::string& name);
/// The (valid) communicator handle value of comm (MPI_INVALID_COMM otherwise).
int64_t requireComm(Machine& m, Expr comm);
int64_t commSize(Machine& m, Expr comm);
/// Finishes an MPI call: result (default MPI_SUCCESS) to the lhs, advance.
Machine::Outcome mpiDone(Machine& m, const model::Transition& t, Expr result = nullptr);

// ------------------------------------------------ point-to-point (MpiP2P.cpp)
void send(Machine& m, Expr buf, Expr countE, int64_t dt, Expr destE, Expr tagE, bool sync,
          Expr commE = nullptr);
/// Indices in gs.msgs of the messages a receive may match (one per source).
std::vector<size_t> matches(Machine& m, int64_t source, int64_t tag, int64_t comm = kCommWorld);
void receive(Machine& m, size_t mi, Expr buf, Expr countE, int64_t dt, Expr status);

// ------------------------------------------- MPI objects (MpiComm.cpp)
/// A process's arrival at a collective on communicator `comm`, kept in its
/// ext value until the collective completes (blocking: then removed;
/// nonblocking: state 1 with the result, removed by the Wait of request
/// slot `req`). The k-th incomplete record of every member of a
/// communicator belongs to the same collective instance.
struct CollRec {
  int64_t comm = 0, kind = 0, root = 0, dt = 0, op = 0;
  int64_t state = 0; ///< 0 arrived, 1 complete (nonblocking, not yet waited)
  int64_t req = -1;  ///< request slot of a nonblocking collective, -1 blocking
  Expr count = nullptr, data = nullptr, recv = nullptr, result = nullptr;
};
/// The decoded ext value of a process (ProcState::mpiObj[3]): object table
/// entries [kind, handle, length, payload...] and collective records.
struct MpiExt {
  std::vector<int64_t> objs;
  std::vector<CollRec> recs;
};
MpiExt loadExt(Machine& m, int proc);
void storeExt(Machine& m, int proc, const MpiExt& x);
/// Processes of MPI_COMM_WORLD as seen by process proc.
std::vector<int> worldGroup(Machine& m, int proc);
/// Members (process indices, rank order) of comm for proc (default: the
/// moving process); MPI_INVALID_COMM unless comm is valid there.
std::vector<int> commGroup(Machine& m, int64_t comm, int proc = -1);
/// Process index of `rank` of comm (MPI_INVALID_RANK if out of range).
int rankToProc(Machine& m, int64_t comm, int64_t rank);
/// Rank of process `proc` in comm, -1 if it is not a member.
int procToRank(Machine& m, int64_t comm, int proc);
/// A communicator handle no process uses (nor in `taken`).
int64_t allocCommHandle(Machine& m, const std::vector<int64_t>& taken);
void addComm(Machine& m, int proc, int64_t handle, const std::vector<int>& members);
/// MPI_Finalize: communicators/groups/datatypes/ops never freed.
void finalizeObjectChecks(Machine& m);

// ------------------------------------------- requests (MpiReq.cpp)
/// The ext value of a process (mpiObj[3]; null when none) and its update.
Expr mpiExt(const ProcState& ps);
void setMpiExt(Machine& m, ProcState& ps, Expr ext);
/// Nonblocking collective requests: a new active request, and (MpiColl.cpp)
/// whether its collective completed / finishing it (writes the result).
size_t collRequest(Machine& m);
bool collRequestDone(Machine& m, size_t slot);
void collRequestFinish(Machine& m, size_t slot);
/// Messages a receive posted at `seq` may take: per source the earliest
/// matching one, unless an active receive request posted earlier matches it.
std::vector<size_t> eligible(Machine& m, int64_t src, int64_t tag, int64_t comm, int64_t seq);
/// Progress moves of earlier receive requests standing in the way of a
/// blocking receive with this envelope.
void blockingReceiveBlockers(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out,
                             int64_t src, int64_t tag, int64_t comm);
void checkBsend(Machine& m, Expr countE, int64_t dt);
/// A synchronous message just sent (index mi) is taken at once by the
/// earliest posted matching receive request of its destination, if any.
bool deliverToPosted(Machine& m, size_t mi);
void checkReady(Machine& m, Expr destE, Expr tagE, Expr commE);
/// MPI_INVALID_RANK unless rank is valid in comm (MPI_PROC_NULL, and
/// MPI_ANY_SOURCE for sources, allowed).
void checkRank(Machine& m, int64_t rank, Expr commE, bool source);
/// MPI_Finalize: requests left, Bsend buffer attached, messages never received.
void finalizeChecks(Machine& m);
/// Local concurrency: access to the buffer of a pending nonblocking operation.
void checkAccess(Machine& m, const Place& pl, bool write);

// ---------------------------------------------------- collectives (MpiColl.cpp)
enum class CollKind {
  None = 0,
  Barrier,
  Bcast,
  Reduce,
  Allreduce,
  Allgather,
  Gather,
  Scatter,
  Alltoall,
  Scan,
  Exscan,
  ReduceScatterBlock,
  CommDup,
  CommSplit,
  CommCreate
};

Expr packBuffer(Machine& m, Expr buf, Expr countE, int64_t dt);
const char* collName(CollKind k);
/// Arrival of the moving process at a collective on comm (root: a rank);
/// the last arrival completes it. reqSlot >= 0: nonblocking (the result is
/// kept for the Wait of that request), else the process blocks.
void arrive(Machine& m, int64_t comm, CollKind kind, int root, int dt, int op, Expr count,
            Expr data, Expr recvPtr, int64_t reqSlot = -1);
Expr reduceOp(Machine& m, int op, Expr a, Expr b);

// ------------------------------------------------------------ dispatch table
struct MpiFunction {
  LibraryRun run = nullptr;
  LibraryResume resume = nullptr; ///< for calls that may block (Library.h)
  /// Checked before run: MPI_Init was called and MPI_Finalize was not.
  bool requiresInit = true;
};

class MpiTable {
public:
  /// Registering a name twice is a programming error (std::logic_error).
  void add(const std::string& name, MpiFunction fn);
  void add(std::initializer_list<const char*> names, MpiFunction fn);
  const MpiFunction* find(const std::string& name) const;

private:
  std::unordered_map<std::string, MpiFunction> byName_;
};

void registerMpiEnv(MpiTable& t);  // Mpi.cpp
void registerMpiP2P(MpiTable& t);  // MpiP2P.cpp
void registerMpiColl(MpiTable& t); // MpiColl.cpp
void registerMpiReq(MpiTable& t);  // MpiReq.cpp
void registerMpiComm(MpiTable& t); // MpiComm.cpp

} // namespace chorus::exec
