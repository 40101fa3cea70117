// A nondeterministic number of workers (created while
// __VERIFIER_nondet_int() is nonzero) enter a section guarded by a plain
// flag test-then-set, which is not atomic.
// Expected verdict FALSE: with two workers, both can read busy == 0 before
// either sets it, and then both are inside, so the second one's check
// inside != 1 calls reach_error(). Two threads are within any thread bound,
// so a bounded check finds it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int busy = 0, inside = 0;

void *worker(void *arg) {
  if (busy == 0) {
    busy = 1;
    inside = inside + 1;
    if (inside != 1) reach_error();
    inside = inside - 1;
    busy = 0;
  }
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, worker, 0);
  return 0;
}
