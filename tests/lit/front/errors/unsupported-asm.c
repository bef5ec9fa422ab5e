// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  __asm__("nop");
  return 0;
}
// CHECK: {{.*}}unsupported-asm.c:4:3: error: inline assembly is not supported by chorus
// CHECK-NEXT: {{^}}    __asm__("nop");{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
