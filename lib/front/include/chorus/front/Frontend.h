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

/// One source file (translation unit) of a program, with its own flags
/// (from compile_commands.json), which come before FrontendOptions's.
struct SourceFile {
  std::string path;
  std::vector<std::string> clangArgs;
};

/// Parses the files and lowers them into one program, linked as the linker
/// does: functions and globals of external linkage are shared by name,
/// static ones belong to their file, two definitions of one external
/// symbol are an error ("multiple definition", as gcc 12's -fno-common).
/// Errors as for one file.
std::unique_ptr<model::Program> loadProgram(const std::vector<SourceFile>& files,
                                            const FrontendOptions& opts, DiagnosticSink& diags);

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
