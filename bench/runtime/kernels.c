/*
 * kernels.c -- seed 003's benchmarks (§VI) as pthreads kernels with their
 * parallel assertions, for real runs at 2 to 16 threads: the overhead
 * benchmark (bench/runtime/threads.sh) and the run-time tests
 * (tests/lit/runtime/passert_kernels.test).
 *
 *   kernels KERNEL THREADS [SIZE]
 *
 * bs      Blackscholes-like do-all: each option priced privately, no other
 *         thread reads or writes its price or writes its spot.
 * fluid   Fluidanimate-like: each thread updates the cells of its chunk
 *         under the cells' locks, no other thread touches the cell it is
 *         updating; with -DSHARED the neighbour also adds to the boundary
 *         cell, as in the seed's finding.
 * bbuf    BoundedBuffer: producers and consumers on a ring guarded by a
 *         mutex and two semaphores; insertion and removal are atomic.
 * dstack  DualStack with a lock (push reserves and fills under it): no
 *         other thread writes the slot during a push.
 * list    FineGrainedList: hand-over-hand locking (SIZE nodes added in
 *         all); the insertion point is not written by another thread
 *         during add.
 *
 * -DFORCE: the broken variant of each kernel happens at once: the threads
 * meet at a barrier inside their first region and each writes its
 * neighbour's first element there (bs), or adds to the boundary cell (fluid
 * with -DSHARED); in dstack, thread 0's first push releases the lock after
 * reserving slot 0 and thread 1 writes that slot (as the seed's lock-free
 * DualStack lets a pop and a push do); in bbuf, thread 1 peeks at count_
 * without the lock while thread 0 is inside its first put; in list, thread
 * 1 adds a node at the front without locking the head while thread 0 is
 * inside its first add there. `chorus verify kernels.c -DN=2 ...` checks a
 * small instance (N threads, SIZE 4, the kernel chosen by -DK_FLUID etc.;
 * bs without one). -DONE with -DK_BS, -DK_FLUID, ... compiles that kernel
 * alone (a program of its own, as in the seed: the assertions of the
 * others are not in it).
 * Not C: thru/passert (`chorus cc`, or -Dthru= '-Dpassert(e)=;').
 */
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 16
int nthreads, size;
pthread_barrier_t meet;

/* --- bs --- */
long *spot, *price;
#if !defined(ONE) || defined(K_BS)

void *bs(void *arg) {
  int k = *(int *)arg;
  int lo = k * size / nthreads, hi = (k + 1) * size / nthreads;
  for (int i = lo; i < hi; i++) {
    thru {
      long s = spot[i], p = 1;
      for (int r = 0; r < 200; r++)
        p = (p * 31 + s + r) % 1000003;
#ifdef FORCE
      if (i == lo) {
        pthread_barrier_wait(&meet);
        if (hi < size)
          price[hi] = 0; /* the neighbour's option */
        pthread_barrier_wait(&meet);
      }
#endif
      price[i] = p;
    } passert(!RW(price[i]) && !RR(price[i]) && !RW(spot[i]));
  }
  return 0;
}
#endif

/* --- fluid --- */
int *cell;
pthread_mutex_t *cell_lock;
#if !defined(ONE) || defined(K_FLUID)

void add_force(int j, int f) {
  pthread_mutex_lock(&cell_lock[j]);
  cell[j] = cell[j] + f;
  pthread_mutex_unlock(&cell_lock[j]);
}

void *fluid(void *arg) {
  int k = *(int *)arg;
  int lo = k * size / nthreads, hi = (k + 1) * size / nthreads;
  for (int step = 0; step < 10; step++) {
    for (int j = lo; j < hi; j++) {
      thru {
        add_force(j, 1);
#ifdef FORCE
        if (step == 0 && j == lo) {
          pthread_barrier_wait(&meet);
          if (hi < size)
            add_force(hi, 1); /* the neighbour's boundary cell, now */
          pthread_barrier_wait(&meet);
        }
#endif
      } passert(!RW(cell[j]) && !RR(cell[j]));
    }
#ifdef SHARED
    if (hi < size)
      add_force(hi, 1); /* the neighbour's boundary cell */
#endif
  }
  return 0;
}
#endif

/* --- bbuf --- */
#define CAP 8
int ring[CAP];
int head_, tail_, count_;
pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;
sem_t slots, items;
#if !defined(ONE) || defined(K_BBUF)

void put(int v) {
  sem_wait(&slots);
  pthread_mutex_lock(&ring_lock);
  thru {
#ifdef FORCE
    if (v < 0) { /* thread 1 peeks at count_ now */
      pthread_barrier_wait(&meet);
      pthread_barrier_wait(&meet);
    }
#endif
    ring[tail_] = v;
    tail_ = (tail_ + 1) % CAP;
    count_ = count_ + 1;
  } passert(!RW(tail_) && !RR(tail_) && !RW(count_) && !RR(count_) && !RW(ring));
  pthread_mutex_unlock(&ring_lock);
  sem_post(&items);
}

int get(void) {
  int v;
  sem_wait(&items);
  pthread_mutex_lock(&ring_lock);
  thru {
    v = ring[head_];
    head_ = (head_ + 1) % CAP;
    count_ = count_ - 1;
  } passert(!RW(head_) && !RR(head_) && !RW(count_) && !RR(count_) && !RW(ring));
  pthread_mutex_unlock(&ring_lock);
  sem_post(&slots);
  return v;
}

void *bbuf(void *arg) {
  int k = *(int *)arg;
  long sum = 0;
#ifdef FORCE
  if (k == 0) {
    put(-1);
    /* one item more, which thread 1 gets */
  } else {
    pthread_barrier_wait(&meet);
    if (k == 1)
      sum += count_; /* a get that looks at count_ without the lock */
    pthread_barrier_wait(&meet);
    if (k == 1)
      sum += get();
  }
#endif
  for (int i = 0; i < size; i++)
    if (k % 2 == 0)
      put(i);
    else
      sum += get();
  return (void *)sum;
}
#endif

/* --- dstack --- */
int *stack_items;
int top;
pthread_mutex_t stack_lock = PTHREAD_MUTEX_INITIALIZER;
#if !defined(ONE) || defined(K_DSTACK)

void push(int x) {
  int slot = 0;
  pthread_mutex_lock(&stack_lock);
  thru {
    slot = top++; /* reserve */
#ifdef FORCE
    if (x < 0) { /* another thread writes the reserved slot now */
      pthread_mutex_unlock(&stack_lock);
      pthread_barrier_wait(&meet);
      pthread_barrier_wait(&meet);
      pthread_mutex_lock(&stack_lock);
    }
#endif
    stack_items[slot] = x; /* fill */
  } passert(!RW(stack_items[slot]));
  pthread_mutex_unlock(&stack_lock);
}

int pop(void) {
  int x = -1;
  pthread_mutex_lock(&stack_lock);
  if (top > 0)
    x = stack_items[--top];
  pthread_mutex_unlock(&stack_lock);
  return x;
}

void *dstack(void *arg) {
#ifdef FORCE
  int k = *(int *)arg;
  if (k == 0)
    push(-1);
  else {
    pthread_barrier_wait(&meet);
    if (k == 1)
      stack_items[0] = 7; /* the slot thread 0 reserved (the lock-free DualStack's pop and push) */
    pthread_barrier_wait(&meet);
  }
#endif
  (void)arg;
  for (int i = 0; i < size; i++) {
    push(i);
    pop();
  }
  return 0;
}
#endif

/* --- list --- */
struct node {
  int key;
  struct node *next;
  pthread_mutex_t lock;
};
struct node *list_head;
struct node *nodes_of[MAXT];
#if !defined(ONE) || defined(K_LIST)

void add(struct node *n) {
  struct node *pred = list_head;
  pthread_mutex_lock(&pred->lock);
  struct node *curr = pred->next;
  pthread_mutex_lock(&curr->lock);
  while (curr->key < n->key) {
    pthread_mutex_unlock(&pred->lock);
    pred = curr;
    curr = curr->next;
    pthread_mutex_lock(&curr->lock);
  }
  thru {
#ifdef FORCE
    if (n->key == 1) { /* thread 0's first node: thread 1 adds at the front now */
      pthread_barrier_wait(&meet);
      pthread_barrier_wait(&meet);
    }
#endif
    n->next = pred->next;
    pred->next = n;
  } passert(!RW(pred->next));
  pthread_mutex_unlock(&curr->lock);
  pthread_mutex_unlock(&pred->lock);
}

void *list(void *arg) {
  int k = *(int *)arg;
  int per = size / nthreads; /* SIZE nodes in all */
  struct node *mine = calloc((size_t)per, sizeof *mine);
  nodes_of[k] = mine;
#ifdef FORCE
  static struct node extra = {0, 0, PTHREAD_MUTEX_INITIALIZER};
  if (k != 0) {
    pthread_barrier_wait(&meet);
    if (k == 1) { /* an add that does not lock its predecessor */
      extra.next = list_head->next;
      list_head->next = &extra;
    }
    pthread_barrier_wait(&meet);
  }
#endif
  for (int i = 0; i < per; i++) {
    mine[i].key = 1 + i * nthreads + k;
    pthread_mutex_init(&mine[i].lock, 0);
    add(&mine[i]);
  }
  return 0;
}
#endif

int main(int argc, char **argv) {
#ifdef N
  void *(*fn)(void *) = bs;
  nthreads = N;
  size = 4;
#if defined(K_FLUID)
  fn = fluid;
#elif defined(K_BBUF)
  fn = bbuf;
#elif defined(K_DSTACK)
  fn = dstack;
#elif defined(K_LIST)
  fn = list;
#endif
#else
  void *(*fn)(void *) = 0;
  if (argc < 3)
    return 2;
#if !defined(ONE) || defined(K_BS)
  if (!strcmp(argv[1], "bs"))
    fn = bs;
#endif
#if !defined(ONE) || defined(K_FLUID)
  if (!strcmp(argv[1], "fluid"))
    fn = fluid;
#endif
#if !defined(ONE) || defined(K_BBUF)
  if (!strcmp(argv[1], "bbuf"))
    fn = bbuf;
#endif
#if !defined(ONE) || defined(K_DSTACK)
  if (!strcmp(argv[1], "dstack"))
    fn = dstack;
#endif
#if !defined(ONE) || defined(K_LIST)
  if (!strcmp(argv[1], "list"))
    fn = list;
#endif
  if (!fn)
    return 2;
  nthreads = atoi(argv[2]);
  size = argc > 3 ? atoi(argv[3]) : 100000;
  if (nthreads < 1 || nthreads > MAXT || size < nthreads)
    return 2;
#endif
  pthread_barrier_init(&meet, 0, (unsigned)nthreads);
  spot = malloc((size_t)size * sizeof *spot);
  price = malloc((size_t)size * sizeof *price);
  cell = calloc((size_t)size, sizeof *cell);
  cell_lock = malloc((size_t)size * sizeof *cell_lock);
  stack_items = malloc((size_t)size * MAXT * sizeof *stack_items);
  for (int i = 0; i < size; i++) {
    spot[i] = i;
    pthread_mutex_init(&cell_lock[i], 0);
  }
  sem_init(&slots, 0, CAP);
  sem_init(&items, 0, 0);
  struct node *tail = calloc(1, sizeof *tail);
  list_head = calloc(1, sizeof *list_head);
  tail->key = 2147483647;
  list_head->key = -1;
  list_head->next = tail;
  pthread_mutex_init(&list_head->lock, 0);
  pthread_mutex_init(&tail->lock, 0);
  pthread_t t[MAXT];
  int ids[MAXT];
  for (int k = 0; k < nthreads; k++) {
    ids[k] = k;
    pthread_create(&t[k], 0, fn, &ids[k]);
  }
  for (int k = 0; k < nthreads; k++)
    pthread_join(t[k], 0);
  for (int k = 0; k < nthreads; k++)
    free(nodes_of[k]);
  free(list_head);
  free(tail);
  free(spot);
  free(price);
  free(cell);
  free(cell_lock);
  free(stack_items);
  return 0;
}
