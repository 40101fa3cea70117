// The same release under a mutex: the object is freed exactly once.
#include <pthread.h>
#include <stdlib.h>

int *obj;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *release(void *arg) {
  pthread_mutex_lock(&m);
  int *p = obj;
  if (p) {
    free(p);
    obj = 0;
  }
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  obj = malloc(sizeof(int));
  pthread_create(&a, 0, release, 0);
  pthread_create(&b, 0, release, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
