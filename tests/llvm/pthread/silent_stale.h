/* Test and test-and-set without a lock: a waiter, until a go flag is
 * set, exchanges 2 into l whenever it sees l == 2 (silent: the setter's
 * store is the only store of 2 but the waiter's own) — or, with CHAIN,
 * takes l from 2 to 3 and back with two exchanges (a chain) — then reads
 * l with a relaxed load and, at an index that depends on the value, data
 * the setter wrote before its release store of l. The includer sets
 * ORDER, the order of the (first) exchange, and may define BARRIER (an
 * acquire fence after the exchanges) or BARRIER_BEFORE (one at the start
 * of each round). On arm8 with relaxed exchanges and no fence after them
 * the load after the loop may read the waiter's own last store (rfi: no
 * order) while the first exchange read the setter's store with a relaxed
 * load: v == 2 and the data still 0, which no execution without the
 * round shows (the dependent load would see the data). So there the round
 * must not be deleted; with an acquire first exchange or the fence after
 * it, it may (docs/semantics.md, "Silent read-modify-writes on the
 * hardware models"). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#ifdef CHAIN
#define CHAIN_ORDER memory_order_relaxed
#else
#define CHAIN_ORDER ORDER
#endif

atomic_int l, go;
atomic_int data[4];
int x = -1, s = -1;

void *setter(void *arg)
{
    atomic_store_explicit(&data[2], 1, memory_order_relaxed);
    atomic_store_explicit(&l, 2, memory_order_release);
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
        if (atomic_load_explicit(&l, memory_order_relaxed) == 2) {
#ifdef CHAIN
            atomic_exchange_explicit(&l, 3, ORDER);
#endif
            atomic_exchange_explicit(&l, 2, CHAIN_ORDER);
#ifdef BARRIER
            atomic_thread_fence(memory_order_acquire);
#endif
        }
    }
    int v = atomic_load_explicit(&l, memory_order_relaxed);
    x = v;
    s = atomic_load_explicit(&data[v], memory_order_relaxed);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, setter, 0);
    pthread_create(&b, 0, waiter, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(!(x == 2 && s == 0));
    return 0;
}
