#pragma TASS input {n >= 0 && n <= 4} int
#define n 3
#pragma TASS output
int r;
int main(void) {
  int i;
  r = 0;
#pragma TASS joint invariant K true;
  for (i = 0; i < n; i++)
    r = r + 2;
  return 0;
}
