/* Store buffering across free and malloc of different blocks: each thread
 * stores its flag, frees or allocates, and reads the other's flag. C11
 * orders the allocation calls of one region only (7.22.3p2), so these
 * calls order nothing and both may read 0 on every model but sc. Until
 * 2026-11-29 a C11 program that frees kept the full fences of
 * CheckFence's allocator around malloc and free (seq_cst fences on rc11)
 * and this passed on every model (docs/semantics.md, "The allocator in
 * C11 programs"). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

atomic_int x, y;
int r1, r2;
int *p1, *p2;

static void *t1(void *arg)
{
    atomic_store_explicit(&x, 1, memory_order_relaxed);
    free(p1);
    r1 = atomic_load_explicit(&y, memory_order_relaxed);
    return 0;
}

static void *t2(void *arg)
{
    atomic_store_explicit(&y, 1, memory_order_relaxed);
    p2 = malloc(sizeof(int));
    r2 = atomic_load_explicit(&x, memory_order_relaxed);
    return 0;
}

int main(void)
{
    pthread_t a, b;
    p1 = malloc(sizeof(int));
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    free(p2);
    assert(r1 == 1 || r2 == 1);
    return 0;
}
