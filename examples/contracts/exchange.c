/*
 * exchange.c -- a general ghost-cell exchange (seed 002 Fig. 7:
 * "exchange"): each rank holds nl >= 1 cells u[1 .. nl] between ghosts
 * u[0] and u[nl+1] and has a left and a right neighbour, any ranks (or -1:
 * none), as long as neighbours agree (my right's left is me, my left's
 * right is me). It sends its first cell to the left, its last to the right
 * and receives its ghosts from them; a ghost without neighbour is kept.
 * As in the seed, the contract's generality is the cost: every pattern of
 * neighbours is explored. Every nl >= 1.
 *     chorus verify exchange.c --contract exchange -n 1..5   verified
 *     ... -DWRONG_TAG   the left ghost is awaited with the other message's
 *                       tag: ABSOLUTE_DEADLOCK
 *     ... -DWRONG_CELL  the cell sent to the right is u[nl - 1] (a ghost
 *                       when nl = 1): COLLECTIVE_POSTCONDITION
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 1 <= nl && \valid(u + (0 .. nl + 1));
      requires -1 <= left < \mpi_comm_size && -1 <= right < \mpi_comm_size;
      requires left >= 0 ==> \mpi_on(right, left) == \mpi_comm_rank;
      requires right >= 0 ==> \mpi_on(left, right) == \mpi_comm_rank;
      assigns u[0], u[nl + 1];
      ensures left >= 0 ==> u[0] == \mpi_on(\old(u[nl]), left);
      ensures left < 0 ==> u[0] == \old(u[0]);
      ensures right >= 0 ==> u[nl + 1] == \mpi_on(\old(u[1]), right);
      ensures right < 0 ==> u[nl + 1] == \old(u[nl + 1]);
      waitsfor { j | int j; 0 <= j < \mpi_comm_size && (j == left || j == right) };
*/
void exchange(double *u, int nl, int left, int right) {
  int l = left >= 0 ? left : MPI_PROC_NULL, r = right >= 0 ? right : MPI_PROC_NULL;
  double gl = u[0], gr = u[nl + 1];
#if defined(WRONG_TAG)
  MPI_Sendrecv(&u[nl], 1, MPI_DOUBLE, r, 0, &gl, 1, MPI_DOUBLE, l, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#elif defined(WRONG_CELL)
  MPI_Sendrecv(&u[nl - 1], 1, MPI_DOUBLE, r, 0, &gl, 1, MPI_DOUBLE, l, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(&u[nl], 1, MPI_DOUBLE, r, 0, &gl, 1, MPI_DOUBLE, l, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#endif
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, l, 1, &gr, 1, MPI_DOUBLE, r, 1, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  u[0] = gl;
  u[nl + 1] = gr;
}
