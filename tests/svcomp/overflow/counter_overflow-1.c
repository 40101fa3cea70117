// Two threads add to a signed counter that starts near INT_MAX.
#include <pthread.h>

int c = 2147483646;

void *add(void *arg) {
  __atomic_fetch_add(&c, 1, __ATOMIC_SEQ_CST);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, add, 0);
  pthread_create(&b, 0, add, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int r = c + 1;
  return r;
}
