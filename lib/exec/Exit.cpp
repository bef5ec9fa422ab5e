// The end of a process: exit, _Exit, atexit, and the functions that run
// after main (C11 7.22.4, as glibc and gcc do it).
//
//  * Returning from main and calling exit() run the functions registered
//    with atexit, the last registered first (a function registered while
//    they run comes next), then the `__attribute__((destructor))` functions
//    (model::Program::destructors, in gcc's order). Each is an ordinary
//    call on the main thread's stack, so an error inside it is reported
//    there; when it returns, Machine::finishProcess runs the next one.
//  * Then the process ends: after a return from main with the end-of-run
//    checks (leaks, MPI_Finalize), after exit() with the modules' checks
//    (MPI_Finalize: an MPI process that exits without it is an abnormal
//    termination for mpirun) but no leak check: the blocks main's locals
//    pointed to are not lost (exitReclaims).
//  * _Exit ends the process at once, running nothing (the modules' checks
//    are made).
//  * Calling exit() again while they run is undefined (C11 7.22.4.4p2):
//    UNDEFINED_BEHAVIOR. atexit of a function that is not one (null, a
//    symbolic pointer) is NULL_DEREFERENCE / unknown.
// The registered functions are kept in the process's library state
// (LibSlot::AtExit); a process that registers none and a program without
// destructors keep an empty slot, so their states are unchanged.
#include "LibState.h"
#include "Library.h"

#include <algorithm>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

enum Phase : int64_t { Running = 0, AfterReturn = 1, AfterExit = 2 };

/// The members of the AtExit slot: the phase, then function ids.
std::vector<int64_t> atExitState(Machine& m) {
  std::vector<int64_t> r{Running};
  Expr st = m.libState(LibSlot::AtExit);
  if (!st)
    return r;
  r.clear();
  for (uint32_t k = 0; k < st->type()->members().size(); ++k)
    r.push_back(*m.concreteInt(m.f.tupleRead(st, k)));
  return r;
}

void setAtExitState(Machine& m, const std::vector<int64_t>& v) {
  std::vector<Expr> xs;
  std::vector<sym::Type> ts;
  for (int64_t x : v) {
    xs.push_back(m.intc(x));
    ts.push_back(m.f.intType());
  }
  m.setLibState(LibSlot::AtExit, m.f.tuple(m.f.tupleType(ts), xs));
}

Outcome runAtexit(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  model::FuncId fn = pointedFunction(m, m.arg(s, 0), name, "function");
  std::vector<int64_t> st = atExitState(m);
  st.push_back(int64_t(fn));
  setAtExitState(m, st);
  m.setResult(s, m.intc(0), declaredResult(m, name, s));
  m.advance(t);
  return Outcome::Done;
}

Outcome runExit(Machine& m, const std::string& name, const model::Transition& t) {
  m.arg(t.stmt, 0);
  m.step.effects.push_back(name);
  if (name == "_Exit")
    m.terminate(false);
  else
    m.finishProcess(true);
  return Outcome::Done;
}

} // namespace

void Machine::finishProcess(bool viaExit) {
  std::vector<int64_t> st = atExitState(*this);
  if (st[0] == Running) {
    if (st.size() == 1 && P.destructors.empty()) { // nothing registered
      terminate(!viaExit);
      return;
    }
    // the functions to run, the next one last: the destructors (of this
    // process's component of a composition) under the atexit handlers
    std::vector<int64_t> todo{viaExit ? AfterExit : AfterReturn};
    int comp = P.components.empty() ? -1 : ex.componentOf(me);
    for (size_t k = P.destructors.size(); k-- > 0;) {
      model::FuncId d = P.destructors[k];
      if (comp < 0 ||
          (d >= P.components[size_t(comp)].funcsBegin && d < P.components[size_t(comp)].funcsEnd))
        todo.push_back(int64_t(d));
    }
    todo.insert(todo.end(), st.begin() + 1, st.end());
    st = std::move(todo);
  } else if (viaExit) {
    fail(ViolationKind::UndefinedBehavior,
         "exit() called while the atexit handlers and destructors run (the program calls exit "
         "twice)",
         pc());
  }
  if (thr != 0)
    throw Unsupported("exit() in a thread other than main with atexit handlers or destructors "
                      "to run at " +
                      where());
  std::vector<uint32_t> lost;
  if (viaExit)
    lost = lostBlocks();
  self().stack.clear();
  if (viaExit)
    exitReclaims(lost);
  if (st.size() == 1) { // all have run
    setAtExitState(*this, st);
    terminate(st[0] == AfterReturn);
    return;
  }
  model::FuncId next = model::FuncId(st.back());
  st.pop_back();
  setAtExitState(*this, st);
  if (!quiet)
    step.effects.push_back("calls " + P.func(next).name + " (at exit)");
  pushFrame(next, {}, nullptr);
}

std::vector<uint32_t> Machine::lostBlocks() {
  // the lowering's temporaries are not the program's variables: one still
  // holding malloc's result does not keep a block the program lost
  ProcState ps = self();
  auto strip = [&](std::vector<Frame>& stack) {
    for (Frame& fr : stack)
      for (size_t k = 0; k < fr.slots.size(); ++k)
        if (P.var(im.slotVar[fr.func][k]).kind == model::VarKind::Temp)
          fr.slots[k] = nullptr;
  };
  strip(ps.stack);
  for (state::Thread& t : ps.threads)
    strip(t.stack);
  return state::unreachableHeap(ps, V);
}

void Machine::exitReclaims(const std::vector<uint32_t>& lost) {
  // exit() does not end main's block: the objects its locals point to are
  // not lost, the system reclaims them (a leak checker reports them as
  // still reachable). Blocks only the cleared stack reached are the
  // library's from now on: never a leak (the program cannot free them).
  // Blocks already unreachable before (`lost`) stay leaks.
  ProcState& ps = self();
  for (uint32_t h : state::unreachableHeap(ps, V))
    if (!ps.heap[h].freed && std::find(lost.begin(), lost.end(), h) == lost.end())
      ps.heap[h].external = true;
}

void registerExit(LibraryRegistry& r) {
  r.add("atexit", {runAtexit});
  r.add({"exit", "_Exit"}, {runExit});
}

} // namespace chorus::exec
