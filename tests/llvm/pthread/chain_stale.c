/* A chain of read-modify-writes without a lock: a waiter, until a go flag
 * is set, takes l from 2 to 3 and back (two exchanges) whenever it sees
 * l == 2 (the setter's store is the only other store of 2), then reads l
 * with a relaxed load and, at an index that depends on the value, data the
 * setter wrote before its release store of l. With relaxed exchanges, on
 * arm8 the load after the loop may read the waiter's own second exchange
 * (rfi: no order) while its first read the setter's store: x == 2 and the
 * data still 0, which no execution without the round shows. So there the
 * round must not be deleted (docs/semantics.md, "Silent read-modify-writes
 * on the hardware models"). ACQUIRE makes the first exchange an acquire,
 * which orders it before the load: then the round may be deleted. FAIL on
 * arm8 relaxed, and on relaxed and rc11 without any round (they keep no
 * order from the load of l to the dependent load); PASS on sc, tso,
 * sc-cat, riscv, tso-cat, and with ACQUIRE on arm8. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

#ifdef ACQUIRE
#define TAKE memory_order_acquire
#else
#define TAKE memory_order_relaxed
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
        if (atomic_load_explicit(&l, memory_order_relaxed) == 2) {
            atomic_exchange_explicit(&l, 3, TAKE);
            atomic_exchange_explicit(&l, 2, memory_order_relaxed);
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
