// In the style of an analyzer's regression test: g is only ever written
// under mutex A, and every critical section restores the invariant
// g == 0 before it unlocks (the thread sets it to 1 only inside).
// Expected verdict TRUE: main reads g under A, so it sees the value at
// the end of some critical section, which is always 0; reach_error() is
// unreachable.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int g = 0;
pthread_mutex_t A = PTHREAD_MUTEX_INITIALIZER;

void *t_fun(void *arg) {
  pthread_mutex_lock(&A);
  g = 1;
  g = g + 1;
  g = 0;
  pthread_mutex_unlock(&A);
  return 0;
}

int main(void) {
  pthread_t id;
  pthread_create(&id, 0, t_fun, 0);
  pthread_mutex_lock(&A);
  if (g != 0) reach_error();
  pthread_mutex_unlock(&A);
  pthread_join(id, 0);
  return 0;
}
