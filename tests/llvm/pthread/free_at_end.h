/* Two threads each allocate a node and link it into a list with a CAS;
 * main joins them and frees every node (the pool without reuse,
 * lsl.UnrollOptions.FixedPool). The including file may define
 *   DOUBLE_FREE  main frees the first node twice;
 *   USE_AFTER    main reads a node's value after freeing it;
 *   LOST_LINK    a thread links its node with a plain load and store
 *                instead of the CAS: a node can be lost, and main's count
 *                fails. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

_Atomic(node_t *) List;

static void *worker(void *arg)
{
    node_t *n = malloc(sizeof(node_t));
    n->value = (int)(long)arg;
#ifdef LOST_LINK
    n->next = atomic_load(&List);
    atomic_store(&List, n);
#else
    node_t *old = atomic_load(&List);
    do {
        n->next = old;
    } while (!atomic_compare_exchange_weak(&List, &old, n));
#endif
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)1L);
    pthread_create(&b, 0, worker, (void *)2L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    node_t *n = atomic_load(&List);
    int sum = 0;
    while (n != 0) {
        node_t *next = n->next;
        sum += n->value;
        free(n);
#ifdef USE_AFTER
        sum += n->value;
#endif
        n = next;
    }
#ifdef DOUBLE_FREE
    free(atomic_load(&List));
#endif
#if !defined(USE_AFTER)
    assert(sum == 3);
#endif
    return 0;
}
