// posix_memalign and aligned_alloc give malloc's block (any alignment
// holds: addresses are not modelled), which the program frees;
// posix_memalign with an alignment that is not a power of two multiple of
// sizeof(void *) gives EINVAL and leaves the pointer as it is; setvbuf
// (stdout unbuffered, as HPC codes do for their logs) changes nothing
// written. Checked against the real run. The broken uses: the aligned
// block never freed (MEMORY_LEAK), used past its size (OUT_OF_BOUNDS),
// the EINVAL result ignored (the pointer is still NULL: NULL_DEREFERENCE).
// RUN: %expect-exit 0 %chorus verify %s --quiet --print-output | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLEAK | FileCheck %s --check-prefix=LEAK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DPAST | FileCheck %s --check-prefix=PAST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DIGNORED | FileCheck %s --check-prefix=IGNORED
// RUN: %expect-exit 139 %native %s -DIGNORED
// OUT: 22 6 3
// LEAK: verdict: violation MEMORY_LEAK at {{.*}}aligned.c:29:12 (process 0)
// PAST: verdict: violation OUT_OF_BOUNDS at {{.*}}aligned.c:35:8 (process 0)
// IGNORED: verdict: violation NULL_DEREFERENCE at {{.*}}aligned.c:27:8 (process 0)
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  double *d = NULL;
  int bad = posix_memalign((void **)&d, 24, 4 * sizeof(double));
#ifdef IGNORED
  d[0] = 1;
#endif
  int ok = posix_memalign((void **)&d, 64, 4 * sizeof(double));
  if (bad != 22 || ok != 0 || !d)
    return 1;
  for (int i = 0; i < 4; ++i)
    d[i] = i;
#ifdef PAST
  d[4] = 0;
#endif
  int *k = aligned_alloc(32, 8 * sizeof(int));
  if (!k)
    return 1;
  k[7] = 3;
  printf("%d %g %d\n", bad, d[1] + d[2] + d[3], k[7]);
  free(k);
#ifndef LEAK
  free(d);
#endif
  return 0;
}
