/* A release sequence: the producer's release store of the flag is
 * followed by a relaxed fetch_add of another thread; the consumer's
 * acquire load that reads the fetch_add's value still synchronises with
 * the release store (C11 5.1.2.4). Race free. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

static void *producer(void *arg)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_release);
    return 0;
}

static void *bumper(void *arg)
{
    atomic_fetch_add_explicit(&flag, 1, memory_order_relaxed);
    return 0;
}

static void *consumer(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_acquire) == 2)
        assert(data == 42);
    return 0;
}

int main(void)
{
    pthread_t p, b, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&b, 0, bumper, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
