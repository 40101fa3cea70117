/* Two threads hand off to each other: a raises ping and waits for pong,
 * b waits for ping and raises pong. A pthread program has no operations to
 * serialize; it must PASS (its assertion holds and nothing deadlocks)
 * rather than fail a consistency check against an empty observation set. */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int ping, pong;
int data;

void *a(void *arg)
{
    data = 42;
    atomic_store_explicit(&ping, 1, memory_order_release);
    while (!atomic_load_explicit(&pong, memory_order_acquire))
        ;
    return 0;
}

void *b(void *arg)
{
    while (!atomic_load_explicit(&ping, memory_order_acquire))
        ;
    assert(data == 42);
    atomic_store_explicit(&pong, 1, memory_order_release);
    return 0;
}

int main(void)
{
    pthread_t ta, tb;
    pthread_create(&ta, 0, a, 0);
    pthread_create(&tb, 0, b, 0);
    pthread_join(ta, 0);
    pthread_join(tb, 0);
    assert(atomic_load_explicit(&pong, memory_order_relaxed) == 1);
    return 0;
}
