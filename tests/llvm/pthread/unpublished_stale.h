/* A retry loop that writes a field of its own, still unpublished node in
 * every round, then publishes the node with a relaxed store (issue 52,
 * docs/semantics.md, "Storing reload rounds into unpublished blocks", the
 * rc11 case). The reader gets the node without happens-before from the
 * pusher's stores, so on rc11 it may read the field's value of a failed
 * round even after later rounds overwrote it. main asserts that the
 * reader did not see the stores of two failed rounds, 0 then 1, while
 * the push succeeded in a third round (v == 2): it did, so the program
 * FAILs on rc11 — only with three push rounds. With an atomic field
 * (this file alone) the reads race with nothing and the assertion fails;
 * with a plain field (PLAIN) they race with the pusher's stores. A rule
 * that deleted the failed rounds of a pusher cut off inside its loop
 * without asking for a plain superseding store would stop at two rounds
 * and say PASS. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct node {
#ifdef PLAIN
    int val;
#else
    atomic_int val;
#endif
} node_t;

atomic_int X, Ready;
_Atomic(node_t *) P;
int final_v = -1, r1 = -1, r2 = -1;

static void *pusher(void *arg)
{
    node_t *n = malloc(sizeof(node_t));
#ifdef PLAIN
    n->val = 0;
#else
    atomic_store_explicit(&n->val, 0, memory_order_relaxed);
#endif
    /* the reader's acquire of Ready orders the 0 before its reads, not
       the rounds' stores */
    atomic_store_explicit(&Ready, 1, memory_order_release);
    int v = atomic_load_explicit(&X, memory_order_relaxed);
    do {
#ifdef PLAIN
        n->val = v + 1;
#else
        atomic_store_explicit(&n->val, v + 1, memory_order_relaxed);
#endif
    } while (!atomic_compare_exchange_weak_explicit(&X, &v, v + 10,
                 memory_order_relaxed, memory_order_relaxed));
    final_v = v;
    atomic_store_explicit(&P, n, memory_order_relaxed);
    return 0;
}

static void *bumper(void *arg)
{
    atomic_fetch_add_explicit(&X, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&X, 1, memory_order_relaxed);
    return 0;
}

static void *reader(void *arg)
{
    if (atomic_load_explicit(&Ready, memory_order_acquire) == 0)
        return 0;
    node_t *p = atomic_load_explicit(&P, memory_order_relaxed);
    if (p != 0) {
#ifdef PLAIN
        r1 = p->val;
        r2 = p->val;
#else
        r1 = atomic_load_explicit(&p->val, memory_order_relaxed);
        r2 = atomic_load_explicit(&p->val, memory_order_relaxed);
#endif
    }
    return 0;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, pusher, 0);
    pthread_create(&b, 0, bumper, 0);
    pthread_create(&c, 0, reader, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    assert(!(final_v == 2 && r1 == 1 && r2 == 2));
    return 0;
}
