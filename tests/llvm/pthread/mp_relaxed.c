/* Message passing between two pthreads with C11 atomics. The producer
 * publishes data, then raises a flag; the consumer waits for the flag and
 * reads the data. With relaxed orderings nothing keeps the two stores (or
 * the two loads) in order, so on the relaxed model the consumer can see
 * the flag but stale data: checkfence run reports FAIL with the trace. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int data;
atomic_int flag;

void *producer(void *arg)
{
    atomic_store_explicit(&data, 42, memory_order_relaxed);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return 0;
}

void *consumer(void *arg)
{
    while (atomic_load_explicit(&flag, memory_order_relaxed) == 0)
        ;
    assert(atomic_load_explicit(&data, memory_order_relaxed) == 42);
    return 0;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    return 0;
}
