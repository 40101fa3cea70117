// Data handed over through a plain (non-atomic) flag: the flag races.
#include <pthread.h>

int data, ready;

void *producer(void *arg) {
  data = 7;
  ready = 1;
  return 0;
}

void *consumer(void *arg) {
  if (ready) return (void *)(long)data;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, producer, 0);
  pthread_create(&b, 0, consumer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
