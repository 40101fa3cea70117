/* Two threads increment a counter under a test-and-set spinlock written
 * with C11 atomics, the orderings ACQUIRE and RELEASE set by the includer,
 * which may define FENCE_AFTER (an acquire fence after the spin) and
 * INDEX_OLD (the value the last exchange read, 0, is an index inside the
 * critical section).
 * A failed exchange writes 1 over 1: a silent read-modify-write, so the
 * spin converges under fair progress (docs/semantics.md, "Silent
 * read-modify-writes"). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int lock;
int counter;
int slot[2];

void *add(void *arg)
{
    int old;
    while ((old = atomic_exchange_explicit(&lock, 1, ACQUIRE)))
        ;
#ifdef FENCE_AFTER
    atomic_thread_fence(memory_order_acquire);
#endif
#ifdef INDEX_OLD
    slot[old] = slot[old] + 1;
#endif
    counter = counter + 1;
    atomic_store_explicit(&lock, 0, RELEASE);
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
