// Two threads add to a small signed counter under a lock.
#include <pthread.h>

int c = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *add(void *arg) {
  pthread_mutex_lock(&m);
  c = c + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, add, 0);
  pthread_create(&b, 0, add, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return c * 1000;
}
