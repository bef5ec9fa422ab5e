// Composition of two programs for comparative verification (seed 001 §4,
// seed 000 §4.2): the specification and the implementation as one Program
// whose processes are split into two components (Program::components). The
// two sides are kept apart by identity: the implementation's variables,
// functions, types, strings and file indices are appended after the
// specification's (ids remapped, expressions deep-copied); names are kept, so
// corresponding inputs get the same symbolic constants (the engine names an
// input's symbol after the variable or macro) and traces read naturally.
#pragma once

#include "chorus/model/Program.h"

#include <stdexcept>
#include <string>

namespace chorus::model {

/// A composition the comparison cannot accept (unmatched or mistyped inputs
/// or outputs, a missing main, spec.x naming no variable of the
/// specification). The message names both locations when there are two.
struct ComposeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Merges `spec` (moved in, its ids unchanged) and `impl`. Inputs and outputs
/// are matched by name (the macro name for macro inputs) and must have the
/// same type shape. `spec.x` in the implementation's annotations is resolved
/// to the specification's variable x (its type). Throws ComposeError.
Program compose(Program spec, const Program& impl);

/// The name an input is matched by: its macro, else its variable.
std::string inputName(const Program& p, const InputDecl& in);

/// The component whose globals range holds global index `g` (0 when `p` is
/// not a composition).
int componentOfGlobal(const Program& p, uint32_t g);
/// The component that owns function `f` (0 when `p` is not a composition).
int componentOfFunc(const Program& p, FuncId f);

} // namespace chorus::model
