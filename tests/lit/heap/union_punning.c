// A union's members share their bytes (C11 6.2.6.1p7, 6.5.2.3p3 footnote
// 95). Objects hold values, not bytes, so a write of one member makes the
// others follow: a member of the same representation (int, an enum,
// unsigned, the same type) gets the value, converted, the others are uninitialized, and
// reading one of those while the written member holds a value is type
// punning the model does not represent: unknown, naming the read, never a
// wrong value. Before, members were independent: reading b after writing u
// was a false UNINITIALIZED_READ (the real run reads byte 4), and reading
// w.u after writing w.f gave u's stale value, so a false assertion was
// verified (the real run aborts: w.u is 0x3f800000, not 0).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 2 %chorus verify %s --quiet -DREAD_BYTES | FileCheck %s --check-prefix=READ
// RUN: %native -DREAD_BYTES %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DSTALE | FileCheck %s --check-prefix=STALE
// RUN: %expect-exit 134 %native -DSTALE %s
// RUN: %expect-exit 2 %chorus verify %s --quiet -DPART | FileCheck %s --check-prefix=PART
// RUN: %expect-exit 1 %chorus verify %s --quiet -DUNSET | FileCheck %s --check-prefix=UNSET
// OUT: 7 4294967295 -3 2.5 9
// OK: verdict: verified
// READ: verdict: unknown (unsupported: a read of member 'b' of union pun after member 'u' was written (type punning through a union) at {{.*}}union_punning.c:65:3)
// STALE: verdict: unknown (unsupported: a read of member 'u' of union word after member 'f' was written (type punning through a union) at {{.*}}union_punning.c:70:3)
// PART: verdict: unknown (unsupported: a write to part of member 'b' of union pun after member 'u' was written (type punning through a union) at {{.*}}union_punning.c:74:10)
// UNSET: verdict: violation UNINITIALIZED_READ at {{.*}}union_punning.c:77:3 (process 0)
#include <assert.h>
#include <stdio.h>

union pun {
  unsigned u;
  unsigned char b[4];
};
union word {
  unsigned u;
  float f;
};
enum kind { K0, K1 };
union same {
  int i;
  enum kind k;
  unsigned u;
};
struct tagged {
  int tag;
  union {
    int i;
    double d;
  } v;
};
static union pun zeroed; /* static: every member's bytes are zero */

int main(void) {
  union pun p;
  union word w;
  union same s;
  s.k = K1;
  s.i = s.i + 6; /* int and enum: the same representation */
  unsigned sk = s.u;
  s.i = -1;
  struct tagged t = {0, {.i = -3}};
  int ti = t.v.i;
  t.tag = 1;
  t.v.d = 2.5; /* the active member changes */
#ifdef READ_BYTES
  p.u = 0x01020304;
  assert(p.b[0] == 4); /* true on x86-64, not modelled */
#endif
#ifdef STALE
  w.u = 0;
  w.f = 1.0f;
  assert(w.u == 0); /* false on x86-64 (0x3f800000), not a stale 0 */
#endif
#ifdef PART
  p.u = 0x01020304;
  p.b[0] = 1; /* p.u is 0x01020301 on x86-64, not modelled */
#endif
#ifdef UNSET
  assert(p.u != 7); /* no member was written */
#endif
  zeroed.b[2] = 9;
  p.b[1] = zeroed.b[2];
  printf("%u %u %d %.1f %d\n", sk, s.u, ti, t.v.d, p.b[1]);
  (void)w;
  return 0;
}
