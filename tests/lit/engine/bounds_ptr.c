// Pointer arithmetic: walking a pointer one element past the end is
// allowed, dereferencing it is not; moving it further is out of bounds too.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DDEREF | FileCheck %s --check-prefix=DEREF
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBEYOND | FileCheck %s --check-prefix=BEYOND
// OK: verdict: verified
// DEREF: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_ptr.c:24:5 (process 0)
// BEYOND: verdict: violation OUT_OF_BOUNDS at {{.*}}bounds_ptr.c:27:7 (process 0)
// BEYOND: pointer arithmetic to element {{[0-9]+}} out of bounds
int sum(const int *p, const int *end) {
  int s = 0;
  while (p != end)
    s += *p++;
  return s;
}

int main(void) {
  int a[4] = {1, 2, 3, 4};
  int *end = a + 4;
  int s = sum(a, end);
  if (s != 10)
    return 1;
#ifdef DEREF
  s = *end;
#endif
#ifdef BEYOND
  end = end + 1;
#endif
  return 0;
}
