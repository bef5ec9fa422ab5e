// GCC's integer builtins (lib/exec/Builtins.cpp): bit counting, byte swaps
// and checked arithmetic computed exactly, for concrete and symbolic
// operands; the builtins that state facts to the compiler checked. The
// correct form is cross-checked against gcc, the broken ones against gcc's
// sanitizers where one exists (-fsanitize=builtin, -fsanitize=unreachable).
// RUN: %expect-exit 0 %chorus verify %s --quiet | FileCheck %s --check-prefix=OK
// RUN: %cc -DNX=0x80000001u %s -o %t && %t
// OK: verdict: verified
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCLZ0 | FileCheck %s --check-prefix=CLZ0
// RUN: %cc -fsanitize=builtin -fno-sanitize-recover=all -DNX=5 -DCLZ0 %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBCLZ0
// CLZ0: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}builtins.c:75:11 (process 0)
// CLZ0: __builtin_clz(0) is undefined (there is no leading one bit)
// UBCLZ0: builtins.c:75:{{[0-9]+}}: runtime error: passing zero to clz()
// RUN: %expect-exit 1 %chorus verify %s --quiet -DCTZ0 | FileCheck %s --check-prefix=CTZ0
// CTZ0: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}builtins.c:78:11 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNREACHABLE | FileCheck %s --check-prefix=UNR
// RUN: %cc -fsanitize=unreachable -fno-sanitize-recover=all -DNX=0 -DUNREACHABLE %s -o %t && not %t 2>&1 | FileCheck %s --check-prefix=UBUNR
// UNR: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}builtins.c:82:5 (process 0)
// UNR: __builtin_unreachable() reached
// UBUNR: builtins.c:82:{{[0-9]+}}: runtime error: execution reached an unreachable program point
// RUN: %expect-exit 1 %chorus verify %s --quiet -DASSUME | FileCheck %s --check-prefix=ASSUME
// ASSUME: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}builtins.c:85:3 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --quiet -DTRAP | FileCheck %s --check-prefix=TRAP
// RUN: %cc -DNX=1 -DTRAP %s -o %t && not --crash %t
// TRAP: verdict: violation ABORT at {{.*}}builtins.c:89:5 (process 0)
// RUN: %expect-exit 1 %chorus verify %s --quiet -DABS | FileCheck %s --check-prefix=ABS
// ABS: verdict: violation SIGNED_OVERFLOW at {{.*}}builtins.c:92:11 (process 0)
// ABS: abs(-2147483648) is not representable in int
#include <assert.h>
#include <limits.h>
#include <stdlib.h>

#ifdef NX // the native runs: one input
unsigned __VERIFIER_nondet_uint(void) { return NX; }
int __VERIFIER_nondet_int(void) {
  static int calls;
  return calls++ ? INT_MAX : 7;
}
#else
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
#endif

int main(void) {
  // concrete operands: the values gcc computes
  unsigned u = 0xF0u;
  assert(__builtin_popcount(u) == 4 && __builtin_parity(7u) == 1);
  assert(__builtin_clz(u) == 24 && __builtin_ctz(u) == 4 && __builtin_clzl(1ul) == 63);
  assert(__builtin_ffs(0) == 0 && __builtin_ffs(-8) == 4);
  assert(__builtin_popcountll(~0ull) == 64);
  assert(__builtin_bswap32(0x11223344u) == 0x44332211u && __builtin_bswap16(0x1122) == 0x2211);
  int r;
  assert(__builtin_add_overflow(INT_MAX, 1, &r) && r == INT_MIN);
  assert(!__builtin_mul_overflow(1000, 1000, &r) && r == 1000000);
  unsigned char c;
  assert(__builtin_add_overflow(200, 100, &c) && c == 44);
  assert(__builtin_sub_overflow(0u, 1u, &u) && u == UINT_MAX);
  long long ll;
  assert(!__builtin_smulll_overflow(3000000000LL, 3, &ll) && ll == 9000000000LL);
  assert(llabs(-5LL) == 5 && __builtin_abs(-3) == 3);
  // symbolic operands: every value
  unsigned x = __VERIFIER_nondet_uint();
  if (x != 0) {
    int k = 31 - __builtin_clz(x);
    assert((x >> k) == 1u);
    assert(((x >> __builtin_ctz(x)) & 1u) == 1u);
  }
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), s;
  if (!__builtin_add_overflow(a, b, &s))
    assert((long)a + b == s);
  else
    assert((long)a + b > INT_MAX || (long)a + b < INT_MIN);
#ifdef CLZ0
  volatile unsigned zero = x & 0u; // not folded by gcc
  int n = __builtin_clz(zero);
#endif
#ifdef CTZ0
  int n = __builtin_ctz(x >> 31 >> 1);
#endif
#ifdef UNREACHABLE
  if (x == 0)
    __builtin_unreachable();
#endif
#ifdef ASSUME
  __builtin_assume(a != 7);
#endif
#ifdef TRAP
  if (a == 7)
    __builtin_trap();
#endif
#ifdef ABS
  int m = abs(a);
#endif
  return 0;
}
