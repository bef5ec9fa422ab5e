// Bit-fields: a member of width w holds w bits; a store converts to them
// modulo 2^w as gcc does (unsigned and signed, a plain `int` bit-field is
// signed), a read promotes (`s.a - 1` is -1 for an unsigned a : 3 of 0),
// ++/+= wrap, initializers skip unnamed bit-fields, memset 0xff sets every
// bit, sizeof is gcc's x86-64 layout; arithmetic on a `long long` bit-field
// wider than int is in its width, as gcc (`w.c - 1` is 2^33 - 1). Before, every bit-field was exit 3
// ("bit-field 'a' is not supported by chorus").
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output -Wno-bitfield-constant-conversion | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBAD_SIGNED -Wno-bitfield-constant-conversion | FileCheck %s --check-prefix=BAD_SIGNED
// RUN: %expect-exit 1 %chorus verify %s --quiet -DBAD_WRAP -Wno-bitfield-constant-conversion | FileCheck %s --check-prefix=BAD_WRAP
// OUT: 0 -8 0 0 1 -1 8
// OUT-NEXT: 1 -7 1 1048575 1
// OUT-NEXT: 1 1 1 59 63 1099511627775 3 63 8
// OUT-NEXT: 8589934591 18446744073709551615 2147483648 8589934591 -2
// OK: verdict: verified
// BAD_SIGNED: verdict: violation ASSERTION at {{.*}}bitfields.c:96:3 (process 0)
// BAD_SIGNED: argc = 2
// BAD_WRAP: verdict: violation ASSERTION at {{.*}}bitfields.c:99:3 (process 0)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct flags {
  unsigned a : 3;
  int b : 4;
  unsigned c : 1;
  int : 0;
  unsigned d : 20;
  _Bool e : 1;
};
struct flags gf = {9, 9, 3, 0x1fffff, 1};

typedef struct {
  unsigned valid : 1, dirty : 1, tag : 6;
  unsigned long long big : 40;
  signed char sc : 3;
} entry;

static void touch(entry *e, int t) {
  e->dirty = 1;
  e->tag = t;
  e->valid = !e->valid;
}
/* gcc computes on a bit-field wider than int in its own width */
struct wide {
  unsigned long long c : 33;
  long long d : 40;
};
static void wide_arith(void) {
  struct wide w = {0, -1};
  unsigned long long a = w.c - 1, b = w.c + 1ULL - 2, sh = (w.c + 5) << 31, inv = ~w.c;
  long long dd = w.d * 2;
  printf("%llu %llu %llu %llu %lld\n", a, b, sh, inv, dd);
  assert(a == 0x1ffffffffULL && b == ~0ULL && sh == 1ULL << 31 && inv == a && dd == -2);
}

static entry bump(entry e) {
  e.tag += 60;
  return e;
}

int main(int argc, char **argv) {
  (void)argv;
  struct flags s = {0};
  s.a = 9; /* 9 mod 8 = 1 */
  s.b = 9; /* -7 */
  s.c = 2; /* 0 */
  s.d = 0xfffff;
  s.d++;    /* 0 */
  s.a += 7; /* 8: 0 */
  s.b--;    /* -8 */
  s.e = 5;  /* 1 */
  int neg = s.a - 1;
  printf("%u %d %u %u %d %d %zu\n", s.a, s.b, s.c, s.d, s.e, neg, sizeof(struct flags));
  printf("%u %d %u %u %d\n", gf.a, gf.b, gf.c, gf.d, gf.e);
  assert(s.a == 0 && s.b == -8 && s.c == 0 && s.d == 0 && s.e == 1 && neg == -1);

  entry tab[3] = {{.tag = 63, .valid = 1}, [2].big = 1};
  touch(&tab[1], 65);
  entry c = bump(tab[0]);
  tab[2].big -= 2;
  tab[2].sc = -5;         /* 3 */
  tab[0].sc = argc * 3;   /* argc 1..4: 3, -2, 1, -4 */
  entry *h = malloc(sizeof *h);
  if (!h)
    return 1;
  memset(h, 0xff, sizeof *h);
  printf("%u %u %u %u %u %llu %d %u %zu\n", tab[1].valid, tab[1].dirty, tab[1].tag, c.tag,
         tab[0].tag, (unsigned long long)tab[2].big, tab[2].sc, h->tag, sizeof(entry));
  assert(tab[1].tag == 1 && c.tag == 59 && tab[2].big == 0xffffffffffULL && tab[2].sc == 3);
  assert(h->tag == 63 && h->sc == -1 && sizeof(entry) == 8);
  assert(tab[0].sc >= -4 && tab[0].sc <= 3);
#ifdef BAD_SIGNED
  assert(tab[0].sc != -2);
#endif
#ifdef BAD_WRAP
  assert(s.d == 0x100000);
#endif
  free(h);
  wide_arith();
  return 0;
}
