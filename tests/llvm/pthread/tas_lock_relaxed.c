/* tas_lock.c with relaxed orderings: no fences, so on the models that
 * reorder the critical section out of the lock (pso stores, relaxed and
 * rmo everything) an increment is lost. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int lock;
int counter;

void *add(void *arg)
{
    while (atomic_exchange_explicit(&lock, 1, memory_order_relaxed))
        ;
    counter = counter + 1;
    atomic_store_explicit(&lock, 0, memory_order_relaxed);
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
