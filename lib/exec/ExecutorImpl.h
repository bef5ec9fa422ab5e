// Private to lib/exec. Executor::Impl: the program layout the engine
// computes once (global indices, frame slots of each function's variables)
// and the array types it synthesizes (heap blocks, string literals).
#pragma once

#include "chorus/exec/Executor.h"
#include "chorus/model/Printer.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace chorus::exec {

struct Executor::Impl {
  std::unordered_map<model::VarId, uint32_t> globalIndex;
  std::vector<std::unordered_map<model::VarId, uint32_t>> slotOf;
  std::vector<std::vector<model::VarId>> slotVar;
  std::deque<model::Type> synth;
  std::map<std::pair<const model::Type*, int64_t>, const model::Type*> synthByKey;
  model::FuncId mainF = model::kNone, initF = model::kNone;
  /// Dead frame slots per function and location (Liveness.cpp): dead[f][l]
  /// is empty when no slot is dead there, else a mask over the slots.
  std::vector<std::vector<std::vector<uint8_t>>> dead;
  /// Slots read by the left-hand side of a call statement (a[i] = f(...)),
  /// live in the caller's frame while the callee runs.
  std::unordered_map<const model::Expr*, std::vector<uint8_t>> lhsReads;
  void computeLiveness(const model::Program& p);
  /// Variables whose address is taken somewhere in the program (by VarId;
  /// lib/exec/threads: the others are private to their frame); computed on
  /// first use.
  std::vector<uint8_t> addressTaken;
  bool addressTakenDone = false;

  /// Printed forms of transitions ("[guard] stmt") and expressions, cached:
  /// every step of the search records them in its trace step.
  std::unordered_map<const void*, std::string> texts;
  /// Renders them (the program's display names computed once).
  std::unique_ptr<model::ProgramText> printer;

  /// Machine::requireConcrete: for a symbolic value under a path condition,
  /// its unique value, or the range [lo, hi] it forks over (ok false:
  /// neither). A blocked call re-evaluates its arguments at every state.
  struct Concretized {
    bool ok = false;
    bool unique = false;
    int64_t lo = 0, hi = 0;
  };
  std::map<std::pair<Expr, Expr>, Concretized> concretized;

  /// Float.cpp: each rounding of a symbolic value (`fp.T(v)`, `fp.mpi.T`)
  /// and what it is, with the first location that made it ("the
  /// floating-point rounding of symbolic values at FILE:LINE:COL"; named by
  /// an `unknown` that depends on it).
  std::unordered_map<Expr, std::string> roundingSites;
  /// The floating type of each rounding function `fp.T`.
  std::unordered_map<Expr, const model::Type*> roundingTypes;
  /// Float.cpp: a special floating value (inf, NaN, -0.0) was made, so a
  /// symbolic rounding checks it holds none.
  bool floatSpecials = false;
  /// The symbolic floating inputs (`#pragma TASS input`, nondet values;
  /// scalars) and their types: values of their type (Float.cpp facts).
  std::unordered_map<Expr, const model::Type*> floatInputs;
  /// Files named by fopen (File.cpp), by id: the path, and for a file read,
  /// its contents as read once at verification time (nullopt: missing).
  std::vector<std::pair<std::string, std::optional<std::string>>> files;

  /// The arithmetic type spelled `name` (kind Int, Real or Bool, `bits`
  /// wide): the program's own when it has one, else synthesized.
  const model::Type* scalarNamed(const model::Program& p, model::TypeKind kind,
                                 const std::string& name, unsigned bits, bool isSigned,
                                 bool isChar) {
    for (const model::Type& t : p.types.all())
      if (t.kind == kind && t.name == name)
        return &t;
    for (const model::Type& t : synth)
      if (t.kind == kind && t.name == name)
        return &t;
    model::Type t;
    t.kind = kind;
    t.name = name;
    t.bits = bits;
    t.size = bits / 8;
    t.isSigned = isSigned;
    t.isChar = isChar;
    synth.push_back(t);
    return &synth.back();
  }

  const model::Type* arrayOf(const model::Type* elem, std::optional<uint64_t> len) {
    auto key = std::make_pair(elem, len ? int64_t(*len) : int64_t(-1));
    auto it = synthByKey.find(key);
    if (it != synthByKey.end())
      return it->second;
    model::Type t;
    t.kind = model::TypeKind::Array;
    t.elem = elem;
    t.length = len;
    t.name = elem->name + "[]";
    synth.push_back(t);
    synthByKey[key] = &synth.back();
    return &synth.back();
  }
};

} // namespace chorus::exec
