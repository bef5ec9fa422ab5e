// Structs by value and by pointer, nested members, arrays of structs.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation ASSERTION at {{.*}}structs.c:34:3 (process 0)
#include <assert.h>

struct vec {
  double x, y;
};
struct body {
  struct vec pos, vel;
  int id;
};

static void step(struct body *b, double dt) {
  b->pos.x += dt * b->vel.x;
  b->pos.y += dt * b->vel.y;
}

int main(void) {
  struct body bs[2];
  for (int i = 0; i < 2; i++) {
    struct vec z = {0.0, 0.0};
    bs[i].pos = z;
    bs[i].vel.x = i + 1;
    bs[i].vel.y = -1.0;
    bs[i].id = i;
  }
  step(&bs[1], 0.5);
  struct body c = bs[1];
  assert(c.pos.x == 1.0 && c.pos.y == -0.5);
#ifdef BROKEN
  assert(bs[0].pos.x == 0.5);
#endif
  return c.id != 1;
}
