/*
 * diff1d.c -- one time step of a 1d-diffusion solver (seed 002 Fig. 7:
 * "diff1dIter"): each rank holds nl >= 1 cells u[1 .. nl] between two ghost
 * cells u[0] and u[nl+1]; it exchanges ghosts with its neighbours (the
 * first and last ranks keep their outer ghosts: fixed boundary values) and
 * computes unew[i] = u[i] + k * (u[i-1] - 2 u[i] + u[i+1]). Doubles are
 * mathematical reals; nl <= 2 per rank (ranks may hold different counts).
 *     chorus verify diff1d.c --contract diff1dIter -n 1..5   verified
 *     ... -DWRONG_GHOST  a rank sends its right ghost u[nl + 1], not its
 *                        last cell, to the right: COLLECTIVE_POSTCONDITION
 *     ... -DNO_LEFT      the ranks never send to the left: a receive waits
 *                        forever: ABSOLUTE_DEADLOCK
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(k) && 1 <= nl <= 2;
      requires \valid(u + (0 .. nl + 1)) && \valid(unew + (0 .. nl + 1));
      assigns u[0], u[nl + 1], unew[1 .. nl];
      ensures \mpi_comm_rank > 0 ==>
                u[0] == \mpi_on(\old(u[nl]), \mpi_comm_rank - 1);
      ensures \mpi_comm_rank + 1 < \mpi_comm_size ==>
                u[nl + 1] == \mpi_on(\old(u[1]), \mpi_comm_rank + 1);
      ensures \forall integer i; 1 <= i <= nl ==>
                unew[i] == u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
      waitsfor { j | int j; 0 <= j < \mpi_comm_size &&
                            (j == \mpi_comm_rank - 1 || j == \mpi_comm_rank + 1) };
*/
void diff1dIter(double *u, double *unew, int nl, double k) {
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  int right = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
#ifdef WRONG_GHOST
  MPI_Sendrecv(&u[nl + 1], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(&u[nl], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
#endif
#ifdef NO_LEFT
  MPI_Recv(&u[nl + 1], 1, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#else
  MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[nl + 1], 1, MPI_DOUBLE, right, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#endif
  for (int i = 1; i <= nl; i++)
    unew[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]);
}
