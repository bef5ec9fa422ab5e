/* Uses the pthreads API together with the usual system headers.  Must
   compile against chorus's lib/front/headers/pthread.h and against glibc. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sched.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_barrier_t barrier;
static pthread_key_t key;
static int ready = 0, counter = 0;

static void init_once(void) { counter = 0; }
static void destroy_value(void *p) { free(p); }

static void *worker(void *arg) {
  int id = *(int *)arg;
  pthread_once(&once, init_once);
  pthread_setspecific(key, malloc(sizeof(int)));
  if (pthread_getspecific(key) == NULL)
    pthread_exit(NULL);
  pthread_mutex_lock(&lock);
  counter += id;
  ready = 1;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&lock);
  pthread_rwlock_rdlock(&rw);
  pthread_rwlock_unlock(&rw);
  if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
    sched_yield();
  return arg;
}

int main(void) {
  pthread_t threads[2];
  int ids[2] = {1, 2};
  void *ret;
  pthread_attr_t attr;
  pthread_mutexattr_t mattr;
  pthread_mutex_t rec;
  pthread_cond_t c2;
  struct timespec ts;
  int detach;

  pthread_key_create(&key, destroy_value);
  pthread_barrier_init(&barrier, NULL, 2);
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
  pthread_attr_getdetachstate(&attr, &detach);
  for (int i = 0; i < 2; i++)
    pthread_create(&threads[i], &attr, worker, &ids[i]);
  pthread_attr_destroy(&attr);

  pthread_mutex_lock(&lock);
  while (!ready)
    pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);

  for (int i = 0; i < 2; i++)
    pthread_join(threads[i], &ret);
  if (pthread_equal(pthread_self(), threads[0]))
    return 1;

  pthread_mutexattr_init(&mattr);
  pthread_mutexattr_settype(&mattr, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(&rec, &mattr);
  if (pthread_mutex_trylock(&rec) == EBUSY)
    return 1;
  pthread_mutex_unlock(&rec);
  pthread_mutex_destroy(&rec);
  pthread_mutexattr_destroy(&mattr);

  pthread_cond_init(&c2, NULL);
  timespec_get(&ts, TIME_UTC);
  pthread_mutex_lock(&lock);
  if (pthread_cond_timedwait(&c2, &lock, &ts) == ETIMEDOUT)
    pthread_cond_signal(&c2);
  pthread_mutex_unlock(&lock);
  pthread_cond_destroy(&c2);

  pthread_rwlock_wrlock(&rw);
  pthread_rwlock_unlock(&rw);
  pthread_barrier_destroy(&barrier);
  pthread_key_delete(key);
  printf("counter = %d\n", counter);
  sleep(0);
  return strlen("") == 0 ? 0 : 1;
}
