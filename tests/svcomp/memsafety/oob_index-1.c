// A thread writes one past the end of an array with an index another
// thread may have advanced.
#include <pthread.h>

int arr[2];
int idx = 1;

void *bump(void *arg) {
  idx = 2;
  return 0;
}

void *store(void *arg) {
  arr[idx] = 5;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, bump, 0);
  pthread_create(&b, 0, store, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
