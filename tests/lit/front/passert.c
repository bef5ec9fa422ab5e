// RUN: %chorus dump-model %s | FileCheck %s
// thru { ... } passert(e) (seed 003).
#include <pthread.h>
#include <stdlib.h>
int x; int *buffer;
void *worker(void *arg) {
  thru {
    x = 1;
    buffer = malloc(4);
  } passert(!RW(x) && buffer != NULL);
  return NULL;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}

// CHECK: types:
// CHECK: struct pthread_attr_t { int chorus_detachstate_; int chorus_reserved_; }  size 8
// CHECK: globals:
// CHECK: global int x  @passert.c:5:5
// CHECK: global int* buffer  @passert.c:5:13
// CHECK: function $init() -> void  @passert.c:1:1
// CHECK: entry L0, exit L1
// CHECK: L0  @passert.c:1:1
// CHECK: -> L2  x = 0  @passert.c:5:5
// CHECK: L1  @passert.c:1:1
// CHECK: L2  @passert.c:5:13
// CHECK: -> L3  buffer = NULL  @passert.c:5:13
// CHECK: L3  @passert.c:1:1
// CHECK: -> L1  return  @passert.c:1:1
// CHECK: function worker(void* arg) -> void*  @passert.c:6:7
// CHECK: locals: temp void* $t0;
// CHECK: entry L0, exit L1
// CHECK: L0  @passert.c:6:25
// CHECK: -> L2  call $passert_begin(0)  @passert.c:7:3
// CHECK: L1  @passert.c:12:1
// CHECK: L2  @passert.c:8:7
// CHECK: -> L3  x = 1  @passert.c:8:7
// CHECK: L3  @passert.c:9:14
// CHECK: -> L4  $t0 = call malloc(4)  @passert.c:9:14
// CHECK: L4  @passert.c:9:12
// CHECK: -> L5  buffer = (int*)$t0  @passert.c:9:12
// CHECK: L5  @passert.c:10:5
// CHECK: -> L6  call $passert_end(0)  @passert.c:10:5
// CHECK: L6  @passert.c:10:5
// CHECK: -> L1  return NULL  @passert.c:11:3
// CHECK: passert thru L0..L6: !RW(x) && buffer != NULL  @passert.c:7:3
// CHECK: function main() -> int  @passert.c:13:5
// CHECK: locals: local unsigned long t;
// CHECK: entry L0, exit L1
// CHECK: L0  @passert.c:13:16
// CHECK: -> L2  declare unsigned long t  @passert.c:14:13
// CHECK: L1  @passert.c:18:1
// CHECK: L2  @passert.c:15:3
// CHECK: -> L3  call pthread_create(&t, NULL, worker, NULL)  @passert.c:15:3
// CHECK: L3  @passert.c:16:3
// CHECK: -> L4  call pthread_join(t, NULL)  @passert.c:16:3
// CHECK: L4  @passert.c:17:3
// CHECK: -> L5  kill t  @passert.c:17:3
// CHECK: L5  @passert.c:17:3
// CHECK: -> L1  return 0  @passert.c:17:3
