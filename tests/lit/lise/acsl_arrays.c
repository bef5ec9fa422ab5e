// ACSL `loop invariant` (the single-process form of LISE, seed 004 §1.1)
// over global arrays whose length is an input (`double c[N]`, N unbounded):
// c[i] = a[i] + b[i] with the invariant "the first i elements are done".
// Three false reports were found here (issue 12) and fixed:
// * a quantifier over a symbolic range (`\forall k; 0 <= k < i`, i havocked)
//   is evaluated with k as a free constant under its range; the prover's
//   slicing dropped the range (k is a bound variable, not a symbol) and the
//   correct index c[k] was "out of bounds" (lib/symbolic/Prover.cpp,
//   linkSymbols);
// * a macro over an input macro (`#define LAST (N - 1)`) was folded as a
//   named constant with N's default value, so `i <= LAST` ran to 4 for N = 1
//   (lib/front/Lower.cpp, mentionsInputMacro);
// * a model query for one symbol's value extracted every array of the model
//   (lengths in the thousands): the search stalled for minutes; and the
//   replay of a possible violation took the prover's first model (N = 29405),
//   now one with small integers first (lib/search/Search.cpp, smallModel).
//
// Double and int elements, with and without `loop assigns` (without it the
// write set is computed): verified for every N.
// (--float real for the double elements: ACSL's `a[k] + b[k]` is the exact
// sum, C's is rounded with IEEE doubles, and the invariant holds over the
// reals, as in the seed)
// RUN: %expect-exit 0 %chorus verify %s --float real --lise --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --float real --lise -DNOASSIGNS --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s --lise -DELEM=int --no-overflow-check --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified (all input sizes: loops under invariants proved by LISE
//
// int elements with the overflow check: a[i] + b[i] overflows for large
// inputs, a real defect: gcc's UBSan reports it with a[0] = INT_MAX, b[0] = 1.
// RUN: %expect-exit 1 %chorus verify %s --lise -DELEM=int --quiet | FileCheck %s --check-prefix=OVF
// OVF: verdict: violation SIGNED_OVERFLOW at {{.*}}acsl_arrays.c:105:17 (process 0)
// RUN: gcc -g -w -fsanitize=undefined -fno-sanitize-recover=all -DELEM=int -DNATIVE -DMAXIN %s -o %t.ovf
// RUN: not %t.ovf 2>&1 | FileCheck %s --check-prefix=UBSAN
// UBSAN: acsl_arrays.c:105:{{[0-9]+}}: runtime error: signed integer overflow
//
// Off by one in the loop bound (i <= N): the write c[N] is out of bounds in
// the last iteration, found after the havoc and confirmed by a concrete run
// (N = 1 or 2), as gcc's AddressSanitizer reports for a native run (N = 5).
// (z3's evaluation of the counterexample's model once grew to gigabytes
// here: it is interrupted after 1 s, values not evaluated are left free.)
// RUN: %expect-exit 1 %chorus verify %s --float real --lise -DOFFBYONE --quiet | FileCheck %s --check-prefix=OFF
// RUN: %expect-exit 1 %chorus verify %s --float real --lise -DOFFBYONE -DNOASSIGNS --time-limit 400 --quiet | FileCheck %s --check-prefix=OFF
// OFF: verdict: violation OUT_OF_BOUNDS at {{.*}}acsl_arrays.c:105:10 (process 0)
// OFF-NEXT: {{(confirmed|found)}} by a concrete run
// RUN: %asan-cc -DOFFBYONE -DNATIVE %s -o %t.asan
// RUN: not %t.asan 2>&1 | FileCheck %s --check-prefix=ASAN
// ASAN: global-buffer-overflow
// ASAN: acsl_arrays.c:105
// The correct program runs clean under AddressSanitizer.
// RUN: %asan-cc -DNATIVE %s -o %t.ok && %t.ok
//
// Off by one in the invariant (k <= i: the element about to be written is
// claimed done): false on entry, a real execution (LOOP_INVARIANT).
// RUN: %expect-exit 1 %chorus verify %s --float real --lise -DINVOFF --quiet | FileCheck %s --check-prefix=INV
// INV: verdict: violation LOOP_INVARIANT at {{.*}}acsl_arrays.c:101:7 (process 0)
// INV-NOT: possible
#include <assert.h>
#include <limits.h>

#ifndef ELEM
#define ELEM double
#endif

#pragma TASS input {N >= 1} int
#define N 5
#pragma TASS input
ELEM a[N];
#pragma TASS input
ELEM b[N];
#ifdef DIM2
ELEM c[2][N]; // row 1 is the sum
#define C(k) c[1][k]
#else
ELEM c[N];
#define C(k) c[k]
#endif
#ifdef OFFBYONE
#define LAST N
#else
#define LAST (N - 1)
#endif
#ifdef INVOFF
#define UPTO <=
#else
#define UPTO <
#endif
#pragma TASS input {0 <= K && K < N} int
#define K 0

int main(void) {
#ifdef MAXIN
  a[0] = INT_MAX;
  b[0] = 1;
#endif
  int i = 0;
#ifdef NOASSIGNS
  /*@ loop invariant 0 <= i <= LAST + 1;
      loop invariant \forall int k; 0 <= k UPTO i ==> C(k) == a[k] + b[k]; */
#else
  /*@ loop invariant 0 <= i <= LAST + 1;
      loop invariant \forall int k; 0 <= k UPTO i ==> C(k) == a[k] + b[k];
      loop assigns i, C(0 .. N - 1); */
#endif
  while (i <= LAST) {
    C(i) = a[i] + b[i];
    i++;
  }
#ifndef NATIVE
  assert(C(K) == a[K] + b[K]);
#endif
  return 0;
}

// The off-by-one's second line: z3 leaves the havoc's satisfiability query
// undecided in some runs (main's too): LISE then ends unknown and the bounded
// runs with small inputs that follow find the violation; either way a
// concrete run reports it.
