// Two threads compute the gcd of two small numbers by subtraction, each
// step an atomic function (SV-COMP's __VERIFIER_atomic_ naming rule).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int a, b;

void __VERIFIER_atomic_dec_a(void) {
  if (a > b) a = a - b;
}
void __VERIFIER_atomic_dec_b(void) {
  if (b > a) b = b - a;
}

void *thr1(void *arg) {
  while (a != b) __VERIFIER_atomic_dec_a();
  return 0;
}
void *thr2(void *arg) {
  while (a != b) __VERIFIER_atomic_dec_b();
  return 0;
}

int gcd(int u, int v) {
  while (v != 0) {
    int r = u % v;
    u = v;
    v = r;
  }
  return u;
}

int main(void) {
  int a0 = __VERIFIER_nondet_int(), b0 = __VERIFIER_nondet_int();
  __VERIFIER_assume(a0 >= 1 && a0 <= 4);
  __VERIFIER_assume(b0 >= 1 && b0 <= 4);
  a = a0;
  b = b0;
  pthread_t t1, t2;
  pthread_create(&t1, 0, thr1, 0);
  pthread_create(&t2, 0, thr2, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  if (a != gcd(a0, b0)) reach_error();
  return 0;
}
