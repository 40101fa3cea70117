/* C's integer widths: unsigned arithmetic wraps at its type's width,
 * conversions to a narrower type take the value modulo 2^N, operands of
 * unsigned comparisons and divisions are converted first, and 64-bit
 * unsigned values compare as unsigned. */
#include <stdint.h>

unsigned int big = 4000000000u;
uint64_t huge = 18000000000000000000ull;

int test_unsigned_wrap(void)
{
    unsigned int a = 4294967295u;
    unsigned int b = a + 2u;           /* 1 */
    unsigned int c = 0u - 1u;          /* 4294967295 */
    unsigned int d = 65536u * 65536u;  /* 0 */
    unsigned int e = ~0u;              /* 4294967295 */
    unsigned int f = -a;               /* 1 */
    return (b == 1) * 10000 + (c == a) * 1000 + (d == 0) * 100 + (e == a) * 10 + (f == 1);
}

int test_narrowing(void)
{
    int x = 300;
    unsigned char u = x;               /* 44 */
    signed char s = x;                 /* 44 */
    signed char n = 200;               /* -56 */
    short h = 70000;                   /* 4464 */
    unsigned short k = -1;             /* 65535 */
    int back = (unsigned char)(x + 1); /* 45 */
    return u * 1000000 + (s == 44) * 100000 + (n == -56) * 10000 + (h == 4464) * 1000 + (k == 65535) * 100 + back - 40;
}

int test_incdec_wrap(void)
{
    unsigned char c = 255;
    c++;                               /* 0 */
    unsigned char d = 0;
    d--;                               /* 255 */
    unsigned int u = 0;
    u--;                               /* 4294967295 */
    unsigned char e = 250;
    e += 10;                           /* 4 */
    signed char f = 127;
    f += 1;                            /* -128 */
    return c * 10000 + (d == 255) * 1000 + (u == 4294967295u) * 100 + (e == 4) * 10 + (f == -128);
}

int test_mixed_sign(void)
{
    int r = 0;
    int m = -1;
    unsigned int one = 1;
    r = r * 2 + (m < one);             /* 0: -1 is converted to 4294967295 */
    r = r * 2 + (m == 4294967295u);    /* 1 */
    r = r * 2 + (-7 / 2u > 1000);      /* 1 */
    r = r * 2 + ((m | 0u) == 4294967295u); /* 1 */
    r = r * 2 + (big > 3000000000u);   /* 1 */
    long l = m;                        /* -1: int to long keeps the value */
    r = r * 2 + (l < 0);               /* 1 */
    return r;
}

int test_uint64(void)
{
    uint64_t a = huge;
    uint64_t b = a + a;                /* wraps at 64 bits */
    uint64_t c = 0;
    c = c - 1;                         /* 2^64 - 1 */
    int r = 0;
    r = r * 2 + (a > 1000u);           /* 1 */
    r = r * 2 + (c > a);               /* 1 */
    r = r * 2 + (b < a);               /* 1 */
    r = r * 2 + (c == 18446744073709551615ull); /* 1 */
    r = r * 2 + ((uint32_t)c == 4294967295u);   /* 1 */
    r = r * 2 + ((int32_t)(c - 5) == -6);       /* 1 */
    return r;
}
