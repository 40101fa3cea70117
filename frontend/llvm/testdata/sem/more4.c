#include <stdatomic.h>
#include <string.h>
struct pair { int *p; int *q; };
int xs[3] = { 4, 5, 6 };
int *gp = &xs[2];
struct pair gpair = { &xs[0], &xs[1] };

int test_small_atomics(void)
{
    atomic_uchar c = 255;
    atomic_fetch_add(&c, 1);
    unsigned char seen = atomic_load(&c);
    atomic_ushort s = 65530;
    unsigned short old = atomic_fetch_add(&s, 10);
    return seen * 1000000 + old + atomic_load(&s) * 100000;
}

int test_uchar_loop(void)
{
    int n = 0;
    for (unsigned char i = 250; i != 4; i++)
        n++;
    return n;
}

int test_pointer_globals(void)
{
    struct pair copy;
    memcpy(&copy, &gpair, sizeof copy);
    int **pp = &copy.q;
    return *gp * 100 + *copy.p * 10 + **pp;
}

int test_negative_mod(void)
{
    int a = -7, b = 3;
    return (a % b) * 100 + (a / b) * 10 + (-a % b);
}
