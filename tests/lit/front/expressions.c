// RUN: %chorus dump-model %s | FileCheck %s
// Types and expressions: typedefs, structs, unions, enums, VLAs, function pointers, pointer arithmetic, casts, goto.
#include <mpi.h>
#include <pthread.h>
#include <string.h>
#include <math.h>
#include <stdbool.h>
#include <limits.h>
#include <float.h>
#include <stddef.h>
typedef struct node { int v; struct node *next; } node_t;
enum color { RED, GREEN = 5, BLUE };
union U { int i; float f; };
int apply(int (*f)(int), int x) { return f(x); }
int twice(int x) { return 2 * x; }
void vla(int n, double m[n][n]) {
  int a[n];
  double b[n][2 * n];
  a[0] = sizeof(a);
  m[1][0] = b[0][1];
  n = sizeof b;
}
int main(void) {
  int rank, x[3][4], *p = &x[1][2];
  char s[] = "hi";
  node_t nd = {1, NULL}, *np = &nd;
  union U u = {.f = 1.5f};
  bool ok = true;
  enum color c = GREEN;
  long d = p - &x[0][0];
  double r = sqrt(2.0) + 1e-3 + 0x1p3 + (double)rank / 3;
  MPI_Init(NULL, NULL);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  np->next = np;
  x[rank][1] = apply(twice, rank) , apply(&twice, 1);
  ok = ok && apply(twice, 2) > 3;
  r = rank ? sqrt(r) : 0.5;
  memset(x, 0, sizeof x);
  rank += 2.5;
  p += 2; p -= rank;
  rank = INT_MAX > c && DBL_MAX > 0;
  goto end;
  while (1) { int z = 1; if (z) break; }
end:
  MPI_Finalize();
  return u.i + s[1];
}

// CHECK: types:
// CHECK: struct node { int v; struct node* next; }  size 16
// CHECK: union U { int i; float f; }  size 4
// CHECK: globals:
// CHECK: function $init() -> void  @expressions.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @expressions.c:1:1
// CHECK: -> L1  return  @expressions.c:1:1
// CHECK: L1  @expressions.c:1:1
// CHECK: function apply(int (*)(...) f, int x) -> int  @expressions.c:14:5
// CHECK: locals: temp int $t0;
// CHECK: entry L0, exit L1
// CHECK: L0  @expressions.c:14:33
// CHECK: -> L2  $t0 = call f(x)  @expressions.c:14:42
// CHECK: L1  @expressions.c:14:48
// CHECK: L2  @expressions.c:14:35
// CHECK: -> L1  return $t0  @expressions.c:14:35
// CHECK: function twice(int x) -> int  @expressions.c:15:5
// CHECK: entry L0, exit L1
// CHECK: L0  @expressions.c:15:18
// CHECK: -> L1  return 2 * x  @expressions.c:15:20
// CHECK: L1  @expressions.c:15:34
// CHECK: function vla(int n, double[*]* m) -> void  @expressions.c:16:6
// CHECK: locals: temp unsigned long $t0; temp unsigned long $t1; local int[*] a; temp unsigned long $t2; temp unsigned long $t3; local double[*][*] b;
// CHECK: entry L0, exit L1
// CHECK: L0  @expressions.c:16:33
// CHECK: -> L2  $t0 = n  @expressions.c:16:29
// CHECK: L1  @expressions.c:22:1
// CHECK: L2  @expressions.c:17:9
// CHECK: -> L3  $t1 = n  @expressions.c:17:9
// CHECK: L3  @expressions.c:17:7
// CHECK: -> L4  declare int[*] a [length $t1]  @expressions.c:17:7
// CHECK: L4  @expressions.c:18:15
// CHECK: -> L5  $t2 = 2 * n  @expressions.c:18:15
// CHECK: L5  @expressions.c:18:12
// CHECK: -> L6  $t3 = n  @expressions.c:18:12
// CHECK: L6  @expressions.c:18:10
// CHECK: -> L7  declare double[*][*] b [length $t3]  @expressions.c:18:10
// CHECK: L7  @expressions.c:19:8
// CHECK: -> L8  a[0] = (int)($t1 * 4)  @expressions.c:19:8
// CHECK: L8  @expressions.c:20:11
// CHECK: -> L9  (*(m +p 1))[0] = b[0][1]  @expressions.c:20:11
// CHECK: L9  @expressions.c:21:5
// CHECK: -> L10  n = (int)($t3 * ($t2 * 8))  @expressions.c:21:5
// CHECK: L10  @expressions.c:22:1
// CHECK: -> L11  kill b  @expressions.c:22:1
// CHECK: L11  @expressions.c:22:1
// CHECK: -> L12  kill a  @expressions.c:22:1
// CHECK: L12  @expressions.c:22:1
// CHECK: -> L1  return  @expressions.c:22:1
// CHECK: function main() -> int  @expressions.c:23:5
// CHECK: locals: local int rank; local int[3][4] x; local int* p; local char[3] s; local struct node nd; local struct node* np; local union U u; local _Bool ok; local enum color c; local long d; local double r; temp double $t0; temp int $t1; temp int $t2; temp double $t3; temp double $t4; local int z; temp int $t5;
// CHECK: entry L0, exit L1
// CHECK: L0  @expressions.c:23:16
// CHECK: -> L2  declare int rank  @expressions.c:24:7
// CHECK: L1  @expressions.c:47:1
// CHECK: L2  @expressions.c:24:13
// CHECK: -> L3  declare int[3][4] x  @expressions.c:24:13
// CHECK: L3  @expressions.c:24:23
// CHECK: -> L4  declare int* p  @expressions.c:24:23
// CHECK: L4  @expressions.c:24:27
// CHECK: -> L5  p = &x[1][2]  @expressions.c:24:27
// CHECK: L5  @expressions.c:25:8
// CHECK: -> L6  declare char[3] s  @expressions.c:25:8
// CHECK: L6  @expressions.c:25:14
// CHECK: -> L7  s[0] = 104  @expressions.c:25:14
// CHECK: L7  @expressions.c:25:14
// CHECK: -> L8  s[1] = 105  @expressions.c:25:14
// CHECK: L8  @expressions.c:25:14
// CHECK: -> L9  s[2] = 0  @expressions.c:25:14
// CHECK: L9  @expressions.c:26:10
// CHECK: -> L10  declare struct node nd  @expressions.c:26:10
// CHECK: L10  @expressions.c:26:16
// CHECK: -> L11  nd.v = 1  @expressions.c:26:16
// CHECK: L11  @expressions.c:26:19
// CHECK: -> L12  nd.next = NULL  @expressions.c:26:19
// CHECK: L12  @expressions.c:26:27
// CHECK: -> L13  declare struct node* np  @expressions.c:26:27
// CHECK: L13  @expressions.c:26:32
// CHECK: -> L14  np = &nd  @expressions.c:26:32
// CHECK: L14  @expressions.c:27:11
// CHECK: -> L15  declare union U u  @expressions.c:27:11
// CHECK: L15  @expressions.c:27:21
// CHECK: -> L16  u.f = 1.5  @expressions.c:27:21
// CHECK: L16  @expressions.c:28:8
// CHECK: -> L17  declare _Bool ok  @expressions.c:28:8
// CHECK: L17  @expressions.c:28:13
// CHECK: -> L18  ok = true  @expressions.c:28:13
// CHECK: L18  @expressions.c:29:14
// CHECK: -> L19  declare enum color c  @expressions.c:29:14
// CHECK: L19  @expressions.c:29:18
// CHECK: -> L20  c = 5  @expressions.c:29:18
// CHECK: L20  @expressions.c:30:8
// CHECK: -> L21  declare long d  @expressions.c:30:8
// CHECK: L21  @expressions.c:30:12
// CHECK: -> L22  d = p -p &x[0][0]  @expressions.c:30:12
// CHECK: L22  @expressions.c:31:10
// CHECK: -> L23  declare double r  @expressions.c:31:10
// CHECK: L23  @expressions.c:31:14
// CHECK: -> L24  $t0 = call sqrt(2.0)  @expressions.c:31:14
// CHECK: L24  @expressions.c:31:14
// CHECK: -> L25  r = $t0 + 1e-3 + 0x1p3 + (double)rank / (double)3  @expressions.c:31:14
// CHECK: L25  @expressions.c:32:3
// CHECK: -> L26  call MPI_Init(NULL, NULL)  @expressions.c:32:3
// CHECK: L26  @expressions.c:33:3
// CHECK: -> L27  call MPI_Comm_rank(MPI_COMM_WORLD, &rank)  @expressions.c:33:3
// CHECK: L27  @expressions.c:34:12
// CHECK: -> L28  (*np).next = np  @expressions.c:34:12
// CHECK: L28  @expressions.c:35:16
// CHECK: -> L29  x[rank][1] = call apply(twice, rank)  @expressions.c:35:16
// CHECK: L29  @expressions.c:35:37
// CHECK: -> L30  call apply(twice, 1)  @expressions.c:35:37
// CHECK: L30  @expressions.c:36:11
// CHECK: -> L31  [ok]  skip  @expressions.c:36:11
// CHECK: -> L33  [!ok]  skip  @expressions.c:36:11
// CHECK: L31  @expressions.c:36:14
// CHECK: -> L32  $t2 = call apply(twice, 2)  @expressions.c:36:14
// CHECK: L32  @expressions.c:36:11
// CHECK: -> L34  $t1 = $t2 > 3  @expressions.c:36:11
// CHECK: L33  @expressions.c:36:11
// CHECK: -> L34  $t1 = 0  @expressions.c:36:11
// CHECK: L34  @expressions.c:36:6
// CHECK: -> L35  ok = (_Bool)$t1  @expressions.c:36:6
// CHECK: L35  @expressions.c:37:7
// CHECK: -> L36  [rank]  skip  @expressions.c:37:7
// CHECK: -> L38  [!rank]  skip  @expressions.c:37:7
// CHECK: L36  @expressions.c:37:14
// CHECK: -> L37  $t4 = call sqrt(r)  @expressions.c:37:14
// CHECK: L37  @expressions.c:37:7
// CHECK: -> L39  $t3 = $t4  @expressions.c:37:7
// CHECK: L38  @expressions.c:37:7
// CHECK: -> L39  $t3 = 0.5  @expressions.c:37:7
// CHECK: L39  @expressions.c:37:5
// CHECK: -> L40  r = $t3  @expressions.c:37:5
// CHECK: L40  @expressions.c:38:3
// CHECK: -> L41  call memset((void*)&x[0], 0, 48)  @expressions.c:38:3
// CHECK: L41  @expressions.c:39:8
// CHECK: -> L42  rank = (int)((double)rank + 2.5)  @expressions.c:39:8
// CHECK: L42  @expressions.c:40:5
// CHECK: -> L43  p = p +p 2  @expressions.c:40:5
// CHECK: L43  @expressions.c:40:13
// CHECK: -> L44  p = p +p -rank  @expressions.c:40:13
// CHECK: L44  @expressions.c:41:8
// CHECK: -> L51  rank = INT_MAX > c && 1.7976931348623157e+308 > (double)0  @expressions.c:41:8
// CHECK: L45 (loop head)  @expressions.c:43:3
// CHECK: -> L46  skip  @expressions.c:43:3
// CHECK: L46  @expressions.c:43:19
// CHECK: -> L47  declare int z  @expressions.c:43:19
// CHECK: L47  @expressions.c:43:23
// CHECK: -> L48  z = 1  @expressions.c:43:23
// CHECK: L48  @expressions.c:43:26
// CHECK: -> L49  [z]  skip  @expressions.c:43:26
// CHECK: -> L50  [!z]  skip  @expressions.c:43:26
// CHECK: L49  @expressions.c:43:33
// CHECK: -> L51  kill z  @expressions.c:43:33
// CHECK: L50  @expressions.c:43:40
// CHECK: -> L45  kill z  @expressions.c:43:40
// CHECK: L51  @expressions.c:44:1
// CHECK: -> L52  call MPI_Finalize()  @expressions.c:45:3
// CHECK: L52  @expressions.c:46:3
// CHECK: -> L53  $t5 = u.i + s[1]  @expressions.c:46:3
// CHECK: L53  @expressions.c:46:3
// CHECK: -> L54  kill r  @expressions.c:46:3
// CHECK: L54  @expressions.c:46:3
// CHECK: -> L55  kill d  @expressions.c:46:3
// CHECK: L55  @expressions.c:46:3
// CHECK: -> L56  kill c  @expressions.c:46:3
// CHECK: L56  @expressions.c:46:3
// CHECK: -> L57  kill ok  @expressions.c:46:3
// CHECK: L57  @expressions.c:46:3
// CHECK: -> L58  kill u  @expressions.c:46:3
// CHECK: L58  @expressions.c:46:3
// CHECK: -> L59  kill np  @expressions.c:46:3
// CHECK: L59  @expressions.c:46:3
// CHECK: -> L60  kill nd  @expressions.c:46:3
// CHECK: L60  @expressions.c:46:3
// CHECK: -> L61  kill s  @expressions.c:46:3
// CHECK: L61  @expressions.c:46:3
// CHECK: -> L62  kill p  @expressions.c:46:3
// CHECK: L62  @expressions.c:46:3
// CHECK: -> L63  kill x  @expressions.c:46:3
// CHECK: L63  @expressions.c:46:3
// CHECK: -> L64  kill rank  @expressions.c:46:3
// CHECK: L64  @expressions.c:46:3
// CHECK: -> L1  return $t5  @expressions.c:46:3
