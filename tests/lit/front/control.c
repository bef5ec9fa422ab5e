// RUN: %chorus dump-model %s | FileCheck %s
// Control flow: if/else, while, do, for with break/continue, nested switch
// with default in the middle, goto backwards, block scopes with kills.
int main(void) {
  int s = 0;
  for (int i = 0; i < 3; i++) {
    int t = i;
    if (t == 1)
      continue;
    else if (t == 2)
      break;
    s += t;
  }
  do {
    s--;
  } while (s > 0);
  while (s < 5) {
    switch (s) {
    case 0:
      s = 2;
    default:
      s++;
      break;
    case 3: {
      int z = 1;
      s += z;
      break;
    }
    }
  }
again:
  if (s < 10) {
    int w = 1;
    s += w;
    goto again;
  }
  return s;
}

// CHECK: globals:
// CHECK: function $init() -> void  @control.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @control.c:1:1
// CHECK: -> L1  return  @control.c:1:1
// CHECK: L1  @control.c:1:1
// CHECK: function main() -> int  @control.c:4:5
// CHECK: locals: local int s; local int i; local int t; local int z; local int w; temp int $t0;
// CHECK: entry L0, exit L1
// CHECK: L0  @control.c:4:16
// CHECK: -> L2  declare int s  @control.c:5:7
// CHECK: L1  @control.c:38:1
// CHECK: L2  @control.c:5:11
// CHECK: -> L3  s = 0  @control.c:5:11
// CHECK: L3  @control.c:6:12
// CHECK: -> L4  declare int i  @control.c:6:12
// CHECK: L4  @control.c:6:16
// CHECK: -> L5  i = 0  @control.c:6:16
// CHECK: L5 (loop head)  @control.c:6:3
// CHECK: -> L6  [i < 3]  skip  @control.c:6:3
// CHECK: -> L15  [!(i < 3)]  skip  @control.c:6:3
// CHECK: L6  @control.c:7:9
// CHECK: -> L7  declare int t  @control.c:7:9
// CHECK: L7  @control.c:7:13
// CHECK: -> L8  t = i  @control.c:7:13
// CHECK: L8  @control.c:8:5
// CHECK: -> L9  [t == 1]  skip  @control.c:8:5
// CHECK: -> L10  [!(t == 1)]  skip  @control.c:8:5
// CHECK: L9  @control.c:9:7
// CHECK: -> L14  kill t  @control.c:9:7
// CHECK: L10  @control.c:10:10
// CHECK: -> L11  [t == 2]  skip  @control.c:10:10
// CHECK: -> L12  [!(t == 2)]  skip  @control.c:10:10
// CHECK: L11  @control.c:11:7
// CHECK: -> L15  kill t  @control.c:11:7
// CHECK: L12  @control.c:12:7
// CHECK: -> L13  s = s + t  @control.c:12:7
// CHECK: L13  @control.c:13:3
// CHECK: -> L14  kill t  @control.c:13:3
// CHECK: L14  @control.c:6:27
// CHECK: -> L5  i = i + 1  @control.c:6:27
// CHECK: L15  @control.c:13:3
// CHECK: -> L16  kill i  @control.c:13:3
// CHECK: L16 (loop head)  @control.c:14:3
// CHECK: -> L17  s = s - 1  @control.c:15:6
// CHECK: L17  @control.c:16:12
// CHECK: -> L16  [s > 0]  skip  @control.c:16:12
// CHECK: -> L18  [!(s > 0)]  skip  @control.c:16:12
// CHECK: L18 (loop head)  @control.c:17:3
// CHECK: -> L19  [s < 5]  skip  @control.c:17:3
// CHECK: -> L26  [!(s < 5)]  skip  @control.c:17:3
// CHECK: L19  @control.c:18:5
// CHECK: -> L20  [s == 0]  skip  @control.c:19:5
// CHECK: -> L22  [s == 3]  skip  @control.c:24:5
// CHECK: -> L21  [s != 0 && s != 3]  skip  @control.c:21:5
// CHECK: L20  @control.c:20:9
// CHECK: -> L21  s = 2  @control.c:20:9
// CHECK: L21  @control.c:22:8
// CHECK: -> L18  s = s + 1  @control.c:22:8
// CHECK: L22  @control.c:25:11
// CHECK: -> L23  declare int z  @control.c:25:11
// CHECK: L23  @control.c:25:15
// CHECK: -> L24  z = 1  @control.c:25:15
// CHECK: L24  @control.c:26:9
// CHECK: -> L25  s = s + z  @control.c:26:9
// CHECK: L25  @control.c:27:7
// CHECK: -> L18  kill z  @control.c:27:7
// CHECK: L26  @control.c:31:1
// CHECK: -> L27  [s < 10]  skip  @control.c:32:3
// CHECK: -> L31  [!(s < 10)]  skip  @control.c:32:3
// CHECK: L27  @control.c:33:9
// CHECK: -> L28  declare int w  @control.c:33:9
// CHECK: L28  @control.c:33:13
// CHECK: -> L29  w = 1  @control.c:33:13
// CHECK: L29  @control.c:34:7
// CHECK: -> L30  s = s + w  @control.c:34:7
// CHECK: L30  @control.c:35:5
// CHECK: -> L26  kill w  @control.c:35:5
// CHECK: L31  @control.c:37:3
// CHECK: -> L32  $t0 = s  @control.c:37:3
// CHECK: L32  @control.c:37:3
// CHECK: -> L33  kill s  @control.c:37:3
// CHECK: L33  @control.c:37:3
// CHECK: -> L1  return $t0  @control.c:37:3
