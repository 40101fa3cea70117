/* stack.c with a fence wherever the relaxed model's reorderings could
 * matter (docs/tutorial.md). checkfence fences --minimize then tells which
 * of them the tests need. */
#include <lsl_protos.h>

typedef struct node {
    struct node *next;
    int value;
} node_t;

typedef struct stack {
    node_t *top;
} stack_t;

stack_t stack;

void init_stack(void)
{
    stack.top = 0;
}

void push(int value)
{
    node_t *node = lsl_malloc_noreuse(sizeof(node_t));
    node->value = value;
    node_t *top;
    do {
        lsl_fence("load-load");            /* a retry reads top after the failed CAS did */
        top = stack.top;
        node->next = top;
        lsl_fence("store-store");          /* the node's fields before the CAS publishes it */
    } while (!lsl_cas_ptr(&stack.top, top, node));
}

boolean_t pop(int *pvalue)
{
    node_t *top, *next;
    do {
        lsl_fence("load-load");            /* a retry reads top after the failed CAS did */
        top = stack.top;
        if (top == 0)
            return false;
        lsl_fence("data-dependent-loads"); /* top before the node it points to */
        next = top->next;
        lsl_fence("load-load");            /* the node's next before the CAS */
    } while (!lsl_cas_ptr(&stack.top, top, next));
    lsl_fence("load-load");                /* the CAS before the node's value */
    *pvalue = top->value;
    return true;
}
