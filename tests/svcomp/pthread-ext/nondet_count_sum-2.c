// main starts n workers, n from __VERIFIER_nondet_int() in [1, 3], joins
// them, and checks the sum of their contributions; each worker adds its
// index under a mutex, but the check claims the sum is below n.
// Expected verdict FALSE: with n == 1 the only worker adds 0 + 1 = 1, and
// 1 < 1 is false, so reach_error() is called (every n in [1, 3] violates
// it: the sum is n(n+1)/2 >= n). The count is at most 3, within the
// thread bound.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int sum = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int id = (int)(long)arg;
  pthread_mutex_lock(&m);
  sum = sum + id + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[3];
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 3) return 0;
  for (int i = 0; i < n; i++)
    pthread_create(&t[i], 0, worker, (void *)(long)i);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], 0);
  if (sum < n) return 0;
  reach_error();
  return 0;
}
