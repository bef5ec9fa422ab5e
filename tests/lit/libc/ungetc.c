// ungetc (C11 7.21.7.10) as a tokenizer uses it: peek with getc, push the
// character back. Pushing back the character just read moves the stream
// back by one (glibc backs up its read pointer the same way); EOF is not
// pushed back. Another character (a pushback buffer) is unknown, naming the
// call. The sum and count come from the real run on the same input.
// -DWRONG: the program's expected sum is wrong (ASSERTION, native 134).
// -DOTHER: pushes back a character it did not read.
// RUN: printf '12+30+24\n' > %t.in
// RUN: %expect-exit 0 %chorus verify %s --quiet --stdin %t.in --print-output | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 0 %native %s < %t.in | FileCheck %s --check-prefix=NATIVE
// RUN: %expect-exit 1 %chorus verify %s -DWRONG --quiet --stdin %t.in | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 134 %native -DWRONG %s < %t.in
// RUN: %expect-exit 2 %chorus verify %s -DOTHER --quiet --stdin %t.in | FileCheck %s --check-prefix=OTHER
// OK: 66 2
// OK: verdict: verified (assuming stdin holds the contents of "{{.*}}.in" as read at verification time (9 bytes))
// NATIVE: 66 2
// WRONG: verdict: violation ASSERTION at {{.*}}ungetc.c:46:3 (process 0)
// OTHER: verdict: unknown (unsupported: ungetc of a character other than the one just read at {{.*}}ungetc.c:35:3)
#include <assert.h>
#include <ctype.h>
#include <stdio.h>

static int number(FILE *f) {
  int v = 0, c;
  while ((c = getc(f)) != EOF && isdigit(c))
    v = v * 10 + (c - '0');
  if (c != EOF)
    ungetc(c, f);
  return v;
}

int main(void) {
  int sum = 0, ops = 0, c;
#ifdef OTHER
  ungetc('x', stdin);
#endif
  while ((c = getchar()) != EOF) {
    if (isdigit(c)) {
      ungetc(c, stdin);
      sum += number(stdin);
    } else if (c == '+')
      ops++;
  }
  printf("%d %d\n", sum, ops);
#ifdef WRONG
  assert(sum == 60);
#endif
  assert(sum == 66 && ops == 2);
  return ungetc(EOF, stdin) == EOF ? 0 : 1;
}
