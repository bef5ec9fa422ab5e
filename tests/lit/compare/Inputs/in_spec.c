#pragma TASS input {n >= 0 && n <= 3} int
#define n 3
#pragma TASS output
int r;
int main(void) {
  r = n;
#pragma TASS joint assert J true;
  return 0;
}
