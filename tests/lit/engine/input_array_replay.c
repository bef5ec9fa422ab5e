// An input array of input length refuted: the counterexample gives the
// array as a concrete element list {v0, ...} of the model's length, and the
// replay fixes it (the violation is confirmed with concrete values).
// RUN: %expect-exit 1 %chorus verify %s -n 1 --json %t.json | FileCheck %s
// RUN: %expect-exit 1 %chorus replay %t.json | FileCheck %s --check-prefix=REPLAY
// CHECK: verdict: violation ASSERTION at {{.*}}input_array_replay.c:22:3 (process 0)
// CHECK: inputs:
// CHECK-NEXT: N = [[N:[1-3]]]
// CHECK-NEXT: a = {{{-?[0-9]+(, -?[0-9]+)*}}}
// REPLAY: inputs: N = {{[1-3]}}, a = {{{-?[0-9]+(, -?[0-9]+)*}}}
// REPLAY: replay: violation ASSERTION at {{.*}}input_array_replay.c:22:3 confirmed
#include <assert.h>
#pragma TASS input {N >= 1 && N <= 3} int
#define N 4
#pragma TASS input
int a[N];

int main(void) {
  int s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] % 100; /* each term in -99 .. 99: no signed overflow */
  assert(s != 7);
  return 0;
}
