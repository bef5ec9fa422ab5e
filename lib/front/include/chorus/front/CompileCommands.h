// Reading a compilation database (compile_commands.json, the Clang tooling
// convention) for `chorus verify -p DIR`.
#pragma once

#include "chorus/front/Frontend.h"
#include "chorus/support/Diagnostics.h"

#include <string>
#include <vector>

namespace chorus::front {

/// Reads DIR/compile_commands.json (or `where` itself when it names that
/// file): the C files of its entries, in order, each with the flags of its
/// command that the front end uses (-D, -U, -I, -isystem, -iquote,
/// -include, -std=; relative paths made absolute from the entry's
/// "directory"). `only` (absolute paths): just the entries of these files,
/// each of which must have one. A missing file, invalid JSON or a malformed
/// entry is an error at file:line:col; returns false then.
bool readCompileCommands(const std::string& where, const std::vector<std::string>& only,
                         std::vector<SourceFile>& out, DiagnosticSink& diags);

} // namespace chorus::front
