// Peterson's algorithm with the two writes of each entry swapped: both
// threads can enter.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>

int flag1 = 0, flag2 = 0;
int turn;
int x;

void *thr1(void *arg) {
  turn = 1;
  flag1 = 1;
  while (flag2 == 1 && turn == 1) {};
  // critical section
  x = 0;
  if (!(x <= 0)) reach_error();
  flag1 = 0;
  return 0;
}

void *thr2(void *arg) {
  turn = 0;
  flag2 = 1;
  while (flag1 == 1 && turn == 0) {};
  // critical section
  x = 1;
  if (!(x >= 1)) reach_error();
  flag2 = 0;
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
