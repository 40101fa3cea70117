// main hands a block to a worker through a global, and frees it without
// waiting for the worker.
// Expected verdict FALSE(valid-deref): the worker can read the global
// after main's store and dereference the block after main's free: a use
// after free (main joins only after the free).
#include <pthread.h>
#include <stdlib.h>

int *shared = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int *p;
  pthread_mutex_lock(&m);
  p = shared;
  pthread_mutex_unlock(&m);
  if (p) *p = *p + 1;
  return 0;
}

int main(void) {
  pthread_t t;
  int *b = malloc(sizeof(int));
  if (!b) return 0;
  *b = 0;
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  shared = b;
  pthread_mutex_unlock(&m);
  free(b);
  pthread_join(t, 0);
  return 0;
}
