/* sb_weak_race.c with seq_cst fences between each store and load: no
 * execution lets both loads read 0, so `data` is written at most once.
 * Race free on every model. */
#include <pthread.h>
#include <stdatomic.h>

atomic_int x, y;
int data;

static void *left(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&y, memory_order_relaxed) == 0)
        data = 1;
    return 0;
}

static void *right(void *arg)
{
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst);
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
