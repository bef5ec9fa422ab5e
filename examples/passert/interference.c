/*
 * interference.c -- the interference problem (INCORRECT: the parallel
 * assertion fails).
 *
 * Source: seed 003 (parallel assertions), Example I-a (the bug) and
 * Example I-b (the assertion): thread A copies into a shared buffer inside
 * "thru { copy_to_buffer(str,buffer); } passert(buffer != NULL);" while
 * thread B sets buffer = NULL.  The seed shows the two threads only;
 * completed minimally with pthreads, a shared buffer and copy_to_buffer.
 * Not C: thru/passert is chorus syntax (seed 003).
 *     chorus verify interference.c    (expect: passert violated)
 */
#include <pthread.h>
#include <stddef.h>

char storage[16];
char *buffer = storage;
const char *str = "hello";

void copy_to_buffer(const char *s, char *b) {
  int i = 0;
  while (s[i] != '\0' && i < 15) { b[i] = s[i]; i++; }
  b[i] = '\0';
}

void *thread_a(void *arg) {
  thru {
    copy_to_buffer(str,buffer);
  } passert(buffer != NULL);
  return arg;
}

void *thread_b(void *arg) {
  buffer = NULL;
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
