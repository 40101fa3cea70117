// Increments inside __VERIFIER_atomic_begin/end, also in main.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int x = 0;

void *inc(void *arg) {
  __VERIFIER_atomic_begin();
  int tmp = x;
  x = tmp + 1;
  __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, inc, 0);
  pthread_create(&t2, 0, inc, 0);
  __VERIFIER_atomic_begin();
  int tmp = x;
  x = tmp + 1;
  __VERIFIER_atomic_end();
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  if (x != 3) reach_error();
  return 0;
}
