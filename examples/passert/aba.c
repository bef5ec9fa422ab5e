/*
 * aba.c -- the ABA problem in a non-blocking sorted list (INCORRECT).
 *
 * Source: seed 003, Example IV-a (the bug) and Example IV-b (thread A's
 * assertion
 *   thru { tempnext = cur->next; newnode = makeNode(4,tempnext);
 *          compareAndSet(cur->next, tempnext, newnode); }
 *   passert (!LW(cur->next) || !HASOCCURRED(RW(cur->next)));
 * while thread B runs delete(5); add(3);).  The seed shows no list code;
 * completed minimally: the list 1 -> 5 with a sentinel head, a node pool
 * so that B's add(3) reuses the node freed by delete(5) (the heavy-bordered
 * node of Example IV-a), and compareAndSet written as a function that
 * compares and swaps under a private mutex (one atomic step in the model).
 * compareAndSet takes the address of the field (C has no references).
 * Not C: thru/passert.
 *     chorus verify aba.c    (expect: passert violated)
 */
#include <pthread.h>
#include <stddef.h>

struct node {
  int value;
  struct node *next;
};

struct node pool[4];
struct node *head;
struct node *freed = NULL; /* one-node free list: reuse makes ABA */
pthread_mutex_t cas_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER; /* B's updates */

int compareAndSet(struct node **field, struct node *expected,
                  struct node *desired) {
  int ok = 0;
  pthread_mutex_lock(&cas_lock);
  if (*field == expected) {
    *field = desired;
    ok = 1;
  }
  pthread_mutex_unlock(&cas_lock);
  return ok;
}

struct node *makeNode(int value, struct node *next) {
  struct node *n = &pool[3];
  n->value = value;
  n->next = next;
  return n;
}

struct node *getInsertionPoint(int value) {
  struct node *cur = head;
  while (cur->next != NULL && cur->next->value < value)
    cur = cur->next;
  return cur;
}

void delete(int value) {
  pthread_mutex_lock(&list_lock);
  struct node *prev = getInsertionPoint(value);
  struct node *victim = prev->next;
  if (victim != NULL && victim->value == value) {
    compareAndSet(&prev->next, victim, victim->next);
    freed = victim;
  }
  pthread_mutex_unlock(&list_lock);
}

void add(int value) {
  pthread_mutex_lock(&list_lock);
  struct node *prev = getInsertionPoint(value);
  struct node *n = freed; /* reuse the deleted node */
  freed = NULL;
  n->value = value;
  n->next = prev->next;
  compareAndSet(&prev->next, n->next, n);
  pthread_mutex_unlock(&list_lock);
}

void *thread_a(void *arg) {
  struct node *cur, *tempnext, *newnode;
  cur = getInsertionPoint(4);
  thru {
    tempnext = cur->next;

    newnode = makeNode(4,tempnext);
    compareAndSet(&cur->next,
        tempnext,newnode);
  } passert (!LW(cur->next)
  || !HASOCCURRED(RW(cur->next)));
  return arg;
}

void *thread_b(void *arg) {
  delete(5);
  add(3);
  return arg;
}

int main(void) {
  pthread_t a, b;
  /* head (sentinel) -> 1 -> 5 */
  pool[0].value = -1; pool[0].next = &pool[1];
  pool[1].value = 1;  pool[1].next = &pool[2];
  pool[2].value = 5;  pool[2].next = NULL;
  head = &pool[0];
  pthread_create(&a, NULL, thread_a, NULL);
  pthread_create(&b, NULL, thread_b, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
