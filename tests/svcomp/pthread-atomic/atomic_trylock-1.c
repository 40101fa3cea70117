// A lock made of atomic sections: acquiring tests the lock and leaves the
// section early (return) when it is taken; the critical sections never
// overlap.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int lock = 0, inside = 0, entered = 0;

int try_acquire(void) {
  __VERIFIER_atomic_begin();
  if (lock != 0) {
    __VERIFIER_atomic_end();
    return 0;
  }
  lock = 1;
  __VERIFIER_atomic_end();
  return 1;
}

void *thr(void *arg) {
  if (try_acquire()) {
    inside++;
    if (inside != 1) reach_error();
    inside--;
    entered++;
    __VERIFIER_atomic_begin();
    lock = 0;
    __VERIFIER_atomic_end();
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr, 0);
  pthread_create(&t2, 0, thr, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
