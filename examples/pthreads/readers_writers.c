/*
 * readers_writers.c -- readers share a table under a count of active
 * readers, a writer has it alone (the classic solution with a mutex on the
 * count and a "room empty" semaphore, readers preferred). CORRECT: no
 * reader sees a half-written table, no access races, no deadlock.
 *
 * -DBROKEN: the last reader leaving forgets the count's mutex while
 * updating it: two readers' updates of `readers` race (DATA_RACE).
 *     chorus verify readers_writers.c             (expect: verified)
 *     chorus verify readers_writers.c -DBROKEN    (expect: DATA_RACE)
 */
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

int table[2]; /* the writer keeps table[0] == table[1] */
int readers;  /* readers inside, under count_lock */
pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
sem_t room_empty;

void *reader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&count_lock);
  readers = readers + 1;
  if (readers == 1)
    sem_wait(&room_empty); /* the first reader locks the writers out */
  pthread_mutex_unlock(&count_lock);

  assert(table[0] == table[1]); /* reading */

#ifdef BROKEN
  readers = readers - 1;
  if (readers == 0)
    sem_post(&room_empty);
#else
  pthread_mutex_lock(&count_lock);
  readers = readers - 1;
  if (readers == 0)
    sem_post(&room_empty); /* the last reader lets the writers in */
  pthread_mutex_unlock(&count_lock);
#endif
  return 0;
}

void *writer(void *arg) {
  (void)arg;
  sem_wait(&room_empty);
  table[0] = table[0] + 1;
  table[1] = table[1] + 1;
  sem_post(&room_empty);
  return 0;
}

int main(void) {
  pthread_t r1, r2, w;
  sem_init(&room_empty, 0, 1);
  pthread_create(&r1, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r2, 0, reader, 0);
  pthread_join(r1, 0);
  pthread_join(w, 0);
  pthread_join(r2, 0);
  assert(table[0] == 1 && table[1] == 1 && readers == 0);
  sem_destroy(&room_empty);
  return 0;
}
