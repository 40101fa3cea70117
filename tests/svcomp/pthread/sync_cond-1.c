// Producer and consumer hand one value over through a condition variable
// waited on in a loop, as it should be.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int full = 0, slot = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *producer(void *arg) {
  pthread_mutex_lock(&m);
  slot = 5;
  full = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

void *consumer(void *arg) {
  pthread_mutex_lock(&m);
  while (!full)
    pthread_cond_wait(&c, &m);
  if (slot != 5) reach_error();
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t p, q;
  pthread_create(&q, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(q, 0);
  return 0;
}
