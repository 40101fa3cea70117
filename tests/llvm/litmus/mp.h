/* Message passing: t0 writes data, then a flag; t1 reads the flag, then
 * the data. The weak outcome r0 == 1 && r1 == 0 needs store-store or
 * load-load reordering. ST, LD: the orderings of the flag accesses (the
 * data accesses are relaxed); WFENCE, RFENCE (optional): fences between. */
#include <stdatomic.h>
#include <assert.h>

atomic_int data, flag;
int r0, r1;

void t0(void)
{
    atomic_store_explicit(&data, 1, memory_order_relaxed);
#ifdef WFENCE
    atomic_thread_fence(WFENCE);
#endif
    atomic_store_explicit(&flag, 1, ST);
}

void t1(void)
{
    r0 = atomic_load_explicit(&flag, LD);
#ifdef RFENCE
    atomic_thread_fence(RFENCE);
#endif
    r1 = atomic_load_explicit(&data, memory_order_relaxed);
}

void check(void)
{
    assert(!(r0 == 1 && r1 == 0));
}
