/* A Michael-Scott queue with C11 atomics as a pthread program: main
 * initialises the queue, starts NENQ enqueuers and NDEQ dequeuers (one
 * operation each), joins them, drains the queue and checks that every
 * enqueued value was seen exactly once. The including file defines NENQ,
 * NDEQ, and JOIN_LOOP (join in a loop rather than one call per thread) or
 * PLAIN_HEAD_UPDATE (a bug: dequeue moves Head with a plain store instead
 * of a CAS, so two dequeuers can take the same node). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

typedef struct node {
    _Atomic(struct node *) next;
    int value;
} node_t;

_Atomic(node_t *) Head;
_Atomic(node_t *) Tail;
int seen[3];

static void init_queue(void)
{
    node_t *n = malloc(sizeof(node_t));
    atomic_store_explicit(&n->next, 0, memory_order_relaxed);
    atomic_store_explicit(&Head, n, memory_order_relaxed);
    atomic_store_explicit(&Tail, n, memory_order_relaxed);
}

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
#ifdef PLAIN_HEAD_UPDATE
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

static void *enq(void *arg) { enqueue(*(int *)arg); return 0; }
static void *deq(void *arg) { int v = dequeue(); if (v) seen[v]++; return 0; }

int main(void)
{
    static int values[2] = {1, 2};
    pthread_t e[NENQ], d[NDEQ];
    init_queue();
    for (int i = 0; i < NENQ; i++)
        pthread_create(&e[i], 0, enq, &values[i]);
    for (int i = 0; i < NDEQ; i++)
        pthread_create(&d[i], 0, deq, 0);
#ifdef JOIN_LOOP
    for (int i = 0; i < NENQ || i < NDEQ; i++) {
        if (i < NENQ)
            pthread_join(e[i], 0);
        if (i < NDEQ)
            pthread_join(d[i], 0);
    }
#else
    /* one call per thread, interleaved as in the report of issue 18 */
    pthread_join(e[0], 0);
    pthread_join(d[0], 0);
#if NENQ > 1
    pthread_join(e[1], 0);
#endif
#if NDEQ > 1
    pthread_join(d[1], 0);
#endif
#endif
    int v;
    while ((v = dequeue()) != 0)
        seen[v]++;
    for (int i = 0; i < NENQ; i++)
        assert(seen[values[i]] == 1);
    return 0;
}
