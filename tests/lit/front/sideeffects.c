// RUN: %chorus dump-model %s | FileCheck %s
// Side effects keep C's sequencing: post/pre increment, compound assignment,
// comma, && || ?: with calls, nested calls, calls through pointers.
int f(int a) { return a + 1; }
int g(int *p) { return (*p)++; }
int main(void) {
  int i = 0, j, a[4] = {0}, *p = a, *q = &a[1];
  int (*fp)(int) = f;
  a[i++] = 5;
  *p++ = *q++;
  j = ++i + f(g(&i));
  j += f(1) * 2, i--;
  j = i > 0 || g(&j);
  j = fp(j) ? (*fp)(2) : 3;
  i = j = 7;
  j %= 3; j <<= 1; j |= i ^ j;
  return p - q;
}

// CHECK: globals:
// CHECK: function $init() -> void  @sideeffects.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @sideeffects.c:1:1
// CHECK: -> L1  return  @sideeffects.c:1:1
// CHECK: L1  @sideeffects.c:1:1
// CHECK: function f(int a) -> int  @sideeffects.c:4:5
// CHECK: entry L0, exit L1
// CHECK: L0  @sideeffects.c:4:14
// CHECK: -> L1  return a + 1  @sideeffects.c:4:16
// CHECK: L1  @sideeffects.c:4:30
// CHECK: function g(int* p) -> int  @sideeffects.c:5:5
// CHECK: locals: temp int $t0;
// CHECK: entry L0, exit L1
// CHECK: L0  @sideeffects.c:5:15
// CHECK: -> L2  $t0 = *p  @sideeffects.c:5:28
// CHECK: L1  @sideeffects.c:5:32
// CHECK: L2  @sideeffects.c:5:28
// CHECK: -> L3  *p = $t0 + 1  @sideeffects.c:5:28
// CHECK: L3  @sideeffects.c:5:17
// CHECK: -> L1  return $t0  @sideeffects.c:5:17
// CHECK: function main() -> int  @sideeffects.c:6:5
// CHECK: locals: local int i; local int j; local int[4] a; local int* p; local int* q; local int (*)(...) fp; temp int $t0; temp int* $t1; temp int* $t2; temp int $t3; temp int $t4; temp int $t5; temp int $t6; temp int $t7; temp int $t8; temp int $t9; temp int $t10; temp int $t11;
// CHECK: entry L0, exit L1
// CHECK: L0  @sideeffects.c:6:16
// CHECK: -> L2  declare int i  @sideeffects.c:7:7
// CHECK: L1  @sideeffects.c:18:1
// CHECK: L2  @sideeffects.c:7:11
// CHECK: -> L3  i = 0  @sideeffects.c:7:11
// CHECK: L3  @sideeffects.c:7:14
// CHECK: -> L4  declare int j  @sideeffects.c:7:14
// CHECK: L4  @sideeffects.c:7:17
// CHECK: -> L5  declare int[4] a  @sideeffects.c:7:17
// CHECK: L5  @sideeffects.c:7:25
// CHECK: -> L6  a[0] = 0  @sideeffects.c:7:25
// CHECK: L6  @sideeffects.c:7:24
// CHECK: -> L7  a[1] = 0  @sideeffects.c:7:24
// CHECK: L7  @sideeffects.c:7:24
// CHECK: -> L8  a[2] = 0  @sideeffects.c:7:24
// CHECK: L8  @sideeffects.c:7:24
// CHECK: -> L9  a[3] = 0  @sideeffects.c:7:24
// CHECK: L9  @sideeffects.c:7:30
// CHECK: -> L10  declare int* p  @sideeffects.c:7:30
// CHECK: L10  @sideeffects.c:7:34
// CHECK: -> L11  p = &a[0]  @sideeffects.c:7:34
// CHECK: L11  @sideeffects.c:7:38
// CHECK: -> L12  declare int* q  @sideeffects.c:7:38
// CHECK: L12  @sideeffects.c:7:42
// CHECK: -> L13  q = &a[1]  @sideeffects.c:7:42
// CHECK: L13  @sideeffects.c:8:9
// CHECK: -> L14  declare int (*)(...) fp  @sideeffects.c:8:9
// CHECK: L14  @sideeffects.c:8:20
// CHECK: -> L15  fp = f  @sideeffects.c:8:20
// CHECK: L15  @sideeffects.c:9:6
// CHECK: -> L16  $t0 = i  @sideeffects.c:9:6
// CHECK: L16  @sideeffects.c:9:6
// CHECK: -> L17  i = $t0 + 1  @sideeffects.c:9:6
// CHECK: L17  @sideeffects.c:9:10
// CHECK: -> L18  a[$t0] = 5  @sideeffects.c:9:10
// CHECK: L18  @sideeffects.c:10:5
// CHECK: -> L19  $t1 = p  @sideeffects.c:10:5
// CHECK: L19  @sideeffects.c:10:5
// CHECK: -> L20  p = $t1 +p 1  @sideeffects.c:10:5
// CHECK: L20  @sideeffects.c:10:12
// CHECK: -> L21  $t2 = q  @sideeffects.c:10:12
// CHECK: L21  @sideeffects.c:10:12
// CHECK: -> L22  q = $t2 +p 1  @sideeffects.c:10:12
// CHECK: L22  @sideeffects.c:10:8
// CHECK: -> L23  *$t1 = *$t2  @sideeffects.c:10:8
// CHECK: L23  @sideeffects.c:11:7
// CHECK: -> L24  i = i + 1  @sideeffects.c:11:7
// CHECK: L24  @sideeffects.c:11:15
// CHECK: -> L25  $t3 = call g(&i)  @sideeffects.c:11:15
// CHECK: L25  @sideeffects.c:11:13
// CHECK: -> L26  $t4 = call f($t3)  @sideeffects.c:11:13
// CHECK: L26  @sideeffects.c:11:5
// CHECK: -> L27  j = i + $t4  @sideeffects.c:11:5
// CHECK: L27  @sideeffects.c:12:8
// CHECK: -> L28  $t5 = call f(1)  @sideeffects.c:12:8
// CHECK: L28  @sideeffects.c:12:5
// CHECK: -> L29  j = j + $t5 * 2  @sideeffects.c:12:5
// CHECK: L29  @sideeffects.c:12:19
// CHECK: -> L30  i = i - 1  @sideeffects.c:12:19
// CHECK: L30  @sideeffects.c:13:13
// CHECK: -> L33  [i > 0]  skip  @sideeffects.c:13:13
// CHECK: -> L31  [!(i > 0)]  skip  @sideeffects.c:13:13
// CHECK: L31  @sideeffects.c:13:16
// CHECK: -> L32  $t7 = call g(&j)  @sideeffects.c:13:16
// CHECK: L32  @sideeffects.c:13:13
// CHECK: -> L34  $t6 = $t7 != 0  @sideeffects.c:13:13
// CHECK: L33  @sideeffects.c:13:13
// CHECK: -> L34  $t6 = 1  @sideeffects.c:13:13
// CHECK: L34  @sideeffects.c:13:5
// CHECK: -> L35  j = $t6  @sideeffects.c:13:5
// CHECK: L35  @sideeffects.c:14:7
// CHECK: -> L36  $t8 = call fp(j)  @sideeffects.c:14:7
// CHECK: L36  @sideeffects.c:14:7
// CHECK: -> L37  [$t8]  skip  @sideeffects.c:14:7
// CHECK: -> L39  [!$t8]  skip  @sideeffects.c:14:7
// CHECK: L37  @sideeffects.c:14:15
// CHECK: -> L38  $t10 = call fp(2)  @sideeffects.c:14:15
// CHECK: L38  @sideeffects.c:14:7
// CHECK: -> L40  $t9 = $t10  @sideeffects.c:14:7
// CHECK: L39  @sideeffects.c:14:7
// CHECK: -> L40  $t9 = 3  @sideeffects.c:14:7
// CHECK: L40  @sideeffects.c:14:5
// CHECK: -> L41  j = $t9  @sideeffects.c:14:5
// CHECK: L41  @sideeffects.c:15:9
// CHECK: -> L42  j = 7  @sideeffects.c:15:9
// CHECK: L42  @sideeffects.c:15:5
// CHECK: -> L43  i = j  @sideeffects.c:15:5
// CHECK: L43  @sideeffects.c:16:5
// CHECK: -> L44  j = j % 3  @sideeffects.c:16:5
// CHECK: L44  @sideeffects.c:16:13
// CHECK: -> L45  j = j << 1  @sideeffects.c:16:13
// CHECK: L45  @sideeffects.c:16:22
// CHECK: -> L46  j = j | i ^ j  @sideeffects.c:16:22
// CHECK: L46  @sideeffects.c:17:3
// CHECK: -> L47  $t11 = (int)(p -p q)  @sideeffects.c:17:3
// CHECK: L47  @sideeffects.c:17:3
// CHECK: -> L48  kill fp  @sideeffects.c:17:3
// CHECK: L48  @sideeffects.c:17:3
// CHECK: -> L49  kill q  @sideeffects.c:17:3
// CHECK: L49  @sideeffects.c:17:3
// CHECK: -> L50  kill p  @sideeffects.c:17:3
// CHECK: L50  @sideeffects.c:17:3
// CHECK: -> L51  kill a  @sideeffects.c:17:3
// CHECK: L51  @sideeffects.c:17:3
// CHECK: -> L52  kill j  @sideeffects.c:17:3
// CHECK: L52  @sideeffects.c:17:3
// CHECK: -> L53  kill i  @sideeffects.c:17:3
// CHECK: L53  @sideeffects.c:17:3
// CHECK: -> L1  return $t11  @sideeffects.c:17:3
