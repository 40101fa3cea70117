/* aligned_alloc (C11) allocates like malloc (the alignment is not
 * modelled): a producer allocates a cache-line aligned node, fills it and
 * publishes it; the consumer takes it with an acquire exchange and frees
 * it, and main frees it if the consumer came first (no leak either way).
 * PUBLISH is the order of the publishing store. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>
struct node { int a, b; };
struct node *_Atomic shared;
static void *producer(void *arg) {
    struct node *n = aligned_alloc(64, sizeof(struct node));
    n->a = 1;
    n->b = 2;
    atomic_store_explicit(&shared, n, PUBLISH);
    return 0;
}
static void *consumer(void *arg) {
    struct node *n = atomic_exchange_explicit(&shared, 0, memory_order_acquire);
    if (n) {
        assert(n->a + n->b == 3);
        free(n);
    }
    return 0;
}
int main(void) {
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    free(atomic_load_explicit(&shared, memory_order_relaxed));
    return 0;
}
