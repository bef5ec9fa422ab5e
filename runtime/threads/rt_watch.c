/* The static filter's check at start. `chorus cc` removes the
 * instrumentation of the accesses that cannot touch a location of a
 * parallel assertion of the program (tools/chorus/PassertFilter.cpp); each
 * unit records, in the section chorus_pa_watch, what its own assertions
 * watch and what it was filtered knowing ("UNIT\x1fOWN\x1fKNOWN", words
 * separated by blanks; `*` in KNOWN: nothing was filtered). A unit compiled
 * alone (`chorus cc -c`) does not know the assertions of the others: when
 * a word of another unit's OWN is missing from a unit's KNOWN, an access of
 * that unit may have been filtered out that touches a watched location,
 * and the run says so (never silently unchecked). */
#include "rt_pa_internal.h"

#include <stdio.h>
#include <string.h>

extern const char __start_chorus_pa_watch[] __attribute__((weak));
extern const char __stop_chorus_pa_watch[] __attribute__((weak));

/* Whether the blank-separated word w (length n) is in list. */
static int has_word(const char* list, const char* w, size_t n) {
  for (const char* p = list; *p;) {
    while (*p == ' ')
      ++p;
    size_t k = strcspn(p, " ");
    if (k == n && strncmp(p, w, n) == 0)
      return 1;
    if (k == 1 && *p == '*')
      return 1;
    p += k;
  }
  return 0;
}

/* The fields of a record: unit, own, known (each NUL-terminated copies). */
static int split(const char* rec, char* unit, char* own, char* known, size_t cap) {
  const char* a = strchr(rec, '\x1f');
  const char* b = a ? strchr(a + 1, '\x1f') : 0;
  if (!a || !b || (size_t)(a - rec) >= cap || (size_t)(b - a) >= cap || strlen(b) >= cap)
    return 0;
  memcpy(unit, rec, (size_t)(a - rec));
  unit[a - rec] = 0;
  memcpy(own, a + 1, (size_t)(b - a - 1));
  own[b - a - 1] = 0;
  strcpy(known, b + 1);
  return 1;
}

void rt_watch_check(void) {
  const char* lo = __start_chorus_pa_watch;
  const char* hi = __stop_chorus_pa_watch;
  if (!lo || !hi || hi <= lo)
    return;
  enum { CAP = 4096 };
  static char unit[CAP], own[CAP], known[CAP], ounit[CAP], oown[CAP], oknown[CAP];
  for (const char* r = lo; r < hi; r += strlen(r) + 1) {
    if (!*r || !split(r, unit, own, known, CAP))
      continue;
    for (const char* o = lo; o < hi; o += strlen(o) + 1) {
      if (o == r || !*o || !split(o, ounit, oown, oknown, CAP))
        continue;
      for (const char* p = oown; *p;) {
        while (*p == ' ')
          ++p;
        size_t k = strcspn(p, " ");
        /* `e=NAME`: the other unit lets the address of the global NAME
         * escape; only a unit that assumed it does not (`a=NAME`, its
         * direct accesses of NAME filtered as never reached through a
         * pointer) may miss an access to a watched location there */
        int escaped = k > 2 && p[0] == 'e' && p[1] == '=';
        char assumed[CAP];
        if (escaped && k < CAP) {
          memcpy(assumed, p, k);
          assumed[0] = 'a';
        }
        if (escaped && k < CAP && has_word(known, assumed, k) && !has_word(known, p, k)) {
          fprintf(stderr,
                  "chorus-rt: warning: %s was compiled assuming that no unit takes the "
                  "address of %.*s, which %s does: its accesses to %.*s may go unchecked; "
                  "compile the units in one `chorus cc` command, or with CHORUS_PA_FILTER=0\n",
                  unit, (int)k - 2, p + 2, ounit, (int)k - 2, p + 2);
          break;
        }
        if (!escaped && k && !has_word(known, p, k)) {
          fprintf(stderr,
                  "chorus-rt: warning: %s was compiled without knowing the parallel "
                  "assertions of %s ('%.*s'): its accesses to their locations may go "
                  "unchecked; compile the units in one `chorus cc` command, or with "
                  "CHORUS_PA_FILTER=0\n",
                  unit, ounit, (int)k, p);
          break;
        }
        p += k;
      }
    }
  }
}
