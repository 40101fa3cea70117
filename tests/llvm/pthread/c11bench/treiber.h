/* A Treiber stack with C11 atomics as a pthread program, for the pthread
 * table of the benchmarks (tests/bench, issue 52). main starts NPUSH
 * pushers and NPOP poppers (one operation each) and NMIX threads that push
 * once and then pop once, joins them, checks what each popped, pops what
 * is left and checks that every value was taken exactly once (check.h; a
 * stack has no order to check per pusher) and that the node counter
 * (atomic_fetch_add) counted every node.
 *
 * The including file defines NPUSH, NPOP and NMIX (default 0), and may
 * define
 *   FREE         main frees every node at the end, the popped ones
 *                included (malloc/free: blocks come from a pool and the
 *                use-after-free check applies); nodes are never freed
 *                while threads run, so there is no ABA problem;
 *   RELAXED_BUG  the push publishes its node with a relaxed CAS (no
 *                release): a popper may read the node before its fields
 *                are written (a data race; only SC hides it);
 *   STORE_BUG    the pop replaces Top with a plain store instead of a
 *                CAS: two poppers can take the same node (FAIL on every
 *                model). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#ifndef NMIX
#define NMIX 0
#endif
#define NPROD (NPUSH + NMIX)
#define PROD_OPS 1
#define NCONS (NPOP + NMIX)
#define CONS_OPS 1
#include "check.h"

typedef struct node {
    struct node *next;
    int value;
} node_t;

_Atomic(node_t *) Top;
atomic_int nodes; /* nodes allocated so far */
#ifdef FREE
node_t *retired[NCONS][CONS_OPS]; /* the node consumer c popped */
#endif

#ifdef RELAXED_BUG
#define PUBLISH_ORDER memory_order_relaxed
#else
#define PUBLISH_ORDER memory_order_release
#endif

static void push(int v)
{
    node_t *n = malloc(sizeof(node_t));
    atomic_fetch_add_explicit(&nodes, 1, memory_order_relaxed);
    n->value = v;
    node_t *top = atomic_load_explicit(&Top, memory_order_relaxed);
    do {
        n->next = top;
    } while (!atomic_compare_exchange_weak_explicit(&Top, &top, n,
                 PUBLISH_ORDER, memory_order_relaxed));
}

/* pop returns the top node, or 0 when the stack is empty. */
static node_t *pop(void)
{
    node_t *top = atomic_load_explicit(&Top, memory_order_acquire);
    for (;;) {
        if (top == 0)
            return 0;
        node_t *next = top->next;
#ifdef STORE_BUG
        atomic_store_explicit(&Top, next, memory_order_relaxed);
        return top;
#elif defined(POP_SUCCESS_ORDER)
        /* the top a failed CAS returns is read without acquire: the
           next round's top->next races with the push that wrote it */
        if (atomic_compare_exchange_weak_explicit(&Top, &top, next,
                POP_SUCCESS_ORDER, memory_order_relaxed))
            return top;
#else
        if (atomic_compare_exchange_weak_explicit(&Top, &top, next,
                memory_order_acquire, memory_order_acquire))
            return top;
#endif
    }
}

static void take(int c)
{
    node_t *n = pop();
    taken[c][0] = n != 0 ? n->value : 0;
#ifdef FREE
    retired[c][0] = n;
#endif
}

static void *pusher(void *arg)
{
    push(VALUE((int)(long)arg, 1));
    return 0;
}

static void *popper(void *arg)
{
    take((int)(long)arg);
    return 0;
}

static void *mixed(void *arg)
{
    int m = (int)(long)arg;
    push(VALUE(NPUSH + 1 + m, 1));
    take(NPOP + m);
    return 0;
}

int main(void)
{
    pthread_t p[NPUSH + 1], q[NPOP + 1], x[NMIX + 1];
    for (int i = 0; i < NPUSH; i++)
        pthread_create(&p[i], 0, pusher, (void *)(long)(i + 1));
    for (int i = 0; i < NPOP; i++)
        pthread_create(&q[i], 0, popper, (void *)(long)i);
    for (int i = 0; i < NMIX; i++)
        pthread_create(&x[i], 0, mixed, (void *)(long)i);
    for (int i = 0; i < NPUSH; i++)
        pthread_join(p[i], 0);
    for (int i = 0; i < NPOP; i++)
        pthread_join(q[i], 0);
    for (int i = 0; i < NMIX; i++)
        pthread_join(x[i], 0);
    check_threads();
    node_t *n;
    while ((n = pop()) != 0) {
        check_value(n->value);
#ifdef FREE
        free(n);
#endif
    }
    check_all();
    assert(atomic_load_explicit(&nodes, memory_order_relaxed) == NPROD);
#ifdef FREE
    for (int c = 0; c < NCONS; c++)
        if (retired[c][0] != 0)
            free(retired[c][0]);
#endif
    return 0;
}
