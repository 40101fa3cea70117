/* Test and test-and-set without a lock: a waiter, until a go flag is
 * set, exchanges 1 into l whenever it sees l == 1 (silent: the setter's
 * store is the only store of 1 but the waiter's own), then reads l with a
 * relaxed load and, at an index that depends on the value, data the setter
 * wrote before its release store of l. The includer sets ORDER, the
 * exchange's memory order, and may define BARRIER (an acquire fence after
 * the exchange) or BARRIER_BEFORE (one at the start of each round). On
 * arm8 with a relaxed exchange and no fence after it the load after the
 * loop may read the waiter's own silent store (rfi: no order) while the
 * exchange read the setter's store with a relaxed load: r == 1 and the
 * data still 0, which no execution without the silent round shows (the
 * dependent load would see the data). So there the round must not be
 * deleted; with an acquire exchange or the fence after it, it may
 * (docs/semantics.md, "Silent read-modify-writes on the hardware
 * models"). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int l, go;
atomic_int data[2];
int r = -1, s = -1;

void *setter(void *arg)
{
    atomic_store_explicit(&data[1], 1, memory_order_relaxed);
    atomic_store_explicit(&l, 1, memory_order_release);
    atomic_store_explicit(&go, 1, memory_order_relaxed);
    return 0;
}

void *waiter(void *arg)
{
    for (;;) {
        if (atomic_load_explicit(&go, memory_order_relaxed))
            break;
#ifdef BARRIER_BEFORE
        atomic_thread_fence(memory_order_acquire);
#endif
        if (atomic_load_explicit(&l, memory_order_relaxed) == 1) {
            atomic_exchange_explicit(&l, 1, ORDER);
#ifdef BARRIER
            atomic_thread_fence(memory_order_acquire);
#endif
        }
    }
    int x = atomic_load_explicit(&l, memory_order_relaxed);
    r = x;
    s = atomic_load_explicit(&data[x], memory_order_relaxed);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, setter, 0);
    pthread_create(&b, 0, waiter, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(!(r == 1 && s == 0));
    return 0;
}
