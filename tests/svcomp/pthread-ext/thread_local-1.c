// A __thread variable: each thread has its own copy.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

__thread int mine;

void *thr(void *arg) {
  mine = (int)(long)arg;
  if (mine != (int)(long)arg) reach_error();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr, (void *)1L);
  pthread_create(&t2, 0, thr, (void *)2L);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
