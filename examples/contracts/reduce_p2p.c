/*
 * reduce_p2p.c -- a sum reduction to a root built from point-to-point
 * messages (seed 002 Fig. 7: "reduce"), verified for every root and every
 * contribution. The contract follows MPI_Reduce's (App. B.12) for one
 * double and MPI_SUM: the root's result is the sum of every rank's
 * contribution (\sum over \mpi_on); doubles are mathematical reals, so the
 * order of the additions does not matter.
 *     chorus verify reduce_p2p.c --contract reduce -n 1..5     verified
 *     ... -DNO_OWN      the root forgets its own contribution:
 *                       COLLECTIVE_POSTCONDITION
 *     ... -DOFF_BY_ONE  the root stops one rank early: WAITSFOR (it returns
 *                       before the last rank entered)
 *     ... -DSEND_TWICE  a non-root sends its value twice: UNRECEIVED_MESSAGE
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= root < \mpi_comm_size && \mpi_agree(root);
      assigns \nothing;
      behavior root:
        assumes \mpi_comm_rank == root;
        ensures \result == \sum(0, \mpi_comm_size - 1,
                                \lambda integer t; \mpi_on(x, t));
        waitsfor { i | int i; 0 <= i < \mpi_comm_size };
      behavior nonroot:
        assumes \mpi_comm_rank != root;
        ensures \result == 0;
        waitsfor \nothing;
      complete behaviors;
      disjoint behaviors;
*/
double reduce(double x, int root) {
  int rank, size;
  double v, sum;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (rank != root) {
    MPI_Send(&x, 1, MPI_DOUBLE, root, 0, MPI_COMM_WORLD);
#ifdef SEND_TWICE
    MPI_Send(&x, 1, MPI_DOUBLE, root, 0, MPI_COMM_WORLD);
#endif
    return 0;
  }
#ifdef NO_OWN
  sum = 0;
#else
  sum = x;
#endif
#ifdef OFF_BY_ONE
  for (int i = 0; i < size - 1; i++) {
#else
  for (int i = 0; i < size; i++) {
#endif
    if (i == root)
      continue;
    MPI_Recv(&v, 1, MPI_DOUBLE, i, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    sum += v;
  }
  return sum;
}
