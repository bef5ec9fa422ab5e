// The same sum by N rounds, each adding (2k - 1) + 2k = 4k - 1
// (implementation of ../infer_pairs.test). -DWRONG adds 4k - 2.
#if defined(BOUNDED)
#pragma TASS input {N >= 0 && N < 4}
#else
#pragma TASS input {N >= 0}
#endif
int N;
#pragma TASS output
int s;

#if defined(WRONG)
#define LAST 2
#else
#define LAST 1
#endif

int main(void) {
  int k = 1;
  s = 0;
  while (k <= N) {
    s = s + 4 * k - LAST;
    k++;
  }
  return 0;
}
