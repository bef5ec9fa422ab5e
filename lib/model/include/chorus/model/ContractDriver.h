// The driver P^f of a collective procedure f (seed 002 §2.2): a function
// `$contract` that every process runs instead of main. It calls f once with
// arguments held in fresh globals and stores f's result in a global. The
// engine (lib/exec) gives every global of the program and every argument a
// fresh symbolic value per process, constrained only by f's precondition;
// lib/check/CollectiveContractMonitor checks f's collective contract.
#pragma once

#include "chorus/model/Program.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace chorus::model {

struct ContractDriver {
  FuncId func = kNone;   ///< f, the collective procedure under verification
  FuncId driver = kNone; ///< `$contract`: L0 -[$result =] f(args)-> L2 -return-> exit
  /// One global per parameter of f holding the argument ("$arg.k" for
  /// parameter k); a pointer parameter points to the first element of
  /// `objects[i]`, an array of `lengths[i]` elements (both globals).
  std::vector<VarId> args;
  std::vector<VarId> objects; ///< per parameter: kNone unless a pointer
  std::vector<VarId> lengths; ///< per parameter: kNone unless a pointer
  VarId result = kNone;       ///< holds f's result (kNone for void)
  /// Per parameter: the handle an MPI_Datatype or MPI_Op parameter is bound
  /// to in this run (`handleChoice`); none for other parameters.
  std::vector<std::optional<int64_t>> handles;
  /// The globals of the program that get fresh values per process (every
  /// global defined by the program, static locals included, and the
  /// argument globals): globals declared extern (the library's) keep their
  /// values.
  std::vector<VarId> fresh;
  /// The waitsfor check (seed 002 Def. 2.5 (1)) by causality: a process
  /// returning from f must have heard (ProcState::heard) of every rank of
  /// its waitsfor set, through messages and simulated collectives; entries
  /// into f are then ordinary local moves. When the run has collectives
  /// that chorus's MPI model executes (`--mpi-model builtin`, collectives
  /// without a contract), whose completion the heard sets do not follow,
  /// or more than 62 processes, `lazyEntry` is set instead: entries into f
  /// are visible moves, taken as late as possible in every order, and the
  /// check asks whether the rank has entered.
  bool lazyEntry = false;
  /// Rank symmetry (lib/exec/DESIGN-NOTES.md "Rank symmetry"): f and its
  /// contract treat all ranks alike (model::contractRankSymmetry), so a fork
  /// over the value of a rank argument keeps, of the ranks no process has
  /// touched on the path (GlobalState::touched), only the smallest.
  bool symmetry = false;
  /// MPI_Comm parameters are bound to a communicator of all n processes
  /// that is not MPI_COMM_WORLD (as if the caller had passed
  /// MPI_Comm_dup(MPI_COMM_WORLD)) instead of MPI_COMM_WORLD itself: the
  /// CLI's second run when f also names MPI_COMM_WORLD
  /// (contractCommBinding).
  bool commDup = false;
  /// The processes of f's communicator, in rank order, when it is smaller
  /// than the world (the CLI's runs with a sub-communicator, one process
  /// count each): only they call f, the others do nothing (they start at
  /// `afterLoc`), and f's MPI_Comm parameters are bound to communicators of
  /// these processes (each its own context, as with commDup). Empty: all
  /// processes.
  std::vector<int> members;
  /// With commDup or members: a set partition of f's MPI_Comm parameters
  /// (in parameter order), commBlocks[j] the block of the j-th: the
  /// parameters of block b >= 0 are bound to one communicator of f's
  /// processes (its own context), those of block -1 to MPI_COMM_WORLD itself
  /// (only without members). Blocks are numbered 0, 1, ... without gaps.
  /// Empty: each parameter its own communicator. (The CLI's runs with
  /// several communicator parameters: every pattern of equal ones.)
  std::vector<int> commBlocks;
  /// Datatypes that differ between processes (the CLI's runs for a symbolic
  /// datatype parameter without `\mpi_agree(dt)`): dtUnits[r][i] > 1 binds
  /// parameter i (bound to kSymbolicDatatype) on process r to a committed
  /// contiguous datatype of that many elements of the symbolic datatype
  /// (its signature the symbolic one repeated); empty or 1: the symbolic
  /// datatype itself.
  std::vector<std::vector<int>> dtUnits;
  LocId callLoc = kNone;  ///< the driver's location before the call
  LocId afterLoc = kNone; ///< the driver's location after the call
};

/// Adds the driver of function `name` to `p`. Returns "" or why it cannot
/// be built: `usage` is set when the input is wrong (no such function, no
/// body, no collective contract), not when the driver does not support a
/// type of the program yet (a global or parameter type).
///
/// `handleChoice` binds the MPI_Datatype and MPI_Op parameters of f by
/// name (contractHandleParams); a `void *` parameter points to an array of
/// the C type of the datatype a `\mpi_buf(p, count, dt)` of the contract
/// gives it (dt a bound datatype parameter or a constant).
std::string addContractDriver(Program& p, const std::string& name, ContractDriver& out, bool& usage,
                              const std::map<std::string, int64_t>& handleChoice = {});

/// The MPI_Datatype and MPI_Op parameters of function `name` (name, type
/// name), in order; the CLI runs the driver once per combination of their
/// values (contractHandleValues).
std::vector<std::pair<std::string, std::string>> contractHandleParams(const Program& p,
                                                                      const std::string& name);
/// The values a parameter of type `type` ("MPI_Datatype", "MPI_Op") takes
/// in `verify --contract`: (name, handle) of MPI_INT and MPI_DOUBLE; of
/// MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN and the two symbolic user ops
/// (kSymbolicOp, kSymbolicCommOp).
std::vector<std::pair<std::string, int64_t>> contractHandleValues(const std::string& type);

/// The symbolic user-defined operations (seed 002 §3.3: "a reduction, and
/// not the reduction, because op may not be strictly commutative and
/// associative"): the handles `verify --contract` binds an MPI_Op parameter
/// of f to besides the predefined ops. Each stands for every operation
/// MPI_Op_create could make with that commute flag: an uninterpreted binary
/// function F per value sort (lib/exec/mpi `symbolicOpApply`), neither
/// associative nor, for kSymbolicOp, commutative; kSymbolicCommOp is
/// F(min(a, b), max(a, b)), every commutative function.
constexpr int64_t kSymbolicOp = (int64_t(4) << 24) | 51;
constexpr int64_t kSymbolicCommOp = (int64_t(4) << 24) | 52;

/// The symbolic datatype (seed 002 §3.3): the handle `verify --contract`
/// binds every MPI_Datatype parameter of f to when the program uses it only
/// to move data (contractDatatypeUse): it stands for every datatype, known
/// to the contract only through \mpi_sig and \mpi_extent. A `void *`
/// buffer of it is an array of kSymbolicElement, one value per element of
/// the datatype (lib/exec/mpi: a basic datatype of its own, whose values
/// no other datatype describes).
constexpr int64_t kSymbolicDatatype = (int64_t(3) << 24) | 51;
inline constexpr const char* kSymbolicElement = "$mpi_datatype_elem";
/// "" when every MPI_Datatype parameter of function `name` (and every
/// `void *` parameter a `\mpi_buf` of its contract types by one) is used
/// only to move data: as arguments of MPI calls other than type queries and
/// constructors, packing and reductions, as arguments of procedures that
/// use it so in turn, and in contracts only inside \mpi_buf, \mpi_sig,
/// \mpi_extent, \mpi_nonoverlapping and \mpi_agree. Else the first use
/// that needs a concrete C type (file:line): the datatype is then
/// enumerated (contractHandleValues).
std::string contractDatatypeUse(const Program& p, const std::string& name);

/// Whether a `requires` of function `name`'s contract has `\mpi_agree(param)`
/// as a conjunct: the runs of verify --contract give a datatype parameter
/// the same value on every process (symbolic or enumerated), which covers
/// every input only then (seed 002 App. B asks signatures to agree, which
/// datatypes that differ between processes can satisfy).
bool contractRequiresAgree(const Program& p, const std::string& name, const std::string& param);

/// "" unless function `name` has an MPI_Comm parameter and names
/// MPI_COMM_WORLD (in its body or a procedure it calls that is not
/// simulated by a contract); then where, for the CLI. The driver binds the
/// parameter to MPI_COMM_WORLD, so a call on one where the other is meant
/// (wrong for any other communicator the caller passes) is not seen: the
/// CLI runs again with the parameter bound to a duplicate of
/// MPI_COMM_WORLD (ContractDriver::commDup), and a communicator of fewer
/// processes stays not covered (`unknown`).
std::string contractCommBinding(const Program& p, const std::string& name);

/// The MPI collective operations f calls (directly or not) that have no collective
/// contract (with the App. B header: the nonblocking and neighbourhood
/// collectives, communicator and topology constructors, ...): they run with
/// chorus's own MPI model, which the verdict of `verify --contract` then
/// relies on (the CLI says so).
std::vector<std::string> uncontractedCollectives(const Program& p, FuncId f);

} // namespace chorus::model
