/*
 * odd_even.c -- one phase of odd-even transposition sort (seed 002 Fig. 7:
 * "oddEvenIter"): each rank holds one value; in phase 0 the pairs (0,1),
 * (2,3), ... compare and exchange, in phase 1 the pairs (1,2), (3,4), ...;
 * the lower rank of a pair keeps the minimum, the upper the maximum, a rank
 * without partner keeps its value.
 *     chorus verify odd_even.c --contract oddEvenIter -n 1..5   verified
 *     ... -DWRONG_KEEP  the upper rank keeps the minimum:
 *                       COLLECTIVE_POSTCONDITION
 *     ... -DWRONG_PAIR  phase 1 pairs (0,1), (2,3) too: rank 0 exchanges
 *                       where it should keep its value:
 *                       COLLECTIVE_POSTCONDITION (behavior alone)
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(phase) && 0 <= phase <= 1;
      assigns \nothing;
      behavior lower:
        assumes \mpi_comm_rank % 2 == phase && \mpi_comm_rank + 1 < \mpi_comm_size;
        ensures \result == \min(a, \mpi_on(a, \mpi_comm_rank + 1));
        waitsfor \mpi_comm_rank + 1;
      behavior upper:
        assumes \mpi_comm_rank % 2 != phase && \mpi_comm_rank >= 1;
        ensures \result == \max(a, \mpi_on(a, \mpi_comm_rank - 1));
        waitsfor \mpi_comm_rank - 1;
      behavior alone:
        assumes (\mpi_comm_rank % 2 == phase && \mpi_comm_rank + 1 == \mpi_comm_size) ||
                (\mpi_comm_rank % 2 != phase && \mpi_comm_rank == 0);
        ensures \result == a;
        waitsfor \nothing;
      complete behaviors;
      disjoint behaviors;
*/
int oddEvenIter(int a, int phase) {
  int rank, size, other;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#ifdef WRONG_PAIR
  int partner = rank % 2 == 0 ? rank + 1 : rank - 1;
#else
  int partner = rank % 2 == phase ? rank + 1 : rank - 1;
#endif
  if (partner < 0 || partner >= size)
    return a;
  MPI_Sendrecv(&a, 1, MPI_INT, partner, 0, &other, 1, MPI_INT, partner, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#ifdef WRONG_KEEP
  return other < a ? other : a;
#else
  if (partner > rank)
    return other < a ? other : a;
  return other > a ? other : a;
#endif
}
