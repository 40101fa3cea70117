// Any number of threads, each adding one to a counter atomically; the
// counter never goes below zero.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int s = 0;

void *thr(void *arg) {
  __VERIFIER_atomic_begin();
  s = s + 1;
  __VERIFIER_atomic_end();
  if (s < 0) reach_error();
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int()) {
    pthread_create(&t, 0, thr, 0);
  }
  return 0;
}
