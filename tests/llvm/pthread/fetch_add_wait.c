/* A consumer waits for a flag with fetch_add(&ready, 0), an RMW that
 * writes back what it read (silent while it reads 0), then reads the data
 * the producer published with a release store. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int ready;
int data;

void *producer(void *arg)
{
    data = 42;
    atomic_store_explicit(&ready, 1, memory_order_release);
    return 0;
}

void *consumer(void *arg)
{
    while (atomic_fetch_add_explicit(&ready, 0, memory_order_acquire) == 0)
        ;
    assert(data == 42);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, producer, 0);
    pthread_create(&b, 0, consumer, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
