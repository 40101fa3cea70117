/* A test-and-set spinlock whose exchange is relaxed, with an acquire
 * fence after the spin (the fence synchronizes with the release store
 * the last exchange read). PASS on every model; on arm8 a relaxed
 * exchange's failed round is not deleted (the next round's exchange
 * reads its store with no acquire or load barrier between:
 * docs/semantics.md, "Silent read-modify-writes on the hardware models"),
 * so there the spin does not converge and the result says why. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int lock;
int counter;

void *add(void *arg)
{
    while (atomic_exchange_explicit(&lock, 1, memory_order_relaxed))
        ;
    atomic_thread_fence(memory_order_acquire);
    counter = counter + 1;
    atomic_store_explicit(&lock, 0, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, add, 0);
    pthread_create(&b, 0, add, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(counter == 2);
    return 0;
}
