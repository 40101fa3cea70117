// Under ILP32 a long has 32 bits.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, __func__); }

int main(void) {
  if (sizeof(long) != 4 || sizeof(void *) != 4) reach_error();
  return 0;
}
