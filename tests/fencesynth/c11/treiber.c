/* Treiber's stack in C11 with every atomic relaxed: one thread pushes two
 * values, the other pops one; nodes are never freed (no ABA). Published
 * (Treiber 1986; in C11 e.g. Williams, "C++ Concurrency in Action", 7.2):
 * the push's successful compare-and-swap release, the pop's load of top
 * acquire (and its compare-and-swap acquire, or relaxed after an acquire
 * load). */
#include <stdatomic.h>
#include <pthread.h>
#include <stdlib.h>
#include <assert.h>

struct node {
    int val;
    struct node *next;
};

_Atomic(struct node *) top;

void push(int v)
{
    struct node *n = malloc(sizeof *n);
    n->val = v;
    struct node *t = atomic_load_explicit(&top, memory_order_relaxed);
    do {
        n->next = t;
    } while (!atomic_compare_exchange_weak_explicit(&top, &t, n, memory_order_relaxed, memory_order_relaxed));
}

int pop(void)
{
    struct node *t = atomic_load_explicit(&top, memory_order_relaxed);
    do {
        if (t == NULL)
            return 0;
    } while (!atomic_compare_exchange_weak_explicit(&top, &t, t->next, memory_order_relaxed, memory_order_relaxed));
    return t->val;
}

void *pusher(void *arg)
{
    push(1);
    push(2);
    return NULL;
}

void *popper(void *arg)
{
    int v = pop();
    assert(v == 0 || v == 1 || v == 2);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, pusher, NULL);
    pthread_create(&b, NULL, popper, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
