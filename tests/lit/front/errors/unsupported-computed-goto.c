// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  void *p = &&done;
  goto *p;
done:
  return 0;
}
// CHECK: {{.*}}unsupported-computed-goto.c:4:13: error: the address of a label (computed goto) is not supported by chorus
// CHECK-NEXT: {{^}}    void *p = &&done;{{$}}
// CHECK-NEXT: {{^}}              ^{{$}}
