/* Treiber's stack with hazard pointers (M. M. Michael, IEEE TPDS 2004),
 * one per thread: pop publishes the node it is about to read in hp[me],
 * checks that top still holds it, and only then reads top->next; a node
 * popped by a thread is freed unless some hazard pointer holds it (then it
 * is leaked here; a real implementation frees it on a later scan).
 * STORE_LOAD_FENCE orders the publication before the check of top: without
 * it (stack_hp_nofence.c) a store buffer delays the publication and the
 * popping thread frees the node while it is read (tso). */
#include <lsl_protos.h>

#ifndef STORE_LOAD_FENCE
#define STORE_LOAD_FENCE() lsl_fence("store-load")
#endif

typedef struct node {
    struct node *next;
    int value;
} node_t;

node_t *top;
node_t *hp[2]; /* the hazard pointers of the two concurrent threads */

void init(void)
{
    top = 0;
}

void push(int value)
{
    node_t *node = lsl_malloc(sizeof(node_t));
    node_t *t;
    node->value = value;
    do {
        t = top;
        node->next = t;
    } while (!lsl_cas_ptr(&top, t, node));
}

/* retire frees t unless a hazard pointer holds it. The fence orders the
 * CAS that unlinked t before the scan (a locked CAS does that on x86). */
void retire(node_t *t)
{
    lsl_fence("store-load");
    if (hp[0] == t || hp[1] == t)
        return;
    lsl_free(t);
}

int pop(void)
{
    int me = lsl_get_thread_id();
    node_t *t, *next;
    int value;
    while (1) {
        t = top;
        if (t == 0) {
            hp[me] = 0;
            return -1;
        }
        hp[me] = t;
        STORE_LOAD_FENCE(); /* publish hp[me] before checking top */
        if (top != t)
            continue;
        next = t->next;
        if (lsl_cas_ptr(&top, t, next))
            break;
    }
    value = t->value;
    hp[me] = 0;
    retire(t);
    return value;
}

void i(void) { init(); }
void u(void) { push(1); }
void o(void)
{
    int v;
    lsl_observe_label("pop");
    v = pop();
    lsl_observe_output("value", v);
}
