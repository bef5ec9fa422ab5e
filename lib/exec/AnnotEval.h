// Private to lib/exec. Evaluation of annotation expressions by a Machine
// (Machine::annot): what every annotation language shares — quantifier-bound
// variables, \forall/\exists (TASS forall/exists) and \sum, ==> and <==>,
// \valid, \valid_read, \separated, \abs/\min/\max — and the values read, for
// traces. Annot.cpp derives the hooks for collective assertions (PROC[e].x,
// spec.x over a composite state) and for ACSL annotations of one process
// (\old, \result, parameters in the pre-state); Assigns.cpp uses the
// location sets for frame conditions.
#pragma once

#include "Machine.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace chorus::exec {

/// A set of memory locations `ptr + (lo .. hi)` (lo, hi: element offsets
/// from ptr; both null for the single location ptr).
struct PtrSet {
  Expr ptr = nullptr;
  Expr lo = nullptr, hi = nullptr;
  /// The type of the locations when the term does not say it (the elements
  /// of an `\mpi_buf`: the C type of its datatype); null: the term's pointee.
  const model::Type* elem = nullptr;
};

/// A value of the logic types of seed 002 §3.3 (MpiTerms.cpp):
/// - Buf, `\mpi_buf(base, count, dt)`: `base` a pointer into the memory of
///   process `proc`, `dt` a datatype handle (concrete);
/// - Sig, a type signature: when `code` >= 0, `len` basic values of the
///   normalized basic type `code` (every homogeneous signature, `count *
///   \mpi_sig(MPI_INT)`); else `len` repetitions of the signature `unit`
///   (an interned signature id of lib/exec/mpi);
/// - Seq, a value sequence (`*b`): `len` basic values, of which `vals` are
///   the first (at least as many as `len` may be under the path condition)
///   with their basic type codes `codes`.
struct MpiVal {
  enum class Kind { Buf, Sig, Seq } kind = Kind::Seq;
  Expr base = nullptr, count = nullptr;
  int64_t dt = 0;
  int proc = 0;
  Expr len = nullptr;
  int64_t code = -1, unit = 0;
  std::vector<Expr> vals;
  std::vector<int64_t> codes;
  /// A sequence of symbolic length (a count the path condition does not
  /// bound): element i < len is arr[i], all of basic type code `code`
  /// (vals and codes empty).
  Expr arr = nullptr;
};

/// The array of value sequence v (its elements from 0), or null for an
/// empty or heterogeneous one; its basic type code in `code` (MpiTerms.cpp).
Expr seqArray(Machine& m, const MpiVal& v, int64_t& code);

class EvalHook : public AnnotHook {
public:
  /// Values of quantifier-bound variables (constants or bound symbols).
  std::map<model::VarId, Expr> bound;
  /// Receives "expr = value" for the values read (trace display).
  std::vector<std::string>* reads = nullptr;

  std::optional<Place> place(Machine& m, const model::Expr* e) override;
  Expr value(Machine& m, const model::Expr* e) override;

  /// The locations a pointer-valued annotation term denotes: a pointer, an
  /// array (its first element), `p + (lo .. hi)`, a literal set of those.
  std::vector<PtrSet> pointerSets(Machine& m, const model::Expr* e);
  /// The pointer value of `e`; an array designates its first element.
  Expr pointerValue(Machine& m, const model::Expr* e);

  // --- seed 002 §3.3 (MpiTerms.cpp)
  /// Is t one of the logic types mpi_buf_t, mpi_sig_t, mpi_seq_t?
  static bool isMpiType(const model::Type* t);
  /// The value of a term of such a type.
  MpiVal mpiValue(Machine& m, const model::Expr* e);
  /// a == b for two signatures or two value sequences.
  Expr mpiEqual(Machine& m, const MpiVal& a, const MpiVal& b);
  /// `\mpi_reduce(out, lo, hi, op, \lambda integer t; in)`.
  Expr mpiReduce(Machine& m, const model::Expr* e);
  /// `\mpi_extent(dt)`, `\mpi_nonoverlapping(dt)`.
  Expr mpiDatatypeFact(Machine& m, const model::Expr* e);
  /// The locations of a buffer: its basic elements (count elements of a
  /// basic datatype; a derived one: the elements its extent covers when its
  /// type map has no gaps).
  std::vector<PtrSet> bufferSets(Machine& m, const MpiVal& b);

protected:
  /// \result and \old(e): not available unless a derived hook provides them.
  virtual Expr result(Machine& m, const model::Expr* e);
  virtual Expr old(Machine& m, const model::Expr* e);
  /// A concrete bound of `v` (upper: v <= k; else v >= k), or nothing: the
  /// quantifier is then kept symbolic (a bound variable).
  virtual std::optional<int64_t> concreteBound(Machine& m, Expr v, bool upper);
  /// \mpi_on(x, r) and \old(x) for x of an MPI logic type (default:
  /// Unsupported; the collective contract hook reads the other ranks).
  virtual MpiVal mpiOn(Machine& m, const model::Expr* x, Expr r, const model::Expr* whole);
  virtual MpiVal mpiOld(Machine& m, const model::Expr* e);
  /// Whether a quantifier whose range has no concrete bound may stay
  /// symbolic (false: Unsupported).
  virtual bool symbolicQuantifiers() const { return true; }
  /// Whether the clause is assumed (a simulated call's postcondition,
  /// CollectiveAt::assumed), not checked.
  virtual bool assuming() const { return false; }

  Expr read(Machine& m, const model::Expr* e);
  /// Records "e = v" in `reads` (outermost reads only).
  void noteRead(Machine& m, const model::Expr* e, Expr v);
  Expr quant(Machine& m, const model::Expr* e);
  Expr quantify(Machine& m, const model::Expr* e, size_t k, bool all);
  Expr sum(Machine& m, const model::Expr* e);
  Expr builtin(Machine& m, const model::Expr* e);
  Expr validity(Machine& m, const model::Expr* e, bool write);
  Expr separated(Machine& m, const model::Expr* e);

  int depth_ = 0;
  int64_t steps_ = 0;
};

/// ACSL annotations of one process: `now` is process 0 of the machine's
/// state; `\old(e)` (and, with `paramsOld`, the parameters of `func`) are
/// read in process `oldProc` (the pre-state), `\result` is `res`.
class LocalHook : public EvalHook {
public:
  int oldProc = -1;
  bool paramsOld = false;
  model::FuncId func = model::kNone;
  Expr res = nullptr;
  /// `\mpi_comm_rank` / `\mpi_comm_size` (rank -1: unsupported).
  int mpiRank = -1, mpiSize = 0;

  std::optional<Place> place(Machine& m, const model::Expr* e) override;
  Expr value(Machine& m, const model::Expr* e) override;

protected:
  Expr result(Machine& m, const model::Expr* e) override;
  Expr old(Machine& m, const model::Expr* e) override;

private:
  bool inOld_ = false;
};

/// A Machine for evaluating annotations of one process: process 0 of its
/// state is `now`, process 1 (when given) the pre-state `old`.
GlobalState localState(const ProcState* now, const ProcState* old, Expr pc);

} // namespace chorus::exec
