/* The message passing program of mp_relaxed.c with a release store of the
 * flag and acquire loads of it: the data is published before the flag
 * and read after it, on every model. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int data;
atomic_int flag;

void *producer(void *arg)
{
    atomic_store_explicit(&data, 42, memory_order_relaxed);
    atomic_store_explicit(&flag, 1, memory_order_release);
    return 0;
}

void *consumer(void *arg)
{
    while (atomic_load_explicit(&flag, memory_order_acquire) == 0)
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
