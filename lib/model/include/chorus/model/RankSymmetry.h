// Rank symmetry of a collective procedure and its contract (issue 11).
#pragma once

#include "chorus/model/Program.h"

#include <string>

namespace chorus::model {

/// "" when function `name` and its contract treat all ranks alike, so that
/// renaming the ranks of a run of `verify --contract` gives a run (seed 002
/// P^f; lib/exec/DESIGN-NOTES.md "Rank symmetry"); else why not (the first
/// use that breaks it, file:line:col). Conservative: rank-valued data (the
/// result of MPI_Comm_rank, \mpi_comm_rank, and every parameter, local or
/// bound variable that flows into a rank position) may only be passed as
/// the destination or source of a point-to-point call, copied, chosen by
/// `c ? r1 : r2`, compared with each other by == and !=, with a negative
/// constant (MPI_PROC_NULL, -1) or the communicator size by any relation,
/// with 0 by >= and < (every rank is >= 0), and used as the rank of
/// \mpi_on; f calls only point-to-point operations, MPI_Comm_rank and
/// MPI_Comm_size (no user procedure, no collective, no MPI_ANY_SOURCE).
std::string contractRankSymmetry(const Program& p, const std::string& name);

} // namespace chorus::model
