// A blocking lock made of an atomic section that aborts (an assume: the
// path is cut) while the lock is taken.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int lock = 0, count = 0;

void acquire(void) {
  __VERIFIER_atomic_begin();
  if (lock != 0) abort();
  lock = 1;
  __VERIFIER_atomic_end();
}

void release(void) {
  __VERIFIER_atomic_begin();
  lock = 0;
  __VERIFIER_atomic_end();
}

void *thr(void *arg) {
  acquire();
  int tmp = count;
  count = tmp + 1;
  release();
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
