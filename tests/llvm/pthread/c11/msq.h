/* A Michael-Scott queue with C11 atomics as a pthread program, for
 * measuring (tests/bench, pthread table): main initialises the queue,
 * starts NENQ enqueuers and NDEQ dequeuers (one operation each; both at
 * most 3) and NBOTH threads that enqueue and then dequeue, joins them,
 * drains the queue and checks that every enqueued value was taken exactly
 * once. The including file defines NENQ and NDEQ (default 2+2), NBOTH
 * (default 0), and BUG to weaken the dequeue's Head CAS to a plain store
 * (two dequeuers can take the same node: a FAIL on every model). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

#ifndef NENQ
#define NENQ 2
#endif
#ifndef NDEQ
#define NDEQ 2
#endif
#ifndef NBOTH
#define NBOTH 0 /* a third kind of thread: enqueue, then dequeue */
#endif
#define NVALUES (NENQ + NBOTH)

typedef struct node {
    _Atomic(struct node *) next;
    int value;
} node_t;

_Atomic(node_t *) Head;
_Atomic(node_t *) Tail;
int seen[NVALUES + 1];

static void enqueue(int v)
{
    node_t *n = malloc(sizeof(node_t));
    n->value = v;
    atomic_store_explicit(&n->next, 0, memory_order_relaxed);
    for (;;) {
        node_t *tail = atomic_load_explicit(&Tail, memory_order_acquire);
        node_t *next = atomic_load_explicit(&tail->next, memory_order_acquire);
        if (tail != atomic_load_explicit(&Tail, memory_order_acquire))
            continue;
        if (next == 0) {
            if (atomic_compare_exchange_strong_explicit(&tail->next, &next, n,
                    memory_order_release, memory_order_relaxed)) {
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

/* Returns the dequeued value, or 0 when the queue is empty. */
static int dequeue(void)
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
#ifdef BUG
            atomic_store_explicit(&Head, next, memory_order_release);
            return v;
#else
            if (atomic_compare_exchange_strong_explicit(&Head, &head, next,
                    memory_order_release, memory_order_relaxed))
                return v;
#endif
        }
    }
}

static void *enq(void *arg) { enqueue((int)(long)arg); return 0; }
static void *deq(void *arg) { int v = dequeue(); if (v) seen[v]++; return 0; }
static void *both(void *arg)
{
    enqueue((int)(long)arg);
    int v = dequeue(); /* may find the queue empty: others took everything */
    if (v)
        seen[v]++;
    return 0;
}

int main(void)
{
    pthread_t e[NENQ], d[NDEQ], b[NBOTH + 1];
    node_t *dummy = malloc(sizeof(node_t));
    atomic_store_explicit(&dummy->next, 0, memory_order_relaxed);
    atomic_store_explicit(&Head, dummy, memory_order_relaxed);
    atomic_store_explicit(&Tail, dummy, memory_order_relaxed);
    for (int i = 0; i < NENQ; i++)
        pthread_create(&e[i], 0, enq, (void *)(long)(i + 1));
    for (int i = 0; i < NDEQ; i++)
        pthread_create(&d[i], 0, deq, 0);
    for (int i = 0; i < NBOTH; i++)
        pthread_create(&b[i], 0, both, (void *)(long)(NENQ + i + 1));
    for (int i = 0; i < NENQ; i++)
        pthread_join(e[i], 0);
    for (int i = 0; i < NDEQ; i++)
        pthread_join(d[i], 0);
    for (int i = 0; i < NBOTH; i++)
        pthread_join(b[i], 0);
    int v;
    while ((v = dequeue()) != 0)
        seen[v]++;
    for (int i = 1; i <= NVALUES; i++)
        assert(seen[i] == 1);
    return 0;
}
