/*
 * allreduce.c -- an allreduce built from MPI_Reduce followed by MPI_Bcast
 * (seed 002 §4.2 and Fig. 7: "allreduce"), verified against the contract of
 * MPI_Allreduce (App. B.3, Fig. 5) for one double and MPI_SUM: every rank
 * gets the sum of every rank's contribution, and none returns before every
 * rank has entered. The MPI collectives inside run with chorus's own MPI
 * semantics (which lets a process leave a collective as soon as the data
 * it needs has arrived).
 *     chorus verify allreduce.c --contract allreduce -n 1..5   verified
 *     ... -DWRONG_ROOT  the broadcast comes from the last rank, which waits
 *                       for no one: it may return before rank 0 entered: WAITSFOR
 *     ... -DNO_BCAST    only the reduction, whose non-roots wait for no one:
 *                       WAITSFOR (n >= 2)
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      ensures \result == \sum(0, \mpi_comm_size - 1,
                              \lambda integer t; \mpi_on(x, t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
double allreduce(double x) {
  double r = 0;
  int root = 0;
#ifdef WRONG_ROOT
  MPI_Comm_size(MPI_COMM_WORLD, &root);
  root = root - 1;
#endif
  MPI_Reduce(&x, &r, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
#ifndef NO_BCAST
  MPI_Bcast(&r, 1, MPI_DOUBLE, root, MPI_COMM_WORLD);
#endif
  return r;
}
