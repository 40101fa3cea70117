/* The Michael-Scott queue in C11 with every atomic relaxed: one thread
 * enqueues two values, the other dequeues once; nodes are never freed (no
 * ABA). The value of a node is a plain int, so reading it is a data race
 * unless linking the node synchronizes with the load that finds it.
 * Published (Michael and Scott, PODC 1996; in C11: the ms-queue benchmark
 * of CDSChecker, Norris and Demsky, OOPSLA 2013; Williams, "C++
 * Concurrency in Action", 7.2.6): the compare-and-swap that links a node
 * (and the one that swings tail) release, the loads of head, tail and
 * next acquire. */
#include <stdatomic.h>
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

struct node {
    int val;
    _Atomic(struct node *) next;
};

_Atomic(struct node *) head, tail;

void enqueue(int v)
{
    struct node *n = malloc(sizeof *n);
    n->val = v;
    atomic_store_explicit(&n->next, NULL, memory_order_relaxed);
    for (;;) {
        struct node *t = atomic_load_explicit(&tail, memory_order_relaxed);
        struct node *next = atomic_load_explicit(&t->next, memory_order_relaxed);
        if (t != atomic_load_explicit(&tail, memory_order_relaxed))
            continue;
        if (next == NULL) {
            if (atomic_compare_exchange_strong_explicit(&t->next, &next, n, memory_order_relaxed, memory_order_relaxed)) {
                atomic_compare_exchange_strong_explicit(&tail, &t, n, memory_order_relaxed, memory_order_relaxed);
                return;
            }
        } else {
            atomic_compare_exchange_strong_explicit(&tail, &t, next, memory_order_relaxed, memory_order_relaxed);
        }
    }
}

/* The value dequeued, 0 when the queue is empty. */
int dequeue(void)
{
    for (;;) {
        struct node *h = atomic_load_explicit(&head, memory_order_relaxed);
        struct node *t = atomic_load_explicit(&tail, memory_order_relaxed);
        struct node *next = atomic_load_explicit(&h->next, memory_order_relaxed);
        if (h != atomic_load_explicit(&head, memory_order_relaxed))
            continue;
        if (h == t) {
            if (next == NULL)
                return 0;
            atomic_compare_exchange_strong_explicit(&tail, &t, next, memory_order_relaxed, memory_order_relaxed);
        } else {
            int v = next->val;
            if (atomic_compare_exchange_strong_explicit(&head, &h, next, memory_order_relaxed, memory_order_relaxed))
                return v;
        }
    }
}

void *enqueuer(void *arg)
{
    enqueue(1);
    enqueue(2);
    return NULL;
}

void *dequeuer(void *arg)
{
    int v = dequeue();
    assert(v == 0 || v == 1);
    return NULL;
}

int main(void)
{
    struct node *dummy = malloc(sizeof *dummy);
    atomic_store_explicit(&dummy->next, NULL, memory_order_relaxed);
    atomic_store_explicit(&head, dummy, memory_order_relaxed);
    atomic_store_explicit(&tail, dummy, memory_order_relaxed);
    pthread_t a, b;
    pthread_create(&a, NULL, enqueuer, NULL);
    pthread_create(&b, NULL, dequeuer, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
