/* cycle_stale_bug.c with every atomic access seq_cst (docs/semantics.md,
 * "Storing rounds behind fences"): the pusher's failed rounds are still
 * storing cycles into its node, but on the .mm models the front end puts a
 * full fence after each access, so the reader's loads come after the
 * pusher's superseding store and it cannot see two overwritten values. A
 * failed round of a pusher cut off inside its loop is deleted on pso,
 * relaxed and rmo by the fence argument, and the answer is PASS on every
 * model, as without fair progress. */
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
    atomic_store(&n->val, 0);
    atomic_store(&Ready, 1);
    int r;
    for (;;) {
        r = atomic_load(&Y);
        atomic_store(&n->val, r);
        int z = 0;
        if (atomic_compare_exchange_strong(&X, &z, 5))
            break;
    }
    final_r = r;
    atomic_store(&P, n);
    return 0;
}
static void *writer(void *arg)
{
    atomic_store(&Y, 1);
    atomic_store(&X, 1);
    atomic_store(&Y, 2);
    atomic_store(&Y, 3);
    atomic_store(&X, 0);
    return 0;
}
static void *reader(void *arg)
{
    if (atomic_load(&Ready) == 0)
        return 0;
    node_t *p = atomic_load(&P);
    if (p != 0) {
        r1 = atomic_load(&p->val);
        r2 = atomic_load(&p->val);
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
