/* A Treiber-style push whose compare-exchange publishes the node
 * relaxed: every retry round stores node->next plainly, and the popper,
 * which reads Top with acquire, reads next without being ordered after
 * that store (nothing released it). A data race on every model (hb does
 * not depend on the model):
 * the push's failed rounds repeat their store in the next round, which
 * has the same race (encode/race.go, raceCovered), so fair progress may
 * leave them out. */
#include <pthread.h>
#include <stdatomic.h>

struct node {
    struct node *next;
    int value;
};

struct node nodes[2];
_Atomic(struct node *) Top;

static void push(struct node *n)
{
    struct node *top = atomic_load_explicit(&Top, memory_order_relaxed);
    do {
        n->next = top;
    } while (!atomic_compare_exchange_weak_explicit(&Top, &top, n,
                 memory_order_relaxed, memory_order_relaxed));
}

static void *pusher(void *arg)
{
    push(&nodes[(long)arg]);
    return 0;
}

static void *popper(void *arg)
{
    struct node *top = atomic_load_explicit(&Top, memory_order_acquire);
    if (top != 0 && top->next == &nodes[1]) /* racy read of next */
        return (void *)1;
    return 0;
}

int main(void)
{
    pthread_t a, b, c;
    pthread_create(&a, 0, pusher, (void *)0);
    pthread_create(&b, 0, pusher, (void *)1);
    pthread_create(&c, 0, popper, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    return 0;
}
