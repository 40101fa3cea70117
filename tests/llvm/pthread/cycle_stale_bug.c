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
/* cycle_stale_sc.c and cycle_stale_rlx_reader_bug.c include this file
 * with other memory orders. */
#ifndef PUSH_ORDER
#define PUSH_ORDER memory_order_relaxed  /* the pusher's and writer's accesses */
#define READY_STORE memory_order_release
#define READY_LOAD memory_order_acquire
#define READ_ORDER memory_order_relaxed  /* the reader's loads of P and the node */
#endif
typedef struct node { atomic_int val; } node_t;
atomic_int X, Y, Ready;
_Atomic(node_t *) P;
int final_r = -1, r1 = -1, r2 = -1;
static void *pusher(void *arg)
{
    node_t *n = malloc(sizeof(node_t));
    atomic_store_explicit(&n->val, 0, PUSH_ORDER);
    atomic_store_explicit(&Ready, 1, READY_STORE);
    int r;
    for (;;) {
        r = atomic_load_explicit(&Y, PUSH_ORDER);
        atomic_store_explicit(&n->val, r, PUSH_ORDER);
        int z = 0;
        if (atomic_compare_exchange_strong_explicit(&X, &z, 5, PUSH_ORDER, PUSH_ORDER))
            break;
    }
    final_r = r;
    atomic_store_explicit(&P, n, PUSH_ORDER);
    return 0;
}
static void *writer(void *arg)
{
    atomic_store_explicit(&Y, 1, PUSH_ORDER);
    atomic_store_explicit(&X, 1, PUSH_ORDER);
    atomic_store_explicit(&Y, 2, PUSH_ORDER);
    atomic_store_explicit(&Y, 3, PUSH_ORDER);
    atomic_store_explicit(&X, 0, PUSH_ORDER);
    return 0;
}
static void *reader(void *arg)
{
    if (atomic_load_explicit(&Ready, READY_LOAD) == 0)
        return 0;
    node_t *p = atomic_load_explicit(&P, READ_ORDER);
    if (p != 0) {
        r1 = atomic_load_explicit(&p->val, READ_ORDER);
        r2 = atomic_load_explicit(&p->val, READ_ORDER);
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
