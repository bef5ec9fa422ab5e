// main.c + util.c: one program (tests/lit/link/link.test).
#include <assert.h>
#include <util.h>

static int counter = 1; // a static of this file; util.c has its own
static int helper(int x) { return x + 100; }
int shared = 5;

int main(void) {
  assert(helper(1) == 101);
  assert(scale(3) == 3 * SCALE); // util.c's scale uses util.c's helper
  assert(bump() == 11 && bump() == 12);
  assert(counter == 1 && shared == 7);
  return 0;
}
