// strerror gives glibc's message for an error number, in a string owned by
// the C library (free() of it is INVALID_FREE); perror writes "s: message"
// to stderr. errno is not modelled: perror's message is shown as
// "strerror(errno)" in the trace (stderr only, never part of the verdict).
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DTRACE | FileCheck %s --check-prefix=TRACE
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DFREE | FileCheck %s --check-prefix=FREE
// RUN: %expect-exit 2 %chorus verify %s -n 1 --quiet -DSYMBOLIC | FileCheck %s --check-prefix=SYMBOLIC
// RUN: %expect-exit 0 %native %s | FileCheck %s --check-prefix=NATIVE
// OK: verdict: verified
// TRACE: verdict: violation ASSERTION at {{.*}}strerror.c:34:3 (process 0)
// TRACE: strerror: "No such file or directory"
// TRACE: stderr: opening params.txt: strerror(errno)
// FREE: verdict: violation INVALID_FREE at {{.*}}strerror.c:37:3 (process 0)
// SYMBOLIC: verdict: unknown (unsupported: strerror of a symbolic error number at {{.*}}strerror.c:40:3)
// NATIVE: No such file or directory|Permission denied
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma TASS input
int E;

int main(void) {
  const char *m = strerror(ENOENT);
  assert(strcmp(m, "No such file or directory") == 0);
  assert(strlen(strerror(EACCES)) == 17);
  printf("%s|%s\n", m, strerror(EACCES));
  perror("opening params.txt");
  perror(NULL);
#ifdef TRACE
  assert(m[0] == 'X');
#endif
#ifdef FREE
  free((void *)m);
#endif
#ifdef SYMBOLIC
  strerror(E);
#endif
  return 0;
}
