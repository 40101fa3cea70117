/* Read-read coherence: two loads of one location by one thread must not
 * see its writes out of order (a == 1 && b == 0), which C11 promises even
 * for relaxed atomics. LD: the ordering of the loads. */
#include <stdatomic.h>
#include <assert.h>

atomic_int x;
int a, b;

void w(void)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
}

void rd(void)
{
    a = atomic_load_explicit(&x, LD);
    b = atomic_load_explicit(&x, LD);
}

void check(void)
{
    assert(!(a == 1 && b == 0));
}
