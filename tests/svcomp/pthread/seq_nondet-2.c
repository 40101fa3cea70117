// A sequential program (no threads): the sum can reach 198, which the
// check does not allow.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (!(x >= 0 && x < 100)) abort();
  if (!(y >= 0 && y < 100)) abort();
  int s = x + y;
  if (s < 0 || s > 197) reach_error();
  return 0;
}
