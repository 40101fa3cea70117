/* A single-producer single-consumer ring of capacity 1 with C11 atomics:
 * the producer waits until the slot is free, the consumer until it is
 * full, for two items. Both wait loops retry without writing anything;
 * with release/acquire the consumer sees the items in order. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

int slot;
atomic_int full;
int got[2];

void *producer(void *arg)
{
    for (int i = 1; i <= 2; i++) {
        while (atomic_load_explicit(&full, memory_order_acquire))
            ;
        slot = i;
        atomic_store_explicit(&full, 1, memory_order_release);
    }
    return 0;
}

void *consumer(void *arg)
{
    for (int i = 0; i < 2; i++) {
        while (!atomic_load_explicit(&full, memory_order_acquire))
            ;
        got[i] = slot;
        atomic_store_explicit(&full, 0, memory_order_release);
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
    assert(got[0] == 1 && got[1] == 2);
    return 0;
}
