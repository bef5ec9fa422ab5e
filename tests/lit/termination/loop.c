// A sequential loop that never ends (found by a new-user trial: plain
// verify printed `verified`): k stays 0, so `while (k == 0)` runs forever.
// The state after each iteration is the one before it, so the search
// meets a cycle of states in which the only process moves: a fair cycle,
// NONTERMINATION at the move that closes it, with the trace marking where
// the cycle starts; `chorus replay` of its JSON trace confirms the cycle. The native run hangs (killed after 3 s: exit 124).
// -DFIXED: k = k + 1 ends the loop: verified, and the native run exits 0.
// RUN: %expect-exit 1 %chorus verify %s | FileCheck %s
// RUN: %expect-exit 124 %native --timeout 3 %s
// RUN: %expect-exit 0 %chorus verify %s -DFIXED --quiet | FileCheck %s --check-prefix=FIXED
// RUN: %expect-exit 0 %native -DFIXED %s
// RUN: %expect-exit 1 %chorus verify %s --quiet --json %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %expect-exit 1 %chorus replay %t.json | FileCheck %s --check-prefix=REPLAY
// CHECK: verdict: violation NONTERMINATION at {{.*}}loop.c:37:7 (process 0)
// CHECK-NEXT: this move returns to an earlier state of the execution: the cycle can repeat forever and every process or thread that can move in it takes part (a fair cycle: process 0 over lines 33-37), so the program does not terminate
// CHECK: trace: 1 step, 5 moves
// CHECK: 3. [p0] {{.*}}loop.c:32:11: k = 0
// CHECK-NEXT: k = 0
// CHECK-NEXT: -- the cycle starts here: moves 4-5 return to the state before move 4 and repeat forever --
// CHECK-NEXT: 4. [p0] {{.*}}loop.c:33:3: [k == 0]
// CHECK-NEXT: 5. [p0] {{.*}}loop.c:37:7: k = k * 2
// CHECK-NEXT: k = 0
// CHECK-NEXT: inputs: (none)
// FIXED: verdict: verified
// JSON: "kind": "NONTERMINATION", "location": {"file": "{{.*}}loop.c", "line": 37, "col": 7}, "process": 0
// JSON: "cycleStart": 4,
// REPLAY: -- the cycle starts here: moves 4-5 return to the state before move 4 and repeat forever --
// REPLAY: replay: violation NONTERMINATION at {{.*}}loop.c:37:7 confirmed (5 moves)

int main(void) {
  int k = 0;
  while (k == 0)
#ifdef FIXED
    k = k + 1;
#else
    k = k * 2;
#endif
  return 0;
}
// FIXED-NEXT: every explored execution terminates: the explored state graph has no fair cycle
