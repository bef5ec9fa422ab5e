#pragma TASS output
int r;
int main(void) {
  r = 0;
  return 0;
}
