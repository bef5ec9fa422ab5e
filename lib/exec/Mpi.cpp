// The MPI model's base: datatypes, buffer checks, MPI_Init/Finalize and the
// environment queries, communicators, and the dispatcher of MPI_* calls to
// the table filled by the register functions of the MPI source files.
#include "MpiInternal.h"

#include "chorus/model/Printer.h"

#include <stdexcept>

namespace chorus::exec {

// ================================================================ datatypes

ElemClass datatypeClass(int64_t dt) {
  if ((dt >> 24) != 3)
    return ElemClass::Other;
  int i = int(dt & 0xffffff);
  if (i == 13 || i == 14 || i == 15 || i == 43)
    return ElemClass::Real;
  if ((i >= 1 && i <= 12) || (i >= 16 && i <= 25))
    return ElemClass::Int;
  return ElemClass::Other;
}

uint64_t datatypeSize(int64_t dt) {
  switch (dt & 0xffffff) {
  case 1:
  case 2:
  case 3:
  case 4:
  case 18:
  case 22:
    return 1;
  case 5:
  case 6:
  case 19:
  case 23:
    return 2;
  case 7:
  case 8:
  case 13:
  case 20:
  case 24:
  case 17:
    return 4;
  default:
    return 8;
  }
}

void checkDatatype(Machine& m, int64_t dt) {
  int64_t i = dt & 0xffffff;
  if ((dt >> 24) != 3 || i == 0 || (i > 50 && i < 0x1000))
    m.fail(ViolationKind::MpiInvalidDatatype,
           dt == mpiHandle(3, 0) ? std::string("MPI_DATATYPE_NULL used as a datatype")
                                 : "invalid datatype handle " + std::to_string(dt),
           m.pc());
}

const model::Type* ctypeOf(Machine& m, int64_t dt) {
  checkDatatype(m, dt);
  switch (datatypeClass(dt)) {
  case ElemClass::Int:
    return m.P.types.intType();
  case ElemClass::Real:
    return m.P.types.doubleType();
  default:
    throw Unsupported("MPI datatype " + std::to_string(dt) + " at " + m.where());
  }
}

bool isSpecial(Machine& m, Expr pv, const char* global) {
  auto p = m.V.decodePointer(pv);
  if (!p || p->root.kind != RootKind::Global)
    return false;
  return m.P.var(m.P.globals.at(p->root.b)).name == global;
}

const model::Type* bufferType(Machine& m, Expr pv, int64_t dt, ViolationKind k, int procIdx) {
  const model::Type* want = ctypeOf(m, dt);
  auto p = m.V.decodePointer(pv);
  if (p && p->root.kind == RootKind::Heap) {
    ProcState& ps = m.proc(procIdx < 0 ? m.me : procIdx);
    if (p->root.b < ps.heap.size() && !ps.heap[p->root.b].elem && !ps.heap[p->root.b].freed)
      m.typeHeap(ps, p->root.b, want);
  }
  const model::Type* et = m.elementTypeOf(pv, procIdx);
  bool ok = et && ((datatypeClass(dt) == ElemClass::Real) == (et->kind == TypeKind::Real)) &&
            et->isArithmetic();
  if (!ok)
    m.fail(k,
           "buffer of type '" + (et ? et->name : std::string("?")) +
               "' does not match the MPI datatype",
           m.pc());
  return et;
}

// ============================================================== environment

void requireInit(Machine& m, const std::string& name) {
  ProcState& ps = m.self();
  if (ps.mpi == state::MpiPhase::Before)
    m.fail(ViolationKind::MpiUsage, name + " called before MPI_Init", m.pc());
  if (ps.mpi == state::MpiPhase::Finalized)
    m.fail(ViolationKind::MpiUsage, name + " called after MPI_Finalize", m.pc());
}

int64_t requireComm(Machine& m, Expr comm) {
  int64_t c = m.requireConcrete(comm, "communicator");
  commGroup(m, c);
  return c;
}

int64_t commSize(Machine& m, Expr comm) {
  return int64_t(commGroup(m, m.requireConcrete(comm, "communicator")).size());
}

Machine::Outcome mpiDone(Machine& m, const model::Transition& t, Expr result) {
  m.setResult(t.stmt, result ? result : m.intc(0), nullptr);
  m.advance(t);
  return Machine::Outcome::Done;
}

namespace {

Machine::Outcome runInit(Machine& m, const std::string& name, const model::Transition& t) {
  ProcState& ps = m.self();
  if (ps.mpi == state::MpiPhase::Initialized)
    m.fail(ViolationKind::MpiUsage, "MPI_Init called twice", m.pc());
  if (ps.mpi == state::MpiPhase::Finalized)
    m.fail(ViolationKind::MpiUsage, "MPI_Init called after MPI_Finalize", m.pc());
  ps.mpi = state::MpiPhase::Initialized;
  return mpiDone(m, t);
}

Machine::Outcome runInitialized(Machine& m, const std::string& name, const model::Transition& t) {
  ProcState& ps = m.self();
  bool v = name == "MPI_Initialized" ? ps.mpi != state::MpiPhase::Before
                                     : ps.mpi == state::MpiPhase::Finalized;
  m.writePlace(m.placeOfPointer(m.arg(t.stmt, 0), m.P.types.intType(), m.me), m.intc(v));
  return mpiDone(m, t);
}

Machine::Outcome runFinalize(Machine& m, const std::string& name, const model::Transition& t) {
  finalizeChecks(m);
  finalizeObjectChecks(m);
  m.self().mpi = state::MpiPhase::Finalized;
  return mpiDone(m, t);
}

Machine::Outcome runCommRankSize(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t c = m.requireConcrete(m.arg(s, 0), "communicator");
  int64_t n = int64_t(commGroup(m, c).size());
  // a process calling Comm_rank on a communicator it is a member of
  Expr v = m.intc(name == "MPI_Comm_rank" ? procToRank(m, c, m.me) : n);
  m.writePlace(m.placeOfPointer(m.arg(s, 1), m.P.types.intType(), m.me), v);
  m.step.effects.push_back(m.text(s.args[1]) + " <- " + m.show(v));
  return mpiDone(m, t);
}

Machine::Outcome runInitThread(Machine& m, const std::string& name, const model::Transition& t) {
  int64_t req = m.requireConcrete(m.arg(t.stmt, 2), "required thread level");
  if (req < 0 || req > 3)
    m.fail(ViolationKind::MpiUsage, "invalid thread level " + std::to_string(req), m.pc());
  Machine::Outcome o = runInit(m, name, t);
  // the model provides MPI_THREAD_SINGLE semantics for any request: one
  // thread per process
  m.writePlace(m.placeOfPointer(m.arg(t.stmt, 3), m.P.types.intType(), m.me), m.intc(req));
  return o;
}

Machine::Outcome runAbort(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::Abort, "MPI_Abort called", m.pc());
}

} // namespace

void registerMpiEnv(MpiTable& t) {
  t.add("MPI_Init", {runInit, nullptr, false});
  t.add({"MPI_Initialized", "MPI_Finalized"}, {runInitialized, nullptr, false});
  t.add("MPI_Finalize", {runFinalize});
  t.add({"MPI_Comm_rank", "MPI_Comm_size"}, {runCommRankSize});
  t.add("MPI_Abort", {runAbort});
  t.add("MPI_Init_thread", {runInitThread, nullptr, false});
}

// ================================================================= dispatch

void MpiTable::add(const std::string& name, MpiFunction fn) {
  if (!byName_.emplace(name, fn).second)
    throw std::logic_error("MPI function '" + name + "' registered twice");
}

void MpiTable::add(std::initializer_list<const char*> names, MpiFunction fn) {
  for (const char* n : names)
    add(n, fn);
}

const MpiFunction* MpiTable::find(const std::string& name) const {
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : &it->second;
}

namespace {

const MpiTable& mpiFunctions() {
  static const MpiTable table = [] {
    MpiTable t;
    registerMpiEnv(t);
    registerMpiP2P(t);
    registerMpiColl(t);
    registerMpiReq(t);
    registerMpiComm(t);
    return t;
  }();
  return table;
}

Machine::Outcome runMpi(Machine& m, const std::string& name, const model::Transition& t) {
  const MpiFunction* fn = mpiFunctions().find(name);
  if (!fn || fn->requiresInit)
    requireInit(m, name);
  if (!fn)
    throw Unsupported("MPI function '" + name + "' is not modelled (called at " + m.where() + ")");
  return fn->run(m, name, t);
}

void resumeMpi(Machine& blocked, const std::string& name, const model::Transition& t,
               const MachineMaker& fresh, std::vector<Successor>& out) {
  const MpiFunction* fn = mpiFunctions().find(name);
  if (!fn || !fn->resume)
    throw Unsupported("blocked call of '" + name + "' cannot be resumed at " + blocked.where());
  fn->resume(blocked, name, t, fresh, out);
}

} // namespace

void registerMpi(LibraryRegistry& r) {
  r.addPrefix("MPI_", {runMpi, resumeMpi});
}

} // namespace chorus::exec
