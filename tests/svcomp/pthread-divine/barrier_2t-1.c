// Two threads write their slot, meet at a barrier, then read the other's.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

pthread_barrier_t bar;
int slot[2];

void *thr(void *arg) {
  int id = (int)(long)arg;
  slot[id] = id + 1;
  pthread_barrier_wait(&bar);
  if (slot[1 - id] != 2 - id) reach_error();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_barrier_init(&bar, 0, 2);
  pthread_create(&t1, 0, thr, (void *)0L);
  pthread_create(&t2, 0, thr, (void *)1L);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  pthread_barrier_destroy(&bar);
  return 0;
}
