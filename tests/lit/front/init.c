// RUN: %chorus dump-model %s | FileCheck %s
// Initializers: aggregate, designated, nested, zero-fill (loops for long
// arrays), string-initialized char arrays, static locals, globals in $init.
struct pt { int x, y; };
struct seg { struct pt a, b; char tag[4]; };
union num { int i; double d; };
int zeros[100];
struct seg gs = {.b = {.y = 7}, .tag = "ab"};
const char *msg = "hello";
int counter(void) {
  static int n = 5;
  static double m;
  return n++;
}
int main(void) {
  struct pt ps[3] = {[1] = {1, 2}, {3}};
  union num u = {.d = 0.25};
  char name[] = "ok";
  int big[20] = {1, 2, 3};
  struct pt p = ps[1];
  return counter() + p.x + big[2] + name[0] + (int)u.d;
}

// CHECK: types:
// CHECK: struct seg { struct pt a; struct pt b; char[4] tag; }  size 20
// CHECK: struct pt { int x; int y; }  size 8
// CHECK: union num { int i; double d; }  size 8
// CHECK: globals:
// CHECK: global int[100] zeros  @init.c:7:5
// CHECK: global struct seg gs  @init.c:8:12
// CHECK: global char* msg  @init.c:9:13
// CHECK: static int n  @init.c:11:14
// CHECK: static double m  @init.c:12:17
// CHECK: function $init() -> void  @init.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @init.c:1:1
// CHECK: -> L2  gs.a.x = 0  @init.c:8:17
// CHECK: L1  @init.c:1:1
// CHECK: L2  @init.c:8:17
// CHECK: -> L3  gs.a.y = 0  @init.c:8:17
// CHECK: L3  @init.c:8:23
// CHECK: -> L4  gs.b.x = 0  @init.c:8:23
// CHECK: L4  @init.c:8:29
// CHECK: -> L5  gs.b.y = 7  @init.c:8:29
// CHECK: L5  @init.c:8:40
// CHECK: -> L6  gs.tag[0] = 97  @init.c:8:40
// CHECK: L6  @init.c:8:40
// CHECK: -> L7  gs.tag[1] = 98  @init.c:8:40
// CHECK: L7  @init.c:8:40
// CHECK: -> L8  gs.tag[2] = 0  @init.c:8:40
// CHECK: L8  @init.c:8:40
// CHECK: -> L9  gs.tag[3] = 0  @init.c:8:40
// CHECK: L9  @init.c:9:19
// CHECK: -> L10  msg = &"hello"[0]  @init.c:9:19
// CHECK: L10  @init.c:11:18
// CHECK: -> L11  n = 5  @init.c:11:18
// CHECK: L11  @init.c:12:17
// CHECK: -> L12  m = 0  @init.c:12:17
// CHECK: L12  @init.c:1:1
// CHECK: -> L1  return  @init.c:1:1
// CHECK-NOT: zeros[
// CHECK: function counter() -> int  @init.c:10:5
// CHECK: locals: static int n; static double m; temp int $t0;
// CHECK: entry L0, exit L1
// CHECK: L0  @init.c:10:19
// CHECK: -> L2  $t0 = n  @init.c:13:11
// CHECK: L1  @init.c:14:1
// CHECK: L2  @init.c:13:11
// CHECK: -> L3  n = $t0 + 1  @init.c:13:11
// CHECK: L3  @init.c:13:3
// CHECK: -> L1  return $t0  @init.c:13:3
// CHECK: function main() -> int  @init.c:15:5
// CHECK: locals: local struct pt[3] ps; local union num u; local char[3] name; local int[20] big; temp int $t0; local struct pt p; temp int $t1; temp int $t2;
// CHECK: entry L0, exit L1
// CHECK: L0  @init.c:15:16
// CHECK: -> L2  declare struct pt[3] ps  @init.c:16:13
// CHECK: L1  @init.c:22:1
// CHECK: L2  @init.c:16:21
// CHECK: -> L3  ps[0].x = 0  @init.c:16:21
// CHECK: L3  @init.c:16:21
// CHECK: -> L4  ps[0].y = 0  @init.c:16:21
// CHECK: L4  @init.c:16:29
// CHECK: -> L5  ps[1].x = 1  @init.c:16:29
// CHECK: L5  @init.c:16:32
// CHECK: -> L6  ps[1].y = 2  @init.c:16:32
// CHECK: L6  @init.c:16:37
// CHECK: -> L7  ps[2].x = 3  @init.c:16:37
// CHECK: L7  @init.c:16:36
// CHECK: -> L8  ps[2].y = 0  @init.c:16:36
// CHECK: L8  @init.c:17:13
// CHECK: -> L9  declare union num u  @init.c:17:13
// CHECK: L9  @init.c:17:23
// CHECK: -> L10  u.d = 0.25  @init.c:17:23
// CHECK: L10  @init.c:18:8
// CHECK: -> L11  declare char[3] name  @init.c:18:8
// CHECK: L11  @init.c:18:17
// CHECK: -> L12  name[0] = 111  @init.c:18:17
// CHECK: L12  @init.c:18:17
// CHECK: -> L13  name[1] = 107  @init.c:18:17
// CHECK: L13  @init.c:18:17
// CHECK: -> L14  name[2] = 0  @init.c:18:17
// CHECK: L14  @init.c:19:7
// CHECK: -> L15  declare int[20] big  @init.c:19:7
// CHECK: L15  @init.c:19:18
// CHECK: -> L16  big[0] = 1  @init.c:19:18
// CHECK: L16  @init.c:19:21
// CHECK: -> L17  big[1] = 2  @init.c:19:21
// CHECK: L17  @init.c:19:24
// CHECK: -> L18  big[2] = 3  @init.c:19:24
// CHECK: L18  @init.c:19:17
// CHECK: -> L19  $t0 = 3  @init.c:19:17
// CHECK: L19 (loop head)  @init.c:19:17
// CHECK: -> L20  [$t0 < 20]  skip  @init.c:19:17
// CHECK: -> L22  [!($t0 < 20)]  skip  @init.c:19:17
// CHECK: L20  @init.c:19:17
// CHECK: -> L21  big[$t0] = 0  @init.c:19:17
// CHECK: L21  @init.c:19:17
// CHECK: -> L19  $t0 = $t0 + 1  @init.c:19:17
// CHECK: L22  @init.c:20:13
// CHECK: -> L23  declare struct pt p  @init.c:20:13
// CHECK: L23  @init.c:20:17
// CHECK: -> L24  p = ps[1]  @init.c:20:17
// CHECK: L24  @init.c:21:10
// CHECK: -> L25  $t1 = call counter()  @init.c:21:10
// CHECK: L25  @init.c:21:3
// CHECK: -> L26  $t2 = $t1 + p.x + big[2] + name[0] + (int)u.d  @init.c:21:3
// CHECK: L26  @init.c:21:3
// CHECK: -> L27  kill p  @init.c:21:3
// CHECK: L27  @init.c:21:3
// CHECK: -> L28  kill big  @init.c:21:3
// CHECK: L28  @init.c:21:3
// CHECK: -> L29  kill name  @init.c:21:3
// CHECK: L29  @init.c:21:3
// CHECK: -> L30  kill u  @init.c:21:3
// CHECK: L30  @init.c:21:3
// CHECK: -> L31  kill ps  @init.c:21:3
// CHECK: L31  @init.c:21:3
// CHECK: -> L1  return $t2  @init.c:21:3
// Static storage starts zeroed in the engine's initial state: $init has no
// zero-fill loop for the array `zeros` (and writes explicit zeros only for
// short aggregates such as gs).
