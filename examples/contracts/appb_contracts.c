/*
 * appb_contracts.c -- calls every MPI function that seed 002 App. B gives a
 * contract (B.1-B.18: the 17 blocking collectives and MPI_Reduce_local).
 * The contracts themselves are in chorus's model header
 * chorus_mpi_contracts.h (lib/front/headers), which `verify --contract`
 * includes, with the seed's typos repaired as listed there. This program
 * includes it too: a C compiler checks that the declarations agree with
 * mpi.h, and chorus attaches the 18 contracts, which it checks only by
 * simulation inside `verify --contract`:
 *     chorus verify appb_contracts.c -n 1..4   unknown (the contracts of
 *                                              functions without body are
 *                                              not checked here)
 */
#include <mpi.h>
#include <chorus_mpi_contracts.h>

#define MAXP 8

int main(int argc, char **argv) {
  int rank, size, i;
  int s[MAXP], r[MAXP], counts[MAXP], displs[MAXP], one = 1;
  MPI_Datatype types[MAXP];

  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size > MAXP)
    MPI_Abort(MPI_COMM_WORLD, 1);
  for (i = 0; i < size; i++) {
    s[i] = rank + i; r[i] = 0; counts[i] = 1; displs[i] = i;
    types[i] = MPI_INT;
  }
  MPI_Allgather(&s[0], 1, MPI_INT, r, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Allgatherv(&s[0], 1, MPI_INT, r, counts, displs, MPI_INT,
                    MPI_COMM_WORLD);
  MPI_Allreduce(s, r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Alltoall(s, 1, MPI_INT, r, 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Alltoallv(s, counts, displs, MPI_INT, r, counts, displs, MPI_INT,
                   MPI_COMM_WORLD);
  for (i = 0; i < size; i++)
    displs[i] = i * (int)sizeof(int); /* Alltoallw takes byte displacements */
  MPI_Alltoallw(s, counts, displs, types, r, counts, displs, types,
                   MPI_COMM_WORLD);
  for (i = 0; i < size; i++)
    displs[i] = i;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Bcast(s, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Exscan(s, r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Gather(&s[0], 1, MPI_INT, r, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gatherv(&s[0], 1, MPI_INT, r, counts, displs, MPI_INT, 0,
                 MPI_COMM_WORLD);
  MPI_Reduce(s, r, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);
  MPI_Reduce_local(&one, &s[0], 1, MPI_INT, MPI_SUM);
  MPI_Reduce_scatter(s, r, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Reduce_scatter_block(s, r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Scan(s, r, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Scatter(s, 1, MPI_INT, r, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Scatterv(s, counts, displs, MPI_INT, r, 1, MPI_INT, 0,
                  MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
