// The C front end: parses a C11 program (with MPI or pthreads, and with
// chorus's annotations) with Clang and lowers it to a model::Program.
// This header is Clang-free; only the front end's own .cpp files see Clang.
#pragma once

#include "chorus/model/Program.h"
#include "chorus/support/Diagnostics.h"

#include <memory>
#include <string>
#include <vector>

namespace chorus::front {

struct FrontendOptions {
  /// Extra compiler flags, e.g. "-DNX=4", "-I", "dir", "-std=c11".
  std::vector<std::string> clangArgs;
};

/// Parses `file` and lowers it. On any error (invalid C, unsupported
/// construct, malformed annotation, missing file) returns nullptr and leaves
/// file:line:col diagnostics in `diags`. A defect of chorus met on the way
/// (an unexpected exception) is thrown as chorus::InternalError.
std::unique_ptr<model::Program> loadProgram(const std::string& file, const FrontendOptions& opts,
                                            DiagnosticSink& diags);

/// Directory of chorus's model headers (mpi.h, pthread.h, chorus.h), put
/// first on the include path.
std::string modelHeaderDir();

} // namespace chorus::front
