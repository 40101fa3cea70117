// A ticket lock taken by any number of threads, but a thread serves the
// next ticket before it leaves the critical section.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int next_ticket = 0, now_serving = 0, inside = 0;

void *thr(void *arg) {
  int my = __sync_fetch_and_add(&next_ticket, 1);
  while (__atomic_load_n(&now_serving, __ATOMIC_SEQ_CST) != my) {}
  inside = inside + 1;
  __sync_fetch_and_add(&now_serving, 1);
  if (inside != 1) reach_error();
  inside = inside - 1;
  return 0;
}

int main(void) {
  pthread_t t;
  while (__VERIFIER_nondet_int())
    pthread_create(&t, 0, thr, 0);
  return 0;
}
