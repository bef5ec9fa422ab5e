// Comparative verification (seed 001 §4): at every terminal state of a
// composition (model::compose) the outputs of the specification and of the
// implementation (`#pragma TASS output`, matched by name) must be equal under
// the path condition, each read on process 0 of its program. A difference is
// OUTPUT_MISMATCH; an undecided equality makes the verdict unknown.
#pragma once

#include "chorus/exec/Executor.h"

#include <string>
#include <vector>

namespace chorus::check {

class OutputMonitor {
public:
  explicit OutputMonitor(exec::Executor& ex);
  bool active() const { return !pairs_.empty(); }
  /// At a state where every process terminated. Throws exec::ViolationError.
  void terminal(const exec::GlobalState& s);

private:
  struct Pair {
    std::string name;
    uint32_t specGlobal = 0, implGlobal = 0; ///< indices into Program::globals
    const model::OutputDecl* implDecl = nullptr;
  };
  exec::Executor& ex_;
  std::vector<Pair> pairs_;
};

} // namespace chorus::check
