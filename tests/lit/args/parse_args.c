// main's arguments. With `-- ARGS` they are the given strings (argv[0] is
// the file name without .c, argv[argc] is NULL); without, argc ranges over
// 1..4 and each argument is a string of symbolic characters (length 0..4,
// here 0..2 to keep the test short),
// so an argument-dependent bug is found with the argument that shows it.
// The broken variant accepts n = 9 for an array of 8; without the check
// of argc, argv[2] is NULL when one argument is given.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -- 8 out.txt | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet --max-arg-length 2 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DBROKEN -- 8 out.txt | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN -- 9 out.txt | FileCheck %s --check-prefix=BAD
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN --max-arg-length 2 | FileCheck %s --check-prefix=BAD-SYM
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -- 3 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DNOCHECK -- 3 | FileCheck %s --check-prefix=NOCHECK
// RUN: %expect-exit 0 %native %s -- 8 out.txt
// RUN: %expect-exit 0 %native -DBROKEN %s -- 8 out.txt
// RUN: %expect-exit 1 %native %s -- 3
// RUN: %expect-exit 139 %native -DNOCHECK %s -- 3
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}parse_args.c:48:10 (process 0)
// BAD-SYM: verdict: violation OUT_OF_BOUNDS at {{.*}}parse_args.c:48:10 (process 0)
// BAD-SYM: inputs:
// BAD-SYM-NEXT: argc = 3
// BAD-SYM-NEXT: argv[1] = "{{[ \\0-9]*}}9"
// BAD-SYM-NEXT: argv[2] = "{{.*}}"
// NOCHECK: verdict: violation NULL_DEREFERENCE at {{.*}}parse_args.c:48:17 (process 0)
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#ifdef BROKEN
#define LIMIT 9
#else
#define LIMIT 8
#endif

int main(int argc, char **argv) {
  assert(argv[argc] == NULL && strcmp(argv[0], "parse_args") <= 0);
#ifndef NOCHECK
  if (argc != 3) // usage: parse_args N FILE
    return 1;
#endif
  int n = atoi(argv[1]);
  if (n < 0 || n > LIMIT)
    return 0;
  int a[8];
  for (int i = 0; i < n; i++)
    a[i] = (int)strlen(argv[2]);
  return n > 0 && a[0] != (int)strlen(argv[2]);
}
// Bad options: exit 3 with a message.
// RUN: %expect-exit 3 %chorus verify %s -n 1 --max-args x 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: chorus: error: --max-args needs a number from 0 to 64
