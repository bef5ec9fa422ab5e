/*
 * bank.c -- a bank: N teller threads (-DN=2..4) each move money between
 * two accounts, locking both accounts in a global order; the total is
 * preserved. -DNOLOCK: the source account is debited without its lock
 * (DATA_RACE). -DUNORDERED: each teller locks its source account first
 * (DEADLOCK for tellers moving money in opposite directions).
 *     chorus verify bank.c -DN=3   (expect: verified)
 */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 2
#endif
#define ACCOUNTS 3

int balance[ACCOUNTS] = {100, 50, 10};
pthread_mutex_t lock[ACCOUNTS] = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
                                  PTHREAD_MUTEX_INITIALIZER};

void transfer(int from, int to, int amount) {
  int a = from < to ? from : to, b = from < to ? to : from;
#ifdef UNORDERED
  a = from;
  b = to;
#endif
#ifdef NOLOCK
  balance[from] = balance[from] - amount;
#endif
  pthread_mutex_lock(&lock[a]);
  pthread_mutex_lock(&lock[b]);
#ifndef NOLOCK
  balance[from] = balance[from] - amount;
#endif
  balance[to] = balance[to] + amount;
  pthread_mutex_unlock(&lock[b]);
  pthread_mutex_unlock(&lock[a]);
}

void *teller(void *arg) {
  int k = (int)(long)arg;
  transfer(k % ACCOUNTS, (k + 1) % ACCOUNTS, 5 + k);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++)
    pthread_create(&t[i], 0, teller, (void *)(long)i);
  for (int i = 0; i < N; i++)
    pthread_join(t[i], 0);
  assert(balance[0] + balance[1] + balance[2] == 160);
  return 0;
}
