/* Message passing through fences: a release fence before the relaxed
 * store of the flag and an acquire fence after the relaxed load that
 * reads it synchronise (C11 7.17.4). Race free. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int data;
atomic_int flag;

static void *producer(void *arg)
{
    data = 42;
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&flag, 1, memory_order_relaxed);
    return 0;
}

static void *consumer(void *arg)
{
    if (atomic_load_explicit(&flag, memory_order_relaxed) == 1) {
        atomic_thread_fence(memory_order_acquire);
        assert(data == 42);
    }
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
