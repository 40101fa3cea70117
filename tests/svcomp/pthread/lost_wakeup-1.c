// A lost wakeup: the waiter tests the flag before it takes the lock, so
// the signal can come before it waits and it then waits forever. That is a
// deadlock, not a reachable error: the data is written before the flag (and
// a spurious wakeup, which POSIX allows, finds the flag still clear).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int flag = 0, data = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *waiter(void *arg) {
  if (!flag) {
    pthread_mutex_lock(&m);
    pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
  }
  if (flag && data != 42) reach_error();
  return 0;
}

void *signaller(void *arg) {
  data = 42;
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t w, s;
  pthread_create(&w, 0, waiter, 0);
  pthread_create(&s, 0, signaller, 0);
  pthread_join(w, 0);
  pthread_join(s, 0);
  return 0;
}
