/* A producer hands a malloc'd node to a consumer, which reads it and frees
 * it. Correct on every model (release/acquire). A program that frees keeps
 * the lsl_malloc pool, whose use-after-free check needs a memory order:
 * on a cat model the check is refused as an input error at the free. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

struct node { int value; };
_Atomic(struct node *) slot;
int seen;

static void *producer(void *unused)
{
    struct node *n = malloc(sizeof *n);
    n->value = 42;
    atomic_store_explicit(&slot, n, memory_order_release);
    return 0;
}

static void *consumer(void *unused)
{
    struct node *n;
    while ((n = atomic_load_explicit(&slot, memory_order_acquire)) == 0)
        ;
    seen = n->value;
    free(n);
    return 0;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    assert(seen == 42);
    return 0;
}
