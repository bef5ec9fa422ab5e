/* Uses chorus's intrinsics and the TASS identifiers PID and NPROCS. */
#include <chorus.h>
#include <mpi.h>

int main(int argc, char **argv) {
  int x = chorus_nondet_int();
  double y = __VERIFIER_nondet_double();
  chorus_assume(x >= 0 && x < 10);
  __VERIFIER_assume(y > 0.0);
  MPI_Init(&argc, &argv);
  chorus_assert(PID >= 0 && PID < NPROCS);
  if (chorus_choose_int(0, 1))
    x = x + PID;
  MPI_Finalize();
  return x < 0;
}
