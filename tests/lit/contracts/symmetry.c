// Rank symmetry in verify --contract (issue 11; lib/exec/DESIGN-NOTES.md
// "Rank symmetry"): when f and its contract treat all ranks alike
// (model::contractRankSymmetry), a fork over a rank argument keeps one of
// the ranks the path has not touched; the verdict says so. Otherwise every
// pattern of ranks is explored and the verdict says why symmetry was not
// used. The neighbour exchange of seed 002 Fig. 7 (examples/contracts/
// exchange.c) reduced to one ghost per side: every pattern of neighbours
// (a partial injection "right of" on the ranks, Def. 2.6: every input the
// precondition allows).
//
// Symmetric: verified with symmetry, and the same verdict without.
// RUN: %expect-exit 0 %chorus verify %s --contract halo -n 1..4 --quiet | FileCheck %s --check-prefix=SYM
// SYM: verdict: verified (rank symmetry: one pattern of ranks per renaming
// RUN: %expect-exit 0 %chorus verify %s --contract halo -n 1..3 --no-symmetry --quiet | FileCheck %s --check-prefix=NOSYM
// NOSYM: verdict: verified (rank symmetry not used: --no-symmetry)
// A bug every pattern shows is still found with symmetry:
// RUN: %expect-exit 1 %chorus verify %s --contract halo -n 2 -DSWAPPED --quiet | FileCheck %s --check-prefix=SWAPPED
// SWAPPED: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symmetry.c:54:7 (process 1)
//
// Refused (each still explores every pattern; the reason is in the note):
// rank 0 sends the wrong value when it has no left neighbour and its right
// neighbour is rank 2 (no branch: a value computed from the ranks): only
// patterns that symmetry would drop (rank 0's first fresh neighbour is
// rank 1) show it, so it must be refuted, at rank 2's postcondition (with
// symmetry forced, a build hack, it was verified).
// RUN: %expect-exit 1 %chorus verify %s --contract halo -n 3 -DRANK2 --quiet | FileCheck %s --check-prefix=RANK2
// RANK2: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}symmetry.c:54:7 (process 2)
// The same test on a rank that changes nothing: verified, and why not by symmetry.
// RUN: %expect-exit 0 %chorus verify %s --contract halo -n 1..3 -DRANK2_NOOP --quiet | FileCheck %s --check-prefix=NOOP
// NOOP: verdict: verified (rank symmetry not used: a comparison 'me == 2' that tells ranks apart at {{.*}}symmetry.c:72:
// Rank arithmetic and ordered ranks:
// RUN: %expect-exit 0 %chorus verify %s --contract halo -n 1..3 -DARITH --quiet | FileCheck %s --check-prefix=ARITH
// ARITH: verdict: verified (rank symmetry not used: {{.*}}right + 0
// RUN: %expect-exit 0 %chorus verify %s --contract halo -n 1..3 -DORDERED --quiet | FileCheck %s --check-prefix=ORDERED
// ORDERED: verdict: verified (rank symmetry not used: ranks ordered by 'left < right'
// A contract that names a rank:
// RUN: %expect-exit 0 %chorus verify %s --contract halo -n 1..3 -DCONTRACT_RANK0 --quiet | FileCheck %s --check-prefix=CRANK
// CRANK: verdict: verified (rank symmetry not used: a comparison 'left != 0' that tells ranks apart
#include <mpi.h>

#ifdef CONTRACT_RANK0
#define EXTRA (left != 0 || left == 0)
#else
#define EXTRA \true
#endif
/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \valid(g + (0 .. 2));
      requires -1 <= left < \mpi_comm_size && -1 <= right < \mpi_comm_size;
      requires left >= 0 ==> \mpi_on(right, left) == \mpi_comm_rank;
      requires right >= 0 ==> \mpi_on(left, right) == \mpi_comm_rank;
      requires EXTRA;
      assigns g[0], g[2];
      ensures left >= 0 ==> g[0] == \mpi_on(\old(g[1]), left);
      ensures left < 0 ==> g[0] == \old(g[0]);
      ensures right >= 0 ==> g[2] == \mpi_on(\old(g[1]), right);
      ensures right < 0 ==> g[2] == \old(g[2]);
      waitsfor { j | int j; 0 <= j < \mpi_comm_size && (j == left || j == right) };
*/
void halo(int *g, int left, int right) {
  int l = left >= 0 ? left : MPI_PROC_NULL, r = right >= 0 ? right : MPI_PROC_NULL;
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int toRight = g[1], toLeft = g[1];
#ifdef SWAPPED
  toRight = !g[1];
#endif
#ifdef RANK2
  toRight = g[1] ^ ((me == 0) & (l < 0) & (r == 2)); // (no branch: the value differs)
#endif
#ifdef RANK2_NOOP
  if (me == 2)
    toRight = g[1];
#endif
#ifdef ARITH
  r = right >= 0 ? right + 0 : MPI_PROC_NULL;
#endif
#ifdef ORDERED
  if (left < right)
    toLeft = g[1];
#endif
  MPI_Sendrecv(&toRight, 1, MPI_INT, r, 0, &g[0], 1, MPI_INT, l, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(&toLeft, 1, MPI_INT, l, 1, &g[2], 1, MPI_INT, r, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
}
