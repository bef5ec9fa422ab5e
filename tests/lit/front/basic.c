// RUN: %chorus dump-model %s | FileCheck %s
// Basics: globals, recursion, ?: with calls, loops with continue, switch fall-through, assert, library calls.
#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
struct P { int x; double y; };
int g = 3;
int arr[4] = {1, 2};
static int count(int n) { return n <= 0 ? 0 : 1 + count(n - 1); }
int main(int argc, char **argv) {
  int i, s = 0;
  struct P p = {.y = 0.1};
  int *q = malloc(10 * sizeof(int));
  for (i = 0; i < 10; i++) {
    if (i == 5) continue;
    s += q[i]++;
  }
  switch (s) { case 1: s++; case 2: s--; break; default: s = 0; }
  assert(s >= 0 && g);
  printf("%d\n", s);
  free(q);
  return count(s) + p.x;
}

// CHECK: types:
// CHECK: struct P { int x; double y; }  size 16
// CHECK: globals:
// CHECK: global int g  @basic.c:7:5
// CHECK: global int[4] arr  @basic.c:8:5
// CHECK: input argc  @basic.c:10:14
// CHECK: input argv  @basic.c:10:27
// CHECK: function $init() -> void  @basic.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @basic.c:1:1
// CHECK: -> L2  g = 3  @basic.c:7:9
// CHECK: L1  @basic.c:1:1
// CHECK: L2  @basic.c:8:15
// CHECK: -> L3  arr[0] = 1  @basic.c:8:15
// CHECK: L3  @basic.c:8:18
// CHECK: -> L4  arr[1] = 2  @basic.c:8:18
// CHECK: L4  @basic.c:8:14
// CHECK: -> L5  arr[2] = 0  @basic.c:8:14
// CHECK: L5  @basic.c:8:14
// CHECK: -> L6  arr[3] = 0  @basic.c:8:14
// CHECK: L6  @basic.c:1:1
// CHECK: -> L1  return  @basic.c:1:1
// CHECK: function count(int n) -> int  @basic.c:9:12
// CHECK: locals: temp int $t0; temp int $t1;
// CHECK: entry L0, exit L1
// CHECK: L0  @basic.c:9:25
// CHECK: -> L2  [n <= 0]  skip  @basic.c:9:34
// CHECK: -> L3  [!(n <= 0)]  skip  @basic.c:9:34
// CHECK: L1  @basic.c:9:65
// CHECK: L2  @basic.c:9:34
// CHECK: -> L5  $t0 = 0  @basic.c:9:34
// CHECK: L3  @basic.c:9:51
// CHECK: -> L4  $t1 = call count(n - 1)  @basic.c:9:51
// CHECK: L4  @basic.c:9:34
// CHECK: -> L5  $t0 = 1 + $t1  @basic.c:9:34
// CHECK: L5  @basic.c:9:27
// CHECK: -> L1  return $t0  @basic.c:9:27
// CHECK: function main(int argc, char** argv) -> int  @basic.c:10:5
// CHECK: locals: local int i; local int s; local struct P p; local int* q; temp void* $t0; temp int $t1; temp int $t2; temp int $t3;
// CHECK: entry L0, exit L1
// CHECK: L0  @basic.c:10:33
// CHECK: -> L2  declare int i  @basic.c:11:7
// CHECK: L1  @basic.c:23:1
// CHECK: L2  @basic.c:11:10
// CHECK: -> L3  declare int s  @basic.c:11:10
// CHECK: L3  @basic.c:11:14
// CHECK: -> L4  s = 0  @basic.c:11:14
// CHECK: L4  @basic.c:12:12
// CHECK: -> L5  declare struct P p  @basic.c:12:12
// CHECK: L5  @basic.c:12:16
// CHECK: -> L6  p.x = 0  @basic.c:12:16
// CHECK: L6  @basic.c:12:22
// CHECK: -> L7  p.y = 0.1  @basic.c:12:22
// CHECK: L7  @basic.c:13:8
// CHECK: -> L8  declare int* q  @basic.c:13:8
// CHECK: L8  @basic.c:13:12
// CHECK: -> L9  $t0 = call malloc(10 * 4)  @basic.c:13:12
// CHECK: L9  @basic.c:13:12
// CHECK: -> L10  q = (int*)$t0  @basic.c:13:12
// CHECK: L10  @basic.c:14:10
// CHECK: -> L11  i = 0  @basic.c:14:10
// CHECK: L11 (loop head)  @basic.c:14:3
// CHECK: -> L12  [i < 10]  skip  @basic.c:14:3
// CHECK: -> L17  [!(i < 10)]  skip  @basic.c:14:3
// CHECK: L12  @basic.c:15:5
// CHECK: -> L16  [i == 5]  skip  @basic.c:15:5
// CHECK: -> L13  [!(i == 5)]  skip  @basic.c:15:5
// CHECK: L13  @basic.c:16:14
// CHECK: -> L14  $t1 = *(q +p i)  @basic.c:16:14
// CHECK: L14  @basic.c:16:14
// CHECK: -> L15  *(q +p i) = $t1 + 1  @basic.c:16:14
// CHECK: L15  @basic.c:16:7
// CHECK: -> L16  s = s + $t1  @basic.c:16:7
// CHECK: L16  @basic.c:14:24
// CHECK: -> L11  i = i + 1  @basic.c:14:24
// CHECK: L17  @basic.c:18:3
// CHECK: -> L18  [s == 1]  skip  @basic.c:18:16
// CHECK: -> L19  [s == 2]  skip  @basic.c:18:29
// CHECK: -> L20  [s != 1 && s != 2]  skip  @basic.c:18:49
// CHECK: L18  @basic.c:18:25
// CHECK: -> L19  s = s + 1  @basic.c:18:25
// CHECK: L19  @basic.c:18:38
// CHECK: -> L21  s = s - 1  @basic.c:18:38
// CHECK: L20  @basic.c:18:60
// CHECK: -> L21  s = 0  @basic.c:18:60
// CHECK: L21  @basic.c:19:3
// CHECK: -> L22  call assert(s >= 0 && g)  @basic.c:19:3
// CHECK: L22  @basic.c:20:3
// CHECK: -> L23  call printf(&"%d\n"[0], s)  @basic.c:20:3
// CHECK: L23  @basic.c:21:3
// CHECK: -> L24  call free((void*)q)  @basic.c:21:3
// CHECK: L24  @basic.c:22:10
// CHECK: -> L25  $t2 = call count(s)  @basic.c:22:10
// CHECK: L25  @basic.c:22:3
// CHECK: -> L26  $t3 = $t2 + p.x  @basic.c:22:3
// CHECK: L26  @basic.c:22:3
// CHECK: -> L27  kill q  @basic.c:22:3
// CHECK: L27  @basic.c:22:3
// CHECK: -> L28  kill p  @basic.c:22:3
// CHECK: L28  @basic.c:22:3
// CHECK: -> L29  kill s  @basic.c:22:3
// CHECK: L29  @basic.c:22:3
// CHECK: -> L30  kill i  @basic.c:22:3
// CHECK: L30  @basic.c:22:3
// CHECK: -> L1  return $t3  @basic.c:22:3
