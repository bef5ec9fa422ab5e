#pragma TASS input {n >= 0 && n <= 3} int
#define n 3
#pragma TASS output
int r;
int main(void) {
  int i;
  r = 0;
#pragma TASS joint invariant K r == i;
  for (i = 0; i < n; i++)
    r = r + 1;
#pragma TASS joint assert J r == spec.r;
  return 0;
}
