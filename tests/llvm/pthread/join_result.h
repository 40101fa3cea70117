/* Store buffering (SB) with the results of the threads returned through
 * pthread_join: each thread writes its flag, then returns what it reads of
 * the other's. Both reading 0 is the store-buffering outcome: sequential
 * consistency forbids it, store buffers allow it, and seq_cst accesses
 * forbid it again. The including file defines ORDER (memory_order_relaxed
 * or memory_order_seq_cst). */
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

atomic_int x, y;

static void *left(void *arg)
{
    atomic_store_explicit(&x, 1, ORDER);
    return (void *)(long)atomic_load_explicit(&y, ORDER);
}

static void *right(void *arg)
{
    atomic_store_explicit(&y, 1, ORDER);
    return (void *)(long)atomic_load_explicit(&x, ORDER);
}

int main(void)
{
    pthread_t a, b;
    void *ra, *rb;
    pthread_create(&a, 0, left, 0);
    pthread_create(&b, 0, right, 0);
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    assert(ra != 0 || rb != 0);
    return 0;
}
