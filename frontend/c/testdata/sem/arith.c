/* Arithmetic and comparisons (no overflow, no unsigned wrap-around). */
int test_arith(void)
{
    int a = 7, b = -3, c = 0;
    c = a / b * 1000 + a % b * 100 + (a << 2) - (a >> 1);
    c += (a & 5) + (a | 8) + (a ^ 2) + ~b + !a + !c - -b;
    c = c * 3 - (b % 2);
    return c;
}

int test_compare(void)
{
    int r = 0, a = 3, b = 4;
    r = r * 2 + (a < b);
    r = r * 2 + (a > b);
    r = r * 2 + (a <= 3);
    r = r * 2 + (b >= 5);
    r = r * 2 + (a == 3);
    r = r * 2 + (a != 3);
    r = r * 2 + !(a - 3);
    return r;
}

int test_compound_assign(void)
{
    int x = 5;
    x += 3;
    x -= 1;
    x *= 4;
    x /= 3;
    x %= 5;
    x <<= 3;
    x >>= 1;
    x |= 1;
    x &= 13;
    x ^= 6;
    return x;
}

int test_incdec(void)
{
    int i = 5, j, k;
    j = i++;
    k = ++i;
    j = j * 10 + i--;
    k = k * 10 + --i;
    return i * 10000 + j * 100 + k;
}

int side;
int bump(int v) { side = side * 10 + v; return v; }

int test_short_circuit(void)
{
    int r = 0;
    side = 0;
    if (bump(0) && bump(1)) r += 1;
    if (bump(2) || bump(3)) r += 10;
    if (bump(0) || bump(4)) r += 100;
    if (bump(5) && bump(0)) r += 1000;
    r += (bump(6) ? bump(7) : bump(8)) * 10000;
    return side % 1000000 * 1000 + r % 1000;
}

_Bool to_bool(int x) { return x; }

int test_bool(void)
{
    _Bool b = 42;
    return b + to_bool(-7) * 10 + to_bool(0) * 100;
}

enum { ALPHA = 3, BETA, GAMMA = 10 };
#define TWICE(x) ((x) * 2)

int test_constants(void)
{
    return BETA * 100 + TWICE(GAMMA) + (int)sizeof(int) + 'A';
}

int test_comma(void)
{
    int a, b;
    a = (b = 3, b + 4);
    return a * 10 + b;
}
