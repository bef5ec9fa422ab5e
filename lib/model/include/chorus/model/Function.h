// A function as a program graph: numbered locations and transitions.
#pragma once

#include "chorus/model/Ids.h"
#include "chorus/model/Stmt.h"

#include <string>
#include <vector>

namespace chorus::model {

struct Type;

struct Location {
  LocId id = kNone;
  SrcLoc loc;
  std::vector<TransId> out; ///< outgoing transitions, in order
  bool loopHead = false;    ///< the head of a loop (where invariants attach)
};

struct Function {
  FuncId id = kNone;
  std::string name;
  const Type* type = nullptr; ///< a function type
  std::vector<VarId> params;
  /// The parameter names of the declaration (also of a library function
  /// without a body, which has no parameter variables), "" when unnamed.
  std::vector<std::string> paramNames;
  std::vector<VarId> locals; ///< locals, temps, static locals it owns
  std::vector<Location> locs;
  std::vector<Transition> trans;
  LocId entry = kNone;
  LocId exit = kNone;   ///< the unique location reached by returns
  bool defined = false; ///< false: a library function modelled by the engine
  SrcLoc loc;

  LocId addLoc(SrcLoc where, bool loopHead = false);
  TransId addTrans(Transition t);
};

} // namespace chorus::model
