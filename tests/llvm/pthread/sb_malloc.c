/* Store buffering across malloc: each thread stores its flag, allocates,
 * and reads the other's flag. malloc is no fence (C11 orders nothing
 * around it, and an allocator's fast path runs no barrier), so both may
 * read 0 on every model but sc. Until 2026-11-24 the fresh allocation of a
 * pthread program kept the pool's full fence and this passed on relaxed,
 * arm8 and rc11 (frontend/llvm/pthread_alloc.go). */
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
    p1 = malloc(sizeof(int));
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
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(r1 == 1 || r2 == 1);
    return 0;
}
