#include <util.h>

static int counter = 10;
static int seen[2];
static int helper(int x) { return SCALE * x; }

int scale(int x) {
  shared++;
  return helper(x);
}

int bump(void) {
#ifdef BROKEN
  seen[counter - 9] = 1; // the second call writes seen[2]
#else
  seen[counter - 10] = 1;
#endif
  if (counter == 11)
    shared++;
  return ++counter;
}
