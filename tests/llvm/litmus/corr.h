/* Read-read coherence: two loads of one location by one thread must not
 * see its writes out of order (a == 1 && b == 0), which C11 promises even
 * for relaxed atomics. LD: the ordering of the loads. With FIRST_CAS (and
 * SECOND_CAS) the first (second) read is a relaxed compare-exchange that
 * fails (x is never 5): a failed one only reads, and coherence holds for
 * it too. */
#include <stdatomic.h>
#include <assert.h>

atomic_int x;
int a, b;

void w(void)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
}

#if defined(FIRST_CAS) || defined(SECOND_CAS)
static int cas_read(void)
{
    int e = 5;
    atomic_compare_exchange_strong_explicit(&x, &e, 6, memory_order_relaxed, memory_order_relaxed);
    return e;
}
#endif

void rd(void)
{
#ifdef FIRST_CAS
    a = cas_read();
#else
    a = atomic_load_explicit(&x, LD);
#endif
#ifdef SECOND_CAS
    b = cas_read();
#else
    b = atomic_load_explicit(&x, LD);
#endif
}

void check(void)
{
    assert(!(a == 1 && b == 0));
}
