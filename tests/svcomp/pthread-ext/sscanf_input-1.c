// Parses its configuration with sscanf (the C library's string functions
// are outside what a concurrency checker models).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
#include <stdio.h>

int workers;

void *thr(void *arg) { return 0; }

int main(void) {
  pthread_t t;
  if (sscanf("1", "%d", &workers) != 1) return 0;
  if (workers == 1) pthread_create(&t, 0, thr, 0);
  if (workers != 1) reach_error();
  return 0;
}
