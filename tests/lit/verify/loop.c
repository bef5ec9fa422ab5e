// RUN: %expect-exit 0 %chorus verify %s -n 2 --quiet | FileCheck %s
// CHECK: verdict: verified
// CHECK: states saved
#include <assert.h>
int main(void) {
  int s = 0;
  for (int i = 0; i < 50; i++)
    s = s + i;
  assert(s == 1225);
  return 0;
}
