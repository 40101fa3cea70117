/* Message passing with plain data and a relaxed flag: a relaxed store
 * read by a relaxed load does not synchronise, so the data's store and
 * load race whenever the flag is seen. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

static void *producer(void *arg)
{
    data = 42;
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return 0;
}

static void *consumer(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_relaxed) == 1)
        assert(data == 42);
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
