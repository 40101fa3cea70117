/* A Treiber stack with C11 atomics as a pthread program, for measuring
 * (tests/bench, pthread table): NPUSH pushers and NPOP poppers (one
 * operation each; both at most 3), then main pops what is left and checks
 * that every pushed value was taken exactly once. The including file
 * defines NPUSH and NPOP (default 2+2), and BUG to make the pop's CAS a plain store. Popped
 * nodes are not freed, so there is no ABA problem to model. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <assert.h>

#ifndef NPUSH
#define NPUSH 2
#endif
#ifndef NPOP
#define NPOP 2
#endif

typedef struct node {
    struct node *next;
    int value;
} node_t;

_Atomic(node_t *) Top;
int seen[NPUSH + 1];

static void push(int v)
{
    node_t *n = malloc(sizeof(node_t));
    n->value = v;
    node_t *top = atomic_load_explicit(&Top, memory_order_relaxed);
    do {
        n->next = top;
    } while (!atomic_compare_exchange_weak_explicit(&Top, &top, n,
                 memory_order_release, memory_order_relaxed));
}

/* Returns the popped value, or 0 when the stack is empty. */
static int pop(void)
{
    node_t *top = atomic_load_explicit(&Top, memory_order_acquire);
    for (;;) {
        if (top == 0)
            return 0;
        node_t *next = top->next;
#ifdef BUG
        atomic_store_explicit(&Top, next, memory_order_relaxed);
        return top->value;
#else
        if (atomic_compare_exchange_weak_explicit(&Top, &top, next,
                memory_order_acquire, memory_order_acquire))
            return top->value;
#endif
    }
}

static void *pusher(void *arg) { push((int)(long)arg); return 0; }
static void *popper(void *arg) { int v = pop(); if (v) seen[v]++; return 0; }

int main(void)
{
    pthread_t p[NPUSH], q[NPOP];
    for (int i = 0; i < NPUSH; i++)
        pthread_create(&p[i], 0, pusher, (void *)(long)(i + 1));
    for (int i = 0; i < NPOP; i++)
        pthread_create(&q[i], 0, popper, 0);
    for (int i = 0; i < NPUSH; i++)
        pthread_join(p[i], 0);
    for (int i = 0; i < NPOP; i++)
        pthread_join(q[i], 0);
    int v;
    while ((v = pop()) != 0)
        seen[v]++;
    for (int i = 1; i <= NPUSH; i++)
        assert(seen[i] == 1);
    return 0;
}
