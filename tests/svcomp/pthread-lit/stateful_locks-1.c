// In the style of the literature's two-lock examples: two threads update
// two counters, each under its own mutex, in opposite orders of the
// locks' sections (never holding both).
// Expected verdict TRUE: every update is a whole critical section of the
// counter's lock, so after both joins d1 == 10 + 1 + 5 and d2 == 10 + 1 - 6
// whatever the interleaving; reach_error() is unreachable.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

pthread_mutex_t m1, m2;
int d1 = 10, d2 = 10;

void *t1(void *arg) {
  pthread_mutex_lock(&m1);
  d1 = d1 + 1;
  pthread_mutex_unlock(&m1);
  pthread_mutex_lock(&m2);
  d2 = d2 + 1;
  pthread_mutex_unlock(&m2);
  return 0;
}

void *t2(void *arg) {
  pthread_mutex_lock(&m2);
  d2 = d2 - 6;
  pthread_mutex_unlock(&m2);
  pthread_mutex_lock(&m1);
  d1 = d1 + 5;
  pthread_mutex_unlock(&m1);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_mutex_init(&m1, 0);
  pthread_mutex_init(&m2, 0);
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (d1 != 16 || d2 != 5) reach_error();
  return 0;
}
