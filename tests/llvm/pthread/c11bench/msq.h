/* A Michael-Scott queue with C11 atomics as a pthread program, for the
 * pthread table of the benchmarks (tests/bench, issue 52). main starts
 * NENQ enqueuers (ENQ_OPS enqueues each), NDEQ dequeuers (one dequeue
 * each) and NMIX threads that enqueue once and then dequeue once, joins
 * them, checks what each took, drains the queue and checks that every
 * value was taken exactly once, in FIFO order per enqueuer (check.h), and
 * that the node counter (atomic_fetch_add) counted every node.
 *
 * The including file defines NENQ, NDEQ, NMIX (default 0) and ENQ_OPS
 * (default 1), and may define
 *   FREE         main frees every node at the end: the dequeued dummies
 *                the threads retired, the drained ones and the last dummy
 *                (malloc/free: blocks come from a pool and the use-after-
 *                free check applies; malloc and free synchronize as C11's
 *                allocator, docs/semantics.md);
 *   RELAXED_BUG  the enqueue links its node with a relaxed CAS (no
 *                release): a dequeuer may read the node's value before it
 *                is written (a data race; only SC hides it);
 *   STORE_BUG    the dequeue swings Head with a plain store instead of a
 *                CAS: two dequeuers can take the same node (FAIL on every
 *                model);
 *   LABEL_BUG    the checks' own negative test: an enqueuer labels its
 *                values in decreasing order, which the FIFO check must
 *                catch (needs ENQ_OPS 2). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#ifndef NMIX
#define NMIX 0
#endif
#ifndef ENQ_OPS
#define ENQ_OPS 1
#endif
#define NPROD (NENQ + NMIX)
#define PROD_OPS ENQ_OPS
#define NCONS (NDEQ + NMIX)
#define CONS_OPS 1
#define ORDERED 1
#include "check.h"

typedef struct node {
    _Atomic(struct node *) next;
    int value;
} node_t;

_Atomic(node_t *) Head;
_Atomic(node_t *) Tail;
atomic_int nodes; /* nodes allocated so far */
#ifdef FREE
node_t *retired[NCONS][CONS_OPS]; /* the dummies consumer c dequeued */
#endif

#ifdef RELAXED_BUG
#define LINK_ORDER memory_order_relaxed
#else
#define LINK_ORDER memory_order_release
#endif

static node_t *new_node(int v)
{
    node_t *n = malloc(sizeof(node_t));
    n->value = v;
    atomic_store_explicit(&n->next, 0, memory_order_relaxed);
    atomic_fetch_add_explicit(&nodes, 1, memory_order_relaxed);
    return n;
}

static void enqueue(int v)
{
    node_t *n = new_node(v);
    for (;;) {
        node_t *tail = atomic_load_explicit(&Tail, memory_order_acquire);
        node_t *next = atomic_load_explicit(&tail->next, memory_order_acquire);
        if (tail != atomic_load_explicit(&Tail, memory_order_acquire))
            continue;
        if (next == 0) {
            if (atomic_compare_exchange_strong_explicit(&tail->next, &next, n,
                    LINK_ORDER, memory_order_relaxed)) {
                atomic_compare_exchange_strong_explicit(&Tail, &tail, n,
                    memory_order_release, memory_order_relaxed);
                return;
            }
        } else {
            atomic_compare_exchange_strong_explicit(&Tail, &tail, next,
                memory_order_release, memory_order_relaxed);
        }
    }
}

/* dequeue returns the value at the front, or 0 when the queue is empty;
 * *old is the dummy node it unlinked (the caller owns it now). */
static int dequeue(node_t **old)
{
    for (;;) {
        node_t *head = atomic_load_explicit(&Head, memory_order_acquire);
        node_t *tail = atomic_load_explicit(&Tail, memory_order_acquire);
        node_t *next = atomic_load_explicit(&head->next, memory_order_acquire);
        if (head != atomic_load_explicit(&Head, memory_order_acquire))
            continue;
        if (head == tail) {
            if (next == 0)
                return 0;
            atomic_compare_exchange_strong_explicit(&Tail, &tail, next,
                memory_order_release, memory_order_relaxed);
        } else {
            int v = next->value;
#ifdef STORE_BUG
            atomic_store_explicit(&Head, next, memory_order_release);
            *old = head;
            return v;
#else
            if (atomic_compare_exchange_strong_explicit(&Head, &head, next,
                    memory_order_release, memory_order_relaxed)) {
                *old = head;
                return v;
            }
#endif
        }
    }
}

static void *enqueuer(void *arg)
{
    int p = (int)(long)arg;
    for (int k = 1; k <= ENQ_OPS; k++) {
#ifdef LABEL_BUG
        enqueue(VALUE(p, ENQ_OPS + 1 - k));
#else
        enqueue(VALUE(p, k));
#endif
    }
    return 0;
}

static void take(int c)
{
    node_t *old = 0;
    taken[c][0] = dequeue(&old);
#ifdef FREE
    retired[c][0] = old;
#endif
}

static void *dequeuer(void *arg)
{
    take((int)(long)arg);
    return 0;
}

static void *mixed(void *arg)
{
    int m = (int)(long)arg;
    enqueue(VALUE(NENQ + 1 + m, 1));
    take(NDEQ + m);
    return 0;
}

int main(void)
{
    pthread_t e[NENQ + 1], d[NDEQ + 1], x[NMIX + 1];
    node_t *dummy = new_node(0);
    atomic_store_explicit(&Head, dummy, memory_order_relaxed);
    atomic_store_explicit(&Tail, dummy, memory_order_relaxed);
    for (int i = 0; i < NENQ; i++)
        pthread_create(&e[i], 0, enqueuer, (void *)(long)(i + 1));
    for (int i = 0; i < NDEQ; i++)
        pthread_create(&d[i], 0, dequeuer, (void *)(long)i);
    for (int i = 0; i < NMIX; i++)
        pthread_create(&x[i], 0, mixed, (void *)(long)i);
    for (int i = 0; i < NENQ; i++)
        pthread_join(e[i], 0);
    for (int i = 0; i < NDEQ; i++)
        pthread_join(d[i], 0);
    for (int i = 0; i < NMIX; i++)
        pthread_join(x[i], 0);
    check_threads();
    int v;
    node_t *old;
    while ((v = dequeue(&old)) != 0) {
        check_value(v);
#ifdef FREE
        free(old);
#endif
    }
    check_all();
    assert(atomic_load_explicit(&nodes, memory_order_relaxed) == NPROD * PROD_OPS + 1);
#ifdef FREE
    for (int c = 0; c < NCONS; c++)
        if (retired[c][0] != 0)
            free(retired[c][0]);
    free(atomic_load_explicit(&Head, memory_order_relaxed));
#endif
    return 0;
}
