// IEEE doubles (--float ieee, the default): 0.1 is the double nearest to
// 1/10, slightly more than it, and the sum of ten of them is rounded at each
// step: the loop runs 11 times in the real run (gcc, x86-64), so the
// assertion fails there and chorus reports it. Over the reals (--float real,
// the seeds' semantics) it runs 10 times and the program is verified.
// RUN: %expect-exit 134 %native %s
// RUN: %expect-exit 1 %chorus verify %s --quiet | FileCheck %s --check-prefix=IEEE
// RUN: %expect-exit 1 %chorus verify %s --float ieee --quiet | FileCheck %s --check-prefix=IEEE
// RUN: %expect-exit 0 %chorus verify %s --float real --quiet | FileCheck %s --check-prefix=REAL
// RUN: %expect-exit 3 %chorus verify %s --float binary64 2>&1 | FileCheck %s --check-prefix=BADOPT
// IEEE: verdict: violation ASSERTION at {{.*}}loop.c:23:3 (process 0)
// REAL: verdict: verified
// BADOPT: --float needs ieee or real
#include <assert.h>

int main(void) {
  double t = 0.0;
  int n = 0;
  while (t < 1.0) {
    t += 0.1;
    n++;
  }
  assert(n == 10); /* real run: n == 11 */
  return 0;
}
