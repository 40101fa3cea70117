// A thread starts a second one and checks before it joins it.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int x = 0;

void *inner(void *arg) {
  x = x + 10;
  return 0;
}

void *outer(void *arg) {
  pthread_t t;
  x = 1;
  pthread_create(&t, 0, inner, 0);
  if (x != 1) reach_error();
  pthread_join(t, 0);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, outer, 0);
  pthread_join(t, 0);
  return 0;
}
