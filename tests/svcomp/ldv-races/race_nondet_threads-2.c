// Any number of threads increment a counter, one of them outside the lock.
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *locked(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return 0;
}

void *unlocked(void *arg) {
  counter++;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, unlocked, 0);
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, locked, 0);
  return 0;
}
