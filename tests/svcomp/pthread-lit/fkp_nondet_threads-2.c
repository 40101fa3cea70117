// A nondeterministic number of threads, all joined: the counter can reach
// three.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int s = 0;

void *thr(void *arg) {
  __VERIFIER_atomic_begin();
  s = s + 1;
  __VERIFIER_atomic_end();
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) abort();
  pthread_t *ids = malloc(sizeof(pthread_t) * n);
  for (int i = 0; i < n; i++)
    pthread_create(&ids[i], 0, thr, 0);
  for (int i = 0; i < n; i++)
    pthread_join(ids[i], 0);
  if (s == 3) reach_error();
  free(ids);
  return 0;
}
