// Documentation the driver prints, taken from docs/ at build time
// (EmbedText.cmake): `chorus CMD --help` prints CMD's section of
// docs/commands.md, `chorus explain [KIND]` the verdict kinds of
// docs/kinds.md.
#pragma once

#include <string>
#include <vector>

namespace chorus::driver {

/// Prints the help of `command` (its section of docs/commands.md); false
/// when there is no such command.
bool printCommandHelp(const std::string& command);

/// `chorus explain [KIND]`, `chorus explain --list` (every kind's name).
int explainCommand(const std::vector<std::string>& args);

} // namespace chorus::driver
