// RUN: not %chorus dump-model %s.nonexistent.c 2>&1 | FileCheck %s
// RUN: %expect-exit 3 %chorus dump-model %s.nonexistent.c
int main(void) { return 0; }
// CHECK: error: cannot open '{{.*}}missing-file.c.nonexistent.c': No such file or directory
