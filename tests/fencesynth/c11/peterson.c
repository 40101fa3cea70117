/* Peterson's lock in C11 with every atomic relaxed; the critical section
 * increments a plain counter (a data race unless the lock orders the two
 * critical sections). Published: every access seq_cst (Peterson's own
 * argument needs SC), or Vyukov's relaxed flag store, acq_rel exchange of
 * turn, acquire flag load, release unlock. */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int flag0, flag1, turn;
int count;

void *t0(void *arg)
{
    atomic_store_explicit(&flag0, 1, memory_order_relaxed);
    atomic_store_explicit(&turn, 1, memory_order_relaxed);
    while (atomic_load_explicit(&flag1, memory_order_relaxed) == 1 &&
           atomic_load_explicit(&turn, memory_order_relaxed) == 1)
        ;
    count = count + 1;
    atomic_store_explicit(&flag0, 0, memory_order_relaxed);
    return NULL;
}

void *t1(void *arg)
{
    atomic_store_explicit(&flag1, 1, memory_order_relaxed);
    atomic_store_explicit(&turn, 0, memory_order_relaxed);
    while (atomic_load_explicit(&flag0, memory_order_relaxed) == 1 &&
           atomic_load_explicit(&turn, memory_order_relaxed) == 0)
        ;
    count = count + 1;
    atomic_store_explicit(&flag1, 0, memory_order_relaxed);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, t0, NULL);
    pthread_create(&b, NULL, t1, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(count == 2);
    return 0;
}
