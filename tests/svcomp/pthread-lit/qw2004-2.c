// The driver's stop routine with the test of the stopping flag outside
// the atomic increment: an I/O can start after the device stopped.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern void __VERIFIER_assume(int);

int stoppingFlag = 0, pendingIo = 1, stoppingEvent = 0, stopped = 0;

void __VERIFIER_atomic_add(void) {
  pendingIo++;
}

int inc(void) {
  if (stoppingFlag) return -1;
  __VERIFIER_atomic_add();
  return 0;
}

void __VERIFIER_atomic_dec(void) {
  pendingIo--;
  if (pendingIo == 0) stoppingEvent = 1;
}

void *stopper(void *arg) {
  stoppingFlag = 1;
  __VERIFIER_atomic_dec();
  __VERIFIER_assume(stoppingEvent);
  stopped = 1;
  return 0;
}

void *adder(void *arg) {
  if (inc() == 0) {
    if (stopped) reach_error();
    __VERIFIER_atomic_dec();
  }
  return 0;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, stopper, 0);
  pthread_create(&t2, 0, adder, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
