// OpenMP and OpenACC directives run code in threads or on a device, which
// chorus does not model: each is an unsupported construct (exit 3, at the
// directive), never ignored as a compiler without -fopenmp ignores it (the
// loop below races on sum when compiled with -fopenmp; verified as
// sequential code, it would be `verified`). Code under `#ifdef _OPENMP` is
// left out, as without -fopenmp.
// RUN: %expect-exit 3 %chorus verify %s 2>&1 | FileCheck %s --check-prefix=OMP
// RUN: %expect-exit 3 %chorus verify %s -DACC 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: %expect-exit 0 %chorus verify %s -DNONE --quiet | FileCheck %s --check-prefix=NONE
// OMP: {{.*}}unsupported-openmp.c:24:9: error: OpenMP directive '#pragma omp ...' is not supported by chorus: it models MPI processes and pthreads, not OpenMP
// ACC: {{.*}}unsupported-openmp.c:22:9: error: OpenACC directive '#pragma acc parallel loop reduction(+ : sum)' is not supported by chorus
// NONE: verdict: verified
#include <assert.h>
#ifdef _OPENMP
#include <omp.h>
#endif

int main(void) {
  int sum = 0;
#ifndef NONE
#ifdef ACC
#pragma acc parallel loop reduction(+ : sum)
#else
#pragma omp parallel for
#endif
#endif
  for (int i = 0; i < 4; i++)
    sum += i;
  assert(sum == 6);
  return 0;
}
