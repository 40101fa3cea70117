/* A test-and-set spinlock that the first thread never releases: the second
 * spins forever on exchanges that write 1 over 1. The check reports a
 * livelock (the loads read final values: only silent stores follow them)
 * instead of unrolling the spin without end. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int lock;

void *take(void *arg)
{
    atomic_exchange_explicit(&lock, 1, memory_order_acquire);
    return 0;
}

void *add(void *arg)
{
    while (atomic_exchange_explicit(&lock, 1, memory_order_acquire))
        ;
    atomic_store_explicit(&lock, 0, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, take, 0);
    pthread_create(&b, 0, add, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
