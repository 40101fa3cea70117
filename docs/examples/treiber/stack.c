/* Treiber's lock-free stack (R. K. Treiber, 1986): a linked list whose
 * top pointer is swung with compare-and-swap. Written for the tutorial
 * (docs/tutorial.md) without any fence: it is correct on a sequentially
 * consistent machine, and not on a relaxed one. */
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
        top = stack.top;
        node->next = top;
    } while (!lsl_cas_ptr(&stack.top, top, node));
}

boolean_t pop(int *pvalue)
{
    node_t *top, *next;
    do {
        top = stack.top;
        if (top == 0)
            return false;
        next = top->next;
    } while (!lsl_cas_ptr(&stack.top, top, next));
    *pvalue = top->value;
    return true;
}
