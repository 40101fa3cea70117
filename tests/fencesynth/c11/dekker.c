/* Dekker's lock in C11 with every atomic relaxed; the critical section
 * increments a plain counter (a data race unless the lock orders the two
 * critical sections). Each thread raises its flag, and while the other's
 * flag is up, backs off if it is not its turn. Published (Dekker, in
 * Dijkstra EWD123; in C11: Batty, Owens, Sarkar, Sewell, Weber, POPL 2011,
 * and Lahav, Vafeiadis, Kang, Hur, Dreyer, PLDI 2017, Fig. 1's store
 * buffering): the store of the own flag and the load of the other's
 * seq_cst (or a seq_cst fence between them), and the unlock a release
 * (turn and flag), the flag loads acquire. */
#include <stdatomic.h>
#include <pthread.h>
#include <assert.h>

atomic_int flag0, flag1, turn;
int count;

void *t0(void *arg)
{
    atomic_store_explicit(&flag0, 1, memory_order_relaxed);
    while (atomic_load_explicit(&flag1, memory_order_relaxed) == 1) {
        if (atomic_load_explicit(&turn, memory_order_relaxed) != 0) {
            atomic_store_explicit(&flag0, 0, memory_order_relaxed);
            while (atomic_load_explicit(&turn, memory_order_relaxed) != 0)
                ;
            atomic_store_explicit(&flag0, 1, memory_order_relaxed);
        }
    }
    count = count + 1;
    atomic_store_explicit(&turn, 1, memory_order_relaxed);
    atomic_store_explicit(&flag0, 0, memory_order_relaxed);
    return NULL;
}

void *t1(void *arg)
{
    atomic_store_explicit(&flag1, 1, memory_order_relaxed);
    while (atomic_load_explicit(&flag0, memory_order_relaxed) == 1) {
        if (atomic_load_explicit(&turn, memory_order_relaxed) != 1) {
            atomic_store_explicit(&flag1, 0, memory_order_relaxed);
            while (atomic_load_explicit(&turn, memory_order_relaxed) != 1)
                ;
            atomic_store_explicit(&flag1, 1, memory_order_relaxed);
        }
    }
    count = count + 1;
    atomic_store_explicit(&turn, 0, memory_order_relaxed);
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
