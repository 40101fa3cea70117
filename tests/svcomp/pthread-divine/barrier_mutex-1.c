// A two-party barrier built from a mutex and a condition variable.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int arrived = 0;
int slot[2];

void barrier(void) {
  pthread_mutex_lock(&m);
  arrived++;
  pthread_cond_broadcast(&c);
  while (arrived < 2) pthread_cond_wait(&c, &m);
  pthread_mutex_unlock(&m);
}

void *thr(void *arg) {
  int id = (int)(long)arg;
  slot[id] = id + 1;
  barrier();
  if (slot[1 - id] != 2 - id) reach_error();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr, (void *)0L);
  pthread_create(&t2, 0, thr, (void *)1L);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
