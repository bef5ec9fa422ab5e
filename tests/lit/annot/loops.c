// ACSL loop annotations, checked at every arrival at the loop head: the
// invariant when the loop is entered and after every iteration
// (LOOP_INVARIANT, at the invariant), `loop assigns` as a frame condition
// between the loop's entry and every later arrival (ASSIGNS, at the
// clause), `loop variant` non-negative at the start of every iteration and
// decreasing (LOOP_VARIANT, at the variant). The loop of sumto is entered
// once per call (the entry is recorded anew each time).
//
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DENTRY --quiet | FileCheck %s --check-prefix=ENTRY
// ENTRY: verdict: violation LOOP_INVARIANT at {{.*}}loops.c:60:7 (process 0)
// ENTRY-NEXT: the 'loop invariant 1 <= i && i <= m' may not hold when the loop is entered
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DPRESERVE --quiet | FileCheck %s --check-prefix=PRESERVE
// PRESERVE: verdict: violation LOOP_INVARIANT at {{.*}}loops.c:61:7 (process 0)
// PRESERVE-NEXT: the 'loop invariant s == i * (i - 1) / 2' may not be preserved by an iteration of the loop
// PRESERVE: loop annotation: s = {{[0-9]+}} and i = {{[0-9]+}}
//
// The arrival that exits the loop is checked too (i == m there):
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DEXITINV --quiet | FileCheck %s --check-prefix=EXITINV
// EXITINV: verdict: violation LOOP_INVARIANT at {{.*}}loops.c:62:7 (process 0)
// EXITINV-NEXT: the 'loop invariant i < m || m == 0' may not be preserved by an iteration of the loop
// EXITINV: loop annotation: i = 1 and m = 1
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DASSIGNS --quiet | FileCheck %s --check-prefix=ASSIGNS
// ASSIGNS: verdict: violation ASSIGNS at {{.*}}loops.c:63:7 (process 0)
// ASSIGNS-NEXT: 'calls' changed (from 0 to 1) but is not in 'loop assigns i, s' ({{.*}}loops.c:63:7)
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DVARIANT --quiet | FileCheck %s --check-prefix=VARIANT
// VARIANT: verdict: violation LOOP_VARIANT at {{.*}}loops.c:85:7 (process 0)
// VARIANT-NEXT: the 'loop variant k' ({{.*}}loops.c:85:7) may not decrease in an iteration of the loop
//
// RUN: %expect-exit 1 %chorus verify %s -n 1 -DNEGATIVE --quiet | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: verdict: violation LOOP_VARIANT at {{.*}}loops.c:85:7 (process 0)
// NEGATIVE-NEXT: the 'loop variant n - k - 2' ({{.*}}loops.c:85:7) may be negative at the start of an iteration
#pragma TASS input {n >= 0 && n <= 4}
int n;
int calls;

#ifdef ENTRY
#define LO 1
#else
#define LO 0
#endif
#ifdef EXITINV
#define LAST i < m || m == 0
#else
#define LAST i <= m
#endif
#ifdef PRESERVE
#define STEP(s, i) ((s) + (i) + 1)
#else
#define STEP(s, i) ((s) + (i))
#endif

int sumto(int m) {
  int i = 0, s = 0;
  /*@ loop invariant LO <= i <= m;
      loop invariant s == i * (i - 1) / 2;
      loop invariant LAST;
      loop assigns i, s; */
  while (i < m) {
    s = STEP(s, i);
    i++;
#ifdef ASSIGNS
    calls = 1;
#endif
  }
  return s;
}

#ifdef VARIANT
#define MEASURE k
#elif defined(NEGATIVE)
#define MEASURE n - k - 2
#else
#define MEASURE n - k
#endif

int main(void) {
  int k = 0, t = 0;
  /*@ loop invariant 0 <= k <= n;
      loop variant MEASURE; */
  do {
    if (k == n)
      break;
    t += sumto(k);
    k++;
  } while (1);
  return t >= 0 ? 0 : 1;
}
