// <ctype.h> (lib/exec/Ctype.cpp): the character classes and case mappings
// of the "C" locale, with glibc's values (isdigit('7') is 2048, not 1), on
// concrete and symbolic characters. Before, glibc's macros read its locale
// tables through __ctype_b_loc(), which was not modelled: every program
// calling isdigit or isspace was `unknown`. An argument that is neither EOF
// nor an unsigned char value (nor a negative signed char, which glibc's
// tables cover) is UNDEFINED_BEHAVIOR (C11 7.4p1).
// RUN: %native %s | FileCheck %s --check-prefix=OUT
// RUN: %expect-exit 0 %chorus verify %s --print-output | FileCheck %s --check-prefixes=OUT,OK
// RUN: %expect-exit 1 %chorus verify %s --quiet -DWRONG | FileCheck %s --check-prefix=WRONG
// RUN: %expect-exit 1 %chorus verify %s --quiet -DRANGE | FileCheck %s --check-prefix=RANGE
// OUT: 2048 1024 1024 8192 256 512 8 4096 4 16384 32768 2 1
// OUT-NEXT: 0 -1 200 0 200
// OUT-NEXT: HELLO, 42 words
// OK: verdict: verified
// WRONG: verdict: violation ASSERTION at {{.*}}ctype.c:56:5 (process 0)
// RANGE: verdict: violation UNDEFINED_BEHAVIOR at {{.*}}ctype.c:60:12 (process 0)
#include <assert.h>
#include <ctype.h>
#include <stdio.h>

#ifdef __clang__
extern int __VERIFIER_nondet_int(void);
#else
int __VERIFIER_nondet_int(void) { return 'q'; }
#endif

int main(void) {
  printf("%d %d %d %d %d %d %d %d %d %d %d %d %d\n", isdigit('7'), isalpha('a'), isalpha('A'),
         isspace(' '), isupper('A'), islower('a'), isalnum('z'), isxdigit('f'), ispunct('!'),
         isprint(' '), isgraph('a'), iscntrl('\n'), isblank('\t'));
  signed char neg = -56;
  printf("%d %d %d %d %d\n", isdigit(EOF), toupper(EOF), tolower(200), isalpha(neg),
         toupper(neg));
  char text[] = "hello, 42 words";
  int words = 0, digits = 0;
  for (int i = 0; text[i]; i++) {
    if (isdigit((unsigned char)text[i]))
      digits = digits * 10 + (text[i] - '0');
    if (i < 5)
      text[i] = (char)toupper((unsigned char)text[i]);
    if (isalpha((unsigned char)text[i]) && (i == 0 || isspace((unsigned char)text[i - 1])))
      words++;
  }
  printf("%.6s %d words\n", text, digits);
  assert(words == 2);
  /* a symbolic character: every value of each class */
  int c = __VERIFIER_nondet_int();
  if (c >= 0 && c <= 255) {
    assert(!isdigit(c) || (c >= '0' && c <= '9'));
    assert(!isupper(c) || tolower(c) == c + 32);
    assert((isalnum(c) != 0) == (isalpha(c) || isdigit(c)));
    assert(!isxdigit(c) || isalnum(c));
    assert(toupper(tolower(c)) == toupper(c));
#ifdef WRONG
    assert(!isspace(c) || c == ' '); /* '\t', '\n', ... are spaces too */
#endif
#ifdef RANGE
  } else {
    return isdigit(c); /* 1000 is not an unsigned char */
#endif
  }
  return 0;
}
