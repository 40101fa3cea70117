/* Independent reads of independent writes: two readers see the two
 * writes in opposite orders (a == 1, b == 0, c == 1, d == 0). C11 allows
 * this unless all accesses are seq_cst; hardware that is multi-copy
 * atomic (all our built-in models) forbids it once the readers' loads are
 * ordered. ST, LD: the orderings. */
#include <stdatomic.h>
#include <assert.h>

atomic_int x, y;
int a, b, c, d;

void w0(void)
{
    atomic_store_explicit(&x, 1, ST);
}

void w1(void)
{
    atomic_store_explicit(&y, 1, ST);
}

void rd0(void)
{
    a = atomic_load_explicit(&x, LD);
    b = atomic_load_explicit(&y, LD);
}

void rd1(void)
{
    c = atomic_load_explicit(&y, LD);
    d = atomic_load_explicit(&x, LD);
}

void check(void)
{
    assert(!(a == 1 && b == 0 && c == 1 && d == 0));
}
