// main frees the buffer after the thread that writes it has ended.
#include <pthread.h>
#include <stdlib.h>

int *buf;

void *thr(void *arg) {
  buf[0] = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  buf = malloc(2 * sizeof(int));
  pthread_create(&t, 0, thr, 0);
  pthread_join(t, 0);
  free(buf);
  return 0;
}
