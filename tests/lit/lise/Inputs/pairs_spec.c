// The sum 1 + 2 + ... + 2N by one loop of 2N rounds (specification of
// ../infer_pairs.test). With -DBOUNDED the input is bounded (N < 4).
#if defined(BOUNDED)
#pragma TASS input {N >= 0 && N < 4}
#else
#pragma TASS input {N >= 0}
#endif
int N;
#pragma TASS output
int s;

int main(void) {
  int i = 1;
  s = 0;
  while (i <= 2 * N) {
    s = s + i;
    i++;
  }
  return 0;
}
