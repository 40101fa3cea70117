/* Load buffering: each thread loads one location, then stores to the
 * other. The weak outcome r0 == 1 && r1 == 1 needs load-store reordering.
 * ST, LD: the orderings. */
#include <stdatomic.h>
#include <assert.h>

atomic_int x, y;
int r0, r1;

void t0(void)
{
    r0 = atomic_load_explicit(&x, LD);
    atomic_store_explicit(&y, 1, ST);
}

void t1(void)
{
    r1 = atomic_load_explicit(&y, LD);
    atomic_store_explicit(&x, 1, ST);
}

void check(void)
{
    assert(!(r0 == 1 && r1 == 1));
}
