// A reader dereferences a pointer another thread has not set yet.
#include <pthread.h>
#include <stdlib.h>

int *shared;

void *setter(void *arg) {
  shared = malloc(sizeof(int));
  *shared = 3;
  return 0;
}

void *reader(void *arg) {
  int v = *shared;
  return (void *)(long)v;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, setter, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  free(shared);
  return 0;
}
