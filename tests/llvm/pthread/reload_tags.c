/* A reload round whose load and re-read differ in memory order: the load
 * before the loop is acquire, the CAS that re-reads is relaxed. A first
 * round that fails (reading 1) and a second that succeeds leave t == 1
 * with no synchronization, so r may be 0: FAIL on rc11 and relaxed, PASS
 * on sc. Moving the acquire load to the CAS's place would make it
 * synchronize with the writer and hide the failure, so the reload rule
 * must not apply here (docs/semantics.md, "Reload rounds on cat models"). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, F;

static void *writer(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_store_explicit(&F, 1, memory_order_release);
    return 0;
}

static void *updater(void *arg)
{
    int t = atomic_load_explicit(&F, memory_order_acquire);
    while (!atomic_compare_exchange_strong_explicit(&F, &t, t + 10,
               memory_order_relaxed, memory_order_relaxed))
        ;
    int r = atomic_load_explicit(&x, memory_order_relaxed);
    assert(t != 1 || r == 1);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, updater, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
