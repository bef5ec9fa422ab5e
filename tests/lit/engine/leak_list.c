// A linked list built on the heap and freed node by node; the broken form
// frees only the head.
// RUN: %expect-exit 0 %chorus verify %s -n 1 --quiet | FileCheck %s --check-prefix=OK
// RUN: %expect-exit 1 %chorus verify %s -n 1 --quiet -DBROKEN | FileCheck %s --check-prefix=BAD
// OK: verdict: verified
// BAD: verdict: violation MEMORY_LEAK at {{.*}}leak_list.c:19:9 (process 0)
#include <assert.h>
#include <stdlib.h>

struct node {
  int val;
  struct node *next;
};

int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n;
    n = malloc(sizeof(struct node));
    n->val = i;
    n->next = head;
    head = n;
  }
  int s = 0;
  for (struct node *q = head; q; q = q->next)
    s += q->val;
  assert(s == 3);
#ifdef BROKEN
  free(head);
#else
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
#endif
  return 0;
}
