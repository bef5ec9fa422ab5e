// A whole C program as the verifier sees it: types, variables, functions as
// program graphs, string literals, and annotations. Knows nothing of Clang.
#pragma once

#include "chorus/model/Annotation.h"
#include "chorus/model/Expr.h"
#include "chorus/model/Function.h"
#include "chorus/model/Ids.h"
#include "chorus/model/Stmt.h"
#include "chorus/model/Type.h"
#include "chorus/model/Variable.h"

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace chorus::model {

/// Name of the synthetic function that initializes globals and static locals;
/// the engine runs it in every process before main.
inline constexpr const char* kInitFunction = "$init";

/// One program of a composition (model::compose, `chorus compare`): its
/// processes run `main` (after `init`) with their own MPI_COMM_WORLD; its
/// globals are Program::globals[globalsBegin, globalsEnd) and its functions
/// funcs[funcsBegin, funcsEnd).
struct Component {
  std::string name; ///< "spec" or "impl"
  FuncId main = kNone;
  FuncId init = kNone;
  uint32_t globalsBegin = 0, globalsEnd = 0;
  uint32_t funcsBegin = 0, funcsEnd = 0;
};

class Program {
public:
  TypeTable types;
  std::vector<std::string> files;   ///< source files, indexed by SrcLoc::file
  std::vector<std::string> strings; ///< string literal contents (without NUL)
  std::vector<Variable> vars;       ///< all variables, indexed by VarId
  std::vector<VarId> globals;       ///< globals and static locals, in order
  std::vector<Function> funcs;      ///< indexed by FuncId

  std::vector<InputDecl> inputs;
  std::vector<OutputDecl> outputs;
  std::vector<CollectiveAnnot> collectives;
  std::vector<Contract> contracts;
  std::vector<LoopAnnot> loops;
  std::vector<ParallelAssert> passerts;
  /// `__attribute__((destructor))` functions, in the order they run after
  /// the atexit handlers when main returns or exit() is called.
  std::vector<FuncId> destructors;
  /// Object-like macros the front end saw, with their spelling (for reports
  /// and for `--input NAME=VALUE` on macros).
  std::map<std::string, std::string> macros;
  /// Empty for an ordinary program; two entries (spec, impl) for a composition.
  std::vector<Component> components;

  // --- construction ----------------------------------------------------------
  /// Allocates an expression node owned by the program.
  const Expr* expr(Expr e);
  VarId addVar(Variable v);
  FuncId addFunc(Function f);
  StringId addString(std::string s);
  uint32_t fileIndex(const std::string& path);
  /// Gives function f the name `name` (findFunc follows).
  void renameFunc(FuncId f, std::string name);

  // --- queries ------------------------------------------------------------------
  /// The function named `name`, or nullptr.
  const Function* findFunc(const std::string& name) const;
  Function* findFunc(const std::string& name);
  /// The global (not static local) variable named `name`, or kNone.
  VarId findGlobal(const std::string& name) const;
  const Variable& var(VarId v) const { return vars.at(v); }
  const Function& func(FuncId f) const { return funcs.at(f); }
  /// "file:line:col" of a location, for messages.
  std::string where(SrcLoc l) const;

private:
  std::deque<Expr> exprs_;
  std::map<std::string, FuncId> funcByName_;
  std::map<std::string, uint32_t> fileByName_;
};

} // namespace chorus::model
