// RUN: %chorus dump-model %s | FileCheck %s
// Annotations: inputs (variable, macro), output, contract, collective assert/invariant, loop annotation.
#include <mpi.h>
#pragma TASS input {N > 1 && N <= 10} int
#define N 10
#pragma TASS input {B >= 0}
int B;
#pragma TASS output
double sum;
double a[N];
#pragma CIVL ACSL
/*@ requires n >= 0;
  @ ensures \result == n;
  @*/
int id(int n) { return n; }
int main(int argc, char **argv) {
  int rank, i = 0, nprocs;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma TASS collective assert A1 rank >= 0 && PROC[0].rank == 0
  sum = 0;
#pragma TASS collective invariant I1 i <= N
  while (i < N) { sum += a[i]; i++; }
  /*@ loop invariant 0 <= i <= N;
    @ loop assigns i;
    @*/
  for (i = 0; i < N; i++) ;
  MPI_Finalize();
  return id(0);
}

// CHECK: globals:
// CHECK: global int N  @annotations.c:5:9
// CHECK: global int B  @annotations.c:7:5
// CHECK: global double sum  @annotations.c:9:8
// CHECK: global double[*] a  @annotations.c:10:8
// CHECK: input N (macro N) {N > 1 && N <= 10}  @annotations.c:4:14
// CHECK: input B {B >= 0}  @annotations.c:6:14
// CHECK: input argc  @annotations.c:16:14
// CHECK: input argv  @annotations.c:16:27
// CHECK: output sum  @annotations.c:8:14
// CHECK: function $init() -> void  @annotations.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @annotations.c:1:1
// CHECK: -> L2  sum = 0  @annotations.c:9:8
// CHECK: L1  @annotations.c:1:1
// CHECK: L2  @annotations.c:1:1
// CHECK: -> L1  return  @annotations.c:1:1
// CHECK: function id(int n) -> int  @annotations.c:15:5
// CHECK: entry L0, exit L1
// CHECK: L0  @annotations.c:15:15
// CHECK: -> L1  return n  @annotations.c:15:17
// CHECK: L1  @annotations.c:15:27
// CHECK: contract  @annotations.c:12:5
// CHECK: local:
// CHECK: requires n >= 0  @annotations.c:12:5
// CHECK: ensures \result == n  @annotations.c:13:5
// CHECK: function main(int argc, char** argv) -> int  @annotations.c:16:5
// CHECK: locals: local int rank; local int i; local int nprocs; temp int $t0; temp int $t1;
// CHECK: entry L0, exit L1
// CHECK: L0  @annotations.c:16:33
// CHECK: -> L2  declare int rank  @annotations.c:17:7
// CHECK: L1  @annotations.c:30:1
// CHECK: L2  @annotations.c:17:13
// CHECK: -> L3  declare int i  @annotations.c:17:13
// CHECK: L3  @annotations.c:17:17
// CHECK: -> L4  i = 0  @annotations.c:17:17
// CHECK: L4  @annotations.c:17:20
// CHECK: -> L5  declare int nprocs  @annotations.c:17:20
// CHECK: L5  @annotations.c:18:3
// CHECK: -> L6  call MPI_Init(&argc, &argv)  @annotations.c:18:3
// CHECK: L6  @annotations.c:19:3
// CHECK: -> L7  call MPI_Comm_rank(MPI_COMM_WORLD, &rank)  @annotations.c:19:3
// CHECK: L7  @annotations.c:21:3
// CHECK: -> L8  sum = (double)0  @annotations.c:21:7
// CHECK: L8 (loop head)  @annotations.c:23:3
// CHECK: -> L9  [i < N]  skip  @annotations.c:23:3
// CHECK: -> L11  [!(i < N)]  skip  @annotations.c:23:3
// CHECK: L9  @annotations.c:23:23
// CHECK: -> L10  sum = sum + a[i]  @annotations.c:23:23
// CHECK: L10  @annotations.c:23:33
// CHECK: -> L8  i = i + 1  @annotations.c:23:33
// CHECK: L11  @annotations.c:27:10
// CHECK: -> L12  i = 0  @annotations.c:27:10
// CHECK: L12 (loop head)  @annotations.c:27:3
// CHECK: -> L13  [i < N]  skip  @annotations.c:27:3
// CHECK: -> L14  [!(i < N)]  skip  @annotations.c:27:3
// CHECK: L13  @annotations.c:27:23
// CHECK: -> L12  i = i + 1  @annotations.c:27:23
// CHECK: L14  @annotations.c:28:3
// CHECK: -> L15  call MPI_Finalize()  @annotations.c:28:3
// CHECK: L15  @annotations.c:29:10
// CHECK: -> L16  $t0 = call id(0)  @annotations.c:29:10
// CHECK: L16  @annotations.c:29:3
// CHECK: -> L17  $t1 = $t0  @annotations.c:29:3
// CHECK: L17  @annotations.c:29:3
// CHECK: -> L18  kill nprocs  @annotations.c:29:3
// CHECK: L18  @annotations.c:29:3
// CHECK: -> L19  kill i  @annotations.c:29:3
// CHECK: L19  @annotations.c:29:3
// CHECK: -> L20  kill rank  @annotations.c:29:3
// CHECK: L20  @annotations.c:29:3
// CHECK: -> L1  return $t1  @annotations.c:29:3
// CHECK: loop annotation at L12  @annotations.c:24:7
// CHECK: loop invariant 0 <= i && i <= N
// CHECK: loop assigns i
// CHECK: collective assert A1 at L7: rank >= 0 && PROC[0].rank == 0  @annotations.c:20:14
// CHECK: collective invariant I1 at L8: i <= N  @annotations.c:22:14
