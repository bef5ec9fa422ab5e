// MPI with threads (MPI 3.1 §12.4): the threads of a process (lib/exec/
// threads) share its rank, its messages, requests and communicators; the
// MPI model is the same for a call from any of them, matched per
// communicator, source and tag in the order the calls happen (§12.4.2: a
// receive of one thread may take the message another thread of the same
// process was waiting for; the search explores both). What this file adds:
//   - the thread level MPI provides (LibSlot::MpiThreads: MPI_Init gives
//     MPI_THREAD_SINGLE, MPI_Init_thread what was required) and the main
//     thread, the one that initialized MPI (§12.4.3);
//   - MPI_THREAD_USAGE when a call breaks the level: under SINGLE or
//     FUNNELED a thread other than the main one calls MPI; under SERIALIZED
//     two threads can be inside MPI at once (both at an MPI call in some
//     reachable state: either may enter its call first, the other then
//     calls concurrently); at any level, two threads can call collectives
//     on one communicator at once (§12.4.2: "it is up to the user to make
//     sure the calls are correctly ordered, using interthread
//     synchronization"), since which of them matches the other processes'
//     calls is then a race;
//   - the waits after posting: each thread inside a blocking collective
//     waits on its own (Thread::collComm; ProcState::collWait while any
//     does), so two threads can be in collectives on different
//     communicators at once, each instance matched per communicator in the
//     order the process's threads enter it; a blocking synchronous send
//     (MPI_Ssend, a standard send taking the synchronous outcome, the send
//     of MPI_Sendrecv) of a thread other than main waits at its call for
//     its own message (MpiP2P.cpp, threadSendMark), so several threads of a
//     process can wait at once; main's waits after its call with
//     ProcState::syncDest, as without threads.
// The calls that ask about threads (MPI_Query_thread, MPI_Is_thread_main)
// and MPI_Initialized, MPI_Finalized, MPI_Get_version,
// MPI_Get_library_version may come from any thread at any level (they
// only read).
#include "MpiInternal.h"

#include <algorithm>
#include <cctype>

namespace chorus::exec {

namespace {

int64_t slotInt(const ProcState& ps, LibSlot k, int64_t dflt) {
  size_t i = size_t(k);
  if (i < ps.libObj.size() && ps.libObj[i] && ps.libObj[i]->kind() == sym::Kind::NumConst)
    return ps.libObj[i]->value().toInt64().value_or(dflt);
  return dflt;
}

const char* levelName(int64_t level) {
  switch (level) {
  case 0:
    return "MPI_THREAD_SINGLE";
  case 1:
    return "MPI_THREAD_FUNNELED";
  case 2:
    return "MPI_THREAD_SERIALIZED";
  default:
    return "MPI_THREAD_MULTIPLE";
  }
}

bool anyThread(const std::string& name) {
  return name == "MPI_Query_thread" || name == "MPI_Is_thread_main" || name == "MPI_Initialized" ||
         name == "MPI_Finalized" || name == "MPI_Get_version" || name == "MPI_Get_library_version";
}

/// The index of the communicator argument of collective `name`, or -1 when
/// it is not a collective (blocking: the last argument; nonblocking: the
/// one before the request).
int collectiveComm(const std::string& name, size_t nargs) {
  static const char* const kColl[] = {"Barrier",
                                      "Bcast",
                                      "Reduce",
                                      "Allreduce",
                                      "Gather",
                                      "Scatter",
                                      "Allgather",
                                      "Alltoall",
                                      "Scan",
                                      "Exscan",
                                      "Gatherv",
                                      "Scatterv",
                                      "Allgatherv",
                                      "Alltoallv",
                                      "Alltoallw",
                                      "Reduce_scatter",
                                      "Reduce_scatter_block"};
  if (name.rfind("MPI_", 0) != 0 || nargs == 0)
    return -1;
  std::string base = name.substr(4);
  bool nonblocking = false;
  if (base.size() > 1 && base[0] == 'I') { // MPI_Ibarrier, MPI_Iallreduce, ...
    std::string rest = base.substr(1);
    rest[0] = char(std::toupper((unsigned char)rest[0]));
    if (std::find(std::begin(kColl), std::end(kColl), rest) != std::end(kColl)) {
      nonblocking = true;
      base = rest;
    }
  }
  if (std::find(std::begin(kColl), std::end(kColl), base) == std::end(kColl))
    return -1;
  if (nonblocking)
    return nargs >= 2 ? int(nargs) - 2 : -1;
  return int(nargs) - 1;
}

const char* const kUnorderedColl =
    "unordered between the threads (MPI 3.1 §12.4.2: the user must order them by interthread "
    "synchronization)";

} // namespace

void mpiInitThreads(Machine& m, int64_t provided) {
  m.setLibState(LibSlot::MpiThreads, m.intc(1 + provided + 4 * int64_t(m.thr)));
}

void mpiThreadCall(Machine& m, const std::string& name, const model::Transition& t) {
  if (m.thr == 0 && m.view(m.me).threads.empty())
    return;
  if (anyThread(name) || name == "MPI_Init" || name == "MPI_Init_thread")
    return;
  int64_t v = slotInt(m.view(m.me), LibSlot::MpiThreads, 0);
  if (v <= 0)
    return; // before MPI_Init: requireInit reports it
  int64_t level = (v - 1) % 4, mainThr = (v - 1) / 4;
  if (level <= 1 && m.thr != mainThr)
    m.fail(ViolationKind::MpiThreadUsage,
           "MPI call '" + name + "' from thread " + std::to_string(m.thr) + ", but MPI provides " +
               levelName(level) + ": only the main thread (thread " + std::to_string(mainThr) +
               ", which initialized MPI) may call MPI (MPI 3.1 §12.4.3)",
           m.pc());
  // a collective on the communicator another thread waits in a collective on
  const ProcState& ps = m.view(m.me);
  int ci = collectiveComm(name, t.stmt.args.size());
  if (ci < 0 || !ps.collWait || ps.threads.empty())
    return;
  int64_t comm = m.requireConcrete(m.arg(t.stmt, size_t(ci)), "communicator");
  for (size_t w = 0; w < ps.threads.size(); ++w)
    if (int(w) != m.thr && ps.threads[w].collComm == comm)
      m.fail(ViolationKind::MpiThreadUsage,
             "thread " + std::to_string(m.thr) + " calls " + name + " while thread " +
                 std::to_string(w) +
                 " is in a collective operation on the same communicator: " + kUnorderedColl,
             m.pc());
}

void mpiCollWaits(Machine& m, int64_t comm) {
  ProcState& ps = m.self();
  ps.collWait = true;
  if (!ps.threads.empty())
    ps.threads[size_t(m.thr)].collComm = comm;
}

void mpiCollEnds(Machine& m, int p, int64_t comm) {
  ProcState& ps = m.proc(p);
  if (ps.threads.empty()) {
    ps.collWait = false;
    return;
  }
  bool any = false;
  for (state::Thread& th : ps.threads) {
    if (th.collComm == comm)
      th.collComm = -1;
    any = any || th.collComm >= 0;
  }
  ps.collWait = any;
}

namespace {

Machine::Outcome runQueryThread(Machine& m, const std::string& name, const model::Transition& t) {
  int64_t v = slotInt(m.view(m.me), LibSlot::MpiThreads, 1) - 1;
  int64_t out = name == "MPI_Query_thread" ? v % 4 : int64_t(m.thr == v / 4);
  m.writePlace(m.placeOfPointer(m.arg(t.stmt, 0), m.P.types.intType(), m.me), m.intc(out));
  return mpiDone(m, t);
}

} // namespace

void registerMpiThreads(MpiTable& t) {
  t.add({"MPI_Query_thread", "MPI_Is_thread_main"}, {runQueryThread});
}

void Executor::checkMpiThreads(const GlobalState& s, int p, const std::vector<Successor>& succs) {
  const ProcState& ps = *s.procs[size_t(p)];
  if (ps.threads.empty() || ps.mpi != state::MpiPhase::Initialized)
    return;
  int64_t v = slotInt(ps, LibSlot::MpiThreads, 0);
  if (v <= 0)
    return;
  int64_t level = (v - 1) % 4;
  // the threads at an MPI call (or waiting inside one)
  struct At {
    int thr;
    const model::Transition* t; // null: waiting after its call
    std::string name;
  };
  std::vector<At> at;
  int waiter = ps.syncDest >= 0 ? 0 : -1; // (main waits after its call; others at it)
  for (size_t t = 0; t < ps.threads.size(); ++t) {
    if (ps.threads[t].status != state::Thread::Status::Running)
      continue;
    const std::vector<Frame>& st = ps.stackOf(t);
    if (st.empty())
      continue;
    if (int(t) == waiter || insideCall(ps, t)) {
      at.push_back(At{int(t), nullptr, "an MPI call"});
      continue;
    }
    const model::Function& fn = prog_.func(st.back().func);
    for (model::TransId tid : fn.locs.at(st.back().loc).out) {
      const model::Transition& tr = fn.trans.at(tid);
      if (tr.stmt.kind != StmtKind::Call || !tr.stmt.callee ||
          tr.stmt.callee->kind != ExprKind::Func)
        continue;
      const model::Function& callee = prog_.func(tr.stmt.callee->func);
      if (callee.defined || callee.name.rfind("MPI_", 0) != 0 || anyThread(callee.name))
        continue;
      at.push_back(At{int(t), &tr, callee.name});
      break;
    }
  }
  if (at.size() < 2)
    return;
  // the violation is reported at the move of a thread entering its call
  auto report = [&](const At& a, const At& b, const std::string& why) {
    for (const Successor& sc : succs)
      if (sc.step.thread == a.thr && a.t) {
        ViolationError e;
        e.violation.kind = check::ViolationKind::MpiThreadUsage;
        e.violation.loc = sc.step.loc;
        e.violation.proc = p;
        e.violation.thread = a.thr;
        e.violation.message = "thread " + std::to_string(a.thr) + " calls " + a.name +
                              " while thread " + std::to_string(b.thr) + " may be in " + b.name +
                              (b.t ? " (at " + prog_.where(b.t->loc) + ")" : "") + ": " + why;
        e.condition = sc.state.pc;
        e.step = sc.step;
        throw e;
      }
  };
  for (size_t j = 0; j < at.size(); ++j)
    for (size_t i = 0; i < at.size(); ++i) {
      if (i == j)
        continue;
      const At &a = at[j], &b = at[i];
      if (level == 2)
        report(a, b,
               "MPI provides MPI_THREAD_SERIALIZED, which forbids MPI calls of two threads at "
               "once (MPI 3.1 §12.4.3)");
      // collectives on one communicator
      if (!a.t || !b.t)
        continue;
      int ca = collectiveComm(a.name, a.t->stmt.args.size());
      int cb = collectiveComm(b.name, b.t->stmt.args.size());
      if (ca < 0 || cb < 0)
        continue;
      Expr va = nullptr, vb = nullptr;
      try {
        Machine ma(*this, *impl_, s, p, opts_.syncSends, a.thr);
        va = ma.evalValue(a.t->stmt.args[size_t(ca)]);
        Machine mb(*this, *impl_, s, p, opts_.syncSends, b.thr);
        vb = mb.evalValue(b.t->stmt.args[size_t(cb)]);
      } catch (...) {
        continue; // (the calls report their own errors)
      }
      if (va == vb && va->kind() == sym::Kind::NumConst)
        report(a, b,
               std::string("both are collective operations on the same communicator, ") +
                   kUnorderedColl);
    }
}

} // namespace chorus::exec
