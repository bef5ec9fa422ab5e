// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet | FileCheck %s
// CHECK: verdict: violation MPI_USAGE at {{.*}}processor_name_before_init.c:11:8 (process 0)
#include <mpi.h>
#include <assert.h>
#include <stddef.h>
int main(int argc, char **argv) {
  int rank, size;
  (void)rank, (void)size;
  char name[MPI_MAX_PROCESSOR_NAME];
  int len;
  /*@*/MPI_Get_processor_name(name, &len);
  MPI_Init(&argc, &argv);
  MPI_Finalize();
  return 0;
}
