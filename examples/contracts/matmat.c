/*
 * matmat.c -- matrix multiplication C = A B with a block-striped (row)
 * decomposition (seed 002 Fig. 7: "matmat"): rank r holds row r of A (n
 * entries, n the number of processes), row r of B and row r of C (m <= 2
 * entries each). The rows of B travel around a ring: at step s a rank
 * holds row (rank - s) mod n of B and adds its multiple by the matching
 * entry of its row of A. Doubles are mathematical reals.
 *     chorus verify matmat.c --contract matmat -n 1..5   verified
 *     ... -DWRONG_INDEX  the entry of A for row (rank + s) mod n is used:
 *                        COLLECTIVE_POSTCONDITION (n >= 3)
 *     ... -DNO_SHIFT     the rows of B are not passed on:
 *                        COLLECTIVE_POSTCONDITION (n >= 2)
 */
#include <mpi.h>

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \mpi_agree(m) && 0 <= m <= 2;
      requires \valid_read(a + (0 .. \mpi_comm_size - 1)) && \valid_read(b + (0 .. m - 1));
      requires \valid(c + (0 .. m - 1));
      assigns c[0 .. m - 1];
      ensures \forall integer j; 0 <= j < m ==>
                c[j] == \sum(0, \mpi_comm_size - 1,
                             \lambda integer k; a[k] * \mpi_on(\old(b[j]), k));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void matmat(const double *a, const double *b, double *c, int m) {
  int rank, size;
  double cur[2], next[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int j = 0; j < m; j++) {
    cur[j] = b[j];
    c[j] = 0;
  }
  for (int s = 0; s < size; s++) {
#ifdef WRONG_INDEX
    int owner = (rank + s) % size;
#else
    int owner = (rank - s + size) % size;
#endif
    for (int j = 0; j < m; j++)
      c[j] += a[owner] * cur[j];
    MPI_Sendrecv(cur, m, MPI_DOUBLE, (rank + 1) % size, 0, next, m, MPI_DOUBLE,
                 (rank - 1 + size) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#ifndef NO_SHIFT
    for (int j = 0; j < m; j++)
      cur[j] = next[j];
#endif
  }
}
