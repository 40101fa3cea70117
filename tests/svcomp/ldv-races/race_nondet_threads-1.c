// Any number of threads increment a counter under a lock.
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *thr(void *arg) {
  pthread_mutex_lock(&m);
  counter++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, thr, 0);
  return 0;
}
