/* A stale read after the cut (docs/semantics.md, "Superseded
 * reload rounds on weak models"): the pusher's failed rounds are cycles
 * (no load before the loop, n unchanged) that store Y's value into its
 * still unpublished node, and a relaxed reader may read two overwritten
 * values after the publication. "Superseded while the others are done"
 * (encode/fairness.go) deleted them on every model, and pso, relaxed, rmo
 * and rc11 stopped at two rounds with PASS; they FAIL at three rounds, as
 * without fair progress (sc, sc-cat and tso: PASS). */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
typedef struct node { atomic_int val; } node_t;
atomic_int X, Y, Ready;
_Atomic(node_t *) P;
int final_r = -1, r1 = -1, r2 = -1;
static void *pusher(void *arg)
{
    node_t *n = malloc(sizeof(node_t));
    atomic_store_explicit(&n->val, 0, memory_order_relaxed);
    atomic_store_explicit(&Ready, 1, memory_order_release);
    int r;
    for (;;) {
        r = atomic_load_explicit(&Y, memory_order_relaxed);
        atomic_store_explicit(&n->val, r, memory_order_relaxed);
        int z = 0;
        if (atomic_compare_exchange_strong_explicit(&X, &z, 5, memory_order_relaxed, memory_order_relaxed))
            break;
    }
    final_r = r;
    atomic_store_explicit(&P, n, memory_order_relaxed);
    return 0;
}
static void *writer(void *arg)
{
    atomic_store_explicit(&Y, 1, memory_order_relaxed);
    atomic_store_explicit(&X, 1, memory_order_relaxed);
    atomic_store_explicit(&Y, 2, memory_order_relaxed);
    atomic_store_explicit(&Y, 3, memory_order_relaxed);
    atomic_store_explicit(&X, 0, memory_order_relaxed);
    return 0;
}
static void *reader(void *arg)
{
    if (atomic_load_explicit(&Ready, memory_order_acquire) == 0)
        return 0;
    node_t *p = atomic_load_explicit(&P, memory_order_relaxed);
    if (p != 0) {
        r1 = atomic_load_explicit(&p->val, memory_order_relaxed);
        r2 = atomic_load_explicit(&p->val, memory_order_relaxed);
    }
    return 0;
}
int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, pusher, 0);
    pthread_create(&b, 0, writer, 0);
    pthread_create(&c, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    assert(!(final_r == 3 && r1 == 1 && r2 == 2));
    return 0;
}
