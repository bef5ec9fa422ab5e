/*
 * fluidanimate.c -- a Fluidanimate-like chunked loop (seed 003 §VI-B 3):
 * the cells are split into chunks, one per thread; each step a thread
 * adds a force to each cell of its chunk and to the cell just past its
 * chunk's end, the boundary cell its neighbour owns, as the real program's
 * neighbouring-cell updates do. The boundary updates are under a mutex per
 * cell, so the program has no data race and is correct; but the ownership
 * assertion the seed added — no element of my chunk is accessed by another
 * thread while I update it, `thru { ... } passert(!RW(cell[j]) &&
 * !RR(cell[j]))` — fails, as the seed was surprised to find: the chunk
 * boundaries are shared (PARALLEL_ASSERTION).
 *
 * -DPRIVATE: each thread updates only its own chunk (no boundary
 * updates): the assertion holds (verified).
 *     chorus verify fluidanimate.c             (expect: PARALLEL_ASSERTION)
 *     chorus verify fluidanimate.c -DPRIVATE   (expect: verified)
 * Not C: thru/passert.
 */
#include <pthread.h>

#define CHUNK 2
#define THREADS 2
#define CELLS (CHUNK * THREADS)

int cell[CELLS];
pthread_mutex_t cell_lock[CELLS];

void add_force(int j, int f) {
  pthread_mutex_lock(&cell_lock[j]);
  cell[j] = cell[j] + f;
  pthread_mutex_unlock(&cell_lock[j]);
}

void *step(void *arg) {
  int k = *(int *)arg;
  int lo = k * CHUNK, hi = lo + CHUNK;
  for (int j = lo; j < hi; j++) {
    thru {
      add_force(j, 1);
    } passert(!RW(cell[j]) && !RR(cell[j]));
  }
#ifndef PRIVATE
  if (hi < CELLS)
    add_force(hi, 1); /* the neighbour's boundary cell */
#endif
  return 0;
}

int main(void) {
  for (int j = 0; j < CELLS; j++)
    pthread_mutex_init(&cell_lock[j], 0);
  pthread_t t[THREADS];
  int ids[THREADS];
  for (int k = 0; k < THREADS; k++) {
    ids[k] = k;
    pthread_create(&t[k], 0, step, &ids[k]);
  }
  for (int k = 0; k < THREADS; k++)
    pthread_join(t[k], 0);
  return 0;
}
