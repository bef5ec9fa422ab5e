// verify --contract f: the paths of a local fork are merged (lib/exec/
// DESIGN-NOTES.md "Merging the paths of a local fork"). Each rank's loop
// `i < n` (0 <= n <= 3) forks into four paths; where they reach the
// reduction with states that differ only in scalar values (sum, cnt) and in
// the path condition, they become one state whose values are
// ite(path's own condition, value, ...) under the disjunction of the paths'
// conditions. A merge must not hide a violation on one of the paths: each
// broken variant below breaks one path only, before the merge point, at it,
// or after it on a merged value.
// RUN: %expect-exit 0 %chorus verify --float real %s --contract total -n 1..4 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
// The four paths of each rank are one: a single execution at -n 5 (4^5
// without the merge).
// RUN: %expect-exit 0 %chorus verify --float real %s --contract total -n 5 | FileCheck %s --check-prefix=ONE
// ONE: verdict: verified
// ONE: executions{{ +}}1{{$}}
//
// One path's value wrong (n == 2 only): the postcondition, checked on the
// merged state, is refuted.
// RUN: %expect-exit 1 %chorus verify --float real %s --contract total -n 3 -DTWO --quiet | FileCheck %s --check-prefix=TWO
// TWO: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}merge.c:39:7 (process 0)
//
// A violation inside one path before the merge point (n == 3: division by
// zero): the merge is given up, the usual search reports it.
// RUN: %expect-exit 1 %chorus verify --float real %s --contract total -n 2 -DDIV --quiet | FileCheck %s --check-prefix=DIV
// DIV: verdict: violation DIVISION_BY_ZERO at {{.*}}merge.c:55:11 (process 0)
//
// A violation after the merge, on one path's value of a merged variable
// (cnt == 3 indexes past the end of seen[3]).
// RUN: %expect-exit 1 %chorus verify --float real %s --contract total -n 2 -DAFTER --quiet | FileCheck %s --check-prefix=AFTER
// AFTER: verdict: violation OUT_OF_BOUNDS at {{.*}}merge.c:61:15 (process 0)
#include <mpi.h>

/*@ requires 0 <= n <= 3;
    requires \valid_read(x + (0 .. n - 1));
    mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
      ensures \result == \sum(0, \mpi_comm_size - 1, \lambda integer k;
                              \mpi_on(\sum(0, n - 1, \lambda integer t; x[t]), k));
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
double total(double *x, int n) {
  double sum = 0.0, result = 0.0;
  int cnt = 0;
  for (int i = 0; i < n; i++) {
    sum += x[i];
    cnt++;
  }
#ifdef TWO
  if (cnt == 2)
    sum = sum + 1.0;
#endif
#ifdef DIV
  cnt = 6 / (3 - n);
#endif
  MPI_Allreduce(&sum, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#ifdef AFTER
  int seen[3] = {0, 0, 0};
  if (cnt >= 0)
    seen[cnt] = 1;
#endif
  return result + 0 * cnt;
}
