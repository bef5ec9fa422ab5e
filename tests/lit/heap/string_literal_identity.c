// Whether two string literals with the same characters (or one that ends
// the other: "b" and the tail of "ab") are one object is unspecified (C11
// 6.4.5p7); gcc merges identical ones (the real run prints 1 for "ab" ==
// "ab") and the linker merges tails. Comparing pointers into two such
// literals is unknown, naming the comparison; before, chorus took them as
// distinct objects and verified `assert(a != b)`, which the real run
// refutes. Literals that cannot overlap compare unequal; one literal
// evaluated twice is one object.
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSAME | FileCheck %s --check-prefix=SAME
// RUN: %expect-exit 2 %chorus verify %s --quiet -DTAIL | FileCheck %s --check-prefix=TAIL
// OUT: 1 1
// OK: verdict: verified
// SAME: verdict: unknown (unsupported: comparison of pointers into two string literals "ab" and "ab" (whether they share storage is unspecified) at {{.*}}string_literal_identity.c:36:3)
// TAIL: verdict: unknown (unsupported: comparison of pointers into two string literals "b" and "ab" (whether they share storage is unspecified) at {{.*}}string_literal_identity.c:39:3)
#include <assert.h>
#include <stdio.h>

static const char *name(void) { return "ab"; }

int main(void) {
  const char *a = "ab", *c = "xy", *d = "abc";
  const char *e = "b";
  assert(a != c && a != d && e != c);
  assert(name() == name());
  int same = 1;
  for (int i = 0; i < 2; i++) {
    const char *p = "loop";
    static const char *first;
    if (i == 0)
      first = p;
    same = same && first == p;
  }
#ifdef SAME
  assert(a != "ab");
#endif
#ifdef TAIL
  assert(e != a + 1);
#endif
  printf("%d %d\n", same, a[1] == *e);
  return 0;
}
