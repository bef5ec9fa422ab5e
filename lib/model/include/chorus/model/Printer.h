// Stable, readable text form of the model (the output of `chorus dump-model`).
#pragma once

#include "chorus/model/Program.h"

#include <iosfwd>
#include <memory>
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
/// toString of many expressions and statements of one program: the display
/// names are computed once (toString computes them at every call, over all
/// variables: the engine's trace of a long run printed thousands).
class ProgramText {
public:
  explicit ProgramText(const Program& p);
  ~ProgramText();
  std::string str(const Expr* e);
  std::string str(const Stmt& s);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};
/// The whole program: types, globals, functions as graphs, annotations.
void print(std::ostream& os, const Program& p, const PrintOptions& opts = {});

} // namespace chorus::model
