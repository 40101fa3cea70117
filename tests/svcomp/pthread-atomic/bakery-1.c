// Lamport's bakery algorithm for two threads (thread 1 wins ties).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int choosing1 = 0, choosing2 = 0;
int number1 = 0, number2 = 0;
int x;

void *thr1(void *arg) {
  choosing1 = 1;
  number1 = number2 + 1;
  choosing1 = 0;
  while (choosing2) {};
  while (number2 != 0 && number2 < number1) {};
  // critical section
  x = 0;
  if (!(x <= 0)) reach_error();
  number1 = 0;
  return 0;
}

void *thr2(void *arg) {
  choosing2 = 1;
  number2 = number1 + 1;
  choosing2 = 0;
  while (choosing1) {};
  while (number1 != 0 && number1 <= number2) {};
  // critical section
  x = 1;
  if (!(x >= 1)) reach_error();
  number2 = 0;
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr1, 0);
  pthread_create(&t2, 0, thr2, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
