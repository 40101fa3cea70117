// The same two threads run in parallel: the second may run first.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#include <stdlib.h>

char *v;

void *t1(void *arg) {
  v = malloc(4);
  v[0] = 'X';
  return 0;
}
void *t2(void *arg) {
  if (v) v[0] = 'B';
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (v[0] != 'B') reach_error();
  free(v);
  return 0;
}
