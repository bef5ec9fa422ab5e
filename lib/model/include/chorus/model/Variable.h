// Variables: globals, static locals, parameters, locals, temporaries of the
// lowering, and bound variables of annotation quantifiers.
#pragma once

#include "chorus/model/Ids.h"

#include <string>

namespace chorus::model {

struct Type;

enum class VarKind {
  Global,      ///< file-scope object (including extern)
  StaticLocal, ///< `static` inside a function: lives like a global
  Param,       ///< function parameter
  Local,       ///< automatic variable of a block
  Temp,        ///< introduced by the lowering of side effects
  Bound,       ///< bound by a quantifier, lambda or set comprehension
};

/// A `_Thread_local` global is an array of this many elements: element k is
/// thread k's object (k < kThreadLocalSlots - 1), the last one keeps the
/// initial value, copied into a thread's element when the thread is created.
constexpr uint64_t kThreadLocalSlots = 17;
/// Thread-specific data keys a program may create (pthread_key_create;
/// PTHREAD_KEYS_MAX is larger on Linux: more keys fail with EAGAIN).
constexpr uint64_t kTsdKeys = 8;
/// Cleanup handlers a thread may have pushed at once (pthread_cleanup_push,
/// lib/exec/threads/Cancel.cpp; kept in hidden thread-local globals).
constexpr uint64_t kCleanupHandlers = 8;

struct Variable {
  VarId id = kNone;
  std::string name; ///< source name (temps: "$t3"; static locals: the C name)
  const Type* type = nullptr;
  VarKind kind = VarKind::Local;
  FuncId func = kNone; ///< owning function (kNone for globals)
  SrcLoc loc;
  bool isExtern = false; ///< declared, not defined, here (e.g. library globals)
  /// `_Thread_local` (lib/front: one element per thread slot, plus the
  /// initial value last, kThreadLocalSlots; lib/exec/threads).
  bool threadLocal = false;
  /// The exit selector of a normalized loop (model/NormalizeLoop.h): its
  /// value at the loop's head is always the concrete one, so LISE never
  /// havocs it.
  bool loopExitSelector = false;

  bool isGlobalStorage() const { return kind == VarKind::Global || kind == VarKind::StaticLocal; }
};

} // namespace chorus::model
