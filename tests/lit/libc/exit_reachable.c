// exit() does not end main's block: the memory main's locals point to is
// not lost when the program exits on an error path (LeakSanitizer and
// valgrind call it still reachable), so it is no MEMORY_LEAK; a block that
// became unreachable before the exit still is, and so is memory left
// allocated by a return from main. An atexit handler may still free
// memory a global points to.
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DLOST | FileCheck %s --check-prefix=LOST
// RUN: %expect-exit 1 %chorus verify %s --quiet -DRETURN | FileCheck %s --check-prefix=RETURN
// RUN: %asan-cc %s -o %t && %t
// OK: verdict: verified
// LOST: verdict: violation MEMORY_LEAK at {{.*}}exit_reachable.c:31:15 (process 0)
// LOST-NEXT: becomes unreachable
// RETURN: verdict: violation MEMORY_LEAK at {{.*}}exit_reachable.c:31:15 (process 0)
#include <stdio.h>
#include <stdlib.h>

static int *table;
static void cleanup(void) {
  free(table);
}

static void fail(const char *msg) {
  fprintf(stderr, "error: %s\n", msg);
  exit(1 - 1);
}

int main(void) {
  table = malloc(8 * sizeof(int));
  atexit(cleanup);
  int *work = malloc(4 * sizeof(int));
  work[0] = 1;
#ifdef LOST
  work = malloc(sizeof(int)); /* the first block is lost here */
  work[0] = 2;
#endif
#ifndef RETURN
  if (work[0] > 0)
    fail("giving up");
#endif
  return 0;
}
