/* The second unit of passert_escape.c: it lets the address of the other
   unit's global `top` escape (a pthreads unit: chorus cc instruments it and
   records what it lets escape). */
#include <pthread.h>

extern int top;

int *top_ptr(void) {
  return &top;
}
