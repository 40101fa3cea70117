/* Treiber's stack with CAS and a fence. */
#include <checkfence.h>
#include <stdlib.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

node_t *top;

void push(int v)
{
    node_t *n = lsl_malloc_noreuse(sizeof *n);
    node_t *t;
    n->value = v;
    do {
        t = top;
        n->next = t;
        lsl_fence("store-store");
    } while (!lsl_cas_ptr(&top, t, n));
}

int pop(int *out)
{
    node_t *t, *next;
    while (1) {
        t = top;
        if (t == 0)
            return 0;
        lsl_fence("data-dependent-loads");
        next = t->next;
        if (lsl_cas_ptr(&top, t, next))
            break;
    }
    *out = t->value;
    lsl_free_noreuse(t);
    return 1;
}
