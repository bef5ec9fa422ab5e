// MPI_Init called twice.
// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 2 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MPI_USAGE at {{.*}}mpi_init_twice.c:16:5 (process 0)
#include <assert.h>
#include <mpi.h>

static void setup(int *argc, char ***argv) {
  int flag = 0;
  MPI_Initialized(&flag);
#ifdef BROKEN
  flag = 0;
#endif
  if (!flag)
    MPI_Init(argc, argv);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  setup(&argc, &argv);
  int flag = 0;
  MPI_Initialized(&flag);
  assert(flag);
  MPI_Finalize();
  return 0;
}
