/* Unsigned values at and above their type's signed maximum, which clang
 * writes as negative constants (unsigned char 200 is i8 -56), and
 * unsigned arithmetic that wraps before an unsigned operation reads it. */
unsigned char uc = 200;
unsigned short us = 65000;
unsigned int ui = 4000000000u;
signed char sc = -56;

int test_zext(void)
{
    unsigned char a = uc;
    int widened = a;              /* zext: 200, not -56 */
    return widened * 1000 + (sc < 0) * 100 + (us > 60000) * 10 + (a == 200);
}

int test_unsigned_compare(void)
{
    int r = 0;
    r = r * 2 + (ui > 5u);
    r = r * 2 + (ui >= 4000000000u);
    r = r * 2 + (ui < 3000000000u);
    r = r * 2 + (ui <= 2147483648u);
    r = r * 2 + (uc > 100);
    r = r * 2 + (us < 1000);
    return r;
}

int test_unsigned_div_rem_shift(void)
{
    unsigned int q = ui / 7, m = ui % 7;
    unsigned int s = ui >> 4;
    return (int)(q % 100000) * 100 + (int)m * 10 + (int)(s % 7);
}

int test_wrap_then_compare(void)
{
    unsigned int a = ui, b = 1000000000u;
    unsigned int sum = a + b;     /* wraps to 705032704 */
    unsigned int h = 7u * 2654435761u;
    return (sum < a) * 1000 + (int)(sum % 1000) + (int)((h >> 28) * 10000);
}

int test_char_arithmetic(void)
{
    unsigned char c = uc;
    unsigned char d = c + 100;    /* wraps to 44 */
    unsigned int widened = d;
    return (int)widened + (c / 3) * 1000;
}

int test_max_min(void)
{
    unsigned int x = 5;
    unsigned int big = ui;
    unsigned int hi = x > big ? x : big;
    unsigned int lo = x < big ? x : big;
    return (hi == big) * 10 + (lo == x);
}

int test_wrap_equality(void)
{
    unsigned int m = 2147483647u;
    unsigned int s = m + 1u;            /* 2147483648u: its pattern, not 2^31 */
    unsigned int p = 65536u * 65536u;   /* 0 */
    unsigned int q = ui * 2u;           /* 3705032704u */
    unsigned int t = (1u << 31) << 1;   /* 0 */
    return (s == 2147483648u) * 10000 + (p == 0) * 1000 + (q == 3705032704u) * 100 + (t == 0) * 10 + (s - 1u == m);
}
