// -DNAME=VALUE goes to the front end: the same program checked with two
// array sizes; the broken size overflows the buffer.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -DSIZE=4 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet -D SIZE=8 | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DSIZE=2 | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation OUT_OF_BOUNDS at {{.*}}input_define.c:17:12 (process 0)
#ifndef SIZE
#define SIZE 4
#endif

int main(void) {
  int buf[SIZE];
  int n = 3;
  buf[0] = 1;
  for (int i = 1; i < n; i++)
    buf[i] = buf[i - 1] * 2;
  return buf[n - 1] != 4;
}
