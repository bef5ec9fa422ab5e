/* Extents of the program's heap blocks, for the array terms of collective
 * assertions that are pointers (CHORUS_RT_ARRAY, chorus_rt_assert.h), as
 * seed 000's wildcard gather reads the root's malloc'd a[] at each
 * worker's index. chorus cc links the program with --wrap=malloc, calloc,
 * realloc and free, so the blocks the program's own units allocate are
 * recorded (start address -> size in bytes). A pointer to the start of such
 * a block has that extent; any other pointer (into a block, to a block a
 * library allocated, to the stack) has none, and the views that read it
 * are counted as not checked. */
#define _GNU_SOURCE
#include "chorus_rt_assert.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void* __real_malloc(size_t n);
void* __real_calloc(size_t n, size_t size);
void* __real_realloc(void* p, size_t n);
void __real_free(void* p);

typedef struct {
  uintptr_t p; /* 0: empty, 1: removed */
  size_t n;
} block;
static block* tab;
static size_t cap, used; /* slots, and slots not empty */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t slot_of(uintptr_t p) {
  return (size_t)((p >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

static void put(uintptr_t p, size_t n);

static void grow(void) {
  block* old = tab;
  size_t oldcap = cap;
  cap = cap ? 2 * cap : 1024;
  tab = __real_calloc(cap, sizeof *tab);
  used = 0;
  if (!tab) { /* no room to record: forget every block (their terms are not checked) */
    cap = 0;
    __real_free(old);
    return;
  }
  for (size_t i = 0; i < oldcap; ++i)
    if (old[i].p > 1)
      put(old[i].p, old[i].n);
  __real_free(old);
}

static void put(uintptr_t p, size_t n) {
  if (2 * (used + 1) > cap)
    grow();
  if (!cap)
    return;
  size_t i = slot_of(p);
  while (tab[i].p > 1 && tab[i].p != p)
    i = (i + 1) & (cap - 1);
  if (tab[i].p == 0)
    ++used;
  tab[i].p = p;
  tab[i].n = n;
}

static block* find(uintptr_t p) {
  if (!cap)
    return NULL;
  size_t i = slot_of(p);
  while (tab[i].p != 0) {
    if (tab[i].p == p)
      return &tab[i];
    i = (i + 1) & (cap - 1);
  }
  return NULL;
}

static void record(void* p, size_t n) {
  if (!p)
    return;
  pthread_mutex_lock(&lock);
  put((uintptr_t)p, n);
  pthread_mutex_unlock(&lock);
}

/* the size of the block at p, which is forgotten (0 when unknown) */
static size_t forget(void* p) {
  size_t n = 0;
  if (!p)
    return 0;
  pthread_mutex_lock(&lock);
  block* b = find((uintptr_t)p);
  if (b) {
    n = b->n;
    b->p = 1;
  }
  pthread_mutex_unlock(&lock);
  return n;
}

void* __wrap_malloc(size_t n) {
  void* p = __real_malloc(n);
  record(p, n);
  return p;
}

void* __wrap_calloc(size_t n, size_t size) {
  void* p = __real_calloc(n, size);
  record(p, n * size);
  return p;
}

void* __wrap_realloc(void* q, size_t n) {
  size_t old = forget(q);
  void* p = __real_realloc(q, n);
  if (p)
    record(p, n);
  else if (q && n) /* failed: q is still the block */
    record(q, old);
  return p;
}

void __wrap_free(void* p) {
  forget(p);
  __real_free(p);
}

long chorus_rt_heap_extent(const void* p, size_t element) {
  long n = -1;
  pthread_mutex_lock(&lock);
  block* b = find((uintptr_t)p);
  if (b && element)
    n = (long)(b->n / element);
  pthread_mutex_unlock(&lock);
  return n;
}
