// A loop that waits for the environment: rand() until it gives an even
// number. Each iteration draws a fresh value, and chorus leaves the values
// rand gives arbitrary, so the search meets a cycle of states; but it
// repeats only if the environment keeps giving values that continue the
// loop, which a real one does not (rand's values are fixed by its seed;
// the same holds for time, clock, MPI_Wtime, getenv, chorus_nondet_*).
// Such a cycle is not reported (lib/exec/DESIGN-NOTES.md, "Nontermination in
// plain verify"): verified, and the native runs end.
// -DBROKEN: the loop tests the value drawn before it, not a new one: a
// real hang when that value is odd (NONTERMINATION; the native run's first
// rand() is odd with glibc's default seed, and hangs: exit 124).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefixes=OK,NOPROMISE
// RUN: %expect-exit 0 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBROKEN | FileCheck %s --check-prefix=BROKEN
// RUN: %expect-exit 124 %native --timeout 3 -DBROKEN %s
// OK: verdict: verified
// BROKEN: verdict: violation NONTERMINATION at {{.*}}environment.c:23:3 (process 0)
#include <stdlib.h>

int main(void) {
  int r = rand();
#ifdef BROKEN
  while (r % 2 != 0)
    ;
#else
  while (rand() % 2 != 0)
    ;
#endif
  return r < 0;
}
// NOPROMISE-NOT: every explored execution terminates
// RUN: %expect-exit 0 %chorus verify %s --quiet --json %t.json > /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "terminates": false,
// JSON-NEXT: "terminationNote": "a cycle that draws values from the environment (rand, time, ...) can repeat as long as the values continue it (process 0 at line 26)",
// The HTML report says why termination is not promised.
// RUN: %expect-exit 0 %chorus verify %s --quiet --html %t.html > /dev/null
// RUN: FileCheck %s --check-prefix=HTML < %t.html
// HTML: <div id="termination"><b>termination not promised</b>: a cycle that draws values from the environment (rand, time, ...) can repeat as long as the values continue it (process 0 at line 26).</div>
