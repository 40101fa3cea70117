/* Retry loops that count their rounds in a local nobody reads afterwards:
 * a CAS increment and a test-and-set spinlock. The counters change at
 * every round, so before faint registers (docs/semantics.md, "Faint
 * registers") no round was a cycle of fair progress and the unrolling ran
 * to --max-unroll; their assignments are now deleted when unrolling. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int x, lock;
int counter;

void *worker(void *arg)
{
    int tries = 0, spins = 0;
    int old = atomic_load(&x);
    while (!atomic_compare_exchange_strong(&x, &old, old + 1))
        tries++;
    while (atomic_exchange(&lock, 1))
        spins++;
    counter = counter + 1;
    atomic_store(&lock, 0);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(atomic_load(&x) == 2 && counter == 2);
    return 0;
}
