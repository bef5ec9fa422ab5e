// Small index types shared by the model: every entity lives in a table of the
// Program and is referred to by its index.
#pragma once

#include <cstdint>
#include <limits>

namespace chorus::model {

using VarId = uint32_t;
using FuncId = uint32_t;
using LocId = uint32_t;
using TransId = uint32_t;
using StringId = uint32_t;

inline constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

/// A position in a source file of the program (index into Program::files).
struct SrcLoc {
  uint32_t file = kNone;
  uint32_t line = 0;
  uint32_t col = 0;
  bool valid() const { return file != kNone && line != 0; }
};

} // namespace chorus::model
