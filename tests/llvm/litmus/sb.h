/* Store buffering: each thread stores to one location, then loads the
 * other. The weak outcome r0 == 0 && r1 == 0 needs store-load reordering.
 * ST, LD: the orderings; FENCE (optional): a fence between. */
#include <stdatomic.h>
#include <assert.h>

atomic_int x, y;
int r0, r1;

void t0(void)
{
    atomic_store_explicit(&x, 1, ST);
#ifdef FENCE
    atomic_thread_fence(FENCE);
#endif
    r0 = atomic_load_explicit(&y, LD);
}

void t1(void)
{
    atomic_store_explicit(&y, 1, ST);
#ifdef FENCE
    atomic_thread_fence(FENCE);
#endif
    r1 = atomic_load_explicit(&x, LD);
}

void check(void)
{
    assert(!(r0 == 0 && r1 == 0));
}
