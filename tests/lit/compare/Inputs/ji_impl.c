#pragma TASS input {n >= 0 && n <= 4} int
#define n 3
#pragma TASS output
int r;
int main(void) {
  int i = 0;
  r = 0;
#pragma TASS joint invariant K r == spec.r && i == spec.i;
  while (i < n) {
#ifdef BAD
    r = r + 1 + (i == 1) * 2; /* r is 0, 1, 4, 5, ... */
#else
    r = r + 1;
    r = r + 1;
#endif
    i = i + 1;
  }
  return 0;
}
