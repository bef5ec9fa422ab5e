// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: verified
// RUN: %expect-exit 0 %native -n 1 %s
#include <mpi.h>
#include <assert.h>
#include <stddef.h>
int main(int argc, char **argv) {
  int rank, size;
  (void)rank, (void)size;
  int v = 0, sv = -1, len = 0;
  char lib[MPI_MAX_LIBRARY_VERSION_STRING];
  MPI_Get_version(&v, &sv);
  assert(v == MPI_VERSION && sv >= 0);
  MPI_Get_library_version(lib, &len);
  assert(len > 0 && lib[0] != 0);
  MPI_Init(&argc, &argv);
  MPI_Finalize();
  return 0;
}
