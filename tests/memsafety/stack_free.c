/* Treiber's stack whose pop frees the popped node at once (lsl_free).
 * Wrong on every model: a concurrent pop may have read top and is about
 * to read top->next when the node is freed (a use after free). */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

node_t *top;

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

int pop(void)
{
    node_t *t, *next;
    int value;
    do {
        t = top;
        if (t == 0)
            return -1;
        next = t->next;
    } while (!lsl_cas_ptr(&top, t, next));
    value = t->value;
    lsl_free(t);
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
