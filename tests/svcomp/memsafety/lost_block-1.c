// A thread allocates a block and drops its only pointer to it.
#include <pthread.h>
#include <stdlib.h>

void *thr(void *arg) {
  int *p = malloc(sizeof(int));
  *p = 1;
  p = 0;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, thr, 0);
  pthread_join(t, 0);
  return 0;
}
