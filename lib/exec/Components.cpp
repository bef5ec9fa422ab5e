// Compositions (`chorus compare`, seed 001 §4 / seed 000 §4.2): the
// processes of a composed program form components (spec, impl), each with
// its own MPI_COMM_WORLD. A move of process p is executed on the projection
// of the global state on p's component — its processes (ranks from 0), its
// messages (process numbers made local) and its collective slot — by the
// ordinary single-program machinery, then merged back. The MPI models thus
// see only their own world; the path condition is shared.
#include "Machine.h"

namespace chorus::exec {

int Executor::componentOf(int p) const {
  int base = 0;
  for (size_t c = 0; c < opts_.componentProcs.size(); ++c) {
    base += opts_.componentProcs[c];
    if (p < base)
      return int(c);
  }
  return 0;
}

int Executor::componentBase(int c) const {
  int base = 0;
  for (int k = 0; k < c && k < int(opts_.componentProcs.size()); ++k)
    base += opts_.componentProcs[k];
  return base;
}

int Executor::componentSize(int c) const {
  if (opts_.componentProcs.empty())
    return opts_.nprocs;
  return opts_.componentProcs.at(c);
}

namespace {

/// The component whose processes are inside a collective (-1: none).
int collOwner(const Executor& ex, const GlobalState& s) {
  if (s.coll.kind == 0)
    return -1;
  for (int q = 0; q < s.numProcs(); ++q)
    if (s.procs[q]->collWait)
      return ex.componentOf(q);
  return -1;
}

} // namespace

ProcMoves Executor::componentMoves(const GlobalState& s, int p) {
  int c = componentOf(p), base = componentBase(c), n = componentSize(c);
  if (opts_.sequentialComponents)
    for (int q = 0; q < base; ++q)
      if (!s.procs[q]->terminated()) {
        ProcMoves pm;
        pm.blockedAt = "until the " + prog_.components.at(componentOf(q)).name +
                       " processes terminated (sequential composition)";
        return pm;
      }
  auto inComp = [&](int q) { return q >= base && q < base + n; };
  int owner = collOwner(*this, s);
  GlobalState proj;
  proj.procs.assign(s.procs.begin() + base, s.procs.begin() + base + n);
  for (const state::Message& msg : s.msgs)
    if (inComp(msg.src)) {
      state::Message lm = msg;
      lm.src -= base;
      lm.dst -= base;
      proj.msgs.push_back(lm);
    }
  proj.pc = s.pc;
  if (owner < 0 || owner == c)
    proj.coll = s.coll;
  proj.fresh = s.fresh;

  ProcMoves pm;
  inComponent_ = true;
  try {
    pm = moves(proj, p - base);
  } catch (ViolationError& e) {
    inComponent_ = false;
    if (e.violation.proc >= 0)
      e.violation.proc += base;
    if (e.step.proc >= 0)
      e.step.proc += base;
    throw;
  } catch (...) {
    inComponent_ = false;
    throw;
  }
  inComponent_ = false;

  for (Successor& sc : pm.succs) {
    GlobalState& r = sc.state;
    GlobalState m;
    m.procs = s.procs;
    std::copy(r.procs.begin(), r.procs.end(), m.procs.begin() + base);
    // messages: grouped by component, in component order (deterministic)
    for (int k = 0; k < int(prog_.components.size()); ++k) {
      if (k == c) {
        for (state::Message msg : r.msgs) {
          msg.src += base;
          msg.dst += base;
          m.msgs.push_back(std::move(msg));
        }
        continue;
      }
      int kb = componentBase(k), kn = componentSize(k);
      for (const state::Message& msg : s.msgs)
        if (msg.src >= kb && msg.src < kb + kn)
          m.msgs.push_back(msg);
    }
    if (owner >= 0 && owner != c) {
      if (r.coll.kind != 0)
        throw Unsupported("collective operations in progress in both programs of the "
                          "composition at once (at " +
                          prog_.where(sc.step.loc) + ")");
      m.coll = s.coll;
    } else {
      m.coll = std::move(r.coll);
    }
    m.pc = r.pc;
    m.snaps = s.snaps;
    m.liseQueue = s.liseQueue; // (LISE: the records are over all components)
    m.liseStack = s.liseStack;
    m.liseAbstracted = s.liseAbstracted;
    m.touched = s.touched | r.touched;
    m.fresh = r.fresh;
    sc.step.proc += base;
    // symbols fixed by this move's fork, substituted in the other components too
    simplifyUnderPc(m, s.pc);
    r = std::move(m);
  }
  return pm;
}

} // namespace chorus::exec
