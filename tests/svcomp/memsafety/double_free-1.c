// Two threads release a shared object; the check of the pointer and its
// reset are not atomic, so both can free it.
#include <pthread.h>
#include <stdlib.h>

int *obj;

void *release(void *arg) {
  int *p = obj;
  if (p) {
    free(p);
    obj = 0;
  }
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
