// --time-limit bounds the whole search, also when each move asks the prover
// slow questions (nonlinear real arithmetic on the symbolic values rand()
// returns: every fork and every simplification after it is a query of up
// to 2 s). Before, the limit was checked every 64 moves and the prover
// was asked regardless: a Monte Carlo estimate of pi with --time-limit 5
// ran for more than 8 minutes (found by the new-user trial). Now the
// oracle answers MAYBE past the limit (never a violation) and the search
// stops at the next move with unknown.
// RUN: %expect-exit 2 timeout 240 %chorus verify %s --quiet --time-limit 3 | FileCheck %s
// CHECK: verdict: unknown (time-limit reached)
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  srand(12345);
  long hits = 0;
  for (long i = 0; i < 20; i++) {
    double x = rand() / (double)RAND_MAX, y = rand() / (double)RAND_MAX;
    if (x * x + y * y <= 1.0)
      hits++;
  }
  printf("%s\n", hits > 0 ? "some" : "none");
  return 0;
}
