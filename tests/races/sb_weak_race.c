/* Store buffering with relaxed flags: each thread writes the plain `data`
 * only if it read the other's flag as 0. Under sequential consistency at
 * most one thread reads 0, so `data` is written once and there is no
 * race; a model that lets both loads read 0 (tso and weaker, rc11) runs
 * both writes unordered: a race only weak executions show. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int data;

static void *left(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    if (atomic_load_explicit(&y, memory_order_relaxed) == 0)
        data = 1;
    return 0;
}

static void *right(void *arg)
{
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    if (atomic_load_explicit(&x, memory_order_relaxed) == 0)
        data = 2;
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, left, 0);
    pthread_create(&b, 0, right, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
