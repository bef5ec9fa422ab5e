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
//   MpiTopo.cpp — process topologies, neighbourhood collectives
//   MpiPack.cpp — MPI_BYTE/MPI_PACKED data, Pack/Unpack/Pack_size
// A new MPI source file defines `void registerMpiXxx(MpiTable&)`, declared
// here and called by mpiFunctions() in Mpi.cpp.
#pragma once

#include "Library.h"

#include "chorus/model/ContractDriver.h"

#include <cstdint>
#include <optional>
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
/// A handle value as messages show it: "NULL (no handle)", "a datatype
/// handle (50331655)", "12345 (no handle)".
std::string handleText(int64_t h);
/// MPI_INVALID_ARGUMENT unless info is MPI_INFO_NULL or MPI_INFO_ENV (info
/// objects are not modelled otherwise).
void checkInfo(Machine& m, Expr info);
constexpr int64_t kCommSelf = mpiHandle(1, 2);
constexpr int64_t kAnySource = -1;
constexpr int64_t kAnyTag = -1;
constexpr int64_t kProcNull = -2;

// ----------------------------------------------------- datatypes (Mpi.cpp)
enum class ElemClass { Int, Real, Other };

ElemClass datatypeClass(int64_t dt);
/// The symbolic datatype of `verify --contract` (model::kSymbolicDatatype):
/// a basic datatype of its own (normalized code kSymbolicCode), its values
/// of the C type model::kSymbolicElement, which no other datatype
/// describes; messages of it match only receives of it. Values are moved,
/// never combined: a reduction over it is `unsupported`.
constexpr int kSymbolicIndex = 51;
constexpr int64_t kSymbolicCode = 1608;
static_assert(model::kSymbolicDatatype == (int64_t(3) << 24 | kSymbolicIndex));
/// MPI_INVALID_DATATYPE unless dt is a datatype handle.
void checkDatatype(Machine& m, int64_t dt);
uint64_t datatypeSize(int64_t dt);
/// The C type of the elements of basic datatype dt (MPI_CHAR: char, MPI_FLOAT:
/// float, ...; int or double for the others of their class).
const model::Type* ctypeOf(Machine& m, int64_t dt);
/// Is pv a pointer to the extern object `global` (MPI_STATUS_IGNORE, MPI_IN_PLACE...)?
bool isSpecial(Machine& m, Expr pv, const char* global);
/// The name of a predefined datatype ("MPI_INT"), or "a derived datatype".
const char* datatypeName(int64_t dt);
/// Does arithmetic C type t have the representation of basic datatype b
/// (class, size, signedness; _Bool for MPI_C_BOOL)?
bool representsBasic(const model::Type* t, int64_t b);
/// Checks that the buffer at pv holds elements of the C type of dt:
/// MPI_BUFFER_TYPE_MISMATCH when its type is known (not given to an untyped
/// heap block by this call) and differs; an element that is no number at
/// all is a violation of kind k.
const model::Type* bufferType(Machine& m, Expr pv, int64_t dt, ViolationKind k, int procIdx = -1);

// ------------------------------------- type maps and signatures (Mpi.cpp)
/// One entry of a type map (seed 002 §3.1): a basic datatype handle and a
/// byte displacement.
struct TypeEntry {
  int64_t basic = 0, disp = 0;
};
/// The type map of a datatype with its bounds: lb/ub (extent = ub - lb, MPI
/// 3.1 §4.1.6) and the true bounds of the bytes it touches.
struct TypeMap {
  std::vector<TypeEntry> entries;
  int64_t lb = 0, ub = 0, tlb = 0, tub = 0;
  bool committed = true;
  /// freed by MPI_Type_free while a pending operation still uses it (MPI
  /// 3.1 §4.1.9: that operation completes normally): only the completion of
  /// pending operations may use it (FreedTypesOk)
  bool freed = false;
  int64_t extent() const { return ub - lb; }
};
/// While one exists, typeMap accepts datatypes freed while in use (the
/// completion of the operations that use them).
struct FreedTypesOk {
  FreedTypesOk();
  ~FreedTypesOk();
};
/// Drops the datatypes freed while in use that no request or collective
/// record of the moving process uses any more.
void dropFreedTypes(Machine& m);
/// Whether the object table entry at `off` is a datatype freed while in use.
bool isFreedTypeEntry(const std::vector<int64_t>& objs, size_t off);
/// A datatype handle made by a type constructor (not predefined).
bool isCreatedType(int64_t dt);
/// A predefined datatype that is one basic C type (not a pair type).
bool isBasicType(int64_t dt);
/// The type map of dt in process proc (default: the moving process);
/// MPI_INVALID_DATATYPE unless dt is a predefined or live derived datatype.
TypeMap typeMap(Machine& m, int64_t dt, int proc = -1);
int64_t typeSize(Machine& m, int64_t dt, int proc = -1);
int64_t typeExtent(Machine& m, int64_t dt, int proc = -1);
/// MPI_INVALID_DATATYPE unless dt may be used in communication (committed).
void checkCommitted(Machine& m, int64_t dt, int proc = -1);
/// Run-length encoded type signature, basic types normalized by class and
/// size: [(code, repetitions)...]. Interned: equal signatures, equal ids.
using Signature = std::vector<std::pair<int64_t, int64_t>>;
Signature signatureOf(Machine& m, int64_t count, int64_t dt, int proc = -1);
int64_t sigId(const Signature& s);
const Signature& sigById(int64_t id);
int64_t sigLength(const Signature& s);
int64_t sigBytes(const Signature& s);
/// Human-readable signature ("3 x int, 1 x double").
std::string sigText(const Signature& s);
/// The datatype a message carries: the basic type when the signature is
/// homogeneous (the message count is then the number of basic values), else
/// a signature handle (3, kSigBase + id).
constexpr int64_t kSigBase = 0x800000;
int64_t messageType(Machine& m, int64_t count, int64_t dt);
Signature messageSignature(const state::Message& msg);
/// The size in bytes of msg's values (MPI_Get_count's status field): a
/// term for a message of symbolic count.
Expr messageBytes(Machine& m, const state::Message& msg);
/// The basic values of `count` elements of dt at buf + byteOff (bytes) in
/// process proc: through the type map (displacements mapped onto the typed
/// buffer: arrays of scalars, arrays of structs); a displacement that does not
/// land on an element of the right type gives `unknown`. Class mismatches of
/// the buffer are violations of kind k.
std::vector<Expr> readTyped(Machine& m, Expr buf, int64_t byteOff, int64_t count, int64_t dt,
                            ViolationKind k, int proc = -1);
/// Writes data (basic values) through the repeated type map of dt.
void writeTyped(Machine& m, Expr buf, int64_t byteOff, const std::vector<Expr>& data, int64_t dt,
                ViolationKind k, int proc = -1);
/// An ArrayLit of the values when they have one type, else a tuple.
Expr packValues(Machine& m, const std::vector<Expr>& vals);

/// The layout of a datatype in a buffer of symbolic count (a count the
/// contract of `verify --contract` leaves free, MpiP2P.cpp): every entry of
/// its type map is one basic type `basic` (MPI_BYTE included), at `disp`
/// elements of that type from the start of an element whose extent is
/// `ext` such elements.
struct SymLayout {
  int64_t basic = 0, ext = 1;
  std::vector<int64_t> disp;
  /// The entries tile the extent in order (a basic type, contiguous).
  bool gapless() const;
  /// Displacements in increasing order (the last entry is the furthest).
  bool increasing() const;
};
/// The layout of dt (in process proc) when it has one (a basic datatype,
/// MPI_BYTE, or a derived datatype of one basic type with lower bound 0,
/// displacements in [0, extent) and an extent that are multiples of its
/// size: contiguous, vector, indexed ...); none otherwise (MPI_PACKED, the
/// symbolic datatype, mixed or negative layouts).
std::optional<SymLayout> symLayout(Machine& m, int64_t dt, int proc = -1);

/// The cancelled field of the MPI_Status at st (MPI_Test_cancelled), when it
/// has one (MpiReq.cpp).
void statusCancelled(Machine& m, const Place& st, bool cancelled);
/// A source location as one integer (file, line, column), and back (-1:
/// none), for locations kept in MPI state (MpiReq.cpp).
int64_t packLoc(model::SrcLoc l);
model::SrcLoc unpackLoc(int64_t v);

// ----------------------------------------------- environment (Mpi.cpp)
void requireInit(Machine& m, const std::string& name);

// ------------------------------------------ MPI with threads (MpiThreads.cpp)
/// MPI initialized by the moving thread, providing thread level `provided`.
void mpiInitThreads(Machine& m, int64_t provided);
/// Before an MPI call `name`: MPI_THREAD_USAGE when the level forbids the
/// moving thread to call MPI.
void mpiThreadCall(Machine& m, const std::string& name, const model::Transition& t);
/// The moving thread waits inside a blocking collective on comm
/// (ProcState::collWait, Thread::collComm).
void mpiCollWaits(Machine& m, int64_t comm);
/// The instance on comm released process p: its thread waiting on comm
/// (without threads: the process) leaves.
void mpiCollEnds(Machine& m, int p, int64_t comm);
/// The (valid) communicator handle value of comm (MPI_INVALID_COMM otherwise).
int64_t requireComm(Machine& m, Expr comm);
int64_t commSize(Machine& m, Expr comm);
/// Finishes an MPI call: result (default MPI_SUCCESS) to the lhs, advance.
Machine::Outcome mpiDone(Machine& m, const model::Transition& t, Expr result = nullptr);

// ------------------------------------------------ point-to-point (MpiP2P.cpp)
void send(Machine& m, Expr buf, Expr countE, int64_t dt, Expr destE, Expr tagE, bool sync,
          Expr commE = nullptr);
/// Whether this standard-mode send (MPI_Send, MPI_Rsend, MPI_Isend,
/// MPI_Irsend, a start of MPI_Send_init/MPI_Rsend_init, the send of
/// MPI_Sendrecv) completes only at its match. MPI 3.1 §3.4: an
/// implementation may buffer a standard-mode send or not, independently for
/// each send. Absolute mode: buffered (infinite buffering). Potential mode:
/// both, as a nondeterministic choice of the move (Machine::branch; the
/// synchronous outcome first).
bool standardSendSync(Machine& m);
/// Indices in gs.msgs of the messages a receive may match (one per source).
std::vector<size_t> matches(Machine& m, int64_t source, int64_t tag, int64_t comm = kCommWorld);
void receive(Machine& m, size_t mi, Expr buf, Expr countE, int64_t dt, Expr status);

// ------------------------------------------- MPI objects (MpiComm.cpp)
/// A process's arrival at a collective on communicator `comm`, kept in its
/// ext value until the collective completes (blocking: then removed;
/// nonblocking: state 1 with the result, removed by the Wait of request
/// slot `req`). The k-th incomplete record of every member of a
/// communicator belongs to the same collective instance.
/// Record states of a collective instance not yet complete (MpiColl.cpp):
/// kArrived (waiting; returns as soon as the data it needs is there),
/// kWaitAll (waiting for every member: the synchronizing outcome of
/// potential mode), kLeft (returned early, or its nonblocking request
/// completed early: the record stays until the instance completes),
/// kReleased (nonblocking, result ready, not yet waited for). After the
/// instance: 1 (nonblocking, complete, not yet waited), 2 (user-op phases).
constexpr int64_t kArrived = 0, kWaitAll = 4, kLeft = 3, kReleased = 5;

struct CollRec {
  int64_t comm = 0, kind = 0, root = 0, dt = 0, op = 0;
  int64_t state = 0; ///< 0 arrived, 1 complete (nonblocking, not yet waited)
  int64_t req = -1;  ///< request slot of a nonblocking collective, -1 blocking
  int64_t sig = 0;   ///< signature id compared between members (0: none)
  Expr count = nullptr, data = nullptr, recv = nullptr, result = nullptr;
  Expr aux = nullptr; ///< per-kind extra arguments (v-collectives: blocks)
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
/// Adds communicator `handle` (members in rank order) to proc's table,
/// made by a collective on `parent`; its origin (kOriginKind) is the
/// parent's origin, or the parent.
void addComm(Machine& m, int proc, int64_t handle, const std::vector<int>& members, int64_t parent);
/// Object table kind of a communicator's origin: [kOriginKind, handle, 1,
/// the communicator it was made from, transitively, that was not made by
/// the process itself] (verify --contract: `mpi uses` counts a communicator
/// f makes as the one it was made from).
constexpr int64_t kOriginKind = 17;
/// The origin of communicator comm in ps (comm itself when it has none).
int64_t commOrigin(const ProcState& ps, int64_t comm);
/// Object table entries (offset of (kind, handle) in objs or -1; payload;
/// add; remove; the lowest unused local handle of a kind).
int64_t findObj(const std::vector<int64_t>& objs, int64_t kind, int64_t handle);
std::vector<int64_t> objPayload(const std::vector<int64_t>& objs, int64_t off);
void addObj(std::vector<int64_t>& objs, int64_t kind, int64_t handle,
            const std::vector<int64_t>& pl);
void removeObj(std::vector<int64_t>& objs, int64_t off);
int64_t newLocalHandle(const std::vector<int64_t>& objs, int kind);
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
/// What a pending nonblocking collective guards for the local concurrency
/// check (MPI 3.1 §5.12): until the request completes, a receive buffer may
/// not be accessed, a send buffer and the counts, displacements and
/// datatypes arrays of a v-form not written. `ranges`: element intervals
/// [lo, hi) from `buf`, in elements of the type it points to.
struct CollGuard {
  enum Role : int64_t { Recv = 0, Send = 1, Array = 2 };
  Expr buf;
  Role role;
  std::vector<std::pair<int64_t, int64_t>> ranges;
};
void collRequestGuards(Machine& m, size_t slot, const std::vector<CollGuard>& guards);
void collRequestFinish(Machine& m, size_t slot);
/// Messages a receive posted at `seq` may take: per source the earliest
/// matching one, unless an active receive request posted earlier matches it.
std::vector<size_t> eligible(Machine& m, int64_t src, int64_t tag, int64_t comm, int64_t seq);
/// Progress moves of earlier receive requests standing in the way of a
/// blocking receive with this envelope.
void blockingReceiveBlockers(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out,
                             int64_t src, int64_t tag, int64_t comm);
void checkBsend(Machine& m, Expr countE, int64_t dt);
/// The receive request of the destination of message mi that takes it if
/// it is matched now: the earliest posted active receive request whose
/// envelope matches it, when the message is eligible for it; -1 if none.
int64_t postedReceiveFor(Machine& m, size_t mi);
/// State invariant after every move (the module's onFinish): a synchronous
/// message that a posted receive request with a specific source must take
/// (the match is forced: posted order and non-overtaking leave it no other
/// receive) is matched at once, releasing its sender; so are the earlier
/// messages of its channel such requests must take first. A wildcard
/// request is never matched here (another message may still take it).
void settleSync(Machine& m);
/// Progress of a blocked process (Module::blockedMoves) while synchronous
/// messages are pending: its own synchronous message taken by a wildcard
/// receive request of the destination; its wildcard receive requests matched
/// by any eligible message while a synchronous message to it is pending.
void syncProgressMoves(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out);
void checkReady(Machine& m, Expr destE, Expr tagE, Expr commE);
/// MPI_INVALID_RANK unless rank is valid in comm (MPI_PROC_NULL, and
/// MPI_ANY_SOURCE for sources, allowed).
void checkRank(Machine& m, int64_t rank, Expr commE, bool source);
/// MPI_Finalize and receive requests freed while active (Request_free): true
/// when there are such requests; Finalize then blocks until they have taken
/// their messages (detachedProgress: one move per match; none: the process
/// stays blocked, a deadlock if the message never comes).
bool finalizeDetached(Machine& m);
/// Frees the slots of the moving process's send requests freed while active
/// (--allow-active-request-free) whose messages were received (all: every
/// one, at MPI_Finalize, which completes them).
void reapFreedSends(Machine& m, bool all);
void detachedProgress(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out);
/// MPI_Finalize: requests left, Bsend buffer attached, messages never received.
void finalizeChecks(Machine& m);
/// verify --contract: f returned to the driver P^f, after which the process
/// does nothing (seed 002 §2.2): a request of the process that is neither
/// completed nor freed is MPI_REQUEST_LEAK at f's return (its receive could
/// still write the buffer the postcondition reads, and the waitsfor check
/// takes the receive's message as heard when it matched).
void contractReturnChecks(Machine& m);
/// verify --contract: adds to the initial state ps `count` communicators of
/// the processes `members`, distinct from each other and from MPI_COMM_WORLD
/// (MpiComm.cpp; the module's contractComms hook); returns their handles.
std::vector<int64_t> contractComms(sym::ExprFactory& f, ProcState& ps,
                                   const std::vector<int>& members, size_t count);
/// The members of communicator comm of process proc (state ps) in rank
/// order, in a world of nprocs processes; empty if it is not valid.
std::vector<int> commMembers(const ProcState& ps, int proc, int nprocs, int64_t comm);
/// Local concurrency: access to the buffer of a pending nonblocking operation.
void checkAccess(Machine& m, const Place& pl, bool write);
/// The byte intervals [lo, hi) that `count` items of datatype dt touch from
/// the buffer's start, merged (one span, gaps included, beyond 256
/// intervals); empty for count <= 0 (MpiReq.cpp).
std::vector<std::pair<int64_t, int64_t>> typeBytes(Machine& m, int64_t count, int64_t dt, int proc);
/// Byte intervals from `buf` as intervals of elements of the type it points
/// to (elements of `fallbackSize` bytes when it has none); empty when the
/// buffer is null, not an object or no longer exists.
std::vector<std::pair<int64_t, int64_t>>
elementRanges(Machine& m, Expr buf, const std::vector<std::pair<int64_t, int64_t>>& bytes,
              int64_t fallbackSize, int proc);
/// The intervals [lo, hi) of elements of the buffer `buf` points to that
/// `count` (concrete) items of the derived datatype dt cover; empty when
/// unknown.
std::vector<std::pair<int64_t, int64_t>> derivedRanges(Machine& m, Expr buf, Expr countE,
                                                       int64_t dt, int proc);
/// MPI_INVALID_BUFFER when the `scount` elements of datatype sdt at sbuf
/// can share an element with the `rcount` of rdt at rbuf (MPI 3.1 §2.3:
/// an output argument is not aliased with another argument; MPI_IN_PLACE
/// is the way to use one buffer for both). Basic datatypes whose size is
/// the buffers' element size only.
void checkDisjointBuffers(Machine& m, const std::string& name, Expr sbuf, Expr scount, int64_t sdt,
                          Expr rbuf, Expr rcount, int64_t rdt);
/// No request slot of process state ps is in use (free slots only): then
/// checkAccess finds nothing for its accesses (Module::plainAccesses).
bool noRequests(const ProcState& ps);

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
  CommCreate,
  Gatherv,
  Scatterv,
  Allgatherv,
  Alltoallv,
  ReduceScatter,
  // MpiTopo.cpp: topology constructors (splits or dups of the old
  // communicator) and neighbourhood collectives
  CartCreate,
  CartSub,
  GraphCreate,
  DistGraphCreate,
  NeighborAllgather,
  NeighborAllgatherv,
  NeighborAlltoall,
  NeighborAlltoallv
};

/// A piece of a collective's result for one member: basic values written
/// through datatype dt at byte offset off of its receive buffer.
struct Seg {
  int64_t off = 0, dt = 0;
  std::vector<Expr> vals;
};

Expr packBuffer(Machine& m, Expr buf, Expr countE, int64_t dt);
/// The packed basic values of count x dt at buf + byteOff.
Expr packAt(Machine& m, Expr buf, int64_t byteOff, int64_t count, int64_t dt);
/// Signature id of count x dt (compared between the members of a collective).
int64_t collSig(Machine& m, int64_t count, int64_t dt);
const char* collName(CollKind k);
/// Arrival of the moving process at a collective on comm (root: a rank);
/// the last arrival completes it. reqSlot >= 0: nonblocking (the result is
/// kept for the Wait of that request), else the process blocks.
/// dt: the member's receive datatype (results are written through it); sig:
/// signature id compared with the other members (0: not compared); aux:
/// per-kind extra data kept in the record.
void arrive(Machine& m, int64_t comm, CollKind kind, int root, int dt, int op, Expr count,
            Expr data, Expr recvPtr, int64_t reqSlot = -1, int64_t sig = 0, Expr aux = nullptr);
Expr reduceOp(Machine& m, int op, Expr a, Expr b);
/// a op b element-wise on basic values of datatype dt (MAXLOC/MINLOC: on
/// value-index pairs). MPI_SUM and MPI_PROD on a basic integer datatype
/// compute as C does on its type: modulo 2^w for an unsigned type, a
/// SIGNED_OVERFLOW violation when a signed result is out of range.
std::vector<Expr> reduceVec(Machine& m, int op, int64_t dt, const std::vector<Expr>& a,
                            const std::vector<Expr>& b);
/// --float ieee: `acc`, the rank-order result of a floating MPI_SUM or
/// MPI_PROD over the contributions `xs`, stands when there are two of them
/// or when every order of combining gives it (every subset's result a
/// number of the type, for at most 12 numbers: nothing is rounded);
/// otherwise MPI's order (MPI 3.1 §5.9.1: the implementation's) decides
/// the last bits, and the element becomes Machine::unorderedFloat.
void orderFree(Machine& m, int op, int64_t dt, const std::vector<std::vector<Expr>>& xs,
               std::vector<Expr>& acc);
/// The symbolic user ops of `verify --contract` (model::kSymbolicOp,
/// model::kSymbolicCommOp): every operation MPI_Op_create can make with
/// that commute flag (DESIGN-NOTES "User ops in contracts").
bool isSymbolicOp(int64_t op);
/// a op b for a symbolic user op: F(a, b) with F an uninterpreted function
/// of the values' sort ("$uop.int", "$uop.real"), neither associative nor
/// commutative; the commutative op is G(min(a, b), max(a, b)) with G
/// uninterpreted ("$cop.int", "$cop.real"), which is every commutative
/// function of an ordered sort. Booleans and characters are integers.
Expr symbolicOpApply(Machine& m, int64_t op, Expr a, Expr b);

/// The arithmetic members of an object of type t (arrays of fixed length,
/// structs; x86-64 layout): byte offset, path of indices from the object,
/// type. Pointers and unions: `unknown`.
struct Leaf {
  int64_t off;
  std::vector<int64_t> path;
  const model::Type* type;
};
std::vector<Leaf> scalarLeaves(Machine& m, const model::Type* t);

// ------------------------------------------ untyped data (MpiPack.cpp)
/// MPI_BYTE and MPI_PACKED: buffers read and written as bytes.
bool isByteType(int64_t dt);
/// n bytes (0..255 when concrete) of the buffer at buf + off in process proc.
std::vector<Expr> readBytes(Machine& m, Expr buf, int64_t off, int64_t n, int proc);
void writeBytes(Machine& m, Expr buf, int64_t off, const std::vector<Expr>& bytes, int proc);
/// MPI 3.1 §4.2: a message received as MPI_PACKED becomes its bytes, a
/// packed message received with count x dt is decoded (`unknown` when its
/// bytes are not values of that signature).
void convertPacked(Machine& m, state::Message& msg, int64_t count, int64_t dt);

// ------------------------------------------------------ topologies (MpiTopo.cpp)
/// Collectives that create communicators: by color and key (split), or
/// one communicator for a group (dup, create, distributed graph).
bool splitsComm(CollKind k);
bool createsComm(CollKind k);
/// Attaches the topology encoded in a creating record's aux value (nothing
/// when null) to communicator comm of process proc.
void attachTopology(Machine& m, int proc, int64_t comm, Expr aux);
/// The topology of comm in the moving process as an aux value (null: none),
/// for MPI_Comm_dup; detachTopology: MPI_Comm_free.
Expr topologyAux(Machine& m, int64_t comm);
void detachTopology(Machine& m, int64_t comm);
/// Object-table kinds that are not resources of their own (not leaks).
bool isTopologyObject(int64_t kind);
/// MPI_Dist_graph_create_adjacent: every edge given at both ends.
void checkDistGraph(Machine& m, const std::vector<CollRec>& recs, const std::vector<int>& group);
/// The blocks each member of a neighbourhood collective receives.
std::vector<std::vector<Seg>> completeNeighbor(Machine& m, CollKind kind,
                                               const std::vector<CollRec>& recs,
                                               const std::vector<int>& group);

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

void registerMpiEnv(MpiTable& t);     // Mpi.cpp
void registerMpiP2P(MpiTable& t);     // MpiP2P.cpp
void registerMpiThreads(MpiTable& t); // MpiThreads.cpp
void registerMpiColl(MpiTable& t);    // MpiColl.cpp
void registerMpiReq(MpiTable& t);     // MpiReq.cpp
void registerMpiComm(MpiTable& t);    // MpiComm.cpp
void registerMpiType(MpiTable& t);    // Mpi.cpp: datatype constructors and queries
void registerMpiTopo(MpiTable& t);    // MpiTopo.cpp
void registerMpiPack(MpiTable& t);    // MpiPack.cpp

} // namespace chorus::exec
