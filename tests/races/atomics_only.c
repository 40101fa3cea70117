/* Conflicting accesses that are all atomic, relaxed included, are no
 * data race (the outcome may still surprise, but it is defined). */
#include <pthread.h>
#include <stdatomic.h>

atomic_int x;

static void *writer(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    return 0;
}

static void *reader(void *arg)
{
    (void)atomic_load_explicit(&x, memory_order_relaxed);
    atomic_fetch_add_explicit(&x, 2, memory_order_relaxed);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, writer, 0);
    pthread_create(&b, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
