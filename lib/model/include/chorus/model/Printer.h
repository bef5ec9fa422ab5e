// Stable, readable text form of the model (the output of `chorus dump-model`).
#pragma once

#include "chorus/model/Program.h"

#include <iosfwd>
#include <string>

namespace chorus::model {

struct PrintOptions {
  bool showLibraryDecls = false; ///< list undefined (library) functions too
  std::string onlyFunction;      ///< print just this function (empty: all)
};

/// C-like rendering of an expression (annotations in their source syntax).
std::string toString(const Program& p, const Expr* e);
/// Rendering of a statement (without guard).
std::string toString(const Program& p, const Stmt& s);
/// The whole program: types, globals, functions as graphs, annotations.
void print(std::ostream& os, const Program& p, const PrintOptions& opts = {});

} // namespace chorus::model
