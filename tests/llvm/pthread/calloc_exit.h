/* calloc and exit. Two threads push onto a Treiber stack whose nodes come
 * from calloc, so a node's next field is 0 until a push sets it; main sums
 * the stack and ends with exit(0) when the sum is right, else with
 * exit(EXIT_FAILURE), a failure. WANT is the sum main expects. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

typedef struct node { int v; struct node *next; } node_t;
_Atomic(node_t *) top;

static void push(int v)
{
    node_t *n = calloc(1, sizeof *n);
    assert(n->next == 0 && n->v == 0); /* calloc zeroes */
    n->v = v;
    node_t *old = atomic_load_explicit(&top, memory_order_relaxed);
    do {
        n->next = old;
    } while (!atomic_compare_exchange_weak_explicit(&top, &old, n,
                 memory_order_release, memory_order_relaxed));
}

static void *pusher(void *arg) { push((int)(long)arg); return 0; }

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], 0, pusher, (void *)(long)(i + 1));
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    int sum = 0;
    for (node_t *n = atomic_load(&top); n; n = n->next)
        sum += n->v;
    if (sum == WANT)
        exit(0);
    exit(EXIT_FAILURE);
}
