// A lookup that returns NULL when the key is absent; the caller checks the
// result in the correct form only.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation NULL_DEREFERENCE at {{.*}}null_deref.c:26:5 (process 0)
// BAD: KEY = {{-?[0-9]+}}
#include <stddef.h>

#pragma TASS input {KEY >= -2 && KEY <= 2}
int KEY;

int table[3] = {0, 1, 2};

int *find(int key) {
  for (int i = 0; i < 3; i++)
    if (table[i] == key)
      return &table[i];
  return NULL;
}

int main(void) {
  int *p = find(KEY);
  int v = 0;
#ifdef BROKEN
  v = *p;
#else
  if (p != NULL)
    v = *p;
#endif
  return v;
}
