// Patterns of equal communicators for `verify --contract` runs of a
// function with several MPI_Comm parameters (lib/exec/DESIGN-NOTES.md
// "Decisions where the seed is silent", several MPI_Comm parameters).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace chorus::model {

/// The set partitions of `params` MPI_Comm parameters, each as
/// ContractDriver::commBlocks (the block of each parameter, blocks numbered
/// 0, 1, ... in order of first appearance).
/// withWorld: the partitions of the parameters and MPI_COMM_WORLD, the block
/// of MPI_COMM_WORLD written -1, but the one where every parameter is
/// MPI_COMM_WORLD (the first run); the one where each parameter is its own
/// duplicate comes first. Otherwise every partition of the parameters, the
/// one with a single block first. Empty when params > kMaxCommPatternParams.
std::vector<std::vector<int>> commPatterns(size_t params, bool withWorld);

/// The largest number of MPI_Comm parameters commPatterns enumerates
/// (Bell(5) - 1 = 51 runs besides the first with MPI_COMM_WORLD).
constexpr size_t kMaxCommPatternParams = 4;

/// The pattern for a note: "{a, b} MPI_COMM_WORLD, {c} one duplicate of it,
/// {d} another duplicate" (withWorld) or "{a, b} one communicator, {c}
/// another".
std::string commPatternText(const std::vector<std::string>& names, const std::vector<int>& blocks,
                            bool withWorld);

} // namespace chorus::model
