#pragma TASS input
double n;
#pragma TASS output
int r;
int main(void) {
  r = 1;
  return 0;
}
