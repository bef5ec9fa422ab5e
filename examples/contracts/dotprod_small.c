/*
 * dotprod_small.c -- the parallel dot product of seed 002 Fig. 6 (dotProd)
 * reduced to its essentials for `verify --contract`: each rank holds n
 * elements of the two vectors (n may differ between ranks), computes the
 * inner product of its blocks and sums the results with MPI_Allreduce.
 * The contract is Fig. 6's: \result is the sum over the ranks of each
 * rank's local inner product (\sum inside \mpi_on), with real arithmetic.
 * (dotprod.c keeps Fig. 6's Hypre-like structs, which the contract driver
 * does not fill yet: pointers to structs.) n is at most 2.
 *     chorus verify dotprod_small.c --contract dotprod -n 1..5   verified
 *     ... -DOFF_BY_ONE  the local loop misses the last element:
 *                       COLLECTIVE_POSTCONDITION
 *     ... -DNO_SUM      each rank returns its local result: WAITSFOR (n >= 2:
 *                       it returns before the others entered)
 */
#include <mpi.h>

#define LOCAL_RESULT \sum(0, n - 1, \lambda integer t; x[t] * y[t])
/*@ requires 0 <= n <= 2;
    requires \valid_read(x + (0 .. n - 1)) && \valid_read(y + (0 .. n - 1));
    mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      ensures \result == \sum(0, \mpi_comm_size - 1,
                              \lambda integer k; \mpi_on(LOCAL_RESULT, k));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
double dotprod(double *x, double *y, int n) {
  double local = 0.0, result = 0.0;
#ifdef OFF_BY_ONE
  for (int i = 0; i < n - 1; i++)
#else
  for (int i = 0; i < n; i++)
#endif
    local += x[i] * y[i];
#ifdef NO_SUM
  result = local;
#else
  MPI_Allreduce(&local, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#endif
  return result;
}
