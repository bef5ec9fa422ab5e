/*
 * fine_grained_list.c -- the seed's FineGrainedList (seed 003 §VI-A 3): a
 * sorted list-based set with hand-over-hand locking (one mutex per node;
 * a thread holds the locks of pred and curr while it moves on and while
 * it links or unlinks). The seed's assertion on add: once add has read the
 * link at the insertion point, no other thread writes it until add ends,
 * `thru { ... } passert(!RW(pred->next))`; on remove: no other thread
 * accesses the link being changed. CORRECT: both hold on every
 * interleaving of an add and a remove (verified).
 *
 * -DEARLYUNLOCK: add lets go of pred's lock as soon as it found the
 * insertion point (before linking): a concurrent remove changes
 * pred->next. chorus reports the unsynchronized link accesses as a
 * DATA_RACE first; with --ignore DATA_RACE the interleavings go on to the
 * violated assertion (PARALLEL_ASSERTION), as the seed reports.
 *     chorus verify fine_grained_list.c                       (expect: verified)
 *     chorus verify fine_grained_list.c -DEARLYUNLOCK         (expect: DATA_RACE)
 *     chorus verify fine_grained_list.c -DEARLYUNLOCK --ignore DATA_RACE
 *                                                             (expect: PARALLEL_ASSERTION)
 * Not C: thru/passert.
 */
#include <pthread.h>
#include <stddef.h>

struct node {
  int key;
  struct node *next;
  pthread_mutex_t lock;
};

struct node nodes[5]; /* head (-inf), 10, 20, tail (+inf); 15 to add */
struct node *head = &nodes[0];

void add(struct node *n) {
  struct node *pred = head;
  pthread_mutex_lock(&pred->lock);
  struct node *curr = pred->next;
  pthread_mutex_lock(&curr->lock);
  while (curr->key < n->key) { /* hand over hand */
    pthread_mutex_unlock(&pred->lock);
    pred = curr;
    curr = curr->next;
    pthread_mutex_lock(&curr->lock);
  }
  thru {
    struct node *at = pred->next; /* the insertion point, read */
#ifdef EARLYUNLOCK
    pthread_mutex_unlock(&curr->lock);
    pthread_mutex_unlock(&pred->lock);
#endif
    n->next = at;
    pred->next = n;
  } passert(!RW(pred->next));
#ifndef EARLYUNLOCK
  pthread_mutex_unlock(&curr->lock);
  pthread_mutex_unlock(&pred->lock);
#endif
}

void remove_key(int key) {
  struct node *pred = head;
  pthread_mutex_lock(&pred->lock);
  struct node *curr = pred->next;
  pthread_mutex_lock(&curr->lock);
  while (curr->key < key) {
    pthread_mutex_unlock(&pred->lock);
    pred = curr;
    curr = curr->next;
    pthread_mutex_lock(&curr->lock);
  }
  if (curr->key == key) {
    thru {
      pred->next = curr->next;
    } passert(!RW(pred->next) && !RR(pred->next));
  }
  pthread_mutex_unlock(&curr->lock);
  pthread_mutex_unlock(&pred->lock);
}

void *adder(void *arg) {
  add((struct node *)arg);
  return 0;
}

void *remover(void *arg) {
  remove_key(*(int *)arg);
  return 0;
}

int main(void) {
  int keys[5] = {-1000, 10, 20, 1000, 15};
  for (int i = 0; i < 5; i++) {
    nodes[i].key = keys[i];
    nodes[i].next = i < 3 ? &nodes[i + 1] : NULL;
    pthread_mutex_init(&nodes[i].lock, NULL);
  }
  int victim = 20;
  pthread_t a, r;
  pthread_create(&a, 0, adder, &nodes[4]);
  pthread_create(&r, 0, remover, &victim);
  pthread_join(a, 0);
  pthread_join(r, 0);
  return 0;
}
