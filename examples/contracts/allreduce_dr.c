/*
 * allreduce_dr.c -- MPI_Allreduce for a sum of doubles by recursive
 * doubling (seed 002 Fig. 7: "allreduceDR"; the algorithm of MPICH for any
 * number of processes): with pof2 the largest power of two <= n and
 * rem = n - pof2, the first 2*rem ranks pair up (each odd rank takes its
 * even neighbour's value, which drops out), the pof2 remaining ranks
 * exchange partial sums with partners at distance 1, 2, 4, ... and the
 * dropped ranks get the result back. The contract is Allreduce's (App. B.3,
 * Fig. 5) for one double and MPI_SUM; doubles are mathematical reals.
 *     chorus verify allreduce_dr.c --contract allreduceDR -n 1..5   verified
 *     ... -DNO_RETURN   the dropped ranks never get the result back: WAITSFOR
 *                       (n = 3: rank 0 returns before rank 1 has entered)
 *     ... -DWRONG_MASK  the partners are at distance 2, 4, ...: WAITSFOR
 *                       (n = 2: no exchange at all)
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      ensures \result == \sum(0, \mpi_comm_size - 1,
                              \lambda integer t; \mpi_on(x, t));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
double allreduceDR(double x) {
  int rank, size, pof2 = 1, rem, newrank;
  double v = x, t;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  while (pof2 * 2 <= size)
    pof2 *= 2;
  rem = size - pof2;
  if (rank < 2 * rem) {
    if (rank % 2 == 0) {
      MPI_Send(&v, 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD);
      newrank = -1;
    } else {
      MPI_Recv(&t, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      v = v + t;
      newrank = rank / 2;
    }
  } else {
    newrank = rank - rem;
  }
  if (newrank != -1) {
#ifdef WRONG_MASK
    for (int mask = 2; mask < pof2 * 2; mask <<= 1) {
#else
    for (int mask = 1; mask < pof2; mask <<= 1) {
#endif
      int newdst = newrank ^ mask;
      if (newdst >= pof2)
        continue;
      int dst = newdst < rem ? newdst * 2 + 1 : newdst + rem;
      MPI_Sendrecv(&v, 1, MPI_DOUBLE, dst, 1, &t, 1, MPI_DOUBLE, dst, 1, MPI_COMM_WORLD,
                   MPI_STATUS_IGNORE);
      v = v + t;
    }
  }
#ifndef NO_RETURN
  if (rank < 2 * rem) {
    if (rank % 2)
      MPI_Send(&v, 1, MPI_DOUBLE, rank - 1, 2, MPI_COMM_WORLD);
    else
      MPI_Recv(&v, 1, MPI_DOUBLE, rank + 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
#endif
  return v;
}
