// C99 inline functions; the lock is released before the increment.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int lock = 0, count = 0;

inline int cas(int *p, int old, int new) {
  return __sync_bool_compare_and_swap(p, old, new);
}

inline void acquire(void) {
  while (!cas(&lock, 0, 1)) {}
}

inline void release(void) {
  __sync_lock_release(&lock);
}

void *thr(void *arg) {
  acquire();
  int tmp = count;
  release();
  count = tmp + 1;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr, 0);
  pthread_create(&t2, 0, thr, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  if (count != 2) reach_error();
  return 0;
}
