/*
 * cyc.c -- the MiniMP program "cyc" of seed 002 (collective contracts),
 * Fig. 2, written in C with MPI and the ACSL extension of seed 002 §3.
 *
 * The seed says "We also implemented cyc of Figure 2 in MPI and our
 * contract language" but does not show that version; this is a direct
 * translation:  pid -> \mpi_comm_rank (rank in code),  nprocs ->
 * \mpi_comm_size (size in code),  \on(e, i) -> \mpi_on(e, i),
 * "requires 1" -> "requires \true",  send/recv -> MPI_Send/MPI_Recv on
 * MPI_COMM_WORLD with tag 0.  g sends x to its right neighbour and
 * receives from its left, then adds k; f calls g nprocs times.
 * MiniMP sends are buffered: like the seed, g relies on MPI_Send
 * buffering (with synchronous sends every process blocks in MPI_Send, a
 * potential deadlock), and MiniMP integers are mathematical: verify with
 * --deadlock absolute --no-overflow-check.  main is a minimal driver
 * (--contract replaces it with the driver P^f of seed 002 §2.2).
 *     chorus verify cyc.c --contract g -n 1..5 --deadlock absolute --no-overflow-check
 *       verified
 *     ... -DWRONG_SUM    g subtracts k: COLLECTIVE_POSTCONDITION
 *     ... -DNO_RECV      g does not receive (reads its own x): WAITSFOR
 *                        (n >= 2: it returns before its left neighbour
 *                        entered), UNRECEIVED_MESSAGE (n = 1)
 *     chorus verify cyc.c --contract f -n 1..5 --deadlock absolute --no-overflow-check
 *       verified: each call of g is simulated by g's contract (seed 002
 *       §2.4), so f is verified assuming g conforms (Theorem 1)
 *     ... -DF_OFF_BY_ONE f calls g once too often: COLLECTIVE_POSTCONDITION
 */
#include <mpi.h>

#pragma CIVL ACSL

int x;

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires \true;
      ensures x == \mpi_on(\old(x), (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size) + k;
      assigns x;
      waitsfor { j | int j; j == (\mpi_comm_rank + \mpi_comm_size - 1) % \mpi_comm_size };
*/
void g(int k) {
  int y, rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Send(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
#ifdef NO_RECV
  y = x;
#else
  MPI_Recv(&y, 1, MPI_INT, (rank + size - 1) % size, 0, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
#endif
#ifdef WRONG_SUM
  x = y - k;
#else
  x = y + k;
#endif
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires k == \mpi_on(k, 0);
      ensures x == \old(x) + \mpi_comm_size * k;
      assigns x;
      waitsfor { j | int j; 0 <= j && j < \mpi_comm_size };
*/
void f(int k) {
  int i, size;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  i = 0;
#ifdef F_OFF_BY_ONE
  while (i <= size) { g(k); i = i+1; }
#else
  while (i < size) { g(k); i = i+1; }
#endif
}

int main(int argc, char **argv) {
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  x = rank;
  f(3);
  MPI_Finalize();
  return 0;
}
