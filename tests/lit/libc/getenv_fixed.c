// --env fixes what getenv returns: `--env NAME=VALUE` the string VALUE (in
// a block owned by the C library), `--env NAME` NULL (not set); the run is
// then the real run with that environment. Other names stay NULL or a
// symbolic string. `--env` without a name is a usage error (exit 3).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --env NTHREADS=12 --env CHORUS_UNSET --print-output | FileCheck %s --check-prefix=OK
// RUN: env -u CHORUS_UNSET NTHREADS=12 %native %s | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet --env NTHREADS=0 --env CHORUS_UNSET | FileCheck %s --check-prefix=ZERO
// RUN: env -u CHORUS_UNSET NTHREADS=0 %expect-exit 134 %native %s
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet --env NTHREADS=4 --env CHORUS_UNSET=yes | FileCheck %s --check-prefix=SET
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet --env CHORUS_UNSET | FileCheck %s --check-prefix=ANY
// RUN: %expect-exit 3 %chorus verify %s -n 1 --env =3 2>&1 | FileCheck %s --check-prefix=USAGE
// OK: 12 threads
// OK: verdict: verified
// NATIVE: 12 threads
// ZERO: verdict: violation ASSERTION at {{.*}}getenv_fixed.c:26:3 (process 0)
// SET: verdict: violation ASSERTION at {{.*}}getenv_fixed.c:27:3 (process 0)
// ANY: verdict: violation ASSERTION at {{.*}}getenv_fixed.c:26:3 (process 0)
// USAGE: --env needs NAME=VALUE or NAME
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const char *s = getenv("NTHREADS");
  int n = atoi(s);
  assert(n > 0);
  assert(getenv("CHORUS_UNSET") == NULL);
  printf("%d threads\n", n);
  return 0;
}
