// RUN: not %chorus dump-model %s 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s
int main(void) {
  if (1) {
    return 0;
// The error is at the end of the file (after these lines).
// CHECK: {{.*}}syntax-brace.c:{{[0-9]+}}:{{[0-9]+}}: error: expected '}'
// CHECK: {{.*}}syntax-brace.c:4:10: note: to match this '{'
