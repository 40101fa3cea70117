/* A single-producer single-consumer ring (Lamport's queue) in C11 with
 * every atomic relaxed; the slots are plain ints. The producer puts two
 * values, the consumer takes what it finds. Published (Lê, Guatto, Cohen,
 * Pop, "Correct and efficient bounded FIFO queues", SBAC-PAD 2013): the
 * index a thread publishes is stored with release and loaded by the other
 * side with acquire; its own index is loaded relaxed. */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

#define N 2
int slot[N];
atomic_int head, tail;

void *producer(void *arg)
{
    for (int v = 1; v <= 2; v++) {
        int t = atomic_load_explicit(&tail, memory_order_relaxed);
        if (t - atomic_load_explicit(&head, memory_order_relaxed) == N)
            return NULL;
        slot[t % N] = v;
        atomic_store_explicit(&tail, t + 1, memory_order_relaxed);
    }
    return NULL;
}

void *consumer(void *arg)
{
    for (int i = 1; i <= 2; i++) {
        int h = atomic_load_explicit(&head, memory_order_relaxed);
        if (atomic_load_explicit(&tail, memory_order_relaxed) == h)
            return NULL;
        int v = slot[h % N];
        atomic_store_explicit(&head, h + 1, memory_order_relaxed);
        assert(v == i);
    }
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return 0;
}
