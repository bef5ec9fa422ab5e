/* The second unit of passert_filter.c: it writes through the pointers it
   is given, and has a parallel assertion of its own on a long, so that a
   filter that knew only this unit would drop its int stores. */
#include <pthread.h>

long z;

void set_via(int *p) {
  *p = 1;
}

void touch_z(void) {
  thru {
    z = z + 1;
  } passert(!RW(z));
}
