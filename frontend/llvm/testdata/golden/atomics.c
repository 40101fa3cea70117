/* C11 atomics with every ordering. */
#include <stdatomic.h>
#include <stdbool.h>

atomic_int x;
_Atomic(int *) p;
int v;

void loads_and_stores(void)
{
    int a = atomic_load_explicit(&x, memory_order_relaxed);
    int b = atomic_load_explicit(&x, memory_order_acquire);
    int c = atomic_load(&x);
    atomic_store_explicit(&x, a, memory_order_relaxed);
    atomic_store_explicit(&x, b, memory_order_release);
    atomic_store(&x, c);
}

void rmw(void)
{
    atomic_fetch_add_explicit(&x, 2, memory_order_relaxed);
    atomic_fetch_sub_explicit(&x, 1, memory_order_acq_rel);
    atomic_exchange(&x, 5);
    int old = atomic_fetch_or_explicit(&x, 8, memory_order_release);
    v = old;
}

bool cas(int expected)
{
    bool ok = atomic_compare_exchange_strong_explicit(&x, &expected, 7,
        memory_order_acq_rel, memory_order_acquire);
    v = expected;
    return ok;
}

void pointers(void)
{
    atomic_store_explicit(&p, &v, memory_order_release);
    int *q = atomic_load_explicit(&p, memory_order_acquire);
    *q = 1;
}

void fences(void)
{
    atomic_thread_fence(memory_order_acquire);
    atomic_thread_fence(memory_order_release);
    atomic_thread_fence(memory_order_acq_rel);
    atomic_thread_fence(memory_order_seq_cst);
    atomic_signal_fence(memory_order_seq_cst);
}
